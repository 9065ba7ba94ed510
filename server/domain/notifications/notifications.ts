// Notifications (spec §3.3): one row per person told. Whatever produces one (a post, a review, a comment,
// a guest's registration) calls notify() in the same transaction as the change itself; the header panel
// and the list read them back, and opening one marks it read.
import type { Kysely } from 'kysely';
import type { NotificationItem, NotificationModule } from '../../../src/api/notifications';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { timeZoneOf } from '../shared/zonedTime';

export interface NewNotification {
  condoId: number;
  titulo: string;
  textoApp: string;
  modulo: NotificationModule;
  props?: Record<string, number | string>;
  foto?: string | null;
}

/** Tells each of the users (duplicates once) the same thing. */
export async function notify(
  db: Kysely<Database>,
  clock: Clock,
  userIds: readonly number[],
  notification: NewNotification,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  const createdAt = clock.now().toISOString();
  const rows = unique.map((userId) => ({
    condo_id: notification.condoId,
    user_id: userId,
    titulo: notification.titulo,
    texto_app: notification.textoApp,
    foto: notification.foto ?? null,
    modulo: notification.modulo,
    props: JSON.stringify(notification.props ?? {}),
    abierto: 0 as const,
    created_at: createdAt,
  }));
  // In chunks: PostgreSQL and SQLite both cap the parameters of one statement.
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('notifications')
      .values(rows.slice(i, i + 200))
      .execute();
}

const parts = (iso: string, timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const get = (type: string, all: Intl.DateTimeFormatPart[]) => all.find((p) => p.type === type)?.value ?? '';
  const all = format.formatToParts(new Date(iso));
  return {
    FechaCreada: `${get('year', all)}-${get('month', all)}-${get('day', all)}`,
    HoraCreada: `${get('hour', all)}:${get('minute', all)}`,
  };
};

async function itemsOf(db: Kysely<Database>, auth: Auth, page: { limit: number; offset: number }): Promise<NotificationItem[]> {
  const timeZone = await timeZoneOf(db, auth.condoId);
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'titulo', 'texto_app', 'foto', 'abierto', 'modulo', 'props', 'created_at'])
    .where('user_id', '=', auth.userId)
    .where('condo_id', '=', auth.condoId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    Titulo: row.titulo,
    TextoApp: row.texto_app,
    foto: row.foto,
    ...parts(row.created_at, timeZone),
    abierto: row.abierto === 1 ? 1 : 0,
    Modulo: row.modulo,
    Props: row.props,
  }));
}

async function counts(db: Kysely<Database>, auth: Auth): Promise<{ total: number; unread: number }> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('abierto', '=', 0).then(1).else(0).end()).as('unread'),
    ])
    .where('user_id', '=', auth.userId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread ?? 0) };
}

/** The header panel: the newest `size` and how many are unread. */
export async function latestNotifications(db: Kysely<Database>, auth: Auth, size: number) {
  return { items: await itemsOf(db, auth, { limit: size, offset: 0 }), unread: (await counts(db, auth)).unread };
}

/** The list, a page at a time; with the counter, the total and unread counts too. */
export async function notificationsPage(
  db: Kysely<Database>,
  auth: Auth,
  page: { limit: number; offset: number; obtainCounter: boolean },
) {
  const items = await itemsOf(db, auth, page);
  return page.obtainCounter ? { items, ...(await counts(db, auth)) } : { items };
}

/** Marks one of the member's own notifications opened; answers whether it was unread. Another person's is 404. */
export async function openNotification(db: Kysely<Database>, auth: Auth, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('notifications')
    .select('abierto')
    .where('id', '=', id)
    .where('user_id', '=', auth.userId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!row) throw notFound('errors.notFound.notification');
  if (row.abierto === 1) return false;
  await db.updateTable('notifications').set({ abierto: 1 }).where('id', '=', id).execute();
  return true;
}

/** A guest registered through a member's link or to their event (server/routes/guests.ts). */
export async function notifyGuestRegistered(
  db: Kysely<Database>,
  clock: Clock,
  registration: { condoId: number; hostUserId: number; guestName: string; eventName: string | null },
): Promise<void> {
  const what = registration.eventName ? `a tu evento «${registration.eventName}»` : 'como tu invitado';
  await notify(db, clock, [registration.hostUserId], {
    condoId: registration.condoId,
    titulo: 'Nuevo invitado',
    textoApp: `${registration.guestName} se registró ${what}.`,
    modulo: 'invitados',
  });
}
