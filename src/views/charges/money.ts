// Recurring charges are MXN in the Mexican locale whatever the interface language (spec §9).
import { amountToCents } from '../../api/recurringCharges';

const pesos = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** "1850.00" → "$1,850.00". */
export function formatMonto(monto: string): string {
  const cents = amountToCents(monto);
  return cents === null ? monto : pesos.format(cents / 100);
}
