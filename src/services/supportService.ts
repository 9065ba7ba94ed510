// Browser side of the administrators' support chat (src/api/support.ts): booting it with the session's data, the
// unread badge, the conversation and its refresh, writing. Every answer is checked against the contract.
import {
  SUPPORT_PATHS,
  SupportBootAnswer,
  type SupportBootRequest,
  SupportChatAnswer,
  SupportSendAnswer,
  type SupportSendRequest,
  SupportUnreadAnswer,
  SupportUpdatesAnswer,
} from '../api/support';
import { apiPath, call, http } from './http';

/** A message may carry four files as data URLs: more time than a plain call. */
const UPLOAD_TIMEOUT_MS = 120_000;

export function bootSupport(boot: SupportBootRequest, signal?: AbortSignal): Promise<SupportBootAnswer> {
  return call(() => http.post(apiPath(SUPPORT_PATHS.boot), { json: boot, signal }), SupportBootAnswer);
}

export function fetchSupportUnread(signal?: AbortSignal): Promise<SupportUnreadAnswer> {
  return call(() => http.get(apiPath(SUPPORT_PATHS.unread), { signal }), SupportUnreadAnswer);
}

export interface SupportPage {
  /** Messages older than this id; absent for the newest page. */
  before?: number;
  limit: number;
}

export function fetchSupportChat(page: SupportPage, signal?: AbortSignal): Promise<SupportChatAnswer> {
  const searchParams: Record<string, number> = { limit: page.limit };
  if (page.before !== undefined) searchParams.before = page.before;
  return call(() => http.get(apiPath(SUPPORT_PATHS.chat), { searchParams, signal }), SupportChatAnswer);
}

export function fetchSupportUpdates(after: number, signal?: AbortSignal): Promise<SupportUpdatesAnswer> {
  return call(() => http.get(apiPath(SUPPORT_PATHS.updates), { searchParams: { after }, signal }), SupportUpdatesAnswer);
}

export function sendToSupport(request: SupportSendRequest): Promise<SupportSendAnswer> {
  return call(() => http.post(apiPath(SUPPORT_PATHS.send), { json: request, timeout: UPLOAD_TIMEOUT_MS }), SupportSendAnswer);
}
