// The overview (GET overview, permissions.canSeeTicketOverview): open requests by state, by category and by
// age, for administrators and the board alike (counts only, no titles or names); for administrators also the
// overdue ones, the average hours to the first reply and to the resolution, and the ratings. Every request of
// the section (or of every SA section) counts, not only the caller's.
import type { Kysely } from 'kysely';
import { canManageTickets, canSeeTicketOverview } from '../../../src/api/permissions';
import { OPEN_STATES } from '../../../src/api/ticketLifecycle';
import { TICKET_AGES, type TicketOverviewAnswer } from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { timeZoneOf } from '../shared/zonedTime';
import { requestSection } from './access';
import { ageBounds, ageOf } from './time';

const HOUR_MS = 60 * 60 * 1000;

/** The mean of the hours between each pair, to one decimal; null when there is none. */
function meanHours(pairs: { from: string; to: string | null }[]): number | null {
  const spans = pairs.filter((p) => p.to !== null).map((p) => (Date.parse(p.to!) - Date.parse(p.from)) / HOUR_MS);
  if (spans.length === 0) return null;
  return Math.round((spans.reduce((a, b) => a + b, 0) / spans.length) * 10) / 10;
}

const counted = (counts: Map<string, number>) => [...counts].map(([clave, total]) => ({ clave, total }));

export async function ticketOverview(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  sectionId: number | undefined,
): Promise<TicketOverviewAnswer> {
  const viewer = await loadViewer(db, auth);
  if (!canSeeTicketOverview(viewer)) throw forbidden();
  if (sectionId !== undefined) await requestSection(db, auth, sectionId);
  const now = clock.now();
  const inScope = () => {
    const query = db.selectFrom('tickets as t').where('t.condo_id', '=', auth.condoId);
    return sectionId === undefined ? query : query.where('t.section_id', '=', sectionId);
  };

  const open = await inScope()
    .innerJoin('ticket_categories as c', 'c.id', 't.category_id')
    .select(['t.state', 'c.name as category', 't.created_at', 't.due_at'])
    .where('t.state', 'in', [...OPEN_STATES])
    .execute();
  const byState = new Map<string, number>(OPEN_STATES.map((s) => [s, 0]));
  const byCategory = new Map<string, number>();
  const byAge = new Map<string, number>(TICKET_AGES.map((a) => [a, 0]));
  const bounds = ageBounds(now, await timeZoneOf(db, auth.condoId));
  for (const t of open) {
    byState.set(t.state, (byState.get(t.state) ?? 0) + 1);
    byCategory.set(t.category, (byCategory.get(t.category) ?? 0) + 1);
    const age = ageOf(t.created_at, bounds);
    byAge.set(age, (byAge.get(age) ?? 0) + 1);
  }
  const porCategoria = counted(byCategory).sort((a, b) => b.total - a.total || a.clave.localeCompare(b.clave, 'es'));
  const counts = { success: true as const, porEstado: counted(byState), porCategoria, porEdad: counted(byAge) };
  if (!canManageTickets(viewer)) {
    return {
      ...counts,
      vencidas: null,
      horasPrimeraRespuesta: null,
      horasResolucion: null,
      calificacionPromedio: null,
      calificaciones: null,
    };
  }

  const nowIso = now.toISOString();
  const times = await inScope().select(['t.created_at', 't.first_reply_at', 't.resolved_at']).execute();
  const ratings = await inScope()
    .innerJoin('ticket_ratings as r', 'r.ticket_id', 't.id')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('r.stars').as('stars')])
    .executeTakeFirstOrThrow();
  const rated = Number(ratings.n);
  return {
    ...counts,
    vencidas: open.filter((t) => t.due_at !== null && t.due_at < nowIso).length,
    horasPrimeraRespuesta: meanHours(times.map((t) => ({ from: t.created_at, to: t.first_reply_at }))),
    horasResolucion: meanHours(times.map((t) => ({ from: t.created_at, to: t.resolved_at }))),
    calificacionPromedio: rated > 0 ? Math.round((Number(ratings.stars) / rated) * 10) / 10 : null,
    calificaciones: rated,
  };
}
