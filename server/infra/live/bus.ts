// The live channel's bus (issue 30, DESIGN.md §9): how the server process that holds a reader's stream learns that
// rows of live_events were committed, whichever process wrote them. It carries ids only; the hub (hub.ts) reads the
// rows. It knows no domain.
//
// - memory (SQLite, one process): publishLive wakes this process (wake.ts) inside the transaction; the hub's read
//   queues behind that transaction on SQLite's one connection, so it finds the rows once committed, or none.
// - postgres: publishLive runs pg_notify('live:<schema>', ids) in the transaction, which PostgreSQL delivers at
//   commit only; each process LISTENs on one dedicated connection (opened again, with a catch-up, after a loss).
// - redis (REDIS_URL on PostgreSQL): the writing process waits until its rows are visible (committed), hands them
//   to its own hub at once and PUBLISHes their ids; every process SUBSCRIBEs. For deployments where LISTEN cannot
//   work (a transaction-pooling proxy in front of PostgreSQL).
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema';
import { closeRedis, connectRedis, createRedisClient } from '../redis/client';
import { listenLocally } from './wake';

export type LiveBusMode = 'memory' | 'postgres' | 'redis';

export interface LiveBus {
  readonly mode: LiveBusMode;
  /** Ids of live_events rows to read (committed; on SQLite, possibly rolled back: then they are not there). */
  onIds(listener: (ids: number[]) => void): void;
  /** The bus was lost and is back: rows committed meanwhile were not announced; read what came since. */
  onGap(listener: () => void): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** pino's (app.log's) methods the bus uses. */
export interface LiveBusLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/** PostgreSQL's NOTIFY payload limit is 8000 bytes: ids go in lists shorter than this. */
export const NOTIFY_PAYLOAD_MAX = 7_000;

/** The comma-separated id lists of a NOTIFY (or a PUBLISH) for these ids, each short enough. */
export function idPayloads(ids: readonly number[]): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const id of ids) {
    const next = current ? `${current},${id}` : String(id);
    if (next.length > NOTIFY_PAYLOAD_MAX) {
      payloads.push(current);
      current = String(id);
    } else current = next;
  }
  if (current) payloads.push(current);
  return payloads;
}

export function parseIds(payload: string): number[] {
  return payload
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
}

/** The application_name of the LISTEN connection. */
export const LISTEN_APPLICATION_NAME = 'condo-live-listen';

/**
 * The URL of the LISTEN connection: the app's, under a name of its own among the backends (pg_stat_activity), the
 * app's own name (when its URL gives one) followed by " live", else LISTEN_APPLICATION_NAME.
 */
export function listenUrl(url: string): string {
  const parsed = new URL(url);
  const name = parsed.searchParams.get('application_name');
  parsed.searchParams.set('application_name', name ? `${name} live` : LISTEN_APPLICATION_NAME);
  return parsed.toString();
}

/** The channel of one database schema: two deployments sharing a PostgreSQL database never hear each other. */
export const pgChannelOf = (schema: string) => `live:${schema}`;

class Listeners {
  private readonly ids = new Set<(ids: number[]) => void>();
  private readonly gaps = new Set<() => void>();
  onIds = (listener: (ids: number[]) => void) => void this.ids.add(listener);
  onGap = (listener: () => void) => void this.gaps.add(listener);
  emitIds(ids: number[]) {
    if (ids.length) for (const listener of this.ids) listener(ids);
  }
  emitGap() {
    for (const listener of this.gaps) listener();
  }
}

/** SQLite: this process's own writes only. */
export function memoryBus(db: Kysely<Database>): LiveBus {
  const listeners = new Listeners();
  let stop: (() => void) | null = null;
  return {
    mode: 'memory',
    onIds: listeners.onIds,
    onGap: listeners.onGap,
    async start() {
      // After the writer's synchronous part: its transaction is still open, and the hub's read waits for it.
      stop = listenLocally(db, (ids) => queueMicrotask(() => listeners.emitIds([...ids])));
    },
    async close() {
      stop?.();
    },
  };
}

export interface PostgresBusOptions {
  url: string;
  schema: string | null;
  log: LiveBusLog;
  /** After a lost connection the next attempt waits this long, doubling up to 30 s (tests shorten it). */
  retryMs?: number;
  /** A silent connection is checked this often (SELECT 1) and dropped if it does not answer. */
  checkMs?: number;
}

/** Ends a connection, without waiting on a network that swallows packets: after a second its socket is dropped. */
async function endQuickly(client: pg.Client): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), 1_000);
  });
  const ended = await Promise.race([
    client.end().then(
      () => 'ended' as const,
      () => 'ended' as const,
    ),
    late,
  ]);
  clearTimeout(timer);
  if (ended === 'late') (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** PostgreSQL: LISTEN on one connection of its own, opened again (with a gap) whenever it is lost. */
export function postgresBus(options: PostgresBusOptions): LiveBus {
  const listeners = new Listeners();
  const retryMs = options.retryMs ?? 500;
  const checkMs = options.checkMs ?? 30_000;
  let client: pg.Client | null = null;
  let closed = false;
  let connectedOnce = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let checkTimer: NodeJS.Timeout | null = null;

  const drop = (reason: unknown) => {
    const lost = client;
    client = null;
    if (checkTimer) clearInterval(checkTimer);
    checkTimer = null;
    if (lost) {
      lost.removeAllListeners('notification');
      void endQuickly(lost);
    }
    if (closed || retryTimer) return;
    failures += 1;
    if (failures === 1) options.log.warn({ reason: String(reason) }, 'Live channel lost its LISTEN connection; opening it again');
    retryTimer = setTimeout(
      () => {
        retryTimer = null;
        void connect();
      },
      Math.min(retryMs * 2 ** (failures - 1), 30_000),
    );
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({
      connectionString: listenUrl(options.url),
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      query_timeout: 5_000,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    next.on('error', (error) => {
      if (client === next) drop(error);
    });
    next.on('end', () => {
      if (client === next) drop('connection ended');
    });
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      const channel = pgChannelOf(rows[0]!.schema);
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload) listeners.emitIds(parseIds(message.payload));
      });
      await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      void endQuickly(next);
      if (closed) return;
      client = next;
      drop(error);
      return;
    }
    if (closed) {
      await endQuickly(next);
      return;
    }
    client = next;
    if (failures > 0) options.log.info('Live channel LISTEN connection open again');
    failures = 0;
    checkTimer = setInterval(() => {
      next.query('select 1').catch((error) => {
        if (client === next) drop(error);
      });
    }, checkMs);
    checkTimer.unref();
    // Whatever was committed while nobody listened: the hub reads what came since.
    if (connectedOnce) listeners.emitGap();
    connectedOnce = true;
  }

  return {
    mode: 'postgres',
    onIds: listeners.onIds,
    onGap: listeners.onGap,
    start: connect,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (checkTimer) clearInterval(checkTimer);
      const last = client;
      client = null;
      if (last) await endQuickly(last);
    },
  };
}

export interface RedisBusOptions {
  db: Kysely<Database>;
  url: string;
  keyPrefix: string;
  /** What names this database (an app secret): the channel is the prefix's and the database's, since apps may share a
   * Redis (and a prefix) but not a database, and an id means a row only in its own database. */
  databaseKey(): Promise<Buffer>;
  /** The client that publishes (the app's Redis client); the subscriber is a connection of its own. */
  publisher: Redis;
  log: LiveBusLog;
  /** How long the writer looks for its rows to be committed, attempt by attempt (ms before each). */
  commitChecksMs?: readonly number[];
}

/** The writer's waits for its transaction to commit: about 8.5 s in all, then the rows were rolled back. */
export const COMMIT_CHECKS_MS = [10, 40, 150, 500, 1_500, 6_300] as const;

/** The Redis channel of a database under a key prefix. */
export const redisChannelOf = (keyPrefix: string, databaseKey: Buffer) =>
  `${keyPrefix}live:${createHash('sha256').update('live-channel').update(databaseKey).digest('base64url').slice(0, 22)}`;

/** Redis pub/sub: the writer publishes ids once its rows are committed; every process subscribes. */
export function redisBus(options: RedisBusOptions): LiveBus {
  const listeners = new Listeners();
  let channel = '';
  const checks = options.commitChecksMs ?? COMMIT_CHECKS_MS;
  let subscriber: Redis | null = null;
  let stopLocal: (() => void) | null = null;
  let closed = false;
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  /** Waits for the rows to be visible from outside the writing transaction; answers those that are. */
  async function committed(ids: readonly number[]): Promise<number[]> {
    let waiting = [...ids];
    const found: number[] = [];
    for (const wait of checks) {
      await later(wait);
      if (closed) return found;
      const rows = await options.db.selectFrom('live_events').select('id').where('id', 'in', waiting).execute();
      const seen = new Set(rows.map((r) => r.id));
      found.push(...waiting.filter((id) => seen.has(id)));
      waiting = waiting.filter((id) => !seen.has(id));
      if (waiting.length === 0) break;
    }
    return found;
  }

  async function announce(ids: readonly number[]) {
    let ready: number[];
    try {
      ready = await committed(ids);
    } catch (error) {
      options.log.warn({ reason: String(error) }, 'Live channel could not check its events were committed');
      return;
    }
    if (ready.length === 0 || closed) return;
    // This process's own streams need no round trip (and get their events while Redis is away).
    listeners.emitIds(ready);
    for (const payload of idPayloads(ready)) {
      await options.publisher.publish(channel, payload).catch(() => {
        // Redis away: the other processes' streams get these at their next catch-up (their safety-net reads).
      });
    }
  }

  return {
    mode: 'redis',
    onIds: listeners.onIds,
    onGap: listeners.onGap,
    async start() {
      channel = redisChannelOf(options.keyPrefix, await options.databaseKey());
      stopLocal = listenLocally(options.db, (ids) => void announce(ids));
      // Its lines say whose connection it is: the rate limits' client logs the same events in its own words.
      const sub = createRedisClient(options.url, {
        log: {
          warn: (details, message) => options.log.warn(details, `Live channel: ${message}`),
          info: (message) => options.log.info(`Live channel: ${message}`),
        },
      });
      subscriber = sub;
      let readyOnce = false;
      sub.on('message', (from: string, payload: string) => {
        if (from === channel) listeners.emitIds(parseIds(payload));
      });
      const subscribe = () =>
        sub.subscribe(channel).catch((error: unknown) => {
          options.log.warn({ reason: String(error) }, 'Live channel could not subscribe; it will when Redis answers again');
        });
      // Each (re)connection subscribes (a Redis that was away at start included); what was published meanwhile was
      // lost, so the hub reads what came since.
      sub.on('ready', () => {
        if (!readyOnce) return;
        void subscribe();
        listeners.emitGap();
      });
      await connectRedis(sub);
      readyOnce = true;
      if (sub.status === 'ready') await subscribe();
    },
    async close() {
      closed = true;
      stopLocal?.();
      for (const timer of timers) clearTimeout(timer);
      if (subscriber) await closeRedis(subscriber);
    },
  };
}
