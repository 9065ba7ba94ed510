// The shift handover (issue 31): the outgoing guard's notes at the end of a shift; the incoming one (another guard or
// supervisor) reads them and marks them read, once: who and when. The latest ones, newest first.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { HANDOVER_LIST_SIZE, type Handover } from '../../../src/api/incidents';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';

const handoverRows = (db: Kysely<Database>, condoId: number) =>
  db
    .selectFrom('shift_handovers as h')
    .leftJoin('users as w', 'w.id', 'h.written_by')
    .leftJoin('users as r', 'r.id', 'h.read_by')
    .selectAll('h')
    .select(['w.name as writer_name', 'r.name as reader_name'])
    .where('h.condo_id', '=', condoId);

type HandoverRow = Awaited<ReturnType<ReturnType<typeof handoverRows>['executeTakeFirstOrThrow']>>;

const toHandover = (row: HandoverRow, auth: Auth, timeZone: string): Handover => ({
  id: row.id,
  notes: row.notes,
  writtenBy: row.writer_name,
  writtenByMe: row.written_by === auth.userId,
  writtenAt: utcToLocal(row.written_at, timeZone),
  readBy: row.reader_name,
  readAt: row.read_at === null ? null : utcToLocal(row.read_at, timeZone),
});

async function handoverOf(db: Kysely<Database>, auth: Auth, id: number): Promise<Handover> {
  const row = await handoverRows(db, auth.condoId).where('h.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCodes.notFound, 'incidents.handover.notFound');
  return toHandover(row, auth, await timeZoneOf(db, auth.condoId));
}

export async function latestHandovers(db: Kysely<Database>, auth: Auth): Promise<Handover[]> {
  const rows = await handoverRows(db, auth.condoId)
    .orderBy('h.written_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(HANDOVER_LIST_SIZE)
    .execute();
  const timeZone = await timeZoneOf(db, auth.condoId);
  return rows.map((row) => toHandover(row, auth, timeZone));
}

export async function writeHandover(db: Kysely<Database>, clock: Clock, auth: Auth, notes: string): Promise<Handover> {
  const { id } = await db
    .insertInto('shift_handovers')
    .values({ condo_id: auth.condoId, written_by: auth.userId, notes: notes.trim(), written_at: clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return handoverOf(db, auth, id);
}

/** Marked read once, by someone other than its writer: 409 when read already, 403 for its own writer. */
export async function readHandover(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<Handover> {
  const row = await handoverRows(db, auth.condoId).where('h.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(404, ErrorCodes.notFound, 'incidents.handover.notFound');
  if (row.written_by === auth.userId) throw new AppError(403, ErrorCodes.forbidden, 'incidents.handover.ownNotes');
  const result = await db
    .updateTable('shift_handovers')
    .set({ read_by: auth.userId, read_at: clock.now().toISOString() })
    .where('id', '=', id)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError(409, ErrorCodes.conflict, 'incidents.handover.readAlready');
  return handoverOf(db, auth, id);
}
