// What waits in EV sections on the communication home: the events and assemblies published there that start
// within the next UPCOMING_EVENT_DAYS days and are not cancelled, per section.
import type { Kysely } from 'kysely';
import { UPCOMING_EVENT_DAYS } from '../../../src/api/communicationHome';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';

export async function upcomingEventsBySection(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<Map<number, number>> {
  const now = clock.now();
  const until = new Date(now.getTime() + UPCOMING_EVENT_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .selectFrom('calendar_events')
    .select(['section_id', db.fn.countAll<number>().as('n')])
    .where('condo_id', '=', auth.condoId)
    .where('cancelled', '=', 0)
    .where('starts_at', '>=', now.toISOString())
    .where('starts_at', '<', until.toISOString())
    .groupBy('section_id')
    .execute();
  return new Map(rows.map((r) => [r.section_id, Number(r.n)]));
}
