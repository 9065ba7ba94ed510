// The section page's machine, model-based: loading a page, refused (403/404), failed with retry, and in
// the shown section searching (back to page 1), moving between pages, and reloading after a new post.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { POSTS_PAGE_SIZE, type SectionPostsAnswer } from '../../src/api/posts';
import { pageCount, sectionPostsMachine } from '../../src/machines/sectionPostsMachine';
import { ApiError } from '../../src/services/http';
import {
  controllablePromises,
  coveredModel,
  type ModelEvent,
  NO_GAPS,
  providePromises,
  type Snapshot,
  type StateChecks,
  walkEveryPath,
} from '../support/modelTesting';

const answer = (total: number): SectionPostsAnswer => ({
  success: true,
  section: {
    SectId: 3,
    SectName: 'Avisos',
    SectCode: '',
    SectPosting: 'R',
    CommentsDisplay: 'Y',
    VistaxTorre: 1,
    SolPrivada: 1,
    PublicoPrivado: 0,
    ExclusivaUsuarios: 'N',
    SectStatus: 'A',
    blogCount: total,
  },
  abilities: { canPost: false, needsApproval: false, canMarkPrivate: true, defaultPrivate: false, canModerate: false },
  posts: [],
  total,
});

type Snap = Snapshot<typeof sectionPostsMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  if (snapshot.matches('loading')) {
    return [
      // Searching finds one post; otherwise the section has two pages.
      { type: 'xstate.done.actor.page', output: answer(snapshot.context.search ? 1 : POSTS_PAGE_SIZE + 3) },
      { type: 'xstate.error.actor.page', error: new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.') },
      { type: 'xstate.error.actor.page', error: new Error('Failed to fetch') },
    ];
  }
  const events: ModelEvent[] = [
    { type: 'retry' },
    { type: 'reload' },
    { type: 'goToPage', page: 2 },
    { type: 'goToPage', page: 1 },
  ];
  if (!snapshot.context.search) events.push({ type: 'search', text: '  elevadores ' });
  return events;
}

const { paths, gaps } = coveredModel(sectionPostsMachine, { events: eventsFor, input: { sectionId: 3 } });

describe('sectionPostsMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof sectionPostsMachine>;
  const ctx = () => actor.getSnapshot().context;
  const states: StateChecks<Snap> = {
    loading: () =>
      expect(calls.inputOf('fetchPage')).toEqual({
        sectionId: 3,
        limit: POSTS_PAGE_SIZE,
        offset: (ctx().page - 1) * POSTS_PAGE_SIZE,
        search: ctx().search,
      }),
    failed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
    refused: () => expect(actor.getSnapshot().can({ type: 'reload' })).toBe(false),
    shown: () => {
      expect(ctx().page).toBeLessThanOrEqual(pageCount(ctx().answer!.total));
      expect(actor.getSnapshot().can({ type: 'goToPage', page: pageCount(ctx().answer!.total) + 1 })).toBe(false);
      if (ctx().search) expect(ctx().search).toBe('elevadores');
    },
  };

  walkEveryPath(it, sectionPostsMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(providePromises(sectionPostsMachine, calls, ['fetchPage']), { input: { sectionId: 3 } }).start();
    return {
      actor,
      calls,
      send: ['retry', 'reload', 'goToPage', 'search'],
      invoked: { page: 'fetchPage' },
    };
  });
});

describe('pageCount', () => {
  it('is at least one page', () => {
    expect([0, 1, POSTS_PAGE_SIZE, POSTS_PAGE_SIZE + 1].map(pageCount)).toEqual([1, 1, 1, 2]);
  });
});
