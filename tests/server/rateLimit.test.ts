// Rate limits (DESIGN.md §4) on sign-in, forgot-password and reset-password: the real limits of
// DEFAULT_RATE_LIMITS through the app, limits lowered through the options object, RATE_LIMIT_FACTOR, and
// the in-memory store on its own. The real numbers are checked twice: counted in this process's memory, and
// in Redis (REDIS_URL; tests/server/redisRateLimit.test.ts shares them between instances).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import {
  DEFAULT_RATE_LIMITS,
  MemoryRateLimitStore,
  RateLimiter,
  type RateLimitPolicy,
  scaledPolicy,
} from '../../server/infra/rateLimit';
import { closeRedis } from '../../server/infra/redis/client';
import { ErrorCodes } from '../../src/api/errors';
import { openRedis, REDIS_URL, removeRedisKeys } from '../support/redisPeers';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const SIGN_IN = '/api/--sesiones/sign-in';
const FORGOT = '/api/--sesiones/forgot-password';
const RESET = '/api/--sesiones/reset-password';
const TOO_MANY = {
  success: false,
  code: 'TOO_MANY_REQUESTS',
  message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  messageId: 'errors.tooManyRequests',
};

const REDIS_PREFIX = `test:${randomUUID()}:`;
afterAll(async () => {
  const redis = await openRedis();
  await removeRedisKeys(redis, REDIS_PREFIX);
  await closeRedis(redis);
});
const STORES: [string, Record<string, string>][] = [
  ['in memory', {}],
  ['in Redis', { REDIS_URL, REDIS_KEY_PREFIX: REDIS_PREFIX }],
];

describe.each(STORES)(`rate limits with the real numbers, counted %s (${dialect})`, (_store, env) => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, rateLimits: DEFAULT_RATE_LIMITS, env });
  });

  const signIn = (username: string, remoteAddress: string, password = DEMO_PASSWORD) =>
    call(t.app, 'POST', SIGN_IN, { payload: { username, password }, remoteAddress });
  const forgot = (email: string, remoteAddress: string) => call(t.app, 'POST', FORGOT, { payload: { email }, remoteAddress });
  const reset = (remoteAddress: string) =>
    call(t.app, 'POST', RESET, { payload: { token: 'A'.repeat(43), password: 'Nueva12345' }, remoteAddress });

  it('sign-in: 10 a minute for one address and e-mail; the 11th is refused even with the right password', async () => {
    const { max, windowSeconds } = DEFAULT_RATE_LIMITS.signInPerIpAndEmail;
    expect([max, windowSeconds]).toEqual([10, 60]);
    for (let i = 0; i < max - 1; i++) expect((await signIn('admin@demo.mx', '10.0.0.1', 'mal-1234')).statusCode).toBe(401);
    expect((await signIn('admin@demo.mx', '10.0.0.1')).statusCode).toBe(200);
    const refused = await signIn('admin@demo.mx', '10.0.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(refused.headers['retry-after']).toBe('60');
    // The same e-mail from elsewhere, and another e-mail from here, still get in.
    expect((await signIn('admin@demo.mx', '10.0.0.2')).statusCode).toBe(200);
    expect((await signIn('consejo@demo.mx', '10.0.0.1')).statusCode).toBe(200);
    // Case and blanks do not make a new e-mail.
    expect((await signIn('  ADMIN@demo.mx', '10.0.0.1')).statusCode).toBe(429);
    // Retry-After counts down with the window; once it has passed, the address may try again.
    clock.advanceMinutes(0.5);
    expect((await signIn('admin@demo.mx', '10.0.0.1')).headers['retry-after']).toBe('30');
    clock.advanceMinutes(0.5);
    expect((await signIn('admin@demo.mx', '10.0.0.1')).statusCode).toBe(200);
  });

  it('sign-in: 30 a minute from one address, whichever e-mails', async () => {
    clock.advanceMinutes(1);
    const { max } = DEFAULT_RATE_LIMITS.signInPerIp;
    expect(max).toBe(30);
    for (let i = 0; i < max; i++)
      expect((await signIn(`vecino${String(i + 1).padStart(3, '0')}@demo.mx`, '10.0.1.1')).statusCode).toBe(200);
    const refused = await signIn('supervisor@demo.mx', '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ErrorCodes.tooManyRequests });
    expect((await signIn('supervisor@demo.mx', '10.0.1.2')).statusCode).toBe(200);
  });

  it('a refused sign-in creates no session', async () => {
    clock.advanceMinutes(1);
    for (let i = 0; i < 10; i++) await signIn('guardia@demo.mx', '10.0.2.1');
    const count = async () =>
      Number((await t.app.db.selectFrom('sessions').select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    expect((await signIn('guardia@demo.mx', '10.0.2.1')).statusCode).toBe(429);
    expect(await count()).toBe(before);
  });

  it('forgot-password: 5 per e-mail in 15 minutes, from any addresses; nothing more is mailed', async () => {
    const { max, windowSeconds } = DEFAULT_RATE_LIMITS.forgotPasswordPerEmail;
    expect([max, windowSeconds]).toEqual([5, 900]);
    for (let i = 0; i < max; i++) expect((await forgot('residente@demo.mx', `10.1.0.${i + 1}`)).statusCode).toBe(200);
    await t.app.tasks.drain();
    const mails = async () =>
      (await t.app.db.selectFrom('mail_outbox').select('id').where('to_address', '=', 'residente@demo.mx').execute()).length;
    expect(await mails()).toBe(max);
    const refused = await forgot('residente@demo.mx', '10.1.0.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(refused.headers['retry-after']).toBe('900');
    await t.app.tasks.drain();
    expect(await mails()).toBe(max);
    // An unknown address counts the same: the limit does not tell which e-mails exist.
    for (let i = 0; i < max; i++) await forgot('nadie@demo.mx', `10.1.1.${i + 1}`);
    expect((await forgot('nadie@demo.mx', '10.1.1.99')).statusCode).toBe(429);
  });

  it('forgot-password: 20 per address in 15 minutes, whichever e-mails', async () => {
    const { max } = DEFAULT_RATE_LIMITS.forgotPasswordPerIp;
    expect(max).toBe(20);
    for (let i = 0; i < max; i++) expect((await forgot(`persona${i}@demo.mx`, '10.2.0.1')).statusCode).toBe(200);
    expect((await forgot('otra@demo.mx', '10.2.0.1')).statusCode).toBe(429);
    expect((await forgot('otra@demo.mx', '10.2.0.2')).statusCode).toBe(200);
    clock.advanceMinutes(15);
    expect((await forgot('otra@demo.mx', '10.2.0.1')).statusCode).toBe(200);
  });

  it('reset-password: 10 per address in 15 minutes, so reset tokens cannot be guessed', async () => {
    const { max, windowSeconds } = DEFAULT_RATE_LIMITS.resetPasswordPerIp;
    expect([max, windowSeconds]).toEqual([10, 900]);
    for (let i = 0; i < max; i++) expect((await reset('10.3.0.1')).statusCode).toBe(400);
    const refused = await reset('10.3.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBe(900);
    expect((await reset('10.3.0.2')).statusCode).toBe(400);
  });

  it('change-password: 10 per person in 15 minutes, across sessions and addresses', async () => {
    const { max, windowSeconds } = DEFAULT_RATE_LIMITS.changePasswordPerUser;
    expect([max, windowSeconds]).toEqual([10, 900]);
    clock.advanceMinutes(1);
    const change = (token: string, currentPassword: string, remoteAddress: string) =>
      call(t.app, 'POST', '/api/--perfil/change-password', {
        token,
        payload: { currentPassword, newPassword: DEMO_PASSWORD },
        remoteAddress,
      });
    const first = await signInAs(t.app, 'empleado@demo.mx');
    const second = await signInAs(t.app, 'empleado@demo.mx');
    for (let i = 0; i < max; i++) {
      expect((await change(i % 2 ? first : second, `adivina-${i}`, `10.4.0.${i}`)).statusCode).toBe(401);
    }
    // Even the right current password is refused now; another person is not affected.
    const refused = await change(first, DEMO_PASSWORD, '10.4.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(refused.headers['retry-after']).toBe('900');
    expect((await change(await signInAs(t.app, 'guardia@demo.mx'), DEMO_PASSWORD, '10.4.1.1')).statusCode).toBe(200);
  });

  it('leaves other calls alone', async () => {
    for (let i = 0; i < 40; i++)
      expect((await call(t.app, 'GET', '/api/health', { remoteAddress: '10.0.1.1' })).statusCode).toBe(200);
  });
});

describe(`rate limits lowered through the options object (${dialect})`, () => {
  const low: RateLimitPolicy = {
    ...DEFAULT_RATE_LIMITS,
    signInPerIp: { max: 2, windowSeconds: 5 },
    resetPasswordPerIp: { max: 1, windowSeconds: 30 },
  };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: low });
  });

  it('applies the given numbers', async () => {
    const signIn = (username: string) => call(t.app, 'POST', SIGN_IN, { payload: { username, password: DEMO_PASSWORD } });
    expect((await signIn('admin@demo.mx')).statusCode).toBe(200);
    expect((await signIn('consejo@demo.mx')).statusCode).toBe(200);
    const refused = await signIn('residente@demo.mx');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(5);
    const reset = () => call(t.app, 'POST', RESET, { payload: { token: 'B'.repeat(43), password: 'Nueva12345' } });
    expect((await reset()).statusCode).toBe(400);
    expect((await reset()).statusCode).toBe(429);
  });
});

describe(`RATE_LIMIT_FACTOR (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: 'from-config', env: { RATE_LIMIT_FACTOR: '2' } });
  });

  it('multiplies every maximum', async () => {
    const { max } = DEFAULT_RATE_LIMITS.forgotPasswordPerEmail;
    for (let i = 0; i < 2 * max; i++) {
      expect(
        (await call(t.app, 'POST', FORGOT, { payload: { email: 'x@demo.mx' }, remoteAddress: `10.9.0.${i}` })).statusCode,
      ).toBe(200);
    }
    expect((await call(t.app, 'POST', FORGOT, { payload: { email: 'x@demo.mx' }, remoteAddress: '10.9.1.0' })).statusCode).toBe(
      429,
    );
  });
});

describe(`behind a proxy (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, resetPasswordPerIp: { max: 1, windowSeconds: 60 } },
      env: { TRUST_PROXY: 'true' },
    });
  });

  it('counts the client named by X-Forwarded-For, not the proxy', async () => {
    const reset = (client: string) =>
      call(t.app, 'POST', RESET, {
        payload: { token: 'C'.repeat(43), password: 'Nueva12345' },
        headers: { 'x-forwarded-for': client },
        remoteAddress: '127.0.0.1',
      });
    expect((await reset('203.0.113.1')).statusCode).toBe(400);
    expect((await reset('203.0.113.1')).statusCode).toBe(429);
    expect((await reset('203.0.113.2')).statusCode).toBe(400);
  });
});

describe('the in-memory store and the limiter', () => {
  it('counts hits in a window that starts at the first hit and ends windowMs later', async () => {
    const store = new MemoryRateLimitStore();
    expect(await store.hit('k', 1000, 5000)).toEqual({ count: 1, resetAtMs: 6000 });
    expect(await store.hit('k', 1000, 5999)).toEqual({ count: 2, resetAtMs: 6000 });
    expect(await store.hit('other', 1000, 5999)).toEqual({ count: 1, resetAtMs: 6999 });
    expect(await store.hit('k', 1000, 6000)).toEqual({ count: 1, resetAtMs: 7000 });
  });

  it('forgets ended windows once it holds many, so memory stays bounded', async () => {
    const store = new MemoryRateLimitStore(100);
    for (let i = 0; i < 100; i++) await store.hit(`ip-${i}`, 1000, 0);
    expect(store.size).toBe(100);
    await store.hit('late', 1000, 1000);
    expect(store.size).toBe(1);
  });

  it('refuses when any limit is over, with the longest wait', async () => {
    const clock = testClock(new Date(0));
    const policy = scaledPolicy(DEFAULT_RATE_LIMITS, 1);
    const limiter = new RateLimiter({ ...policy, signInPerIp: { max: 1, windowSeconds: 10 } }, new MemoryRateLimitStore(), clock);
    const hits = [
      { limit: 'signInPerIp' as const, key: 'a' },
      { limit: 'signInPerIpAndEmail' as const, key: 'a b' },
    ];
    await limiter.consume(hits);
    await expect(limiter.consume(hits)).rejects.toMatchObject({ statusCode: 429, retryAfterSeconds: 10 });
    clock.advanceMinutes(10 / 60);
    await expect(limiter.consume(hits)).resolves.toBeUndefined();
  });

  it('scales every maximum and keeps the windows', () => {
    const scaled = scaledPolicy(DEFAULT_RATE_LIMITS, 3);
    for (const [name, limit] of Object.entries(DEFAULT_RATE_LIMITS)) {
      expect(scaled[name as keyof RateLimitPolicy]).toEqual({ max: limit.max * 3, windowSeconds: limit.windowSeconds });
    }
  });
});
