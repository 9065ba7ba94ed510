// The one ky instance: the /api prefix, the app-token header, the interface language as Accept-Language (the
// server words its refusals in it), the allow-listed response cache (spec §7), the token-change rule (spec
// §4), one retry of a 503 that says when to come back (Retry-After: the database is unreachable or this
// server is stopping, and nothing was done), the end of the session on a signed-in call's 401, and failures
// turned into ApiError with the server's { message, code } so machines can tell a refusal from a breakdown.
import ky, { HTTPError } from 'ky';
import { type Struct, validate } from 'superstruct';
import { ErrorAnswer, ErrorCodes } from '../api/errors';
import { TOKEN_HEADER } from '../api/tokenHeader';
import { isLanguage } from '../i18n/languages';
import { reportError } from './errorReporter';
import { cacheKey, isCacheable, responseCache } from './responseCache';
import { readToken, tokenChangedElsewhere } from './tokenStore';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** The catalogue id of the server's message (src/i18n), whatever language it came in. */
    readonly messageId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const API_PREFIX = '/api';

/** Who is told when another tab changed the session token (the session actor). */
let onTokenChanged: () => void = () => {};
export function whenTokenChanges(listener: () => void): () => void {
  onTokenChanged = listener;
  return () => {
    if (onTokenChanged === listener) onTokenChanged = () => {};
  };
}

/** Who is told when the server says the privacy notice waits for the user (the session actor). */
let onPrivacyNoticePending: () => void = () => {};
export function whenPrivacyNoticePending(listener: () => void): () => void {
  onPrivacyNoticePending = listener;
  return () => {
    if (onPrivacyNoticePending === listener) onPrivacyNoticePending = () => {};
  };
}

/** Who is told when a call made with a session is answered "no session" (the session actor). */
let onSessionEnded: () => void = () => {};
export function whenSessionEnds(listener: () => void): () => void {
  onSessionEnded = listener;
  return () => {
    if (onSessionEnded === listener) onSessionEnded = () => {};
  };
}

/** The message id of the auth plugin's 401: the token the call carried opens no session any more (signed
 * out elsewhere, ended from another device, expired). Other 401s (a wrong password, a spent bridge link)
 * are answers about what was sent, not about the session. */
const NO_SESSION_MESSAGE_ID = 'errors.unauthenticated';

async function sessionEndedAnswer(request: Request, response: Response): Promise<boolean> {
  if (response.status !== 401 || !request.headers.has(TOKEN_HEADER)) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const [, parsed] = validate(body, ErrorAnswer);
  return parsed?.messageId === NO_SESSION_MESSAGE_ID;
}

/** How long the client waits for a 503's Retry-After before it gives up at once. */
const MAX_RETRY_AFTER_MS = 10_000;

/** A 403 PRIVACY_NOTICE_PENDING: a notice became active, or a call raced the gate; the session decides. */
async function noticePendingAnswer(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const [, parsed] = validate(body, ErrorAnswer);
  return parsed?.code === ErrorCodes.privacyNoticePending;
}

function apiRoute(request: Request): string {
  const path = new URL(request.url).pathname;
  return path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
}

async function keyOf(request: Request): Promise<string> {
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.clone().text();
  return cacheKey(request.method, request.url, body);
}

export const http = ky.create({
  prefixUrl: API_PREFIX,
  timeout: 30_000,
  // A 503 with Retry-After was refused before anything was done (server/plugins/errors.ts): once, whatever
  // the method, after the wait it names. Nothing else is retried: a person decides that.
  retry: {
    limit: 1,
    methods: ['get', 'head', 'post', 'put', 'patch', 'delete'],
    statusCodes: [503],
    afterStatusCodes: [503],
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    shouldRetry: ({ error }) =>
      error instanceof HTTPError && error.response.status === 503 && error.response.headers.has('retry-after')
        ? undefined
        : false,
  },
  hooks: {
    beforeRequest: [
      async (request) => {
        // Another tab signed in or out since our last request: this page's data belongs to another session.
        if (tokenChangedElsewhere()) {
          responseCache.clear();
          onTokenChanged();
        }
        const token = readToken();
        if (token) request.headers.set(TOKEN_HEADER, token);
        // The language the page shows (LanguageProvider keeps <html lang> on it): refusals come in it too.
        const language = globalThis.document?.documentElement.lang;
        if (isLanguage(language)) request.headers.set('accept-language', language);
        if (!isCacheable(apiRoute(request))) return;
        try {
          return responseCache.get(await keyOf(request)) ?? undefined;
        } catch (error) {
          reportError(error, { cacheOnly: true });
          return undefined;
        }
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        if (await noticePendingAnswer(response)) onPrivacyNoticePending();
        if (await sessionEndedAnswer(request, response)) onSessionEnded();
        if (!response.ok || !isCacheable(apiRoute(request))) return;
        try {
          await responseCache.put(await keyOf(request), response);
        } catch (error) {
          reportError(error, { cacheOnly: true });
        }
      },
    ],
  },
});

/** ky wants paths without the leading slash when prefixUrl is set; the contract's paths have one. */
export const apiPath = (path: string) => path.replace(/^\//, '');

/** Reads the answer, checks it against the contract, and maps every failure to ApiError. */
export async function call<T>(request: () => Promise<Response>, answer: Struct<T, unknown>): Promise<T> {
  let body: unknown;
  try {
    const response = await request();
    body = await response.json();
  } catch (error) {
    throw await toApiError(error);
  }
  const [invalid, value] = validate(body, answer, { coerce: true });
  if (invalid) throw new ApiError(0, 'BAD_ANSWER', `Unexpected answer from the server: ${invalid.message}`);
  return value;
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof HTTPError) {
    const body: unknown = await error.response.json().catch(() => null);
    const [, parsed] = validate(body, ErrorAnswer);
    if (parsed) return new ApiError(error.response.status, parsed.code, parsed.message, parsed.field, parsed.messageId);
    return new ApiError(error.response.status, 'HTTP', error.message);
  }
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  return new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
}

/**
 * A request whose 409 answer may carry the object as it is now (a lost race, a stale version): `send` is the
 * request for call(), and `conflict()` afterwards gives that body when it matched `struct` (read from a copy,
 * since call() reads the original for the ApiError it throws), or null. The areas' services (tickets, polls,
 * reservations, the calendar) turn it into their 'conflict' / 'refused' results.
 */
export function keepingConflict<C>(request: () => Promise<Response>, struct: Struct<C, unknown>) {
  let conflict: C | null = null;
  const send = async () => {
    try {
      return await request();
    } catch (error) {
      if (error instanceof HTTPError && error.response.status === 409) {
        const body: unknown = await error.response
          .clone()
          .json()
          .catch(() => null);
        const [, parsed] = validate(body, struct, { coerce: true });
        conflict = parsed ?? null;
      }
      throw error;
    }
  };
  return { send, conflict: () => conflict };
}
