// The recurring charges a demo neighbour with a house has (server/db/seed/recurringCharges.ts), as the
// list call answers them: what the machine's model (tests/models/recurringChargeMachine.model.ts) loads,
// and what the Chromium walk finds before it starts. And who opens the dialog: a member of the condominium
// that has recurring charges (Las Palmas), or of another one.
import { AUTOMATIC_CHARGES_CONDO_ID } from '../../src/api/permissions';
import type { RecurringCharge } from '../../src/api/recurringCharges';
import type { RecurringChargeInput } from '../../src/machines/recurringChargeMachine';

/** A member of Las Palmas, the condominium with recurring charges: the dialog opens and loads. */
export const MEMBER: RecurringChargeInput = { condo: { CondoId: AUTOMATIC_CHARGES_CONDO_ID } };
/** A member of another condominium (Torres del Bosque): refused before anything loads. */
export const OUTSIDER: RecurringChargeInput = { condo: { CondoId: AUTOMATIC_CHARGES_CONDO_ID + 1 } };

export const HOUSE_CHARGES: RecurringCharge[] = [
  {
    id: 1,
    descripcion: 'Cuota de mantenimiento Casa 27',
    monto: '2450.00',
    frecuencia: 'Mensual',
    metodoPago: 'Visa •••• 4242',
    fechaCreacion: '2026-05-01',
    tarjeta: { marca: 'visa', ultimos4: '4242', vencimiento: '12/30' },
    proximoCargo: { fecha: '2026-07-01', monto: '2450.00' },
    intentos: [
      { fecha: '2026-06-02', monto: '2450.00', resultado: 'pagado', motivo: null },
      { fecha: '2026-06-01', monto: '2450.00', resultado: 'rechazado', motivo: 'Fondos insuficientes (sandbox).' },
    ],
  },
  {
    id: 2,
    descripcion: 'Fondo de reserva Casa 27',
    monto: '350.00',
    frecuencia: 'Mensual',
    metodoPago: 'Tarjeta de crédito •••• 4242',
    fechaCreacion: '2026-05-01',
    tarjeta: null,
    proximoCargo: null,
    intentos: [],
  },
];
