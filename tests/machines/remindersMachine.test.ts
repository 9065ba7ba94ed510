// Recordatorios de pago, model-based: every declared event offered from tests/models, every branch walked against a
// real actor whose calls are controllable promises. Days that remind nothing are not sent; sending needs reminders
// on; a page outside the list is not asked for; a failed call keeps everything and says why.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { REMINDERS_PAGE_SIZE, remindersMachine } from '../../src/machines/remindersMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { remindersModel } from '../models/remindersMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { CHANGED, PAGE_TWO, SENT, SETTINGS, TOTAL } from '../support/remindersFixtures';

type Snap = Snapshot<typeof remindersMachine>;
const cover = coverModel(remindersModel);

describe('remindersMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  it('sends only days that remind something, sends today’s only when on, and pages within the list', async () => {
    const calls = controllablePromises();
    const live = createActor(provideCalls(remindersMachine, calls)).start();
    calls.resolve('loadAll', { settings: { ...SETTINGS, enabled: false }, items: SENT, total: TOTAL });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const s = live.getSnapshot();
    expect(s.value).toBe('ready');
    expect(s.can({ type: 'save', settings: { enabled: true, daysBefore: null, onDue: false, daysAfter: null } })).toBe(false);
    expect(s.can({ type: 'save', settings: { enabled: false, daysBefore: null, onDue: false, daysAfter: null } })).toBe(true);
    expect(s.can({ type: 'send' })).toBe(false);
    expect(REMINDERS_PAGE_SIZE).toBe(20);
    expect(s.can({ type: 'page', page: 2 })).toBe(true);
    expect(s.can({ type: 'page', page: 3 })).toBe(false);
    expect(s.can({ type: 'page', page: 1 })).toBe(false);
    expect(s.can({ type: 'page', page: 0 })).toBe(false);
    live.stop();
  });

  let calls = controllablePromises();
  let actor: Actor<typeof remindersMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const idle = () => expect(calls.pending()).toEqual([]);
  const states: StateChecks<Snap> = {
    loading: () => expect(calls.pending()).toEqual(['loadAll']),
    loadFailed: (s) => {
      idle();
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'send' })).toBe(false);
    },
    ready: (s) => {
      idle();
      expect(s.context.items.length).toBeGreaterThan(0);
      expect(can({ type: 'save', settings: CHANGED })).toBe(true);
    },
    saving: (s) => {
      expect(calls.pending()).toEqual(['saveSettings']);
      expect(calls.inputOf('saveSettings')).toEqual(CHANGED);
      expect(s.context.failure).toBeNull();
      expect(can({ type: 'send' })).toBe(false);
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['sendNow']);
      expect(s.context.notice).toBeNull();
    },
    paging: (s) => {
      expect(calls.pending()).toEqual(['listPage']);
      // After sending, the first page (the newest reminders); otherwise the page asked for.
      expect(calls.inputOf('listPage')).toBe(s.context.notice?.kind === 'sent' ? 1 : 2);
    },
  };

  const leadsTo = {
    'xstate.done.actor.saveSettings': () => {
      expect(actor.getSnapshot().context.settings).toEqual(CHANGED);
      expect(actor.getSnapshot().context.notice).toEqual({ kind: 'saved' });
    },
    'xstate.done.actor.sendNow': () => expect(actor.getSnapshot().context.notice).toEqual({ kind: 'sent', sent: 3 }),
    'xstate.done.actor.listPage': () => {
      const { page, items } = actor.getSnapshot().context;
      expect(items).toEqual(page === 2 ? PAGE_TWO : SENT);
    },
    // A page that does not arrive keeps the one shown, and may be asked for again.
    'xstate.error.actor.listPage': () => {
      const context = actor.getSnapshot().context;
      expect(context.failure).toEqual(NETWORK_FAILURE);
      if (context.page === 1) expect(can({ type: 'page', page: 2 })).toBe(true);
    },
  };

  walkModel(it, cover, remindersMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(remindersMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});
