// Reading rounds into the contract's Round (src/api/rounds.ts): the plan's name, the stops with their checkpoints
// and scans, the notes, every time in the condominium's zone. Shared by the walk, the panel and the jobs.
import type { Kysely } from 'kysely';
import type { Round, RoundStatus, StopStatus } from '../../../src/api/rounds';
import type { Database } from '../../db/schema';
import { utcToLocal } from '../shared/zonedTime';

type Db = Kysely<Database>;

/** The rounds by id, in the order given, read in a few queries. */
export async function readRounds(db: Db, ids: readonly number[], timeZone: string): Promise<Round[]> {
  if (ids.length === 0) return [];
  const rounds = await db
    .selectFrom('rounds as r')
    .innerJoin('round_plans as p', 'p.id', 'r.plan_id')
    .leftJoin('users as u', 'u.id', 'r.walked_by_user_id')
    .select([
      'r.id',
      'r.plan_id',
      'p.name as plan_name',
      'p.ordered',
      'r.slot_at',
      'r.closes_at',
      'r.status',
      'r.started_at',
      'r.finished_at',
      'u.name as walked_by',
    ])
    .where('r.id', 'in', ids)
    .execute();
  const stops = await db
    .selectFrom('round_stops as s')
    .innerJoin('round_checkpoints as c', 'c.id', 's.checkpoint_id')
    .leftJoin('round_scans as x', 'x.id', 's.scan_id')
    .select([
      's.id',
      's.round_id',
      's.checkpoint_id',
      'c.name',
      'c.place',
      'c.instructions',
      'c.code',
      'c.nfc_tag',
      's.position',
      's.due_at',
      's.status',
      's.scanned_at',
      's.out_of_order',
      'x.note',
    ])
    .where('s.round_id', 'in', ids)
    .orderBy('s.round_id')
    .orderBy('s.position')
    .execute();
  const notes = await db
    .selectFrom('round_notes as n')
    .leftJoin('users as u', 'u.id', 'n.by_user_id')
    .select(['n.round_id', 'n.text', 'n.created_at', 'u.name', 'n.checkpoint_id'])
    .where('n.round_id', 'in', ids)
    .orderBy('n.id')
    .execute();
  const local = (at: string | null) => (at === null ? null : utcToLocal(at, timeZone));
  const byId = new Map(
    rounds.map((r): [number, Round] => [
      r.id,
      {
        id: r.id,
        planId: r.plan_id,
        planName: r.plan_name,
        ordered: r.ordered === 1,
        slotAt: utcToLocal(r.slot_at, timeZone),
        closesAt: utcToLocal(r.closes_at, timeZone),
        slotAtUtc: r.slot_at,
        closesAtUtc: r.closes_at,
        status: r.status as RoundStatus,
        startedAt: local(r.started_at),
        finishedAt: local(r.finished_at),
        walkedBy: r.walked_by ?? null,
        stops: stops
          .filter((s) => s.round_id === r.id)
          .map((s) => ({
            id: s.id,
            checkpointId: s.checkpoint_id,
            name: s.name,
            place: s.place,
            instructions: s.instructions,
            code: s.code,
            nfcTag: s.nfc_tag,
            position: s.position,
            dueAt: utcToLocal(s.due_at, timeZone),
            status: s.status as StopStatus,
            scannedAt: local(s.scanned_at),
            outOfOrder: s.out_of_order === 1,
            note: s.note ?? null,
          })),
        notes: notes
          .filter((n) => n.round_id === r.id)
          .map((n) => ({
            text: n.text,
            at: utcToLocal(n.created_at, timeZone),
            by: n.name ?? null,
            checkpointId: n.checkpoint_id,
          })),
      },
    ]),
  );
  return ids.flatMap((id) => {
    const round = byId.get(id);
    return round ? [round] : [];
  });
}

/** The condominium's active supervisors and administrators: who the panel and its notices are for. */
export async function roundWatchersOf(db: Db, condoId: number): Promise<{ supervisors: number[]; all: number[] }> {
  const rows = await db
    .selectFrom('memberships')
    .select(['user_id', 'is_supervisor'])
    .where('condo_id', '=', condoId)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('is_supervisor', '=', 1), eb('is_admin', '=', 1)]))
    .execute();
  return {
    supervisors: [...new Set(rows.filter((r) => r.is_supervisor === 1).map((r) => r.user_id))],
    all: [...new Set(rows.map((r) => r.user_id))],
  };
}
