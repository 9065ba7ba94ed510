// Recurring charges (domiciliations): a member lists their own, changes a charge's monthly limit, or
// cancels it. Who may do what is src/api/permissions.ts (canSeeAutomaticCharges, canManageRecurringCharge);
// this module applies it to rows. Money is integer cents here and two-decimal text on the wire. A change of
// amount and a cancellation write their history row (entity 'recurring_charge') in the same transaction.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canManageRecurringCharge, canSeeAutomaticCharges } from '../../../src/api/permissions';
import { amountToCents, centsToAmount, type RecurringCharge } from '../../../src/api/recurringCharges';
import type { Database, RecurringChargeTable } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { localDate, timeZoneOf } from '../shared/zonedTime';

type ChargeRow = Pick<
  RecurringChargeTable,
  'descripcion' | 'monto_cents' | 'frecuencia' | 'metodo_pago' | 'created_at' | 'user_id' | 'condo_id'
> & { id: number };

const COLUMNS = ['id', 'descripcion', 'monto_cents', 'frecuencia', 'metodo_pago', 'created_at', 'user_id', 'condo_id'] as const;

const caller = (auth: Auth) => ({ condo: { CondoId: auth.condoId }, usuario: { UserId: auth.userId } });

/** fechaCreacion is the day it was created on the condominium's clock. */
function toCharge(row: ChargeRow, timeZone: string): RecurringCharge {
  return {
    id: row.id,
    descripcion: row.descripcion,
    monto: centsToAmount(row.monto_cents),
    frecuencia: row.frecuencia,
    metodoPago: row.metodo_pago,
    fechaCreacion: localDate(row.created_at, timeZone),
  };
}

const notFoundCharge = () => notFound('errors.notFound.charge');

/** 403 outside the condominium that has the feature. */
function requireFeature(auth: Auth): void {
  if (!canSeeAutomaticCharges(caller(auth))) throw forbidden();
}

/** The caller's active charges, oldest first. */
export async function listRecurringCharges(db: Kysely<Database>, auth: Auth): Promise<RecurringCharge[]> {
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
  return rows.map((row) => toCharge(row, timeZone));
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
  return toCharge({ ...row, monto_cents: cents }, await timeZoneOf(db, auth.condoId));
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

/** Cents as the history shows an amount: 1234.50. */
const pesos = (cents: number) => centsToAmount(cents);
