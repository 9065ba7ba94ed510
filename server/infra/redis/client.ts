// The Redis client (ioredis, docs/decisions.md) configured to fail fast: while Redis cannot answer, every
// command rejects at once or within commandMs, and the caller decides what to do instead (rateLimitRedis.ts
// counts in this process's memory). Nothing is queued while disconnected, nothing is retried per command
// (a rate-limit hit sent twice would count twice), and a connection that stops answering is dropped and
// opened again in the background, every retry delay, for as long as it takes.
import net from 'node:net';
import { Redis, type RedisOptions } from 'ioredis';
import { parseRedisUrl } from './address';

export interface RedisTimeouts {
  /** The TCP (and TLS) connection. */
  connectMs: number;
  /** One command's reply; a connection silent for as long is dropped and opened again. */
  commandMs: number;
  /** After a lost or failed connection the next attempt waits retryMinMs, doubling up to retryMaxMs. */
  retryMinMs: number;
  retryMaxMs: number;
}

export const REDIS_TIMEOUTS: RedisTimeouts = { connectMs: 1_000, commandMs: 1_000, retryMinMs: 250, retryMaxMs: 5_000 };

/** The delay before reconnection attempt `attempt` (1, 2, …). */
export function retryDelayMs(attempt: number, timeouts: RedisTimeouts = REDIS_TIMEOUTS): number {
  return Math.min(timeouts.retryMinMs * 2 ** Math.max(attempt - 1, 0), timeouts.retryMaxMs);
}

/** ioredis's options for a REDIS_URL (checked by config.ts with the same parser). */
export function redisOptions(url: string, overrides: Partial<RedisTimeouts> = {}): RedisOptions {
  const timeouts = { ...REDIS_TIMEOUTS, ...overrides };
  const address = parseRedisUrl(url);
  return {
    host: address.host,
    port: address.port,
    ...(address.username === null ? {} : { username: address.username }),
    ...(address.password === null ? {} : { password: address.password }),
    db: address.database,
    // The certificate is checked for the host name (SNI too); an address literal has no SNI (RFC 6066).
    ...(address.tls ? { tls: net.isIP(address.host) ? {} : { servername: address.host } } : {}),
    // Opened by connectRedis (once the app is ready), not by the constructor.
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    connectTimeout: timeouts.connectMs,
    commandTimeout: timeouts.commandMs,
    // A reply later than this drops the connection: a Redis that black-holes packets is then reconnected
    // to, instead of every command waiting commandMs on a connection that will never answer.
    socketTimeout: timeouts.commandMs,
    retryStrategy: (attempt) => retryDelayMs(attempt, timeouts),
  };
}

/** pino's (app.log's) two methods the client uses. */
export interface RedisLog {
  warn(details: { err: unknown }, message: string): void;
  info(message: string): void;
}

/**
 * A client for REDIS_URL, not yet connected. Its connection errors are logged once per outage (the first
 * one names the reason: refused, WRONGPASS, a certificate…) instead of ending the process, as an 'error'
 * event nobody listens to would.
 */
export function createRedisClient(url: string, options: { log: RedisLog; timeouts?: Partial<RedisTimeouts> }): Redis {
  const redis = new Redis(redisOptions(url, options.timeouts));
  let failing = false;
  redis.on('error', (error: unknown) => {
    if (failing) return;
    failing = true;
    options.log.warn({ err: error }, 'Redis connection failed; connecting again in the background');
  });
  redis.on('ready', () => {
    if (failing) options.log.info('Redis connection open again');
    failing = false;
  });
  return redis;
}

/**
 * Opens the connection and waits for it (at most about connectMs + commandMs), so the first requests count
 * in Redis rather than in memory. A Redis that is not there is no reason not to start: the client keeps
 * trying in the background.
 */
export async function connectRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'wait') return;
  await redis.connect().catch(() => {});
}

/** QUIT when connected (the replies owed arrive first), else just drop the connection and stop retrying. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Silent or gone meanwhile: drop it below.
    }
  }
  redis.disconnect();
}
