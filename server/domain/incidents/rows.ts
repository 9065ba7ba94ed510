// An incident as every call answers it: its row with the names of who raised, attended and closed it, its photos
// behind signed links, the request (ticket) it became and that request's screen; times in the condominium's zone.
// A 409 carries the incident as it is now (incidentConflict).
import type { Kysely, Selectable } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { Incident, IncidentCategory, IncidentSeverity, IncidentSource } from '../../../src/api/incidents';
import type { IncidentFacts, IncidentState } from '../../../src/api/incidentsLifecycle';
import { ticketPath } from '../../../src/api/sections';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database, IncidentTable } from '../../db/schema';
import { AppError } from '../../errors';
import { utcToLocal } from '../shared/zonedTime';

export type IncidentRow = Selectable<IncidentTable> & {
  reported_name: string | null;
  attended_name: string | null;
  closed_name: string | null;
  ticket_section_id: number | null;
};

export const incidentRows = (db: Kysely<Database>) =>
  db
    .selectFrom('incidents as i')
    .leftJoin('users as r', 'r.id', 'i.reported_by')
    .leftJoin('users as at', 'at.id', 'i.attended_by')
    .leftJoin('users as cl', 'cl.id', 'i.closed_by')
    .leftJoin('tickets as tk', 'tk.id', 'i.ticket_id')
    .selectAll('i')
    .select([
      'r.name as reported_name',
      'at.name as attended_name',
      'cl.name as closed_name',
      'tk.section_id as ticket_section_id',
    ]);

export const incidentNotFound = () => new AppError(404, ErrorCodes.notFound, 'incidents.refusal.notFound');

/** One incident of the condominium; 404 for another condominium's or none. */
export async function incidentOf(db: Kysely<Database>, condoId: number, id: number): Promise<IncidentRow> {
  const row = await incidentRows(db).where('i.id', '=', id).where('i.condo_id', '=', condoId).executeTakeFirst();
  if (!row) throw incidentNotFound();
  return row;
}

/** What the lifecycle table reads: a request being written counts as one already made. */
export const incidentFacts = (row: Selectable<IncidentTable>): IncidentFacts => ({
  state: row.state as IncidentState,
  category: row.category,
  ticketId: row.ticket_id ?? (row.request_claimed_at ? 0 : null),
});

export interface IncidentWording {
  timeZone: string;
  fileLink: (fileId: number) => string;
}

/** The photos' file ids of each incident, in order. */
export async function photoIdsOf(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, number[]>> {
  const byIncident = new Map<number, number[]>();
  if (ids.length === 0) return byIncident;
  const rows = await db
    .selectFrom('incident_photos')
    .select(['incident_id', 'file_id'])
    .where('incident_id', 'in', [...ids])
    .orderBy('incident_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byIncident.set(row.incident_id, [...(byIncident.get(row.incident_id) ?? []), row.file_id]);
  return byIncident;
}

export function toIncident(row: IncidentRow, photoIds: readonly number[], words: IncidentWording): Incident {
  const local = (at: string | null) => (at === null ? null : utcToLocal(at, words.timeZone));
  return {
    id: row.id,
    category: row.category as IncidentCategory,
    severity: row.severity as IncidentSeverity,
    state: row.state as IncidentState,
    source: row.source as IncidentSource,
    description: row.description,
    place: row.place,
    checkpointId: row.checkpoint_id,
    reportedBy: row.reported_name,
    createdAt: utcToLocal(row.created_at, words.timeZone),
    attendedBy: row.attended_name,
    attendedAt: local(row.attended_at),
    closedBy: row.closed_name,
    closedAt: local(row.closed_at),
    note: row.note,
    ticketId: row.ticket_id,
    ticketScreen:
      row.ticket_id !== null && row.ticket_section_id !== null ? ticketPath(row.ticket_section_id, row.ticket_id) : null,
    photoUrls: photoIds.map(words.fileLink),
    version: row.version,
  };
}

/** One incident, answered. */
export async function incidentAnswer(db: Kysely<Database>, condoId: number, id: number, words: IncidentWording) {
  const row = await incidentOf(db, condoId, id);
  return toIncident(row, (await photoIdsOf(db, [id])).get(id) ?? [], words);
}

/** A 409 with the incident as it is now, read in `db` (the refused call's transaction sees what the winner wrote). */
export async function incidentConflict(
  db: Kysely<Database>,
  condoId: number,
  id: number,
  words: IncidentWording,
  refusal: MessageId,
): Promise<AppError> {
  const incident = await incidentAnswer(db, condoId, id, words);
  return new AppError(409, ErrorCodes.conflict, refusal, undefined, { incident });
}
