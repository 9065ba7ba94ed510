// How long a working session lives (issue 11 §6): idle expiry exact to the last use although the last-used
// write happens at most once a minute, and an absolute end however much the session is used
// (SESSION_MAX_HOURS, REMEMBER_ME_MAX_DAYS), which the login-redirect bridge does not renew.
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveSession } from '../../server/domain/sessions/sessions';
import type { SessionPolicy } from '../../server/domain/shared/sessionRows';
import type { Clock } from '../../server/infra/clock';
import { hashToken } from '../../server/infra/tokens';
import { call, createTestApp, dialect, getSessionData, signInAs, type TestApp, testClock } from '../support/testApp';

const IDLE = 30;
const MINUTE = 60_000;
const ENV = { SESSION_IDLE_MINUTES: String(IDLE), SESSION_MAX_HOURS: '4', REMEMBER_ME_DAYS: '2', REMEMBER_ME_MAX_DAYS: '5' };

describe(`session lifetime (${dialect})`, () => {
  // Ten seconds past a whole minute: uses fall inside minutes, not on their edges.
  const clock = testClock(new Date('2025-06-02T18:00:10Z'));
  const advanceMs = (ms: number) => clock.advanceMinutes(ms / MINUTE);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: ENV });
  });

  const status = async (token: string) => (await getSessionData(t.app, token)).statusCode;
  /** Uses the session every 20 minutes (never idle) for `minutes`. */
  async function keepUsing(token: string, minutes: number) {
    for (let used = 0; used < minutes; used += 20) {
      clock.advanceMinutes(Math.min(20, minutes - used));
      expect(await status(token)).toBe(200);
    }
  }
  const row = (token: string) =>
    t.app.db
      .selectFrom('sessions')
      .select(['last_seen_at', 'expires_at', 'absolute_expires_at', 'created_at'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();

  describe('idle expiry', () => {
    // Where in the minute after sign-in the last use falls, in seconds: with the old throttle a use in the
    // same minute as the last write did not count, and the session ended up to a minute early.
    it.each([0, 1, 30, 49, 50, 59, 60, 61, 110])(
      'ends exactly SESSION_IDLE_MINUTES after the last use, %i s after sign-in, and not before',
      async (seconds) => {
        const token = await signInAs(t.app, 'consejo@demo.mx');
        advanceMs(seconds * 1000);
        expect(await status(token)).toBe(200);
        // The last use: IDLE minutes later, less a millisecond, it still works.
        advanceMs(IDLE * MINUTE - 1);
        const stillThere = await t.app.db
          .selectFrom('sessions')
          .select('id')
          .where('token_hash', '=', hashToken(token))
          .where('expires_at', '>', clock.now().toISOString())
          .executeTakeFirst();
        expect(stillThere, 'alive IDLE minutes after its last use').toBeDefined();
        // And it ends less than a minute after that (the expiry is kept to the whole minute).
        advanceMs(MINUTE + 1);
        expect(await status(token)).toBe(401);
      },
    );

    it('is IDLE minutes after the last use even when that use wrote nothing, checked through the API', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx');
      const signedIn = await row(token);
      advanceMs(40_000); // same minute as the sign-in's write: no write now
      expect(await status(token)).toBe(200);
      expect((await row(token)).last_seen_at).toBe(signedIn.last_seen_at);
      // The old rule ended it IDLE minutes after the write (sign-in); it lives IDLE minutes after the use.
      advanceMs(IDLE * MINUTE - 1000);
      expect(await status(token)).toBe(200);
    });

    it('writes the last use at most once a minute, and the expiry only moves forward', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx');
      // One second into the next whole minute.
      advanceMs(MINUTE - (clock.now().getTime() % MINUTE) + 1000);
      expect(await status(token)).toBe(200);
      const written = await row(token);
      expect(written.last_seen_at).toBe(clock.now().toISOString());
      for (let i = 0; i < 5; i++) {
        advanceMs(5_000);
        expect(await status(token)).toBe(200);
      }
      // 25 seconds later, in the same minute: nothing written.
      expect(await row(token)).toEqual(written);
      advanceMs(MINUTE);
      expect(await status(token)).toBe(200);
      const next = await row(token);
      expect(next.last_seen_at).toBe(clock.now().toISOString());
      expect(next.expires_at > written.expires_at).toBe(true);
    });

    it('is not moved back by a request that started before the last write', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx');
      const { scryptLogN, sessionIdleMinutes, rememberMeDays, sessionMaxHours, rememberMeMaxDays } = t.config;
      const policy: SessionPolicy = { scryptLogN, sessionIdleMinutes, rememberMeDays, sessionMaxHours, rememberMeMaxDays };
      const early: Clock = { now: () => new Date(clock.now().getTime() + 2 * MINUTE) };
      const late: Clock = { now: () => new Date(clock.now().getTime() + 3 * MINUTE) };
      expect(await resolveSession(t.app.db, policy, late, token)).not.toBeNull();
      const afterLate = await row(token);
      expect(await resolveSession(t.app.db, policy, early, token)).not.toBeNull();
      expect(await row(token)).toEqual(afterLate);
    });
  });

  describe('absolute lifetime', () => {
    it('ends an ordinary session SESSION_MAX_HOURS after sign-in, however much it is used', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx');
      const signedInAt = clock.now().getTime();
      const end = new Date(signedInAt + 4 * 60 * MINUTE).toISOString();
      expect((await row(token)).absolute_expires_at).toBe(end);
      // Used every 10 minutes for four hours less a minute: never idle, always alive.
      while (clock.now().getTime() + 10 * MINUTE < signedInAt + 4 * 60 * MINUTE - MINUTE) {
        advanceMs(10 * MINUTE);
        expect(await status(token)).toBe(200);
      }
      // Its idle expiry stops at the end instead of sliding past it.
      expect((await row(token)).expires_at).toBe(end);
      advanceMs(signedInAt + 4 * 60 * MINUTE - clock.now().getTime() - 1);
      expect(await status(token)).toBe(200);
      advanceMs(1);
      expect(await status(token)).toBe(401);
    });

    it('ends a "remember me" session REMEMBER_ME_MAX_DAYS after sign-in, used every day', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx', undefined, { rememberMe: true });
      for (let day = 1; day <= 4; day++) {
        clock.advanceMinutes(24 * 60);
        expect(await status(token), `day ${day}`).toBe(200);
      }
      clock.advanceMinutes(24 * 60 - 1);
      expect(await status(token)).toBe(200);
      clock.advanceMinutes(1);
      expect(await status(token)).toBe(401);
    });

    it('is not renewed by the login-redirect bridge: the session it opens ends with the one that asked', async () => {
      const token = await signInAs(t.app, 'empleado@demo.mx');
      const end = (await row(token)).absolute_expires_at;
      await keepUsing(token, 3 * 60);
      const bridge = await call(t.app, 'POST', '/api/--sesiones/bridge-token', { token });
      expect(bridge.statusCode).toBe(200);
      const antkn = (bridge.json() as { token: string }).token;
      const opened = await call(t.app, 'POST', '/api/--sesiones/change-condo-session', { payload: { antkn } });
      expect(opened.statusCode).toBe(200);
      const next = (opened.json() as { token: string }).token;
      expect((await row(next)).absolute_expires_at).toBe(end);
      clock.advanceMinutes(29);
      expect(await status(next)).toBe(200);
      clock.advanceMinutes(29);
      expect(await status(next)).toBe(200);
      clock.advanceMinutes(2);
      expect(await status(next)).toBe(401);
    });
  });
});
