// Browser side of the events calendar (src/api/calendar.ts): one function per call of CALENDAR_PATHS. Changing
// an event resolves a 409 as a typed result carrying the event as it is now (someone else changed or cancelled
// it first): expected, not a breakdown.
import { HTTPError } from 'ky';
import { literal, nullable, object, optional, string, validate } from 'superstruct';
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
import { ApiError, apiPath, call, http } from './http';

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
  let conflict: { message: string; evento: CalendarEvent } | null = null;
  try {
    const { evento } = await call(async () => {
      try {
        return await request();
      } catch (error) {
        if (error instanceof HTTPError && error.response.status === 409) {
          // Read from a copy: call() reads the original for the ApiError it throws.
          const body: unknown = await error.response
            .clone()
            .json()
            .catch(() => null);
          const [, parsed] = validate(body, EventConflictAnswer, { coerce: true });
          conflict = parsed ? { message: parsed.message, evento: parsed.evento } : null;
        }
        throw error;
      }
    }, EventAnswer);
    return { kind: 'saved', evento };
  } catch (error) {
    const known = conflict as { message: string; evento: CalendarEvent } | null;
    if (known) return { kind: 'conflict', ...known };
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
