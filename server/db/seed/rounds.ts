// The rounds demo (issue 31) in Residencial Las Palmas: six checkpoints with fixed codes (DEMO_CHECKPOINTS: the
// browser tests print them), a night plan walked in order every two hours from 22:00 to 06:00, and a week of its
// rounds walked by guardia@demo.mx: most on time, some with a checkpoint late, the latest closed round missed (its
// supervisor told, as the job would have), a round open now (if the seed runs at night) partly walked, and the
// coming ones scheduled with their watches. Deterministic for a given seed clock.
import type { Kysely } from 'kysely';
import { roundClosesAt, windowSlots } from '../../../src/api/rounds';
import { tellSupervisors } from '../../domain/rounds/notices';
import { makePlanRounds, scheduleWatch } from '../../domain/rounds/schedule';
import { localDate, localToUtc, utcToLocal } from '../../domain/shared/zonedTime';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';
import { DEMO_CONDOS } from './demoFacts';

const DAY_MS = 24 * 3_600_000;
const MINUTE = 60_000;

export const DEMO_CHECKPOINTS = [
  { code: 'RC-DEMO-PALMAS-1', name: 'Caseta principal', place: 'Acceso principal', tolerance: 10 },
  { code: 'RC-DEMO-PALMAS-2', name: 'Estacionamiento Torre A', place: 'Sótano 1', tolerance: 20 },
  { code: 'RC-DEMO-PALMAS-3', name: 'Alberca', place: 'Área común', tolerance: 30 },
  { code: 'RC-DEMO-PALMAS-4', name: 'Cuarto de máquinas', place: 'Torre B, planta baja', tolerance: 40 },
  { code: 'RC-DEMO-PALMAS-5', name: 'Jardín poniente', place: 'Casas', tolerance: 50 },
  { code: 'RC-DEMO-PALMAS-6', name: 'Acceso de servicio', place: 'Calle posterior', tolerance: 60 },
] as const;
export const DEMO_ROUND_PLAN = 'Recorrido nocturno';

const clientIdOf = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export async function seedRounds(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const palmas = DEMO_CONDOS.find((c) => c.key === 'palmas')!;
  const condo = await db
    .selectFrom('condominiums')
    .select(['id', 'time_zone'])
    .where('subdomain', '=', palmas.row.subdomain)
    .executeTakeFirstOrThrow();
  const guard = await db.selectFrom('users').select('id').where('email', '=', 'guardia@demo.mx').executeTakeFirstOrThrow();
  const created = new Date(now.getTime() - 30 * DAY_MS).toISOString();
  const checkpoints: number[] = [];
  for (const c of DEMO_CHECKPOINTS) {
    const row = await db
      .insertInto('round_checkpoints')
      .values({
        condo_id: condo.id,
        name: c.name,
        place: c.place,
        instructions: 'Revisa puertas, luces y que no haya personas ajenas.',
        code: c.code,
        nfc_tag: null,
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    checkpoints.push(row.id);
  }
  const plan = await db
    .insertInto('round_plans')
    .values({
      condo_id: condo.id,
      name: DEMO_ROUND_PLAN,
      ordered: 1,
      every_hours: 2,
      from_time: '22:00',
      to_time: '06:00',
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('round_plan_stops')
    .values(
      DEMO_CHECKPOINTS.map((c, i) => ({
        plan_id: plan.id,
        checkpoint_id: checkpoints[i]!,
        position: i + 1,
        tolerance_minutes: c.tolerance,
      })),
    )
    .execute();

  // Every slot of the last seven nights and tonight that has begun.
  const today = localDate(now, condo.time_zone);
  const tolerances = DEMO_CHECKPOINTS.map((c) => c.tolerance);
  const slots: Date[] = [];
  for (let d = -7; d <= 0; d++) {
    const start = new Date(localToUtc(`${shiftDay(today, d)}T22:00`, condo.time_zone));
    slots.push(...windowSlots(start, { everyHours: 2, from: '22:00', to: '06:00' }).filter((s) => s.getTime() <= now.getTime()));
  }
  const closed = slots.filter((s) => roundClosesAt(s, tolerances).getTime() <= now.getTime());
  const missed = closed.at(-1);
  let scanNumber = 0;
  for (const [index, slot] of slots.entries()) {
    const closesAt = roundClosesAt(slot, tolerances);
    const open = closesAt.getTime() > now.getTime();
    const isMissed = slot === missed;
    // Every fourth closed round has its third checkpoint scanned late; the open one has its first two scanned.
    const late = !open && !isMissed && index % 4 === 1;
    const scanned = open ? 2 : isMissed ? 0 : DEMO_CHECKPOINTS.length;
    const status = open ? 'walking' : isMissed ? 'missed' : late ? 'late' : 'done';
    const offsets = DEMO_CHECKPOINTS.map((c, i) => (late && i === 2 ? c.tolerance + 7 : Math.min(c.tolerance - 2, 4 + i * 8)));
    const lastScan = new Date(slot.getTime() + Math.max(...offsets.slice(0, scanned), 0) * MINUTE);
    const round = await db
      .insertInto('rounds')
      .values({
        condo_id: condo.id,
        plan_id: plan.id,
        slot_at: slot.toISOString(),
        closes_at: closesAt.toISOString(),
        status,
        started_at: scanned > 0 ? new Date(slot.getTime() + offsets[0]! * MINUTE).toISOString() : null,
        finished_at: open ? null : scanned > 0 ? lastScan.toISOString() : null,
        walked_by_user_id: scanned > 0 ? guard.id : null,
        device_id: null,
        missed_notified_at: isMissed ? closesAt.toISOString() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, c] of DEMO_CHECKPOINTS.entries()) {
      const dueAt = new Date(slot.getTime() + c.tolerance * MINUTE);
      const at = i < scanned ? new Date(slot.getTime() + offsets[i]! * MINUTE) : null;
      // An open round's next checkpoint may already be past its due time: late, still to be scanned.
      const pendingStatus = open ? (dueAt.getTime() <= now.getTime() ? 'late' : 'pending') : 'missed';
      let scanId: number | null = null;
      if (at) {
        scanNumber += 1;
        scanId = (
          await db
            .insertInto('round_scans')
            .values({
              condo_id: condo.id,
              client_id: clientIdOf(scanNumber),
              round_id: round.id,
              checkpoint_id: checkpoints[i]!,
              scanned_at: at.toISOString(),
              received_at: at.toISOString(),
              offline: 0,
              out_of_order: 0,
              note: late && i === 2 ? 'Puerta del cuarto de bombas abierta; se cerró.' : null,
              photo_file_id: null,
              by_user_id: guard.id,
              device_id: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      }
      await db
        .insertInto('round_stops')
        .values({
          round_id: round.id,
          checkpoint_id: checkpoints[i]!,
          position: i + 1,
          due_at: dueAt.toISOString(),
          status: at ? (at.getTime() <= dueAt.getTime() ? 'done' : 'late') : pendingStatus,
          scan_id: scanId,
          scanned_at: at ? at.toISOString() : null,
          late_notified_at: null,
        })
        .execute();
    }
    if (open) await scheduleWatch(db, round.id, closesAt.toISOString(), now);
    if (isMissed) {
      const slotText = utcToLocal(slot, condo.time_zone).replace('T', ' ');
      await tellSupervisors(db, clock, condo.id, {
        kind: 'missed',
        roundId: round.id,
        plan: DEMO_ROUND_PLAN,
        slot: slotText,
        missing: DEMO_CHECKPOINTS.length,
      });
    }
  }
  // The coming rounds, with their watches, and tomorrow's making.
  await makePlanRounds(db, clock, plan.id);
}
