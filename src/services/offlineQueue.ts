// The device's one offline queue (DESIGN.md §9, issue 26): work recorded at the caseta without network (gate
// movements, parcel arrivals) is kept in IndexedDB and sent when the network is back, oldest first, through
// the app's one ky instance. Each item carries the clientId the device made, so sending it twice records it
// once (the server keeps a clientId once); its body already says `offline: true` and when it happened by the
// device's clock. A 2xx, or a refusal that is final (400/404/409/422: the server will never take it), takes
// the item out; a refusal is kept in a "rejected" list the caseta shows with the server's words. No answer
// at all stops the flush: the device is still offline. It flushes on the window's 'online' event, when a
// screen starts syncing, and every FLUSH_EVERY_MS while items wait.
import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import { literal, type } from 'superstruct';
import { ApiError, apiPath, call, http } from './http';

export type QueuedKind = 'gateEntry' | 'gateExit' | 'gateRefusal' | 'parcelArrival' | 'roundScan';

export interface QueuedItem {
  clientId: string;
  kind: QueuedKind;
  /** The contract's path (with its leading slash), posted as it is. */
  path: string;
  /** The request, with clientId, occurredAt and offline: true already in it. */
  body: Record<string, unknown>;
  queuedAt: string;
  attempts: number;
  lastError: string | null;
}

/** An item the server refused for good: what it was, its status and the server's words. */
export interface RejectedItem extends QueuedItem {
  status: number;
  reason: string;
  rejectedAt: string;
}

export interface OfflineQueueState {
  /** Items waiting to be sent. */
  pending: number;
  rejected: readonly RejectedItem[];
  flushing: boolean;
  /** What the browser says of the network (navigator.onLine and its events). */
  online: boolean;
}

/** How often a flush is tried while items wait (besides the 'online' event). */
export const FLUSH_EVERY_MS = 30_000;

/** The refusals that are final: sending the item again would be refused again. */
const FINAL_STATUSES = new Set([400, 404, 409, 422]);

const PENDING = 'pending/';
const REJECTED = 'rejected/';

/** Any success answer of the contract: the item's own answer is the screen's business, not the queue's. */
const Accepted = type({ success: literal(true) });

let store: UseStore | null = null;
/** Opened on first use (a browser without IndexedDB, e.g. the views' test DOM, never touches it). */
function db(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  store ??= createStore('condominio-offline', 'queue');
  return store;
}

const browserOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

let state: OfflineQueueState = { pending: 0, rejected: [], flushing: false, online: browserOnline() };
const listeners = new Set<() => void>();

function publish(next: Partial<OfflineQueueState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the same object until something changes. */
export const getOfflineQueueState = (): OfflineQueueState => state;

export function subscribeOfflineQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

async function readAll(): Promise<{ pending: QueuedItem[]; rejected: RejectedItem[] }> {
  const where = db();
  if (!where) return { pending: [], rejected: [] };
  const all = await entries<string, QueuedItem>(where);
  const pending = all.filter(([key]) => key.startsWith(PENDING)).map(([, item]) => item);
  const rejected = all.filter(([key]) => key.startsWith(REJECTED)).map(([, item]) => item as RejectedItem);
  // Oldest first; the clientId breaks a tie so the order is the same every time.
  pending.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt) || a.clientId.localeCompare(b.clientId));
  rejected.sort((a, b) => a.rejectedAt.localeCompare(b.rejectedAt));
  return { pending, rejected };
}

/** Reads the stored counts into the published state. */
export async function refreshOfflineQueue(): Promise<void> {
  const { pending, rejected } = await readAll();
  publish({ pending: pending.length, rejected });
}

/** The items waiting, oldest first. */
export async function listQueued(): Promise<QueuedItem[]> {
  return (await readAll()).pending;
}

export async function countQueued(): Promise<number> {
  return (await readAll()).pending.length;
}

/** Keeps one request for later; the same clientId queued twice is one item. */
export async function enqueue(item: Pick<QueuedItem, 'clientId' | 'kind' | 'path' | 'body'>): Promise<QueuedItem> {
  const where = db();
  if (!where) throw new Error('IndexedDB is not available: the request cannot be kept offline');
  // The same clientId queued again (a retry that found no network either) keeps its place in the queue.
  const kept = await get<QueuedItem>(PENDING + item.clientId, where);
  const queued: QueuedItem = kept ?? { ...item, queuedAt: new Date().toISOString(), attempts: 0, lastError: null };
  if (!kept) await set(PENDING + item.clientId, queued, where);
  await refreshOfflineQueue();
  if (!flushTimer && timerUsers > 0) scheduleFlushes();
  return queued;
}

/** The screen's "entendido": the rejected items are forgotten. */
export async function dismissRejected(): Promise<void> {
  const where = db();
  if (!where) return;
  const { rejected } = await readAll();
  for (const item of rejected) await del(REJECTED + item.clientId, where);
  await refreshOfflineQueue();
}

/** Everything forgotten (tests, and a device unpaired). */
export async function clearOfflineQueue(): Promise<void> {
  const where = db();
  if (where) await clear(where);
  publish({ pending: 0, rejected: [], flushing: false });
}

export interface FlushResult {
  sent: number;
  rejected: number;
  /** Stopped before the end: no answer (still offline) or a refusal worth trying again later. */
  stopped: boolean;
}

let flushing: Promise<FlushResult> | null = null;

/** Sends the waiting items oldest first; one flush at a time (a second call joins the one under way). */
export function flushOfflineQueue(): Promise<FlushResult> {
  flushing ??= runFlush().finally(() => {
    flushing = null;
    publish({ flushing: false });
  });
  return flushing;
}

async function runFlush(): Promise<FlushResult> {
  const where = db();
  const result: FlushResult = { sent: 0, rejected: 0, stopped: false };
  if (!where) return result;
  const { pending } = await readAll();
  if (pending.length === 0) return result;
  publish({ flushing: true });
  for (const item of pending) {
    try {
      await call(() => http.post(apiPath(item.path), { json: item.body }), Accepted);
      await del(PENDING + item.clientId, where);
      result.sent += 1;
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const message = error instanceof Error ? error.message : String(error);
      if (apiError && FINAL_STATUSES.has(apiError.status)) {
        const rejected: RejectedItem = {
          ...item,
          attempts: item.attempts + 1,
          lastError: message,
          status: apiError.status,
          reason: apiError.message,
          rejectedAt: new Date().toISOString(),
        };
        await set(REJECTED + item.clientId, rejected, where);
        await del(PENDING + item.clientId, where);
        result.rejected += 1;
      } else {
        // No answer, a breakdown or a refusal of the session: keep it, and keep the order (stop here).
        await set(PENDING + item.clientId, { ...item, attempts: item.attempts + 1, lastError: message }, where);
        result.stopped = true;
        break;
      }
    } finally {
      await refreshOfflineQueue();
    }
  }
  if (result.stopped === false && pending.length > 0) stopTimerIfEmpty();
  return result;
}

// The timers and events: ref-counted, so the caseta and the device shell may both keep the queue syncing.
let timerUsers = 0;
let flushTimer: ReturnType<typeof setInterval> | null = null;

function scheduleFlushes() {
  flushTimer ??= setInterval(() => {
    if (state.pending === 0) stopTimerIfEmpty();
    else void flushOfflineQueue().catch(() => {});
  }, FLUSH_EVERY_MS);
}

function stopTimerIfEmpty() {
  if (state.pending > 0 || !flushTimer) return;
  clearInterval(flushTimer);
  flushTimer = null;
}

const onOnline = () => {
  publish({ online: true });
  void flushOfflineQueue().catch(() => {});
};
const onOffline = () => publish({ online: false });

/** Starts syncing (reads the queue, flushes once, listens to the network, retries every 30 s while items
 * wait); the returned function stops it when the last user is gone. */
export function keepOfflineQueueSyncing(): () => void {
  timerUsers += 1;
  if (timerUsers === 1) {
    globalThis.addEventListener?.('online', onOnline);
    globalThis.addEventListener?.('offline', onOffline);
    publish({ online: browserOnline() });
    void refreshOfflineQueue()
      .then(() => {
        if (state.pending > 0) scheduleFlushes();
        return state.online ? flushOfflineQueue() : undefined;
      })
      .catch(() => {});
  }
  return () => {
    timerUsers -= 1;
    if (timerUsers > 0) return;
    globalThis.removeEventListener?.('online', onOnline);
    globalThis.removeEventListener?.('offline', onOffline);
    if (flushTimer) clearInterval(flushTimer);
    flushTimer = null;
  };
}
