// A live channel's stream (src/api/live.ts) opened over real HTTP against a listening app, as the browser opens
// it: fetch with the app-token header (and Last-Event-ID to resume), read with the browser's own parser
// (src/services/liveStream.ts). Server tests only (app.inject cannot stream).
import type { FastifyInstance } from 'fastify';
import { LIVE_PATHS, type LiveEvent, type LiveReady } from '../../src/api/live';
import { SseParser } from '../../src/services/liveStream';

export interface LiveStreamProbe {
  status: number;
  /** The events in the order they came. */
  events: LiveEvent[];
  ready: Promise<LiveReady>;
  /** The first event (already arrived, from the `from`-th on, or to come) that matches; a failure after timeoutMs. */
  next(match: (event: LiveEvent) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<LiveEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The app's address, listening on a random port of 127.0.0.1 (once). */
export async function listening(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ port: 0, host: '127.0.0.1' });
}

export async function openLiveStream(
  base: string,
  token: string | null,
  options: { lastEventId?: number } = {},
): Promise<LiveStreamProbe> {
  const abort = new AbortController();
  const headers: Record<string, string> = {};
  if (token !== null) headers['app-token'] = token;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const response = await fetch(`${base}/api${LIVE_PATHS.stream}`, { headers, signal: abort.signal });
  const events: LiveEvent[] = [];
  const waiters = new Set<() => void>();
  let markReady: (ready: LiveReady) => void = () => {};
  const ready = new Promise<LiveReady>((resolve) => {
    markReady = resolve;
  });
  const parser = new SseParser();
  let over = false;
  const ended = (async () => {
    if (!response.ok || !response.body) {
      over = true;
      return;
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const message of parser.feed(value)) {
          const data: unknown = JSON.parse(message.data);
          if (message.event === 'ready') markReady(data as LiveReady);
          else events.push(data as LiveEvent);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // Aborted by close().
    } finally {
      over = true;
      for (const wake of waiters) wake();
    }
  })();
  return {
    status: response.status,
    events,
    ready,
    ended,
    close: () => abort.abort(),
    next(match, { from = 0, timeoutMs = 5_000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) finish(() => resolve(found));
          else if (over) finish(() => reject(new Error(`the stream ended before the event; it had ${JSON.stringify(events)}`)));
        };
        const timer = setTimeout(
          () => finish(() => reject(new Error(`no such event within ${timeoutMs} ms; the stream had ${JSON.stringify(events)}`))),
          timeoutMs,
        );
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
  };
}
