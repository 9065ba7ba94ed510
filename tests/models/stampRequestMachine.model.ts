// solicitar-timbres as a test model: the ledger read (or the server unreachable, then retried), a package
// requested (once refused with the server's words, dismissed, then sent and the ledger read again).
import type { StampLedger, StampRequestDraft } from '../../src/api/invoicing';
import { type StampRequestContext, stampRequestMachine } from '../../src/machines/stampRequestMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const LEDGER: StampLedger = {
  balances: [{ issuerId: 1, rfc: 'RPA010101AB1', available: 3 }],
  movements: [
    { id: 1, issuerRfc: 'RPA010101AB1', delta: 10, kind: 'credit', cfdiUuid: null, at: '2026-11-01T10:00:00.000Z' },
    {
      id: 2,
      issuerRfc: 'RPA010101AB1',
      delta: -1,
      kind: 'stamp',
      cfdiUuid: '6f1b2c3d-1111-4222-8333-444455556666',
      at: '2026-11-02T10:00:00.000Z',
    },
  ],
  requests: [],
};
export const REQUEST: StampRequestDraft = { issuerId: 1, quantity: 100, note: 'Para diciembre' };
export const REFUSED = new ApiError(400, 'BAD_REQUEST', 'El emisor no existe.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof stampRequestMachine>;
const ctx = (s: Snap): StampRequestContext => s.context;

export const stampRequestModel = defineModel({
  machine: stampRequestMachine,
  payloads: {
    retry: BARE,
    request: (s) => (ctx(s).sent === 0 ? [{ draft: REQUEST }] : []),
    dismiss: (s) => (ctx(s).failure ? BARE : []),
    'xstate.done.actor.load': [{ output: LEDGER }],
    'xstate.error.actor.load': (s) => (ctx(s).ledger === null && ctx(s).failure === null ? [{ error: NO_CONNECTION }] : []),
    'xstate.done.actor.send': [{ output: { request: { id: 1 } } }],
    'xstate.error.actor.send': [{ error: REFUSED }],
  },
  words: {
    states: {
      loading: 'A loader: “Cargando los timbres…”.',
      failed: 'An alert (no connection) and “Reintentar”.',
      ready:
        'The stamps available per RFC, the movements and the past requests; the form: RFC, package, note, “Solicitar”; the server’s words when refused.',
      sending: '“Solicitar” busy.',
    },
    events: {
      retry: () => 'presses “Reintentar”',
      request: () => 'chooses 100 stamps with a note and presses “Solicitar”',
      dismiss: () => 'closes the alert',
      'xstate.done.actor.load': () => 'the server answers the ledger',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.send': () => 'the server stores and e-mails the request',
      'xstate.error.actor.send': () => 'the server refuses it',
    },
  },
});
