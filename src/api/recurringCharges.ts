// Recurring charges ("Cargos automáticos", spec §2.4, §3.3, §4, §5): a member's card domiciliations for
// their dwelling's fees. Listed, their monthly limit edited, cancelled. Money travels as a decimal text
// with two decimals ("1850.00"), never a float; the server keeps integer cents.
import { array, enums, type Infer, literal, nullable, object, pattern, string } from 'superstruct';
import { Id } from './validation';

export const RECURRING_CHARGES_PATHS = {
  /** Signed in, in the condominium that has the feature: GET → the caller's active charges. */
  list: '/--cargos-automaticos/list',
  /** The charge's owner: POST { id, monto } → the charge with its new amount. */
  updateAmount: '/--cargos-automaticos/update-amount',
  /** The charge's owner: POST { id } → the charge is cancelled and leaves the list. */
  cancel: '/--cargos-automaticos/cancel',
  /** The charge's owner: POST { id } → the charge without its saved card ("Quitar tarjeta"); it stays, and nothing
   * is charged automatically until a card is saved again on Pagar. */
  removeCard: '/--cargos-automaticos/remove-card',
} as const;

/** How many of a charge's last automatic attempts the list carries, newest first. */
export const ATTEMPTS_SHOWN = 5;

/** The spec's alert when the amount is not a number above 0 on save (§5). */
export const AMOUNT_INVALID_MESSAGE = 'Ingresa un monto válido mayor a 0';
/** The spec's question before a charge is cancelled (§5). */
export const CANCEL_QUESTION = 'Deseas cancelar esta domiciliación?';

/**
 * What the amount field accepts while typing: digits, then optionally a decimal point or comma and at most
 * 2 decimals (§5). At most 7 whole digits: no monthly limit reaches ten million pesos.
 */
export const AMOUNT_TYPING = /^\d{0,7}([.,]\d{0,2})?$/;
const AMOUNT_COMPLETE = /^(\d{1,7})(?:[.,](\d{0,2}))?$|^[.,](\d{1,2})$/;

export const isAmountTyping = (text: string) => AMOUNT_TYPING.test(text);

/** The amount in integer cents, or null when the text is not an amount (empty, "," alone, letters…). */
export function amountToCents(text: string): number | null {
  const match = AMOUNT_COMPLETE.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const decimals = (match[2] ?? match[3] ?? '').padEnd(2, '0');
  return Number(whole) * 100 + Number(decimals);
}

/** Cents as the two-decimal text of the field and the API: 185000 → "1850.00". */
export function centsToAmount(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** On blur the field shows the amount with 2 decimals (§5): "1500,5" → "1500.50"; other text stays. */
export function formatAmountOnBlur(text: string): string {
  const cents = amountToCents(text);
  return cents === null ? text : centsToAmount(cents);
}

/** The rule on save: a number greater than 0 (§5). */
export function amountIsValid(text: string): boolean {
  const cents = amountToCents(text);
  return cents !== null && cents > 0;
}

/** Two decimals with a point: what the API carries. */
export const AmountText = pattern(string(), /^\d{1,7}\.\d{2}$/);

const Day = pattern(string(), /^\d{4}-\d{2}-\d{2}$/);

/** The card a charge is charged to (issue 27, saved on Pagar): never a number, only what names it. */
export const SavedCard = object({
  /** The provider's word: 'visa', 'mastercard', … */
  marca: string(),
  ultimos4: pattern(string(), /^\d{4}$/),
  /** MM/YY, when the provider says it. */
  vencimiento: nullable(string()),
});
export type SavedCard = Infer<typeof SavedCard>;

/** What the daily run would charge next: the dwelling's open charges due by that day, within the monthly limit. */
export const NextCharge = object({ fecha: Day, monto: pattern(string(), /^\d{1,9}\.\d{2}$/) });
export type NextCharge = Infer<typeof NextCharge>;

/** One automatic attempt of the daily run. */
export const ChargeAttempt = object({
  fecha: Day,
  monto: pattern(string(), /^\d{1,9}\.\d{2}$/),
  resultado: enums(['pagado', 'rechazado', 'pendiente']),
  /** The provider's words for a decline. */
  motivo: nullable(string()),
});
export type ChargeAttempt = Infer<typeof ChargeAttempt>;

export const RecurringCharge = object({
  id: Id,
  descripcion: string(),
  /** The monthly limit, "1850.00" (MXN). */
  monto: AmountText,
  /** 'Mensual', … as the provider words it. */
  frecuencia: string(),
  /** The card or account, masked: "Tarjeta de crédito •••• 4242". */
  metodoPago: string(),
  /** YYYY-MM-DD. */
  fechaCreacion: Day,
  /** The saved card it charges, or null: nothing is charged automatically. */
  tarjeta: nullable(SavedCard),
  /** Null without a card, or when nothing is owed that the run would charge. */
  proximoCargo: nullable(NextCharge),
  /** The last attempts (ATTEMPTS_SHOWN at most), newest first. */
  intentos: array(ChargeAttempt),
});
export type RecurringCharge = Infer<typeof RecurringCharge>;

export const RecurringChargesAnswer = object({ success: literal(true), data: array(RecurringCharge) });
export type RecurringChargesAnswer = Infer<typeof RecurringChargesAnswer>;

/** monto as typed, with a point or a comma; the server applies the same rule as the dialog. */
export const UpdateAmountRequest = object({ id: Id, monto: pattern(string(), /^[\d.,]{1,12}$/) });
export type UpdateAmountRequest = Infer<typeof UpdateAmountRequest>;

export const RecurringChargeAnswer = object({ success: literal(true), data: RecurringCharge });
export type RecurringChargeAnswer = Infer<typeof RecurringChargeAnswer>;

export const CancelChargeRequest = object({ id: Id });
export type CancelChargeRequest = Infer<typeof CancelChargeRequest>;

export const RemoveCardRequest = object({ id: Id });
export type RemoveCardRequest = Infer<typeof RemoveCardRequest>;
