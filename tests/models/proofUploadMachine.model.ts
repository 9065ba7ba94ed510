// Enviar comprobante as a test model: the form opens, a file is chosen (or refused before it is read), the details
// are filled in and sent; the server takes it (sent, perhaps flagged), refuses it (a field to fix) or does not answer
// (failed: retried by hand or when the connection is back, with the same clientId). The words its scenarios are told
// in: docs/scenarios/proofUploadMachine.md.
import { assign } from 'xstate';
import { proofUploadMachine } from '../../src/machines/proofUploadMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';
import { CHOSEN_PNG, DUPLICATE, PROOF_TODAY, READY_FIELDS, REVIEWER_OPTIONS, TOO_BIG } from '../support/proofsFixtures';

export const NETWORK = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const REFUSED = new ApiError(400, 'BAD_REQUEST', 'La fecha de pago no puede ser posterior a hoy.', 'paidOn');

/** The machine with a fixed clientId, so the traversal's states are finite (the real one is random per proof). */
export const CLIENT_ID = '00000000-0000-4000-8000-000000000001';
export const modelUploadMachine = proofUploadMachine.provide({ actions: { newClientId: assign({ clientId: CLIENT_ID }) } });

export const proofUploadModel = defineModel({
  machine: modelUploadMachine,
  payloads: {
    open: [{ dwellings: REVIEWER_OPTIONS.dwellings, today: PROOF_TODAY, apartmentId: 57 }],
    choose: [{ file: CHOSEN_PNG }, { file: TOO_BIG }],
    edit: [{ fields: READY_FIELDS }],
    submit: BARE,
    back: BARE,
    retry: BARE,
    online: BARE,
    fix: BARE,
    another: BARE,
    close: BARE,
    'xstate.done.actor.sendProof': [{ output: DUPLICATE }],
    'xstate.error.actor.sendProof': [{ error: REFUSED }, { error: NETWORK }],
  },
  words: {
    states: {
      closed: 'The proofs screen, with Enviar comprobante.',
      choosing: 'Enviar comprobante: the file field (an image or a PDF of up to 10 MB), or why the file chosen will not do.',
      details: 'The file chosen, and the dwelling, transfer or deposit, amount, day paid, bank, reference and note.',
      sending: 'The proof is being sent.',
      sent: 'Sent (flagged as a possible duplicate when it looks like a proof already accepted), with Enviar otro and Cerrar.',
      refused: 'The server refused it, saying why, with Corregir.',
      failed: 'No connection: it will be retried when the connection is back, with Reintentar.',
    },
    events: {
      open: () => 'presses Enviar comprobante',
      choose: ({ file }) =>
        (file as { size: number }).size > 10_000_000 ? 'chooses a file of more than 10 MB' : 'chooses a PNG',
      edit: () => 'fills in the details',
      submit: () => 'presses Enviar comprobante',
      back: () => 'presses Cambiar archivo',
      retry: () => 'presses Reintentar',
      online: () => 'the connection comes back',
      fix: () => 'presses Corregir',
      another: () => 'presses Enviar otro',
      close: () => 'closes the form',
      'xstate.done.actor.sendProof': () => 'the server takes the proof',
      'xstate.error.actor.sendProof': ({ error }) =>
        (error as ApiError).status === 0 ? 'the connection fails' : 'the server refuses the day paid',
    },
  },
});
