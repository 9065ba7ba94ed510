// server/redis/client.ts against the real Redis (pipelined replies in order, errors, EVAL) and against
// stand-ins for what a real one rarely does on cue: a password and database from the URL, a server that
// never answers, one that is down and comes back, a connection that drops. No database: the same on both
// dialects.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRedisUrl } from '../../server/redis/address';
import { RedisClient, RedisReplyError, RedisUnavailableError } from '../../server/redis/client';
import { type FakeRedis, freePort, REDIS_URL, startFakeRedis, startTcpProxy, type TcpProxy } from '../support/redisPeers';

const PREFIX = `test:client:${process.pid}:${Date.now()}:`;
const OK = '+OK\r\n';
const PONG = '+PONG\r\n';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
function client(url: string, options: ConstructorParameters<typeof RedisClient>[1] = {}): RedisClient {
  const redis = new RedisClient(url, options);
  cleanups.push(() => redis.close());
  return redis;
}
async function fake(answer: (command: string[]) => string | null, port?: number): Promise<FakeRedis> {
  const server = await startFakeRedis(answer, port);
  cleanups.push(() => server.close());
  return server;
}
async function proxy(): Promise<TcpProxy> {
  const server = await startTcpProxy();
  cleanups.push(() => server.close());
  return server;
}

describe('parseRedisUrl', () => {
  it('reads host, port, credentials and database, with defaults', () => {
    expect(parseRedisUrl('redis://127.0.0.1')).toEqual({
      host: '127.0.0.1',
      port: 6379,
      username: null,
      password: null,
      database: 0,
    });
    expect(parseRedisUrl('redis://app:p%40ss%3Aw@cache.internal:6380/15')).toEqual({
      host: 'cache.internal',
      port: 6380,
      username: 'app',
      password: 'p@ss:w',
      database: 15,
    });
    expect(parseRedisUrl('redis://:solo@[::1]:7000/')).toMatchObject({
      host: '::1',
      port: 7000,
      username: null,
      password: 'solo',
    });
  });
});

describe('RedisClient with the real Redis', () => {
  it('sends commands and reads their replies', async () => {
    const redis = client(REDIS_URL);
    const key = `${PREFIX}texto`;
    expect(await redis.command('PING')).toBe('PONG');
    expect(await redis.command('SET', key, 'año ñandú\r\n', 'PX', 60_000)).toBe('OK');
    expect(await redis.command('GET', key)).toBe('año ñandú\r\n');
    expect(await redis.command('DEL', key)).toBe(1);
    expect(await redis.command('GET', key)).toBeNull();
    expect(await redis.command('EVAL', 'return {1, "dos", {3}}', 0)).toEqual([1, 'dos', [3]]);
  });

  it('pipelines: many commands in flight on one connection get their own replies, in order', async () => {
    const redis = client(REDIS_URL);
    const key = `${PREFIX}contador`;
    const replies = await Promise.all(Array.from({ length: 200 }, () => redis.command('INCR', key)));
    expect(replies).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    await redis.command('DEL', key);
  });

  it('rejects a refused command with RedisReplyError and goes on on the same connection', async () => {
    const redis = client(REDIS_URL);
    const key = `${PREFIX}hash`;
    await redis.command('HSET', key, 'a', 1);
    const [wrongType, after] = await Promise.allSettled([redis.command('INCR', key), redis.command('HGET', key, 'a')]);
    expect(wrongType.status === 'rejected' && wrongType.reason).toBeInstanceOf(RedisReplyError);
    expect(wrongType.status === 'rejected' && (wrongType.reason as Error).message).toMatch(/^WRONGTYPE/);
    expect(after).toEqual({ status: 'fulfilled', value: '1' });
    expect(redis.connected).toBe(true);
    await redis.command('DEL', key);
  });

  it('opens its connection on the first command and ends it on close', async () => {
    const through = await proxy();
    const redis = new RedisClient(through.url);
    expect(through.open).toBe(0);
    await redis.command('PING');
    expect(through.open).toBe(1);
    await redis.close();
    await vi.waitFor(() => expect(through.open).toBe(0));
    await expect(redis.command('PING')).rejects.toThrow(RedisUnavailableError);
  });

  it('connects again after the connection drops', async () => {
    const through = await proxy();
    const redis = client(through.url);
    expect(await redis.command('PING')).toBe('PONG');
    await through.down();
    await vi.waitFor(() => expect(redis.connected).toBe(false));
    await through.up();
    expect(await redis.command('PING')).toBe('PONG');
    expect(redis.connected).toBe(true);
  });
});

describe('RedisClient handshake, timeouts and reconnection', () => {
  const answerHandshake = (command: string[]) => (command[0] === 'PING' ? PONG : OK);

  it('authenticates and selects the database of the URL before the first command', async () => {
    const server = await fake(answerHandshake);
    const redis = client(`redis://app:p%40ss%20w@127.0.0.1:${server.port}/3`);
    await redis.command('GET', 'k');
    expect(server.commands).toEqual([['AUTH', 'app', 'p@ss w'], ['SELECT', '3'], ['PING'], ['GET', 'k']]);

    const passwordOnly = await fake(answerHandshake);
    await client(`redis://:secreto@127.0.0.1:${passwordOnly.port}`).command('GET', 'k');
    expect(passwordOnly.commands).toEqual([['AUTH', 'secreto'], ['PING'], ['GET', 'k']]);
  });

  it('fails when the handshake is refused, without the password in the message', async () => {
    const server = await fake((command) =>
      command[0] === 'AUTH' ? '-WRONGPASS invalid username-password pair or user is disabled.\r\n' : PONG,
    );
    const failure = await client(`redis://:malo@127.0.0.1:${server.port}`)
      .command('GET', 'k')
      .catch((error: Error) => error);
    expect(failure).toBeInstanceOf(RedisUnavailableError);
    expect((failure as Error).message).toMatch(/refused the handshake: WRONGPASS/);
    expect((failure as Error).message).not.toContain('malo');
    expect(server.commands.map((command) => command[0])).not.toContain('GET');
  });

  it('gives up connecting after connectTimeoutMs when nothing answers', async () => {
    const silent = await fake(() => null);
    const redis = client(silent.url, { connectTimeoutMs: 50, commandTimeoutMs: 10_000 });
    await expect(redis.command('PING')).rejects.toThrow(/no Redis connection within 50 ms/);
    expect(redis.connected).toBe(false);
  });

  it('drops the connection when a reply is later than commandTimeoutMs, and the next command opens a new one', async () => {
    // A stalled server: from the first GET on, it answers nothing (Redis answers in order or not at all).
    let stalled = false;
    const server = await fake((command) => {
      if (command[0] === 'GET' && server.accepted === 1) stalled = true;
      if (stalled) return null;
      return command[0] === 'GET' ? '$3\r\nsí\r\n' : PONG;
    });
    const redis = client(server.url, { commandTimeoutMs: 50 });
    // Both in flight: the second one's reply would come after the missing one, so both fail.
    const results = await Promise.allSettled([redis.command('GET', 'a'), redis.command('PING')]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual([
      'Redis did not answer within 50 ms',
      'Redis did not answer within 50 ms',
    ]);
    stalled = false;
    expect(await redis.command('GET', 'a')).toBe('sí');
    expect(server.accepted).toBe(2);
  });

  it('drops a connection that sends what is not RESP', async () => {
    const server = await fake((command) => (command[0] === 'GET' ? 'HTTP/1.1 400 Bad Request\r\n' : PONG));
    await expect(client(server.url).command('GET', 'x')).rejects.toThrow(/sent something unreadable/);
  });

  it('while Redis is down fails at once, and tries again after a delay that doubles', async () => {
    const port = await freePort();
    let now = 0;
    const redis = client(`redis://127.0.0.1:${port}`, { retryDelayMs: { min: 1000, max: 4000 }, now: () => now });
    await expect(redis.command('PING')).rejects.toThrow(/ECONNREFUSED/);
    await expect(redis.command('PING')).rejects.toThrow('Redis is unreachable; next attempt in 1000 ms');
    now += 1000;
    await expect(redis.command('PING')).rejects.toThrow(/ECONNREFUSED/);
    now += 1000;
    // Redis is back, but the second failure doubled the delay: no connection is tried yet.
    const server = await fake(answerHandshake, port);
    await expect(redis.command('PING')).rejects.toThrow('Redis is unreachable; next attempt in 1000 ms');
    expect(server.accepted).toBe(0);
    now += 1000;
    expect(await redis.command('PING')).toBe('PONG');
    expect(server.accepted).toBe(1);
  });

  it('rejects commands once closed, even while it was still connecting', async () => {
    const server = await fake(answerHandshake);
    const redis = new RedisClient(server.url);
    const first = redis.command('PING');
    const closing = redis.close();
    await expect(first).rejects.toThrow('Redis client is closed');
    await closing;
    await expect(redis.command('PING')).rejects.toThrow('Redis client is closed');
  });
});
