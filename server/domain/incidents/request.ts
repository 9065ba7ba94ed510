// What a maintenance incident's request to the administration says (the requests' own NewTicketRequest): filed in
// the condominium's first active requests (SA) section, under its maintenance category (else its first active one),
// for the incident's place as a common area, at the priority of its severity, with its photos; its title and text
// name the incident, so the request links back to it. The route files it through server/domain/tickets/create.ts.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { IncidentSeverity } from '../../../src/api/incidents';
import type { TicketPriority } from '../../../src/api/ticketLifecycle';
import {
  type NewTicketRequest,
  TICKET_AREA_MAX,
  TICKET_MAX_ATTACHMENTS,
  TICKET_TEXT_MAX,
  TICKET_TITLE_MAX,
} from '../../../src/api/tickets';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Auth } from '../shared/auth';
import { incidentPhotoUploads } from './files';
import type { IncidentRow } from './rows';

const PRIORITY: Record<IncidentSeverity, TicketPriority> = { low: 'baja', medium: 'media', high: 'alta' };

const noRequests = () => new AppError(409, ErrorCodes.conflict, 'incidents.refusal.noRequestSection');

export async function requestDraft(db: Kysely<Database>, auth: Auth, row: IncidentRow): Promise<NewTicketRequest> {
  const section = await db
    .selectFrom('sections')
    .select('id')
    .where('condo_id', '=', auth.condoId)
    .where('code', '=', 'SA')
    .where('status', '=', 'A')
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirst();
  const categories = await db
    .selectFrom('ticket_categories')
    .select(['id', 'name'])
    .where('condo_id', '=', auth.condoId)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const category = categories.find((c) => /manten/i.test(c.name)) ?? categories[0];
  if (!section || !category) throw noRequests();
  const title = `Incidente #${row.id}: ${row.place}`.slice(0, TICKET_TITLE_MAX);
  const text = `${row.description}\n\nIncidente #${row.id} · ${row.place}`.slice(0, TICKET_TEXT_MAX);
  return {
    sectionId: section.id,
    categoriaId: category.id,
    Titulo: title,
    Descripcion: text,
    ApmtId: null,
    AreaComun: row.place.slice(0, TICKET_AREA_MAX),
    Prioridad: PRIORITY[row.severity as IncidentSeverity],
    adjuntos: (await incidentPhotoUploads(db, row.id)).slice(0, TICKET_MAX_ATTACHMENTS),
  };
}
