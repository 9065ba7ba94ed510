// Browser side of interpersonal messages (src/api/conversations.ts): the inbox, one conversation and its
// older pages, the 15-second updates, writing, the directory of dwellings, blocking, reporting, the
// administrators' reported messages and the unread badge. Every answer is checked against the contract.
import { type Infer, literal, type } from 'superstruct';
import {
  BlockedAnswer,
  type BlockRequest,
  CONVERSATIONS_PATHS,
  ConversationAnswer,
  ConversationListAnswer,
  DirectoryAnswer,
  type ReportRequest,
  ReportsAnswer,
  SendMessageAnswer,
  type SendMessageRequest,
  StartConversationAnswer,
  type StartConversationRequest,
  UpdatesAnswer,
} from '../api/conversations';
import { apiPath, call, http } from './http';

/** Blocking and reporting answer only that they were done; read leniently, whatever else they carry. */
const Done = type({ success: literal(true) });

/** Writing carries up to four photos as data URLs: more time than a plain call. */
const UPLOAD_TIMEOUT_MS = 120_000;

export type StartedConversation = Infer<typeof StartConversationAnswer>;
export type BlockedDwellings = Infer<typeof BlockedAnswer>;
export type ReportsPage = Infer<typeof ReportsAnswer>;
export type ReportedMessage = ReportsPage['items'][number];

export interface ConversationListPage {
  sectionId: number;
  limit: number;
  offset: number;
}

export function fetchConversations(page: ConversationListPage, signal?: AbortSignal): Promise<ConversationListAnswer> {
  return call(
    () =>
      http.get(apiPath(CONVERSATIONS_PATHS.list), {
        searchParams: { sectionId: page.sectionId, limit: page.limit, offset: page.offset },
        signal,
      }),
    ConversationListAnswer,
  );
}

export interface ConversationPage {
  conversationId: number;
  /** Messages older than this message id; absent for the newest page. */
  before?: number;
  limit: number;
}

export function fetchConversation(page: ConversationPage, signal?: AbortSignal): Promise<ConversationAnswer> {
  const searchParams: Record<string, number> = { limit: page.limit };
  if (page.before !== undefined) searchParams.before = page.before;
  return call(
    () => http.get(apiPath(CONVERSATIONS_PATHS.conversation(page.conversationId)), { searchParams, signal }),
    ConversationAnswer,
  );
}

export function fetchConversationUpdates(
  query: { conversationId: number; after: number },
  signal?: AbortSignal,
): Promise<UpdatesAnswer> {
  return call(
    () => http.get(apiPath(CONVERSATIONS_PATHS.updates(query.conversationId)), { searchParams: { after: query.after }, signal }),
    UpdatesAnswer,
  );
}

export function startConversation(request: StartConversationRequest, signal?: AbortSignal): Promise<StartedConversation> {
  return call(
    () => http.post(apiPath(CONVERSATIONS_PATHS.start), { json: request, signal, timeout: UPLOAD_TIMEOUT_MS }),
    StartConversationAnswer,
  );
}

export function sendMessage(request: SendMessageRequest, signal?: AbortSignal): Promise<SendMessageAnswer> {
  return call(
    () => http.post(apiPath(CONVERSATIONS_PATHS.send), { json: request, signal, timeout: UPLOAD_TIMEOUT_MS }),
    SendMessageAnswer,
  );
}

export function fetchDirectory(sectionId: number, signal?: AbortSignal): Promise<DirectoryAnswer> {
  return call(() => http.get(apiPath(CONVERSATIONS_PATHS.directory), { searchParams: { sectionId }, signal }), DirectoryAnswer);
}

export async function setBlocked(request: BlockRequest, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(CONVERSATIONS_PATHS.block), { json: request, signal }), Done);
}

export function fetchBlocked(signal?: AbortSignal): Promise<BlockedDwellings> {
  return call(() => http.get(apiPath(CONVERSATIONS_PATHS.blocked), { signal }), BlockedAnswer);
}

export async function reportMessage(request: ReportRequest, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(CONVERSATIONS_PATHS.report), { json: request, signal }), Done);
}

export function fetchReports(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<ReportsPage> {
  return call(
    () => http.get(apiPath(CONVERSATIONS_PATHS.reports), { searchParams: { limit: page.limit, offset: page.offset }, signal }),
    ReportsAnswer,
  );
}
