// Recargos (issue 27), the list half: the fees applied, a page at a time, filtered by period and dwelling, and
// waiving one ("Condonar"): asking the reason in a dialog, then the call. A failed waive keeps the dialog open with
// why (a 409 says it was waived meanwhile); a failed page keeps what was shown, with Reintentar.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { LATE_FEES_PAGE_SIZE, type LateFee, reasonIsValid } from '../api/lateFees';
import { type LateFeeFilters, listLateFees, waiveLateFee } from '../services/lateFeesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface LateFeeListContext {
  items: LateFee[];
  total: number;
  /** 1-based. */
  page: number;
  filters: LateFeeFilters;
  /** The fee whose waiver is being asked for. */
  waiving: LateFee | null;
  /** The last fee waived, for the screen to say so. */
  waived: LateFee | null;
  failure: CallFailure | null;
}

export type LateFeeListEvent =
  | { type: 'page'; page: number }
  | { type: 'filter'; filters: LateFeeFilters }
  | { type: 'reload' }
  | { type: 'retry' }
  | { type: 'waive'; id: number }
  | { type: 'confirm'; reason: string }
  | { type: 'cancel' };

type Page = { items: LateFee[]; total: number };

export const NO_FILTERS: LateFeeFilters = { periodo: '', vivienda: null };

export const lateFeeListMachine = setup({
  types: {
    context: {} as LateFeeListContext,
    events: {} as LateFeeListEvent,
  },
  actors: {
    listFees: fromPromise<Page, { page: number; filters: LateFeeFilters }>(({ input, signal }) =>
      listLateFees({ ...input.filters, limit: LATE_FEES_PAGE_SIZE, offset: (input.page - 1) * LATE_FEES_PAGE_SIZE }, signal),
    ),
    waiveFee: fromPromise<LateFee, { id: number; reason: string }>(({ input, signal }) =>
      waiveLateFee(input.id, input.reason, signal),
    ),
  },
  guards: {
    otherPage: ({ context, event }) =>
      event.type === 'page' &&
      event.page !== context.page &&
      event.page >= 1 &&
      event.page <= Math.max(1, Math.ceil(context.total / LATE_FEES_PAGE_SIZE)),
    waivable: ({ context, event }) =>
      event.type === 'waive' && context.items.some((f) => f.id === event.id && f.waivedAt === null),
    validReason: ({ event }) => event.type === 'confirm' && reasonIsValid(event.reason),
  },
  actions: {
    keepPage: assign((_, page: Page) => ({ items: page.items, total: page.total, failure: null })),
    goToPage: assign(({ event }) => {
      assertEvent(event, 'page');
      return { page: event.page };
    }),
    setFilters: assign(({ event }) => {
      assertEvent(event, 'filter');
      return { filters: event.filters, page: 1 };
    }),
    askReason: assign(({ context, event }) => {
      assertEvent(event, 'waive');
      return { waiving: context.items.find((f) => f.id === event.id) ?? null, failure: null, waived: null };
    }),
    forgetWaiving: assign({ waiving: null, failure: null }),
    keepWaived: assign(({ context }, fee: LateFee) => ({
      items: context.items.map((f) => (f.id === fee.id ? fee : f)),
      waiving: null,
      waived: fee,
    })),
    clearFailure: assign({ failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'lateFeeList',
  context: { items: [], total: 0, page: 1, filters: NO_FILTERS, waiving: null, waived: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listFees',
        src: 'listFees',
        input: ({ context }) => ({ page: context.page, filters: context.filters }),
        onDone: { target: 'shown', actions: { type: 'keepPage', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
    shown: {
      on: {
        page: { guard: 'otherPage', target: 'loading', actions: 'goToPage' },
        filter: { target: 'loading', actions: 'setFilters' },
        reload: 'loading',
        waive: { guard: 'waivable', target: 'asking', actions: 'askReason' },
      },
    },
    asking: {
      on: {
        confirm: { guard: 'validReason', target: 'waiving' },
        cancel: { target: 'shown', actions: 'forgetWaiving' },
      },
    },
    waiving: {
      invoke: {
        id: 'waiveFee',
        src: 'waiveFee',
        input: ({ context, event }) => {
          assertEvent(event, 'confirm');
          return { id: context.waiving!.id, reason: event.reason.trim() };
        },
        onDone: { target: 'shown', actions: { type: 'keepWaived', params: ({ event }) => event.output } },
        onError: { target: 'asking', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
