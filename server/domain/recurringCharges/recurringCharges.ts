// Recurring charges (domiciliations): a member lists their own (each with its saved card, what the daily run would
// charge next, and its last automatic attempts: jobs.ts), changes a charge's monthly limit, cancels it, or takes
// its saved card off ("Quitar tarjeta": the charge stays, nothing is charged without a card). Who may do what is src/api/permissions.ts (canSeeAutomaticCharges, canManageRecurringCharge);
// this module applies it to rows. Money is integer cents here and two-decimal text on the wire. A change of
// amount and a cancellation write their history row (entity 'recurring_charge') in the same transaction.
import type { Kysely, Selectable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canManageRecurringCharge, canSeeAutomaticCharges } from '../../../src/api/permissions';
import {
  ATTEMPTS_SHOWN,
  amountToCents,
  type ChargeAttempt,
  centsToAmount,
  type RecurringCharge,
} from '../../../src/api/recurringCharges';
import type { Database, RecurringChargeTable } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { cardLabel } from '../shared/savedCards';
import { localDate, timeZoneOf } from '../shared/zonedTime';
import { nextAutomaticCharge } from './jobs';

type ChargeRow = Pick<
  Selectable<RecurringChargeTable>,
  | 'id'
  | 'descripcion'
  | 'monto_cents'
  | 'frecuencia'
  | 'metodo_pago'
  | 'created_at'
  | 'user_id'
  | 'condo_id'
  | 'apartment_id'
  | 'saved_card_id'
>;

const COLUMNS = [
  'id',
  'descripcion',
  'monto_cents',
  'frecuencia',
  'metodo_pago',
  'created_at',
  'user_id',
  'condo_id',
  'apartment_id',
  'saved_card_id',
] as const;

const caller = (auth: Auth) => ({ condo: { CondoId: auth.condoId }, usuario: { UserId: auth.userId } });

/** fechaCreacion is the day it was created on the condominium's clock; the card (unless removed), what the daily
 * run would charge next, and the last attempts (their checkout's state once a pending one settled). */
async function toCharge(db: Kysely<Database>, clock: Clock, row: ChargeRow, timeZone: string): Promise<RecurringCharge> {
  const card = row.saved_card_id
    ? await db
        .selectFrom('saved_cards')
        .select(['brand', 'last4', 'exp'])
        .where('id', '=', row.saved_card_id)
        .where('removed_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const next =
    card && row.apartment_id !== null
      ? await nextAutomaticCharge(db, clock, {
          id: row.id,
          condo_id: row.condo_id,
          apartment_id: row.apartment_id,
          monto_cents: Number(row.monto_cents),
        })
      : null;
  const runs = await db
    .selectFrom('recurring_charge_runs as r')
    .leftJoin('checkouts as c', 'c.id', 'r.checkout_id')
    .select(['r.run_on', 'r.amount_cents', 'r.outcome', 'r.reason', 'c.state', 'c.failure'])
    .where('r.recurring_charge_id', '=', row.id)
    .where('r.kind', '=', 'cargo')
    .orderBy('r.run_on', 'desc')
    .orderBy('r.id', 'desc')
    .limit(ATTEMPTS_SHOWN)
    .execute();
  return {
    id: row.id,
    descripcion: row.descripcion,
    monto: centsToAmount(Number(row.monto_cents)),
    frecuencia: row.frecuencia,
    metodoPago: row.metodo_pago,
    fechaCreacion: localDate(row.created_at, timeZone),
    tarjeta: card ? { marca: card.brand, ultimos4: card.last4, vencimiento: card.exp } : null,
    proximoCargo: next ? { fecha: next.date, monto: centsToAmount(next.amountCents) } : null,
    intentos: runs.map((r): ChargeAttempt => {
      // A pending charge is settled later by the provider's event on its checkout.
      const outcome = r.outcome === 'pendiente' && r.state === 'pagado' ? 'pagado' : r.outcome;
      const resultado =
        r.outcome === 'pendiente' && r.state === 'fallido'
          ? 'rechazado'
          : outcome === 'pagado' || outcome === 'rechazado'
            ? outcome
            : 'pendiente';
      return {
        fecha: r.run_on,
        monto: centsToAmount(Number(r.amount_cents)),
        resultado,
        motivo: resultado === 'rechazado' ? (r.reason ?? r.failure ?? null) : null,
      };
    }),
  };
}

const notFoundCharge = () => notFound('errors.notFound.charge');

/** 403 outside the condominium that has the feature. */
function requireFeature(auth: Auth): void {
  if (!canSeeAutomaticCharges(caller(auth))) throw forbidden();
}

/** The caller's active charges, oldest first. */
export async function listRecurringCharges(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<RecurringCharge[]> {
  requireFeature(auth);
  const rows = await db
    .selectFrom('recurring_charges')
    .select(COLUMNS)
    .where('condo_id', '=', auth.condoId)
    .where('user_id', '=', auth.userId)
    .where('cancelled_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const timeZone = await timeZoneOf(db, auth.condoId);
  const charges: RecurringCharge[] = [];
  for (const row of rows) charges.push(await toCharge(db, clock, row, timeZone));
  return charges;
}

/**
 * The active charge the caller may change: 404 when it does not exist in their condominium (or is
 * cancelled), 403 when it is another member's.
 */
async function ownedCharge(db: Kysely<Database>, auth: Auth, id: number): Promise<ChargeRow> {
  requireFeature(auth);
  const row = await db
    .selectFrom('recurring_charges')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFoundCharge();
  if (!canManageRecurringCharge(caller(auth), { UserId: row.user_id, CondoId: row.condo_id })) throw forbidden();
  return row;
}

/** A new monthly limit under the dialog's own rule (§5): digits, a point or comma, 2 decimals, above 0. */
export async function updateRecurringChargeAmount(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  monto: string,
): Promise<RecurringCharge> {
  const cents = amountToCents(monto);
  if (cents === null || cents <= 0) throw new AppError(400, ErrorCodes.badRequest, 'charges.invalidAmount', 'monto');
  const row = await ownedCharge(db, auth, id);
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('recurring_charges')
      .set({ monto_cents: cents, updated_at: clock.now().toISOString() })
      .where('id', '=', row.id)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    // Cancelled between the read and the write (another tab): it no longer exists for the caller.
    if (Number(updated.numUpdatedRows) === 0) throw notFoundCharge();
    if (row.monto_cents === cents) return;
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'recurring_charge',
      entityId: row.id,
      action: 'update',
      before: { descripcion: row.descripcion, monto: pesos(row.monto_cents) },
      after: { descripcion: row.descripcion, monto: pesos(cents) },
      at: clock.now(),
    });
  });
  return toCharge(db, clock, { ...row, monto_cents: cents }, await timeZoneOf(db, auth.condoId));
}

/** Cancels the caller's charge; it stays in the table, out of every list. */
export async function cancelRecurringCharge(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<void> {
  const row = await ownedCharge(db, auth, id);
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('recurring_charges')
      .set({ cancelled_at: now, updated_at: now })
      .where('id', '=', row.id)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw notFoundCharge();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'recurring_charge',
      entityId: row.id,
      action: 'cancel',
      before: { descripcion: row.descripcion, monto: pesos(row.monto_cents), cancelada: false },
      after: { cancelada: true },
      at: now,
    });
  });
}

/**
 * "Quitar tarjeta": the caller's charge no longer charges its saved card (the card is marked removed, with the
 * charge's history row); the charge stays, and the daily run charges nothing until a card is saved again on Pagar.
 * 404 when the charge has no card (already removed, or never had one).
 */
export async function removeRecurringChargeCard(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
): Promise<RecurringCharge> {
  const row = await ownedCharge(db, auth, id);
  if (row.saved_card_id === null) throw notFound('errors.notFound.savedCard');
  const cardId = row.saved_card_id;
  const now = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('recurring_charges')
      .set({ saved_card_id: null, updated_at: now })
      .where('id', '=', row.id)
      .where('saved_card_id', '=', cardId)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    // Cancelled, or its card taken off, between the read and the write (another tab).
    if (Number(updated.numUpdatedRows) === 0) throw notFound('errors.notFound.savedCard');
    const card = await trx
      .selectFrom('saved_cards')
      .select(['brand', 'last4'])
      .where('id', '=', cardId)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('saved_cards')
      .set({ removed_at: now })
      .where('id', '=', cardId)
      .where('removed_at', 'is', null)
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'recurring_charge',
      entityId: row.id,
      action: 'retirar',
      before: { descripcion: row.descripcion, tarjeta: cardLabel(card) },
      after: { descripcion: row.descripcion, tarjeta: null },
      at: now,
    });
  });
  return toCharge(db, clock, { ...row, saved_card_id: null }, await timeZoneOf(db, auth.condoId));
}

/** Cents as the history shows an amount: 1234.50. */
const pesos = (cents: number) => centsToAmount(cents);
