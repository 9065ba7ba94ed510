// mi-perfil's "Sesiones activas": the user's live sessions a page at a time, this one first and marked.
// Ending another one, or all the others, asks for a confirmation, ends it at once on the server, and loads
// the page again, saying what was done; this session is ended with sign-out, never from the list. A page
// emptied by an ending steps back to the one before.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ACTIVE_SESSIONS_PAGE_SIZE, type ActiveSession } from '../api/sessions';
import {
  type ActiveSessionsPage,
  fetchActiveSessions,
  revokeOtherSessions,
  revokeSession,
} from '../services/activeSessionsService';
import { type CallFailure, callFailure } from './shared/callFailure';

/** What the confirmation is about. */
export type PendingRevoke = { kind: 'one'; session: ActiveSession } | { kind: 'others' };

/** What the last ending did: one session ended, one that had already ended, or all the others. */
export type RevokeOutcome = 'revoked' | 'gone' | 'revokedOthers';

export interface ActiveSessionsContext {
  /** 1-based. */
  page: number;
  items: ActiveSession[];
  total: number;
  pending: PendingRevoke | null;
  /** Said under the list until the next action. */
  outcome: RevokeOutcome | null;
  /** The last ending failed, and why; nothing changed. */
  revokeFailure: CallFailure | null;
  /** The page could not be loaded: why. */
  loadFailure: CallFailure | null;
}

export type ActiveSessionsEvent =
  | { type: 'retry' }
  | { type: 'goToPage'; page: number }
  | { type: 'askRevoke'; id: number }
  | { type: 'askRevokeOthers' }
  | { type: 'confirm' }
  | { type: 'cancel' };

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / ACTIVE_SESSIONS_PAGE_SIZE));

async function loadPage(page: number, signal: AbortSignal): Promise<ActiveSessionsPage> {
  return fetchActiveSessions({ limit: ACTIVE_SESSIONS_PAGE_SIZE, offset: (page - 1) * ACTIVE_SESSIONS_PAGE_SIZE }, signal);
}

async function revoke(pending: PendingRevoke, signal: AbortSignal): Promise<RevokeOutcome> {
  if (pending.kind === 'others') {
    await revokeOtherSessions(signal);
    return 'revokedOthers';
  }
  const result = await revokeSession(pending.session.id, signal);
  return result.kind;
}

type PageParams = { answer: ActiveSessionsPage };
const withAnswer = <T extends string>(type: T) => ({
  type,
  params: ({ event }: { event: { output: ActiveSessionsPage } }) => ({ answer: event.output }),
});

export const activeSessionsMachine = setup({
  types: {
    context: {} as ActiveSessionsContext,
    events: {} as ActiveSessionsEvent,
  },
  actors: {
    loadPage: fromPromise<ActiveSessionsPage, { page: number }>(({ input, signal }) => loadPage(input.page, signal)),
    revoke: fromPromise<RevokeOutcome, PendingRevoke>(({ input, signal }) => revoke(input, signal)),
  },
  guards: {
    /** An ending left this page (past the first) empty. */
    pageEmptied: ({ context }, { answer }: PageParams) => answer.items.length === 0 && context.page > 1,
    isOtherPage: ({ context, event }) => {
      assertEvent(event, 'goToPage');
      return event.page !== context.page && event.page >= 1 && event.page <= pageCount(context.total);
    },
    /** Shown on this page, and not this session. */
    isRevocable: ({ context, event }) => {
      assertEvent(event, 'askRevoke');
      return context.items.some((s) => s.id === event.id && !s.current);
    },
    hasOthers: ({ context }) => context.total > 1,
  },
  actions: {
    showPage: assign((_, { answer }: PageParams) => ({ items: answer.items, total: answer.total, loadFailure: null })),
    failLoad: assign((_, { error }: { error: unknown }) => ({ loadFailure: callFailure(error) })),
    previousPage: assign(({ context }) => ({ page: context.page - 1 })),
    choosePage: assign(({ event }) => {
      assertEvent(event, 'goToPage');
      return { page: event.page, outcome: null, revokeFailure: null };
    }),
    askOne: assign(({ context, event }) => {
      assertEvent(event, 'askRevoke');
      const session = context.items.find((s) => s.id === event.id);
      return { pending: session ? { kind: 'one' as const, session } : null, outcome: null, revokeFailure: null };
    }),
    askOthers: assign({ pending: { kind: 'others' } as PendingRevoke, outcome: null, revokeFailure: null }),
    forgetPending: assign({ pending: null }),
    showOutcome: assign(({ context }, { outcome }: { outcome: RevokeOutcome }) => ({
      outcome,
      pending: null,
      // Only this session is left: it is on the first page.
      page: outcome === 'revokedOthers' ? 1 : context.page,
    })),
    showRevokeFailure: assign((_, { error }: { error: unknown }) => ({ pending: null, revokeFailure: callFailure(error) })),
  },
}).createMachine({
  id: 'activeSessions',
  context: { page: 1, items: [], total: 0, pending: null, outcome: null, revokeFailure: null, loadFailure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ page: context.page }),
        onDone: [
          { guard: withAnswer('pageEmptied'), target: 'loading', reenter: true, actions: 'previousPage' },
          { target: 'list', actions: withAnswer('showPage') },
        ],
        onError: { target: 'loadFailed', actions: { type: 'failLoad', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { retry: { target: 'loading' } },
    },
    list: {
      on: {
        goToPage: { guard: 'isOtherPage', target: 'loading', actions: 'choosePage' },
        askRevoke: { guard: 'isRevocable', target: 'confirming', actions: 'askOne' },
        askRevokeOthers: { guard: 'hasOthers', target: 'confirming', actions: 'askOthers' },
      },
    },
    confirming: {
      on: {
        confirm: { target: 'revoking' },
        cancel: { target: 'list', actions: 'forgetPending' },
      },
    },
    revoking: {
      invoke: {
        id: 'revoke',
        src: 'revoke',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'loading',
          actions: { type: 'showOutcome', params: ({ event }) => ({ outcome: event.output }) },
        },
        onError: { target: 'list', actions: { type: 'showRevokeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
