// The "Sesiones activas" machine (mi-perfil), model-based: every state node and every transition walked
// against a real actor whose calls are controllable promises answered like the server would (12 sessions in
// pages of 10, this one first; a second page emptied by an ending; an ending refused or broken).
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { ACTIVE_SESSIONS_PAGE_SIZE, type ActiveSession } from '../../src/api/sessions';
import { activeSessionsMachine, pageCount } from '../../src/machines/activeSessionsMachine';
import type { ActiveSessionsPage } from '../../src/services/activeSessionsService';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  settle,
  walkEveryPath,
} from '../support/modelTesting';

const session = (id: number, current = false): ActiveSession => ({
  id,
  current,
  device: { browser: 'Chrome', os: 'Android', kind: 'mobile' },
  address: '201.141.3.4',
  condoName: 'Residencial Las Palmas',
  rememberMe: false,
  signedInAt: '2025-06-02T18:00:00.000Z',
  lastUsedAt: '2025-06-02T18:30:00.000Z',
});

const CURRENT = session(1, true);
const TOTAL = ACTIVE_SESSIONS_PAGE_SIZE + 2;
/** This session and nine others. */
const FIRST_PAGE: ActiveSessionsPage = {
  items: [CURRENT, ...Array.from({ length: ACTIVE_SESSIONS_PAGE_SIZE - 1 }, (_, i) => session(i + 2))],
  total: TOTAL,
};
const SECOND_PAGE: ActiveSessionsPage = { items: [session(11), session(12)], total: TOTAL };
/** Page 2 after its last sessions ended. */
const EMPTIED: ActiveSessionsPage = { items: [], total: ACTIVE_SESSIONS_PAGE_SIZE };
/** After "all the others": this one alone. */
const ALONE: ActiveSessionsPage = { items: [CURRENT], total: 1 };

type Snap = Snapshot<typeof activeSessionsMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  const c = snapshot.context;
  if (snapshot.matches('loading')) {
    const answers = c.page === 1 ? [FIRST_PAGE, ALONE] : [SECOND_PAGE, EMPTIED];
    return [
      ...answers.map((output) => ({ type: 'xstate.done.actor.loadPage', output })),
      { type: 'xstate.error.actor.loadPage', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches('revoking')) {
    const outputs = c.pending?.kind === 'others' ? ['revokedOthers'] : ['revoked', 'gone'];
    return [
      ...outputs.map((output) => ({ type: 'xstate.done.actor.revoke', output })),
      { type: 'xstate.error.actor.revoke', error: new Error('Failed to fetch') },
    ];
  }
  const first = c.items[0];
  const other = c.items.find((s) => !s.current);
  return [
    { type: 'retry' },
    { type: 'goToPage', page: 1 },
    { type: 'goToPage', page: 2 },
    { type: 'goToPage', page: 3 },
    // The first shown: this session on page 1 (never offered by the guard), another one on page 2.
    ...(first ? [{ type: 'askRevoke', id: first.id }] : []),
    ...(other && other !== first ? [{ type: 'askRevoke', id: other.id }] : []),
    { type: 'askRevokeOthers' },
    { type: 'confirm' },
    { type: 'cancel' },
  ];
}

const { paths, gaps } = coveredModel(activeSessionsMachine, { events: eventsFor });

describe('activeSessionsMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof activeSessionsMachine>;
  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.inputOf('loadPage')).toEqual({ page: s.context.page });
      expect(actor.getSnapshot().can({ type: 'askRevokeOthers' })).toBe(false);
    },
    loadFailed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
    list: (s) => {
      const snapshot = actor.getSnapshot();
      // This session is never offered for ending; every other one shown is.
      expect(snapshot.can({ type: 'askRevoke', id: CURRENT.id })).toBe(false);
      for (const shown of s.context.items.filter((i) => !i.current)) {
        expect(snapshot.can({ type: 'askRevoke', id: shown.id })).toBe(true);
      }
      expect(snapshot.can({ type: 'askRevokeOthers' })).toBe(s.context.total > 1);
      expect(snapshot.can({ type: 'goToPage', page: pageCount(s.context.total) + 1 })).toBe(false);
      expect(s.context.pending).toBeNull();
    },
    confirming: (s) => {
      expect(s.context.pending).not.toBeNull();
      if (s.context.pending?.kind === 'one') expect(s.context.pending.session.current).toBe(false);
    },
    revoking: (s) => expect(calls.inputOf('revoke')).toEqual(s.context.pending),
  };

  walkEveryPath(it, activeSessionsMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(activeSessionsMachine, calls, ['loadPage', 'revoke'])).start();
    return {
      actor,
      calls,
      send: ['retry', 'goToPage', 'askRevoke', 'askRevokeOthers', 'confirm', 'cancel'],
      invoked: ['loadPage', 'revoke'],
    };
  });
});

describe('activeSessionsMachine pages', () => {
  it('counts at least one page, and a page for every ten sessions', () => {
    expect([0, 1, 10, 11, 20, 21].map(pageCount)).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('steps back a page when an ending empties the one shown, and says what was done', async () => {
    const calls = controllablePromises();
    const actor = createActor(providePromises(activeSessionsMachine, calls, ['loadPage', 'revoke'])).start();
    calls.resolve('loadPage', FIRST_PAGE);
    await settle();
    actor.send({ type: 'goToPage', page: 2 });
    expect(calls.inputOf('loadPage')).toEqual({ page: 2 });
    calls.resolve('loadPage', { items: [session(11)], total: ACTIVE_SESSIONS_PAGE_SIZE + 1 });
    await settle();
    actor.send({ type: 'askRevoke', id: 11 });
    actor.send({ type: 'confirm' });
    expect(calls.inputOf('revoke')).toEqual({ kind: 'one', session: session(11) });
    calls.resolve('revoke', 'revoked');
    await settle();
    expect(calls.inputOf('loadPage')).toEqual({ page: 2 });
    calls.resolve('loadPage', EMPTIED);
    await settle();
    expect(calls.inputOf('loadPage')).toEqual({ page: 1 });
    calls.resolve('loadPage', { items: FIRST_PAGE.items, total: ACTIVE_SESSIONS_PAGE_SIZE });
    await settle();
    expect(actor.getSnapshot().value).toBe('list');
    expect(actor.getSnapshot().context).toMatchObject({ page: 1, outcome: 'revoked', total: ACTIVE_SESSIONS_PAGE_SIZE });
    actor.stop();
  });
});
