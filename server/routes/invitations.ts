// Residents, invitations and the access-request inbox (src/api/invitations.ts). Thin: validated input, the
// domain call, the answer; the e-mails go out after the change has committed. Every /--configuracion route is
// for administrators (canManagePeople, checked before the body is read); another condominium's ids are not
// found. The two /--sesiones routes are public (the e-mailed link) and rate limited per address.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AcceptInvitationRequest,
  ApproveAccessRequest,
  INVITATIONS_PATHS,
  InvitationIdRequest,
  InvitationTokenRequest,
  InviteRequest,
  MoveOutRequest,
  RejectAccessRequest,
  ResidentsQuery,
} from '../../src/api/invitations';
import { canManagePeople } from '../../src/api/permissions';
import { acceptInvitation, invitationInfo } from '../domain/invitations/accept';
import { approveAccessRequest, rejectAccessRequest } from '../domain/invitations/accessRequests';
import { invite, type Outcome, resend, revoke } from '../domain/invitations/invite';
import { moveOut } from '../domain/invitations/moveOut';
import { dwellingChoices, listAccessRequests, listInvitations, listResidents } from '../domain/invitations/read';
import { clientOf, type SessionPolicy } from '../domain/shared/sessionRows';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';

export default async function invitationRoutes(app: FastifyInstance, options: { policy: SessionPolicy }) {
  const routes = signedInRoutes(app);
  const admins = { allow: canManagePeople };

  const baseUrlOf = (request: FastifyRequest) => {
    const base = appBaseUrl(app.config, request);
    if (!base)
      request.log.warn('invitations: PUBLIC_URL is unset and the Host header is not of PUBLIC_BASE_DOMAIN; no mail sent');
    return base;
  };

  /** Sends the outcome's mail in the background (the outbox keeps what SMTP refuses); answers the rest. */
  const sending = <T>(outcome: Outcome<T>, what: string): T => {
    const { mail } = outcome;
    if (mail)
      app.tasks.run(what, async () => {
        await app.mailer.send(mail);
      });
    return outcome.answer;
  };

  routes.get<{ Querystring: ResidentsQuery }>(
    INVITATIONS_PATHS.residents,
    { schema: { querystring: ResidentsQuery }, ...admins },
    async (request) => listResidents(app.db, request.auth, request.query),
  );

  routes.get(INVITATIONS_PATHS.dwellings, admins, async (request) => ({
    success: true,
    items: await dwellingChoices(app.db, request.auth.condoId),
  }));

  routes.post<{ Body: MoveOutRequest }>(
    INVITATIONS_PATHS.moveOut,
    { schema: { body: MoveOutRequest }, ...admins },
    async (request) => moveOut(app.db, app.clock, request.auth, request.body.residencyId),
  );

  routes.get(INVITATIONS_PATHS.invitations, admins, async (request) => ({
    success: true,
    items: await listInvitations(app.db, app.clock, request.auth),
  }));

  routes.post<{ Body: InviteRequest }>(
    INVITATIONS_PATHS.invite,
    { schema: { body: InviteRequest }, ...admins },
    async (request, reply) => {
      const outcome = await invite(app.db, app.clock, request.auth, request.body, baseUrlOf(request));
      return reply.code(201).send({ success: true, invitation: sending(outcome, 'invitation mail') });
    },
  );

  routes.post<{ Body: InvitationIdRequest }>(
    INVITATIONS_PATHS.resend,
    { schema: { body: InvitationIdRequest }, ...admins },
    async (request) => {
      const outcome = await resend(app.db, app.clock, request.auth, request.body.id, baseUrlOf(request));
      return { success: true, invitation: sending(outcome, 'invitation mail') };
    },
  );

  routes.post<{ Body: InvitationIdRequest }>(
    INVITATIONS_PATHS.revoke,
    { schema: { body: InvitationIdRequest }, ...admins },
    async (request) => {
      await revoke(app.db, app.clock, request.auth, request.body.id);
      return { success: true };
    },
  );

  routes.get(INVITATIONS_PATHS.accessRequests, admins, async (request) => ({
    success: true,
    ...(await listAccessRequests(app.db, request.auth)),
  }));

  routes.post<{ Body: ApproveAccessRequest }>(
    INVITATIONS_PATHS.approve,
    { schema: { body: ApproveAccessRequest }, ...admins },
    async (request) => {
      const outcome = await approveAccessRequest(app.db, app.clock, request.auth, request.body, baseUrlOf(request));
      return { success: true, request: sending(outcome, 'invitation mail') };
    },
  );

  routes.post<{ Body: RejectAccessRequest }>(
    INVITATIONS_PATHS.reject,
    { schema: { body: RejectAccessRequest }, ...admins },
    async (request) => {
      const outcome = await rejectAccessRequest(app.db, app.clock, request.auth, request.body);
      return { success: true, request: sending(outcome, 'access request rejection mail') };
    },
  );

  // Anyone holding a link: what it invites to, or 400 on "token" saying why it no longer works.
  app.post<{ Body: InvitationTokenRequest }>(
    INVITATIONS_PATHS.info,
    { schema: { body: InvitationTokenRequest } },
    async (request) => {
      await app.rateLimiter.consume([{ limit: 'invitationLinkPerIp', key: request.ip }]);
      return { success: true, invitation: await invitationInfo(app.db, app.clock, request.body.token) };
    },
  );

  // Anyone holding a link: accepts it and is signed in to the condominium (answered like condo-login).
  app.post<{ Body: AcceptInvitationRequest }>(
    INVITATIONS_PATHS.accept,
    { schema: { body: AcceptInvitationRequest } },
    async (request) => {
      await app.rateLimiter.consume([{ limit: 'invitationLinkPerIp', key: request.ip }]);
      const client = clientOf(request.ip, request.headers['user-agent']);
      const session = await acceptInvitation(app.db, options.policy, app.clock, request.body, {
        client,
        language: request.language,
      });
      return { success: true, ...session };
    },
  );
}
