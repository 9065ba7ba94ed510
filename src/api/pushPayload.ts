// What a Web Push carries from the server (domain/push/delivery.ts) to the service worker (src/sw.ts), and how the
// worker reads it. Imports nothing: the worker's bundle stays small (the rest of the push contract is src/api/push.ts).

export interface PushPayload {
  title: string;
  body: string;
  /** An app path: /condominio/… (the notification's screen), or a top-level page. */
  path: string;
  /** One notification shows once on a device, however many times its push arrives. */
  tag: string;
}

/** Where a push without a screen of its own opens: the condominium's home. */
export const PUSH_HOME_PATH = '/condominio';

/** An app path, never another site's: one leading slash, no backslash (browsers read "/\x" as "//x"). */
const isAppPath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

/** A push's data as the worker reads it: the payload, or null for anything else (a test push, another sender's). */
export function readPushPayload(data: unknown): PushPayload | null {
  if (typeof data !== 'object' || data === null) return null;
  const { title, body, path, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string' || !isAppPath(path)) return null;
  return { title, body, path, tag };
}

/** The address a tap on a shown notification opens: its path on the app's origin, else the home. */
export function pushScreenUrl(data: unknown, origin: string): string {
  const path = (data as { path?: unknown } | null)?.path;
  const url = new URL(isAppPath(path) ? path : PUSH_HOME_PATH, origin);
  return url.origin === origin ? url.href : new URL(PUSH_HOME_PATH, origin).href;
}
