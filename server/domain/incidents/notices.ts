// Who hears of an incident: the supervisors and administrators are told of a new one (the bell, push); every
// screen that shows incidents (gate staff, supervisors, administrators) reads them again on the live channel.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { publishLive } from '../shared/live';
import { notify } from '../shared/notify';

async function staffOf(db: Kysely<Database>, condoId: number, withGuards: boolean): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('condo_id', '=', condoId)
    .where('active', '=', 1)
    .where((eb) => eb.or([eb('is_admin', '=', 1), eb('is_supervisor', '=', 1), ...(withGuards ? [eb('is_guard', '=', 1)] : [])]))
    .orderBy('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** The incident changed: the screens that show incidents read it again. */
export async function publishIncident(db: Kysely<Database>, clock: Clock, condoId: number, incidentId: number) {
  await publishLive(db, clock, {
    condoId,
    userIds: await staffOf(db, condoId, true),
    type: 'incident',
    data: { incidentId },
  });
}

/** A new incident: its supervisors and administrators are told (not whoever raised it). */
export async function tellIncidentRaised(
  db: Kysely<Database>,
  clock: Clock,
  incident: { condoId: number; id: number; place: string; reportedBy: number },
) {
  const readers = (await staffOf(db, incident.condoId, false)).filter((id) => id !== incident.reportedBy);
  await notify(db, clock, readers, {
    condoId: incident.condoId,
    modulo: 'incidente',
    props: { incidentId: incident.id },
    title: { id: 'incidents.notice.raisedTitle' },
    text: { id: 'incidents.notice.raisedText', values: { place: incident.place } },
  });
}
