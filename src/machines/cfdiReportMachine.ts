// listado-cfdis (issue 17): the CFDI report. Filters (dates, client, type I/E/P, status) read a page of the
// set with its totals by type; nothing found is its own state (the view says there is no CFDI yet). A row opens
// its detail (concepts, UUID, the related payment complements) where two flows live:
// - cancel: confirming (the SAT reason 01–04, 01 with the replacing UUID) → cancelling → done | refused (the
//   server's or PAC's words);
// - payment of a PPD invoice with a balance: the bank accounts are read, the PaymentDraft is sent, and the Pagos
//   2.0 complement comes back stamped (a refusal stays in the form with its words).
// "Factura global" reads the issuers and the products, and stamps a global invoice to público en general.
// Leaving the detail or the global invoice reads the page again: what changed shows in the list.
import { assign, fromPromise, setup } from 'xstate';
import type { Balance } from '../api/finance';
import {
  type CancelRequest,
  CFDI_PAGE_SIZE,
  type CfdiDetail,
  type CfdiList,
  type CfdiListQuery,
  type CfdiStatus,
  type CfdiType,
  type GlobalInvoiceDraft,
  type Issuer,
  type PaymentDraft,
  type Product,
} from '../api/invoicing';
import { fetchBanks } from '../services/financeService';
import { ApiError } from '../services/http';
import {
  cancelCfdi,
  fetchCfdi,
  fetchCfdis,
  fetchGeneralData,
  fetchProducts,
  recordPayment,
  type StampResult,
  stampGlobalInvoice,
} from '../services/invoicingService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface CfdiFilters {
  from?: string;
  to?: string;
  clientId?: number;
  type?: CfdiType;
  status?: CfdiStatus;
}

export interface GlobalChoices {
  issuers: Issuer[];
  products: Product[];
}

export interface CfdiReportContext {
  filters: CfdiFilters;
  offset: number;
  list: CfdiList | null;
  detailId: number | null;
  detail: CfdiDetail | null;
  banks: Balance[];
  choices: GlobalChoices | null;
  /** The last stamped document of a flow (the payment complement, the global invoice). */
  stamped: CfdiDetail | null;
  failure: CallFailure | null;
}

export type CfdiReportEvent =
  | { type: 'retry' }
  | { type: 'filter'; filters: CfdiFilters }
  | { type: 'page'; offset: number }
  | { type: 'open'; id: number }
  | { type: 'close' }
  | { type: 'startCancel' }
  | { type: 'confirmCancel'; request: CancelRequest }
  | { type: 'startPayment' }
  | { type: 'submitPayment'; draft: PaymentDraft }
  | { type: 'back' }
  | { type: 'openGlobal' }
  | { type: 'submitGlobal'; draft: GlobalInvoiceDraft };

/** The query of the filtered set (the page's, or without paging for the ZIP and the CSV). */
export const queryOf = (filters: CfdiFilters, offset?: number): CfdiListQuery => ({
  ...filters,
  ...(offset === undefined ? {} : { limit: CFDI_PAGE_SIZE, offset }),
});

/** A vigente CFDI may be cancelled. */
export const canCancel = (cfdi: CfdiDetail | null) => cfdi !== null && cfdi.status === 'vigente';
/** A vigente PPD Ingreso with something left to pay takes a payment (its complement). */
export const canPay = (cfdi: CfdiDetail | null) =>
  cfdi !== null && cfdi.status === 'vigente' && cfdi.type === 'I' && cfdi.metodoPago === 'PPD' && (cfdi.balanceCents ?? 0) > 0;

/** A stamp refused (no stamps, no CSD, the PAC's reason) is a refusal with the server's or PAC's words. */
function stampedOrThrow(result: StampResult): CfdiDetail {
  if (result.kind === 'refused') throw new ApiError(409, result.reason, result.message);
  return result.stamped.cfdi;
}

type Ev<T extends CfdiReportEvent['type']> = Extract<CfdiReportEvent, { type: T }>;

export const cfdiReportMachine = setup({
  types: { context: {} as CfdiReportContext, events: {} as CfdiReportEvent },
  actors: {
    loadList: fromPromise<CfdiList, CfdiListQuery>(({ input, signal }) => fetchCfdis(input, signal)),
    loadDetail: fromPromise<CfdiDetail, { id: number }>(({ input, signal }) => fetchCfdi(input.id, signal)),
    cancelCfdi: fromPromise<CfdiDetail, { id: number; request: CancelRequest }>(({ input, signal }) =>
      cancelCfdi(input.id, input.request, signal),
    ),
    loadBanks: fromPromise<Balance[]>(({ signal }) => fetchBanks(signal)),
    payCfdi: fromPromise<CfdiDetail, { id: number; draft: PaymentDraft }>(async ({ input, signal }) =>
      stampedOrThrow(await recordPayment(input.id, input.draft, signal)),
    ),
    loadGlobalChoices: fromPromise<GlobalChoices>(async ({ signal }) => {
      const [general, products] = await Promise.all([fetchGeneralData(signal), fetchProducts(signal)]);
      return { issuers: general.data.map((row) => row.enterprise), products: products.products.filter((p) => p.active) };
    }),
    stampGlobal: fromPromise<CfdiDetail, { draft: GlobalInvoiceDraft }>(async ({ input, signal }) =>
      stampedOrThrow(await stampGlobalInvoice(input.draft, signal)),
    ),
  },
  guards: {
    nothingFound: (_, { list }: { list: CfdiList }) => list.total === 0,
    cancellable: ({ context }) => canCancel(context.detail),
    payable: ({ context }) => canPay(context.detail),
  },
  actions: {
    keepList: assign((_, { list }: { list: CfdiList }) => ({ list, failure: null })),
    filter: assign((_, { filters }: { filters: CfdiFilters }) => ({ filters, offset: 0 })),
    page: assign((_, { offset }: { offset: number }) => ({ offset })),
    openDetail: assign((_, { id }: { id: number }) => ({ detailId: id, detail: null, stamped: null, failure: null })),
    keepDetail: assign((_, { detail }: { detail: CfdiDetail }) => ({ detail, failure: null })),
    keepBanks: assign((_, { banks }: { banks: Balance[] }) => ({ banks, failure: null })),
    keepChoices: assign((_, { choices }: { choices: GlobalChoices }) => ({ choices, failure: null })),
    keepStamped: assign((_, { cfdi }: { cfdi: CfdiDetail }) => ({ stamped: cfdi, failure: null })),
    leave: assign({ detailId: null, detail: null, stamped: null, failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'cfdiReport',
  context: {
    filters: {},
    offset: 0,
    list: null,
    detailId: null,
    detail: null,
    banks: [],
    choices: null,
    stamped: null,
    failure: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'list',
        src: 'loadList',
        input: ({ context }) => queryOf(context.filters, context.offset),
        onDone: [
          {
            guard: { type: 'nothingFound', params: ({ event }) => ({ list: event.output }) },
            target: 'empty',
            actions: { type: 'keepList', params: ({ event }) => ({ list: event.output }) },
          },
          { target: 'list', actions: { type: 'keepList', params: ({ event }) => ({ list: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
    empty: {
      on: {
        filter: { target: 'loading', actions: { type: 'filter', params: ({ event }) => ({ filters: event.filters }) } },
        openGlobal: 'global',
      },
    },
    list: {
      on: {
        filter: { target: 'loading', actions: { type: 'filter', params: ({ event }) => ({ filters: event.filters }) } },
        page: { target: 'loading', actions: { type: 'page', params: ({ event }) => ({ offset: event.offset }) } },
        open: { target: 'detail', actions: { type: 'openDetail', params: ({ event }) => ({ id: event.id }) } },
        openGlobal: 'global',
      },
    },
    detail: {
      initial: 'loading',
      on: { close: { target: 'loading', actions: 'leave' } },
      states: {
        loading: {
          invoke: {
            id: 'detail',
            src: 'loadDetail',
            input: ({ context }) => ({ id: context.detailId! }),
            onDone: { target: 'showing', actions: { type: 'keepDetail', params: ({ event }) => ({ detail: event.output }) } },
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
        showing: {
          on: {
            startCancel: { guard: 'cancellable', target: 'confirming', actions: 'clearFailure' },
            startPayment: { guard: 'payable', target: 'preparingPayment', actions: 'clearFailure' },
          },
        },
        confirming: { on: { confirmCancel: 'cancelling', back: 'showing' } },
        cancelling: {
          invoke: {
            id: 'cancel',
            src: 'cancelCfdi',
            input: ({ context, event }) => ({ id: context.detailId!, request: (event as Ev<'confirmCancel'>).request }),
            onDone: { target: 'done', actions: { type: 'keepDetail', params: ({ event }) => ({ detail: event.output }) } },
            onError: { target: 'refused', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        done: { on: { back: 'showing' } },
        refused: { on: { back: { target: 'showing', actions: 'clearFailure' } } },
        preparingPayment: {
          invoke: {
            id: 'banks',
            src: 'loadBanks',
            onDone: { target: 'paying', actions: { type: 'keepBanks', params: ({ event }) => ({ banks: event.output }) } },
            onError: { target: 'showing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        paying: { on: { submitPayment: 'recordingPayment', back: { target: 'showing', actions: 'clearFailure' } } },
        recordingPayment: {
          invoke: {
            id: 'pay',
            src: 'payCfdi',
            input: ({ context, event }) => ({ id: context.detailId!, draft: (event as Ev<'submitPayment'>).draft }),
            onDone: { target: 'paid', actions: { type: 'keepStamped', params: ({ event }) => ({ cfdi: event.output }) } },
            onError: { target: 'paying', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // The invoice's balance and related complements changed: read it again.
        paid: { on: { back: 'loading' } },
      },
    },
    global: {
      initial: 'preparing',
      on: { close: { target: 'loading', actions: 'leave' } },
      states: {
        preparing: {
          invoke: {
            id: 'choices',
            src: 'loadGlobalChoices',
            onDone: { target: 'editing', actions: { type: 'keepChoices', params: ({ event }) => ({ choices: event.output }) } },
            onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { retry: { target: 'preparing', actions: 'clearFailure' } } },
        editing: { on: { submitGlobal: 'stamping' } },
        stamping: {
          invoke: {
            id: 'global',
            src: 'stampGlobal',
            input: ({ event }) => ({ draft: (event as Ev<'submitGlobal'>).draft }),
            onDone: { target: 'stamped', actions: { type: 'keepStamped', params: ({ event }) => ({ cfdi: event.output }) } },
            onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        stamped: {},
      },
    },
  },
});
