// The blog list of listado-blogs, model-based: loading, the active toggle, a move (only the affected
// blogs sent), the new-blog dialog and the creation, each failure; every state and transition walked
// against a real actor whose calls are controllable promises.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { Blog } from '../../src/api/blogs';
import { blogListMachine } from '../../src/machines/blogListMachine';
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

type Snap = Snapshot<typeof blogListMachine>;

const blog = (SectId: number, SectPosition: number, SectStatus: 'A' | 'I' = 'A'): Blog => ({
  SectId,
  SectName: `Blog ${SectId}`,
  SectCode: '',
  SecGraphic: null,
  SectPosition,
  SectStatus,
  SectPosting: 'A',
  CommentsDisplay: 'Y',
  VistaxTorre: 1,
  SolPrivada: 0,
  ExclusivaUsuarios: 'N',
  PublicoPrivado: 1,
  TiempoMoroso: 0,
  userCount: 0,
  VerResultados: 0,
  EnviarCopia: 0,
  MensajeConfirmacion: null,
  blogCount: 0,
});
const BLOGS = [blog(1, 1), blog(2, 2), blog(3, 3)];
const NEW_BLOG = {
  SectName: 'Deportes',
  SectStatus: 'A',
  SectPosting: 'A',
  CommentsDisplay: 'Y',
  PublicoPrivado: 1,
  VistaxTorre: 1,
} as const;

function eventsFor(s: Snap): ModelEvent[] {
  const { blogs } = s.context;
  if (s.matches('loading'))
    return [
      { type: 'xstate.done.actor.loadBlogs', output: BLOGS },
      { type: 'xstate.error.actor.loadBlogs', error: new Error('Failed to fetch') },
    ];
  if (s.matches('toggling')) {
    // The server answers the blog with its status flipped.
    const two = blogs.find((b) => b.SectId === 2)!;
    return [
      { type: 'xstate.done.actor.setStatus', output: { ...two, SectStatus: two.SectStatus === 'A' ? 'I' : 'A' } },
      { type: 'xstate.error.actor.setStatus', error: new Error('Failed to fetch') },
    ];
  }
  if (s.matches('moving'))
    return [
      { type: 'xstate.done.actor.savePositions', output: blogs },
      { type: 'xstate.error.actor.savePositions', error: new Error('Failed to fetch') },
    ];
  if (s.matches('newBlogDialog'))
    return [
      { type: 'xstate.done.actor.newBlog', output: { value: NEW_BLOG } },
      { type: 'xstate.done.actor.newBlog', output: { value: null } },
    ];
  if (s.matches('creating'))
    return [
      { type: 'xstate.done.actor.createBlog', output: blog(4, 4) },
      { type: 'xstate.error.actor.createBlog', error: new Error('Failed to fetch') },
    ];
  const last = blogs.at(-1);
  return [
    { type: 'retry' },
    { type: 'toggle', SectId: 2 },
    ...(last
      ? [
          { type: 'move', SectId: last.SectId, position: 1 },
          { type: 'move', SectId: last.SectId, position: 3 },
        ]
      : []),
    { type: 'newBlog' },
    { type: 'select', SectId: 2 },
  ];
}

// The dialog is a promise stand-in here: its own machine has its own model test.
const headless = blogListMachine.provide({ actors: { newBlogDialog: fromPromise(async () => ({ value: null })) as never } });
const { paths, gaps } = coveredModel(headless, { events: eventsFor });

describe('blogListMachine model', () => {
  it('walks every state node, every model state and every transition', () => {
    expect(gaps()).toEqual(NO_GAPS);
  });

  let calls = controllablePromises();
  let actor: Actor<typeof blogListMachine>;
  const states: StateChecks<Snap> = {
    loading: () => expect(actor.getSnapshot().children.loadBlogs).toBeDefined(),
    loadFailed: () => expect(actor.getSnapshot().can({ type: 'retry' })).toBe(true),
    ready: (s) => {
      const blogs = actor.getSnapshot().context.blogs;
      expect(blogs.map((b) => b.SectPosition)).toEqual([1, 2, 3]);
      expect(blogs.some((b) => b.SectId === s.context.selectedId)).toBe(true);
    },
    toggling: (s) => {
      const two = s.context.blogs.find((b) => b.SectId === 2)!;
      expect(calls.inputOf('setStatus')).toEqual({ SectId: 2, SectStatus: two.SectStatus === 'A' ? 'I' : 'A' });
    },
    moving: (s) => {
      // Shown re-sorted at once (the moved blog first); every blog shifted by one; all of them sent,
      // since the last one passed both others.
      const blogs = actor.getSnapshot().context.blogs;
      expect(blogs.map((b) => b.SectPosition)).toEqual([1, 2, 3]);
      const sent = calls.inputOf('savePositions') as { SectId: number; SectPosition: number }[];
      expect(sent).toEqual(s.context.affected);
      expect([...sent].sort((a, b) => a.SectPosition - b.SectPosition).map((a) => a.SectId)).toEqual(blogs.map((b) => b.SectId));
    },
    newBlogDialog: () => expect(calls.inputOf('newBlogDialog')).toBeUndefined(),
    creating: () => expect(calls.inputOf('createBlog')).toEqual(NEW_BLOG),
  };

  walkEveryPath(it, blogListMachine, paths, states, () => {
    calls = controllablePromises();
    actor = createActor(
      providePromises(blogListMachine, calls, ['loadBlogs', 'setStatus', 'savePositions', 'newBlogDialog', 'createBlog']),
    ).start();
    return {
      actor,
      calls,
      send: ['retry', 'toggle', 'move', 'newBlog', 'select'],
      invoked: {
        loadBlogs: 'loadBlogs',
        setStatus: 'setStatus',
        savePositions: 'savePositions',
        newBlog: 'newBlogDialog',
        createBlog: 'createBlog',
      },
      compared: (context) => ({ ...context, blogs: context.blogs.map((b) => b.SectId) }),
    };
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
