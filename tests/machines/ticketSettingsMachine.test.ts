// The administrators' settings of requests, model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose calls are controllable promises. Each state
// checks what is sent (a new category active, a rename keeping whether it is active, a switch keeping the
// name, the four hours) and that a save shows the settings the server sent back. Plus the rules of names
// and hours.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { CATEGORY_NAME_MAX } from '../../src/api/tickets';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { categoryNameProblem, DUE_HOURS_MAX, hoursValid, ticketSettingsMachine } from '../../src/machines/ticketSettingsMachine';
import {
  afterChange,
  NEW_NAME,
  REFUSAL,
  RENAMED,
  SETTINGS,
  ticketSettingsModel,
  URGENT_HOURS,
} from '../models/ticketSettingsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof ticketSettingsMachine>;
const cover = coverModel(ticketSettingsModel);

describe('ticketSettingsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof ticketSettingsMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['loadSettings']);
      expect([can({ type: 'add' }), can({ type: 'retry' })]).toEqual([false, false]);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.settings).not.toBeNull();
      expect(s.context.pending).toBeNull();
      // A repeated name is never offered to save; the hours only when all four are whole and one changed.
      expect(can({ type: 'add' })).toBe(s.context.newName === NEW_NAME);
      expect([null, callFailure(REFUSAL), NETWORK_FAILURE]).toContainEqual(s.context.failure);
      if (s.context.notice) expect(s.context.failure).toBeNull();
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveSettings']);
      const change = calls.inputOf('saveSettings');
      expect(change).toEqual(s.context.pending);
      expect([
        { kind: 'category', request: { nombre: NEW_NAME, activa: true } },
        { kind: 'category', request: { id: 1, nombre: RENAMED, activa: true } },
        { kind: 'category', request: { id: 2, nombre: 'Seguridad', activa: true } },
        { kind: 'hours', request: { ...SETTINGS.horas, urgente: URGENT_HOURS } },
      ]).toContainEqual(change);
      expect([can({ type: 'add' }), can({ type: 'saveHours' }), can({ type: 'toggle', id: 2 })]).toEqual([false, false, false]);
    },
  };

  walkModel(it, cover, ticketSettingsMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(ticketSettingsMachine, calls)).start();
    let before: Snap['context'] | null = null;
    return {
      actor,
      calls,
      special: {
        'xstate.done.actor.save': async (step) => {
          before = actor.getSnapshot().context;
          calls.resolve('saveSettings', (step.event as { output?: unknown }).output);
          await new Promise((resolve) => setTimeout(resolve, 0));
        },
      },
      after: {
        // What the server sent back is what shows, said as saved; what was typed for it is cleared.
        'xstate.done.actor.save': () => {
          const now = actor.getSnapshot().context;
          expect(now.settings).toEqual(afterChange(before!.settings!, before!.pending!));
          expect(now.notice).toBe(before!.pending!.kind === 'hours' ? 'hoursSaved' : 'categorySaved');
          expect(now.hours).toEqual(now.settings!.horas);
          if (before!.pending!.kind === 'category' && before!.pending!.request.id === undefined) expect(now.newName).toBe('');
        },
      },
    };
  });
});

describe('ticketSettingsMachine rules', () => {
  const categorias = SETTINGS.categorias;

  it('wants a category name, not too long, not another’s (accents, case and blanks aside)', () => {
    expect(categoryNameProblem('  ', categorias, null)).toBe('required');
    expect(categoryNameProblem('x'.repeat(CATEGORY_NAME_MAX + 1), categorias, null)).toBe('tooLong');
    expect(categoryNameProblem(' SEGURIDAD ', categorias, null)).toBe('duplicate');
    expect(categoryNameProblem('Mantenimiénto', categorias, null)).toBe('duplicate');
    // Its own name is not a duplicate of itself.
    expect(categoryNameProblem('mantenimiento', categorias, 1)).toBeNull();
    expect(categoryNameProblem('Jardinería', categorias, null)).toBeNull();
  });

  it(`takes whole hours from 1 to ${DUE_HOURS_MAX}`, () => {
    for (const value of [null, 0, -1, 1.5, DUE_HOURS_MAX + 1]) expect(hoursValid(value), String(value)).toBe(false);
    for (const value of [1, 72, DUE_HOURS_MAX]) expect(hoursValid(value), String(value)).toBe(true);
  });

  it('does not save the hours unchanged, nor a rename to the same name', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(ticketSettingsMachine, calls)).start();
    calls.resolve('loadSettings', SETTINGS);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().can({ type: 'saveHours' })).toBe(false);
    actor.send({ type: 'editHours', prioridad: 'baja', value: 168 });
    expect(actor.getSnapshot().can({ type: 'saveHours' })).toBe(false);
    actor.send({ type: 'startRename', id: 1 });
    actor.send({ type: 'editRename', nombre: ' Mantenimiento ' });
    expect(actor.getSnapshot().can({ type: 'saveRename' })).toBe(false);
    actor.send({ type: 'startRename', id: 99 });
    expect(actor.getSnapshot().context.renaming?.id).toBe(1);
  });
});
