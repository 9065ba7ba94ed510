// Recargos' settings, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. A rule that would charge 0 while active is not sent; an
// exemption needs a dwelling of the list not already exempt and a reason of 3–500 characters; fees are applied only
// under an active rule; a failed call keeps everything and says why.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { lateFeeRulesMachine } from '../../src/machines/lateFeeRulesMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { lateFeeRulesModel } from '../models/lateFeeRulesMachine.model';
import { EXEMPTION, NEW_EXEMPTION, NEW_EXEMPTION_DRAFT, RULE, SETTINGS } from '../support/lateFeeFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof lateFeeRulesMachine>;
const cover = coverModel(lateFeeRulesModel);

describe('lateFeeRulesMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('sends only a rule that charges something when active, and exemptions the list allows', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(lateFeeRulesMachine, calls)).start();
    calls.resolve('loadSettings', { ...SETTINGS, rule: { ...RULE, active: false } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const s = live.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.can({ type: 'save', rule: { ...RULE, percentBp: 0 } })).toBe(false);
    expect(s.can({ type: 'save', rule: { ...RULE, kind: 'fijo', amountCents: 0 } })).toBe(false);
    expect(s.can({ type: 'save', rule: { ...RULE, percentBp: 0, active: false } })).toBe(true);
    expect(s.can({ type: 'apply' })).toBe(false);
    expect(s.can({ type: 'exempt', draft: { apartmentId: 101, reason: 'ab' } })).toBe(false);
    expect(s.can({ type: 'exempt', draft: { apartmentId: 101, reason: '   ab   ' } })).toBe(false);
    expect(s.can({ type: 'exempt', draft: { apartmentId: 101, reason: 'x'.repeat(501) } })).toBe(false);
    expect(s.can({ type: 'exempt', draft: { apartmentId: EXEMPTION.apartmentId, reason: 'Otra vez' } })).toBe(false);
    expect(s.can({ type: 'exempt', draft: { apartmentId: 999, reason: 'No existe' } })).toBe(false);
    expect(s.can({ type: 'exempt', draft: NEW_EXEMPTION_DRAFT })).toBe(true);
    expect(s.can({ type: 'unexempt', id: 999 })).toBe(false);
    live.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof lateFeeRulesMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadSettings']);
      expect(s.context.dwellings).toEqual([]);
    },
    loadFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'apply' })).toBe(false);
    },
    ready: (s) => {
      idle();
      expect(s.context.dwellings).toEqual(SETTINGS.dwellings);
      expect(can({ type: 'save', rule: RULE })).toBe(true);
      expect(can({ type: 'apply' })).toBe(true);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveRule']);
      expect(calls.inputOf('saveRule')).toEqual({ ...RULE, graceDays: 5 });
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'apply' })).toBe(false);
    },
    exempting: () => {
      expect(calls.pending()).toEqual(['addExemption']);
      expect(calls.inputOf('addExemption')).toEqual(NEW_EXEMPTION_DRAFT);
    },
    unexempting: () => {
      expect(calls.pending()).toEqual(['removeExemption']);
      expect(calls.inputOf('removeExemption')).toBe(EXEMPTION.id);
    },
    applying: (s) => {
      expect(calls.pending()).toEqual(['applyNow']);
      expect(s.context.notice).toBeNull();
      expect(can({ type: 'save', rule: RULE })).toBe(false);
    },
  };

  const leadsTo = {
    'xstate.done.actor.saveRule': () => {
      expect(actor.getSnapshot().context.rule.graceDays).toBe(5);
      expect(actor.getSnapshot().context.notice).toEqual({ kind: 'saved' });
    },
    // The new exemption joins the list, by dwelling.
    'xstate.done.actor.addExemption': () => {
      const names = actor.getSnapshot().context.exemptions.map((e) => e.vivienda);
      expect(names).toContain(NEW_EXEMPTION.vivienda);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es', { numeric: true })));
    },
    'xstate.done.actor.removeExemption': () =>
      expect(actor.getSnapshot().context.exemptions.some((e) => e.id === EXEMPTION.id)).toBe(false),
    'xstate.done.actor.applyNow': () =>
      expect(actor.getSnapshot().context.notice).toEqual({ kind: 'applied', period: '2026-11', applied: 12 }),
    'xstate.error.actor.saveRule': () => {
      expect(actor.getSnapshot().context.failure).toEqual(NETWORK_FAILURE);
      expect(actor.getSnapshot().context.notice).toBeNull();
    },
  };

  walkModel(it, cover, lateFeeRulesMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(lateFeeRulesMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});
