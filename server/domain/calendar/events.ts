// The events administrators publish in an EV section (src/api/calendar.ts): reading one, creating, editing on
// the version the administrator saw, cancelling with a reason. An event may take guest registrations: it then
// backs onto a Mis invitados event (table events, hosted by the administrator who attached it) with an
// event-type guest link, so /registro-invitados/{token} works as for any resident's event. Every change writes
// its audit row in its own transaction.
import { randomBytes } from 'node:crypto';
import type { Kysely, Updateable } from 'kysely';
import {
  type CalendarEvent,
  type EventAnswer,
  type EventCancelRequest,
  type EventDraft,
  type EventGuests,
  type EventUpdateRequest,
  eventDraftProblems,
} from '../../../src/api/calendar';
import { ErrorCodes } from '../../../src/api/errors';
import { guestLinkPath } from '../../../src/api/myGuests';
import { type CommunicationViewer, canPublishEvents, canReadCalendar } from '../../../src/api/permissions';
import type { MessageId } from '../../../src/i18n/messages';
import type { CalendarEventTable, Database } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { sectionFacts } from '../shared/sections';
import { loadViewer } from '../shared/viewer';
import { localToUtc, timeZoneOf, utcToLocal } from '../shared/zonedTime';

export const eventNotFound = () => new AppError(404, ErrorCodes.notFound, 'calendarNotices.refusal.notFound');

type EventRow = Omit<CalendarEventTable, 'id' | 'cancelled' | 'version'> & { id: number; cancelled: number; version: number };

interface Publisher {
  auth: Auth;
  viewer: CommunicationViewer;
  /** Where the app is served (links.appBaseUrl); null: no absolute link can be given. */
  baseUrl: string | null;
}

/** What an administrator's change needs: the viewer, refused with 403 unless they publish events. */
export async function publisherOf(db: Kysely<Database>, auth: Auth, baseUrl: string | null): Promise<Publisher> {
  const viewer = await loadViewer(db, auth);
  if (!canPublishEvents(viewer)) throw forbidden();
  return { auth, viewer, baseUrl };
}

/** The EV section of the caller's condominium, readable by them; 404 for any other. */
async function readableSection(db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer, sectionId: number) {
  const section = await db
    .selectFrom('sections')
    .selectAll()
    .where('id', '=', sectionId)
    .where('condo_id', '=', auth.condoId)
    .where('code', '=', 'EV')
    .executeTakeFirst();
  if (!section) return null;
  const assigned = !!(await db
    .selectFrom('section_users')
    .select('id')
    .where('section_id', '=', section.id)
    .where('user_id', '=', auth.userId)
    .executeTakeFirst());
  return canReadCalendar(viewer, sectionFacts(section, assigned)) ? section : null;
}

/** The event, when the caller reads its section; 404 otherwise (another condominium's, too). */
async function visibleEvent(db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer, eventId: number): Promise<EventRow> {
  const row = await db
    .selectFrom('calendar_events')
    .selectAll()
    .where('id', '=', eventId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!row || !(await readableSection(db, auth, viewer, row.section_id))) throw eventNotFound();
  return row;
}

/** The guest event and its live link behind a published event, if it takes registrations. */
async function guestsOf(db: Kysely<Database>, guestEventId: number | null) {
  if (guestEventId === null) return null;
  const event = await db
    .selectFrom('events')
    .select(['id', 'companions_allowed', 'guest_limit', 'guest_count', 'status'])
    .where('id', '=', guestEventId)
    .executeTakeFirst();
  if (!event) return null;
  const link = await db
    .selectFrom('guest_links')
    .select(['id', 'token'])
    .where('event_id', '=', guestEventId)
    .where('type', '=', 'event')
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return link ? { event, link } : null;
}

async function eventOf(db: Kysely<Database>, publisher: Publisher, row: EventRow): Promise<CalendarEvent> {
  const timeZone = await timeZoneOf(db, row.condo_id);
  const author = row.created_by
    ? await db.selectFrom('users').select('name').where('id', '=', row.created_by).executeTakeFirst()
    : undefined;
  const guests = await guestsOf(db, row.guest_event_id);
  const cancelled = row.cancelled === 1;
  return {
    EventId: row.id,
    SectId: row.section_id,
    tipo: row.kind === 'asamblea' ? 'asamblea' : 'evento',
    Titulo: row.title,
    Descripcion: row.description,
    Lugar: row.place,
    inicio: new Date(row.starts_at).toISOString(),
    fin: new Date(row.ends_at).toISOString(),
    inicioLocal: utcToLocal(row.starts_at, timeZone),
    finLocal: utcToLocal(row.ends_at, timeZone),
    cancelado: cancelled,
    motivo: row.reason,
    PublicadoPor: author?.name ?? '',
    registroUrl: guests && publisher.baseUrl ? `${publisher.baseUrl}${guestLinkPath(guests.link.token)}` : null,
    invitados: guests ? { acompanantes: guests.event.companions_allowed, limiteInvitados: guests.event.guest_limit } : null,
    registrados: guests ? guests.event.guest_count : null,
    puedeEditar: canPublishEvents(publisher.viewer) && !cancelled,
    version: row.version,
  };
}

async function answerFor(db: Kysely<Database>, publisher: Publisher, eventId: number): Promise<EventAnswer> {
  const row = await visibleEvent(db, publisher.auth, publisher.viewer, eventId);
  return { success: true, evento: await eventOf(db, publisher, row) };
}

/** GET one event: whoever reads its EV section. */
export async function readEvent(db: Kysely<Database>, auth: Auth, eventId: number, baseUrl: string | null): Promise<EventAnswer> {
  const viewer = await loadViewer(db, auth);
  return answerFor(db, { auth, viewer, baseUrl }, eventId);
}

/** The draft's times as UTC instants, or a 400 on the field at fault. */
async function draftTimes(db: Kysely<Database>, auth: Auth, draft: EventDraft) {
  const problem = eventDraftProblems(draft).fin;
  if (problem) throw new AppError(400, ErrorCodes.badRequest, 'calendarNotices.refusal.endBeforeStart', 'fin');
  const timeZone = await timeZoneOf(db, auth.condoId);
  return { starts_at: localToUtc(draft.inicio, timeZone), ends_at: localToUtc(draft.fin, timeZone) };
}

async function requirePublishableSection(db: Kysely<Database>, publisher: Publisher, sectionId: number) {
  const section = await readableSection(db, publisher.auth, publisher.viewer, sectionId);
  if (!section) throw notFound('errors.notFound.section');
  if (section.status !== 'A') throw new AppError(403, ErrorCodes.forbidden, 'calendarNotices.refusal.sectionClosed', 'sectionId');
}

/** What the audit row keeps of an event. */
const snapshot = (row: Pick<EventRow, 'section_id' | 'kind' | 'title' | 'description' | 'place' | 'starts_at' | 'ends_at'>) => ({
  section_id: row.section_id,
  kind: row.kind,
  title: row.title,
  description: row.description,
  place: row.place,
  starts_at: row.starts_at,
  ends_at: row.ends_at,
});

/** Guest links are 24 characters of base64url, like those Mis invitados makes. */
const newGuestToken = () => randomBytes(18).toString('base64url');

/** Attaches, updates, re-opens or withdraws the guest registrations behind an event (inside `trx`). */
async function syncGuests(
  trx: Kysely<Database>,
  auth: Auth,
  at: string,
  guestEventId: number | null,
  draft: Pick<EventDraft, 'Titulo' | 'Descripcion' | 'invitados'>,
  startsAt: string,
): Promise<number | null> {
  const wanted: EventGuests | null = draft.invitados;
  const fields = {
    name: draft.Titulo.trim(),
    description: draft.Descripcion.trim() || null,
    starts_at: startsAt,
  };
  if (wanted === null) {
    // Withdrawn: the link stops working and the guest event is cancelled, but stays linked so it is not shown
    // again among the administrator's own Mis invitados events.
    if (guestEventId !== null) {
      await trx
        .updateTable('events')
        .set({ ...fields, status: 'cancelado' })
        .where('id', '=', guestEventId)
        .execute();
      await trx
        .updateTable('guest_links')
        .set({ revoked_at: at })
        .where('event_id', '=', guestEventId)
        .where('revoked_at', 'is', null)
        .execute();
    }
    return guestEventId;
  }
  const limits = { companions_allowed: wanted.acompanantes, guest_limit: wanted.limiteInvitados };
  if (guestEventId !== null) {
    const existing = await trx.selectFrom('events').select('guest_count').where('id', '=', guestEventId).executeTakeFirst();
    if (existing) {
      if (wanted.limiteInvitados !== null && wanted.limiteInvitados < existing.guest_count) {
        throw new AppError(400, ErrorCodes.badRequest, 'calendarNotices.refusal.guestLimit', 'invitados.limiteInvitados');
      }
      await trx
        .updateTable('events')
        .set({ ...fields, ...limits, status: 'activo' })
        .where('id', '=', guestEventId)
        .execute();
      const live = await trx
        .selectFrom('guest_links')
        .select('id')
        .where('event_id', '=', guestEventId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!live) await insertLink(trx, auth, guestEventId, at);
      return guestEventId;
    }
  }
  const event = await trx
    .insertInto('events')
    .values({
      condo_id: auth.condoId,
      host_user_id: auth.userId,
      ...fields,
      ...limits,
      vehicle_limit: null,
      guest_count: 0,
      vehicle_count: 0,
      status: 'activo',
      access_point_id: null,
      visitor_note: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLink(trx, auth, event.id, at);
  return event.id;
}

async function insertLink(trx: Kysely<Database>, auth: Auth, eventId: number, at: string): Promise<void> {
  await trx
    .insertInto('guest_links')
    .values({
      token: newGuestToken(),
      type: 'event',
      condo_id: auth.condoId,
      user_id: null,
      event_id: eventId,
      created_at: at,
      revoked_at: null,
    })
    .execute();
}

export async function createCalendarEvent(
  db: Kysely<Database>,
  clock: Clock,
  publisher: Publisher,
  draft: EventDraft,
): Promise<EventAnswer> {
  const { auth } = publisher;
  await requirePublishableSection(db, publisher, draft.sectionId);
  const times = await draftTimes(db, auth, draft);
  const at = clock.now().toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const guestEventId = await syncGuests(trx, auth, at, null, draft, times.starts_at);
    const values = {
      condo_id: auth.condoId,
      section_id: draft.sectionId,
      kind: draft.tipo,
      title: draft.Titulo.trim(),
      description: draft.Descripcion.trim(),
      place: draft.Lugar.trim(),
      ...times,
      guest_event_id: guestEventId,
      reason: null,
      created_by: auth.userId,
      created_at: at,
      updated_at: at,
    };
    const { id } = await trx.insertInto('calendar_events').values(values).returning('id').executeTakeFirstOrThrow();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'calendar_event',
      entityId: id,
      action: 'create',
      after: { ...snapshot(values), invitados: draft.invitados },
      at,
    });
    return id;
  });
  return answerFor(db, publisher, id);
}

/** A 409 with the event as it is now (read in `db`: it sees what the other change committed). */
async function conflict(db: Kysely<Database>, publisher: Publisher, eventId: number, messageId: MessageId): Promise<AppError> {
  const answer = await answerFor(db, publisher, eventId);
  return new AppError(409, ErrorCodes.conflict, messageId, undefined, { evento: answer.evento });
}

/** Re-reads the row inside the change's transaction; refuses a stale version or a cancelled event. */
async function lockedForChange(trx: Kysely<Database>, publisher: Publisher, eventId: number, version: number) {
  const row = await visibleEvent(trx, publisher.auth, publisher.viewer, eventId);
  if (row.version !== version) throw await conflict(trx, publisher, eventId, 'calendarNotices.refusal.changed');
  if (row.cancelled === 1) throw await conflict(trx, publisher, eventId, 'calendarNotices.refusal.cancelled');
  return row;
}

/** Writes the new version only if nobody wrote one since it was read (the optimistic check, race-proof). */
async function bumpVersion(
  trx: Kysely<Database>,
  publisher: Publisher,
  row: EventRow,
  set: Updateable<CalendarEventTable>,
  at: string,
) {
  const result = await trx
    .updateTable('calendar_events')
    .set({ ...set, version: row.version + 1, updated_at: at })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw await conflict(trx, publisher, row.id, 'calendarNotices.refusal.changed');
}

export async function updateCalendarEvent(
  db: Kysely<Database>,
  clock: Clock,
  publisher: Publisher,
  request: EventUpdateRequest,
): Promise<EventAnswer> {
  const { auth } = publisher;
  const { eventId, version, ...draft } = request;
  // A stale or cancelled event is a 409 before any check of the new values.
  await lockedForChange(db, publisher, eventId, version);
  await requirePublishableSection(db, publisher, draft.sectionId);
  const times = await draftTimes(db, auth, draft);
  const at = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await lockedForChange(trx, publisher, eventId, version);
    const guestEventId = await syncGuests(trx, auth, at, row.guest_event_id, draft, times.starts_at);
    const next = {
      section_id: draft.sectionId,
      kind: draft.tipo,
      title: draft.Titulo.trim(),
      description: draft.Descripcion.trim(),
      place: draft.Lugar.trim(),
      ...times,
      guest_event_id: guestEventId,
    };
    await bumpVersion(trx, publisher, row, next, at);
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'calendar_event',
      entityId: row.id,
      action: 'update',
      before: snapshot(row),
      after: { ...snapshot(next), invitados: draft.invitados },
      at,
    });
  });
  return answerFor(db, publisher, eventId);
}

/** Cancels the event (it stays, marked, with the reason) and the guest event behind it: its link then shows
 * the cancelled message to guests (spec §8). */
export async function cancelCalendarEvent(
  db: Kysely<Database>,
  clock: Clock,
  publisher: Publisher,
  request: EventCancelRequest,
): Promise<EventAnswer> {
  const { auth } = publisher;
  const at = clock.now().toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await lockedForChange(trx, publisher, request.eventId, request.version);
    const reason = request.motivo.trim();
    await bumpVersion(trx, publisher, row, { cancelled: 1, reason }, at);
    if (row.guest_event_id !== null) {
      await trx.updateTable('events').set({ status: 'cancelado' }).where('id', '=', row.guest_event_id).execute();
    }
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'calendar_event',
      entityId: row.id,
      action: 'cancelar',
      before: { cancelled: false },
      after: { cancelled: true, reason },
      at,
    });
  });
  return answerFor(db, publisher, request.eventId);
}
