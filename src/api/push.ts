// Web Push (issue 30, "Notifications that reach a closed app"): a browser turned on in mi-perfil receives each
// notification of its person in that condominium, per kind on or off, even with the app closed; a tap opens the
// notification's screen through the one map (notificationTarget). The paths, the requests and answers, the kinds,
// and the payload the server encrypts and the service worker (src/sw.ts) shows.
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
} from 'superstruct';
import { NOTIFICATION_MODULES, type NotificationItem, type NotificationModule, notificationTarget } from './notifications';
import { PUSH_HOME_PATH, type PushPayload } from './pushPayload';
import { EpochMilliseconds } from './validation';

export const PUSH_PATHS = {
  /** Signed in: GET the VAPID public key to subscribe with, and the person's kinds on or off. */
  settings: '/--push/settings',
  /** Signed in: POST a browser's PushSubscription (its toJSON()): pushes of this person in this condominium go to it. */
  subscribe: '/--push/subscribe',
  /** Signed in: POST { endpoint }: one's own browser stops receiving. */
  unsubscribe: '/--push/unsubscribe',
  /** Signed in: POST { endpoint }: whether that browser receives this person's pushes of this condominium. */
  status: '/--push/status',
  /** Signed in: POST { kind, enabled }: a kind of notification on or off, on every browser of the person. */
  kind: '/--push/kind',
} as const;

/** The kinds a person turns on or off: every kind of notification (spec §3.3's Modulo), in the map's order. */
export const PUSH_KINDS = Object.keys(NOTIFICATION_MODULES) as NotificationModule[];

/** A push service's URL as the browser gives it: http(s), at most PUSH_ENDPOINT_MAX characters (which it accepts
 * is the server's list, WEB_PUSH_ENDPOINTS). */
export const PUSH_ENDPOINT_MAX = 2048;
export const PushEndpoint = refine(
  size(pattern(string(), /^https?:\/\/\S+$/), 12, PUSH_ENDPOINT_MAX),
  'PushEndpoint',
  (value) => {
    try {
      new URL(value);
      return true;
    } catch {
      return 'must be a URL';
    }
  },
);

const Base64Url = (min: number, max: number) => size(pattern(string(), /^[A-Za-z0-9_-]+={0,2}$/), min, max);

/** PushSubscription.toJSON(): the endpoint, the browser's P-256 key (65 bytes) and auth secret (16 bytes). */
export const PushSubscribeRequest = object({
  endpoint: PushEndpoint,
  expirationTime: optional(nullable(EpochMilliseconds)),
  keys: object({ p256dh: Base64Url(86, 90), auth: Base64Url(16, 44) }),
});
export type PushSubscribeRequest = Infer<typeof PushSubscribeRequest>;

export const PushEndpointRequest = object({ endpoint: PushEndpoint });
export type PushEndpointRequest = Infer<typeof PushEndpointRequest>;

export const PushKindRequest = object({ kind: enums(PUSH_KINDS), enabled: boolean() });
export type PushKindRequest = Infer<typeof PushKindRequest>;

export const PushKindSetting = object({ kind: enums(PUSH_KINDS), enabled: boolean() });
export type PushKindSetting = Infer<typeof PushKindSetting>;

export const PushSettingsAnswer = object({
  success: literal(true),
  /** The VAPID public key, base64url (65 bytes uncompressed): pushManager.subscribe's applicationServerKey. */
  publicKey: string(),
  kinds: array(PushKindSetting),
});
export type PushSettingsAnswer = Infer<typeof PushSettingsAnswer>;

export const PushStatusAnswer = object({ success: literal(true), subscribed: boolean() });
export const PushDoneAnswer = object({ success: literal(true) });

/**
 * The largest payload, in bytes of its JSON: the push services take 4096 bytes of encrypted body, and aes128gcm
 * adds a header of 86 bytes and 17 of padding and tag to each record; the rest is margin.
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3000;
/** The lengths a system notification shows at most anyway. */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 600;

/** Where a tap on the push opens: the notification's screen by the one map, in the /condominio nest unless the map
 * says it is top-level ("~"); the condominium's home when the notification has no screen. */
export function pushPath(item: Pick<NotificationItem, 'Modulo' | 'Props'>): string {
  const target = notificationTarget(item);
  if (target === null) return PUSH_HOME_PATH;
  return target.startsWith('~') ? target.slice(1) : `/condominio${target}`;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/** Cut to at most `max` characters (whole code points), an ellipsis marking the cut. */
function cut(text: string, max: number): string {
  const points = [...text.trim()];
  return points.length <= max ? points.join('') : `${points.slice(0, max - 1).join('')}…`;
}

/** The payload of one notification, cut to fit PUSH_PAYLOAD_MAX_BYTES (the text first, then the title). */
export function pushPayload(
  words: { title: string; text: string },
  item: Pick<NotificationItem, 'Modulo' | 'Props'> & { id: number },
): PushPayload {
  const path = pushPath(item);
  let title = cut(words.title, PUSH_TITLE_MAX);
  let body = cut(words.text, PUSH_BODY_MAX);
  const tag = `notification-${item.id}`;
  const size = () => byteLength(JSON.stringify({ title, body, path, tag }));
  while (size() > PUSH_PAYLOAD_MAX_BYTES && body.length > 1) body = cut(body, Math.floor([...body].length / 2));
  while (size() > PUSH_PAYLOAD_MAX_BYTES && title.length > 1) title = cut(title, Math.floor([...title].length / 2));
  return { title, body, path, tag };
}
