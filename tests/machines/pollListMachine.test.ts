// The surveys and votes list, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Each state checks what is asked of
// the server (the tab, the page's offset) and which tabs the caller has: proposals only for administrators and
// those who may propose. Plus the rules of tabs and pages.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import { POLLS_PAGE_SIZE } from '../../src/api/polls';
import { pollListMachine, pollListParams, pollTabs } from '../../src/machines/pollListMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { answerFor, PROPOSER_HOME, pollListModel, SERVER_ERROR, VOTER_HOME } from '../models/pollListMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks, settle } from '../support/modelTesting';
import { ADMIN_HOME } from '../support/pollFixtures';

type Snap = Snapshot<typeof pollListMachine>;
const cover = coverModel(pollListModel);

describe('pollListMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof pollListMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loadingHome: () => {
      expect(calls.pending()).toEqual(['fetchPollsHome']);
      expect(can({ type: 'chooseTab', fase: 'cerradas' })).toBe(false);
    },
    homeFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    noSections: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.home?.secciones.length ?? 0).toBe(0);
      expect([can({ type: 'retry' }), can({ type: 'reload' })]).toEqual([false, false]);
    },
    list: (s) => {
      const home = s.context.home!;
      // Proposals are a tab only for administrators and those who may propose; the tab shown is one of theirs.
      expect(pollTabs(home).includes('propuestas')).toBe(home.canManage || home.proposeIn.length > 0);
      expect(pollTabs(home)).toContain(s.context.fase);
      expect(can({ type: 'chooseTab', fase: 'propuestas' })).toBe(
        s.context.fase !== 'propuestas' && pollTabs(home).includes('propuestas'),
      );
    },
    'list.loading': (s) => {
      expect(calls.pending()).toEqual(['fetchPolls']);
      expect(calls.inputOf('fetchPolls')).toEqual({
        fase: s.context.fase,
        limit: POLLS_PAGE_SIZE,
        offset: (s.context.page - 1) * POLLS_PAGE_SIZE,
      });
      expect(can({ type: 'goToPage', page: 2 })).toBe(false);
    },
    'list.failed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect([callFailure(SERVER_ERROR), NETWORK_FAILURE]).toContainEqual(s.context.failure);
      expect(can({ type: 'retry' })).toBe(true);
    },
    'list.empty': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(answerFor(s.context));
      expect(s.context.answer!.total).toBe(0);
      expect(can({ type: 'goToPage', page: 2 })).toBe(false);
    },
    'list.shown': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(answerFor(s.context));
      const pages = Math.ceil(s.context.answer!.total / POLLS_PAGE_SIZE);
      expect(can({ type: 'goToPage', page: 2 })).toBe(pages >= 2 && s.context.page !== 2);
      expect(can({ type: 'goToPage', page: pages + 1 })).toBe(false);
    },
  };

  walkModel(it, cover, pollListMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(pollListMachine, calls), { input: input as { fase?: 'propuestas' } }).start();
    return {
      actor,
      calls,
      // Another tab starts from its first page.
      after: { chooseTab: () => expect(actor.getSnapshot().context.page).toBe(1) },
    };
  });
});

describe('pollListMachine rules', () => {
  const started = (home = PROPOSER_HOME) => {
    const asked: unknown[] = [];
    const actor = createActor(
      pollListMachine.provide({
        actors: {
          fetchPollsHome: fromPromise(async () => home),
          fetchPolls: fromPromise(async ({ input }) => {
            asked.push(input);
            return answerFor({ fase: 'abiertas', page: 1 });
          }),
        },
      }),
      { input: {} },
    ).start();
    return { actor, asked };
  };

  it('opens on the open polls, page 1', async () => {
    const { asked } = started();
    await settle();
    expect(asked).toEqual([{ fase: 'abiertas', limit: POLLS_PAGE_SIZE, offset: 0 }]);
  });

  it('offers the proposals tab to administrators and proposers only', async () => {
    expect(pollTabs(ADMIN_HOME)).toEqual(['abiertas', 'proximas', 'cerradas', 'propuestas']);
    expect(pollTabs(PROPOSER_HOME)).toEqual(['abiertas', 'proximas', 'cerradas', 'propuestas']);
    expect(pollTabs(VOTER_HOME)).toEqual(['abiertas', 'proximas', 'cerradas']);
    const { actor, asked } = started(VOTER_HOME);
    await settle();
    actor.send({ type: 'chooseTab', fase: 'propuestas' });
    expect(asked).toHaveLength(1);
  });

  it('asks each page by its offset', () => {
    expect(pollListParams({ fase: 'cerradas', page: 3 })).toEqual({
      fase: 'cerradas',
      limit: POLLS_PAGE_SIZE,
      offset: 2 * POLLS_PAGE_SIZE,
    });
  });
});
