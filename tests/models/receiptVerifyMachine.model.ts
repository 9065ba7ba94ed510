// A receipt's public check (recibo/{token}) as a test model: the answers of the check and the words its
// scenarios are told in (docs/scenarios/receiptVerifyMachine.md).
import type { ReceiptVerification } from '../../src/api/receipts';
import { receiptVerifyMachine } from '../../src/machines/receiptVerifyMachine';
import { ApiError } from '../../src/services/http';
import type { ReceiptCheck } from '../../src/services/receiptsService';
import { BARE, defineModel } from '../support/machineModel';

export const RECEIPT_VERIFY_INPUT = { token: 'q7Vh0s3XgJm2wPzK9bL4cN8dR1tY6uE5aF0iO3kS2jM' };
export const VERIFIED: ReceiptVerification = {
  folio: 123,
  condoName: 'Residencial Las Palmas',
  towerName: 'Torre A',
  dwellingName: '101',
  amountCents: 185_000,
  paidOn: '2026-11-05',
  state: 'vigente',
};
export const CANCELLED: ReceiptVerification = { ...VERIFIED, state: 'cancelado' };

/** One answer per branch: a valid receipt, a cancelled one, and a token that names none. */
const ANSWERS: ReceiptCheck[] = [
  { kind: 'valid', receipt: VERIFIED },
  { kind: 'cancelled', receipt: CANCELLED },
  { kind: 'notFound' },
];

export const receiptVerifyModel = defineModel({
  machine: receiptVerifyMachine,
  input: RECEIPT_VERIFY_INPUT,
  payloads: {
    retry: BARE,
    'xstate.done.actor.checkReceipt': ANSWERS.map((output) => ({ output })),
    'xstate.error.actor.checkReceipt': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      loading: 'Under Verificación de recibo, a spinner says “Verificando el recibo…”.',
      valid:
        'A green notice says the receipt is genuine and valid, over its folio, condominium, dwelling, day, amount and state.',
      cancelled: 'A red notice says the receipt is genuine but was cancelled, over the same facts with the state Cancelado.',
      notFound: 'An alert says the receipt was not found; nothing else is offered.',
      failed: 'An alert says the receipt could not be checked, with a Reintentar button.',
    },
    events: {
      retry: () => 'presses Reintentar',
      'xstate.done.actor.checkReceipt': (e) => `the server answers ${(e.output as ReceiptCheck).kind}`,
      'xstate.error.actor.checkReceipt': () => 'the connection fails',
    },
  },
});
