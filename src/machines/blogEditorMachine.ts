// listado-blogs, right side: one blog's editor (spec §4, §5). It loads the blog, the condominium's
// residents and towers; edits the fields with the exclusivity rules; lets the administrator pick the
// residents of an exclusive blog in 'Selecciona los residentes' (search debounced 500 ms, tower filter),
// tracking who joins and who leaves against the original assignment; and saves after a confirmation:
// send, reload the blog, show the saved message for 3000 ms. It emits `saved` so the page reloads its
// list and refreshes the session data.
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import {
  type Blog,
  type BlogForm,
  type BlogFormField,
  blogFormErrors,
  blogFormOf,
  RESIDENT_SEARCH_DEBOUNCE_MS,
  type Resident,
  SAVED_MESSAGE_MS,
  type Tower,
  type UpdateBlogRequest,
} from '../api/blogs';
import { type BlogEditorData, loadBlogEditor, saveBlog } from '../services/blogsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface BlogEditorContext {
  sectionId: number;
  blog: Blog | null;
  form: BlogForm | null;
  residents: Resident[];
  towers: Tower[];
  /** UserIds assigned when the blog was loaded. */
  assigned: number[];
  added: number[];
  removed: number[];
  /** The per-tower view to restore when an exclusive blog becomes public again. */
  towerViewBefore: 0 | 1;
  /** What the search box holds, and the search applied once the box has been still for 500 ms. */
  searchInput: string;
  search: string;
  towerFilter: number | null;
  /** The last load or save failed: why. */
  failure: CallFailure | null;
}

export type BlogEditorEvent =
  | { type: 'change'; field: BlogFormField; value: string | number | null }
  | { type: 'save' }
  | { type: 'confirm' }
  | { type: 'cancel' }
  | { type: 'retry' }
  | { type: 'openSelector' }
  | { type: 'closeSelector' }
  | { type: 'search'; value: string }
  | { type: 'filterTower'; towerId: number | null }
  | { type: 'toggleResident'; userId: number };

export type BlogEditorEmitted = { type: 'saved'; blog: Blog };

/** How many residents the blog has with the changes so far (0 for a public blog). */
export function selectedCount(context: Pick<BlogEditorContext, 'form' | 'assigned' | 'added' | 'removed'>): number {
  if (context.form?.ExclusivaUsuarios !== 'Y') return 0;
  return context.assigned.length + context.added.length - context.removed.length;
}

/** Whether a resident is in the blog with the changes so far. */
export function isSelected(context: Pick<BlogEditorContext, 'assigned' | 'added' | 'removed'>, userId: number): boolean {
  return context.assigned.includes(userId) ? !context.removed.includes(userId) : context.added.includes(userId);
}

/** What update-section gets: the form fields plus newUsers and deletedUsers. */
export function saveRequestOf(context: BlogEditorContext): UpdateBlogRequest {
  return { ...context.form!, newUsers: [...context.added], deletedUsers: [...context.removed] };
}

const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

function loaded(data: BlogEditorData) {
  const assigned = data.residents.filter((r) => r.IdUsersSections !== undefined).map((r) => r.UserId);
  return {
    blog: data.blog,
    form: blogFormOf(data.blog),
    residents: data.residents,
    towers: data.towers,
    assigned,
    added: [],
    removed: [],
    towerViewBefore: data.blog.VistaxTorre === 0 ? (1 as const) : data.blog.VistaxTorre,
    failure: null,
  };
}

export const blogEditorMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { sectionId: number },
    context: {} as BlogEditorContext,
    events: {} as BlogEditorEvent,
    emitted: {} as BlogEditorEmitted,
  },
  actors: {
    loadEditor: fromPromise<BlogEditorData, { sectionId: number }>(({ input, signal }) =>
      loadBlogEditor(input.sectionId, signal),
    ),
    saveBlog: fromPromise<Blog, UpdateBlogRequest>(({ input, signal }) => saveBlog(input, signal)),
  },
  delays: {
    searchDebounce: RESIDENT_SEARCH_DEBOUNCE_MS,
    savedMessage: SAVED_MESSAGE_MS,
  },
  guards: {
    formIsValid: ({ context }) => context.form !== null && Object.keys(blogFormErrors(context.form)).length === 0,
    isExclusive: ({ context }) => context.form?.ExclusivaUsuarios === 'Y',
  },
  actions: {
    applyLoaded: assign(({ event }) => loaded((event as unknown as { output: BlogEditorData }).output)),
    // Spec §4: public sets the user count to 0 and restores the per-tower view; exclusive sets the
    // per-tower view to 0 and starts again from the original assignment.
    setField: assign(({ context, event }) => {
      assertEvent(event, 'change');
      const form = { ...context.form!, [event.field]: event.value } as BlogForm;
      if (event.field !== 'ExclusivaUsuarios' || event.value === context.form!.ExclusivaUsuarios) return { form };
      if (event.value === 'Y') {
        return {
          form: { ...form, VistaxTorre: 0 as const },
          towerViewBefore: context.form!.VistaxTorre === 0 ? context.towerViewBefore : context.form!.VistaxTorre,
          added: [],
          removed: [],
        };
      }
      return { form: { ...form, VistaxTorre: context.towerViewBefore }, added: [], removed: [...context.assigned] };
    }),
    setSearchInput: assign(({ event }) => {
      assertEvent(event, 'search');
      return { searchInput: event.value };
    }),
    applySearch: assign(({ context }) => ({ search: context.searchInput })),
    setTowerFilter: assign(({ event }) => {
      assertEvent(event, 'filterTower');
      return { towerFilter: event.towerId };
    }),
    clearSearch: assign({ searchInput: '', search: '', towerFilter: null }),
    toggleResident: assign(({ context, event }) => {
      assertEvent(event, 'toggleResident');
      return context.assigned.includes(event.userId)
        ? { removed: toggle(context.removed, event.userId) }
        : { added: toggle(context.added, event.userId) };
    }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    announceSaved: emit(({ context }) => ({ type: 'saved' as const, blog: context.blog! })),
  },
}).createMachine({
  id: 'blogEditor',
  context: ({ input }) => ({
    sectionId: input.sectionId,
    blog: null,
    form: null,
    residents: [],
    towers: [],
    assigned: [],
    added: [],
    removed: [],
    towerViewBefore: 1,
    searchInput: '',
    search: '',
    towerFilter: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadEditor',
        src: 'loadEditor',
        input: ({ context }) => ({ sectionId: context.sectionId }),
        onDone: { target: 'editing', actions: 'applyLoaded' },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { retry: { target: 'loading' } },
    },
    editing: {
      initial: 'form',
      on: { change: { actions: 'setField' } },
      states: {
        form: {
          on: {
            save: { guard: 'formIsValid', target: '#blogEditor.confirming' },
            openSelector: { guard: 'isExclusive', target: 'selector' },
          },
        },
        // 'Selecciona los residentes'
        selector: {
          initial: 'settled',
          exit: 'clearSearch',
          on: {
            filterTower: { actions: 'setTowerFilter' },
            toggleResident: { actions: 'toggleResident' },
            closeSelector: { target: 'form' },
          },
          states: {
            settled: { on: { search: { target: 'debouncing', actions: 'setSearchInput' } } },
            // Each keystroke starts the 500 ms again (only this state is re-entered).
            debouncing: {
              on: { search: { target: 'debouncing', reenter: true, actions: 'setSearchInput' } },
              after: { searchDebounce: { target: 'settled', actions: 'applySearch' } },
            },
          },
        },
      },
    },
    confirming: {
      on: { confirm: { target: 'saving' }, cancel: { target: 'editing' } },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveBlog',
        src: 'saveBlog',
        input: ({ context }) => saveRequestOf(context),
        onDone: { target: 'reloading' },
        onError: { target: 'saveFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The save failed: the changes stay; trying again or going back to the form.
    saveFailed: {
      on: { retry: { target: 'saving' }, cancel: { target: 'editing' } },
    },
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'reloadEditor',
        src: 'loadEditor',
        input: ({ context }) => ({ sectionId: context.sectionId }),
        onDone: { target: 'saved', actions: ['applyLoaded', 'announceSaved'] },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: {
      after: { savedMessage: { target: 'editing' } },
      on: {
        change: { target: 'editing', actions: 'setField' },
        openSelector: { guard: 'isExclusive', target: 'editing.selector' },
      },
    },
  },
});
