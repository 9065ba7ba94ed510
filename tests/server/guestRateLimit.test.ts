// Guest registration is rate limited per address (DEFAULT_RATE_LIMITS.guestRegistrationPerIp): the next one
// answers 429 with the clear message, takes no place at the event and stores no pass; RATE_LIMIT_FACTOR
// scales the limit.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUEST_TOKENS } from '../../server/db/seed/guests';
import { DEFAULT_RATE_LIMITS } from '../../server/infra/rateLimit';
import { call, createTestApp, dialect, type TestApp, testClock } from '../support/testApp';

const register = (token: string) => `/api/--invitados/registrar/${token}`;
const guest = (n: number) => ({
  nombre: `Invitado ${n}`,
  email: `invitado${n}@correo.mx`,
  confirmEmail: `invitado${n}@correo.mx`,
  formaDeAcceso: 'pie',
});
const TOO_MANY = {
  success: false,
  code: 'TOO_MANY_REQUESTS',
  message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  messageId: 'errors.tooManyRequests',
};

describe(`guest registration rate limit (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, rateLimits: DEFAULT_RATE_LIMITS });
  });

  const passes = async () =>
    Number((await t.app.db.selectFrom('passes').select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('answers 429 past 10 in 15 minutes from one address, and stores nothing', async () => {
    const { max, windowSeconds } = DEFAULT_RATE_LIMITS.guestRegistrationPerIp;
    expect([max, windowSeconds]).toEqual([10, 15 * 60]);
    for (let i = 0; i < max; i++) {
      const res = await call(t.app, 'POST', register(DEMO_GUEST_TOKENS.user), { payload: guest(i), remoteAddress: '10.9.0.1' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await passes();
    const refused = await call(t.app, 'POST', register(DEMO_GUEST_TOKENS.user), {
      payload: guest(99),
      remoteAddress: '10.9.0.1',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(refused.headers['retry-after']).toBe(String(windowSeconds));
    expect(await passes()).toBe(before);

    // An event's places are not taken by a refused registration either.
    const eventId = (
      await t.app.db
        .selectFrom('guest_links')
        .select('event_id')
        .where('token', '=', DEMO_GUEST_TOKENS.open)
        .executeTakeFirstOrThrow()
    ).event_id!;
    const count = async () =>
      (await t.app.db.selectFrom('events').select('guest_count').where('id', '=', eventId).executeTakeFirstOrThrow()).guest_count;
    const guests = await count();
    const eventRefused = await call(t.app, 'POST', register(DEMO_GUEST_TOKENS.open), {
      payload: { ...guest(100), numDeInvitados: 1 },
      remoteAddress: '10.9.0.1',
    });
    expect(eventRefused.statusCode).toBe(429);
    expect(await count()).toBe(guests);
    expect(await passes()).toBe(before);

    // Another address still registers; this one again once the window has passed.
    expect(
      (await call(t.app, 'POST', register(DEMO_GUEST_TOKENS.user), { payload: guest(200), remoteAddress: '10.9.0.2' }))
        .statusCode,
    ).toBe(200);
    clock.advanceMinutes(15);
    expect(
      (await call(t.app, 'POST', register(DEMO_GUEST_TOKENS.user), { payload: guest(201), remoteAddress: '10.9.0.1' }))
        .statusCode,
    ).toBe(200);
  });
});

describe(`guest registration rate limit with RATE_LIMIT_FACTOR (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      clock: testClock(new Date('2025-06-02T18:00:00Z')),
      rateLimits: 'from-config',
      env: { RATE_LIMIT_FACTOR: '2' },
    });
  });

  it('lets twice as many through', async () => {
    const max = DEFAULT_RATE_LIMITS.guestRegistrationPerIp.max * 2;
    for (let i = 0; i < max; i++) {
      const res = await call(t.app, 'POST', register(DEMO_GUEST_TOKENS.user), { payload: guest(i), remoteAddress: '10.9.1.1' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(
      (await call(t.app, 'POST', register(DEMO_GUEST_TOKENS.user), { payload: guest(999), remoteAddress: '10.9.1.1' }))
        .statusCode,
    ).toBe(429);
  });
});
