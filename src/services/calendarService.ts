import { literal, nullable, object, optional, string } from 'superstruct';
import {
  CALENDAR_PATHS,
  CalendarEvent,
  CalendarHomeAnswer,
  CalendarItemsAnswer,
  type CalendarQuery,
  EventAnswer,
  type EventCancelRequest,
  type EventDraft,
  type EventUpdateRequest,
  FeedAnswer,
} from '../api/calendar';
import { ApiError, apiPath, call, http, keepingConflict } from './http';

/** The body of a 409 of this area: the error's fields and the event as it is now (server AppError details). */
const EventConflictAnswer = object({
  success: literal(false),
  code: literal('CONFLICT'),
  message: string(),
  messageId: optional(string()),
  field: optional(nullable(string())),
  evento: CalendarEvent,
});

export type EventChangeResult =
  | { kind: 'saved'; evento: CalendarEvent }
  | { kind: 'conflict'; message: string; evento: CalendarEvent };

export function fetchCalendarHome(signal?: AbortSignal): Promise<CalendarHomeAnswer> {
  return call(() => http.get(apiPath(CALENDAR_PATHS.home), { signal }), CalendarHomeAnswer);
}

export function fetchCalendarItems(query: CalendarQuery, signal?: AbortSignal): Promise<CalendarItemsAnswer> {
  const searchParams: Record<string, string> = { desde: query.desde, hasta: query.hasta };
  if (query.tipos !== undefined) searchParams.tipos = query.tipos;
  return call(() => http.get(apiPath(CALENDAR_PATHS.items), { searchParams, signal }), CalendarItemsAnswer);
}

export async function fetchCalendarEvent(eventId: number, signal?: AbortSignal): Promise<CalendarEvent> {
  return (await call(() => http.get(apiPath(CALENDAR_PATHS.event(eventId)), { signal }), EventAnswer)).evento;
}

/** A change whose 409 carries the event as it is now resolves as a 'conflict' result. */
async function orConflict(request: () => Promise<Response>): Promise<EventChangeResult> {
  const kept = keepingConflict(request, EventConflictAnswer);
  try {
    const { evento } = await call(kept.send, EventAnswer);
    return { kind: 'saved', evento };
  } catch (error) {
    const known = kept.conflict();
    if (known) return { kind: 'conflict', message: known.message, evento: known.evento };
    throw error;
  }
}

export function createCalendarEvent(draft: EventDraft, signal?: AbortSignal): Promise<EventChangeResult> {
  return orConflict(() => http.post(apiPath(CALENDAR_PATHS.create), { json: draft, signal }));
}

export function updateCalendarEvent(request: EventUpdateRequest, signal?: AbortSignal): Promise<EventChangeResult> {
  return orConflict(() => http.post(apiPath(CALENDAR_PATHS.update), { json: request, signal }));
}

export function cancelCalendarEvent(request: EventCancelRequest, signal?: AbortSignal): Promise<EventChangeResult> {
  return orConflict(() => http.post(apiPath(CALENDAR_PATHS.cancel), { json: request, signal }));
}

/** A new secret feed URL; the old one stops working. */
export async function rotateCalendarFeed(signal?: AbortSignal): Promise<string> {
  const { feedUrl } = await call(() => http.post(apiPath(CALENDAR_PATHS.feedRotate), { json: {}, signal }), FeedAnswer);
  if (feedUrl === null) throw new ApiError(0, 'BAD_ANSWER', 'Unexpected answer from the server: no feed URL');
  return feedUrl;
}

export async function revokeCalendarFeed(signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(CALENDAR_PATHS.feedRevoke), { json: {}, signal }), FeedAnswer);
}
