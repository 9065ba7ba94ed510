// Mis invitados (src/api/myGuests.ts): a resident's visitor passes, user links and events with their event
// links, and the administrators' condo links. Who may do what is the shared rule of src/api/permissions.ts,
// fed from the membership; a resident sees and changes only their own. Revoking sets revoked_at, which the
// public pass and guest-link queries already read, so a revoked pass or link is invalid at once.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type CondoLink,
  type EventField,
  eventProblems,
  type LinkEvent,
  type MyGuestsMessage,
  type MyGuestsOverview,
  type MyLink,
  type MyPass,
  type NewEvent,
  type NewPass,
  type PassField,
  passProblems,
} from '../../../src/api/myGuests';
import { WEEKDAYS } from '../../../src/api/passes';
import { canInviteGuests, canManageCondoLink } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { accessPointsOf, newPassCodes, weekdays } from '../shared/visitorPasses';
import { inZone, localToUtc } from '../shared/zonedTime';

interface Inviter {
  dwellings: { AptId: number; AptName: string; TorreName: string | null }[];
  isAdmin: boolean;
  timeZone: string;
  canInvite: boolean;
  canManageCondoLink: boolean;
}

/** The signed-in member's dwellings and roles here, and what the shared rules let them do. */
async function inviterOf(db: Kysely<Database>, auth: Auth): Promise<Inviter> {
  const member = await db
    .selectFrom('memberships as m')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select(['m.is_admin', 'c.time_zone'])
    .where('m.id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  const dwellings = await db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id as AptId', 'a.name as AptName', 't.name as TorreName'])
    .where('r.membership_id', '=', auth.membershipId)
    .where('a.condo_id', '=', auth.condoId)
    .orderBy('a.id')
    .execute();
  const usuario = { apartments: dwellings, UserIsAdmin: member.is_admin === 1 ? ('Y' as const) : ('N' as const) };
  return {
    dwellings,
    isAdmin: member.is_admin === 1,
    timeZone: member.time_zone,
    canInvite: canInviteGuests({ usuario }),
    canManageCondoLink: canManageCondoLink({ usuario }),
  };
}

async function requireInviter(db: Kysely<Database>, auth: Auth): Promise<Inviter> {
  const inviter = await inviterOf(db, auth);
  if (!inviter.canInvite) throw forbidden();
  return inviter;
}

function refuseFirst<F extends string>(problems: Partial<Record<F, MyGuestsMessage>>): void {
  const [field, message] = (Object.entries(problems) as [F, MyGuestsMessage][])[0] ?? [];
  if (field && message) throw new AppError(400, 'BAD_REQUEST', `invites.problem.${message}`, field);
}

const newToken = () => randomBytes(18).toString('base64url');

export async function myGuestsOverview(db: Kysely<Database>, auth: Auth): Promise<MyGuestsOverview> {
  const inviter = await inviterOf(db, auth);
  if (!inviter.canInvite && !inviter.canManageCondoLink) throw forbidden();
  const condoLinks = inviter.canManageCondoLink ? await listCondoLinks(db, auth.condoId) : [];
  return {
    success: true,
    CondoId: auth.condoId,
    dwellings: inviter.dwellings,
    accessPoints: await accessPointsOf(db, auth.condoId),
    canInvite: inviter.canInvite,
    canManageCondoLink: inviter.canManageCondoLink,
    condoLinks,
  };
}

function listCondoLinks(db: Kysely<Database>, condoId: number): Promise<CondoLink[]> {
  return db
    .selectFrom('guest_links')
    .select(['id', 'token', 'created_at as createdAt'])
    .where('condo_id', '=', condoId)
    .where('type', '=', 'condo')
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

function myPassesQuery(db: Kysely<Database>, auth: Auth) {
  return db
    .selectFrom('passes as p')
    .leftJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .where('p.condo_id', '=', auth.condoId)
    .where('p.host_user_id', '=', auth.userId)
    .where('p.revoked_at', 'is', null);
}

async function passRows(db: Kysely<Database>, auth: Auth, page: { limit: number; offset: number }, onlyId?: number) {
  let query = myPassesQuery(db, auth)
    .selectAll('p')
    .select(['a.name as aptName', 't.name as towerName'])
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  if (onlyId !== undefined) query = query.where('p.id', '=', onlyId);
  const rows = await query.execute();
  return rows.map(
    (row): MyPass => ({
      id: row.id,
      Tipo: row.tipo,
      Nombre: row.nombre,
      Email: row.email,
      Telefono: row.telefono,
      QR: row.qr,
      ClaveManual: row.manual_key,
      DiasAcceso: weekdays(row.dias_acceso),
      FechaInicio: row.fecha_inicio,
      FechaFin: row.fecha_fin,
      HoraInicio: row.hora_inicio,
      HoraFin: row.hora_fin,
      NombreInfante: row.nombre_infante,
      TorreName: row.towerName ?? null,
      AptName: row.aptName ?? null,
      CondoId: row.condo_id,
      createdAt: row.created_at,
    }),
  );
}

/** The resident's passes (those they created and those their guests registered through their links). */
export async function listMyPasses(db: Kysely<Database>, auth: Auth, page: { limit: number; offset: number }) {
  await requireInviter(db, auth);
  const [items, count] = await Promise.all([
    passRows(db, auth, page),
    myPassesQuery(db, auth).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function createPass(db: Kysely<Database>, clock: Clock, auth: Auth, values: NewPass): Promise<MyPass> {
  const inviter = await requireInviter(db, auth);
  const now = clock.now();
  const problems = passProblems(
    values,
    inZone(now, inviter.timeZone),
    inviter.dwellings.map((d) => d.AptId),
  );
  refuseFirst<PassField>(problems);
  const codes = newPassCodes();
  const trimmedOrNull = (value: string) => value.trim() || null;
  const { id } = await db
    .insertInto('passes')
    .values({
      condo_id: auth.condoId,
      tipo: values.tipo,
      qr: codes.qr,
      manual_key: codes.manualKey,
      nombre: values.nombre.trim(),
      email: trimmedOrNull(values.email)?.toLowerCase() ?? null,
      telefono: trimmedOrNull(values.telefono),
      // In the week's order, each day once.
      dias_acceso: JSON.stringify(WEEKDAYS.filter((day) => values.diasAcceso.includes(day))),
      fecha_inicio: values.fechaInicio,
      fecha_fin: values.fechaFin,
      hora_inicio: values.horaInicio || null,
      hora_fin: values.horaFin || null,
      nota_visitante: trimmedOrNull(values.notaVisitante),
      nombre_infante: values.tipo === 'infante' ? values.nombreInfante.trim() : null,
      host_user_id: auth.userId,
      apartment_id: values.apartmentId,
      guest_link_id: null,
      event_id: null,
      companions: 0,
      forma_de_acceso: 'pie',
      placas: null,
      created_at: now.toISOString(),
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [item] = await passRows(db, auth, { limit: 1, offset: 0 }, id);
  return item!;
}

/** Revokes one of the resident's own passes: another condominium's is unknown (404), another's forbidden (403). */
export async function revokePass(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<void> {
  const pass = await db
    .selectFrom('passes')
    .select(['id', 'host_user_id'])
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!pass) throw notFound('errors.notFound.pass');
  const inviter = await inviterOf(db, auth);
  if (!inviter.canInvite || pass.host_user_id !== auth.userId) throw forbidden();
  await db.updateTable('passes').set({ revoked_at: clock.now().toISOString() }).where('id', '=', id).execute();
}

function myLinksQuery(db: Kysely<Database>, auth: Auth) {
  return db
    .selectFrom('guest_links as l')
    .leftJoin('events as e', 'e.id', 'l.event_id')
    .where('l.condo_id', '=', auth.condoId)
    .where('l.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('l.type', '=', 'user'), eb('l.user_id', '=', auth.userId)]),
        eb.and([eb('l.type', '=', 'event'), eb('e.host_user_id', '=', auth.userId)]),
      ]),
    );
}

async function linkRows(
  db: Kysely<Database>,
  auth: Auth,
  timeZone: string,
  page: { limit: number; offset: number },
  onlyId?: number,
) {
  let query = myLinksQuery(db, auth)
    .select([
      'l.id',
      'l.type',
      'l.token',
      'l.created_at',
      'e.id as eventId',
      'e.name as eventName',
      'e.starts_at',
      'e.status',
      'e.guest_count',
      'e.guest_limit',
    ])
    .orderBy('l.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
  if (onlyId !== undefined) query = query.where('l.id', '=', onlyId);
  const rows = await query.execute();
  return rows.map((row): MyLink => {
    let event: LinkEvent | null = null;
    if (row.eventId !== null && row.eventName !== null && row.starts_at !== null) {
      const start = inZone(new Date(row.starts_at), timeZone);
      event = {
        id: row.eventId,
        Nombre: row.eventName,
        Fecha: start.date,
        Hora: start.time,
        Estatus: row.status ?? 'activo',
        Invitados: row.guest_count ?? 0,
        LimiteInvitados: row.guest_limit ?? null,
      };
    }
    return { id: row.id, type: row.type === 'event' ? 'event' : 'user', token: row.token, createdAt: row.created_at, event };
  });
}

/** The resident's user links and the links of the events they host. */
export async function listMyLinks(db: Kysely<Database>, auth: Auth, page: { limit: number; offset: number }) {
  const inviter = await requireInviter(db, auth);
  const [items, count] = await Promise.all([
    linkRows(db, auth, inviter.timeZone, page),
    myLinksQuery(db, auth).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

export async function createUserLink(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<MyLink> {
  const inviter = await requireInviter(db, auth);
  const { id } = await db
    .insertInto('guest_links')
    .values({
      token: newToken(),
      type: 'user',
      condo_id: auth.condoId,
      user_id: auth.userId,
      event_id: null,
      created_at: clock.now().toISOString(),
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [item] = await linkRows(db, auth, inviter.timeZone, { limit: 1, offset: 0 }, id);
  return item!;
}

/** A new event and its event-type link, in one transaction. */
export async function createEvent(db: Kysely<Database>, clock: Clock, auth: Auth, values: NewEvent): Promise<MyLink> {
  const inviter = await requireInviter(db, auth);
  const now = clock.now();
  const points = (await accessPointsOf(db, auth.condoId)).map((p) => p.PuntoAccesoId);
  refuseFirst<EventField>(eventProblems(values, inZone(now, inviter.timeZone), points));
  const createdAt = now.toISOString();
  const linkId = await db.transaction().execute(async (trx) => {
    const event = await trx
      .insertInto('events')
      .values({
        condo_id: auth.condoId,
        host_user_id: auth.userId,
        name: values.nombre.trim(),
        description: values.descripcion.trim() || null,
        starts_at: localToUtc(`${values.fecha}T${values.hora}`, inviter.timeZone),
        companions_allowed: values.acompanantes,
        guest_limit: values.limiteInvitados,
        vehicle_limit: values.limiteAutos,
        guest_count: 0,
        vehicle_count: 0,
        status: 'activo',
        access_point_id: values.puntoDeAccesoId,
        visitor_note: values.notaVisitante.trim() || null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = await trx
      .insertInto('guest_links')
      .values({
        token: newToken(),
        type: 'event',
        condo_id: auth.condoId,
        user_id: null,
        event_id: event.id,
        created_at: createdAt,
        revoked_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return link.id;
  });
  const [item] = await linkRows(db, auth, inviter.timeZone, { limit: 1, offset: 0 }, linkId);
  return item!;
}

/** The host cancels their event: its link then opens the cancelled message (spec §8). */
export async function cancelEvent(db: Kysely<Database>, auth: Auth, id: number): Promise<void> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'host_user_id'])
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!event) throw notFound('errors.notFound.event');
  const inviter = await inviterOf(db, auth);
  if (!inviter.canInvite || event.host_user_id !== auth.userId) throw forbidden();
  await db.updateTable('events').set({ status: 'cancelado' }).where('id', '=', id).execute();
}

/**
 * Revokes a link: user links by the resident they belong to, event links by the event's host, condo links
 * by administrators. Another condominium's link is unknown.
 */
export async function revokeLink(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<void> {
  const inviter = await inviterOf(db, auth);
  const link = await db
    .selectFrom('guest_links as l')
    .leftJoin('events as e', 'e.id', 'l.event_id')
    .select(['l.id', 'l.type', 'l.user_id', 'e.host_user_id'])
    .where('l.id', '=', id)
    .where('l.condo_id', '=', auth.condoId)
    .where('l.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!link) throw notFound('errors.notFound.link');
  const allowed =
    link.type === 'condo'
      ? inviter.canManageCondoLink
      : inviter.canInvite && (link.type === 'user' ? link.user_id : link.host_user_id) === auth.userId;
  if (!allowed) throw forbidden();
  await db.updateTable('guest_links').set({ revoked_at: clock.now().toISOString() }).where('id', '=', id).execute();
}

export async function createCondoLink(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<CondoLink> {
  const inviter = await inviterOf(db, auth);
  if (!inviter.canManageCondoLink) throw forbidden();
  const createdAt = clock.now().toISOString();
  const token = newToken();
  const { id } = await db
    .insertInto('guest_links')
    .values({
      token,
      type: 'condo',
      condo_id: auth.condoId,
      user_id: null,
      event_id: null,
      created_at: createdAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token, createdAt };
}
