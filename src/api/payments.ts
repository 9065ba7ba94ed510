// A dwelling's payment recorded in the ledger (issue 17: in invoice mode A each recorded payment is invoiced by
// a job, spec §4). Administrators and ADEUDOS 'editar'/high record them from a dwelling's statement
// (estado-cta, "Registrar pago"); the statement, the reports and the CFDI read the same dwelling_payments row.
// Amounts are integer cents of MXN; dates YYYY-MM-DD in the condominium's time zone.
import { array, enums, type Infer, integer, literal, number, object, refine, size, string } from 'superstruct';
import { CalendarDate, Id } from './validation';

export const PAYMENT_PATHS = {
  /** canRecordPayment: GET, the ledger accounts (banks and cash boxes) a payment may enter. */
  accounts: '/--financiero/pagos/cuentas',
  /** canRecordPayment: POST PaymentRecord → PaymentRecorded (201). */
  record: '/--financiero/pagos',
} as const;

/** The largest payment one recording takes: 10 million pesos, far above any fee, far below overflow. */
export const PAYMENT_MAX_CENTS = 1_000_000_000;

/** The longest bank reference or receipt number a payment keeps. */
export const PAYMENT_REFERENCE_MAX = 60;

export const PaymentRecord = object({
  ApartmentId: Id,
  paidOn: CalendarDate,
  amountCents: refine(
    integer(),
    'Cents',
    (value) => (value > 0 && value <= PAYMENT_MAX_CENTS) || 'must be between 1 and 1000000000',
  ),
  /** The ledger account the money entered (ledger_accounts of the caller's condominium). */
  accountId: Id,
  /** The bank reference or receipt number; shown on the statement after "Pago". */
  reference: size(string(), 0, PAYMENT_REFERENCE_MAX),
});
export type PaymentRecord = Infer<typeof PaymentRecord>;

/**
 * What happens to the payment's invoice: 'scheduled' when the condominium invoices in mode A (the job stamps
 * it within moments, to the dwelling's client), 'noClient' in mode A when the dwelling has no client to
 * invoice, 'manual' otherwise (mode M or no issuer: nothing is invoiced on its own).
 */
export const PAYMENT_INVOICING = ['scheduled', 'noClient', 'manual'] as const;
export type PaymentInvoicing = (typeof PAYMENT_INVOICING)[number];

export const PaymentRecorded = object({
  success: literal(true),
  data: object({
    id: number(),
    ApartmentId: number(),
    paidOn: string(),
    amountCents: number(),
    invoicing: enums(PAYMENT_INVOICING),
  }),
});
export type PaymentRecorded = Infer<typeof PaymentRecorded>;

/** A ledger account: kind 'banco' or 'caja' (ledger_accounts.kind). */
export const LedgerAccount = object({ id: number(), nombre: string(), tipo: string() });
export type LedgerAccount = Infer<typeof LedgerAccount>;
export const LedgerAccountsAnswer = object({ success: literal(true), data: array(LedgerAccount) });
export type LedgerAccountsAnswer = Infer<typeof LedgerAccountsAnswer>;
