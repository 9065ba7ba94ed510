// The stamps ledger (solicitar-timbres): credits (+) and stamps consumed (−) in stamp_movements, and their sum
// kept on the issuer (invoicing_issuers.stamps_available, CHECK >= 0) so checking and consuming is one row
// lock. consumeStamp runs inside the stamping's own transaction: a stamp that fails later rolls its movement
// back with it, and two stampings of the last stamp cannot both take it (PostgreSQL: FOR UPDATE on the
// issuer; SQLite: one writing transaction at a time; both: the conditional UPDATE and the CHECK).
import { type Kysely, PostgresAdapter } from 'kysely';
import type { StampLedger } from '../../../src/api/invoicing';
import type { Database } from '../../db/schema';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';

/** How many movements the ledger answers (the newest). */
export const LEDGER_MOVEMENTS = 200;

/** Takes the issuer's row for this transaction (PostgreSQL); SQLite serialises writing transactions. */
export async function lockIssuer(trx: Kysely<Database>, issuerId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('invoicing_issuers').select('id').where('id', '=', issuerId).forUpdate().execute();
}

export interface StampCredit {
  condoId: number;
  issuerId: number;
  quantity: number;
  /** null: the system (the welcome package). */
  userId: number | null;
  now: Date;
  /** Why, for the history: 'bienvenida', 'paquete', … */
  reason: string;
}

/** Credits stamps inside the caller's transaction: the movement, the balance, the history row. Answers the
 * issuer's stamps after the credit and the movement's id. */
export async function creditStamps(
  trx: Kysely<Database>,
  credit: StampCredit,
): Promise<{ available: number; movementId: number }> {
  if (!Number.isInteger(credit.quantity) || credit.quantity <= 0) throw new Error('a credit is a positive whole number');
  await lockIssuer(trx, credit.issuerId);
  const at = credit.now.toISOString();
  const before = await trx
    .selectFrom('invoicing_issuers')
    .select('stamps_available')
    .where('id', '=', credit.issuerId)
    .where('condo_id', '=', credit.condoId)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('invoicing_issuers')
    .set((eb) => ({ stamps_available: eb('stamps_available', '+', credit.quantity) }))
    .where('id', '=', credit.issuerId)
    .execute();
  const { id } = await trx
    .insertInto('stamp_movements')
    .values({
      condo_id: credit.condoId,
      issuer_id: credit.issuerId,
      delta: credit.quantity,
      kind: 'credit',
      cfdi_id: null,
      created_by: credit.userId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const after = before.stamps_available + credit.quantity;
  await recordAudit(trx, {
    condoId: credit.condoId,
    actorUserId: credit.userId,
    entity: 'stamp_movement',
    entityId: id,
    action: 'credit',
    before: { disponibles: before.stamps_available },
    after: { disponibles: after, cantidad: credit.quantity, motivo: credit.reason, emisor: credit.issuerId },
    at,
  });
  return { available: after, movementId: id };
}

/**
 * Takes one stamp for `cfdiId` inside the caller's (the stamping's) transaction; false when none is left,
 * and then nothing is written. Call it before sending anything to the PAC; if the PAC refuses, the
 * caller's rollback gives the stamp back.
 */
export async function consumeStamp(
  trx: Kysely<Database>,
  issuerId: number,
  cfdiId: number | null,
  userId: number | null,
  now: Date,
): Promise<boolean> {
  await lockIssuer(trx, issuerId);
  const issuer = await trx
    .selectFrom('invoicing_issuers')
    .select(['condo_id', 'stamps_available'])
    .where('id', '=', issuerId)
    .executeTakeFirst();
  if (!issuer || issuer.stamps_available < 1) return false;
  // Conditional as well as locked: whatever interleaving a driver allows, a balance of 0 takes nothing.
  const taken = await trx
    .updateTable('invoicing_issuers')
    .set((eb) => ({ stamps_available: eb('stamps_available', '-', 1) }))
    .where('id', '=', issuerId)
    .where('stamps_available', '>=', 1)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto('stamp_movements')
    .values({
      condo_id: issuer.condo_id,
      issuer_id: issuerId,
      delta: -1,
      kind: 'stamp',
      cfdi_id: cfdiId,
      created_by: userId,
      created_at: now.toISOString(),
    })
    .execute();
  return true;
}

/** Ties a consumed stamp to its CFDI when the CFDI's row is written after the stamp was taken. */
export async function attachStampToCfdi(trx: Kysely<Database>, issuerId: number, cfdiId: number): Promise<void> {
  const last = await trx
    .selectFrom('stamp_movements')
    .select('id')
    .where('issuer_id', '=', issuerId)
    .where('kind', '=', 'stamp')
    .where('cfdi_id', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (last) await trx.updateTable('stamp_movements').set({ cfdi_id: cfdiId }).where('id', '=', last.id).execute();
}

/** The stamps left for an issuer of the condominium (0 for another condominium's). */
export async function stampsAvailable(db: Kysely<Database>, condoId: number, issuerId: number): Promise<number> {
  const row = await db
    .selectFrom('invoicing_issuers')
    .select('stamps_available')
    .where('id', '=', issuerId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  return row?.stamps_available ?? 0;
}

export async function stampLedger(db: Kysely<Database>, auth: Auth): Promise<StampLedger> {
  const issuers = await db
    .selectFrom('invoicing_issuers')
    .select(['id', 'rfc', 'stamps_available'])
    .where('condo_id', '=', auth.condoId)
    .orderBy('rfc')
    .execute();
  const movements = await db
    .selectFrom('stamp_movements as s')
    .innerJoin('invoicing_issuers as i', 'i.id', 's.issuer_id')
    .leftJoin('cfdis as c', 'c.id', 's.cfdi_id')
    .select(['s.id', 'i.rfc', 's.delta', 's.kind', 'c.uuid', 's.created_at'])
    .where('s.condo_id', '=', auth.condoId)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(LEDGER_MOVEMENTS)
    .execute();
  const requests = await db
    .selectFrom('stamp_requests as r')
    .innerJoin('invoicing_issuers as i', 'i.id', 'r.issuer_id')
    .leftJoin('users as u', 'u.id', 'r.requested_by')
    .select(['r.id', 'i.rfc', 'r.quantity', 'r.created_at', 'r.credited_at', 'u.name'])
    .where('r.condo_id', '=', auth.condoId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(LEDGER_MOVEMENTS)
    .execute();
  return {
    balances: issuers.map((i) => ({ issuerId: i.id, rfc: i.rfc, available: i.stamps_available })),
    movements: movements.map((m) => ({
      id: m.id,
      issuerRfc: m.rfc,
      delta: m.delta,
      kind: m.kind === 'credit' ? 'credit' : 'stamp',
      cfdiUuid: m.uuid ?? null,
      at: m.created_at,
    })),
    requests: requests.map((r) => ({
      id: r.id,
      rfc: r.rfc,
      quantity: r.quantity,
      at: r.created_at,
      requestedBy: r.name ?? '',
      creditedAt: r.credited_at,
    })),
  };
}
