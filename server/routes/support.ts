// The support chat (src/api/support.ts, issue 30). Thin: validated input, the domain call, the answer.
// Two kinds of caller, never crossing:
// - administrators, on a condominium session (signedInRoutes, allow permissions.canSeeSupportChat): their
//   condominium's conversation only;
// - support agents, on a desk session (the support-token header, resolved from support_sessions by deskRoutes'
//   hook): the desk's routes only. A condominium's app-token opens none of them (401), and a desk token opens no
//   condominium route (resolveSession reads only `sessions`).
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Infer } from 'superstruct';
import { ErrorCodes } from '../../src/api/errors';
import { canSeeSupportChat } from '../../src/api/permissions';
import {
  SUPPORT_LIST_PAGE,
  SUPPORT_MESSAGES_PAGE,
  SUPPORT_PATHS,
  SUPPORT_TOKEN_HEADER,
  SupportBootRequest,
  type SupportCannedAnswer,
  SupportCannedDeleteRequest,
  SupportCannedSaveRequest,
  type SupportChatAnswer,
  type SupportConversationAnswer,
  SupportConversationParams,
  SupportDeskAssignRequest,
  type SupportDeskConversationAnswer,
  type SupportDeskListAnswer,
  SupportDeskListQuery,
  type SupportDeskMeAnswer,
  SupportDeskReplyRequest,
  SupportDeskSignInRequest,
  SupportDeskStateRequest,
  type SupportDeskUpdatesAnswer,
  SupportPageQuery,
  type SupportSendAnswer,
  SupportSendRequest,
  SupportSettings,
  type SupportSettingsAnswer,
  type SupportUnreadAnswer,
  SupportUpdatesQuery,
} from '../../src/api/support';
import { type DeskAuth, resolveDeskSession, signInAgent, signOutAgent } from '../domain/support/agents';
import { cannedAnswers, deleteCanned, saveCanned } from '../domain/support/canned';
import { bootChat, chatPage, chatUpdates, sendToSupport, unreadCount } from '../domain/support/chat';
import {
  assignConversation,
  deskConversation,
  deskConversations,
  deskReply,
  deskUpdates,
  moveConversation,
} from '../domain/support/desk';
import { checkSupportFileLink, supportFile, supportFileSigner } from '../domain/support/files';
import { saveSupportSettings, supportSettings } from '../domain/support/settings';
import { userHasher } from '../domain/support/userHash';
import { AppError } from '../errors';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** Four attachments of 1.5 MB as base64 data URLs, plus the text. */
const MESSAGE_BODY_LIMIT = 8_700_000;

type DeskRequest<G extends object = object> = FastifyRequest<G> & { desk: DeskAuth };
type DeskHandler<G extends object> = (request: DeskRequest<G>, reply: FastifyReply) => unknown;

function deskTokenOf(request: FastifyRequest): string | null {
  const value = request.headers[SUPPORT_TOKEN_HEADER];
  const token = Array.isArray(value) ? value[0] : value;
  return token && token.length <= 200 ? token : null;
}

/**
 * GET and POST routes of the desk: their onRequest hook resolves the desk session before the body is read, and
 * refuses without one (401 in the desk's own words, so a browser holding a condominium session does not take it
 * for the end of that one).
 */
function deskRoutes(app: FastifyInstance) {
  const guard = async (request: FastifyRequest) => {
    const token = deskTokenOf(request);
    const desk = token ? await resolveDeskSession(app.db, app.clock, token) : null;
    if (!desk) throw new AppError(401, ErrorCodes.unauthenticated, 'support.refusal.signedOut');
    (request as DeskRequest).desk = desk;
  };
  const register =
    (method: 'GET' | 'POST') =>
    <G extends object = object>(path: string, options: RouteShorthandOptions, handler: DeskHandler<G>) =>
      app.route({ ...options, method, url: path, onRequest: guard, handler: handler as never });
  return { get: register('GET'), post: register('POST') };
}

export default async function supportRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const desk = deskRoutes(app);
  const signer = () => supportFileSigner(app.db, app.clock, app.prefix);
  const administrators = { allow: canSeeSupportChat };

  // ── Administrators

  // Administrators: the chat started with the boot data of spec §3.1 (403 unless the id, condominium and hash
  // are the caller's own); the unread count and the desk's hours.
  routes.post<{ Body: SupportBootRequest }>(
    SUPPORT_PATHS.boot,
    { schema: { body: SupportBootRequest }, ...administrators },
    async (request) =>
      bootChat(app.db, app.clock, request.auth, request.body, await userHasher(app.db, app.clock, app.config.supportChatSecret)),
  );

  // Administrators: their condominium's conversation, a page of it.
  routes.get<{ Querystring: Infer<typeof SupportPageQuery> }>(
    SUPPORT_PATHS.chat,
    { schema: { querystring: SupportPageQuery }, ...administrators },
    async (request): Promise<SupportChatAnswer> => {
      const { before, limit = SUPPORT_MESSAGES_PAGE } = request.query;
      return chatPage(app.db, app.clock, request.auth, { before, limit }, await signer());
    },
  );

  // Administrators: what is new since a message id.
  routes.get<{ Querystring: Infer<typeof SupportUpdatesQuery> }>(
    SUPPORT_PATHS.updates,
    { schema: { querystring: SupportUpdatesQuery }, ...administrators },
    async (request) => chatUpdates(app.db, app.clock, request.auth, request.query.after, await signer()),
  );

  // Administrators: support's unread messages (the launcher's badge).
  routes.get(
    SUPPORT_PATHS.unread,
    administrators,
    async (request): Promise<SupportUnreadAnswer> => ({ success: true, noLeidos: await unreadCount(app.db, request.auth) }),
  );

  // Administrators: a message (text, files or both) to support.
  routes.post<{ Body: SupportSendRequest }>(
    SUPPORT_PATHS.send,
    { schema: { body: SupportSendRequest }, ...administrators, bodyLimit: MESSAGE_BODY_LIMIT },
    async (request): Promise<SupportSendAnswer> => ({
      success: true,
      message: await sendToSupport(app.db, app.clock, request.auth, request.body, await signer()),
    }),
  );

  // Anyone holding an unexpired signed link (given only to the conversation's two sides): an attachment's bytes.
  signedFileRoute(app, {
    path: SUPPORT_PATHS.file(':attachmentId'),
    param: 'attachmentId',
    check: (link) => checkSupportFileLink(app.db, app.clock, link),
    load: (id) => supportFile(app.db, id),
  });

  // ── The desk

  // Anyone: an agent's e-mail and password → a desk session. Rate limited like the product's own sign-in.
  app.post<{ Body: SupportDeskSignInRequest }>(
    SUPPORT_PATHS.deskSignIn,
    { schema: { body: SupportDeskSignInRequest } },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      await app.rateLimiter.consume([
        { limit: 'signInPerIp', key: `support ${request.ip}` },
        { limit: 'signInPerIpAndEmail', key: `support ${request.ip} ${email}` },
      ]);
      return { success: true as const, ...(await signInAgent(app.db, app.clock, app.config.scryptLogN, request.body)) };
    },
  );

  // Agents: end this desk session.
  desk.post(SUPPORT_PATHS.deskSignOut, {}, async (request: DeskRequest) => {
    await signOutAgent(app.db, app.clock, request.desk);
    return { success: true as const };
  });

  // Agents: who is signed in.
  desk.get(
    SUPPORT_PATHS.deskMe,
    {},
    async (request: DeskRequest): Promise<SupportDeskMeAnswer> => ({ success: true, agent: request.desk.agent }),
  );

  // Agents: the conversations, by state and condominium.
  desk.get<{ Querystring: Infer<typeof SupportDeskListQuery> }>(
    SUPPORT_PATHS.deskConversations,
    { schema: { querystring: SupportDeskListQuery } },
    async (request): Promise<SupportDeskListAnswer> => {
      const { estado = 'todas', condoId, limit = SUPPORT_LIST_PAGE, offset = 0 } = request.query;
      return deskConversations(app.db, { estado, condoId, limit, offset });
    },
  );

  // Agents: one conversation (the administration's messages read now).
  desk.get<{ Params: { conversationId: number }; Querystring: Infer<typeof SupportPageQuery> }>(
    SUPPORT_PATHS.deskConversation(':conversationId'),
    { schema: { params: SupportConversationParams, querystring: SupportPageQuery } },
    async (request): Promise<SupportDeskConversationAnswer> => {
      const { before, limit = SUPPORT_MESSAGES_PAGE } = request.query;
      return deskConversation(app.db, app.clock, request.params.conversationId, { before, limit }, await signer());
    },
  );

  // Agents: what is new in one conversation.
  desk.get<{ Params: { conversationId: number }; Querystring: Infer<typeof SupportUpdatesQuery> }>(
    SUPPORT_PATHS.deskUpdates(':conversationId'),
    { schema: { params: SupportConversationParams, querystring: SupportUpdatesQuery } },
    async (request): Promise<SupportDeskUpdatesAnswer> =>
      deskUpdates(app.db, app.clock, request.params.conversationId, request.query.after, await signer()),
  );

  // Agents: a reply (text, files or both); the administrators who are away get it by mail.
  desk.post<{ Body: SupportDeskReplyRequest }>(
    SUPPORT_PATHS.deskReply,
    { schema: { body: SupportDeskReplyRequest }, bodyLimit: MESSAGE_BODY_LIMIT },
    async (request) => {
      const base = appBaseUrl(app.config, request);
      return deskReply(app.db, app.clock, request.desk, request.body, await signer(), base ? `${base}/condominio` : null);
    },
  );

  // Agents: assign a conversation to an agent or to nobody.
  desk.post<{ Body: SupportDeskAssignRequest }>(
    SUPPORT_PATHS.deskAssign,
    { schema: { body: SupportDeskAssignRequest } },
    async (request): Promise<SupportConversationAnswer> => ({
      success: true,
      conversation: await assignConversation(app.db, app.clock, request.body),
    }),
  );

  // Agents: move a conversation along its lifecycle.
  desk.post<{ Body: SupportDeskStateRequest }>(
    SUPPORT_PATHS.deskState,
    { schema: { body: SupportDeskStateRequest } },
    async (request): Promise<SupportConversationAnswer> => ({
      success: true,
      conversation: await moveConversation(app.db, app.clock, request.body),
    }),
  );

  // Agents: canned answers.
  desk.get(
    SUPPORT_PATHS.deskCanned,
    {},
    async (): Promise<SupportCannedAnswer> => ({ success: true, items: await cannedAnswers(app.db) }),
  );
  desk.post<{ Body: SupportCannedSaveRequest }>(
    SUPPORT_PATHS.deskCannedSave,
    { schema: { body: SupportCannedSaveRequest } },
    async (request): Promise<SupportCannedAnswer> => ({
      success: true,
      items: await saveCanned(app.db, app.clock, request.desk, request.body),
    }),
  );
  desk.post<{ Body: SupportCannedDeleteRequest }>(
    SUPPORT_PATHS.deskCannedDelete,
    { schema: { body: SupportCannedDeleteRequest } },
    async (request): Promise<SupportCannedAnswer> => ({ success: true, items: await deleteCanned(app.db, request.body.id) }),
  );

  // Agents: office hours and the away message.
  desk.get(
    SUPPORT_PATHS.deskSettings,
    {},
    async (): Promise<SupportSettingsAnswer> => ({ success: true, settings: await supportSettings(app.db) }),
  );
  desk.post<{ Body: SupportSettings }>(
    SUPPORT_PATHS.deskSettingsSave,
    { schema: { body: SupportSettings } },
    async (request): Promise<SupportSettingsAnswer> => ({
      success: true,
      settings: await saveSupportSettings(app.db, app.clock, request.body),
    }),
  );
}
