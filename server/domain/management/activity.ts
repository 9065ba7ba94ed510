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
import type { PollCounting, PollKind } from '../../../src/api/polls';
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
 * Polls open now or closed within RECENT_POLL_DAYS: ballots cast against the seats that may vote. A poll whose
 * electorate is fixed counts its fixed seats; one not fixed yet (nobody touched it since it opened) counts the
 * electorate it would fix, without fixing it: this screen only reads.
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
  const ballots = await db
    .selectFrom('poll_ballots')
    .select(['poll_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('poll_id', 'in', ids)
    .groupBy('poll_id')
    .execute();
  const seats = await db
    .selectFrom('poll_electorate')
    .select(['poll_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('poll_id', 'in', ids)
    .where('barred', '=', 0)
    .groupBy('poll_id')
    .execute();
  const cast = new Map(ballots.map((b) => [b.poll_id, Number(b.n)]));
  const fixed = new Map(seats.map((s) => [s.poll_id, Number(s.n)]));
  const answer: PollParticipation[] = [];
  for (const p of polls) {
    const closedAt = p.closed_at ?? p.closes_at;
    if (closedAt < since) continue;
    const phase = pollPhase({ estado: p.state as PollState, abre: p.opens_at, cierra: p.closes_at }, now);
    if (phase !== 'abierta' && phase !== 'cerrada') continue;
    const padron =
      p.fixed_at !== null
        ? (fixed.get(p.id) ?? 0)
        : (
            await electorateAsOf(
              db,
              {
                condo_id: p.condo_id,
                section_id: p.section_id,
                kind: p.kind as PollKind,
                counting: p.counting as PollCounting,
              },
              await arrearsDay(db, p),
            )
          ).filter((s) => !s.barred).length;
    answer.push({
      id: p.id,
      titulo: p.title,
      fase: phase,
      cierra: closedAt,
      votos: cast.get(p.id) ?? 0,
      padron,
      enlace: linkOf(p),
    });
  }
  return answer;
}
