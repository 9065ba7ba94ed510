// A deposit's part posted to a dwelling: the one way in (insertLedgerPayment: the payment, its receipt with the
// condominium's next folio, its history row), method 'transferencia', the day of the bank movement, into the
// statement's account; and mode A's decision (paymentInvoicing.ts), as the checkout's webhook does. In the
// caller's transaction, after it took the condominium.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertLedgerPayment } from '../shared/ledgerPayments';
import { invoicePaymentIfAutomatic } from '../shared/paymentInvoicing';

export interface MovementRow {
  id: number;
  condo_id: number;
  account_id: number;
  occurred_on: string;
  reference: string;
  description: string;
}

/** The reference a payment from the bank carries on the statement and the receipt. */
export const bankReference = (m: Pick<MovementRow, 'reference' | 'description'>) =>
  `Banco ${m.reference || m.description}`.slice(0, 120);

export async function postDeposit(
  trx: Kysely<Database>,
  movement: MovementRow,
  apartmentId: number,
  amountCents: number,
  actorUserId: number,
  now: Date,
): Promise<number> {
  const paymentId = await insertLedgerPayment(
    trx,
    {
      condoId: movement.condo_id,
      apartmentId,
      accountId: movement.account_id,
      paidOn: movement.occurred_on,
      reference: bankReference(movement),
      method: 'transferencia',
    },
    amountCents,
    { actorUserId, at: now, after: { bankMovementId: movement.id } },
  );
  await invoicePaymentIfAutomatic(trx, movement.condo_id, apartmentId, paymentId, now);
  return paymentId;
}
