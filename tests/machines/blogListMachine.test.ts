// The blog list of listado-blogs, model-based: every event the machine declares offered from tests/models
// (the reload after an editor's save included), every branch walked against a real actor whose calls are
// controllable promises: loading, the active toggle both ways, a move (only the affected blogs sent), the
// new-blog dialog and the creation, each failure. Plus the list with the real dialog.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { Blog } from '../../src/api/blogs';
import { blogListMachine } from '../../src/machines/blogListMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { BLOGS, blog, blogListModel, CREATED, NEW_BLOG, toggleCandidate } from '../models/blogListMachine.model';
import { coverModel, MODEL_COMPLETE, type Payload, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type PathStep, type Snapshot, type StateChecks, settle } from '../support/modelTesting';

type Snap = Snapshot<typeof blogListMachine>;
const machine = blogListModel.machine;
const cover = coverModel(blogListModel);

describe('blogListMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof blogListMachine>;
  const now = () => actor.getSnapshot();
  const can = (event: Parameters<Snap['can']>[0]) => now().can(event);
  const ids = (blogs: Blog[]) => blogs.map((b) => b.SectId);

  const states: StateChecks<Snap> = {
    loading: () => {
      expect(calls.pending()).toEqual(['loadBlogs']);
      expect(can({ type: 'toggle', SectId: 1 })).toBe(false);
      expect(can({ type: 'reload' })).toBe(false);
    },
    loadFailed: () => {
      expect(calls.pending()).toEqual([]);
      expect(now().context.loadFailure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
      expect(can({ type: 'newBlog' })).toBe(false);
    },
    ready: (s) => {
      expect(calls.pending()).toEqual([]);
      const { blogs, selectedId } = s.context;
      // By position, 1 to n, and one of them open in the editor.
      expect(blogs.map((b) => b.SectPosition)).toEqual(blogs.map((_, i) => i + 1));
      expect(ids(blogs)).toContain(selectedId);
      for (const b of blogs) {
        expect(can({ type: 'toggle', SectId: b.SectId })).toBe(true);
        expect(can({ type: 'move', SectId: b.SectId, position: b.SectPosition })).toBe(false);
      }
      expect(can({ type: 'move', SectId: blogs.at(-1)!.SectId, position: 1 })).toBe(true);
      expect(can({ type: 'newBlog' })).toBe(true);
      expect(can({ type: 'reload' })).toBe(true);
      expect(can({ type: 'retry' })).toBe(false);
    },
    toggling: (s) => {
      expect(calls.pending()).toEqual(['setStatus']);
      const switched = toggleCandidate(s.context)!;
      expect(calls.inputOf('setStatus')).toEqual({
        SectId: switched.SectId,
        SectStatus: switched.SectStatus === 'A' ? 'I' : 'A',
      });
      expect(can({ type: 'toggle', SectId: 1 })).toBe(false);
    },
    moving: (s) => {
      expect(calls.pending()).toEqual(['savePositions']);
      // Shown re-sorted at once (the moved blog first, the others one down); only they are sent, all three
      // here since the last one passed both others.
      expect(ids(s.context.blogs)).toEqual([3, 1, 2]);
      expect(s.context.blogs.map((b) => b.SectPosition)).toEqual([1, 2, 3]);
      expect(calls.inputOf('savePositions')).toEqual([
        { SectId: 1, SectPosition: 2 },
        { SectId: 2, SectPosition: 3 },
        { SectId: 3, SectPosition: 1 },
      ]);
      expect(s.context.failure).toBeNull();
    },
    newBlogDialog: () => {
      expect(calls.pending()).toEqual(['newBlogDialog']);
      expect(can({ type: 'newBlog' })).toBe(false);
      expect(can({ type: 'select', SectId: 1 })).toBe(false);
    },
    creating: () => {
      expect(calls.pending()).toEqual(['createBlog']);
      expect(calls.inputOf('createBlog')).toEqual(NEW_BLOG);
    },
  };

  /** What each action and answer leads to, as the screen promises it. */
  const output = (step: PathStep) => (step.event as Payload).output;
  const failedOn = (value: string) => () => {
    expect(now().value).toBe(value);
    expect(now().context.failure).toEqual(NETWORK_FAILURE);
  };
  const leadsTo = {
    retry: () => {
      expect(calls.pending()).toEqual(['loadBlogs']);
      expect(now().context.failure).toBeNull();
    },
    reload: () => expect(calls.pending()).toEqual(['loadBlogs']),
    select: (step: PathStep) => expect(now().context.selectedId).toBe((step.event as Payload).SectId),
    toggle: () => expect(calls.pending()).toEqual(['setStatus']),
    newBlog: () => expect(calls.pending()).toEqual(['newBlogDialog']),
    // The blog loses or keeps its place in the editor: kept while it is listed, else the first one.
    'xstate.done.actor.loadBlogs': (step: PathStep) => {
      const blogs = output(step) as Blog[];
      expect(now().context.blogs).toEqual(blogs);
      expect(ids(blogs)).toContain(now().context.selectedId);
    },
    // The switched blog as the server answers it, in its place; a failure leaves it as it was.
    'xstate.done.actor.setStatus': (step: PathStep) => {
      const saved = output(step) as Blog;
      expect(now().context.blogs.find((b) => b.SectId === saved.SectId)).toEqual(saved);
      expect(now().context.failure).toBeNull();
    },
    'xstate.error.actor.setStatus': failedOn('ready'),
    'xstate.done.actor.savePositions': () => expect(now().value).toBe('ready'),
    // A move the server did not take: the list loads again, saying the change failed.
    'xstate.error.actor.savePositions': () => {
      expect(calls.pending()).toEqual(['loadBlogs']);
      expect(now().context.failure).toEqual(NETWORK_FAILURE);
    },
    // Cancelled, the list is as it was; with a blog, it is created.
    'xstate.done.actor.newBlog': (step: PathStep) =>
      expect(calls.pending()).toEqual((output(step) as { value: unknown }).value ? ['createBlog'] : []),
    // Created: the list loads again with the new blog open in the editor.
    'xstate.done.actor.createBlog': () => {
      expect(calls.pending()).toEqual(['loadBlogs']);
      expect(now().context).toMatchObject({ selectedId: CREATED.SectId, failure: null });
    },
    'xstate.error.actor.createBlog': failedOn('ready'),
  };

  walkModel(it, cover, machine, states, () => {
    calls = controllablePromises();
    actor = createActor(provideCalls(machine, calls)).start();
    return { actor, calls, after: leadsTo };
  });
});

describe('blogListMachine with the real dialog', () => {
  it('creates the blog the dialog closes with, then reloads and selects it', async () => {
    const created: unknown[] = [];
    const actor = createActor(
      blogListMachine.provide({
        actors: {
          loadBlogs: fromPromise(async () => (created.length ? [...BLOGS, blog(4, 4)] : BLOGS)),
          createBlog: fromPromise(async ({ input }) => {
            created.push(input);
            return blog(4, 4);
          }),
        },
      }),
    ).start();
    await settle();
    actor.send({ type: 'newBlog' });
    const dialog = actor.getSnapshot().children.newBlog!;
    dialog.send({ type: 'change', field: 'SectName', value: 'Deportes' } as never);
    dialog.send({ type: 'submit' } as never);
    await settle();
    await settle();
    expect(created).toEqual([NEW_BLOG]);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.selectedId).toBe(4);
  });
});
