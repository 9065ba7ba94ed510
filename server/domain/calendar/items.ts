// What one person's calendar holds over a window of time (GET items and the ICS feed, which must agree): the
// events of the EV sections they read, the Mis invitados events they host, reservations when they read an RI
// section (their dwellings' in full, others' confirmed ones only as "Ocupado": the facility and the time, never
// a name, a dwelling or an id), and the closings of the polls of the EN sections they read.
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CalendarItem, CalendarKind } from '../../../src/api/calendar';
import { kindSelected } from '../../../src/api/calendar';
import { dwellingName } from '../../../src/api/dwellings';
import { type CommunicationViewer, canManageFacilities, canManagePolls } from '../../../src/api/permissions';
import { type ReservationState, reservationPhase } from '../../../src/api/reservationLifecycle';
import { calendarEventPath, facilityPath, pollPath } from '../../../src/api/sections';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { appSecret } from '../../infra/secrets';
import type { Auth } from '../shared/auth';
import { utcToLocal } from '../shared/zonedTime';
import { readablePollSectionsOf, readableReservationSections } from './access';

/** An item with what only the feed writes (a published event's description). */
export interface GatheredItem extends CalendarItem {
  descripcion: string | null;
  /** A poll's kind (encuesta | votacion): the feed words its closing after it. */
  pollKind?: string;
}

/** A half-open window of instants, ISO-8601 UTC. */
export interface CalendarWindow {
  from: string;
  to: string;
}

/** Mis invitados stores only an event's start: it is drawn (and exported) as lasting this long. */
const GUEST_EVENT_ASSUMED_MS = 2 * 3_600_000;
/** Reservations that hold no time any more: never on anyone's calendar. */
const GONE_RESERVATION_STATES: ReservationState[] = ['cancelada', 'rechazada'];

export const CANCELLED = 'cancelado';

interface Gatherer {
  db: Kysely<Database>;
  auth: Auth;
  viewer: CommunicationViewer;
  timeZone: string;
  window: CalendarWindow;
  now: Date;
}

function item(
  g: Gatherer,
  fields: Omit<GatheredItem, 'inicioLocal' | 'finLocal' | 'ocupado' | 'descripcion'> &
    Partial<Pick<GatheredItem, 'ocupado' | 'descripcion'>>,
): GatheredItem {
  return {
    ocupado: false,
    descripcion: null,
    ...fields,
    inicioLocal: utcToLocal(fields.inicio, g.timeZone),
    finLocal: fields.fin === null ? null : utcToLocal(fields.fin, g.timeZone),
  };
}

const iso = (value: string) => new Date(value).toISOString();

async function publishedEvents(g: Gatherer, sectionIds: readonly number[], kinds: (k: CalendarKind) => boolean) {
  const wanted = (['evento', 'asamblea'] as const).filter(kinds);
  if (sectionIds.length === 0 || wanted.length === 0) return [];
  const rows = await g.db
    .selectFrom('calendar_events')
    .select(['id', 'kind', 'title', 'description', 'place', 'starts_at', 'ends_at', 'cancelled'])
    .where('condo_id', '=', g.auth.condoId)
    .where('section_id', 'in', [...sectionIds])
    .where('kind', 'in', wanted)
    .where('starts_at', '<', g.window.to)
    .where('ends_at', '>', g.window.from)
    .execute();
  return rows.map((r) =>
    item(g, {
      clave: `evento-${r.id}`,
      tipo: r.kind === 'asamblea' ? 'asamblea' : 'evento',
      Titulo: r.title,
      inicio: iso(r.starts_at),
      fin: iso(r.ends_at),
      Lugar: r.place || null,
      estado: r.cancelled === 1 ? CANCELLED : null,
      ruta: calendarEventPath(r.id),
      descripcion: r.description || null,
    }),
  );
}

/** The Mis invitados events the caller hosts; those behind a published event are that event already. */
async function hostedEvents(g: Gatherer) {
  const earliestStart = new Date(Date.parse(g.window.from) - GUEST_EVENT_ASSUMED_MS).toISOString();
  const rows = await g.db
    .selectFrom('events as e')
    .select(['e.id', 'e.name', 'e.description', 'e.starts_at', 'e.status'])
    .where('e.condo_id', '=', g.auth.condoId)
    .where('e.host_user_id', '=', g.auth.userId)
    .where('e.starts_at', '<', g.window.to)
    .where('e.starts_at', '>', earliestStart)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('calendar_events as c').select('c.id').whereRef('c.guest_event_id', '=', 'e.id'))),
    )
    .execute();
  return rows.map((r) => {
    const start = Date.parse(r.starts_at);
    return item(g, {
      clave: `invitados-${r.id}`,
      tipo: 'invitados',
      Titulo: r.name,
      inicio: new Date(start).toISOString(),
      fin: new Date(start + GUEST_EVENT_ASSUMED_MS).toISOString(),
      Lugar: null,
      estado: r.status === 'cancelado' ? CANCELLED : null,
      ruta: '/mis-invitados',
      descripcion: r.description,
    });
  });
}

/** A stable key for someone else's reservation that says nothing of which one it is (nor lets it be guessed). */
async function busyKey(g: Gatherer, clock: Clock, reservationId: number): Promise<string> {
  const secret = await appSecret(g.db, clock, 'calendar-busy-key');
  return `ocupado-${createHmac('sha256', secret).update(`${g.auth.condoId}:${reservationId}`).digest('base64url').slice(0, 22)}`;
}

async function reservations(g: Gatherer, clock: Clock) {
  const admin = canManageFacilities(g.viewer);
  const own = (
    await g.db.selectFrom('residencies').select('apartment_id').where('membership_id', '=', g.auth.membershipId).execute()
  ).map((r) => r.apartment_id);
  let query = g.db
    .selectFrom('reservations as r')
    .innerJoin('facilities as f', 'f.id', 'r.facility_id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['r.id', 'r.facility_id', 'r.apartment_id', 'r.starts_at', 'r.ends_at', 'r.state', 'f.name as facility'])
    .select(['a.name as apartment', 't.name as tower'])
    .where('r.condo_id', '=', g.auth.condoId)
    .where('r.state', 'not in', GONE_RESERVATION_STATES)
    .where('r.starts_at', '<', g.window.to)
    .where('r.ends_at', '>', g.window.from);
  if (!admin) {
    query = query.where((eb) =>
      eb.or([eb('r.state', '=', 'confirmada'), ...(own.length > 0 ? [eb('r.apartment_id', 'in', own)] : [])]),
    );
  }
  const rows = await query.execute();
  const items: GatheredItem[] = [];
  for (const r of rows) {
    const inicio = iso(r.starts_at);
    const fin = iso(r.ends_at);
    const mine = own.includes(r.apartment_id);
    if (mine || admin) {
      const phase = reservationPhase({ estado: r.state as ReservationState, inicio, fin }, g.now);
      items.push(
        item(g, {
          clave: `reservacion-${r.id}`,
          tipo: 'reservacion',
          // Administrators read whose it is in the title; a resident knows their own.
          Titulo: mine ? r.facility : `${r.facility} — ${dwellingName(r.tower, r.apartment)}`,
          inicio,
          fin,
          Lugar: r.facility,
          estado: phase,
          ruta: facilityPath(r.facility_id, r.id),
        }),
      );
    } else {
      items.push(
        item(g, {
          clave: await busyKey(g, clock, r.id),
          tipo: 'reservacion',
          Titulo: r.facility,
          inicio,
          fin,
          Lugar: r.facility,
          ocupado: true,
          estado: null,
          ruta: null,
        }),
      );
    }
  }
  return items;
}

async function pollClosings(g: Gatherer, sectionIds: readonly number[]) {
  if (sectionIds.length === 0) return [];
  // Published polls (open, upcoming or closed); administrators also see the cancelled ones, marked so.
  // Proposals and rejected proposals never had a date anyone keeps.
  const states = canManagePolls(g.viewer) ? ['publicada', 'cerrada', 'cancelada'] : ['publicada', 'cerrada'];
  const rows = await g.db
    .selectFrom('polls')
    .select(['id', 'title', 'kind', 'closes_at', 'state'])
    .where('condo_id', '=', g.auth.condoId)
    .where('section_id', 'in', [...sectionIds])
    .where('state', 'in', states)
    .where('closes_at', '>=', g.window.from)
    .where('closes_at', '<', g.window.to)
    .execute();
  return rows.map((r) =>
    item(g, {
      clave: `encuesta-${r.id}`,
      tipo: 'encuesta',
      Titulo: r.title,
      inicio: iso(r.closes_at),
      fin: null,
      Lugar: null,
      estado: r.state === 'cancelada' ? CANCELLED : null,
      ruta: pollPath(r.id),
      pollKind: r.kind,
    }),
  );
}

/**
 * Everything of the window the caller may see, sorted by start. `calendarSectionIds`: the EV sections they read
 * (the caller checked there is at least one). `tipos`: the ?tipos filter (undefined: every kind).
 */
export async function gatherItems(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  viewer: CommunicationViewer,
  options: { timeZone: string; window: CalendarWindow; calendarSectionIds: readonly number[]; tipos: string | undefined },
): Promise<GatheredItem[]> {
  const g: Gatherer = { db, auth, viewer, timeZone: options.timeZone, window: options.window, now: clock.now() };
  const wants = (kind: CalendarKind) => kindSelected(options.tipos, kind);
  const found: GatheredItem[] = [...(await publishedEvents(g, options.calendarSectionIds, wants))];
  if (wants('invitados')) found.push(...(await hostedEvents(g)));
  if (wants('reservacion') && (await readableReservationSections(db, auth, viewer)).length > 0) {
    found.push(...(await reservations(g, clock)));
  }
  if (wants('encuesta')) {
    const sections = await readablePollSectionsOf(db, auth, viewer);
    found.push(
      ...(await pollClosings(
        g,
        sections.map((s) => s.section.id),
      )),
    );
  }
  return found.sort((a, b) => a.inicio.localeCompare(b.inicio) || a.clave.localeCompare(b.clave));
}

/** The API's item (what only the feed writes left out). */
export function calendarItem({ descripcion: _descripcion, pollKind: _pollKind, ...rest }: GatheredItem): CalendarItem {
  return rest;
}
