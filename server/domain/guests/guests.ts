// Guest registration (spec §2.6, §3.3, §4, §5, §8, §9): the form info a link opens and the registration
// itself, which enforces every rule of the form again, the event's status and 12-hour cut-off, and the
// guest and vehicle limits in one conditional UPDATE so racing guests cannot both take the last place.
import type { Kysely, Transaction } from 'kysely';
import {
  type AccessPoint,
  type GuestFormInfo,
  type GuestFormShape,
  type GuestRefusal,
  type GuestRegistered,
  type GuestSubmission,
  type GuestValues,
  guestProblems,
  registrationClosed,
} from '../../../src/api/guests';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { accessPointsOf, newPassCodes } from '../shared/visitorPasses';
import { inZone } from '../shared/zonedTime';

type Db = Kysely<Database> | Transaction<Database>;

/** A refusal the form models as a state (spec §4): 409 with the reason in `field` and the spec's message. */
export class GuestRefusalError extends AppError {
  constructor(readonly reason: GuestRefusal) {
    super(reason === 'invalid' ? 404 : 409, reason === 'invalid' ? 'NOT_FOUND' : 'CONFLICT', `guest.error.${reason}`, reason);
  }
}

interface LinkRow {
  id: number;
  type: string;
  condo_id: number;
  user_id: number | null;
  event_id: number | null;
  condoName: string;
  timeZone: string;
}

async function findLink(db: Db, token: string): Promise<LinkRow | null> {
  const row = await db
    .selectFrom('guest_links as l')
    .innerJoin('condominiums as c', 'c.id', 'l.condo_id')
    .select(['l.id', 'l.type', 'l.condo_id', 'l.user_id', 'l.event_id', 'c.name as condoName', 'c.time_zone as timeZone'])
    .where('l.token', '=', token)
    .where('l.revoked_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

async function settingsOf(db: Db, condoId: number) {
  const row = await db
    .selectFrom('guest_settings')
    .select(['ask_access', 'ask_plates', 'regulation_url'])
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  return {
    askAccess: (row?.ask_access ?? 1) === 1,
    askPlates: (row?.ask_plates ?? 1) === 1,
    regulation: row?.regulation_url ?? null,
  };
}

/** The user's first dwelling in the condominium, as "Torre", "AptName" and its id. */
async function dwellingOf(db: Db, userId: number, condoId: number) {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('residencies as r', 'r.membership_id', 'm.id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name as AptName', 't.name as Torre'])
    .where('m.user_id', '=', userId)
    .where('m.condo_id', '=', condoId)
    .orderBy('r.id')
    .executeTakeFirst();
  return row ?? null;
}

async function eventOf(db: Db, eventId: number) {
  return db
    .selectFrom('events as e')
    .innerJoin('users as u', 'u.id', 'e.host_user_id')
    .selectAll('e')
    .select(['u.name as hostName', 'u.email as hostEmail'])
    .where('e.id', '=', eventId)
    .executeTakeFirst();
}

/** The form info of a link (spec §3.3 Guest form data); null when the link is unknown or revoked. */
export async function findGuestForm(db: Kysely<Database>, token: string): Promise<GuestFormInfo | null> {
  const link = await findLink(db, token);
  if (!link) return null;
  const settings = await settingsOf(db, link.condo_id);
  const base = {
    Nombre: null,
    Descripcion: null,
    UserName: null,
    FechaInicio: null,
    HoraInicio: null,
    InicioUtc: null,
    NumeroDeAsistentes: 0,
    Estatus: null,
    NotaVisitante: null,
    Invitacion: settings.regulation,
    PuntoDeAcceso: null as AccessPoint | null,
    Torre: null as string | null,
    AptName: null as string | null,
    condo: { CondoId: link.condo_id, CondoName: link.condoName },
    settings: { general: { datosARegistrar: { formaDeAcceso: settings.askAccess, placas: settings.askPlates } } },
  };
  const answer = { success: true as const, type: link.type, token, maxInvitados: false, maxAutos: false };

  if (link.type === 'event') {
    const event = link.event_id ? await eventOf(db, link.event_id) : undefined;
    if (!event) return null;
    const start = inZone(new Date(event.starts_at), link.timeZone);
    const host = await dwellingOf(db, event.host_user_id, link.condo_id);
    const [point] = event.access_point_id ? await accessPointsOf(db, link.condo_id, event.access_point_id) : [];
    return {
      ...answer,
      maxInvitados: event.guest_limit !== null && event.guest_count >= event.guest_limit,
      maxAutos: event.vehicle_limit !== null && event.vehicle_count >= event.vehicle_limit,
      data: {
        ...base,
        Nombre: event.name,
        Descripcion: event.description,
        UserName: event.hostName,
        FechaInicio: start.date,
        HoraInicio: start.time,
        InicioUtc: event.starts_at,
        NumeroDeAsistentes: event.companions_allowed,
        Estatus: event.status,
        NotaVisitante: event.visitor_note,
        PuntoDeAcceso: point ?? null,
        Torre: host?.Torre ?? null,
        AptName: host?.AptName ?? null,
      },
    };
  }
  if (link.type === 'user') {
    const user = link.user_id
      ? await db.selectFrom('users').select('name').where('id', '=', link.user_id).executeTakeFirst()
      : undefined;
    if (!user || !link.user_id) return null;
    const host = await dwellingOf(db, link.user_id, link.condo_id);
    return { ...answer, data: { ...base, UserName: user.name, Torre: host?.Torre ?? null, AptName: host?.AptName ?? null } };
  }
  if (link.type === 'condo') {
    const [torres, apartments, users] = await Promise.all([
      db.selectFrom('towers').select(['id', 'name as nombre']).where('condo_id', '=', link.condo_id).orderBy('name').execute(),
      db
        .selectFrom('apartments')
        .select(['id as ApmtId', 'name as AptName', 'tower_id as Torre'])
        .where('condo_id', '=', link.condo_id)
        .orderBy('id')
        .execute(),
      residentsOf(db, link.condo_id),
    ]);
    return { ...answer, data: { ...base, torres, apartments, users } };
  }
  // A type this server does not know: the client shows the link as invalid (spec §4).
  return { ...answer, data: base };
}

/** Active residents of a condominium with their dwellings. */
function residentsOf(db: Db, condoId: number) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('residencies as r', 'r.membership_id', 'm.id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as UserId', 'u.name as UserName', 'r.apartment_id as AptId'])
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .orderBy('u.name')
    .execute();
}

function valuesOf(submission: GuestSubmission): GuestValues {
  const forma = submission.formaDeAcceso;
  return {
    nombre: submission.nombre,
    email: submission.email,
    confirmEmail: submission.confirmEmail,
    telefono: submission.telefono ?? '',
    formaDeAcceso: forma === 'pie' || forma === 'auto' ? forma : '',
    numDeInvitados: submission.numDeInvitados ?? null,
    placas: submission.placas ?? '',
    torre: submission.torre === undefined ? '' : submission.torre === null ? 'none' : String(submission.torre),
    apartment: submission.apartment ?? null,
    user: submission.user ?? null,
  };
}

function refuseProblems(values: GuestValues, shape: GuestFormShape): void {
  const [field, message] = Object.entries(guestProblems(values, shape))[0] ?? [];
  if (field && message) throw new AppError(400, 'BAD_REQUEST', `guest.error.${message}`, field);
}

export interface Registration extends GuestRegistered {
  /** Whom to tell: the host's e-mail and name, and what the guest registered for. */
  host: { id: number; email: string; name: string } | null;
  guestName: string;
  eventName: string | null;
}

/**
 * Registers a guest through a link: every rule of spec §5, then (events) cancelled, ended and the limits,
 * then the pass, all in one transaction. Refusals throw GuestRefusalError or a 400 naming the field.
 */
export async function registerGuest(
  db: Kysely<Database>,
  clock: Clock,
  token: string,
  submission: GuestSubmission,
): Promise<Registration> {
  return db.transaction().execute(async (trx) => {
    const link = await findLink(trx, token);
    if (!link || !['event', 'user', 'condo'].includes(link.type)) throw new GuestRefusalError('invalid');
    const settings = await settingsOf(trx, link.condo_id);
    const now = clock.now();
    const values = valuesOf(submission);
    const event = link.type === 'event' && link.event_id ? await eventOf(trx, link.event_id) : undefined;
    if (link.type === 'event' && !event) throw new GuestRefusalError('invalid');
    const shape: GuestFormShape = {
      type: link.type as GuestFormShape['type'],
      companions: event?.companions_allowed ?? 0,
      asksAccess: settings.askAccess,
      asksPlates: settings.askPlates,
    };
    if (event) {
      if (event.status === 'cancelado') throw new GuestRefusalError('cancelled');
      if (registrationClosed(event.starts_at, now)) throw new GuestRefusalError('ended');
    }
    refuseProblems(values, shape);
    const byCar = values.formaDeAcceso === 'auto';

    let hostUserId: number | null = null;
    let apartmentId: number | null = null;
    if (link.type === 'condo') {
      const apartment = await trx
        .selectFrom('apartments')
        .select(['id', 'tower_id'])
        .where('id', '=', values.apartment!)
        .where('condo_id', '=', link.condo_id)
        .executeTakeFirst();
      const towerMatches =
        values.torre === '' ||
        (values.torre === 'none' ? apartment?.tower_id === null : String(apartment?.tower_id) === values.torre);
      if (!apartment || !towerMatches) throw new AppError(400, 'BAD_REQUEST', 'guest.error.apartmentRequired', 'apartment');
      const resident = (await residentsOf(trx, link.condo_id)).find((r) => r.UserId === values.user && r.AptId === apartment.id);
      if (!resident) throw new AppError(400, 'BAD_REQUEST', 'guest.error.userRequired', 'user');
      hostUserId = resident.UserId;
      apartmentId = apartment.id;
    } else {
      hostUserId = event?.host_user_id ?? link.user_id;
      apartmentId = hostUserId ? ((await dwellingOf(trx, hostUserId, link.condo_id))?.id ?? null) : null;
    }

    if (event) {
      // The limits, atomically: the row changes only while there is room, and a racing guest's UPDATE
      // waits for this one (PostgreSQL row lock; SQLite's one writer) and then sees the new counts.
      const taken = await trx
        .updateTable('events')
        .set((eb) => ({
          guest_count: eb('guest_count', '+', 1),
          vehicle_count: eb('vehicle_count', '+', byCar ? 1 : 0),
        }))
        .where('id', '=', event.id)
        .where((eb) => eb.or([eb('guest_limit', 'is', null), eb('guest_count', '<', eb.ref('guest_limit'))]))
        .where((eb) =>
          byCar ? eb.or([eb('vehicle_limit', 'is', null), eb('vehicle_count', '<', eb.ref('vehicle_limit'))]) : eb.lit(true),
        )
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        const now = await trx
          .selectFrom('events')
          .select(['guest_count', 'guest_limit'])
          .where('id', '=', event.id)
          .executeTakeFirstOrThrow();
        const full = now.guest_limit !== null && now.guest_count >= now.guest_limit;
        throw new GuestRefusalError(full ? 'guestLimit' : 'vehicleLimit');
      }
    }

    const today = inZone(now, link.timeZone);
    const start = event ? inZone(new Date(event.starts_at), link.timeZone) : null;
    const codes = newPassCodes();
    const [point] = event?.access_point_id ? await accessPointsOf(trx, link.condo_id, event.access_point_id) : [];
    await trx
      .insertInto('passes')
      .values({
        condo_id: link.condo_id,
        tipo: event ? 'evento' : 'preautorizado',
        qr: codes.qr,
        manual_key: codes.manualKey,
        nombre: values.nombre.trim(),
        email: values.email.trim().toLowerCase(),
        telefono: values.telefono.trim() || null,
        dias_acceso: '[]',
        fecha_inicio: start?.date ?? today.date,
        fecha_fin: start?.date ?? today.date,
        hora_inicio: start?.time ?? null,
        hora_fin: null,
        nota_visitante: event?.visitor_note ?? null,
        nombre_infante: null,
        host_user_id: hostUserId,
        apartment_id: apartmentId,
        guest_link_id: link.id,
        event_id: event?.id ?? null,
        companions: shape.companions > 0 ? (values.numDeInvitados ?? 0) : 0,
        forma_de_acceso: byCar ? 'auto' : 'pie',
        placas: byCar ? values.placas.trim().toUpperCase() || null : null,
        created_at: now.toISOString(),
        revoked_at: null,
      })
      .execute();

    const host = hostUserId
      ? await trx.selectFrom('users').select(['id', 'email', 'name']).where('id', '=', hostUserId).executeTakeFirst()
      : undefined;
    // The host hears of it by mail (routes/guests.ts). Not on the timeline: every member reads that, and who
    // visits whom is the host's business only (docs/decisions.md).
    return {
      success: true as const,
      QR: codes.qr,
      ClaveManual: codes.manualKey,
      CondoId: link.condo_id,
      PuntoDeAcceso: point ?? null,
      host: host ?? null,
      guestName: values.nombre.trim(),
      eventName: event?.name ?? null,
    };
  });
}
