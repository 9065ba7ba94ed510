// The towers and dwellings tab (issue 16): a page of the list with its search, tower and state filters, and
// the administrator's changes (save a tower or a dwelling, deactivate or reactivate one), each followed by a
// fresh read of the page (and one after an import: reload). A change the server refuses (a name taken, a tower with active dwellings) or that
// fails stays on the page with its words; `saved` counts the changes made, so the dialog that asked closes.
import { assign, fromPromise, setup } from 'xstate';
import {
  DWELLINGS_PAGE_SIZE,
  type DwellingActiveRequest,
  type DwellingDraft,
  type DwellingListAnswer,
  type DwellingStateFilter,
  type TowerActiveRequest,
  type TowerDraft,
} from '../api/dwellings';
import { fetchDwellings, saveDwelling, saveTower, setDwellingActive, setTowerActive } from '../services/dwellingsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface DwellingsQuery {
  q: string;
  /** A tower's id, 'sin' (houses), or '' (all). */
  torre: string;
  estado: DwellingStateFilter;
  offset: number;
}

export type DwellingChange =
  | { kind: 'tower'; draft: TowerDraft }
  | { kind: 'towerActive'; request: TowerActiveRequest }
  | { kind: 'dwelling'; draft: DwellingDraft }
  | { kind: 'dwellingActive'; request: DwellingActiveRequest };

export interface DwellingsContext {
  query: DwellingsQuery;
  answer: DwellingListAnswer | null;
  /** Loading failed: why. */
  failure: CallFailure | null;
  /** The last change's refusal or failure, for the dialog that asked. */
  saveFailure: CallFailure | null;
  /** Changes made since the tab opened. */
  saved: number;
}

export type DwellingsEvent =
  | { type: 'search'; q: string }
  | { type: 'filterTower'; torre: string }
  | { type: 'filterState'; estado: DwellingStateFilter }
  | { type: 'page'; offset: number }
  | { type: 'retry' }
  | { type: 'reload' }
  | { type: 'save'; change: DwellingChange }
  | { type: 'forgetFailure' };

export const INITIAL_QUERY: DwellingsQuery = { q: '', torre: '', estado: 'activas', offset: 0 };

export const dwellingsMachine = setup({
  types: {
    context: {} as DwellingsContext,
    events: {} as DwellingsEvent,
  },
  actors: {
    loadDwellings: fromPromise<DwellingListAnswer, DwellingsQuery>(({ input, signal }) =>
      fetchDwellings(
        {
          q: input.q || undefined,
          torre: input.torre || undefined,
          estado: input.estado,
          limit: DWELLINGS_PAGE_SIZE,
          offset: input.offset,
        },
        signal,
      ),
    ),
    saveChange: fromPromise<unknown, DwellingChange>(({ input, signal }) => {
      switch (input.kind) {
        case 'tower':
          return saveTower(input.draft, signal);
        case 'towerActive':
          return setTowerActive(input.request, signal);
        case 'dwelling':
          return saveDwelling(input.draft, signal);
        case 'dwellingActive':
          return setDwellingActive(input.request, signal);
      }
    }),
  },
  guards: {
    /** A page past the end (after a deactivation emptied the last one): go back a page. */
    pastTheEnd: (_, { answer }: { answer: DwellingListAnswer }) => answer.viviendas.length === 0 && answer.total > 0,
  },
  actions: {
    setQuery: assign(({ context }, patch: Partial<DwellingsQuery>) => ({ query: { ...context.query, ...patch } })),
    keepAnswer: assign((_, { answer }: { answer: DwellingListAnswer }) => ({ answer, failure: null })),
    lastPage: assign(({ context }, { answer }: { answer: DwellingListAnswer }) => ({
      query: { ...context.query, offset: Math.floor((answer.total - 1) / DWELLINGS_PAGE_SIZE) * DWELLINGS_PAGE_SIZE },
    })),
    failLoad: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    countSaved: assign(({ context }) => ({ saved: context.saved + 1, saveFailure: null })),
    failSave: assign((_, { error }: { error: unknown }) => ({ saveFailure: callFailure(error) })),
    forgetFailure: assign({ saveFailure: null }),
  },
}).createMachine({
  id: 'dwellings',
  context: { query: INITIAL_QUERY, answer: null, failure: null, saveFailure: null, saved: 0 },
  initial: 'loading',
  on: {
    forgetFailure: { actions: 'forgetFailure' },
  },
  states: {
    loading: {
      on: {
        search: {
          target: 'loading',
          reenter: true,
          actions: { type: 'setQuery', params: ({ event }) => ({ q: event.q, offset: 0 }) },
        },
        filterTower: {
          target: 'loading',
          reenter: true,
          actions: { type: 'setQuery', params: ({ event }) => ({ torre: event.torre, offset: 0 }) },
        },
        filterState: {
          target: 'loading',
          reenter: true,
          actions: { type: 'setQuery', params: ({ event }) => ({ estado: event.estado, offset: 0 }) },
        },
      },
      invoke: {
        id: 'load',
        src: 'loadDwellings',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: 'pastTheEnd', params: ({ event }) => ({ answer: event.output }) },
            target: 'loading',
            reenter: true,
            actions: { type: 'lastPage', params: ({ event }) => ({ answer: event.output }) },
          },
          { target: 'ready', actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'failLoad', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        search: { target: 'loading', actions: { type: 'setQuery', params: ({ event }) => ({ q: event.q, offset: 0 }) } },
        filterTower: {
          target: 'loading',
          actions: { type: 'setQuery', params: ({ event }) => ({ torre: event.torre, offset: 0 }) },
        },
        filterState: {
          target: 'loading',
          actions: { type: 'setQuery', params: ({ event }) => ({ estado: event.estado, offset: 0 }) },
        },
        page: { target: 'loading', actions: { type: 'setQuery', params: ({ event }) => ({ offset: event.offset }) } },
        reload: 'loading',
        save: { target: 'saving', actions: 'forgetFailure' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveChange',
        input: ({ event }) => (event as Extract<DwellingsEvent, { type: 'save' }>).change,
        onDone: { target: 'loading', actions: 'countSaved' },
        onError: { target: 'ready', actions: { type: 'failSave', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
  },
});
