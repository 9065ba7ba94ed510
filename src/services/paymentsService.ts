// Browser side of recording a dwelling's payment (src/api/payments.ts): the ledger accounts a payment may enter,
// and the recording itself. A refusal in the server's words (a date it will not take, an account not of this
// condominium, no permission) comes back as a typed result; anything else throws ApiError.
import { type LedgerAccount, LedgerAccountsAnswer, PAYMENT_PATHS, type PaymentRecord, PaymentRecorded } from '../api/payments';
import { ApiError, apiPath, call, http } from './http';

export type RecordedPayment = PaymentRecorded['data'];
export type RecordPaymentResult = { kind: 'recorded'; payment: RecordedPayment } | { kind: 'refused'; message: string };

export async function fetchPaymentAccounts(signal?: AbortSignal): Promise<LedgerAccount[]> {
  const answer = await call(() => http.get(apiPath(PAYMENT_PATHS.accounts), { signal }), LedgerAccountsAnswer);
  return answer.data;
}

/** A 4xx with our error body: the server read the request and said no, in words the user can act on. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'HTTP' && error.message.trim() !== '';

export async function recordPayment(record: PaymentRecord, signal?: AbortSignal): Promise<RecordPaymentResult> {
  try {
    const answer = await call(() => http.post(apiPath(PAYMENT_PATHS.record), { json: record, signal }), PaymentRecorded);
    return { kind: 'recorded', payment: answer.data };
  } catch (error) {
    if (isRefusal(error)) return { kind: 'refused', message: error.message };
    throw error;
  }
}
