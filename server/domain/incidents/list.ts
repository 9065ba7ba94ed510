// The incidents of the condominium, newest first, by state and category, a page at a time.
import type { Kysely } from 'kysely';
import type { Incident, IncidentsQuery } from '../../../src/api/incidents';
import { INCIDENT_PAGE_SIZE } from '../../../src/api/incidents';
import type { Database } from '../../db/schema';
import type { Auth } from '../shared/auth';
import { timeZoneOf } from '../shared/zonedTime';
import { incidentRows, photoIdsOf, toIncident } from './rows';

export async function listIncidents(
  db: Kysely<Database>,
  auth: Auth,
  query: IncidentsQuery,
  fileLink: (id: number) => string,
): Promise<{ items: Incident[]; total: number }> {
  let rows = incidentRows(db).where('i.condo_id', '=', auth.condoId);
  let count = db
    .selectFrom('incidents as i')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('i.condo_id', '=', auth.condoId);
  if (query.state) {
    rows = rows.where('i.state', '=', query.state);
    count = count.where('i.state', '=', query.state);
  }
  if (query.category) {
    rows = rows.where('i.category', '=', query.category);
    count = count.where('i.category', '=', query.category);
  }
  const page = await rows
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(query.limit ?? INCIDENT_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute();
  const { n } = await count.executeTakeFirstOrThrow();
  const timeZone = await timeZoneOf(db, auth.condoId);
  const photos = await photoIdsOf(
    db,
    page.map((r) => r.id),
  );
  return { items: page.map((r) => toIncident(r, photos.get(r.id) ?? [], { timeZone, fileLink })), total: Number(n) };
}
