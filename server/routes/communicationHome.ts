// The communication home's counts (src/api/communicationHome.ts). Signed in, not an employee (no Comunicación).
import type { FastifyInstance } from 'fastify';
import { COMMUNICATION_HOME_PATHS, type HomeSummaryAnswer } from '../../src/api/communicationHome';
import { canSeeCommunication } from '../../src/api/permissions';
import { upcomingEventsBySection } from '../domain/calendar/homeCount';
import { homeSummary } from '../domain/communicationHome/communicationHome';
import { unreadBySection } from '../domain/conversations/conversations';
import { openPollsToAnswer } from '../domain/polls/list';
import { newPostsCount } from '../domain/posts/list';
import { reservationsWaiting } from '../domain/reservations/homeCount';
import { openTicketCountsBySection } from '../domain/tickets/list';
import { SCREEN_KEEP_SECONDS } from '../plugins/keptAnswers';
import { signedInRoutes } from './guards';

export default async function communicationHomeRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  routes.get(
    COMMUNICATION_HOME_PATHS.summary,
    { allow: canSeeCommunication, keep: SCREEN_KEEP_SECONDS },
    async (request): Promise<HomeSummaryAnswer> =>
      homeSummary(app.db, request.auth, app.clock, {
        openTickets: openTicketCountsBySection,
        unreadMessages: unreadBySection,
        pollsToAnswer: openPollsToAnswer,
        reservationsWaiting,
        upcomingEvents: upcomingEventsBySection,
        newPosts: newPostsCount,
      }),
  );
}
