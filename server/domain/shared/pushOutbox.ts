// Web Push's outbox (issue 30): notify() calls queuePushes in the transaction that writes the notifications, so a
// push leaves only for a notification that was committed, and is sent by whichever server process claims it
// (domain/push/delivery.ts). One row per notification and browser: each subscription of the person told in that
// condominium, unless the person turned the notification's kind off (push_preferences). Shared: notify.ts uses it.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';

export async function queuePushes(db: Kysely<Database>, clock: Clock, notificationIds: readonly number[]): Promise<void> {
  if (notificationIds.length === 0) return;
  const now = clock.now().toISOString();
  // Typed as text: PostgreSQL cannot tell a bare parameter's type in a SELECT list.
  const at = sql<string>`cast(${now} as text)`;
  await db
    .insertInto('push_outbox')
    .columns(['notification_id', 'subscription_id', 'created_at', 'attempts', 'next_attempt_at'])
    .expression(
      db
        .selectFrom('notifications as n')
        .innerJoin('push_subscriptions as s', (join) =>
          join.onRef('s.user_id', '=', 'n.user_id').onRef('s.condo_id', '=', 'n.condo_id'),
        )
        .select(['n.id', 's.id as subscription_id', at.as('created_at'), sql.lit(0).as('attempts'), at.as('next_attempt_at')])
        .where('n.id', 'in', [...notificationIds])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('push_preferences as p')
                .select('p.id')
                .whereRef('p.user_id', '=', 'n.user_id')
                .whereRef('p.modulo', '=', 'n.modulo')
                .where('p.enabled', '=', 0),
            ),
          ),
        ),
    )
    .execute();
}
