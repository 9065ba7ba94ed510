// Requests to the administrator (src/api/tickets.ts). Thin: validated input, the domain call, the answer. Who
// may call each is written next to its path; the rules are src/api/permissions.ts's and the state changes
// src/api/ticketLifecycle.ts's, applied in server/domain/tickets. Administrators-only calls refuse others
// before reading the body (routes/guards.ts).
import type { FastifyInstance } from 'fastify';
import type { Infer } from 'superstruct';
import { canManageTickets, canSeeCommunication, canSeeTicketOverview } from '../../src/api/permissions';
import {
  type AssigneesAnswer,
  CategorySaveRequest,
  DueHoursRequest,
  type NewTicketAnswer,
  NewTicketRequest,
  OverviewQuery,
  SectionParams,
  TICKETS_PATHS,
  type TicketAnswer,
  TicketChangeRequest,
  type TicketListAnswer,
  TicketListQuery,
  type TicketOverviewAnswer,
  TicketParams,
  TicketRatingRequest,
  TicketReplyRequest,
  type TicketSectionAnswer,
  type TicketSettingsAnswer,
  TicketUpdateRequest,
} from '../../src/api/tickets';
import type { AccessData } from '../domain/shared/sessionData';
import { loadViewer } from '../domain/shared/viewer';
import { visibleTicket } from '../domain/tickets/access';
import { ticketAnswer } from '../domain/tickets/answers';
import { checkTicketAttachmentLink, ticketAttachmentFile, ticketAttachmentSigner } from '../domain/tickets/attachments';
import { changeTicket } from '../domain/tickets/change';
import { createTicket } from '../domain/tickets/create';
import { listTickets } from '../domain/tickets/list';
import { ticketOverview } from '../domain/tickets/overview';
import { rateTicket, replyToTicket } from '../domain/tickets/reply';
import { saveCategory, saveDueHours, ticketAssignees, ticketSection, ticketSettings } from '../domain/tickets/settings';
import { updateTicket } from '../domain/tickets/update';
import { appBaseUrl } from '../infra/links';
import { SCREEN_KEEP_SECONDS } from '../plugins/keptAnswers';
import { SIGNED_IN, signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** Four attachments of 1.5 MB as base64 data URLs, plus the text (as posts). */
const TICKET_BODY_LIMIT = 8_500_000;

export default async function ticketRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const signer = () => ticketAttachmentSigner(app.db, app.clock, app.prefix);
  const signedIn = { allow: SIGNED_IN };
  // Employees have no Comunicación: the SA screen and filing are not theirs (their task list is `list`).
  const communication = { allow: canSeeCommunication };
  const managers = { allow: (access: AccessData) => canManageTickets(access) };
  const overviewers = { allow: (access: AccessData) => canSeeTicketOverview(access) };

  // Signed in, not an employee, and the SA section readable (permissions.canReadSection).
  routes.get<{ Params: { sectionId: number } }>(
    TICKETS_PATHS.section(':sectionId'),
    { schema: { params: SectionParams }, ...communication },
    async (request): Promise<TicketSectionAnswer> => ticketSection(app.db, request.auth, request.params.sectionId),
  );

  // Signed in: employees (their assigned requests) and readers of an SA section (their own; administrators all).
  routes.get<{ Querystring: TicketListQuery }>(
    TICKETS_PATHS.list,
    { schema: { querystring: TicketListQuery }, ...signedIn, keep: SCREEN_KEEP_SECONDS },
    async (request): Promise<TicketListAnswer> => listTickets(app.db, app.clock, request.auth, request.query),
  );

  // Signed in, and permissions.canSeeTicket (requester, assignee, administrators); 404 otherwise.
  routes.get<{ Params: { ticketId: number } }>(
    TICKETS_PATHS.ticket(':ticketId'),
    { schema: { params: TicketParams }, ...signedIn },
    async (request): Promise<TicketAnswer> => {
      const viewer = await loadViewer(app.db, request.auth);
      const row = await visibleTicket(app.db, request.auth, viewer, request.params.ticketId);
      return ticketAnswer(app.db, viewer, row, app.clock.now(), await signer());
    },
  );

  // Signed in, not an employee, and permissions.canFileTicket in the section.
  routes.post<{ Body: NewTicketRequest }>(
    TICKETS_PATHS.create,
    { schema: { body: NewTicketRequest }, ...communication, bodyLimit: TICKET_BODY_LIMIT },
    async (request): Promise<NewTicketAnswer> => {
      const { answer, copy } = await createTicket(app.db, app.clock, request.auth, request.body, {
        baseUrl: appBaseUrl(app.config, request),
      });
      // After the commit, and never holding up the answer: a refused delivery waits in the outbox.
      if (copy) {
        app.tasks.run('ticket copy mail', async () => {
          await app.mailer.send(copy);
        });
      }
      return answer;
    },
  );

  // Signed in, permissions.canSeeTicket, and the lifecycle's table for the caller's roles (409 otherwise).
  routes.post<{ Body: TicketChangeRequest }>(
    TICKETS_PATHS.change,
    { schema: { body: TicketChangeRequest }, ...signedIn },
    async (request): Promise<TicketAnswer> => changeTicket(app.db, app.clock, request.auth, request.body, await signer()),
  );

  // Administrators (permissions.canManageTickets).
  routes.post<{ Body: TicketUpdateRequest }>(
    TICKETS_PATHS.update,
    { schema: { body: TicketUpdateRequest }, ...managers },
    async (request): Promise<TicketAnswer> => updateTicket(app.db, app.clock, request.auth, request.body, await signer()),
  );

  // Signed in and permissions.canSeeTicket; internal notes: permissions.canSeeInternalNotes.
  routes.post<{ Body: TicketReplyRequest }>(
    TICKETS_PATHS.reply,
    { schema: { body: TicketReplyRequest }, ...signedIn, bodyLimit: TICKET_BODY_LIMIT },
    async (request): Promise<TicketAnswer> => replyToTicket(app.db, app.clock, request.auth, request.body, await signer()),
  );

  // The requester of a resolved or closed request, once.
  routes.post<{ Body: TicketRatingRequest }>(
    TICKETS_PATHS.rate,
    { schema: { body: TicketRatingRequest }, ...signedIn },
    async (request): Promise<TicketAnswer> => rateTicket(app.db, app.clock, request.auth, request.body, await signer()),
  );

  // Administrators in full, board members counts only (permissions.canSeeTicketOverview).
  routes.get<{ Querystring: Infer<typeof OverviewQuery> }>(
    TICKETS_PATHS.overview,
    { schema: { querystring: OverviewQuery }, ...overviewers },
    async (request): Promise<TicketOverviewAnswer> => ticketOverview(app.db, app.clock, request.auth, request.query.sectionId),
  );

  // Administrators.
  routes.get(
    TICKETS_PATHS.assignees,
    managers,
    async (request): Promise<Infer<typeof AssigneesAnswer>> => ticketAssignees(app.db, request.auth),
  );
  routes.get(
    TICKETS_PATHS.settings,
    managers,
    async (request): Promise<TicketSettingsAnswer> => ticketSettings(app.db, request.auth),
  );
  routes.post<{ Body: CategorySaveRequest }>(
    TICKETS_PATHS.saveCategory,
    { schema: { body: CategorySaveRequest }, ...managers },
    async (request): Promise<TicketSettingsAnswer> => saveCategory(app.db, app.clock, request.auth, request.body),
  );
  routes.post<{ Body: DueHoursRequest }>(
    TICKETS_PATHS.saveDueHours,
    { schema: { body: DueHoursRequest }, ...managers },
    async (request): Promise<TicketSettingsAnswer> => saveDueHours(app.db, app.clock, request.auth, request.body),
  );

  // Anyone holding an unexpired signed link (given only with a request its holder may see): the bytes.
  signedFileRoute(app, {
    path: TICKETS_PATHS.attachmentFile(':attachmentId'),
    param: 'attachmentId',
    check: (link) => checkTicketAttachmentLink(app.db, app.clock, { attachmentId: link.id, exp: link.exp, sig: link.sig }),
    load: (id) => ticketAttachmentFile(app.db, id),
  });
}
