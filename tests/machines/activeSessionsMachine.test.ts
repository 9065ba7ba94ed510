// The "Sesiones activas" machine (mi-perfil), model-based: every event the machine declares offered from
// tests/models, every branch walked against a real actor whose calls are controllable promises answered like
// the server would (11 sessions in pages of 10, this one first; the second page emptied by an ending; an
// ending refused or broken). Plus its page rules.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { ACTIVE_SESSIONS_PAGE_SIZE } from '../../src/api/sessions';
import { activeSessionsMachine, pageCount } from '../../src/machines/activeSessionsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { activeSessionsModel, CURRENT, EMPTIED, FIRST_PAGE, session } from '../models/activeSessionsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof activeSessionsMachine>;
const cover = coverModel(activeSessionsModel);

describe('activeSessionsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof activeSessionsMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  /** The pages the list has, as the pagination shows them. */
  const pagesOf = (s: Snap) => Array.from({ length: pageCount(s.context.total) }, (_, i) => i + 1);

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadPage']);
      expect(calls.inputOf('loadPage')).toEqual({ page: s.context.page });
      // A page that exists (before the first answer, the first).
      expect(s.context.page).toBeGreaterThanOrEqual(1);
      expect(s.context.page).toBeLessThanOrEqual(pageCount(s.context.total));
      expect(s.context.pending).toBeNull();
      expect(can({ type: 'askRevokeOthers' })).toBe(false);
      expect(can({ type: 'goToPage', page: s.context.page === 1 ? 2 : 1 })).toBe(false);
    },
    loadFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().context.loadFailure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'askRevokeOthers' })).toBe(false);
      expect(can({ type: 'confirm' })).toBe(false);
    },
    list: (s) => {
      expect(calls.pending()).toEqual([]);
      const { items, page, total, pending, outcome, revokeFailure } = s.context;
      expect(pending).toBeNull();
      // Never more than a page; this session first on the first page, and never offered for ending.
      expect(items.length).toBeLessThanOrEqual(ACTIVE_SESSIONS_PAGE_SIZE);
      if (page === 1) expect(items[0]).toEqual(CURRENT);
      expect(can({ type: 'askRevoke', id: CURRENT.id })).toBe(false);
      for (const shown of items.filter((i) => !i.current)) expect(can({ type: 'askRevoke', id: shown.id })).toBe(true);
      expect(can({ type: 'askRevoke', id: 999 })).toBe(false);
      expect(can({ type: 'askRevokeOthers' })).toBe(total > 1);
      // Every other page is offered, this one and those past the last are not.
      for (const other of pagesOf(s)) expect(can({ type: 'goToPage', page: other })).toBe(other !== page);
      expect(can({ type: 'goToPage', page: pageCount(total) + 1 })).toBe(false);
      expect(can({ type: 'goToPage', page: 0 })).toBe(false);
      // Once all the others ended, this session is alone on the first page.
      if (outcome === 'revokedOthers') expect({ page, total }).toEqual({ page: 1, total: 1 });
      // A failure and an outcome are never said together.
      expect(revokeFailure !== null && outcome !== null).toBe(false);
      expect(can({ type: 'confirm' })).toBe(false);
    },
    confirming: (s) => {
      expect(calls.pending()).toEqual([]);
      const { pending, items, total, outcome, revokeFailure } = s.context;
      if (pending?.kind === 'one') {
        expect(items).toContainEqual(pending.session);
        expect(pending.session.current).toBe(false);
      } else expect(pending).toEqual({ kind: 'others' });
      expect(total).toBeGreaterThan(1);
      expect({ outcome, revokeFailure }).toEqual({ outcome: null, revokeFailure: null });
      expect(can({ type: 'confirm' })).toBe(true);
      expect(can({ type: 'cancel' })).toBe(true);
      expect(can({ type: 'askRevokeOthers' })).toBe(false);
    },
    revoking: (s) => {
      expect(calls.pending()).toEqual(['revoke']);
      const pending = s.context.pending;
      const expected =
        pending?.kind === 'one'
          ? { kind: 'one', session: s.context.items.find((i) => i.id === pending.session.id) }
          : { kind: 'others' };
      expect(calls.inputOf('revoke')).toEqual(expected);
      expect(can({ type: 'confirm' })).toBe(false);
      expect(can({ type: 'cancel' })).toBe(false);
    },
  };

  /** What each action leads to, as the screen promises it. */
  const now = () => actor.getSnapshot();
  const leadsTo = {
    // Another page forgets what was said under the list.
    goToPage: () => expect(now().context).toMatchObject({ outcome: null, revokeFailure: null }),
    askRevoke: () => expect(now().value).toBe('confirming'),
    askRevokeOthers: () => expect(now().context.pending).toEqual({ kind: 'others' }),
    confirm: () => expect(calls.pending()).toEqual(['revoke']),
    cancel: () => expect(now().value).toBe('list'),
    retry: () => expect(calls.pending()).toEqual(['loadPage']),
    // An ending loads the page again; a failed one says so on the list, which stays.
    'xstate.done.actor.revoke': () => expect(calls.pending()).toEqual(['loadPage']),
    'xstate.error.actor.revoke': () => {
      expect(now().value).toBe('list');
      expect(now().context).toMatchObject({ revokeFailure: NETWORK_FAILURE, pending: null });
    },
  };

  walkModel(it, cover, activeSessionsMachine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(activeSessionsMachine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});

describe('activeSessionsMachine pages', () => {
  it('counts at least one page, and a page for every ten sessions', () => {
    expect([0, 1, 10, 11, 20, 21].map(pageCount)).toEqual([1, 1, 1, 2, 2, 3]);
  });

  it('shows an empty first page as it is (only a later page steps back)', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(activeSessionsMachine, calls)).start();
    calls.resolve('loadPage', { items: [], total: 0 });
    await settle();
    expect(actor.getSnapshot().value).toBe('list');
    expect(calls.pending()).toEqual([]);
    actor.stop();
  });

  it('steps back a page when an ending empties the one shown, and says what was done', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(activeSessionsMachine, calls)).start();
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
