// Mis invitados (src/api/invites.ts). Every call needs a session; who may do what is the shared rule of
// src/api/permissions.ts, applied in domain/invites.ts: residents (a dwelling here) their own passes, links
// and events; administrators the condo link.
import type { FastifyInstance } from 'fastify';
import { IdBody, INVITE_PATHS, INVITES_PAGE_SIZE, NewEvent, NewPass, PageQuery } from '../../src/api/invites';
import { canInviteGuests, canSeeMyInvites } from '../../src/api/permissions';
import {
  cancelEvent,
  createCondoLink,
  createEvent,
  createPass,
  createUserLink,
  invitesOverview,
  listMyLinks,
  listMyPasses,
  revokeLink,
  revokePass,
} from '../domain/invites';
import { allowOnly } from './guards';

const pageOf = (query: PageQuery) => ({ limit: query.limit ?? INVITES_PAGE_SIZE, offset: query.offset ?? 0 });

export default async function inviteRoutes(app: FastifyInstance) {
  const session = { onRequest: app.requireSession };
  // Members without a dwelling here (and, for links, who are not administrators either) are refused before
  // the query or body is validated (routes/guards.ts); the domain then checks whose pass, link or event.
  const inviters = { onRequest: allowOnly(app, canInviteGuests) };
  const linkKeepers = { onRequest: allowOnly(app, canSeeMyInvites) };

  // Residents and administrators: dwellings, access points, rights, and (administrators) the condo links.
  app.get(INVITE_PATHS.overview, session, async (request) => invitesOverview(app.db, request.auth!));

  // Residents: their passes, newest first.
  app.get<{ Querystring: PageQuery }>(
    INVITE_PATHS.passes,
    { ...inviters, schema: { querystring: PageQuery } },
    async (request) => ({
      success: true,
      ...(await listMyPasses(app.db, request.auth!, pageOf(request.query))),
    }),
  );

  // Residents: their user links and the links of their events, newest first.
  app.get<{ Querystring: PageQuery }>(
    INVITE_PATHS.links,
    { ...inviters, schema: { querystring: PageQuery } },
    async (request) => ({
      success: true,
      ...(await listMyLinks(app.db, request.auth!, pageOf(request.query))),
    }),
  );

  // Residents: a new pass for one of their dwellings.
  app.post<{ Body: NewPass }>(INVITE_PATHS.createPass, { ...inviters, schema: { body: NewPass } }, async (request) => ({
    success: true,
    item: await createPass(app.db, app.clock, request.auth!, request.body),
  }));

  // Residents: one of their own passes stops opening at once.
  app.post<{ Body: IdBody }>(INVITE_PATHS.revokePass, { ...inviters, schema: { body: IdBody } }, async (request) => {
    await revokePass(app.db, app.clock, request.auth!, request.body.id);
    return { success: true };
  });

  // Residents: a new user-type guest link (registro-invitados/{token}).
  app.post(INVITE_PATHS.createUserLink, session, async (request) => ({
    success: true,
    item: await createUserLink(app.db, app.clock, request.auth!),
  }));

  // Residents: a new event and its event-type link.
  app.post<{ Body: NewEvent }>(INVITE_PATHS.createEvent, { ...inviters, schema: { body: NewEvent } }, async (request) => ({
    success: true,
    item: await createEvent(app.db, app.clock, request.auth!, request.body),
  }));

  // The event's host: the event is cancelled (its link shows the cancelled message).
  app.post<{ Body: IdBody }>(INVITE_PATHS.cancelEvent, { ...inviters, schema: { body: IdBody } }, async (request) => {
    await cancelEvent(app.db, request.auth!, request.body.id);
    return { success: true };
  });

  // The link's resident, the event's host, or (condo links) an administrator: the link stops opening.
  app.post<{ Body: IdBody }>(INVITE_PATHS.revokeLink, { ...linkKeepers, schema: { body: IdBody } }, async (request) => {
    await revokeLink(app.db, app.clock, request.auth!, request.body.id);
    return { success: true };
  });

  // Administrators: a new condo-type link (the guest chooses the dwelling and the resident).
  app.post(INVITE_PATHS.createCondoLink, session, async (request) => ({
    success: true,
    item: await createCondoLink(app.db, app.clock, request.auth!),
  }));
}
