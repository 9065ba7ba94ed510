// The section page's machine, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose page call is a controllable promise: loading a page,
// refused (403/404), failed with retry, and in the shown section searching (back to page 1), moving
// between pages, and reloading after a new post.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, type EventObject } from 'xstate';
import { POSTS_PAGE_SIZE } from '../../src/api/posts';
import { pageCount, sectionPostsMachine } from '../../src/machines/sectionPostsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { SEARCH, SECTION_ID, sectionPostsModel, TOTAL } from '../models/sectionPostsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof sectionPostsMachine>;
const cover = coverModel(sectionPostsModel);

describe('sectionPostsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof sectionPostsMachine>;
  /** What the walk knows without the machine: the search sent and the page asked for. */
  let search = '';
  let page = 1;
  const ctx = () => actor.getSnapshot().context;
  const can = (type: 'retry' | 'reload') => actor.getSnapshot().can({ type });
  const canGoTo = (to: number) => actor.getSnapshot().can({ type: 'goToPage', page: to });
  const canSearch = () => actor.getSnapshot().can({ type: 'search', text: 'x' });
  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['fetchPage']);
      expect(calls.inputOf('fetchPage')).toEqual({
        sectionId: SECTION_ID,
        limit: POSTS_PAGE_SIZE,
        offset: (page - 1) * POSTS_PAGE_SIZE,
        search,
      });
      expect(can('retry')).toBe(false);
    },
    failed: () => {
      expect(calls.pending()).toEqual([]);
      // The search and the page are kept for the retry.
      expect(ctx()).toMatchObject({ search, page, failure: NETWORK_FAILURE });
      expect(can('retry')).toBe(true);
      expect(can('reload')).toBe(false);
    },
    refused: () => {
      expect(calls.pending()).toEqual([]);
      expect(can('retry')).toBe(false);
      expect(can('reload')).toBe(false);
      expect(canSearch()).toBe(false);
    },
    shown: () => {
      expect(calls.pending()).toEqual([]);
      expect(ctx()).toMatchObject({ search, page });
      expect(ctx().answer?.total).toBe(search ? TOTAL.found : TOTAL.all);
      // Only another page that exists is offered.
      const pages = pageCount(ctx().answer!.total);
      expect(canGoTo(page)).toBe(false);
      expect(canGoTo(page === 1 ? 2 : 1)).toBe(pages > 1);
      expect(canGoTo(pages + 1)).toBe(false);
      expect(canGoTo(0)).toBe(false);
      expect(canSearch()).toBe(true);
      expect(can('reload')).toBe(true);
    },
  };

  walkModel(it, cover, sectionPostsMachine, states, () => {
    calls = controllablePromises();
    search = '';
    page = 1;
    actor = createActor(provideCalls(sectionPostsMachine, calls), { input: { sectionId: SECTION_ID } }).start();
    return {
      actor,
      calls,
      after: {
        search: () => {
          search = SEARCH.trim();
          page = 1;
        },
        goToPage: (step) => {
          page = (step.event as EventObject & { page: number }).page;
        },
      },
    };
  });
});

describe('pageCount', () => {
  it('is at least one page', () => {
    expect([0, 1, POSTS_PAGE_SIZE, POSTS_PAGE_SIZE + 1].map(pageCount)).toEqual([1, 1, 1, 2]);
  });
});
