// The events calendar (src/api/calendar.ts). Thin: validated input, the domain call, the answer. Employees have
// no Comunicación: every session call refuses them before reading the body (routes/guards.ts); the EV sections'
// readers are checked in the domain (permissions.canReadCalendar), administrators for changes
// (permissions.canPublishEvents). The ICS feed is public: its secret is the credential.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  CALENDAR_PATHS,
  type CalendarHomeAnswer,
  type CalendarItemsAnswer,
  CalendarQuery,
  type EventAnswer,
  EventCancelRequest,
  EventDraft,
  EventParams,
  EventUpdateRequest,
  type FeedAnswer,
  IcsParams,
} from '../../src/api/calendar';
import { canPublishEvents, canSeeCommunication } from '../../src/api/permissions';
import { cancelCalendarEvent, createCalendarEvent, publisherOf, readEvent, updateCalendarEvent } from '../domain/calendar/events';
import { feedCalendar, revokeFeed, rotateFeed } from '../domain/calendar/feed';
import { calendarHome, calendarItems } from '../domain/calendar/home';
import type { AccessData } from '../domain/shared/sessionData';
import { notFound } from '../errors';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';

export default async function calendarRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const communication = { allow: canSeeCommunication };
  const publishers = { allow: (access: AccessData) => canPublishEvents(access) };

  // Readers of an EV section (403 for anyone who reads none).
  routes.get(
    CALENDAR_PATHS.home,
    communication,
    async (request): Promise<CalendarHomeAnswer> => calendarHome(app.db, app.clock, request.auth),
  );

  // Readers; each kind only as far as the caller may see it (domain/calendar/items.ts). 400 for a bad range.
  routes.get<{ Querystring: CalendarQuery }>(
    CALENDAR_PATHS.items,
    { schema: { querystring: CalendarQuery }, ...communication },
    async (request): Promise<CalendarItemsAnswer> => calendarItems(app.db, app.clock, request.auth, request.query),
  );

  // Readers of the event's section; 404 otherwise.
  routes.get<{ Params: { eventId: number } }>(
    CALENDAR_PATHS.event(':eventId'),
    { schema: { params: EventParams }, ...communication },
    async (request): Promise<EventAnswer> =>
      readEvent(app.db, request.auth, request.params.eventId, appBaseUrl(app.config, request)),
  );

  // Administrators.
  routes.post<{ Body: EventDraft }>(
    CALENDAR_PATHS.create,
    { schema: { body: EventDraft }, ...publishers },
    async (request): Promise<EventAnswer> =>
      createCalendarEvent(
        app.db,
        app.clock,
        await publisherOf(app.db, request.auth, appBaseUrl(app.config, request)),
        request.body,
      ),
  );
  routes.post<{ Body: EventUpdateRequest }>(
    CALENDAR_PATHS.update,
    { schema: { body: EventUpdateRequest }, ...publishers },
    async (request): Promise<EventAnswer> =>
      updateCalendarEvent(
        app.db,
        app.clock,
        await publisherOf(app.db, request.auth, appBaseUrl(app.config, request)),
        request.body,
      ),
  );
  routes.post<{ Body: EventCancelRequest }>(
    CALENDAR_PATHS.cancel,
    { schema: { body: EventCancelRequest }, ...publishers },
    async (request): Promise<EventAnswer> =>
      cancelCalendarEvent(
        app.db,
        app.clock,
        await publisherOf(app.db, request.auth, appBaseUrl(app.config, request)),
        request.body,
      ),
  );

  // Readers of an EV section: a new secret (the old stops working).
  routes.post(
    CALENDAR_PATHS.feedRotate,
    communication,
    async (request): Promise<FeedAnswer> => rotateFeed(app.db, app.clock, request.auth, appBaseUrl(app.config, request)),
  );
  // Anyone signed in with Comunicación: no feed any more.
  routes.post(CALENDAR_PATHS.feedRevoke, communication, async (request): Promise<FeedAnswer> => revokeFeed(app.db, request.auth));

  // Public. Unknown, replaced or revoked secrets, and members who left, get 404 (nothing says which).
  app.get<{ Params: { file: string } }>(
    CALENDAR_PATHS.ics(':file').replace(':file.ics', ':file'),
    { schema: { params: IcsParams } },
    async (request, reply) => {
      const token = request.params.file.slice(0, -'.ics'.length);
      // Counted by a digest of the secret, never the secret itself (the counters' keys may be stored in Redis).
      const feedKey = createHash('sha256').update(token).digest('base64url').slice(0, 22);
      await app.rateLimiter.consume([
        { limit: 'calendarFeedPerIp', key: request.ip },
        { limit: 'calendarFeedPerFeed', key: feedKey },
      ]);
      const body = await feedCalendar(app.db, app.clock, token, appBaseUrl(app.config, request));
      if (body === null) throw notFound();
      // private: it is one person's calendar, no shared cache may keep it; 5 minutes spares the database a
      // client that polls eagerly, and a revoked feed stops within that time on the client's side anyway.
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="calendario.ics"')
        .send(body);
    },
  );
}
