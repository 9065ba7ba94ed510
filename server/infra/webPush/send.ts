// One Web Push request (RFC 8030) with its payload encrypted for the browser (RFC 8291, aes128gcm) and signed with
// VAPID (RFC 8292), both by the web-push library; the request itself goes through fetch, so its timeout is ours
// and a test's local push service may listen on plain http (WEB_PUSH_ENDPOINTS). What the push service answered
// is sorted into what the caller does next: forget the push, forget the subscription, try again later, give up.
import webpush from 'web-push';
import type { VapidKeys } from '../../config';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushRequestOptions {
  vapid: VapidKeys;
  subject: string;
  /** How long the push service keeps it for a browser that is offline. */
  ttlSeconds: number;
  /** Replaces an undelivered push of the same topic on the push service (base64url, at most 32 characters). */
  topic?: string;
  timeoutMs: number;
}

export type PushResult =
  /** The push service took it (201). */
  | { outcome: 'delivered'; status: number }
  /** The subscription is no more (404, 410): the browser unsubscribed, or its push service forgot it. */
  | { outcome: 'gone'; status: number }
  /** Worth trying again: the push service was busy or down (429, 5xx), or did not answer. */
  | { outcome: 'retry'; status: number | null; detail: string; retryAfterMs: number | null }
  /** Refused for good (400, 401, 403, 413…): sending the same again would be refused again. */
  | { outcome: 'refused'; status: number; detail: string };

/** How much of a push service's answer is kept as the reason (they are short texts or JSON). */
const DETAIL_MAX = 300;

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (header === null) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** The headers and encrypted body web-push makes for the target; throws on a target it cannot encrypt for. */
export function pushRequest(target: PushTarget, payload: string, options: PushRequestOptions) {
  const details = webpush.generateRequestDetails(target, payload, {
    vapidDetails: { subject: options.subject, publicKey: options.vapid.publicKey, privateKey: options.vapid.privateKey },
    TTL: options.ttlSeconds,
    contentEncoding: 'aes128gcm',
    urgency: 'normal',
    ...(options.topic ? { topic: options.topic } : {}),
  });
  const headers: Record<string, string> = {};
  // fetch sets Content-Length from the body itself.
  for (const [name, value] of Object.entries(details.headers))
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  return { headers, body: details.body ?? Buffer.alloc(0) };
}

export async function sendWebPush(
  target: PushTarget,
  payload: string,
  options: PushRequestOptions,
  now: Date,
): Promise<PushResult> {
  const { headers, body } = pushRequest(target, payload, options);
  let response: Response;
  try {
    response = await fetch(target.endpoint, {
      method: 'POST',
      headers,
      body: new Uint8Array(body),
      // A push service answers; it never sends the server elsewhere.
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    return { outcome: 'retry', status: null, detail: error instanceof Error ? error.message : String(error), retryAfterMs: null };
  }
  const status = response.status;
  const detail = (await response.text().catch(() => '')).slice(0, DETAIL_MAX);
  if (status >= 200 && status < 300) return { outcome: 'delivered', status };
  if (status === 404 || status === 410) return { outcome: 'gone', status };
  if (status === 429 || status >= 500) {
    return { outcome: 'retry', status, detail, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now) };
  }
  return { outcome: 'refused', status, detail };
}
