// Guest links (registro-invitados/{token}): the resident's user links and the links of the events they host,
// newest first, with each event as the condominium's clock reads it; a new user link; and revoking any link
// by whoever it belongs to (user links their resident, event links the event's host, condo links the
// administrators). Revoking sets revoked_at, which the guest-link queries already read.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LinkEvent, MyLink } from '../../../src/api/myGuests';
import type { Database } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { inZone } from '../shared/zonedTime';
import { inviterOf, requireInviter } from './access';

/** The token of a new guest link, of any type. */
export const newLinkToken = () => randomBytes(18).toString('base64url');

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

/** A page of the resident's links (or the one with `onlyId`), as the contract's MyLink. */
export async function linkRows(
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
      token: newLinkToken(),
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
