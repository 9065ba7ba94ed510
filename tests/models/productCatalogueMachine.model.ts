// The billing catalogue (facturacion-electronica) as a test model: the seeded products read (or the server
// unreachable, then retried), a product added (once refused with the server's words, then saved), a product
// deactivated (once refused). The words its scenarios are told in: docs/scenarios.
import type { Product, ProductDraft } from '../../src/api/invoicing';
import { type ProductCatalogueContext, productCatalogueMachine } from '../../src/machines/productCatalogueMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const MAINTENANCE: Product = {
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
export const DRAFT: ProductDraft = {
  name: 'Renta de salón',
  claveProdServ: '80131500',
  claveUnidad: 'E48',
  unidad: 'Servicio',
  priceCents: 80_000,
  objetoImp: '02',
  iva: 'tasa16',
};
export const TAKEN = new ApiError(409, 'CONFLICT', 'Ya existe un producto con ese nombre.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof productCatalogueMachine>;
const ctx = (s: Snap): ProductCatalogueContext => s.context;
/** The first pass of each flow fails once, then succeeds: keeps the graph finite. */
const fresh = (s: Snap) => ctx(s).saved === 0;

export const productCatalogueModel = defineModel({
  machine: productCatalogueMachine,
  payloads: {
    retry: BARE,
    edit: (s) => (fresh(s) ? [{ product: null }] : []),
    save: (s) => (fresh(s) ? [{ draft: DRAFT }] : []),
    close: BARE,
    toggle: (s) => (fresh(s) && ctx(s).failure === null ? [{ product: MAINTENANCE }] : []),
    'xstate.done.actor.load': (s) => (ctx(s).failure === null || s.matches('loading') ? [{ output: [MAINTENANCE] }] : []),
    'xstate.error.actor.load': (s) =>
      fresh(s) && ctx(s).products.length === 0 && ctx(s).failure === null ? [{ error: NO_CONNECTION }] : [],
    'xstate.done.actor.save': (s) => (ctx(s).failure !== null ? [{ output: { ...MAINTENANCE, id: 2, name: DRAFT.name } }] : []),
    'xstate.error.actor.save': (s) => (ctx(s).failure === null ? [{ error: TAKEN }] : []),
    'xstate.done.actor.toggle': [{ output: { ...MAINTENANCE, active: false, version: 2 } }],
    'xstate.error.actor.toggle': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      loading: 'A loader: “Cargando el catálogo…”.',
      failed: 'An alert (no connection) and “Reintentar”.',
      ready: 'The products with their SAT keys, price and IVA; “Agregar producto”; each row “Editar” and “Desactivar”/“Activar”.',
      editing:
        'The dialog: name, ClaveProdServ and ClaveUnidad searched in the SAT catalogues, unit, price, ObjetoImp, IVA; the server’s words when refused.',
      saving: '“Guardar” busy.',
      toggling: 'The row’s button busy.',
    },
    events: {
      retry: () => 'presses “Reintentar”',
      edit: (e) => ((e.product as Product | null) ? 'presses “Editar”' : 'presses “Agregar producto”'),
      save: () => 'fills the product and presses “Guardar”',
      close: () => 'closes the dialog',
      toggle: () => 'presses “Desactivar” on Cuota de mantenimiento',
      'xstate.done.actor.load': () => 'the server answers the products',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.save': () => 'the server saves it',
      'xstate.error.actor.save': () => 'the server refuses it (the name is taken)',
      'xstate.done.actor.toggle': () => 'the server deactivates it',
      'xstate.error.actor.toggle': () => 'the connection fails',
    },
  },
});
