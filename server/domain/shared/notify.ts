// Writing notifications (spec §3.3): one row per person told. Whatever produces one (a post, a review, a
// comment, a message, a request, a poll, a reservation, a guest's registration) calls notify() in the same
// transaction as the change itself. Shared: posts, conversations, tickets, polls, reservations and guests tell
// people with it (the administrators among them: administratorsOf); the notifications area reads them back.
import type { Kysely } from 'kysely';
import type { NotificationModule } from '../../../src/api/notifications';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';

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
