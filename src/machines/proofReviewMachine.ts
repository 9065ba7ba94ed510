// Comprobantes de pago (issue 27), the list half: the form's options first (the dwellings, the accounts, whether the
// caller reviews), then a page of proofs (reviewers by tab: pendientes, aceptados, rechazados; residents all of
// theirs); opening one (viewing), accepting it into an account or rejecting it with a reason (reviewers), or
// withdrawing it (its sender), then done, which says how it ended. A proof decided meanwhile (409) is not an
// error to retry: the list is loaded again and the screen says the proof had already moved on.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { PROOFS_PAGE_SIZE, type Proof, type ProofOptions, type ProofTab, reasonIsValid } from '../api/proofs';
import { acceptProof, listProofs, loadProofOptions, rejectProof, withdrawProof } from '../services/proofsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ProofReviewContext {
  options: ProofOptions | null;
  tab: ProofTab | null;
  items: Proof[];
  total: number;
  /** 1-based. */
  page: number;
  /** The proof open. */
  current: Proof | null;
  /** How the last decision ended, for the screen to say so. */
  outcome: 'aceptado' | 'rechazado' | 'retirado' | 'stale' | null;
  /** A proof to open once the list is shown (a notification's link). */
  opening: number | null;
  failure: CallFailure | null;
}

export type ProofReviewEvent =
  | { type: 'tab'; tab: ProofTab }
  | { type: 'page'; page: number }
  | { type: 'reload' }
  | { type: 'retry' }
  | { type: 'view'; id: number }
  | { type: 'accept'; accountId: number }
  | { type: 'reject'; reason: string }
  | { type: 'withdraw' }
  | { type: 'close' };

type Page = { items: Proof[]; total: number };
type Decision =
  | { id: number; action: 'aceptar'; accountId: number }
  | { id: number; action: 'rechazar'; reason: string }
  | { id: number; action: 'retirar' };

const isStale = (error: unknown) => {
  const failure = callFailure(error);
  return failure.kind === 'refused' && failure.status === 409;
};

export const proofReviewMachine = setup({
  types: {
    context: {} as ProofReviewContext,
    events: {} as ProofReviewEvent,
    input: {} as { opening?: number | null },
  },
  actors: {
    loadOptions: fromPromise<ProofOptions>(({ signal }) => loadProofOptions(signal)),
    listProofs: fromPromise<Page, { tab: ProofTab | null; page: number }>(({ input, signal }) => listProofs(input, signal)),
    decide: fromPromise<Proof, Decision>(({ input, signal }) =>
      input.action === 'aceptar'
        ? acceptProof(input.id, input.accountId, signal)
        : input.action === 'rechazar'
          ? rejectProof(input.id, input.reason, signal)
          : withdrawProof(input.id, signal),
    ),
  },
  guards: {
    otherTab: ({ context, event }) => event.type === 'tab' && event.tab !== context.tab && context.options?.reviewer === true,
    otherPage: ({ context, event }) =>
      event.type === 'page' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= Math.max(1, Math.ceil(context.total / PROOFS_PAGE_SIZE)),
    listed: ({ context, event }) => event.type === 'view' && context.items.some((p) => p.id === event.id),
    mayAccept: ({ context, event }) =>
      event.type === 'accept' &&
      context.current?.actions.includes('aceptar') === true &&
      context.options?.accounts.some((a) => a.id === event.accountId) === true,
    mayReject: ({ context, event }) =>
      event.type === 'reject' && context.current?.actions.includes('rechazar') === true && reasonIsValid(event.reason),
    mayWithdraw: ({ context }) => context.current?.actions.includes('retirar') === true,
    stale: (_, { error }: { error: unknown }) => isStale(error),
    openingListed: ({ context }) => context.opening !== null && context.items.some((p) => p.id === context.opening),
  },
  actions: {
    keepOptions: assign((_, options: ProofOptions) => ({ options, tab: options.reviewer ? ('pendientes' as const) : null })),
    /** The page; a notification's proof not on it is not looked for again. */
    keepPage: assign(({ context }, page: Page) => ({
      items: page.items,
      total: page.total,
      failure: null,
      opening: page.items.some((p) => p.id === context.opening) ? context.opening : null,
    })),
    setTab: assign(({ event }) => {
      assertEvent(event, 'tab');
      return { tab: event.tab, page: 1, outcome: null };
    }),
    goToPage: assign(({ event }) => {
      assertEvent(event, 'page');
      return { page: event.page };
    }),
    open: assign(({ context, event }) => {
      assertEvent(event, 'view');
      return { current: context.items.find((p) => p.id === event.id) ?? null, outcome: null, failure: null };
    }),
    openLinked: assign(({ context }) => ({
      current: context.items.find((p) => p.id === context.opening) ?? null,
      opening: null,
    })),
    shut: assign({ current: null, failure: null }),
    decided: assign(({ context }, proof: Proof) => ({
      current: proof,
      items: context.items.map((p) => (p.id === proof.id ? proof : p)),
      outcome: proof.estado === 'enviado' ? null : proof.estado,
      failure: null,
    })),
    staleDecision: assign({ current: null, outcome: 'stale' as const, failure: null }),
    clearFailure: assign({ failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'proofReview',
  context: ({ input }) => ({
    options: null,
    tab: null,
    items: [],
    total: 0,
    page: 1,
    current: null,
    outcome: null,
    opening: input?.opening ?? null,
    failure: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        id: 'loadOptions',
        src: 'loadOptions',
        onDone: { target: 'loading', actions: { type: 'keepOptions', params: ({ event }) => event.output } },
        onError: { target: 'startFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    startFailed: { on: { retry: { target: 'starting', actions: 'clearFailure' } } },
    loading: {
      invoke: {
        id: 'listProofs',
        src: 'listProofs',
        input: ({ context }) => ({ tab: context.tab, page: context.page }),
        onDone: { target: 'list', actions: { type: 'keepPage', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
    list: {
      always: { guard: 'openingListed', target: 'viewing', actions: 'openLinked' },
      on: {
        tab: { guard: 'otherTab', target: 'loading', actions: 'setTab' },
        page: { guard: 'otherPage', target: 'loading', actions: 'goToPage' },
        reload: 'loading',
        view: { guard: 'listed', target: 'viewing', actions: 'open' },
      },
    },
    viewing: {
      on: {
        accept: { guard: 'mayAccept', target: 'accepting' },
        reject: { guard: 'mayReject', target: 'rejecting' },
        withdraw: { guard: 'mayWithdraw', target: 'withdrawing' },
        close: { target: 'list', actions: 'shut' },
      },
    },
    accepting: {
      invoke: {
        id: 'accept',
        src: 'decide',
        input: ({ context, event }) => {
          assertEvent(event, 'accept');
          return { id: context.current!.id, action: 'aceptar' as const, accountId: event.accountId };
        },
        onDone: { target: 'done', actions: { type: 'decided', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'stale', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: 'staleDecision',
          },
          { target: 'viewing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    rejecting: {
      invoke: {
        id: 'reject',
        src: 'decide',
        input: ({ context, event }) => {
          assertEvent(event, 'reject');
          return { id: context.current!.id, action: 'rechazar' as const, reason: event.reason.trim() };
        },
        onDone: { target: 'done', actions: { type: 'decided', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'stale', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: 'staleDecision',
          },
          { target: 'viewing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    withdrawing: {
      invoke: {
        id: 'withdraw',
        src: 'decide',
        input: ({ context }) => ({ id: context.current!.id, action: 'retirar' as const }),
        onDone: { target: 'done', actions: { type: 'decided', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'stale', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            actions: 'staleDecision',
          },
          { target: 'viewing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // How it ended, with the proof as it is now (an accepted one's receipt); closing shows the list again.
    done: { on: { close: { target: 'loading', actions: 'shut' } } },
  },
});
