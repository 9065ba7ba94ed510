// The electorate of a poll (shared/electorate.ts), fixed the first time anything touches the poll while it is
// open (the poll-open job, a vote, a read of its results) and never again (docs/decisions.md "Surveys and
// votes"): as the ledger stands on the opening day, and the section's readers then. Later changes to shares,
// the ledger or people never rewrite a result.
import { type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from '../shared/audit';
import { arrearsDay, electorateAsOf } from '../shared/electorate';
import { findPoll, hasOpened, type PollRow } from './rows';

/**
 * Takes the poll row for this transaction: on PostgreSQL a row lock (FOR UPDATE, or FOR SHARE for those that
 * only need it to stay as read: votes, against a close or a cancel); SQLite runs one writing transaction at a
 * time on its one connection, which is what BEGIN IMMEDIATE would give.
 */
export async function lockPoll(trx: Kysely<Database>, pollId: number, mode: 'update' | 'share'): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const query = trx.selectFrom('polls').select('id').where('id', '=', pollId);
  await (mode === 'update' ? query.forUpdate() : query.forShare()).execute();
}

/**
 * Fixes the electorate once, in `trx`: under the poll's lock, only while fixed_at is still null (two callers
 * at once: the second waits, then finds it fixed). Answers whether this call fixed it.
 */
export async function fixElectorate(trx: Kysely<Database>, pollId: number, now: Date): Promise<boolean> {
  await lockPoll(trx, pollId, 'update');
  const poll = await findPoll(trx, null, pollId);
  if (!poll || poll.fixed_at !== null) return false;
  const seats = await electorateAsOf(trx, poll, await arrearsDay(trx, poll));
  const rows = seats.map((s) => ({
    poll_id: poll.id,
    seat_key: s.seatKey,
    apartment_id: s.apartmentId,
    user_id: s.userId,
    name: s.name,
    weight: s.weight,
    barred: s.barred ? (1 as const) : (0 as const),
    debt_cents: s.debtCents,
    debt_days: s.debtDays,
  }));
  // In chunks: PostgreSQL and SQLite both cap the parameters of one statement.
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('poll_electorate')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  const at = now.toISOString();
  await trx.updateTable('polls').set({ fixed_at: at }).where('id', '=', poll.id).execute();
  await recordAudit(trx, {
    condoId: poll.condo_id,
    actorUserId: null,
    entity: 'poll',
    entityId: poll.id,
    action: 'fijar_padron',
    after: {
      seats: seats.length,
      weight: seats.reduce((sum, s) => sum + s.weight, 0),
      barred: seats.filter((s) => s.barred).length,
    },
    at,
  });
  return true;
}

/**
 * The poll with its electorate fixed if it has opened and nobody fixed it yet: in its own transaction (or in
 * the caller's, when given one). Answers the row as it is now.
 */
export async function ensureFixed(db: Kysely<Database>, row: PollRow, now: Date): Promise<PollRow> {
  if (row.fixed_at !== null || !hasOpened(row, now)) return row;
  if (db.isTransaction) await fixElectorate(db, row.id, now);
  else await db.transaction().execute((trx) => fixElectorate(trx, row.id, now));
  return (await findPoll(db, row.condo_id, row.id))!;
}

export interface FixedSeat {
  seat_key: string;
  apartment_id: number | null;
  user_id: number | null;
  name: string;
  weight: number;
  barred: number;
  debt_cents: number | null;
  debt_days: number | null;
}

export async function fixedElectorate(db: Kysely<Database>, pollId: number): Promise<FixedSeat[]> {
  return db
    .selectFrom('poll_electorate')
    .select(['seat_key', 'apartment_id', 'user_id', 'name', 'weight', 'barred', 'debt_cents', 'debt_days'])
    .where('poll_id', '=', pollId)
    .orderBy('id')
    .execute();
}
