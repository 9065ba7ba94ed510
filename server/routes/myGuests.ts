// Mis invitados (src/api/myGuests.ts). Every call needs a session; who may do what is the shared rule of
// src/api/permissions.ts, applied in domain/myGuests/: residents (a dwelling here) their own passes, links
// and events; administrators the condo link.
import type { FastifyInstance } from 'fastify';
import { IdBody, MY_GUESTS_PAGE_SIZE, MY_GUESTS_PATHS, NewEvent, NewPass, PageQuery } from '../../src/api/myGuests';
import { canInviteGuests, canSeeMyGuests } from '../../src/api/permissions';
import { createCondoLink } from '../domain/myGuests/condoLinks';
import { cancelEvent, createEvent } from '../domain/myGuests/events';
import { createUserLink, listMyLinks, revokeLink } from '../domain/myGuests/links';
import { myGuestsOverview } from '../domain/myGuests/overview';
import { createPass, listMyPasses, revokePass } from '../domain/myGuests/passes';
import { SIGNED_IN, signedInRoutes } from './guards';

const pageOf = (query: PageQuery) => ({ limit: query.limit ?? MY_GUESTS_PAGE_SIZE, offset: query.offset ?? 0 });

export default async function myGuestsRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const session = { allow: SIGNED_IN };
  // Members without a dwelling here (and, for links, who are not administrators either) are refused before
  // the query or body is validated (routes/guards.ts); the domain then checks whose pass, link or event.
  const inviters = { allow: canInviteGuests };
  const linkKeepers = { allow: canSeeMyGuests };

  // Residents and administrators: dwellings, access points, rights, and (administrators) the condo links.
  routes.get(MY_GUESTS_PATHS.overview, session, async (request) => myGuestsOverview(app.db, request.auth));

  // Residents: their passes, newest first.
  routes.get<{ Querystring: PageQuery }>(
    MY_GUESTS_PATHS.passes,
    { ...inviters, schema: { querystring: PageQuery } },
    async (request) => ({
      success: true,
      ...(await listMyPasses(app.db, request.auth, pageOf(request.query))),
    }),
  );

  // Residents: their user links and the links of their events, newest first.
  routes.get<{ Querystring: PageQuery }>(
    MY_GUESTS_PATHS.links,
    { ...inviters, schema: { querystring: PageQuery } },
    async (request) => ({
      success: true,
      ...(await listMyLinks(app.db, request.auth, pageOf(request.query))),
    }),
  );

  // Residents: a new pass for one of their dwellings.
  routes.post<{ Body: NewPass }>(MY_GUESTS_PATHS.createPass, { ...inviters, schema: { body: NewPass } }, async (request) => ({
    success: true,
    item: await createPass(app.db, app.clock, request.auth, request.body),
  }));

  // Residents: one of their own passes stops opening at once.
  routes.post<{ Body: IdBody }>(MY_GUESTS_PATHS.revokePass, { ...inviters, schema: { body: IdBody } }, async (request) => {
    await revokePass(app.db, app.clock, request.auth, request.body.id);
    return { success: true };
  });

  // Residents: a new user-type guest link (registro-invitados/{token}).
  routes.post(MY_GUESTS_PATHS.createUserLink, session, async (request) => ({
    success: true,
    item: await createUserLink(app.db, app.clock, request.auth),
  }));

  // Residents: a new event and its event-type link.
  routes.post<{ Body: NewEvent }>(MY_GUESTS_PATHS.createEvent, { ...inviters, schema: { body: NewEvent } }, async (request) => ({
    success: true,
    item: await createEvent(app.db, app.clock, request.auth, request.body),
  }));

  // The event's host: the event is cancelled (its link shows the cancelled message).
  routes.post<{ Body: IdBody }>(MY_GUESTS_PATHS.cancelEvent, { ...inviters, schema: { body: IdBody } }, async (request) => {
    await cancelEvent(app.db, request.auth, request.body.id);
    return { success: true };
  });

  // The link's resident, the event's host, or (condo links) an administrator: the link stops opening.
  routes.post<{ Body: IdBody }>(MY_GUESTS_PATHS.revokeLink, { ...linkKeepers, schema: { body: IdBody } }, async (request) => {
    await revokeLink(app.db, app.clock, request.auth, request.body.id);
    return { success: true };
  });

  // Administrators: a new condo-type link (the guest chooses the dwelling and the resident).
  routes.post(MY_GUESTS_PATHS.createCondoLink, session, async (request) => ({
    success: true,
    item: await createCondoLink(app.db, app.clock, request.auth),
  }));
}
