// Amounts of the invoicing screens: integer cents shown as Mexican pesos in the reader's language.
import type { IntlShape } from 'react-intl';

export const formatMxn = (intl: IntlShape, cents: number) =>
  intl.formatNumber(cents / 100, { style: 'currency', currency: 'MXN' });

/** A typed price ("1,500.50", "1500.5") as cents, or null when it is not an amount. */
export function centsOf(text: string): number | null {
  const clean = text.replace(/[\s,$]/g, '');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}
