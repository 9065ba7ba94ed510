// Saved cards for automatic charges (issue 27, "Cargos automáticos become real"): what a paid checkout that asked
// to keep its card writes, in the webhook's transaction (domain/checkout/webhooks.ts), and the daily job's kind and
// slot (domain/recurringCharges/jobs.ts reads and runs them). Shared because paying online saves the card and the
// recurring charges use it. The token is the provider's (sandbox sbx_card_…, Stripe pm_…): it names a card only
// inside the condominium's own provider account, whose secret key is sealed (checkout/settings.ts), so it is kept
// in clear (docs/decisions.md).
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import type { Database } from '../../db/schema';
import { MORNING_RUN_HOUR_UTC, nextDailySlotAt, scheduleJobOnce } from '../../infra/scheduledJobs';
import { recordAudit } from './audit';

export const RECURRING_CHARGE_JOB = 'recurring-charges';
/** The next daily run at 15:00 UTC after `now`, as the reminders': a charge and its notice read in the morning. */
export const nextRecurringChargeSlot = (now: Date) => nextDailySlotAt(now, MORNING_RUN_HOUR_UTC);

export async function scheduleRecurringChargeJob(db: Kysely<Database>, now: Date): Promise<void> {
  const slot = nextRecurringChargeSlot(now);
  await scheduleJobOnce(db, RECURRING_CHARGE_JOB, slot.key, slot.dueAt, now);
}

/** How a card reads on the screens: "Visa •••• 4242". */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Tarjeta';
  return `${brand} •••• ${card.last4}`;
}

export interface KeptCard {
  condoId: number;
  userId: number;
  apartmentId: number;
  provider: string;
  card: { token: string; customer: string | null; brand: string; last4: string; exp: string | null };
  /** The monthly limit the resident chose on Pagar, in cents. */
  limitCents: number;
  at: Date;
}

/**
 * Keeps a card for a member's dwelling: the card row (an earlier card of the same member and dwelling is removed),
 * and the member's oldest active recurring charge of that dwelling made to charge it with the limit chosen (one is
 * created when there is none); with its history row, and the daily run asked for. In the caller's transaction.
 */
export async function keepSavedCard(trx: Kysely<Database>, kept: KeptCard): Promise<number> {
  const at = kept.at.toISOString();
  await trx
    .updateTable('saved_cards')
    .set({ removed_at: at })
    .where('condo_id', '=', kept.condoId)
    .where('user_id', '=', kept.userId)
    .where('apartment_id', '=', kept.apartmentId)
    .where('removed_at', 'is', null)
    .execute();
  const { id: cardId } = await trx
    .insertInto('saved_cards')
    .values({
      condo_id: kept.condoId,
      user_id: kept.userId,
      apartment_id: kept.apartmentId,
      provider: kept.provider,
      token: kept.card.token,
      customer: kept.card.customer,
      brand: kept.card.brand,
      last4: kept.card.last4,
      exp: kept.card.exp,
      created_at: at,
      removed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const label = cardLabel(kept.card);
  const existing = await trx
    .selectFrom('recurring_charges')
    .select(['id', 'monto_cents', 'metodo_pago', 'saved_card_id'])
    .where('condo_id', '=', kept.condoId)
    .where('user_id', '=', kept.userId)
    .where('apartment_id', '=', kept.apartmentId)
    .where('cancelled_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  let chargeId: number;
  if (existing) {
    chargeId = existing.id;
    await trx
      .updateTable('recurring_charges')
      .set({ saved_card_id: cardId, metodo_pago: label, monto_cents: kept.limitCents, updated_at: at })
      .where('id', '=', existing.id)
      .execute();
  } else {
    const dwelling = await trx
      .selectFrom('apartments as a')
      .leftJoin('towers as t', 't.id', 'a.tower_id')
      .select(['a.name', 't.name as tower'])
      .where('a.id', '=', kept.apartmentId)
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('recurring_charges')
      .values({
        condo_id: kept.condoId,
        user_id: kept.userId,
        apartment_id: kept.apartmentId,
        descripcion: `Cuota de mantenimiento ${dwellingName(dwelling.tower, dwelling.name)}`,
        monto_cents: kept.limitCents,
        frecuencia: 'Mensual',
        metodo_pago: label,
        created_at: at,
        updated_at: at,
        cancelled_at: null,
        saved_card_id: cardId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    chargeId = row.id;
  }
  await recordAudit(trx, {
    condoId: kept.condoId,
    actorUserId: kept.userId,
    entity: 'recurring_charge',
    entityId: chargeId,
    action: existing ? 'update' : 'create',
    before: existing ? { metodoPago: existing.metodo_pago, monto: existing.monto_cents } : null,
    after: { metodoPago: label, monto: kept.limitCents, tarjetaGuardada: true },
    at: kept.at,
  });
  await scheduleRecurringChargeJob(trx, kept.at);
  return chargeId;
}
