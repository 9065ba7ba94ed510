// Crear factura as a test model: the issuers load (manual, all automatic, none, or the connection fails), a
// concept from the catalogue or a dwelling's charges, the receiver searched and chosen, PPD forcing forma de pago
// 99, the server's preview (clean, or with a problem the SAT rules find), then stamping: stamped, refused by the
// PAC, no stamps left, or no answer (retried with the same draft key). The words: docs/scenarios.
import { assign } from 'xstate';
import type { ConceptDraft } from '../../src/api/invoicing';
import {
  type Client,
  type CreateInvoiceContext,
  createInvoiceMachine,
  type Issuer,
  type Product,
  type StartData,
} from '../../src/machines/createInvoiceMachine';
import { ApiError } from '../../src/services/http';
import type { DwellingChargesAnswer, PreviewAnswer } from '../../src/services/invoicingAnswers';
import type { StampResult } from '../../src/services/invoicingService';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

/** The key the model's stamping makes (the real one is a random UUID, see newDraftKey). */
export const DRAFT_KEY = 'draft-0000-0000-0001';
export const invoiceModelMachine = createInvoiceMachine.provide({
  actions: { makeDraftKey: assign(({ context }) => ({ draftKey: context.draftKey ?? DRAFT_KEY, failure: null })) },
});

const issuer = (id: number, rfc: string, modoInvoice: 'A' | 'M'): Issuer => ({
  id,
  version: 1,
  rfc,
  razonSocial: `CONDOMINIO ${id}`,
  regimenFiscal: '601',
  lugarExpedicion: '06600',
  serie: 'A',
  nextFolio: 1,
  modoInvoice,
  csd: { noCertificado: '30001000000500003416', validFrom: '2025-01-01', validTo: '2029-01-01' },
  stampsAvailable: 10,
});
export const ISSUERS = [issuer(1, 'CPA010101AB1', 'M'), issuer(2, 'CPB010101AB2', 'M'), issuer(3, 'CPC010101AB3', 'A')];
export const FEE_PRODUCT: Product = {
  id: 5,
  version: 1,
  active: true,
  kind: 'cuotaMantenimiento',
  name: 'Cuota de mantenimiento',
  claveProdServ: '80131500',
  claveUnidad: 'E48',
  unidad: 'Servicio',
  priceCents: 150_000,
  objetoImp: '02',
  iva: 'tasa16',
};
export const START: StartData = { issuers: ISSUERS, products: [FEE_PRODUCT] };
export const ONLY_AUTOMATIC: StartData = { issuers: [ISSUERS[2]!], products: [FEE_PRODUCT] };
export const NO_ISSUER: StartData = { issuers: [], products: [] };

export const FEE: ConceptDraft = {
  productId: 5,
  claveProdServ: '80131500',
  claveUnidad: 'E48',
  unidad: 'Servicio',
  descripcion: 'Cuota de mantenimiento',
  cantidad: '1',
  valorUnitarioCents: 150_000,
  objetoImp: '02',
  iva: 'tasa16',
};
/** A concept the contract refuses (quantity 0): never added. */
export const BAD_CONCEPT: ConceptDraft = { ...FEE, cantidad: '0' };
export const APARTMENT_ID = 7;
export const CLIENT: Client = {
  id: 11,
  version: 1,
  rfc: 'LOPM800101AB1',
  nombre: 'MARIA LOPEZ',
  regimenFiscal: '612',
  domicilioFiscal: '06600',
  usoCfdi: 'G03',
  email: 'maria@example.mx',
  apartmentIds: [7],
  dwellings: [{ apartmentId: 7, name: 'Torre A - 101' }],
};
/** The dwelling's charges, and the client its payments invoice (named, so the receiver step shows it). */
export const CHARGES: DwellingChargesAnswer = {
  charges: [
    {
      id: 70,
      concept: 'Cuota de mantenimiento',
      chargedOn: '2026-11-01',
      amountCents: 120_000,
      productKind: 'cuotaMantenimiento',
      open: true,
      current: true,
    },
    // An older charge still owed: offered in the checklist, not added on its own (issue 28 #9).
    {
      id: 69,
      concept: 'Cuota de mantenimiento octubre',
      chargedOn: '2026-10-01',
      amountCents: 120_000,
      productKind: 'cuotaMantenimiento',
      open: true,
      current: false,
    },
  ],
  clientId: 11,
  client: CLIENT,
};
const totals = { subtotalCents: 150_000, descuentoCents: 0, trasladosCents: 24_000, totalCents: 174_000, taxes: [] };
export const CLEAN_PREVIEW: PreviewAnswer = { totals, problems: [] };
export const PROBLEM_PREVIEW: PreviewAnswer = { totals, problems: ['invoicing.problem.receiverRegimenNotForRfc'] };
export const STAMPED: StampResult = {
  kind: 'stamped',
  stamped: {
    stampsAvailable: 9,
    cfdi: {
      id: 40,
      version: 1,
      type: 'I',
      status: 'vigente',
      uuid: '6F2A1C3E-1B2C-4D5E-8F90-123456789ABC',
      serie: 'A',
      folio: '1',
      fecha: '2026-11-24T10:00:00',
      issuerRfc: 'CPA010101AB1',
      clientId: 11,
      clientRfc: 'LOPM800101AB1',
      clientName: 'MARIA LOPEZ',
      metodoPago: 'PUE',
      totalCents: 174_000,
      balanceCents: null,
      dwelling: null,
      totals,
      cadenaOriginal: '||4.0|A|1|…||',
      verificationUrl: 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=6F2A1C3E',
      concepts: [],
      cancellation: null,
      related: [],
    },
  },
};
export const PAC_REFUSED: StampResult = { kind: 'refused', reason: 'pacRefused', message: 'CFDI40147: el RFC no está en la LCO' };
export const NO_STAMPS: StampResult = { kind: 'refused', reason: 'noStamps', message: 'Sin timbres.' };
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof createInvoiceMachine>;
const ctx = (s: Snap): CreateInvoiceContext => s.context;
const untouched = (s: Snap) => ctx(s).concepts.length === 0 && ctx(s).apartmentId === null;

export const createInvoiceModel = defineModel({
  machine: invoiceModelMachine,
  payloads: {
    'xstate.done.actor.loadStart': [{ output: START }, { output: ONLY_AUTOMATIC }, { output: NO_ISSUER }],
    'xstate.error.actor.loadStart': (s) => (ctx(s).failure === null ? [{ error: NO_CONNECTION }] : []),
    retry: BARE,
    chooseIssuer: (s) => (untouched(s) && ctx(s).issuerId === 1 ? [{ issuerId: 2 }, { issuerId: 3 }] : []),
    addConcept: (s) => (untouched(s) ? [{ concept: FEE }, { concept: BAD_CONCEPT }] : []),
    removeConcept: (s) =>
      ctx(s).concepts.length > 0 && ctx(s).apartmentId === null && ctx(s).clientId === null ? [{ index: 0 }] : [],
    chooseDwelling: (s) => (untouched(s) && ctx(s).issuerId === 1 ? [{ apartmentId: APARTMENT_ID }] : []),
    'xstate.done.actor.loadCharges': [{ output: CHARGES }],
    'xstate.error.actor.loadCharges': (s) => (ctx(s).failure === null ? [{ error: NO_CONNECTION }] : []),
    next: BARE,
    search: (s) => (ctx(s).clients.length === 0 && ctx(s).clientId === null ? [{ q: 'lopez' }] : []),
    'xstate.done.actor.searchClients': [{ output: { clients: [CLIENT], total: 1 } }],
    'xstate.error.actor.searchClients': (s) => (ctx(s).failure === null ? [{ error: NO_CONNECTION }] : []),
    chooseClient: (s) => (ctx(s).clientId === null && ctx(s).clients.length > 0 ? [{ clientId: CLIENT.id }] : []),
    setPayment: (s) =>
      ctx(s).metodoPago === 'PUE' && ctx(s).clientId !== null && ctx(s).apartmentId === null
        ? [{ metodoPago: 'PPD', formaPago: '03' }]
        : [],
    back: BARE,
    review: BARE,
    'xstate.done.actor.preview': (s) =>
      ctx(s).metodoPago === 'PPD' ? [{ output: CLEAN_PREVIEW }] : [{ output: CLEAN_PREVIEW }, { output: PROBLEM_PREVIEW }],
    'xstate.error.actor.preview': (s) => (ctx(s).failure === null ? [{ error: NO_CONNECTION }] : []),
    stamp: BARE,
    'xstate.done.actor.stamp': (s) =>
      ctx(s).refusal === null ? [{ output: STAMPED }, { output: PAC_REFUSED }, { output: NO_STAMPS }] : [{ output: STAMPED }],
    'xstate.error.actor.stamp': (s) => (ctx(s).failure === null && ctx(s).refusal === null ? [{ error: NO_CONNECTION }] : []),
    editConcepts: BARE,
    editReceiver: BARE,
    another: BARE,
  },
  words: {
    states: {
      loading: 'A progress line: “Cargando…”.',
      loadFailed: 'An alert (no connection) and “Reintentar”.',
      noIssuer: '“Aún no hay emisor”, the link “Configurar emisor” to datos-generales and “Reintentar”.',
      automatic: 'The notice that in automatic mode each payment is invoiced by itself; no form.',
      concepts: 'Step “Conceptos”: the issuer, the catalogue’s products, a dwelling’s charges, the concepts added.',
      'concepts.editing': 'The concept form and the list of concepts; “Continuar” once there is one.',
      'concepts.loadingCharges': 'A progress line while the dwelling’s charges load.',
      receiver: 'Step “Receptor”: the client search, the chosen client, método and forma de pago.',
      'receiver.choosing': 'The search box and the clients found; PPD shows forma de pago 99 fixed.',
      'receiver.searching': 'A progress line while the clients are searched.',
      previewing: 'A progress line: “Calculando la factura…”.',
      previewFailed: 'An alert (no connection), “Reintentar” and “Regresar”.',
      review: 'Subtotal, taxes and total in MXN; the server’s problems; “Timbrar” unless there is one.',
      stamping: 'A progress line: “Timbrando la factura…”.',
      stampFailed: 'An alert: no connection; retrying does not stamp twice; “Reintentar”.',
      refused: '“No se timbró la factura” with the PAC’s reason; “Reintentar”, “Editar conceptos”.',
      noStamps: '“Sin timbres” and the link to solicitar-timbres; “Reintentar”, “Editar conceptos”.',
      stamped: '“Factura timbrada”, the UUID, XML and PDF downloads, “Enviar por correo”, “Crear otra factura”.',
    },
    events: {
      'xstate.done.actor.loadStart': (e) => {
        const output = e.output as StartData;
        if (output.issuers.length === 0) return 'the server has no issuer yet';
        return output.issuers.some((i) => i.modoInvoice === 'M') ? 'the issuers and products load' : 'every issuer is automatic';
      },
      'xstate.error.actor.loadStart': () => 'the connection fails',
      retry: () => 'presses “Reintentar”',
      chooseIssuer: (e) => `chooses issuer ${String(e.issuerId)}`,
      addConcept: (e) =>
        (e.concept as ConceptDraft).cantidad === '0' ? 'adds a concept of quantity 0' : 'adds the maintenance fee',
      removeConcept: () => 'removes the concept',
      chooseDwelling: () => 'chooses dwelling Torre A - 101',
      'xstate.done.actor.loadCharges': () => 'its charges load (and its client)',
      'xstate.error.actor.loadCharges': () => 'the connection fails',
      next: () => 'presses “Continuar”',
      search: (e) => `searches “${String(e.q)}”`,
      'xstate.done.actor.searchClients': () => 'the server finds MARIA LOPEZ',
      'xstate.error.actor.searchClients': () => 'the connection fails',
      chooseClient: () => 'chooses MARIA LOPEZ',
      setPayment: () => 'chooses PPD',
      back: () => 'presses “Regresar”',
      review: () => 'presses “Vista previa”',
      'xstate.done.actor.preview': (e) =>
        (e.output as PreviewAnswer).problems.length ? 'the server previews it with a problem' : 'the server previews it',
      'xstate.error.actor.preview': () => 'the connection fails',
      stamp: () => 'presses “Timbrar”',
      'xstate.done.actor.stamp': (e) => {
        const output = e.output as StampResult;
        if (output.kind === 'stamped') return 'the PAC stamps it';
        return output.reason === 'noStamps' ? 'no stamps are left' : 'the PAC refuses it';
      },
      'xstate.error.actor.stamp': () => 'the connection fails',
      editConcepts: () => 'presses “Editar conceptos”',
      editReceiver: () => 'presses “Cambiar receptor”',
      another: () => 'presses “Crear otra factura”',
    },
  },
});
