// Reading the live channel's stream (src/api/live.ts) with fetch and a ReadableStream reader, since EventSource
// cannot send the app-token header (and the token never goes in a URL). SseParser is the text/event-stream format
// (WHATWG HTML §9.2.6) reduced to what the server writes: `id:`, `event:`, `data:` lines, comments, blank lines.
import { validate } from 'superstruct';
import { LIVE_PATHS, LiveEvent, type LiveEventsAnswer, LiveEventsAnswer as LiveEventsAnswerStruct, LiveReady } from '../api/live';
import { apiPath, call, http } from './http';

export interface SseMessage {
  /** 'message' when the server named none. */
  event: string;
  data: string;
  id: string | null;
}

/** Text in, whole messages out; a message split across chunks waits for its end. */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | null = null;

  feed(text: string): SseMessage[] {
    this.buffer += text;
    const out: SseMessage[] = [];
    let end = this.lineEnd();
    while (end) {
      const line = this.buffer.slice(0, end.at);
      this.buffer = this.buffer.slice(end.at + end.length);
      const message = this.line(line);
      if (message) out.push(message);
      end = this.lineEnd();
    }
    return out;
  }

  private lineEnd(): { at: number; length: number } | null {
    const at = this.buffer.search(/\r\n|\r|\n/);
    if (at < 0) return null;
    // A \r at the very end may be the first half of \r\n: wait for the next chunk.
    if (this.buffer[at] === '\r' && at === this.buffer.length - 1) return null;
    return { at, length: this.buffer.startsWith('\r\n', at) ? 2 : 1 };
  }

  private line(line: string): SseMessage | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const message = { event: this.event || 'message', data: this.data.join('\n'), id: this.id };
      this.event = '';
      this.data = [];
      return message;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }
}

/** What the stream tells its reader. */
export interface LiveStreamHandlers {
  /** The server caught the stream up (after Last-Event-ID): it is live from here. */
  onReady(ready: LiveReady): void;
  onEvent(event: LiveEvent): void;
  /** Any bytes at all (heartbeats too): the stream is alive. */
  onActivity(): void;
}

/**
 * Opens the stream (after `lastEventId` when given) and reads it until it ends, the signal aborts it, or it fails;
 * resolves when the server ended it, rejects on failure (an HTTP refusal as the ApiError-like HTTPError of ky).
 */
export async function readLiveStream(
  lastEventId: number | null,
  signal: AbortSignal,
  handlers: LiveStreamHandlers,
): Promise<void> {
  const response = await http.get(apiPath(LIVE_PATHS.stream), {
    signal,
    // The stream lasts as long as the page: ky's 30 s would cut it.
    timeout: false,
    retry: 0,
    headers: { accept: 'text/event-stream', ...(lastEventId === null ? {} : { 'last-event-id': String(lastEventId) }) },
  });
  if (!response.body) throw new Error('The live stream has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parser = new SseParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      handlers.onActivity();
      for (const message of parser.feed(value)) {
        const parsed: unknown = JSON.parse(message.data);
        if (message.event === 'ready') {
          const [, ready] = validate(parsed, LiveReady);
          if (ready) handlers.onReady(ready);
        } else {
          // An event of a kind this build does not know (a newer server) is passed over.
          const [, event] = validate(parsed, LiveEvent);
          if (event) handlers.onEvent(event);
        }
      }
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** The polling fallback: the events after `after` (none without it) and where to ask from next. */
export function fetchLiveEvents(after: number | null, signal?: AbortSignal): Promise<LiveEventsAnswer> {
  return call(
    () => http.get(apiPath(LIVE_PATHS.events), { signal, searchParams: after === null ? {} : { after } }),
    LiveEventsAnswerStruct,
  );
}
