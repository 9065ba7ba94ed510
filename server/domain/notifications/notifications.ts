// Notifications (spec §3.3): the header panel and the list read back the rows shared/notify.ts writes (one per
// person told), and opening one marks it read. A row with message ids (issue 28 defect 7) is worded as it is read,
// in the reader's language of the moment (the session's profile language); a row without (written before, or
// words fixed when written) reads as stored.
import type { Kysely } from 'kysely';
import type { NotificationItem } from '../../../src/api/notifications';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { Auth } from '../shared/auth';
import { notificationWords } from '../shared/notificationWords';
import { inZone, timeZoneOf } from '../shared/zonedTime';

/** FechaCreada (YYYY-MM-DD) and HoraCreada (HH:mm) on the condominium's clock. */
const created = (iso: string, timeZone: string) => {
  const { date, time } = inZone(iso, timeZone);
  return { FechaCreada: date, HoraCreada: time };
};

async function itemsOf(db: Kysely<Database>, auth: Auth, page: { limit: number; offset: number }): Promise<NotificationItem[]> {
  const timeZone = await timeZoneOf(db, auth.condoId);
  const rows = await db
    .selectFrom('notifications')
    .select([
      'id',
      'titulo',
      'texto_app',
      'title_id',
      'text_id',
      'word_values',
      'foto',
      'abierto',
      'modulo',
      'props',
      'created_at',
    ])
    .where('user_id', '=', auth.userId)
    .where('condo_id', '=', auth.condoId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    ...notificationWords(auth.language, row),
    foto: row.foto,
    ...created(row.created_at, timeZone),
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
