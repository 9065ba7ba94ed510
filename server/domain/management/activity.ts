// The community figures of management control: guest traffic by week, open requests by age, this week's
// reservations and the participation in open and recent polls. Days are the condominium's calendar days
// (DESIGN.md §4); each query names the condominium, so another condominium's rows never count.
import type { Kysely } from 'kysely';
import {
  type PollParticipation,
  RECENT_POLL_DAYS,
  REQUEST_BUCKETS,
  type Requests,
  type Reservations,
  requestBucket,
  TRAFFIC_WEEKS,
  type Traffic,
} from '../../../src/api/management';
import { type PollState, pollPhase } from '../../../src/api/pollLifecycle';
import { type PollCounting, type PollKind, participationOf } from '../../../src/api/polls';
import { COUNTING_STATES } from '../../../src/api/reservationLifecycle';
import { addDays, weekStart } from '../../../src/api/reservationRules';
import { OPEN_STATES } from '../../../src/api/ticketLifecycle';
import type { Database } from '../../db/schema';
import { arrearsDay, electorateAsOf } from '../shared/electorate';
import { endOfLocalDay, localDate, startOfLocalDay } from '../shared/zonedTime';

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Passes residents issued and guests' own registrations (passes made through a guest link), per 7-day
 * window: the last TRAFFIC_WEEKS windows, the newest ending today. */
export async function guestTraffic(
  db: Kysely<Database>,
  condoId: number,
  today: string,
  timeZone: string,
  link: string | null,
): Promise<Traffic> {
  const first = addDays(today, -(7 * TRAFFIC_WEEKS - 1));
  const rows = await db
    .selectFrom('passes')
    .select(['created_at', 'guest_link_id'])
    .where('condo_id', '=', condoId)
    .where('created_at', '>=', startOfLocalDay(first, timeZone))
    .where('created_at', '<', endOfLocalDay(today, timeZone))
    .execute();
  const semanas = Array.from({ length: TRAFFIC_WEEKS }, (_, i) => ({
    desde: addDays(first, 7 * i),
    hasta: addDays(first, 7 * i + 6),
    pases: 0,
    registros: 0,
  }));
  for (const row of rows) {
    const week = semanas[Math.floor(daysBetween(first, localDate(row.created_at, timeZone)) / 7)];
    if (!week) continue;
    if (row.guest_link_id === null) week.pases += 1;
    else week.registros += 1;
  }
  return { semanas, enlace: link };
}

/** Requests not closed yet (the overview's open states), by days since they were filed. */
export async function openRequests(
  db: Kysely<Database>,
  condoId: number,
  today: string,
  timeZone: string,
  link: string | null,
): Promise<Requests> {
  const open = await db
    .selectFrom('tickets')
    .select('created_at')
    .where('condo_id', '=', condoId)
    .where('state', 'in', [...OPEN_STATES])
    .execute();
  const counts = new Map(REQUEST_BUCKETS.map((b) => [b, 0]));
  for (const t of open) {
    const bucket = requestBucket(Math.max(0, daysBetween(localDate(t.created_at, timeZone), today)));
    counts.set(bucket, counts.get(bucket)! + 1);
  }
  return { rangos: REQUEST_BUCKETS.map((rango) => ({ rango, total: counts.get(rango)! })), total: open.length, enlace: link };
}

/** Reservations of this week (Monday to Sunday), confirmed and waiting for approval. */
export async function weekReservations(
  db: Kysely<Database>,
  condoId: number,
  today: string,
  link: string | null,
): Promise<Reservations> {
  const desde = weekStart(today);
  const hasta = addDays(desde, 6);
  const rows = await db
    .selectFrom('reservations')
    .select(['state', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('condo_id', '=', condoId)
    .where('local_date', '>=', desde)
    .where('local_date', '<=', hasta)
    .where('state', 'in', [...COUNTING_STATES])
    .groupBy('state')
    .execute();
  const of = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { desde, hasta, confirmadas: of('confirmada'), pendientes: of('pendiente'), enlace: link };
}

/**
 * Polls open now or closed within RECENT_POLL_DAYS, with their participation read as the poll reads it
 * (participationOf: the same figures as its results, CSV and acta). A poll whose electorate is fixed counts its
 * fixed seats; one not fixed yet (nobody touched it since it opened) the electorate it would fix, without fixing
 * it: this screen only reads.
 */
export async function pollParticipation(
  db: Kysely<Database>,
  condoId: number,
  now: Date,
  linkOf: (poll: { id: number; section_id: number }) => string | null,
): Promise<PollParticipation[]> {
  const since = new Date(now.getTime() - RECENT_POLL_DAYS * DAY_MS).toISOString();
  const polls = await db
    .selectFrom('polls')
    .select([
      'id',
      'condo_id',
      'section_id',
      'title',
      'kind',
      'counting',
      'state',
      'opens_at',
      'closes_at',
      'closed_at',
      'fixed_at',
    ])
    .where('condo_id', '=', condoId)
    .where('state', 'in', ['publicada', 'cerrada'])
    .where('opens_at', '<=', now.toISOString())
    .where((eb) => eb.or([eb('closes_at', '>=', since), eb('closed_at', '>=', since)]))
    .orderBy('closes_at', 'desc')
    .execute();
  if (polls.length === 0) return [];
  const ids = polls.map((p) => p.id);
  const ballots = await db.selectFrom('poll_ballots').select(['poll_id', 'seat_key']).where('poll_id', 'in', ids).execute();
  const seats = await db
    .selectFrom('poll_electorate')
    .select(['poll_id', 'seat_key', 'weight', 'barred'])
    .where('poll_id', 'in', ids)
    .execute();
  const answer: PollParticipation[] = [];
  for (const p of polls) {
    const closedAt = p.closed_at ?? p.closes_at;
    if (closedAt < since) continue;
    const phase = pollPhase({ estado: p.state as PollState, abre: p.opens_at, cierra: p.closes_at }, now);
    if (phase !== 'abierta' && phase !== 'cerrada') continue;
    const conteo = p.counting as PollCounting;
    const electorate =
      p.fixed_at !== null
        ? seats
            .filter((s) => s.poll_id === p.id)
            .map((s) => ({ seatKey: s.seat_key, weight: Number(s.weight), barred: Number(s.barred) === 1 }))
        : await electorateAsOf(
            db,
            { condo_id: p.condo_id, section_id: p.section_id, kind: p.kind as PollKind, counting: conteo },
            await arrearsDay(db, p),
          );
    const { votantes, electorado, participacion } = participationOf(
      conteo,
      electorate,
      ballots.filter((b) => b.poll_id === p.id).map((b) => b.seat_key),
    );
    answer.push({
      id: p.id,
      titulo: p.title,
      fase: phase,
      cierra: closedAt,
      conteo,
      votantes,
      electorado,
      participacion,
      enlace: linkOf(p),
    });
  }
  return answer;
}
