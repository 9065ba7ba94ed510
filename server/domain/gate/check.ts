// The caseta's pass check (src/api/gate.ts GATE_PATHS.check): the pass check's lookup and verdict
// (domain/shared/passLookup.ts, src/api/gate.ts gateVerdict) plus the pass's entry limit, counted from the
// movement log, and the entry of its visitor who is inside now. Who may call it is the route's rule (canUseGate).
import type { Kysely } from 'kysely';
import { type GateCheck, gateVerdict } from '../../../src/api/gate';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { findPassByCode } from '../shared/passLookup';
import { inZone, timeZoneOf } from '../shared/zonedTime';

type Db = Kysely<Database>;

/** How many entries a pass has had, and its newest entry with no exit yet (its visitor is inside). */
export async function passEntries(db: Db, passId: number): Promise<{ entriesUsed: number; insideEntryId: number | null }> {
  const count = await db
    .selectFrom('gate_movements')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('pass_id', '=', passId)
    .where('kind', '=', 'entry')
    .executeTakeFirstOrThrow();
  const inside = await db
    .selectFrom('gate_movements as m')
    .select('m.id')
    .where('m.pass_id', '=', passId)
    .where('m.kind', '=', 'entry')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('gate_movements as x').select('x.id').whereRef('x.entry_id', '=', 'm.id').where('x.kind', '=', 'exit'),
        ),
      ),
    )
    .orderBy('m.occurred_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return { entriesUsed: Number(count.n), insideEntryId: inside ? Number(inside.id) : null };
}

export async function checkAtGate(db: Db, clock: Clock, auth: Auth, typed: string): Promise<GateCheck> {
  const timeZone = await timeZoneOf(db, auth.condoId);
  const { row, pass, window } = await findPassByCode(db, auth.condoId, typed);
  const now = inZone(clock.now(), timeZone);
  const { entriesUsed, insideEntryId } = await passEntries(db, row.id);
  const entryLimit = row.entry_limit ?? null;
  const { verdict, reason } = gateVerdict(window, now, entryLimit, entriesUsed);
  return {
    verdict,
    reason,
    checkedAt: now,
    passId: row.id,
    apartmentId: row.apartment_id,
    pass,
    entryLimit,
    entriesUsed,
    insideEntryId,
  };
}
