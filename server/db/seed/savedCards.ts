// The demo's automatic charges (issue 27, "Cargos automáticos become real"): in Las Palmas (the one condominium with
// Cargos automáticos, AUTOMATIC_CHARGES_CONDO_ID), vecino063 (a neighbour no test changes) and the neighbours
// recurringChargeMachine's browser walk signs in as (vecino074…084, tests/e2e/recurringChargeMachine.walk.spec.ts:
// its "Quitar tarjeta" needs a card) have a sandbox test card saved on their maintenance fee's recurring charge,
// with the dwelling's fee as the monthly limit, and the daily run asked for: through keepSavedCard, the same path a
// paid checkout that kept its card takes. After seedRecurringCharges (the charge it takes) and seedCheckout.
import type { Transaction } from 'kysely';
import { AUTOMATIC_CHARGES_CONDO_ID } from '../../../src/api/permissions';
import { keepSavedCard } from '../../domain/shared/savedCards';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { MAINTENANCE_CENTS } from './recurringCharges';

/** Who has a card saved: vecino063, and the walk's neighbours vecino074…084. */
export const DEMO_SAVED_CARD_EMAILS = [
  'vecino063@demo.mx',
  ...Array.from({ length: 11 }, (_, i) => `vecino0${74 + i}@demo.mx`),
] as const;

export const DEMO_SAVED_CARD = {
  email: 'vecino063@demo.mx',
  /** The sandbox's token for its approving test card 4242 4242 4242 4242 (providers/sandbox.ts). */
  token: 'sbx_card_5eed0063c0ffee63_4242',
  brand: 'visa',
  last4: '4242',
  exp: '12/30',
} as const;

export async function seedSavedCards(trx: Transaction<Database>, clock: Clock): Promise<void> {
  for (const email of DEMO_SAVED_CARD_EMAILS) await seedSavedCard(trx, clock, email);
}

async function seedSavedCard(trx: Transaction<Database>, clock: Clock, email: string): Promise<void> {
  const member = await trx
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select(['u.id as user_id', 'a.id as apartment_id', 'a.tower_id'])
    .where('u.email', '=', email)
    .where('m.condo_id', '=', AUTOMATIC_CHARGES_CONDO_ID)
    .orderBy('a.id')
    .executeTakeFirst();
  if (!member) return;
  await keepSavedCard(trx, {
    condoId: AUTOMATIC_CHARGES_CONDO_ID,
    userId: member.user_id,
    apartmentId: member.apartment_id,
    provider: 'sandbox',
    card: {
      token: DEMO_SAVED_CARD.token,
      customer: null,
      brand: DEMO_SAVED_CARD.brand,
      last4: DEMO_SAVED_CARD.last4,
      exp: DEMO_SAVED_CARD.exp,
    },
    limitCents: member.tower_id === null ? MAINTENANCE_CENTS.house : MAINTENANCE_CENTS.tower,
    at: clock.now(),
  });
}
