// server/infra/redis/client.ts: the options the app gives ioredis for a REDIS_URL (TLS for rediss://, fail fast),
// and what they do against the real Redis and a proxy in front of it that refuses, resets and black-holes
// connections: commands fail at once or within the command timeout while Redis is away, never wait in a
// queue, and work again once it is back, without a restart. No database: the same on both dialects.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRedisUrl } from '../../server/infra/redis/address';
import { closeRedis, createRedisClient, REDIS_TIMEOUTS, redisOptions, retryDelayMs } from '../../server/infra/redis/client';
import { freePort, openRedis, quietLog, REDIS_URL, startRedisProxy } from '../support/redisPeers';
import type { ProxyOptions, TcpProxy } from '../support/tcpProxy';

const PREFIX = `test:client:${randomUUID()}:`;
/** Short, so a black-holed command fails quickly; the behaviour is the app's, only faster. */
const FAST = { commandMs: 200, retryMinMs: 20, retryMaxMs: 100 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
async function client(url = REDIS_URL, options: Parameters<typeof openRedis>[1] = {}): Promise<Redis> {
  const redis = await openRedis(url, options);
  cleanups.push(() => closeRedis(redis));
  return redis;
}
async function proxy(options: ProxyOptions = {}): Promise<TcpProxy & { url: string }> {
  const server = await startRedisProxy(options);
  cleanups.push(() => server.close());
  return server;
}

describe('parseRedisUrl', () => {
  it('reads host, port, credentials, database and TLS, with defaults', () => {
    expect(parseRedisUrl('redis://127.0.0.1')).toEqual({
      host: '127.0.0.1',
      port: 6379,
      username: null,
      password: null,
      database: 0,
      tls: false,
    });
    expect(parseRedisUrl('redis://app:p%40ss%3Aw@cache.internal:6380/15')).toEqual({
      host: 'cache.internal',
      port: 6380,
      username: 'app',
      password: 'p@ss:w',
      database: 15,
      tls: false,
    });
    expect(parseRedisUrl('redis://:solo@[::1]:7000/')).toMatchObject({
      host: '::1',
      port: 7000,
      username: null,
      password: 'solo',
    });
    expect(parseRedisUrl('rediss://cache.example.com:6380/2')).toMatchObject({ host: 'cache.example.com', tls: true });
  });
});

describe('redisOptions', () => {
  it('connects where the URL says, as whom it says', () => {
    expect(redisOptions('redis://app:p%40ss%20w@cache.internal:6380/3')).toMatchObject({
      host: 'cache.internal',
      port: 6380,
      username: 'app',
      password: 'p@ss w',
      db: 3,
    });
    const anonymous = redisOptions('redis://127.0.0.1');
    expect(anonymous).toMatchObject({ host: '127.0.0.1', port: 6379, db: 0 });
    expect(anonymous).not.toHaveProperty('username');
    expect(anonymous).not.toHaveProperty('password');
    expect(anonymous).not.toHaveProperty('tls');
  });

  it('speaks TLS for rediss://, checking the certificate for the host name', () => {
    expect(redisOptions('rediss://:secreto@cache.example.com:6380').tls).toEqual({ servername: 'cache.example.com' });
    // No SNI for an address literal; the certificate is still verified (rejectUnauthorized is not touched).
    expect(redisOptions('rediss://10.0.0.5').tls).toEqual({});
    expect(redisOptions('rediss://[::1]:6380').tls).toEqual({});
  });

  it('fails fast: nothing queued or retried per command, short timeouts, a connection only when asked', () => {
    expect(redisOptions(REDIS_URL)).toMatchObject({
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      connectTimeout: REDIS_TIMEOUTS.connectMs,
      commandTimeout: REDIS_TIMEOUTS.commandMs,
      socketTimeout: REDIS_TIMEOUTS.commandMs,
    });
  });

  it('tries again after 250 ms, doubling up to every 5 s, for as long as it takes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 100].map((attempt) => retryDelayMs(attempt))).toEqual([
      250, 500, 1000, 2000, 4000, 5000, 5000, 5000,
    ]);
    expect(redisOptions(REDIS_URL).retryStrategy?.(3)).toBe(1000);
  });
});

describe('the client against the real Redis', () => {
  it('sends commands and reads their replies, pipelined in order', async () => {
    const redis = await client();
    const key = `${PREFIX}texto`;
    expect(await redis.set(key, 'año ñandú\r\n', 'PX', 60_000)).toBe('OK');
    expect(await redis.get(key)).toBe('año ñandú\r\n');
    const counter = `${PREFIX}contador`;
    const replies = await Promise.all(Array.from({ length: 200 }, () => redis.incr(counter)));
    expect(replies).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    await redis.del(key, counter);
  });

  it('uses the database of the URL', async () => {
    const inThree = await client(`${REDIS_URL}/3`);
    const inZero = await client();
    const key = `${PREFIX}base`;
    await inThree.set(key, 'tres', 'PX', 60_000);
    expect(await inZero.get(key)).toBeNull();
    expect(await inThree.get(key)).toBe('tres');
    await inThree.del(key);
  });

  it('opens no connection until connected, and closes it on close', async () => {
    const through = await proxy();
    const redis = createRedisClient(through.url, { log: quietLog });
    expect(through.accepted).toBe(0);
    await redis.connect();
    expect(await redis.ping()).toBe('PONG');
    expect(through.open).toBe(1);
    await closeRedis(redis);
    await vi.waitFor(() => expect(through.open).toBe(0));
    await expect(redis.ping()).rejects.toThrow('Connection is closed.');
  });

  it('logs a refused handshake once, with the reason and without the password, and refuses commands at once', async () => {
    const warnings: { err: unknown; message: string }[] = [];
    const redis = await client(`redis://nadie-${randomUUID()}:malo-secreto@${new URL(REDIS_URL).host}`, {
      log: { warn: ({ err }, message) => warnings.push({ err, message }), info: () => {} },
    });
    await expect(redis.ping()).rejects.toThrow(/enableOfflineQueue/);
    await vi.waitFor(() => expect(warnings).toHaveLength(1));
    expect(String(warnings[0]!.err)).toMatch(/WRONGPASS/);
    expect(String(warnings[0]!.err)).not.toContain('malo-secreto');
    expect(warnings[0]!.message).toBe('Redis connection failed; connecting again in the background');
  });
});

describe('the client while Redis is away', () => {
  it('refused: fails every command at once, and works again once Redis listens', async () => {
    const through = await proxy();
    const redis = await client(through.url, { timeouts: FAST });
    expect(await redis.ping()).toBe('PONG');
    await through.refuse();
    await vi.waitFor(() => expect(redis.status).not.toBe('ready'));
    await expect(redis.ping()).rejects.toThrow("Stream isn't writeable and enableOfflineQueue options is false");
    await through.restore();
    await vi.waitFor(() => expect(redis.status).toBe('ready'));
    expect(await redis.ping()).toBe('PONG');
  });

  it('reset: the commands in flight fail, not retried, and the client connects again', async () => {
    const through = await proxy();
    const redis = await client(through.url, { timeouts: FAST });
    const key = `${PREFIX}reset`;
    // Held by the black hole, then the connection is reset under it.
    through.hang();
    const inFlight = redis.incr(key);
    through.drop();
    await expect(inFlight).rejects.toThrow();
    await through.restore();
    await vi.waitFor(() => expect(redis.status).toBe('ready'));
    // Not sent again on the new connection: the counter never saw it.
    expect(await redis.incr(key)).toBe(1);
    await redis.del(key);
  });

  it('black hole: a command fails within the command timeout, the silent connection is dropped, and it recovers', async () => {
    const through = await proxy();
    const redis = await client(through.url, { timeouts: FAST });
    expect(await redis.ping()).toBe('PONG');
    const first = through.accepted;
    through.hang();
    await expect(redis.ping()).rejects.toThrow('Command timed out');
    // Dropped for its silence (socketTimeout), and tried again meanwhile through the black hole.
    await vi.waitFor(() => expect(through.accepted).toBeGreaterThan(first));
    await through.restore();
    await vi.waitFor(async () => expect(await redis.ping()).toBe('PONG'), { timeout: 5_000 });
  });

  it('starts without Redis, and connects once Redis is there', async () => {
    const port = await freePort();
    const redis = await client(`redis://127.0.0.1:${port}`, { timeouts: FAST });
    await expect(redis.ping()).rejects.toThrow(/enableOfflineQueue/);
    await proxy({ port });
    await vi.waitFor(() => expect(redis.status).toBe('ready'));
    expect(await redis.ping()).toBe('PONG');
  });

  it('rejects commands once closed, even while it was still connecting', async () => {
    const through = await proxy();
    through.hang();
    const redis = createRedisClient(through.url, { log: quietLog, timeouts: FAST });
    const connecting = redis.connect().catch((error: Error) => error);
    await closeRedis(redis);
    expect(await connecting).toBeInstanceOf(Error);
    await expect(redis.ping()).rejects.toThrow('Connection is closed.');
  });
});
