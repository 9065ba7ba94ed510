// The supervisor's panel (condominio/recorridos-supervisor): the rounds of the last 24 hours and the next 12 (done,
// late, missed, each with its checkpoints in order), the guards on shift on the gate's paired devices, and what
// waits at the gate (visitors inside since today began, parcels waiting, today's movements), read from the gate's
// own tables.
import type { Kysely } from 'kysely';
import type { PanelAnswer } from '../../../src/api/rounds';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { localDate, startOfLocalDay, timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { readRounds } from './rows';

const HOUR = 3_600_000;

export async function supervisorPanel(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<Omit<PanelAnswer, 'success'>> {
  const now = clock.now();
  const timeZone = await timeZoneOf(db, auth.condoId);
  const ids = await db
    .selectFrom('rounds')
    .select('id')
    .where('condo_id', '=', auth.condoId)
    .where('slot_at', '>=', new Date(now.getTime() - 24 * HOUR).toISOString())
    .where('slot_at', '<=', new Date(now.getTime() + 12 * HOUR).toISOString())
    .orderBy('slot_at')
    .orderBy('id')
    .limit(200)
    .execute();
  const shifts = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('gate_devices as d', 'd.id', 's.device_id')
    .select(['u.name', 'd.name as device', 's.created_at'])
    .where('s.condo_id', '=', auth.condoId)
    .where('s.kind', '=', 'gate')
    .where('s.revoked_at', 'is', null)
    .where('s.expires_at', '>', now.toISOString())
    .orderBy('s.created_at')
    .execute();
  const todayStart = startOfLocalDay(localDate(now, timeZone), timeZone);
  const count = (n: { n: number | string | bigint } | undefined) => Number(n?.n ?? 0);
  const inside = await db
    .selectFrom('gate_movements as m')
    .select(db.fn.countAll<number>().as('n'))
    .where('m.condo_id', '=', auth.condoId)
    .where('m.kind', '=', 'entry')
    .where('m.occurred_at', '>=', todayStart)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('gate_movements as x').select('x.id').whereRef('x.entry_id', '=', 'm.id').where('x.kind', '=', 'exit'),
        ),
      ),
    )
    .executeTakeFirst();
  const movements = await db
    .selectFrom('gate_movements')
    .select(db.fn.countAll<number>().as('n'))
    .where('condo_id', '=', auth.condoId)
    .where('occurred_at', '>=', todayStart)
    .executeTakeFirst();
  const parcels = await db
    .selectFrom('parcels')
    .select(db.fn.countAll<number>().as('n'))
    .where('condo_id', '=', auth.condoId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return {
    rounds: await readRounds(
      db,
      ids.map((r) => r.id),
      timeZone,
    ),
    guards: shifts.map((s) => ({ name: s.name, device: s.device ?? null, since: utcToLocal(s.created_at, timeZone) })),
    gate: { inside: count(inside), parcelsWaiting: count(parcels), movementsToday: count(movements) },
  };
}
