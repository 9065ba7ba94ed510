// Writing notifications (spec §3.3): one row per person told. Whatever produces one (a post, a review, a
// comment, a message, a request, a poll, a reservation, a guest's registration) calls notify() in the same
// transaction as the change itself. Shared: posts, conversations, tickets, polls, reservations and guests tell
// people with it (the administrators among them: administratorsOf); the notifications area reads them back.
// A notification is its title's and text's messages (catalogue ids and values, issue 28 defect 7): the
// notifications area words them when read, in the reader's language of the moment. The Spanish words are kept in
// titulo / texto_app too, for whatever reads the columns directly (the demo's seed, CSVs, tests).
import type { Kysely } from 'kysely';
import type { NotificationModule } from '../../../src/api/notifications';
import type { Message } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { formatMessage } from '../../messages';
import { publishLive } from './live';
import { queuePushes } from './pushOutbox';

/** What it says: messages worded when read (values that are words, a name or an amount, stay as they are). */
export interface NotificationMessages {
  title: Message;
  text: Message;
}

/** Words fixed when written (the demo's seed; a row no catalogue says): read as they are. */
export interface NotificationWords {
  titulo: string;
  textoApp: string;
}

export type NewNotification = (NotificationMessages | NotificationWords) & {
  condoId: number;
  modulo: NotificationModule;
  props?: Record<string, number | string>;
  foto?: string | null;
};

/** The columns of the words: the ids and values, and the Spanish words. */
function wordColumns(notification: NotificationMessages | NotificationWords) {
  if (!('title' in notification)) {
    return { titulo: notification.titulo, texto_app: notification.textoApp, title_id: null, text_id: null, word_values: null };
  }
  const { title, text } = notification;
  return {
    titulo: formatMessage('es', title),
    texto_app: formatMessage('es', text),
    title_id: title.id,
    text_id: text.id,
    word_values: JSON.stringify({ title: title.values ?? {}, text: text.values ?? {} }),
  };
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
  const words = wordColumns(notification);
  const rows = unique.map((userId) => ({
    condo_id: notification.condoId,
    user_id: userId,
    ...words,
    foto: notification.foto ?? null,
    modulo: notification.modulo,
    props: JSON.stringify(notification.props ?? {}),
    abierto: 0 as const,
    created_at: createdAt,
  }));
  // In chunks: PostgreSQL and SQLite both cap the parameters of one statement.
  for (let i = 0; i < rows.length; i += 200) {
    const written = await db
      .insertInto('notifications')
      .values(rows.slice(i, i + 200))
      .returning('id')
      .execute();
    // Web Push (issue 30): in the same transaction, a push to each browser of each person told.
    await queuePushes(
      db,
      clock,
      written.map((row) => row.id),
    );
  }
  // The live channel (issue 30): each person's bell and counts read again, whichever process holds their stream.
  await publishLive(db, clock, {
    condoId: notification.condoId,
    userIds: unique,
    type: 'notification',
    data: { modulo: notification.modulo },
  });
}

/** The active administrators of the condominium: told of new and overdue requests, proposed polls and reservation requests. */
export async function administratorsOf(db: Kysely<Database>, condoId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('condo_id', '=', condoId)
    .where('is_admin', '=', 1)
    .where('active', '=', 1)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}
