// The support desk's console (/soporte, issue 30): is this browser signed in to the desk (its own session, not a
// condominium's), the sign-in with e-mail and password, and once in, the conversations listed by state and
// condominium (latest activity first, with what the desk has not read), refreshed every SUPPORT_REFRESH_MS, and the
// one chosen to read (supportDeskConversationMachine). A desk session that ends (401 anywhere) shows the sign-in.
import { assign, fromPromise, setup } from 'xstate';
import {
  SUPPORT_LIST_PAGE,
  SUPPORT_REFRESH_MS,
  type SupportAgent,
  type SupportDeskListAnswer,
  type SupportDeskSignInAnswer,
  type SupportDeskSignInRequest,
  type SupportFilter,
} from '../api/support';
import { EMAIL_PATTERN } from '../api/validation';
import {
  type DeskListQuery,
  deskMe,
  deskSessionEnded,
  deskSignIn,
  deskSignOut,
  fetchDeskConversations,
} from '../services/supportDeskService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface SupportDeskContext {
  agent: SupportAgent | null;
  email: string;
  password: string;
  filter: SupportFilter;
  condoId: number | null;
  offset: number;
  list: SupportDeskListAnswer | null;
  /** The conversation being read, if any. */
  selected: number | null;
  failure: CallFailure | null;
}

export type SupportDeskEvent =
  | { type: 'editEmail'; value: string }
  | { type: 'editPassword'; value: string }
  | { type: 'signIn' }
  | { type: 'signOut' }
  | { type: 'retry' }
  | { type: 'filter'; filter: SupportFilter }
  | { type: 'condo'; condoId: number | null }
  | { type: 'page'; offset: number }
  | { type: 'select'; conversationId: number | null }
  | { type: 'changed' }
  | { type: 'sessionEnded' };

export const supportDeskMachine = setup({
  types: {
    tags: {} as 'busy',
    context: {} as SupportDeskContext,
    events: {} as SupportDeskEvent,
  },
  actors: {
    checkSession: fromPromise<SupportAgent | null, void>(({ signal }) => deskMe(signal)),
    signIn: fromPromise<SupportDeskSignInAnswer, SupportDeskSignInRequest>(({ input }) => deskSignIn(input)),
    signOut: fromPromise<void, void>(() => deskSignOut()),
    fetchList: fromPromise<SupportDeskListAnswer, DeskListQuery>(({ input, signal }) => fetchDeskConversations(input, signal)),
  },
  delays: { refreshDelay: SUPPORT_REFRESH_MS },
  guards: {
    signedIn: (_, { agent }: { agent: SupportAgent | null }) => agent !== null,
    ended: (_, { error }: { error: unknown }) => deskSessionEnded(error),
    canSignIn: ({ context }) => EMAIL_PATTERN.test(context.email.trim()) && context.password.length > 0,
    otherFilter: ({ context }, { filter }: { filter: SupportFilter }) => filter !== context.filter,
    otherCondo: ({ context }, { condoId }: { condoId: number | null }) => condoId !== context.condoId,
    otherPage: ({ context }, { offset }: { offset: number }) =>
      offset !== context.offset && offset >= 0 && (context.list === null || offset < Math.max(context.list.total, 1)),
  },
  actions: {
    welcome: assign((_, { agent }: { agent: SupportAgent }) => ({ agent, password: '', failure: null })),
    forget: assign({ agent: null, list: null, selected: null, password: '', offset: 0 }),
    editEmail: assign((_, { value }: { value: string }) => ({ email: value })),
    editPassword: assign((_, { value }: { value: string }) => ({ password: value })),
    listed: assign((_, { list }: { list: SupportDeskListAnswer }) => ({ list, failure: null })),
    filter: assign((_, { filter }: { filter: SupportFilter }) => ({ filter, offset: 0 })),
    condo: assign((_, { condoId }: { condoId: number | null }) => ({ condoId, offset: 0 })),
    page: assign((_, { offset }: { offset: number }) => ({ offset })),
    select: assign((_, { conversationId }: { conversationId: number | null }) => ({ selected: conversationId })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'supportDesk',
  context: {
    agent: null,
    email: '',
    password: '',
    filter: 'abierta',
    condoId: null,
    offset: 0,
    list: null,
    selected: null,
    failure: null,
  },
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'me',
        src: 'checkSession',
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => ({ agent: event.output }) },
            target: 'signedIn',
            actions: { type: 'welcome', params: ({ event }) => ({ agent: event.output! }) },
          },
          { target: 'signedOut' },
        ],
        onError: { target: 'checkFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    checkFailed: { on: { retry: { target: 'checking', actions: 'clearFailure' } } },
    signedOut: {
      on: {
        editEmail: { actions: { type: 'editEmail', params: ({ event }) => ({ value: event.value }) } },
        editPassword: { actions: { type: 'editPassword', params: ({ event }) => ({ value: event.value }) } },
        signIn: { guard: 'canSignIn', target: 'signingIn', actions: 'clearFailure' },
      },
    },
    signingIn: {
      tags: ['busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: { target: 'signedIn', actions: { type: 'welcome', params: ({ event }) => ({ agent: event.output.agent }) } },
        onError: { target: 'signedOut', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedIn: {
      initial: 'listing',
      on: {
        signOut: 'signingOut',
        sessionEnded: { target: 'signedOut', actions: 'forget' },
        select: { actions: { type: 'select', params: ({ event }) => ({ conversationId: event.conversationId }) } },
        filter: {
          guard: { type: 'otherFilter', params: ({ event }) => ({ filter: event.filter }) },
          target: '.listing',
          actions: { type: 'filter', params: ({ event }) => ({ filter: event.filter }) },
        },
        condo: {
          guard: { type: 'otherCondo', params: ({ event }) => ({ condoId: event.condoId }) },
          target: '.listing',
          actions: { type: 'condo', params: ({ event }) => ({ condoId: event.condoId }) },
        },
        page: {
          guard: { type: 'otherPage', params: ({ event }) => ({ offset: event.offset }) },
          target: '.listing',
          actions: { type: 'page', params: ({ event }) => ({ offset: event.offset }) },
        },
      },
      states: {
        listing: {
          invoke: {
            id: 'list',
            src: 'fetchList',
            input: ({ context }) => ({
              estado: context.filter,
              condoId: context.condoId,
              limit: SUPPORT_LIST_PAGE,
              offset: context.offset,
            }),
            onDone: { target: 'ready', actions: { type: 'listed', params: ({ event }) => ({ list: event.output }) } },
            onError: [
              {
                guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) },
                target: '#supportDesk.signedOut',
                actions: 'forget',
              },
              { target: 'listFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        ready: {
          after: { refreshDelay: 'listing' },
          on: { changed: 'listing' },
        },
        /** The list as it was (or none) with the failure; it tries again by itself too. */
        listFailed: {
          after: { refreshDelay: 'listing' },
          on: { retry: 'listing' },
        },
      },
    },
    signingOut: {
      tags: ['busy'],
      // The token leaves this browser whatever the server answers (supportDeskService.deskSignOut).
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'forget' },
        onError: { target: 'signedOut', actions: 'forget' },
      },
    },
  },
});
