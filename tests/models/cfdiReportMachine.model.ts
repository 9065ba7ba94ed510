// listado-cfdis as a test model: the report read (nothing found when filtered to Egresos, or the server
// unreachable, then retried), the next page, a PPD invoice opened (its detail once unreachable), cancelled with
// reason 02 (once refused by the PAC, then done), its payment recorded (the bank accounts once unreachable, the
// payment once refused over the balance, then its complement stamped), and a global invoice stamped (the
// choices once unreachable, once refused for lack of stamps).
import type { Balance } from '../../src/api/finance';
import type {
  CancelRequest,
  CfdiDetail,
  CfdiList,
  GlobalInvoiceDraft,
  Issuer,
  PaymentDraft,
  Product,
} from '../../src/api/invoicing';
import { type CfdiReportContext, cfdiReportMachine } from '../../src/machines/cfdiReportMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const PPD_INVOICE: CfdiDetail = {
  id: 7,
  version: 1,
  type: 'I',
  status: 'vigente',
  uuid: '6f1b2c3d-1111-4222-8333-444455556666',
  serie: 'A',
  folio: '12',
  fecha: '2026-11-02T10:00:00',
  issuerRfc: 'RPA010101AB1',
  clientId: 1,
  clientRfc: 'GOMA800101AB1',
  clientName: 'ANA GÓMEZ MÉNDEZ',
  metodoPago: 'PPD',
  totalCents: 150_000,
  balanceCents: 150_000,
  dwelling: 'Torre A 101',
  totals: { subtotalCents: 150_000, descuentoCents: 0, trasladosCents: 0, totalCents: 150_000, taxes: [] },
  cadenaOriginal: '||4.0|A|12|…||',
  verificationUrl: 'https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=6f1b2c3d',
  concepts: [
    { descripcion: 'Cuota de mantenimiento noviembre', cantidad: '1', valorUnitarioCents: 150_000, importeCents: 150_000 },
  ],
  cancellation: null,
  related: [],
};
export const CANCELLED: CfdiDetail = {
  ...PPD_INVOICE,
  version: 2,
  status: 'cancelado',
  cancellation: { reason: '02', replacementUuid: null, at: '2026-11-03T10:00:00.000Z' },
};
export const COMPLEMENT: CfdiDetail = {
  ...PPD_INVOICE,
  id: 8,
  type: 'P',
  uuid: '7a1b2c3d-1111-4222-8333-444455556666',
  metodoPago: null,
  balanceCents: null,
  totalCents: 0,
  related: [{ id: 7, uuid: PPD_INVOICE.uuid, type: 'I', totalCents: 150_000 }],
};
export const GLOBAL: CfdiDetail = { ...PPD_INVOICE, id: 9, metodoPago: 'PUE', balanceCents: null, clientRfc: 'XAXX010101000' };
const {
  version: _v,
  totals: _t,
  cadenaOriginal: _c,
  verificationUrl: _u,
  concepts: _k,
  cancellation: _x,
  related: _r,
  ...SUMMARY
} = PPD_INVOICE;
export const PAGE: CfdiList = { items: [SUMMARY], total: 30, sums: [{ type: 'I', count: 30, totalCents: 4_500_000 }] };
export const NOTHING: CfdiList = { items: [], total: 0, sums: [] };
export const BANK: Balance = { id: 4, nombre: 'BBVA 1234', tipo: 'banco', saldoInicial: 0, entradas: 0, salidas: 0, saldo: 0 };
export const ISSUER: Issuer = {
  id: 1,
  version: 1,
  rfc: 'RPA010101AB1',
  razonSocial: 'RESIDENCIAL LAS PALMAS',
  regimenFiscal: '601',
  lugarExpedicion: '06600',
  serie: 'A',
  nextFolio: 13,
  modoInvoice: 'M',
  csd: null,
  stampsAvailable: 3,
};
export const PRODUCT: Product = {
  id: 1,
  version: 1,
  name: 'Cuota de mantenimiento',
  claveProdServ: '80131500',
  claveUnidad: 'E48',
  unidad: 'Servicio',
  priceCents: 150_000,
  objetoImp: '02',
  iva: 'exento',
  active: true,
  kind: 'cuotaMantenimiento',
};
export const CANCEL: CancelRequest = { version: 1, reason: '02' };
export const PAYMENT: PaymentDraft = {
  version: 1,
  paidOn: '2026-11-10',
  formaPago: '03',
  amountCents: 150_000,
  accountId: 4,
  reference: 'SPEI 123',
};
export const GLOBAL_DRAFT: GlobalInvoiceDraft = {
  issuerId: 1,
  periodicidad: '04',
  meses: '11',
  anio: 2026,
  concepts: [
    {
      productId: 1,
      claveProdServ: '01010101',
      claveUnidad: 'ACT',
      unidad: '',
      descripcion: 'Venta',
      cantidad: '1',
      valorUnitarioCents: 50_000,
      objetoImp: '02',
      iva: 'exento',
    },
  ],
  formaPago: '01',
  draftKey: 'global-2026-11-abcdef',
};
export const PAC_REFUSED = new ApiError(502, 'PAC_REFUSED', 'El PAC rechazó la cancelación: el CFDI tiene pagos relacionados.');
export const OVER_BALANCE = new ApiError(400, 'BAD_REQUEST', 'El monto excede el saldo de la factura.');
export const NO_STAMPS = new ApiError(409, 'NO_STAMPS', 'No quedan timbres para este RFC: solicita más.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof cfdiReportMachine>;
const ctx = (s: Snap): CfdiReportContext => s.context;
const atStart = (s: Snap) => ctx(s).offset === 0 && ctx(s).filters.type === undefined;
/** The first error of each call, then its success: keeps the graph finite. */
const firstTry = (s: Snap) => ctx(s).failure === null;

export const cfdiReportModel = defineModel({
  machine: cfdiReportMachine,
  payloads: {
    retry: BARE,
    filter: (s) => (atStart(s) && s.matches('list') ? [{ filters: { type: 'E' } }] : s.matches('empty') ? [{ filters: {} }] : []),
    page: (s) => (atStart(s) ? [{ offset: 25 }] : []),
    open: (s) => (atStart(s) ? [{ id: 7 }] : []),
    close: (s) =>
      s.matches({ detail: 'showing' }) || s.matches({ detail: 'done' }) || s.matches({ global: 'stamped' }) ? BARE : [],
    startCancel: BARE,
    confirmCancel: [{ request: CANCEL }],
    startPayment: (s) => (firstTry(s) ? BARE : []),
    submitPayment: [{ payment: PAYMENT }].map(() => ({ draft: PAYMENT })),
    back: BARE,
    openGlobal: (s) => (atStart(s) || s.matches('empty') ? BARE : []),
    submitGlobal: [{ draft: GLOBAL_DRAFT }],
    'xstate.done.actor.list': (s) => (ctx(s).filters.type === 'E' ? [{ output: NOTHING }] : [{ output: PAGE }]),
    'xstate.error.actor.list': (s) => (ctx(s).list === null && firstTry(s) ? [{ error: NO_CONNECTION }] : []),
    'xstate.done.actor.detail': [{ output: PPD_INVOICE }],
    'xstate.error.actor.detail': (s) => (firstTry(s) ? [{ error: NO_CONNECTION }] : []),
    'xstate.done.actor.cancel': [{ output: CANCELLED }],
    'xstate.error.actor.cancel': [{ error: PAC_REFUSED }],
    'xstate.done.actor.banks': [{ output: [BANK] }],
    'xstate.error.actor.banks': [{ error: NO_CONNECTION }],
    'xstate.done.actor.pay': (s) => (firstTry(s) ? [] : [{ output: COMPLEMENT }]),
    'xstate.error.actor.pay': (s) => (firstTry(s) ? [{ error: OVER_BALANCE }] : []),
    'xstate.done.actor.choices': [{ output: { issuers: [ISSUER], products: [PRODUCT] } }],
    'xstate.error.actor.choices': (s) => (firstTry(s) ? [{ error: NO_CONNECTION }] : []),
    'xstate.done.actor.global': (s) => (firstTry(s) ? [] : [{ output: GLOBAL }]),
    'xstate.error.actor.global': (s) => (firstTry(s) ? [{ error: NO_STAMPS }] : []),
  },
  words: {
    states: {
      loading: 'A loader: “Cargando CFDI…”.',
      failed: 'An alert (no connection) and “Reintentar”.',
      empty: '“No hay CFDI todavía” (or none for these filters); the filters and “Factura global” stay.',
      list: 'The totals by type, the rows (cards on a phone) with XML/PDF, ZIP and CSV of the set, the pages.',
      detail: 'The CFDI’s dialog.',
      'detail.loading': 'A loader in the dialog.',
      'detail.failed': 'An alert in the dialog and “Reintentar”.',
      'detail.showing':
        'Its UUID, concepts, totals, related payment complements; “Registrar pago” for a PPD with balance, “Cancelar”.',
      'detail.confirming': 'The SAT reason 01–04 (01 asks for the replacing UUID) and “Confirmar cancelación”.',
      'detail.cancelling': '“Confirmar cancelación” busy.',
      'detail.done': '“CFDI cancelado” with the reason.',
      'detail.refused': 'The PAC’s or server’s words and “Volver”.',
      'detail.preparingPayment': 'A loader: the bank accounts.',
      'detail.paying': 'The payment form: date, forma de pago (not 99), amount up to the balance, bank account, reference.',
      'detail.recordingPayment': '“Registrar pago” busy.',
      'detail.paid': 'The complement’s UUID; “Volver” reads the invoice again.',
      global: 'The global invoice’s dialog.',
      'global.preparing': 'A loader: the issuers and products.',
      'global.failed': 'An alert and “Reintentar”.',
      'global.editing':
        'The issuer, period (periodicidad, mes, año), concept and amount, forma de pago; the server’s words when refused.',
      'global.stamping': '“Timbrar” busy.',
      'global.stamped': 'The global invoice’s UUID.',
    },
    events: {
      retry: () => 'presses “Reintentar”',
      filter: (e) => ((e.filters as { type?: string }).type ? 'filters to Egresos' : 'clears the filters'),
      page: () => 'goes to page 2',
      open: () => 'opens the PPD invoice A-12',
      close: () => 'closes the dialog',
      startCancel: () => 'presses “Cancelar”',
      confirmCancel: () => 'chooses reason 02 and presses “Confirmar cancelación”',
      startPayment: () => 'presses “Registrar pago”',
      submitPayment: () => 'fills the payment and presses “Registrar pago”',
      back: () => 'presses “Volver”',
      openGlobal: () => 'presses “Factura global”',
      submitGlobal: () => 'fills November’s global invoice and presses “Timbrar”',
      'xstate.done.actor.list': (e) => ((e.output as CfdiList).total ? 'the server answers a page' : 'the server finds nothing'),
      'xstate.error.actor.list': () => 'the connection fails',
      'xstate.done.actor.detail': () => 'the server answers the CFDI',
      'xstate.error.actor.detail': () => 'the connection fails',
      'xstate.done.actor.cancel': () => 'the PAC cancels it',
      'xstate.error.actor.cancel': () => 'the PAC refuses',
      'xstate.done.actor.banks': () => 'the server answers the bank accounts',
      'xstate.error.actor.banks': () => 'the connection fails',
      'xstate.done.actor.pay': () => 'the complement is stamped',
      'xstate.error.actor.pay': () => 'the server refuses the amount',
      'xstate.done.actor.choices': () => 'the server answers the issuers and products',
      'xstate.error.actor.choices': () => 'the connection fails',
      'xstate.done.actor.global': () => 'the global invoice is stamped',
      'xstate.error.actor.global': () => 'the server refuses: no stamps left',
    },
  },
});
