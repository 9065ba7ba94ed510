// listado-blogs, left side (spec §2.2, §4): the blogs by position; the active toggle (A ↔ I, sent at
// once); a new position (the blogs in between shift by one, the list re-sorts, only the affected blogs
// are sent); '+ Blog' (the new-blog dialog, then the creation); which blog the editor shows.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type Blog, type NewBlogRequest, type Positioned, repositionBlogs } from '../api/blogs';
import { addNewBlog, fetchBlogs, saveBlogPositions, setBlogStatus } from '../services/blogsService';
import { type NewBlogOutput, newBlogMachine } from './newBlogMachine';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface BlogListContext {
  blogs: Blog[];
  selectedId: number | null;
  /** A toggle, move or creation failed, and why (the list is reloaded from the server after a failed move). */
  failure: CallFailure | null;
  /** The list could not be loaded: why. */
  loadFailure: CallFailure | null;
  /** The move being sent: its affected blogs. */
  affected: Positioned[];
}

export type BlogListEvent =
  | { type: 'select'; SectId: number }
  | { type: 'toggle'; SectId: number }
  | { type: 'move'; SectId: number; position: number }
  | { type: 'newBlog' }
  | { type: 'reload' }
  | { type: 'retry' };

const outputOf = <T>(event: unknown) => (event as { output: T }).output;

export const blogListMachine = setup({
  types: {
    context: {} as BlogListContext,
    events: {} as BlogListEvent,
  },
  actors: {
    loadBlogs: fromPromise<Blog[]>(({ signal }) => fetchBlogs(signal)),
    setStatus: fromPromise<Blog, Pick<Blog, 'SectId' | 'SectStatus'>>(({ input, signal }) => setBlogStatus(input, signal)),
    savePositions: fromPromise<Blog[], Positioned[]>(({ input, signal }) => saveBlogPositions(input, signal)),
    newBlogDialog: newBlogMachine,
    createBlog: fromPromise<Blog, NewBlogRequest>(({ input, signal }) => addNewBlog(input, signal)),
  },
  guards: {
    movesBlog: ({ context, event }) => {
      assertEvent(event, 'move');
      return repositionBlogs(context.blogs, event.SectId, event.position).affected.length > 0;
    },
    dialogGaveBlog: ({ event }) => outputOf<NewBlogOutput>(event).value !== null,
  },
  actions: {
    keepBlogs: assign(({ context, event }) => {
      const blogs = outputOf<Blog[]>(event);
      const stillThere = blogs.some((b) => b.SectId === context.selectedId);
      return { blogs, selectedId: stillThere ? context.selectedId : (blogs[0]?.SectId ?? null), loadFailure: null };
    }),
    select: assign(({ event }) => {
      assertEvent(event, 'select');
      return { selectedId: event.SectId };
    }),
    replaceBlog: assign(({ context, event }) => {
      const blog = outputOf<Blog>(event);
      return { blogs: context.blogs.map((b) => (b.SectId === blog.SectId ? blog : b)), failure: null };
    }),
    moveLocally: assign(({ context, event }) => {
      assertEvent(event, 'move');
      const { blogs, affected } = repositionBlogs(context.blogs, event.SectId, event.position);
      return { blogs, affected, failure: null };
    }),
    selectCreated: assign(({ event }) => ({ selectedId: outputOf<Blog>(event).SectId, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    failLoad: assign((_, { error }: { error: unknown }) => ({ loadFailure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'blogList',
  context: { blogs: [], selectedId: null, failure: null, loadFailure: null, affected: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadBlogs',
        src: 'loadBlogs',
        onDone: { target: 'ready', actions: 'keepBlogs' },
        onError: { target: 'loadFailed', actions: { type: 'failLoad', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
    ready: {
      on: {
        select: { actions: 'select' },
        toggle: { target: 'toggling' },
        move: { guard: 'movesBlog', target: 'moving', actions: 'moveLocally' },
        newBlog: { target: 'newBlogDialog' },
        reload: { target: 'loading' },
      },
    },
    toggling: {
      invoke: {
        id: 'setStatus',
        src: 'setStatus',
        input: ({ context, event }) => {
          assertEvent(event, 'toggle');
          const blog = context.blogs.find((b) => b.SectId === event.SectId)!;
          return { SectId: blog.SectId, SectStatus: blog.SectStatus === 'A' ? 'I' : 'A' };
        },
        onDone: { target: 'ready', actions: 'replaceBlog' },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    moving: {
      invoke: {
        id: 'savePositions',
        src: 'savePositions',
        input: ({ context }) => context.affected,
        onDone: { target: 'ready', actions: 'keepBlogs' },
        // What the server has is the truth again.
        onError: { target: 'loading', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    newBlogDialog: {
      invoke: {
        id: 'newBlog',
        src: 'newBlogDialog',
        onDone: [{ guard: 'dialogGaveBlog', target: 'creating' }, { target: 'ready' }],
      },
    },
    creating: {
      invoke: {
        id: 'createBlog',
        src: 'createBlog',
        input: ({ event }) => outputOf<NewBlogOutput>(event).value!,
        onDone: { target: 'loading', actions: 'selectCreated' },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
