// Incidents and the shift handover (src/api/incidents.ts). Gate staff, supervisors and administrators
// (canSeeIncidents), and a paired device's shift session, see, raise and act on incidents; what each role may do to
// one is the lifecycle table's (the domain decides: 403, 409). Turning a maintenance incident into a request is the
// one place two areas meet: the incident is claimed (incidents), the request filed through the requests' own way in
// (tickets/create.ts, so its notices, history, live event and deadline are theirs), then linked; a failed filing
// releases the claim. Guards and supervisors write and read the handover (canWriteHandover); anyone who sees
// incidents reads the list. Another condominium's incident or handover is as unknown as none (404).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import {
  type HandoverAnswer,
  HandoverRequest,
  type HandoversAnswer,
  INCIDENT_PATHS,
  type IncidentAnswer,
  IncidentChangeRequest,
  IncidentRaiseRequest,
  type IncidentsPageAnswer,
  IncidentsQuery,
} from '../../src/api/incidents';
import { canSeeIncidents, canWriteHandover, incidentRolesOf } from '../../src/api/permissions';
import { IdParam } from '../../src/api/validation';
import { changeIncident, claimRequest, linkRequest, releaseRequest } from '../domain/incidents/change';
import { checkIncidentFileLink, incidentFile, incidentFileSigner } from '../domain/incidents/files';
import { latestHandovers, readHandover, writeHandover } from '../domain/incidents/handovers';
import { listIncidents } from '../domain/incidents/list';
import { raiseIncident } from '../domain/incidents/raise';
import { requestDraft } from '../domain/incidents/request';
import { incidentAnswer } from '../domain/incidents/rows';
import type { Auth } from '../domain/shared/auth';
import { loadAccess } from '../domain/shared/sessionData';
import { timeZoneOf } from '../domain/shared/zonedTime';
import { createTicket } from '../domain/tickets/create';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** Four photos of 1.5 MB as base64 data URLs, plus the fields. */
const INCIDENT_BODY_LIMIT = 8_500_000;
const IncidentParams = object({ incidentId: IdParam });
const HandoverParams = object({ handoverId: IdParam });

export default async function incidentRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const staff = { allow: canSeeIncidents, gateShift: true } as const;
  const handover = { allow: canWriteHandover, gateShift: true } as const;
  const fileLink = async () => incidentFileSigner(app.db, app.clock, app.prefix);
  const acting = async (auth: Auth) => ({
    auth,
    roles: incidentRolesOf(await loadAccess(app.db, auth)),
    fileLink: await fileLink(),
  });

  routes.get<{ Querystring: IncidentsQuery }>(
    INCIDENT_PATHS.list,
    { schema: { querystring: IncidentsQuery }, ...staff },
    async (request): Promise<IncidentsPageAnswer> => ({
      success: true,
      ...(await listIncidents(app.db, request.auth, request.query, await fileLink())),
    }),
  );

  routes.post<{ Body: IncidentRaiseRequest }>(
    INCIDENT_PATHS.raise,
    { schema: { body: IncidentRaiseRequest }, ...staff, bodyLimit: INCIDENT_BODY_LIMIT },
    async (request): Promise<IncidentAnswer> => ({
      success: true,
      data: await raiseIncident(app.db, app.clock, request.auth, request.body, await fileLink()),
    }),
  );

  routes.get(
    INCIDENT_PATHS.handovers,
    { ...staff },
    async (request): Promise<HandoversAnswer> => ({
      success: true,
      items: await latestHandovers(app.db, request.auth),
    }),
  );

  routes.post<{ Body: HandoverRequest }>(
    INCIDENT_PATHS.writeHandover,
    { schema: { body: HandoverRequest }, ...handover },
    async (request): Promise<HandoverAnswer> => ({
      success: true,
      data: await writeHandover(app.db, app.clock, request.auth, request.body.notes),
    }),
  );

  routes.post<{ Params: { handoverId: number } }>(
    INCIDENT_PATHS.readHandover,
    { schema: { params: HandoverParams }, ...handover },
    async (request): Promise<HandoverAnswer> => ({
      success: true,
      data: await readHandover(app.db, app.clock, request.auth, request.params.handoverId),
    }),
  );

  routes.get<{ Params: { incidentId: number } }>(
    INCIDENT_PATHS.detail,
    { schema: { params: IncidentParams }, ...staff },
    async (request): Promise<IncidentAnswer> => {
      const words = { timeZone: await timeZoneOf(app.db, request.auth.condoId), fileLink: await fileLink() };
      return { success: true, data: await incidentAnswer(app.db, request.auth.condoId, request.params.incidentId, words) };
    },
  );

  routes.post<{ Params: { incidentId: number }; Body: IncidentChangeRequest }>(
    INCIDENT_PATHS.change,
    { schema: { params: IncidentParams, body: IncidentChangeRequest }, ...staff },
    async (request): Promise<IncidentAnswer> => {
      const { incidentId } = request.params;
      const who = await acting(request.auth);
      if (request.body.action !== 'request') {
        return { success: true, data: await changeIncident(app.db, app.clock, who, incidentId, request.body) };
      }
      const claimed = await claimRequest(app.db, app.clock, who, incidentId, request.body.version);
      let ticketId: number;
      try {
        const draft = await requestDraft(app.db, request.auth, claimed);
        const { answer, copy } = await createTicket(app.db, app.clock, request.auth, draft, {
          baseUrl: appBaseUrl(app.config, request),
        });
        if (copy) app.tasks.run('ticket copy mail', () => app.mailer.send(copy).then(() => undefined));
        ticketId = answer.TicketId;
      } catch (error) {
        await releaseRequest(app.db, request.auth, incidentId);
        throw error;
      }
      return { success: true, data: await linkRequest(app.db, app.clock, who, incidentId, ticketId) };
    },
  );

  signedFileRoute(app, {
    path: INCIDENT_PATHS.file,
    param: 'fileId',
    check: (link) => checkIncidentFileLink(app.db, app.clock, link),
    load: (id) => incidentFile(app.db, id),
  });
}
