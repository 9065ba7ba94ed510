// Comprobantes de pago's list as a test model: the options load (or fail and are retried), a page of proofs loads (or
// fails), tabs and pages; a proof opens, is accepted into an account, rejected with a reason or withdrawn, then done;
// a decision refused (a network failure) keeps the proof open with why; one decided meanwhile (409) reloads the list.
// The words its scenarios are told in: docs/scenarios/proofReviewMachine.md.
import { proofReviewMachine } from '../../src/machines/proofReviewMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { ACCEPTED, LONG_QUEUE, PROOF, REJECTED, REVIEWER_OPTIONS, WITHDRAWN } from '../support/proofsFixtures';

export const NETWORK = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const STALE = new ApiError(409, 'CONFLICT', 'Este comprobante ya no está en revisión.');
const failures = [{ error: NETWORK }, { error: STALE }];

export const proofReviewModel = defineModel({
  machine: proofReviewMachine,
  inputs: { plain: { opening: null }, 'a notification': { opening: PROOF.id }, 'a proof not listed': { opening: 999 } },
  payloads: {
    tab: [{ tab: 'aceptados' }],
    page: [{ page: 2 }],
    reload: BARE,
    retry: BARE,
    view: [{ id: PROOF.id }, { id: 43 }],
    accept: [{ accountId: 3 }],
    reject: [{ reason: 'El monto no coincide' }],
    withdraw: BARE,
    close: BARE,
    'xstate.done.actor.loadOptions': [{ output: REVIEWER_OPTIONS }],
    'xstate.error.actor.loadOptions': [{ error: NETWORK }],
    'xstate.done.actor.listProofs': [{ output: LONG_QUEUE }],
    'xstate.error.actor.listProofs': [{ error: NETWORK }],
    'xstate.done.actor.accept': [{ output: ACCEPTED }],
    'xstate.error.actor.accept': failures,
    'xstate.done.actor.reject': [{ output: REJECTED }],
    'xstate.error.actor.reject': failures,
    'xstate.done.actor.withdraw': [{ output: WITHDRAWN }],
    'xstate.error.actor.withdraw': failures,
  },
  words: {
    states: {
      starting: 'Comprobantes de pago loading.',
      startFailed: 'The screen could not load, with Reintentar.',
      loading: 'The proofs loading.',
      loadFailed: 'The list could not load, with Reintentar.',
      list: 'The proofs of the tab as cards, each with its state, the Posible duplicado flag and Revisar.',
      viewing: 'The proof open: its file, its facts, the account, Aceptar, the reason and Rechazar (or Retirar).',
      accepting: 'The proof is being accepted.',
      rejecting: 'The proof is being rejected.',
      withdrawing: 'The proof is being withdrawn.',
      done: 'How it ended (accepted, with Descargar recibo; rejected; withdrawn), with Cerrar.',
    },
    events: {
      tab: ({ tab }) => `chooses the tab ${String(tab)}`,
      page: ({ page }) => `goes to page ${String(page)}`,
      reload: () => 'a proof is sent from the form',
      retry: () => 'presses Reintentar',
      view: () => 'presses Revisar on a proof',
      accept: () => 'chooses the account and presses Aceptar y registrar pago',
      reject: () => 'writes the reason and presses Rechazar',
      withdraw: () => 'presses Retirar comprobante',
      close: () => 'presses Cerrar',
      'xstate.done.actor.loadOptions': () => 'the server answers the options',
      'xstate.error.actor.loadOptions': () => 'the connection fails',
      'xstate.done.actor.listProofs': () => 'the server answers a page of proofs',
      'xstate.error.actor.listProofs': () => 'the connection fails',
      'xstate.done.actor.accept': () => 'the server accepts the proof',
      'xstate.error.actor.accept': ({ error }) =>
        (error as ApiError).status === 409 ? 'it was decided meanwhile' : 'the connection fails',
      'xstate.done.actor.reject': () => 'the server rejects the proof',
      'xstate.error.actor.reject': ({ error }) =>
        (error as ApiError).status === 409 ? 'it was decided meanwhile' : 'the connection fails',
      'xstate.done.actor.withdraw': () => 'the server withdraws the proof',
      'xstate.error.actor.withdraw': ({ error }) =>
        (error as ApiError).status === 409 ? 'it was decided meanwhile' : 'the connection fails',
    },
  },
});
