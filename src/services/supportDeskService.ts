// Browser side of the support desk (/soporte, src/api/support.ts): its own sign-in and token (kept in this
// browser's localStorage under its own key, sent as the support-token header, never as app-token, so a desk
// session and a condominium session in one browser stay apart), the console's list, one conversation and its
// refresh, replies, assignment, states, canned answers and office hours. Every answer is checked.
import {
  SUPPORT_PATHS,
  SUPPORT_TOKEN_HEADER,
  SupportCannedAnswer,
  type SupportCannedSaveRequest,
  SupportConflictAnswer,
  SupportConversationAnswer,
  type SupportConversationSummary,
  type SupportDeskAssignRequest,
  SupportDeskConversationAnswer,
  SupportDeskListAnswer,
  SupportDeskMeAnswer,
  SupportDeskReplyAnswer,
  type SupportDeskReplyRequest,
  SupportDeskSignInAnswer,
  type SupportDeskSignInRequest,
  type SupportDeskStateRequest,
  SupportDeskUpdatesAnswer,
  type SupportFilter,
  type SupportSettings,
  SupportSettingsAnswer,
} from '../api/support';
import { type ApiError, apiPath, call, http, keepingConflict } from './http';

export const DESK_TOKEN_KEY = 'support-token';

export function readDeskToken(): string | null {
  try {
    return window.localStorage.getItem(DESK_TOKEN_KEY);
  } catch {
    return null;
  }
}

function saveDeskToken(token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(DESK_TOKEN_KEY);
    else window.localStorage.setItem(DESK_TOKEN_KEY, token);
  } catch {
    // Storage refused: the session lasts as long as this page.
  }
}

/** The desk's 401: the session ended (signed out elsewhere, expired); the console shows its sign-in again. */
export const deskSessionEnded = (error: unknown) => (error as ApiError | null)?.status === 401;

const headers = () => {
  const token = readDeskToken();
  return token ? { [SUPPORT_TOKEN_HEADER]: token } : {};
};

/** Replies carry up to four files as data URLs. */
const UPLOAD_TIMEOUT_MS = 120_000;

export async function deskSignIn(request: SupportDeskSignInRequest): Promise<SupportDeskSignInAnswer> {
  const answer = await call(() => http.post(apiPath(SUPPORT_PATHS.deskSignIn), { json: request }), SupportDeskSignInAnswer);
  saveDeskToken(answer.token);
  return answer;
}

/** Ends the session on the server when it can; the token goes from this browser in any case. */
export async function deskSignOut(): Promise<void> {
  try {
    await http.post(apiPath(SUPPORT_PATHS.deskSignOut), { headers: headers() });
  } catch {
    // Already ended, or no network: nothing more to end here.
  } finally {
    saveDeskToken(null);
  }
}

/** Who this browser's desk session is, or null (no token, or the server says it ended: the token goes). */
export async function deskMe(signal?: AbortSignal): Promise<SupportDeskMeAnswer['agent'] | null> {
  if (!readDeskToken()) return null;
  try {
    return (await call(() => http.get(apiPath(SUPPORT_PATHS.deskMe), { headers: headers(), signal }), SupportDeskMeAnswer)).agent;
  } catch (error) {
    if (!deskSessionEnded(error)) throw error;
    saveDeskToken(null);
    return null;
  }
}

export interface DeskListQuery {
  estado: SupportFilter;
  condoId: number | null;
  limit: number;
  offset: number;
}

export function fetchDeskConversations(query: DeskListQuery, signal?: AbortSignal): Promise<SupportDeskListAnswer> {
  const searchParams: Record<string, string | number> = { estado: query.estado, limit: query.limit, offset: query.offset };
  if (query.condoId !== null) searchParams.condoId = query.condoId;
  return call(
    () => http.get(apiPath(SUPPORT_PATHS.deskConversations), { headers: headers(), searchParams, signal }),
    SupportDeskListAnswer,
  );
}

export function fetchDeskConversation(
  page: { conversationId: number; before?: number; limit: number },
  signal?: AbortSignal,
): Promise<SupportDeskConversationAnswer> {
  const searchParams: Record<string, number> = { limit: page.limit };
  if (page.before !== undefined) searchParams.before = page.before;
  return call(
    () => http.get(apiPath(SUPPORT_PATHS.deskConversation(page.conversationId)), { headers: headers(), searchParams, signal }),
    SupportDeskConversationAnswer,
  );
}

export function fetchDeskUpdates(
  query: { conversationId: number; after: number },
  signal?: AbortSignal,
): Promise<SupportDeskUpdatesAnswer> {
  return call(
    () =>
      http.get(apiPath(SUPPORT_PATHS.deskUpdates(query.conversationId)), {
        headers: headers(),
        searchParams: { after: query.after },
        signal,
      }),
    SupportDeskUpdatesAnswer,
  );
}

export function deskReply(request: SupportDeskReplyRequest): Promise<SupportDeskReplyAnswer> {
  return call(
    () => http.post(apiPath(SUPPORT_PATHS.deskReply), { headers: headers(), json: request, timeout: UPLOAD_TIMEOUT_MS }),
    SupportDeskReplyAnswer,
  );
}

/** A change of assignee or state: the conversation as it now is, or a 409's refusal with it as it is. */
export type DeskChangeResult =
  | { kind: 'changed'; conversation: SupportConversationSummary }
  | { kind: 'conflict'; message: string; conversation: SupportConversationSummary };

async function changing(request: () => Promise<Response>): Promise<DeskChangeResult> {
  const kept = keepingConflict(request, SupportConflictAnswer);
  try {
    return { kind: 'changed', conversation: (await call(kept.send, SupportConversationAnswer)).conversation };
  } catch (error) {
    const known = kept.conflict();
    if (known) return { kind: 'conflict', message: known.message, conversation: known.conversation };
    throw error;
  }
}

export function deskAssign(request: SupportDeskAssignRequest): Promise<DeskChangeResult> {
  return changing(() => http.post(apiPath(SUPPORT_PATHS.deskAssign), { headers: headers(), json: request }));
}

export function deskMove(request: SupportDeskStateRequest): Promise<DeskChangeResult> {
  return changing(() => http.post(apiPath(SUPPORT_PATHS.deskState), { headers: headers(), json: request }));
}

export function fetchCanned(signal?: AbortSignal): Promise<SupportCannedAnswer> {
  return call(() => http.get(apiPath(SUPPORT_PATHS.deskCanned), { headers: headers(), signal }), SupportCannedAnswer);
}

export function saveCanned(request: SupportCannedSaveRequest): Promise<SupportCannedAnswer> {
  return call(() => http.post(apiPath(SUPPORT_PATHS.deskCannedSave), { headers: headers(), json: request }), SupportCannedAnswer);
}

export function deleteCanned(id: number): Promise<SupportCannedAnswer> {
  return call(
    () => http.post(apiPath(SUPPORT_PATHS.deskCannedDelete), { headers: headers(), json: { id } }),
    SupportCannedAnswer,
  );
}

export function fetchDeskSettings(signal?: AbortSignal): Promise<SupportSettingsAnswer> {
  return call(() => http.get(apiPath(SUPPORT_PATHS.deskSettings), { headers: headers(), signal }), SupportSettingsAnswer);
}

export function saveDeskSettings(settings: SupportSettings): Promise<SupportSettingsAnswer> {
  return call(
    () => http.post(apiPath(SUPPORT_PATHS.deskSettingsSave), { headers: headers(), json: settings }),
    SupportSettingsAnswer,
  );
}
