// The recurring charges a demo neighbour with a house has (server/db/seed/recurringCharges.ts), as the
// list call answers them: what the machine's model loads, headless and in Chromium. And who opens the
// dialog: a member of the condominium that has recurring charges (Las Palmas), or of another one.
import { AUTOMATIC_CHARGES_CONDO_ID } from '../../src/api/permissions';
import type { RecurringCharge } from '../../src/api/recurringCharges';
import type { RecurringChargeInput } from '../../src/machines/recurringChargeMachine';
import type { ModelEvent } from './modelTesting';

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
    metodoPago: 'Tarjeta de crédito •••• 4242',
    fechaCreacion: '2026-05-01',
  },
  {
    id: 2,
    descripcion: 'Fondo de reserva Casa 27',
    monto: '350.00',
    frecuencia: 'Mensual',
    metodoPago: 'Tarjeta de crédito •••• 4242',
    fechaCreacion: '2026-05-01',
  },
];

/** What the user types in the amount field in the model: a valid amount with a comma, and zero. */
export const TYPED_AMOUNTS = ['1500,5', '0'] as const;

interface ChargeSnapshot {
  matches(value: string): boolean;
  context: { charges: RecurringCharge[]; editingId: number | null; draft: string };
}

/**
 * The events worth offering in a snapshot: the first listed charge's edit and cancel, typing, blur, save
 * and the answers of the calls (a save answers the edited charge with the amount sent).
 */
export function recurringChargeEvents(snapshot: ChargeSnapshot): ModelEvent[] {
  const { context } = snapshot;
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadCharges', output: HOUSE_CHARGES },
      { type: 'xstate.error.actor.loadCharges', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches('saving')) {
    const charge = context.charges.find((c) => c.id === context.editingId)!;
    return [
      { type: 'xstate.done.actor.saveAmount', output: { kind: 'saved', charge: { ...charge, monto: context.draft } } },
      { type: 'xstate.done.actor.saveAmount', output: { kind: 'refused', message: 'Ingresa un monto válido mayor a 0' } },
      { type: 'xstate.error.actor.saveAmount', error: new Error('Failed to fetch') },
    ];
  }
  if (snapshot.matches('cancelling')) {
    return [
      { type: 'xstate.done.actor.cancelCharge', output: undefined },
      { type: 'xstate.error.actor.cancelCharge', error: new Error('Failed to fetch') },
    ];
  }
  const first = context.charges[0];
  return [
    ...(first
      ? [
          { type: 'edit', id: first.id },
          { type: 'askCancel', id: first.id },
        ]
      : []),
    ...TYPED_AMOUNTS.map((value) => ({ type: 'change', value })),
    { type: 'blur' },
    { type: 'save' },
    { type: 'cancelEdit' },
    { type: 'confirm' },
    { type: 'dismiss' },
    { type: 'retry' },
  ];
}
