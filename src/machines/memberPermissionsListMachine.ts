// The members list of configuracion, tab 'permisos' (issue 16): staff first, then residents, a page at a time,
// searched by name or e-mail (accents and case ignored, on the server) and filtered by role. A new search or
// filter starts over (the request in flight is dropped); 'more' appends the next page.
import { assign, fromPromise, setup } from 'xstate';
import { MEMBER_PAGE_SIZE, type MemberFilter, type MemberPage, type MemberRow } from '../api/memberPermissions';
import { fetchMembers } from '../services/memberPermissionsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface MemberListContext {
  q: string;
  rol: MemberFilter | null;
  miembros: MemberRow[];
  total: number;
  failure: CallFailure | null;
}

export type MemberListEvent =
  | { type: 'search'; q: string }
  | { type: 'filter'; rol: MemberFilter | null }
  | { type: 'more' }
  | { type: 'retry' }
  | { type: 'refresh' };

export interface MemberPageRequest {
  q: string;
  rol: MemberFilter | null;
  offset: number;
}

export const memberPermissionsListMachine = setup({
  types: {
    context: {} as MemberListContext,
    events: {} as MemberListEvent,
  },
  actors: {
    loadPage: fromPromise<MemberPage, MemberPageRequest>(({ input, signal }) =>
      fetchMembers(
        {
          ...(input.q.trim() ? { q: input.q.trim() } : {}),
          ...(input.rol ? { rol: input.rol } : {}),
          limit: MEMBER_PAGE_SIZE,
          offset: input.offset,
        },
        signal,
      ),
    ),
  },
  guards: {
    hasMore: ({ context }) => context.miembros.length < context.total,
  },
  actions: {
    setSearch: assign((_, { q }: { q: string }) => ({ q })),
    setFilter: assign((_, { rol }: { rol: MemberFilter | null }) => ({ rol })),
    firstPage: assign((_, { page }: { page: MemberPage }) => ({ miembros: page.miembros, total: page.total, failure: null })),
    nextPage: assign(({ context }, { page }: { page: MemberPage }) => ({
      miembros: [
        ...context.miembros,
        ...page.miembros.filter((m) => !context.miembros.some((k) => k.membershipId === m.membershipId)),
      ],
      total: page.total,
      failure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'memberPermissionsList',
  context: { q: '', rol: null, miembros: [], total: 0, failure: null },
  initial: 'loading',
  on: {
    search: { target: '.loading', reenter: true, actions: { type: 'setSearch', params: ({ event }) => ({ q: event.q }) } },
    filter: { target: '.loading', reenter: true, actions: { type: 'setFilter', params: ({ event }) => ({ rol: event.rol }) } },
  },
  states: {
    loading: {
      // A change told while this page loads: ask again, or the list keeps what the earlier answer held.
      on: { refresh: { target: 'loading', reenter: true } },
      invoke: {
        id: 'first',
        src: 'loadPage',
        input: ({ context }) => ({ q: context.q, rol: context.rol, offset: 0 }),
        onDone: { target: 'ready', actions: { type: 'firstPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: {
        more: { guard: 'hasMore', target: 'loadingMore' },
        refresh: 'loading',
      },
    },
    loadingMore: {
      invoke: {
        id: 'next',
        src: 'loadPage',
        input: ({ context }) => ({ q: context.q, rol: context.rol, offset: context.miembros.length }),
        onDone: { target: 'ready', actions: { type: 'nextPage', params: ({ event }) => ({ page: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
  },
});
