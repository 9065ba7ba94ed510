// listado-blogs' list of blogs as a test model: three blogs (the third inactive), the active toggle, the
// last blog moved to the top, '+ Blog' closed with a blog or cancelled, and each failure. The new-blog
// dialog is a promise stand-in here (its own machine has its own model). The words its scenarios are told
// in: docs/scenarios/blogListMachine.md.
import { type EventObject, fromPromise } from 'xstate';
import type { Blog } from '../../src/api/blogs';
import { blogListMachine } from '../../src/machines/blogListMachine';
import type { NewBlogOutput } from '../../src/machines/newBlogMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const blog = (SectId: number, SectPosition: number, SectStatus: 'A' | 'I' = 'A'): Blog => ({
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

/** What the server has: blogs 1 and 2 active, 3 inactive. */
export const BLOGS = [blog(1, 1), blog(2, 2), blog(3, 3, 'I')];
/** The blog '+ Blog' creates, and the list as the server has it afterwards. */
export const CREATED = blog(4, 4);
export const NEW_BLOG = {
  SectName: 'Deportes',
  SectStatus: 'A',
  SectPosting: 'A',
  CommentsDisplay: 'Y',
  PublicoPrivado: 1,
  VistaxTorre: 1,
} as const;

/** Blogs 1, 2, 3 in this order, whatever their statuses: neither moved nor grown by a creation. */
const inFirstOrder = (blogs: Blog[]) => blogs.map((b) => b.SectId).join() === '1,2,3';
const flipped = (b: Blog): Blog => ({ ...b, SectStatus: b.SectStatus === 'A' ? 'I' : 'A' });
type Context = { blogs: Blog[]; selectedId: number | null; failure: unknown; affected: unknown[] };
/** Blog 1 open, nothing moved, switched or created (a failure aside): where select, move and '+ Blog' are offered. */
const untouched = (c: Context) =>
  inFirstOrder(c.blogs) &&
  c.selectedId === 1 &&
  c.affected.length === 0 &&
  c.blogs.every((b, i) => b.SectStatus === BLOGS[i]!.SectStatus);

/**
 * The blog the active switch is offered on: blog 2 (active) while it has its first status, then blog 3
 * (inactive), then none. One at a time, so the server's answer in `toggling` follows from the list.
 */
export const toggleCandidate = ({ blogs }: Pick<Context, 'blogs'>): Blog | undefined =>
  inFirstOrder(blogs)
    ? [2, 3].map((id) => blogs.find((b) => b.SectId === id)!).find((b) => b.SectStatus === BLOGS[b.SectId - 1]!.SectStatus)
    : undefined;
/** What the server answers when the list loads: what the list shows (a move it failed to save undone) and the created blog. */
function serverBlogs(context: { blogs: Blog[]; failure: unknown; selectedId: number | null }): Blog[] {
  const shown = context.blogs.length ? context.blogs : BLOGS;
  const saved = context.failure
    ? [...shown].sort((a, b) => a.SectId - b.SectId).map((b, i) => ({ ...b, SectPosition: i + 1 }))
    : shown;
  return context.selectedId === CREATED.SectId && !saved.some((b) => b.SectId === CREATED.SectId) ? [...saved, CREATED] : saved;
}

export const blogListModel = defineModel({
  // The dialog answers as the walk says (xstate.done.actor.newBlog); newBlogMachine has its own model.
  machine: blogListMachine.provide({
    actors: { newBlogDialog: fromPromise<NewBlogOutput>(async () => ({ value: null })) as never },
  }),
  payloads: {
    retry: BARE,
    reload: BARE,
    // Each change is offered from the list as it first loads, or after a failure there (to show that a
    // change clears the failure); the switch also after its own changes. After a change the list is only
    // reloaded. Enough for every branch, and the states stay few.
    // Blog 2 instead of blog 1.
    select: (s) => (untouched(s.context) && !s.context.failure ? [{ SectId: 2 }] : []),
    // Blog 2 (active), then blog 3 (inactive): both directions of the switch.
    toggle: (s) => {
      const { selectedId, affected } = s.context;
      const blog = selectedId === 1 && affected.length === 0 ? toggleCandidate(s.context) : undefined;
      return blog ? [{ SectId: blog.SectId }] : [];
    },
    // The last blog to the top (every blog shifts).
    move: (s) => (untouched(s.context) ? [{ SectId: 3, position: 1 }] : []),
    newBlog: (s) => (untouched(s.context) ? BARE : []),
    'xstate.done.actor.loadBlogs': (s) => [{ output: serverBlogs(s.context) }],
    'xstate.error.actor.loadBlogs': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    // The switched blog as the server saved it.
    'xstate.done.actor.setStatus': (s) => [{ output: flipped(toggleCandidate(s.context)!) }],
    'xstate.error.actor.setStatus': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.savePositions': (s) => [{ output: s.context.blogs }],
    'xstate.error.actor.savePositions': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    'xstate.done.actor.newBlog': [{ output: { value: NEW_BLOG } }, { output: { value: null } }],
    'xstate.done.actor.createBlog': [{ output: CREATED }],
    'xstate.error.actor.createBlog': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  label: (e) => {
    if (e.type === 'xstate.done.actor.newBlog')
      return (e as EventObject & { output: NewBlogOutput }).output.value ? 'done newBlog:Crear' : 'done newBlog:Cancelar';
    return eventLabel(e);
  },
  words: {
    states: {
      loading: 'The list of blogs shows it is loading.',
      loadFailed: 'No se pudieron cargar los blogs., with Reintentar.',
      ready:
        'The blogs by position, each with its position and its active switch; the one chosen is open in the editor; + Blog; a failed change says No se pudo guardar el cambio. Intenta de nuevo.',
      toggling: 'The switch of the blog shows its new value while it is sent.',
      moving: 'The list shows the blog at its new position, the others shifted, while the positions are sent.',
      newBlogDialog: 'The dialog Nuevo blog is open over the list.',
      creating: 'The dialog has closed; the new blog is being created.',
    },
    events: {
      retry: () => 'presses Reintentar',
      reload: () => 'the editor saved a blog: the list loads again',
      select: (e) => `chooses Blog ${e.SectId}`,
      toggle: (e) => `switches Blog ${e.SectId} active or inactive`,
      move: (e) => `gives Blog ${e.SectId} position ${e.position}`,
      newBlog: () => 'presses + Blog',
      'xstate.done.actor.loadBlogs': (e) => `the server answers ${(e.output as Blog[]).length} blogs`,
      'xstate.error.actor.loadBlogs': () => 'the connection fails',
      'xstate.done.actor.setStatus': (e) =>
        `the server saves the blog ${(e.output as Blog).SectStatus === 'A' ? 'active' : 'inactive'}`,
      'xstate.error.actor.setStatus': () => 'the connection fails',
      'xstate.done.actor.savePositions': () => 'the server saves the positions',
      'xstate.error.actor.savePositions': () => 'the connection fails',
      'xstate.done.actor.newBlog': (e) =>
        (e.output as NewBlogOutput).value
          ? `fills in the dialog as “${(e.output as NewBlogOutput).value!.SectName}” and presses Crear`
          : 'presses Cancelar in the dialog',
      'xstate.done.actor.createBlog': () => 'the server creates the blog',
      'xstate.error.actor.createBlog': () => 'the connection fails',
    },
  },
});
