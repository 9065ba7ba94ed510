// The resident's money home, /condominio/financiero (spec §2.2 "financiero"; issue 27 "The resident's money
// home"): for each dwelling the caller may see, what it owes and by when, the charges still open (oldest first),
// its last payments with their receipts, and online payments still waiting for the money (an OXXO or SPEI
// reference). Residents see their own dwellings; administrators and the board any one they choose. Amounts are
// integer cents, dates YYYY-MM-DD in the condominium's zone.
import { array, boolean, enums, type Infer, literal, nullable, number, object, optional, string } from 'superstruct';
import { CHECKOUT_METHODS, CHECKOUT_STATES, OpenCharge } from './checkout';
import { IdParam } from './validation';

export const FINANCE_HOME_PATH = '/--financiero/inicio';

/** How many of a dwelling's payments the home lists; the statement has them all. */
export const HOME_PAYMENTS = 5;

/** Without ApartmentId: the caller's own dwellings. With it: that one (their own, or any for the staff). */
export const FinanceHomeQuery = object({ ApartmentId: optional(IdParam) });
export type FinanceHomeQuery = Infer<typeof FinanceHomeQuery>;

export const HomePayment = object({
  paymentId: number(),
  paidOn: string(),
  amountCents: number(),
  /** How the money came in (the receipt's method), null for a payment older than receipts. */
  method: nullable(string()),
  folio: nullable(number()),
  cancelled: boolean(),
});
export type HomePayment = Infer<typeof HomePayment>;

export const WaitingCheckout = object({
  id: number(),
  method: enums(CHECKOUT_METHODS),
  state: enums(CHECKOUT_STATES),
  totalCents: number(),
  expiresAt: string(),
});
export type WaitingCheckout = Infer<typeof WaitingCheckout>;

export const DwellingMoney = object({
  ApartmentId: number(),
  AptName: string(),
  TorreName: nullable(string()),
  owedCents: number(),
  /** The part of what is owed whose due date has passed. */
  overdueCents: number(),
  creditCents: number(),
  /** The oldest open charge not yet due: what is owed next and by when. */
  nextDue: nullable(object({ dueOn: string(), concept: string(), openCents: number() })),
  open: array(OpenCharge),
  payments: array(HomePayment),
  waiting: array(WaitingCheckout),
  /** A resident of the dwelling may pay it online (permissions.canPayOnline) and the condominium takes payments. */
  canPay: boolean(),
});
export type DwellingMoney = Infer<typeof DwellingMoney>;

export const FinanceHome = object({
  today: string(),
  dwellings: array(DwellingMoney),
  /** The caller may open any dwelling of the condominium (administrators and the board). */
  seesAll: boolean(),
});
export type FinanceHome = Infer<typeof FinanceHome>;
export const FinanceHomeAnswer = object({ success: literal(true), data: FinanceHome });
export type FinanceHomeAnswer = Infer<typeof FinanceHomeAnswer>;

/** What is past due among the open charges on a day; the rest, the next one due. */
export function dueSummary(open: readonly OpenCharge[], today: string) {
  const overdueCents = open.filter((c) => c.dueOn < today).reduce((sum, c) => sum + c.openCents, 0);
  const next = open.filter((c) => c.dueOn >= today).sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0))[0];
  return {
    overdueCents,
    nextDue: next ? { dueOn: next.dueOn, concept: next.concept, openCents: next.openCents } : null,
  };
}
