// The invoicing issuers as a test model: the list loads (or the connection fails and it is retried), an issuer is
// saved (or the server says its RFC is taken), a CSD upload updates one in place, a message is dismissed.
import type { IssuerDraft } from '../../src/api/invoicing';
import { type IssuerRow, type IssuersContext, issuersMachine } from '../../src/machines/issuersMachine';
import { ApiError } from '../../src/services/http';
import type { GeneralDataAnswer } from '../../src/services/invoicingAnswers';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const DRAFT: IssuerDraft = {
  rfc: 'CPA010101AB1',
  razonSocial: 'CONDOMINIO LAS PALMAS',
  regimenFiscal: '601',
  lugarExpedicion: '06600',
  serie: 'A',
  nextFolio: 1,
  modoInvoice: 'M',
};
export const ISSUER: IssuerRow = { ...DRAFT, id: 1, version: 1, csd: null, stampsAvailable: 0 };
export const WITH_CSD: IssuerRow = {
  ...ISSUER,
  version: 2,
  csd: { noCertificado: '30001000000500003416', validFrom: '2025-01-01', validTo: '2029-01-01' },
};
export const EMPTY: GeneralDataAnswer = { success: true, data: [] };
export const RFC_TAKEN = new ApiError(409, 'CONFLICT', 'Ese RFC ya está registrado en este condominio.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof issuersMachine>;
const ctx = (s: Snap): IssuersContext => s.context;

export const issuersModel = defineModel({
  machine: issuersMachine,
  payloads: {
    'xstate.done.actor.load': [{ output: EMPTY }],
    'xstate.error.actor.load': (s) => (ctx(s).loadFailure === null ? [{ error: NO_CONNECTION }] : []),
    retry: BARE,
    save: (s) => (ctx(s).issuers.length === 0 ? [{ draft: DRAFT }] : []),
    'xstate.done.actor.save': (s) => (ctx(s).issuers.length === 0 ? [{ output: { issuer: ISSUER } }] : []),
    'xstate.error.actor.save': (s) => (ctx(s).issuers.length === 0 ? [{ error: RFC_TAKEN }] : []),
    issuerChanged: (s) => (ctx(s).issuers.length === 1 && ctx(s).issuers[0]!.csd === null ? [{ issuer: WITH_CSD }] : []),
    dismiss: (s) => (ctx(s).savedId !== null || ctx(s).saveFailure !== null ? [{}] : []),
  },
  words: {
    states: {
      loading: 'A progress line: “Cargando…”.',
      loadFailed: 'An alert (no connection) and “Reintentar”.',
      ready: 'The issuers (or the call to add the first), the saved message or the server’s words beside the form.',
      saving: 'The form’s “Guardar” busy.',
    },
    events: {
      'xstate.done.actor.load': () => 'the server has no issuer yet',
      'xstate.error.actor.load': () => 'the connection fails',
      retry: () => 'presses “Reintentar”',
      save: () => 'saves CPA010101AB1',
      'xstate.done.actor.save': () => 'the server saves it',
      'xstate.error.actor.save': () => 'the server says the RFC is taken',
      issuerChanged: () => 'uploads its CSD',
      dismiss: () => 'closes the message',
    },
  },
});
