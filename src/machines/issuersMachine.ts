// The invoicing module's issuers (datos-generales, issue 17): loaded once for the module (the sub-navigation hides
// 'Crear factura' when every issuer is in mode A, spec §4), saved from the issuer form (new or edited; a taken RFC
// or a stale version comes back as the server's words beside the form), and updated in place when a CSD upload
// saved one. A failed load can be retried.
import { assign, fromPromise, setup } from 'xstate';
import type { IssuerDraft } from '../api/invoicing';
import type { GeneralDataAnswer, IssuerSavedAnswer } from '../services/invoicingAnswers';
import { fetchGeneralData, saveIssuer } from '../services/invoicingService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type IssuerRow = GeneralDataAnswer['data'][number]['enterprise'];

export interface IssuersContext {
  issuers: IssuerRow[];
  /** The last save's outcome: the saved issuer's id, or why it failed. */
  savedId: number | null;
  saveFailure: CallFailure | null;
  /** Why the issuers could not be loaded. */
  loadFailure: CallFailure | null;
}

export type IssuersEvent =
  | { type: 'retry' }
  | { type: 'save'; draft: IssuerDraft }
  | { type: 'issuerChanged'; issuer: IssuerRow }
  | { type: 'dismiss' };

/** Whether anything may be invoiced by hand: some issuer in mode M (spec §4 hides 'Crear factura' otherwise). */
export const modoInvoiceOf = (issuers: IssuerRow[]): 'A' | 'M' | null =>
  issuers.length === 0 ? null : issuers.some((issuer) => issuer.modoInvoice === 'M') ? 'M' : 'A';

const upsert = (issuers: IssuerRow[], issuer: IssuerRow) =>
  issuers.some((i) => i.id === issuer.id) ? issuers.map((i) => (i.id === issuer.id ? issuer : i)) : [...issuers, issuer];

export const issuersMachine = setup({
  types: { context: {} as IssuersContext, events: {} as IssuersEvent },
  actors: {
    load: fromPromise<GeneralDataAnswer>(({ signal }) => fetchGeneralData(signal)),
    save: fromPromise<IssuerSavedAnswer, IssuerDraft>(({ input, signal }) => saveIssuer(input, signal)),
  },
  actions: {
    keepIssuers: assign((_, { output }: { output: GeneralDataAnswer }) => ({
      issuers: output.data.map((row) => ({ ...row.enterprise, stampsAvailable: row.resultTimbres.disponibles })),
      loadFailure: null,
    })),
    failLoad: assign((_, { error }: { error: unknown }) => ({ loadFailure: callFailure(error) })),
    keepSaved: assign(({ context }, { output }: { output: IssuerSavedAnswer }) => ({
      issuers: upsert(context.issuers, output.issuer),
      savedId: output.issuer.id,
      saveFailure: null,
    })),
    failSave: assign((_, { error }: { error: unknown }) => ({ saveFailure: callFailure(error), savedId: null })),
    replaceIssuer: assign(({ context }, { issuer }: { issuer: IssuerRow }) => ({ issuers: upsert(context.issuers, issuer) })),
    dismiss: assign({ savedId: null, saveFailure: null }),
  },
}).createMachine({
  id: 'issuers',
  context: { issuers: [], savedId: null, saveFailure: null, loadFailure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'keepIssuers', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'failLoad', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        save: { target: 'saving', actions: 'dismiss' },
        issuerChanged: { actions: { type: 'replaceIssuer', params: ({ event }) => ({ issuer: event.issuer }) } },
        dismiss: { actions: 'dismiss' },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => {
          if (event.type !== 'save') throw new Error('saving starts with save');
          return event.draft;
        },
        onDone: { target: 'ready', actions: { type: 'keepSaved', params: ({ event }) => ({ output: event.output }) } },
        onError: { target: 'ready', actions: { type: 'failSave', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
