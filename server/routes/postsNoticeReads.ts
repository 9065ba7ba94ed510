// Official notices with read receipts (src/api/noticeReads.ts, issue 30), registered with the posts' routes
// (routes/posts.ts). Thin: the guard (the rule of src/api/permissions.ts, before the input is read), validated input,
// the domain call. Recording a read is the post's own detail read (GET post); these are the rest.
import type { FastifyInstance } from 'fastify';
import {
  type AcknowledgeAnswer,
  type ImportanceAnswer,
  ImportanceRequest,
  NOTICE_READERS_PAGE_SIZE,
  NOTICE_READS_PATHS,
  NOTICE_TOWERS_PAGE_SIZE,
  NoticeParams,
  NoticeRequest,
  type ReachAnswer,
  type ReadersAnswer,
  ReadersQuery,
  type ResendAnswer,
  TowersQuery,
} from '../../src/api/noticeReads';
import {
  canPublishNotices,
  canResendNotice,
  canSeeCommunication,
  canSeeNoticeReach,
  canSeeNoticeReaders,
} from '../../src/api/permissions';
import { noticeReach, noticeReaders } from '../domain/posts/noticeReach';
import { acknowledgeNotice, setNoticeImportance } from '../domain/posts/noticeReads';
import { resendNotice } from '../domain/posts/noticeResend';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';

export async function noticeReadRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);

  // Signed in, not an employee; the domain says whether this member may acknowledge this notice (canAcknowledgeNotice).
  routes.post<{ Body: NoticeRequest }>(
    NOTICE_READS_PATHS.acknowledge,
    { schema: { body: NoticeRequest }, allow: canSeeCommunication },
    async (request): Promise<AcknowledgeAnswer> => ({
      success: true,
      acknowledgedAt: await acknowledgeNotice(app.db, app.clock, request.auth, request.body.postId),
    }),
  );

  // Administrators (canPublishNotices; the domain: canMarkNoticeImportant, a notices section).
  routes.post<{ Body: ImportanceRequest }>(
    NOTICE_READS_PATHS.importance,
    { schema: { body: ImportanceRequest }, allow: canPublishNotices },
    async (request): Promise<ImportanceAnswer> => ({
      success: true,
      important: await setNoticeImportance(app.db, app.clock, request.auth, request.body),
    }),
  );

  // Administrators and the board (canSeeNoticeReach): counts and a page of towers.
  routes.get<{ Params: { postId: number }; Querystring: TowersQuery }>(
    NOTICE_READS_PATHS.reach(':postId'),
    { schema: { params: NoticeParams, querystring: TowersQuery }, allow: canSeeNoticeReach },
    async (request): Promise<ReachAnswer> => {
      const { limit = NOTICE_TOWERS_PAGE_SIZE, offset = 0 } = request.query;
      return noticeReach(app.db, request.auth, request.params.postId, { limit, offset });
    },
  );

  // Administrators (canSeeNoticeReaders): a page of who read it.
  routes.get<{ Params: { postId: number }; Querystring: ReadersQuery }>(
    NOTICE_READS_PATHS.readers(':postId'),
    { schema: { params: NoticeParams, querystring: ReadersQuery }, allow: canSeeNoticeReaders },
    async (request): Promise<ReadersAnswer> => {
      const { limit = NOTICE_READERS_PAGE_SIZE, offset = 0, filter = 'all' } = request.query;
      return noticeReaders(app.db, request.auth, request.params.postId, { limit, offset, filter });
    },
  );

  // Administrators (canResendNotice); a second resend within the hour answers 409 with the minutes left.
  routes.post<{ Body: NoticeRequest }>(
    NOTICE_READS_PATHS.resend,
    { schema: { body: NoticeRequest }, allow: canResendNotice },
    async (request): Promise<ResendAnswer> =>
      resendNotice(app.db, app.clock, request.auth, request.body.postId, appBaseUrl(app.config, request)),
  );
}
