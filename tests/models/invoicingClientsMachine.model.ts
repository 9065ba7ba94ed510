// catalago-clientes as a test model: the first page read (or the server unreachable, then retried), a search,
// the next page, "Público en general" added (once refused with the server's words, then saved), a client edited.
import type { Client, ClientDraft, ClientList } from '../../src/api/invoicing';
import { type InvoicingClientsContext, invoicingClientsMachine } from '../../src/machines/invoicingClientsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const ANA: Client = {
  id: 1,
  version: 1,
  rfc: 'GOMA800101AB1',
  nombre: 'ANA GÓMEZ MÉNDEZ',
  regimenFiscal: '605',
  domicilioFiscal: '06600',
  usoCfdi: 'G03',
  email: 'ana@example.mx',
  apartmentIds: [3],
  dwellings: [{ apartmentId: 3, name: 'Torre A 101' }],
};
export const PAGE: ClientList = { clients: [ANA], total: 30 };
export const PUBLICO_DRAFT: ClientDraft = {
  rfc: 'XAXX010101000',
  nombre: 'PUBLICO EN GENERAL',
  regimenFiscal: '616',
  domicilioFiscal: '06600',
  usoCfdi: 'S01',
  email: null,
  apartmentIds: [],
};
export const TAKEN = new ApiError(409, 'CONFLICT', 'Ya existe un cliente con ese RFC.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof invoicingClientsMachine>;
const ctx = (s: Snap): InvoicingClientsContext => s.context;
const start = (s: Snap) => ctx(s).saved === 0 && ctx(s).query.q === '' && ctx(s).query.offset === 0;

export const invoicingClientsModel = defineModel({
  machine: invoicingClientsMachine,
  payloads: {
    retry: BARE,
    search: (s) => (start(s) ? [{ q: 'gomez' }] : []),
    page: (s) => (start(s) ? [{ offset: 25 }] : []),
    edit: (s) => (start(s) ? [{ client: ANA }] : []),
    addPublico: (s) => (start(s) ? BARE : []),
    save: (s) => (ctx(s).publico ? [{ draft: PUBLICO_DRAFT }] : []),
    close: BARE,
    'xstate.done.actor.load': [{ output: PAGE }],
    'xstate.error.actor.load': (s) => (ctx(s).answer === null && ctx(s).failure === null ? [{ error: NO_CONNECTION }] : []),
    'xstate.done.actor.save': (s) => (ctx(s).failure ? [{ output: { ...ANA, id: 2, rfc: PUBLICO_DRAFT.rfc } }] : []),
    'xstate.error.actor.save': (s) => (ctx(s).failure ? [] : [{ error: TAKEN }]),
  },
  words: {
    states: {
      loading: 'A loader: “Cargando clientes…”.',
      failed: 'An alert (no connection) and “Reintentar”.',
      ready:
        'The clients (cards on a phone) with RFC, régimen, CP, UsoCFDI and their dwellings; the search; the pages; “Agregar cliente” and “Público en general”; “No hay clientes todavía” when none.',
      editing:
        'The dialog: RFC, name, régimen (the RFC’s kind only), CP, UsoCFDI, e-mail, dwellings; the server’s words when refused.',
      saving: '“Guardar” busy.',
    },
    events: {
      retry: () => 'presses “Reintentar”',
      search: (e) => `types “${e.q as string}” in the search`,
      page: () => 'goes to page 2',
      edit: (e) => ((e.client as Client | null) ? 'presses “Editar” on Ana Gómez' : 'presses “Agregar cliente”'),
      addPublico: () => 'presses “Público en general”',
      save: () => 'presses “Guardar”',
      close: () => 'closes the dialog',
      'xstate.done.actor.load': () => 'the server answers a page of clients',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.save': () => 'the server saves it',
      'xstate.error.actor.save': () => 'the server refuses it (the RFC is taken)',
    },
  },
});
