// The live channel (issue 30, DESIGN.md §9 "One live channel"): one stream of server-sent events per signed-in
// session, read by one tab per browser (services/liveService.ts) and relayed to the others. An event says only
// that something the reader may see changed — its kind and ids, never content — and the screens read it again
// through their own calls, which apply their own rules. Every event is a row of live_events written in the
// transaction of the change (server/domain/shared/live.ts publishLive), addressed to one reader in one
// condominium, so it exists only if the change committed and it never reaches another condominium or person.
// A new kind: its name and payload in LIVE_PAYLOADS below, its writer in the domain, its reader with
// useLiveEvent (src/views/common/useLiveEvent.ts).
import { array, boolean, enums, type Infer, literal, number, object, optional, string, union } from 'superstruct';
import { QueryInteger } from './validation';

export const LIVE_PATHS = {
  /**
   * Signed in (gate shift too): GET → text/event-stream. `app-token` header like every call (so the browser reads
   * it with fetch, not EventSource); `Last-Event-ID` resumes after that event. Each event is `id: <n>` and
   * `data: <LiveEvent JSON>`; `event: ready` (LiveReady) once the stream is caught up; a comment every
   * LIVE_HEARTBEAT_MS.
   */
  stream: '/--en-vivo/stream',
  /** Signed in (gate shift too): GET ?after=<id> → LiveEventsAnswer, the polling fallback's read of the same events. */
  events: '/--en-vivo/events',
} as const;

/** What each kind of event carries: ids and kinds only (the reader's screens fetch what they may see). */
export const LIVE_PAYLOADS = {
  /** A notification for the reader (shared/notify.ts): the bell and the home's counts read again. */
  notification: object({ modulo: string() }),
  /** A conversation the reader speaks in has a new message, or its messages were read (read receipts). */
  conversation: object({ conversationId: number() }),
  /** A request (ticket) the reader may see changed: its state, a reply, its assignee. */
  ticket: object({ ticketId: number() }),
  /** A walk-in at the caseta was asked, answered or decided (the caseta and the dwelling's residents). */
  walkIn: object({ walkInId: number() }),
  /** The condominium's support conversation moved (support answered or read, its state changed): its administrators. */
  support: object({ conversationId: number() }),
  /** An incident (issue 31) was raised or changed: gate staff, supervisors and administrators read the list again. */
  incident: object({ incidentId: number() }),
  /** A round (issue 31) was started, scanned, finished or marked late or missed: the supervisor's panel reads again. */
  round: object({ roundId: number() }),
  /** An assembly (issue 32) moved or its attendance changed: its screen reads it again (the quorum, live). */
  assembly: object({ assemblyId: number() }),
} as const;
export type LiveEventType = keyof typeof LIVE_PAYLOADS;
export type LivePayload<T extends LiveEventType> = Infer<(typeof LIVE_PAYLOADS)[T]>;
export const LIVE_EVENT_TYPES = Object.keys(LIVE_PAYLOADS) as LiveEventType[];

const eventOf = <T extends LiveEventType>(type: T) =>
  object({ id: number(), type: literal(type), data: LIVE_PAYLOADS[type] as (typeof LIVE_PAYLOADS)[T] });

/** One event as the stream and the polling fallback deliver it. */
export const LiveEvent = union([
  eventOf('notification'),
  eventOf('conversation'),
  eventOf('ticket'),
  eventOf('walkIn'),
  eventOf('support'),
  eventOf('incident'),
  eventOf('round'),
  eventOf('assembly'),
]);
export type LiveEvent = Infer<typeof LiveEvent>;
export type LiveEventOf<T extends LiveEventType> = Extract<LiveEvent, { type: T }>;

/**
 * The stream's `ready` event (no id): the events after Last-Event-ID have been sent, and `lastEventId` is where
 * the reader resumes if it drops before any further event. `resync`: the gap was too long to replay (more than
 * LIVE_RESUME_MAX events, or older than the server keeps): every screen reads itself again.
 */
export const LiveReady = object({ lastEventId: number(), resync: boolean() });
export type LiveReady = Infer<typeof LiveReady>;

export const LiveEventsQuery = object({ after: optional(QueryInteger(0, 2_147_483_647)) });
export type LiveEventsQuery = Infer<typeof LiveEventsQuery>;

/** The polling fallback's answer: the events after `after` (none without it), and where to ask from next. */
export const LiveEventsAnswer = object({
  success: literal(true),
  events: array(LiveEvent),
  lastEventId: number(),
  resync: boolean(),
});
export type LiveEventsAnswer = Infer<typeof LiveEventsAnswer>;

/** The server writes a comment this often on an open stream (proxies close silent connections). */
export const LIVE_HEARTBEAT_MS = 20_000;
/** No byte for this long (two heartbeats missed): the stream is dead even if the socket says otherwise. */
export const LIVE_SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;
/** A stream whose `ready` has not arrived this long after asking is held by something that buffers it. */
export const LIVE_READY_TIMEOUT_MS = 10_000;
/** At most this many events are replayed on resuming; more is a `resync`. */
export const LIVE_RESUME_MAX = 500;
/** Streams that failed this many times in a row give way to the polling fallback. */
export const LIVE_MAX_FAILURES = 3;
/** The polling fallback reads the events this often ("actualizando cada minuto"). */
export const LIVE_POLL_MS = 60_000;
/** While polling, the stream is tried again this often (the proxy may have changed, the network too). */
export const LIVE_STREAM_RETRY_MS = 5 * 60_000;
/**
 * The screens' own periodic reads, now only a safety net behind the live channel (an event missed while a tab
 * took over the stream, a change no event names): once a minute instead of the 15 s they polled before.
 */
export const LIVE_FALLBACK_REFRESH_MS = 60_000;

/** The wait before reconnecting after the `failures`-th failure in a row: 1 s, 2 s, 4 s … up to 30 s. */
export function liveBackoffMs(failures: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, failures - 1), 30_000);
}

/** The channel's state as the screens show it (the machine's, or the tab holding the stream's). */
export const LIVE_STATUSES = ['connecting', 'live', 'retrying', 'polling'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];
export const LiveStatusStruct = enums(LIVE_STATUSES);
