// Crear factura (issue 17): an Ingreso CFDI 4.0 built in steps. First the issuers and the product catalogue load
// (no issuer → the call to set one up). Concepts come from the catalogue, free with their SAT keys, or from a
// dwelling's charges (which also bring the client its payments invoice). Then the receiver and the payment
// (PPD forces forma de pago 99); then the server's preview (totals, taxes, the SAT rules' problems); then
// stamping. The draft gets one key the first time it is stamped, kept by every retry, so a lost answer never
// stamps twice; editing the concepts or the receiver makes a new draft (and a new key). The outcomes: stamped,
// refused with the PAC's reason, or no stamps left (request more, then retry).

import { is } from 'superstruct';
import { assign, fromPromise, setup } from 'xstate';
import { ConceptDraft, type FormaPago, type InvoiceDraft, type MetodoPago, type StampRefusal } from '../api/invoicing';
import type {
  ClientListAnswer,
  DwellingChargesAnswer,
  GeneralDataAnswer,
  PreviewAnswer,
  ProductListAnswer,
  StampedAnswer,
} from '../services/invoicingAnswers';
import {
  fetchClients,
  fetchDwellingCharges,
  fetchGeneralData,
  fetchProducts,
  previewInvoice,
  type StampResult,
  stampInvoice,
} from '../services/invoicingService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type Issuer = GeneralDataAnswer['data'][number]['enterprise'];
export type Product = ProductListAnswer['products'][number];
export type Client = ClientListAnswer['clients'][number];
export type Charge = DwellingChargesAnswer['charges'][number];

export interface StartData {
  issuers: Issuer[];
  products: Product[];
}

export interface CreateInvoiceContext {
  issuers: Issuer[];
  products: Product[];
  issuerId: number | null;
  concepts: ConceptDraft[];
  apartmentId: number | null;
  /** The chosen dwelling's charges not added on their own (older than this month, still owed): the screen
   * offers them as a checklist (issue 28 #9). */
  offeredCharges: Charge[];
  clientId: number | null;
  clients: Client[];
  metodoPago: MetodoPago;
  formaPago: FormaPago;
  preview: PreviewAnswer | null;
  /** Made when this draft is first stamped; kept by retries; a new draft (an edit) drops it. */
  draftKey: string | null;
  stamped: StampedAnswer | null;
  refusal: { reason: StampRefusal; message: string } | null;
  /** The last call failed: why. */
  failure: CallFailure | null;
}

export type CreateInvoiceEvent =
  | { type: 'retry' }
  | { type: 'chooseIssuer'; issuerId: number }
  | { type: 'addConcept'; concept: ConceptDraft }
  | { type: 'removeConcept'; index: number }
  | { type: 'chooseDwelling'; apartmentId: number }
  | { type: 'next' }
  | { type: 'search'; q: string }
  | { type: 'chooseClient'; clientId: number }
  | { type: 'setPayment'; metodoPago: MetodoPago; formaPago: FormaPago }
  | { type: 'back' }
  | { type: 'review' }
  | { type: 'stamp' }
  | { type: 'editConcepts' }
  | { type: 'editReceiver' }
  | { type: 'another' };

/** PPD takes only forma de pago 99 (por definir); PUE any other. */
export const formaPagoFor = (metodoPago: MetodoPago, formaPago: FormaPago): FormaPago =>
  metodoPago === 'PPD' ? '99' : formaPago === '99' ? '03' : formaPago;

/** The draft the server previews and stamps, once every part is there. */
export function draftOf(context: CreateInvoiceContext): InvoiceDraft | null {
  if (context.issuerId === null || context.clientId === null || context.concepts.length === 0) return null;
  return {
    issuerId: context.issuerId,
    clientId: context.clientId,
    concepts: context.concepts,
    metodoPago: context.metodoPago,
    formaPago: context.formaPago,
    moneda: 'MXN',
    ...(context.apartmentId !== null ? { apartmentId: context.apartmentId } : {}),
  };
}

/** A dwelling's charge as a concept: the SAT keys of the catalogue's product of its kind (else the maintenance fee). */
export function conceptOfCharge(charge: Charge, products: Product[]): ConceptDraft | null {
  const product =
    products.find((p) => p.active && p.kind === (charge.productKind ?? 'cuotaMantenimiento')) ??
    products.find((p) => p.active && p.kind === 'cuotaMantenimiento');
  if (!product) return null;
  return {
    productId: product.id,
    chargeId: charge.id,
    claveProdServ: product.claveProdServ,
    claveUnidad: product.claveUnidad,
    unidad: product.unidad,
    descripcion: `${charge.concept} (${charge.chargedOn})`,
    cantidad: '1',
    valorUnitarioCents: charge.amountCents,
    objetoImp: product.objetoImp,
    iva: product.iva,
  };
}

/** Only an issuer in manual mode invoices by hand (spec §4); one of them is chosen at start. */
const manualIssuers = (issuers: Issuer[]) => issuers.filter((issuer) => issuer.modoInvoice === 'M');

/** A key for this draft, the form StampRequest wants (16–64 letters, digits and dashes). */
export function newDraftKey(): string {
  return globalThis.crypto.randomUUID();
}

const EMPTY_DRAFT = {
  concepts: [] as ConceptDraft[],
  apartmentId: null,
  offeredCharges: [] as Charge[],
  clientId: null,
  metodoPago: 'PUE' as MetodoPago,
  formaPago: '03' as FormaPago,
  preview: null,
  draftKey: null,
  stamped: null,
  refusal: null,
  failure: null,
};

export const createInvoiceMachine = setup({
  types: {
    context: {} as CreateInvoiceContext,
    events: {} as CreateInvoiceEvent,
  },
  actors: {
    loadStart: fromPromise<StartData>(async ({ signal }) => {
      const [general, products] = await Promise.all([fetchGeneralData(signal), fetchProducts(signal)]);
      return { issuers: general.data.map((row) => row.enterprise), products: products.products };
    }),
    loadCharges: fromPromise<DwellingChargesAnswer, { apartmentId: number }>(({ input, signal }) =>
      fetchDwellingCharges(input.apartmentId, signal),
    ),
    searchClients: fromPromise<ClientListAnswer, { q: string }>(({ input, signal }) =>
      fetchClients({ q: input.q, limit: 25 }, signal),
    ),
    preview: fromPromise<PreviewAnswer, InvoiceDraft>(({ input, signal }) => previewInvoice(input, signal)),
    stamp: fromPromise<StampResult, { draft: InvoiceDraft; draftKey: string }>(({ input, signal }) =>
      stampInvoice(input, signal),
    ),
  },
  guards: {
    hasManualIssuer: (_, { output }: { output: StartData }) => manualIssuers(output.issuers).length > 0,
    hasIssuers: (_, { output }: { output: StartData }) => output.issuers.length > 0,
    conceptValid: (_, { concept }: { concept: ConceptDraft }) => is(concept, ConceptDraft),
    issuerIsManual: ({ context }, { issuerId }: { issuerId: number }) =>
      manualIssuers(context.issuers).some((issuer) => issuer.id === issuerId),
    hasConcepts: ({ context }) => context.issuerId !== null && context.concepts.length > 0,
    hasClient: ({ context }) => context.clientId !== null,
    noProblems: ({ context }) => context.preview !== null && context.preview.problems.length === 0,
    isStamped: (_, { output }: { output: StampResult }) => output.kind === 'stamped',
    noStamps: (_, { output }: { output: StampResult }) => output.kind === 'refused' && output.reason === 'noStamps',
  },
  actions: {
    keepStart: assign((_, { output }: { output: StartData }) => ({
      issuers: output.issuers,
      products: output.products,
      issuerId: manualIssuers(output.issuers)[0]?.id ?? null,
      failure: null,
    })),
    keepIssuersOnly: assign((_, { output }: { output: StartData }) => ({
      issuers: output.issuers,
      products: output.products,
      issuerId: null,
    })),
    chooseIssuer: assign((_, { issuerId }: { issuerId: number }) => ({ issuerId })),
    addConcept: assign(({ context }, { concept }: { concept: ConceptDraft }) => ({
      concepts: [...context.concepts, concept],
    })),
    removeConcept: assign(({ context }, { index }: { index: number }) => ({
      concepts: context.concepts.filter((_, i) => i !== index),
    })),
    markDwelling: assign((_, { apartmentId }: { apartmentId: number }) => ({ apartmentId, failure: null })),
    keepCharges: assign(({ context }, { output }: { output: DwellingChargesAnswer }) => {
      // This month's charges are added at once; the older ones still owed wait in the checklist.
      const fromCharges = output.charges
        .filter((charge) => charge.current)
        .filter((charge) => !context.concepts.some((c) => c.chargeId === charge.id))
        .map((charge) => conceptOfCharge(charge, context.products))
        .filter((concept): concept is ConceptDraft => concept !== null);
      const client = output.client ?? null;
      return {
        concepts: [...context.concepts, ...fromCharges],
        offeredCharges: output.charges.filter((charge) => !charge.current),
        clientId: output.clientId ?? context.clientId,
        // The dwelling's client joins the choices, so the receiver step names it.
        clients: client ? [client, ...context.clients.filter((c) => c.id !== client.id)] : context.clients,
      };
    }),
    keepClients: assign((_, { output }: { output: ClientListAnswer }) => ({ clients: output.clients, failure: null })),
    chooseClient: assign((_, { clientId }: { clientId: number }) => ({ clientId })),
    setPayment: assign((_, { metodoPago, formaPago }: { metodoPago: MetodoPago; formaPago: FormaPago }) => ({
      metodoPago,
      formaPago: formaPagoFor(metodoPago, formaPago),
    })),
    keepPreview: assign((_, { output }: { output: PreviewAnswer }) => ({ preview: output, failure: null })),
    /** A new draft: what was previewed or keyed for the old one no longer holds. */
    newDraft: assign({ preview: null, draftKey: null, refusal: null, failure: null }),
    makeDraftKey: assign(({ context }) => ({ draftKey: context.draftKey ?? newDraftKey(), failure: null })),
    keepStamped: assign((_, { output }: { output: StampResult }) =>
      output.kind === 'stamped' ? { stamped: output.stamped, refusal: null } : {},
    ),
    keepRefusal: assign((_, { output }: { output: StampResult }) =>
      output.kind === 'refused' ? { refusal: { reason: output.reason, message: output.message } } : {},
    ),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    startOver: assign(EMPTY_DRAFT),
  },
}).createMachine({
  id: 'createInvoice',
  context: { issuers: [], products: [], issuerId: null, clients: [], ...EMPTY_DRAFT },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStart',
        src: 'loadStart',
        onDone: [
          {
            guard: { type: 'hasManualIssuer', params: ({ event }) => ({ output: event.output }) },
            target: 'concepts',
            actions: { type: 'keepStart', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'hasIssuers', params: ({ event }) => ({ output: event.output }) },
            target: 'automatic',
            actions: { type: 'keepIssuersOnly', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'noIssuer' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    /** No issuer yet: the call to set one up in datos-generales. */
    noIssuer: { on: { retry: 'loading' } },
    /** Every issuer invoices automatically (mode A): nothing is invoiced by hand. */
    automatic: {},
    concepts: {
      initial: 'editing',
      on: {
        chooseIssuer: {
          guard: { type: 'issuerIsManual', params: ({ event }) => ({ issuerId: event.issuerId }) },
          actions: [{ type: 'chooseIssuer', params: ({ event }) => ({ issuerId: event.issuerId }) }, 'newDraft'],
        },
        addConcept: {
          guard: { type: 'conceptValid', params: ({ event }) => ({ concept: event.concept }) },
          actions: [{ type: 'addConcept', params: ({ event }) => ({ concept: event.concept }) }, 'newDraft'],
        },
        removeConcept: {
          actions: [{ type: 'removeConcept', params: ({ event }) => ({ index: event.index }) }, 'newDraft'],
        },
        chooseDwelling: {
          target: '.loadingCharges',
          actions: { type: 'markDwelling', params: ({ event }) => ({ apartmentId: event.apartmentId }) },
        },
        next: { guard: 'hasConcepts', target: 'receiver' },
      },
      states: {
        editing: {},
        loadingCharges: {
          invoke: {
            id: 'loadCharges',
            src: 'loadCharges',
            input: ({ context }) => ({ apartmentId: context.apartmentId! }),
            onDone: {
              target: 'editing',
              actions: [{ type: 'keepCharges', params: ({ event }) => ({ output: event.output }) }, 'newDraft'],
            },
            onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    receiver: {
      initial: 'choosing',
      on: {
        search: { target: '.searching' },
        chooseClient: {
          actions: [{ type: 'chooseClient', params: ({ event }) => ({ clientId: event.clientId }) }, 'newDraft'],
        },
        setPayment: {
          actions: [
            {
              type: 'setPayment',
              params: ({ event }) => ({ metodoPago: event.metodoPago, formaPago: event.formaPago }),
            },
            'newDraft',
          ],
        },
        back: 'concepts',
        review: { guard: 'hasClient', target: 'previewing' },
      },
      states: {
        choosing: {},
        searching: {
          invoke: {
            id: 'searchClients',
            src: 'searchClients',
            input: ({ event }) => ({ q: event.type === 'search' ? event.q : '' }),
            onDone: {
              target: 'choosing',
              actions: { type: 'keepClients', params: ({ event }) => ({ output: event.output }) },
            },
            onError: { target: 'choosing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    previewing: {
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => draftOf(context)!,
        onDone: { target: 'review', actions: { type: 'keepPreview', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'previewFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    previewFailed: { on: { retry: 'previewing', back: 'receiver' } },
    review: {
      on: {
        stamp: { guard: 'noProblems', target: 'stamping', actions: 'makeDraftKey' },
        editConcepts: { target: 'concepts', actions: 'newDraft' },
        editReceiver: { target: 'receiver', actions: 'newDraft' },
      },
    },
    stamping: {
      invoke: {
        id: 'stamp',
        src: 'stamp',
        input: ({ context }) => ({ draft: draftOf(context)!, draftKey: context.draftKey! }),
        onDone: [
          {
            guard: { type: 'isStamped', params: ({ event }) => ({ output: event.output }) },
            target: 'stamped',
            actions: { type: 'keepStamped', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'noStamps', params: ({ event }) => ({ output: event.output }) },
            target: 'noStamps',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ output: event.output }) },
          },
          { target: 'refused', actions: { type: 'keepRefusal', params: ({ event }) => ({ output: event.output }) } },
        ],
        onError: { target: 'stampFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** No answer: the retry sends the same key, so the server stamps this draft at most once. */
    stampFailed: { on: { retry: { target: 'stamping', actions: 'makeDraftKey' } } },
    refused: {
      on: {
        retry: { target: 'stamping', actions: 'makeDraftKey' },
        editConcepts: { target: 'concepts', actions: 'newDraft' },
      },
    },
    noStamps: {
      on: {
        retry: { target: 'stamping', actions: 'makeDraftKey' },
        editConcepts: { target: 'concepts', actions: 'newDraft' },
      },
    },
    stamped: { on: { another: { target: 'concepts', actions: 'startOver' } } },
  },
});
