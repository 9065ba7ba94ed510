// The device's offline queue (src/services/offlineQueue.ts) over an in-memory IndexedDB (fake-indexeddb:
// happy-dom has none): items kept oldest first, one per clientId; a flush sends them in that order through
// the app's ky instance, takes out what the server answered (2xx) or refused for good (kept as rejected with
// its words), and stops at the first request without an answer. The caseta's recordMovement queues a
// movement that found no network, marked offline and dated when it was attempted.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordMovement } from '../../src/services/gateService';
import { ApiError } from '../../src/services/http';
import {
  clearOfflineQueue,
  dismissRejected,
  enqueue,
  FLUSH_EVERY_MS,
  flushOfflineQueue,
  getOfflineQueueState,
  keepOfflineQueueSyncing,
  listQueued,
  subscribeOfflineQueue,
} from '../../src/services/offlineQueue';
import { ENTRY, EXIT } from '../support/gateFixtures';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const exitItem = (n: number) => ({
  clientId: ID(n),
  kind: 'gateExit' as const,
  path: '/--caseta/salida',
  body: { clientId: ID(n), entryId: 300 + n, offline: true, occurredAt: '2026-03-14T18:05:00.000Z' },
});

interface Sent {
  url: string;
  body: unknown;
}

/** fetch answering each request with the next of `answers` (an Error is thrown: no network). */
function stubFetch(...answers: ({ status: number; body: unknown } | Error)[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push({ url: new URL(request.url).pathname, body: await request.clone().json() });
      const answer = answers.shift() ?? new TypeError('Failed to fetch');
      if (answer instanceof Error) throw answer;
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

const recorded = (movement: unknown) => ({ status: 201, body: { success: true, data: movement, duplicate: false } });
const refused = (status: number, message: string) => ({ status, body: { success: false, code: 'REFUSED', message } });

beforeEach(async () => {
  await clearOfflineQueue();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('offlineQueue', () => {
  it('keeps items oldest first, one per clientId, and tells its subscribers the count', async () => {
    const heard: number[] = [];
    const stop = subscribeOfflineQueue(() => heard.push(getOfflineQueueState().pending));
    await enqueue(exitItem(1));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await enqueue(exitItem(2));
    await enqueue(exitItem(1));
    stop();
    const items = await listQueued();
    // The same clientId again changes nothing: it keeps its place.
    expect(items.map((item) => item.clientId)).toEqual([ID(1), ID(2)]);
    expect(items.every((item) => item.attempts === 0 && item.lastError === null)).toBe(true);
    expect(heard.at(-1)).toBe(2);
    expect(getOfflineQueueState().pending).toBe(2);
  });

  it('sends oldest first: a 2xx takes it out, a final refusal is kept as rejected with the server’s words', async () => {
    await enqueue(exitItem(1));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await enqueue(exitItem(2));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await enqueue(exitItem(3));
    const sent = stubFetch(recorded(EXIT), refused(409, 'La visita ya salió.'), recorded(EXIT));
    const result = await flushOfflineQueue();
    expect(result).toEqual({ sent: 2, rejected: 1, stopped: false });
    expect(sent.map((request) => (request.body as { clientId: string }).clientId)).toEqual([ID(1), ID(2), ID(3)]);
    expect(sent.every((request) => request.url === '/api/--caseta/salida')).toBe(true);
    expect(sent[0]!.body).toMatchObject({ offline: true, occurredAt: '2026-03-14T18:05:00.000Z' });
    expect(await listQueued()).toEqual([]);
    const state = getOfflineQueueState();
    expect(state.pending).toBe(0);
    expect(state.flushing).toBe(false);
    expect(state.rejected).toHaveLength(1);
    expect(state.rejected[0]).toMatchObject({ clientId: ID(2), status: 409, reason: 'La visita ya salió.', attempts: 1 });
    await dismissRejected();
    expect(getOfflineQueueState().rejected).toEqual([]);
  });

  it('stops at the first request without an answer, and keeps the rest in order', async () => {
    await enqueue(exitItem(1));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await enqueue(exitItem(2));
    const sent = stubFetch(new TypeError('Failed to fetch'));
    const result = await flushOfflineQueue();
    expect(result).toEqual({ sent: 0, rejected: 0, stopped: true });
    expect(sent).toHaveLength(1);
    const items = await listQueued();
    expect(items.map((item) => item.clientId)).toEqual([ID(1), ID(2)]);
    expect(items[0]).toMatchObject({ attempts: 1, lastError: expect.stringContaining('Failed to fetch') });
    expect(items[1]).toMatchObject({ attempts: 0, lastError: null });
    expect(getOfflineQueueState().pending).toBe(2);
  });

  it('keeps an item the server could not take now (a 500, a 401) and stops there', async () => {
    await enqueue(exitItem(1));
    stubFetch(refused(500, 'Algo salió mal.'));
    expect(await flushOfflineQueue()).toEqual({ sent: 0, rejected: 0, stopped: true });
    expect((await listQueued()).map((item) => item.clientId)).toEqual([ID(1)]);
    expect(getOfflineQueueState().rejected).toEqual([]);
  });

  it('joins a flush under way instead of sending twice', async () => {
    await enqueue(exitItem(1));
    const sent = stubFetch(recorded(EXIT));
    const [first, second] = await Promise.all([flushOfflineQueue(), flushOfflineQueue()]);
    expect(first).toBe(second);
    expect(sent).toHaveLength(1);
  });

  it('flushes when the network comes back and every 30 s while items wait; says when the browser is offline', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    stubFetch(new TypeError('Failed to fetch'));
    const stop = keepOfflineQueueSyncing();
    try {
      globalThis.dispatchEvent(new Event('offline'));
      expect(getOfflineQueueState().online).toBe(false);
      await enqueue(exitItem(1));
      // The interval tries again while items wait…
      const sent = stubFetch(new TypeError('Failed to fetch'), recorded(EXIT));
      await vi.advanceTimersByTimeAsync(FLUSH_EVERY_MS);
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      await vi.waitFor(() => expect(getOfflineQueueState().flushing).toBe(false));
      expect(getOfflineQueueState().pending).toBe(1);
      // …and the 'online' event sends at once.
      globalThis.dispatchEvent(new Event('online'));
      expect(getOfflineQueueState().online).toBe(true);
      await vi.waitFor(() => expect(getOfflineQueueState().pending).toBe(0));
      expect(sent).toHaveLength(2);
    } finally {
      stop();
    }
  });
});

describe('recordMovement without network', () => {
  it('queues the movement marked offline, dated when it was tried, and resolves as queued', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const before = new Date().toISOString();
    const request = { clientId: ID(5), entryId: 301 };
    const outcome = await recordMovement({ kind: 'exit', request });
    expect(outcome).toEqual({
      queued: true,
      record: { kind: 'exit', request: { ...request, offline: true, occurredAt: expect.any(String) } },
    });
    const [item] = await listQueued();
    expect(item).toMatchObject({ clientId: ID(5), kind: 'gateExit', path: '/--caseta/salida' });
    expect(item!.body).toEqual({ ...request, offline: true, occurredAt: expect.any(String) });
    expect(String(item!.body.occurredAt) >= before).toBe(true);
    // Back online, the queue sends that very request.
    const sent = stubFetch(recorded(EXIT));
    await flushOfflineQueue();
    expect(sent[0]!.body).toEqual(item!.body);
  });

  it('records at once when the server answers, and throws a refusal (never queued)', async () => {
    stubFetch(recorded(ENTRY));
    const outcome = await recordMovement({ kind: 'exit', request: { clientId: ID(6), entryId: 301 } });
    expect(outcome).toEqual({ movement: ENTRY, duplicate: false });
    stubFetch(refused(409, 'La visita ya salió.'));
    const error = await recordMovement({ kind: 'exit', request: { clientId: ID(7), entryId: 301 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(await listQueued()).toEqual([]);
  });
});
