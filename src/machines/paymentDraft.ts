// "Registrar pago"'s pure parts: the form as typed, its problems as message ids of finance.json, and the
// PaymentRecord it sends (src/api/payments.ts: integer cents, YYYY-MM-DD, a reference of at most 60 characters).
import { type LedgerAccount, PAYMENT_MAX_CENTS, PAYMENT_REFERENCE_MAX, type PaymentRecord } from '../api/payments';
import { isCalendarDate } from '../api/validation';

/** The fields as the form holds them: the amount as typed in pesos, the account as its id's text. */
export interface PaymentDraft {
  paidOn: string;
  amount: string;
  accountId: string;
  reference: string;
}
export type PaymentField = keyof PaymentDraft;
export type PaymentProblems = Partial<Record<PaymentField, string>>;

/** A fresh form: paid today, the account chosen when there is only one. */
export const newPaymentDraft = (today: string, accounts: LedgerAccount[]): PaymentDraft => ({
  paidOn: today,
  amount: '',
  accountId: accounts.length === 1 ? String(accounts[0]!.id) : '',
  reference: '',
});

/** Pesos as typed ("1500.5") in whole cents, or null when it is no number. */
export function amountCents(amount: string): number | null {
  if (amount.trim() === '') return null;
  const pesos = Number(amount);
  return Number.isFinite(pesos) ? Math.round(pesos * 100) : null;
}

/** What is wrong with each field, as a message id; {} when the payment can be sent. */
export function paymentProblems(draft: PaymentDraft, today: string, accounts: LedgerAccount[]): PaymentProblems {
  const problems: PaymentProblems = {};
  if (!isCalendarDate(draft.paidOn)) problems.paidOn = 'finance.payment.invalid.paidOn';
  else if (draft.paidOn > today) problems.paidOn = 'finance.payment.invalid.paidOnFuture';
  const cents = amountCents(draft.amount);
  if (cents === null) problems.amount = 'finance.payment.invalid.amount';
  else if (cents <= 0) problems.amount = 'finance.payment.invalid.amountPositive';
  else if (cents > PAYMENT_MAX_CENTS) problems.amount = 'finance.payment.invalid.amountTooLarge';
  if (!accounts.some((account) => String(account.id) === draft.accountId)) problems.accountId = 'finance.payment.invalid.account';
  if (draft.reference.trim().length > PAYMENT_REFERENCE_MAX) problems.reference = 'finance.payment.invalid.reference';
  return problems;
}

/** What is sent for a draft without problems. */
export const paymentRecordOf = (apartmentId: number, draft: PaymentDraft): PaymentRecord => ({
  ApartmentId: apartmentId,
  paidOn: draft.paidOn,
  amountCents: amountCents(draft.amount) ?? 0,
  accountId: Number(draft.accountId),
  reference: draft.reference.trim(),
});
