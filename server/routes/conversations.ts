// Interpersonal messages (src/api/conversations.ts, issue 13). Thin: validated input, the domain call, the
// answer. Who may call each is written next to its path; the rules are src/api/permissions.ts's, applied in
// server/domain/conversations. Employees are refused everywhere (no Comunicación, spec §6).
import type { FastifyInstance } from 'fastify';
import type { Infer } from 'superstruct';
import {
  BlockRequest,
  CONVERSATIONS_PAGE_SIZE,
  CONVERSATIONS_PATHS,
  type ConversationAnswer,
  type ConversationListAnswer,
  ConversationListQuery,
  ConversationPageQuery,
  ConversationParams,
  type DirectoryAnswer,
  DirectoryQuery,
  MESSAGES_PAGE_SIZE,
  ReportRequest,
  type SendMessageAnswer,
  SendMessageRequest,
  StartConversationRequest,
  type UnreadAnswer,
  type UpdatesAnswer,
  UpdatesQuery,
} from '../../src/api/conversations';
import { canReviewReportedMessages, canSeeCommunication } from '../../src/api/permissions';
import { PageQueryOf } from '../../src/api/validation';
import { blockedParties, setBlock } from '../domain/conversations/blocks';
import { conversationList, conversationUpdates, oneConversation, unreadAnswer } from '../domain/conversations/conversations';
import { conversationDirectory } from '../domain/conversations/directory';
import { sendMessage, startConversation } from '../domain/conversations/messages';
import { checkPhotoLink, photoFile, photoSigner } from '../domain/conversations/photos';
import { reportedMessages, reportMessage } from '../domain/conversations/reports';
import type { AccessData } from '../domain/shared/sessionData';
import { signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

const ReportsQuery = PageQueryOf(50);

/** Four photos of 1.5 MB as base64 data URLs, plus the text. */
const MESSAGE_BODY_LIMIT = 8_700_000;

export default async function conversationRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const signer = () => photoSigner(app.db, app.clock, app.prefix);
  // Employees (no Comunicación) and non-administrators on the reports are refused before the params or body
  // are validated (routes/guards.ts); the domain then applies the section's, the side's and the message's rules.
  const communication = { allow: canSeeCommunication };
  const reviewers = { allow: (access: AccessData) => canSeeCommunication(access) && canReviewReportedMessages(access) };

  // Signed in, not an employee: their conversations in the IC sections they may use (canUseConversations).
  routes.get<{ Querystring: Infer<typeof ConversationListQuery> }>(
    CONVERSATIONS_PATHS.list,
    { schema: { querystring: ConversationListQuery }, ...communication },
    async (request): Promise<ConversationListAnswer> => {
      const { sectionId, limit = CONVERSATIONS_PAGE_SIZE, offset = 0 } = request.query;
      return conversationList(app.db, request.auth, { sectionId, limit, offset });
    },
  );

  // A party's member (canReadConversation): the conversation and a page of messages; marks the other side's read.
  routes.get<{ Params: { conversationId: number }; Querystring: Infer<typeof ConversationPageQuery> }>(
    CONVERSATIONS_PATHS.conversation(':conversationId'),
    { schema: { params: ConversationParams, querystring: ConversationPageQuery }, ...communication },
    async (request): Promise<ConversationAnswer> => {
      const { before, limit = MESSAGES_PAGE_SIZE } = request.query;
      return oneConversation(app.db, app.clock, request.auth, request.params.conversationId, { before, limit }, await signer());
    },
  );

  // A party's member: the messages after `after` and the read times of their own.
  routes.get<{ Params: { conversationId: number }; Querystring: Infer<typeof UpdatesQuery> }>(
    CONVERSATIONS_PATHS.updates(':conversationId'),
    { schema: { params: ConversationParams, querystring: UpdatesQuery }, ...communication },
    async (request): Promise<UpdatesAnswer> =>
      conversationUpdates(app.db, app.clock, request.auth, request.params.conversationId, request.query.after, await signer()),
  );

  // Writing for one's dwelling (or the administration, administrators) to another party (canWriteFor, canWriteTo).
  routes.post<{ Body: StartConversationRequest }>(
    CONVERSATIONS_PATHS.start,
    { schema: { body: StartConversationRequest }, ...communication, bodyLimit: MESSAGE_BODY_LIMIT },
    async (request) => ({
      success: true as const,
      ...(await startConversation(app.db, app.clock, request.auth, request.body, await signer())),
    }),
  );

  // A party's member: a message for their side.
  routes.post<{ Body: SendMessageRequest }>(
    CONVERSATIONS_PATHS.send,
    { schema: { body: SendMessageRequest }, ...communication, bodyLimit: MESSAGE_BODY_LIMIT },
    async (request): Promise<SendMessageAnswer> => ({
      success: true,
      message: await sendMessage(app.db, app.clock, request.auth, request.body, await signer()),
    }),
  );

  // Signed in, not an employee, in an IC section they may use: the dwellings to write to and their own sides.
  routes.get<{ Querystring: Infer<typeof DirectoryQuery> }>(
    CONVERSATIONS_PATHS.directory,
    { schema: { querystring: DirectoryQuery }, ...communication },
    async (request): Promise<DirectoryAnswer> => conversationDirectory(app.db, request.auth, request.query.sectionId),
  );

  // Residents with a dwelling (canBlockDwellings): block or unblock another dwelling of the condominium.
  routes.post<{ Body: BlockRequest }>(
    CONVERSATIONS_PATHS.block,
    { schema: { body: BlockRequest }, ...communication },
    async (request) => {
      await setBlock(app.db, app.clock, request.auth, request.body);
      return { success: true as const };
    },
  );

  // Signed in, not an employee: the dwellings their dwellings have blocked.
  routes.get(CONVERSATIONS_PATHS.blocked, communication, async (request) => ({
    success: true as const,
    items: await blockedParties(app.db, request.auth),
  }));

  // A party's member (canReportMessage): report a message of the other side, once.
  routes.post<{ Body: ReportRequest }>(
    CONVERSATIONS_PATHS.report,
    { schema: { body: ReportRequest }, ...communication },
    async (request) => {
      await reportMessage(app.db, app.clock, request.auth, request.body);
      return { success: true as const };
    },
  );

  // Administrators (canReviewReportedMessages): the reported messages, never their conversations.
  routes.get<{ Querystring: { limit?: number; offset?: number } }>(
    CONVERSATIONS_PATHS.reports,
    { schema: { querystring: ReportsQuery }, ...reviewers },
    async (request) => {
      const { limit = CONVERSATIONS_PAGE_SIZE, offset = 0 } = request.query;
      return { success: true as const, ...(await reportedMessages(app.db, request.auth, { limit, offset })) };
    },
  );

  // Signed in, not an employee: unread messages per IC section they may use.
  routes.get(
    CONVERSATIONS_PATHS.unread,
    communication,
    async (request): Promise<UnreadAnswer> => unreadAnswer(app.db, request.auth),
  );

  // Anyone holding an unexpired signed link (given only with a message its holder reads): the photo's bytes.
  signedFileRoute(app, {
    path: CONVERSATIONS_PATHS.photoFile(':photoId'),
    param: 'photoId',
    check: (link) => checkPhotoLink(app.db, app.clock, { photoId: link.id, exp: link.exp, sig: link.sig }),
    load: (id) => photoFile(app.db, id),
  });
}
