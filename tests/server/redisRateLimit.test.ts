// Rate-limit counters shared through Redis (REDIS_URL, REDIS_KEY_PREFIX) by several app instances, against
// the real Redis: the second instance refuses once the first used the budget, windows end (on the app's
// clock, and in Redis by expiry), prefixes keep apps apart, and while Redis is down each instance counts in
// its own memory (also when Redis black-holes its packets), then shares again once Redis is back. The
// script goes to Redis once per connection and is called by its SHA after that.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { DEFAULT_RATE_LIMITS, type RateLimitPolicy } from '../../server/infra/rateLimit';
import { FIXED_WINDOW_SCRIPT, RedisRateLimitStore, redisRateLimitKey } from '../../server/infra/rateLimitRedis';
import { closeRedis } from '../../server/infra/redis/client';
import type { HealthReadyAnswer } from '../../src/api/health';
import {
  freePort,
  openRedis,
  REDIS_URL,
  redisKeysUnder,
  removeRedisKeys,
  startFakeRedis,
  startRedisProxy,
} from '../support/redisPeers';
import type { TcpProxy } from '../support/tcpProxy';
import { call, createTestApp, dialect, type TestApp, testClock } from '../support/testApp';

const SIGN_IN = '/api/--sesiones/sign-in';
const RESET = '/api/--sesiones/reset-password';
const TOO_MANY = {
  success: false,
  code: 'TOO_MANY_REQUESTS',
  message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  messageId: 'errors.tooManyRequests',
};

const signIn = (t: TestApp, username: string, remoteAddress: string) =>
  call(t.app, 'POST', SIGN_IN, { payload: { username, password: DEMO_PASSWORD }, remoteAddress });
/** A reset with a token that does not exist: 400 while the address is under its limit, then 429. */
const reset = (t: TestApp, remoteAddress: string) =>
  call(t.app, 'POST', RESET, { payload: { token: 'R'.repeat(43), password: 'Nueva12345' }, remoteAddress });

/** For hooks and tests that build apps (migrations and demo data; on PostgreSQL, on a busy machine, slow). */
const BUILDS_APPS_MS = 60_000;
const newPrefix = () => `test:${randomUUID()}:`;
/** An app's connections to Redis: the rate limits' client; on PostgreSQL also the live channel's subscriber (issue 30:
 * pub/sub takes a connection of its own). */
const REDIS_CONNECTIONS = dialect === 'postgres' ? 2 : 1;
const withRedis = (prefix: string, url = REDIS_URL) => ({ REDIS_URL: url, REDIS_KEY_PREFIX: prefix });

/** A client of the test's own, to look at (and finally remove) what the apps wrote. */
let redis: Redis;
beforeAll(async () => {
  redis = await openRedis();
});
const keysUnder = (prefix: string) => redisKeysUnder(redis, prefix);
const prefixesUsed: string[] = [];
afterAll(async () => {
  for (const prefix of prefixesUsed) await removeRedisKeys(redis, prefix);
  await closeRedis(redis);
});
const ready = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json<HealthReadyAnswer>();
function prefixForTest(): string {
  const prefix = newPrefix();
  prefixesUsed.push(prefix);
  return prefix;
}

describe(`two app instances sharing REDIS_URL (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  const prefix = prefixForTest();
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ clock, rateLimits: DEFAULT_RATE_LIMITS, env: withRedis(prefix) });
    second = await createTestApp({ clock, rateLimits: DEFAULT_RATE_LIMITS, env: withRedis(prefix) });
  }, BUILDS_APPS_MS);

  it('the second instance refuses with 429 and Retry-After once the first used the budget', async () => {
    const { max, windowSeconds } = DEFAULT_RATE_LIMITS.signInPerIpAndEmail;
    for (let i = 0; i < max; i++) expect((await signIn(first, 'admin@demo.mx', '10.0.0.1')).statusCode).toBe(200);
    const refused = await signIn(second, 'admin@demo.mx', '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(refused.headers['retry-after']).toBe(String(windowSeconds));
    expect((await signIn(first, 'admin@demo.mx', '10.0.0.1')).statusCode).toBe(429);
    // Other addresses and other e-mails have their own counters, on either instance.
    expect((await signIn(second, 'admin@demo.mx', '10.0.0.2')).statusCode).toBe(200);
    expect((await signIn(second, 'consejo@demo.mx', '10.0.0.1')).statusCode).toBe(200);
  });

  it('Retry-After counts down on the shared clock, and the window ends for both', async () => {
    clock.advanceMinutes(0.5);
    expect((await signIn(second, 'admin@demo.mx', '10.0.0.1')).headers['retry-after']).toBe('30');
    clock.advanceMinutes(0.5);
    expect((await signIn(second, 'admin@demo.mx', '10.0.0.1')).statusCode).toBe(200);
    expect((await signIn(first, 'admin@demo.mx', '10.0.0.1')).statusCode).toBe(200);
  });

  it('keeps each window in one key under the prefix, hashed, that expires with the window', async () => {
    const keys = await keysUnder(prefix);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(new RegExp(`^${prefix}ratelimit:[\\w-]{43}$`));
    const key = redisRateLimitKey(prefix, 'signInPerIpAndEmail:10.0.0.1 admin@demo.mx');
    expect(keys).toContain(key);
    // Two hits since the window restarted (one per instance), ending a minute after the first.
    const [count, resetAt] = await redis.hmget(key, 'count', 'resetAt');
    expect(count).toBe('2');
    expect(Number(resetAt)).toBe(clock.now().getTime() + 60_000);
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it(
    'does not share counters with apps under another prefix',
    async () => {
      const other = await createTestApp({ clock, rateLimits: DEFAULT_RATE_LIMITS, env: withRedis(prefixForTest()) });
      try {
        const { max } = DEFAULT_RATE_LIMITS.resetPasswordPerIp;
        for (let i = 0; i < max; i++) expect((await reset(first, '10.5.0.1')).statusCode).toBe(400);
        expect((await reset(second, '10.5.0.1')).statusCode).toBe(429);
        expect((await reset(other, '10.5.0.1')).statusCode).toBe(400);
      } finally {
        await other.close();
      }
    },
    BUILDS_APPS_MS,
  );
});

describe(`windows expiring in Redis on the real clock (${dialect})`, () => {
  const prefix = prefixForTest();
  const policy: RateLimitPolicy = { ...DEFAULT_RATE_LIMITS, resetPasswordPerIp: { max: 1, windowSeconds: 1 } };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: policy, env: withRedis(prefix) });
  });

  it('accepts again once Redis has dropped the ended window', async () => {
    expect((await reset(t, '10.7.0.1')).statusCode).toBe(400);
    const refused = await reset(t, '10.7.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    const key = redisRateLimitKey(prefix, 'resetPasswordPerIp:10.7.0.1');
    await vi.waitFor(async () => expect(await redis.exists(key)).toBe(0), { timeout: 10_000, interval: 100 });
    expect((await reset(t, '10.7.0.1')).statusCode).toBe(400);
  });
});

describe(`while Redis is down (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  const prefix = prefixForTest();
  const policy: RateLimitPolicy = { ...DEFAULT_RATE_LIMITS, resetPasswordPerIp: { max: 2, windowSeconds: 60 } };
  let proxy: TcpProxy & { url: string };
  let behindProxy: TestApp;
  let behindProxyClosed = false;
  let direct: TestApp;
  const logLines: { level: number; msg: string; err?: { message: string } }[] = [];
  const logged = (text: string) => logLines.filter((line) => line.msg.includes(text));
  beforeAll(async () => {
    proxy = await startRedisProxy();
    behindProxy = await createTestApp({
      clock,
      rateLimits: policy,
      env: { ...withRedis(prefix, proxy.url), LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(JSON.parse(line)) },
    });
    direct = await createTestApp({ clock, rateLimits: policy, env: withRedis(prefix) });
  }, BUILDS_APPS_MS);
  afterAll(async () => {
    if (!behindProxyClosed) await behindProxy?.close();
    await direct?.close();
    await proxy?.close();
  });

  it('shares the counters while Redis answers', async () => {
    expect((await reset(behindProxy, '10.6.0.1')).statusCode).toBe(400);
    expect((await reset(direct, '10.6.0.1')).statusCode).toBe(400);
    expect((await reset(behindProxy, '10.6.0.1')).statusCode).toBe(429);
    expect(proxy.open).toBe(REDIS_CONNECTIONS);
  });

  it('falls back to counting in the process: the limits still hold, with one warning', async () => {
    expect(await ready(behindProxy)).toMatchObject({ redis: 'ready' });
    await proxy.refuse();
    expect((await reset(behindProxy, '10.6.0.2')).statusCode).toBe(400);
    expect((await reset(behindProxy, '10.6.0.2')).statusCode).toBe(400);
    const refused = await reset(behindProxy, '10.6.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    // The instance that still reaches Redis counts on its own meanwhile: counters are not shared.
    expect((await reset(direct, '10.6.0.2')).statusCode).toBe(400);
    const warnings = logged('Redis is unavailable');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(warnings[0]!.err?.message).toBeTruthy();
    // Still ready: the process limits on its own meanwhile.
    expect(await ready(behindProxy)).toEqual({ success: true, database: dialect, redis: 'unavailable' });
  });

  it('shares the counters again once Redis is back, and says so once', async () => {
    await proxy.restore();
    // The client waits a moment before trying again; keep asking (from addresses of their own) until it has.
    let probe = 0;
    await vi.waitFor(
      async () => {
        await reset(behindProxy, `10.6.9.${probe++}`);
        expect(logged('Redis answers again')).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect((await reset(behindProxy, '10.6.0.3')).statusCode).toBe(400);
    expect((await reset(direct, '10.6.0.3')).statusCode).toBe(400);
    expect((await reset(behindProxy, '10.6.0.3')).statusCode).toBe(429);
    expect(logged('Redis is unavailable')).toHaveLength(1);
    expect(await ready(behindProxy)).toMatchObject({ redis: 'ready' });
  });

  it(
    'starts and limits even when Redis is not there at all',
    async () => {
      const nowhere = await createTestApp({
        clock,
        rateLimits: policy,
        env: withRedis(prefix, `redis://127.0.0.1:${await freePort()}`),
      });
      try {
        expect((await reset(nowhere, '10.6.1.1')).statusCode).toBe(400);
        expect((await reset(nowhere, '10.6.1.1')).statusCode).toBe(400);
        expect((await reset(nowhere, '10.6.1.1')).statusCode).toBe(429);
      } finally {
        await nowhere.close();
      }
    },
    BUILDS_APPS_MS,
  );

  it('closes its Redis connection when the app closes', async () => {
    expect(proxy.open).toBe(REDIS_CONNECTIONS);
    behindProxyClosed = true;
    await behindProxy.close();
    await vi.waitFor(() => expect(proxy.open).toBe(0));
  });
});

describe(`while Redis black-holes its packets (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  const prefix = prefixForTest();
  const policy: RateLimitPolicy = { ...DEFAULT_RATE_LIMITS, resetPasswordPerIp: { max: 2, windowSeconds: 60 } };
  let proxy: TcpProxy & { url: string };
  let t: TestApp;
  const logLines: { msg: string }[] = [];
  const logged = (text: string) => logLines.filter((line) => line.msg.includes(text));
  beforeAll(async () => {
    proxy = await startRedisProxy();
    t = await createTestApp({
      clock,
      rateLimits: policy,
      env: { ...withRedis(prefix, proxy.url), LOG_LEVEL: 'info' },
      logStream: { write: (line) => logLines.push(JSON.parse(line)) },
    });
  }, BUILDS_APPS_MS);
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('answers every request, counting in the process after the command timeout, and shares again once Redis answers', async () => {
    expect((await reset(t, '10.8.0.1')).statusCode).toBe(400);
    proxy.hang();
    // The first ask waits for the command timeout; the silent connection is then dropped and, while new
    // ones hang in their handshake, asks fail at once.
    expect((await reset(t, '10.8.0.2')).statusCode).toBe(400);
    expect((await reset(t, '10.8.0.2')).statusCode).toBe(400);
    expect((await reset(t, '10.8.0.2')).statusCode).toBe(429);
    expect(logged('Redis is unavailable')).toHaveLength(1);
    await proxy.restore();
    let probe = 0;
    await vi.waitFor(
      async () => {
        await reset(t, `10.8.9.${probe++}`);
        expect(logged('Redis answers again')).toHaveLength(1);
      },
      { timeout: 15_000, interval: 100 },
    );
    // Counted in Redis again: the window of 10.8.0.1 began there before the outage.
    expect((await reset(t, '10.8.0.1')).statusCode).toBe(400);
    expect((await reset(t, '10.8.0.1')).statusCode).toBe(429);
  });
});

describe('the rate-limit script', () => {
  it('goes to Redis once per connection; every later hit calls it by its SHA', async () => {
    const through = await startRedisProxy({ record: true });
    const client = await openRedis(through.url);
    try {
      const store = new RedisRateLimitStore(client, prefixForTest());
      for (let i = 1; i <= 5; i++) expect((await store.hit('k', 60_000, 1000)).count).toBe(i);
      const sent = through.sent();
      expect(sent.split(FIXED_WINDOW_SCRIPT)).toHaveLength(2);
      expect(sent.match(/\r\nevalsha\r\n/gi)).toHaveLength(4);
    } finally {
      await closeRedis(client);
      await through.close();
    }
  });

  it('is sent again when Redis answers NOSCRIPT (a restart or failover emptied its script cache)', async () => {
    let scriptKnown = false;
    const fake = await startFakeRedis((command) => {
      if (command[0] === 'eval') scriptKnown = true;
      if (command[0] === 'evalsha' && !scriptKnown) return '-NOSCRIPT No matching script. Please use EVAL.\r\n';
      return '*2\r\n:1\r\n:61000\r\n';
    });
    const client = await openRedis(fake.url);
    try {
      const store = new RedisRateLimitStore(client, 'p:');
      await store.hit('k', 60_000, 1000);
      await store.hit('k', 60_000, 1000);
      scriptKnown = false;
      expect(await store.hit('k', 60_000, 1000)).toEqual({ count: 1, resetAtMs: 61_000 });
      const scripts = fake.commands.filter(([name]) => name === 'eval' || name === 'evalsha').map(([name]) => name);
      expect(scripts).toEqual(['eval', 'evalsha', 'evalsha', 'eval']);
    } finally {
      await closeRedis(client);
      await fake.close();
    }
  });
});

describe('RedisRateLimitStore on its own', () => {
  it('counts hits in a window that starts at the first hit and ends windowMs later, as the memory store does', async () => {
    const store = new RedisRateLimitStore(redis, prefixForTest());
    expect(await store.hit('k', 1000, 5000)).toEqual({ count: 1, resetAtMs: 6000 });
    expect(await store.hit('k', 1000, 5999)).toEqual({ count: 2, resetAtMs: 6000 });
    expect(await store.hit('other', 1000, 5999)).toEqual({ count: 1, resetAtMs: 6999 });
    expect(await store.hit('k', 1000, 6000)).toEqual({ count: 1, resetAtMs: 7000 });
    // Times as the app's clock gives them today, beyond 32 bits and exact.
    const now = Date.UTC(2026, 10, 21, 18, 0, 0, 123);
    expect(await store.hit('hoy', 900_000, now)).toEqual({ count: 1, resetAtMs: now + 900_000 });
  });

  it('loses no hit when two processes count the same key at once', async () => {
    const prefix = prefixForTest();
    const other = await openRedis();
    try {
      const stores = [new RedisRateLimitStore(redis, prefix), new RedisRateLimitStore(other, prefix)];
      const hits = await Promise.all(Array.from({ length: 200 }, (_, i) => stores[i % 2]!.hit('k', 60_000, 1000)));
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      expect(new Set(hits.map((hit) => hit.resetAtMs))).toEqual(new Set([61_000]));
    } finally {
      await closeRedis(other);
    }
  });
});
