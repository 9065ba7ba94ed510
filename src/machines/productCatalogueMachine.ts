// facturacion-electronica (issue 17): the products and services the condominium invoices, with their SAT keys.
// The list is read; a dialog adds or edits one (a refusal stays in the dialog with the server's words); a
// product is deactivated or activated again from its row. Every change reads the list again, so versions stay
// current. The four defaults (cuota de mantenimiento, extraordinaria, reservación, multa) come seeded.
import { assign, fromPromise, setup } from 'xstate';
import type { Product, ProductDraft } from '../api/invoicing';
import { fetchProducts, saveProduct, setProductActive } from '../services/invoicingService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface ProductCatalogueContext {
  products: Product[];
  /** The product being edited; null for a new one (only meaningful while editing). */
  editing: Product | null;
  /** The last load or change failed (a refusal, or no answer): why. */
  failure: CallFailure | null;
  /** How many changes were saved (the view closes its dialog when it grows). */
  saved: number;
}

export type ProductCatalogueEvent =
  | { type: 'retry' }
  | { type: 'edit'; product: Product | null }
  | { type: 'save'; draft: ProductDraft }
  | { type: 'close' }
  | { type: 'toggle'; product: Product };

export const productCatalogueMachine = setup({
  types: { context: {} as ProductCatalogueContext, events: {} as ProductCatalogueEvent },
  actors: {
    loadProducts: fromPromise<Product[]>(async ({ signal }) => (await fetchProducts(signal)).products),
    saveProduct: fromPromise<Product, { draft: ProductDraft }>(
      async ({ input, signal }) => (await saveProduct(input.draft, signal)).product,
    ),
    toggleProduct: fromPromise<Product, { product: Product }>(
      async ({ input, signal }) =>
        (await setProductActive({ id: input.product.id, version: input.product.version, active: !input.product.active }, signal))
          .product,
    ),
  },
  actions: {
    keepProducts: assign((_, { products }: { products: Product[] }) => ({ products, failure: null })),
    startEditing: assign((_, { product }: { product: Product | null }) => ({ editing: product, failure: null })),
    countSaved: assign(({ context }) => ({ saved: context.saved + 1, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'productCatalogue',
  context: { products: [], editing: null, failure: null, saved: 0 },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'loadProducts',
        onDone: { target: 'ready', actions: { type: 'keepProducts', params: ({ event }) => ({ products: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: { target: 'loading', actions: 'clearFailure' } } },
    ready: {
      on: {
        edit: { target: 'editing', actions: { type: 'startEditing', params: ({ event }) => ({ product: event.product }) } },
        toggle: 'toggling',
      },
    },
    editing: {
      on: {
        save: 'saving',
        close: { target: 'ready', actions: 'clearFailure' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'saveProduct',
        input: ({ event }) => ({ draft: (event as Extract<ProductCatalogueEvent, { type: 'save' }>).draft }),
        onDone: { target: 'loading', actions: 'countSaved' },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    toggling: {
      invoke: {
        id: 'toggle',
        src: 'toggleProduct',
        input: ({ event }) => ({ product: (event as Extract<ProductCatalogueEvent, { type: 'toggle' }>).product }),
        onDone: { target: 'loading', actions: 'countSaved' },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
