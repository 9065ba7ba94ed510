// Builds the real app on a fresh, seeded database for one test file: a SQLite file in a temp dir, or
// (TEST_DIALECT=postgres) a database of its own in TEST_DATABASE_URL, copied from the run's template
// (tests/support/templateDatabase.ts). The app closes itself (and removes its database) after the file
// that built it (tests/server/setup.ts); close() does it sooner, and only once.
import type { FastifyInstance } from 'fastify';
import { assert } from 'superstruct';
import { expect } from 'vitest';
import { type BuildOptions, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import type { Clock } from '../../server/infra/clock';
import { DEFAULT_RATE_LIMITS, type RateLimitPolicy, scaledPolicy } from '../../server/infra/rateLimit';
import { privacyNoticePending, type SessionData } from '../../src/api/sessions';
import { forgetOpenApp, trackOpenApp } from './openTestApps';
import { systemClockSeedAt, templatedDatabase } from './testDatabase';

export { dialect } from './testDatabase';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  /** Closes the app and removes its database; a second call waits for the first. */
  close(): Promise<void>;
}

/** A clock the test can move. */
export function testClock(start = new Date()): Clock & { advanceMinutes(minutes: number): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advanceMinutes(minutes: number) {
      now += minutes * 60_000;
    },
  };
}

/**
 * What createTestApp applies unless a test asks for other limits: the real ones a thousand times over, so
 * a file that signs in a hundred times is not refused. tests/server/rateLimit.test.ts uses the real ones.
 */
export const RELAXED_RATE_LIMITS = scaledPolicy(DEFAULT_RATE_LIMITS, 1000);

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    seed?: boolean;
    logStream?: BuildOptions['logStream'];
    /** 'from-config': what the server applies on its own (DEFAULT_RATE_LIMITS times RATE_LIMIT_FACTOR). */
    rateLimits?: RateLimitPolicy | 'from-config';
    /** The PAC (e.g. createSandboxPac(), which a test can tell to fail); default: the configuration's. */
    pac?: BuildOptions['pac'];
  } = {},
): Promise<TestApp> {
  const settings: Record<string, string> = {
    STATIC_DIR: 'none',
    LOG_LEVEL: 'silent',
    SCRYPT_LOG_N: '10',
    SEED: options.seed === false ? 'never' : 'auto',
    // The outbox re-sender runs on real time against the test's clock: tests that want it call
    // app.mailResender.runOnce() or turn it on.
    MAIL_RETRY_SECONDS: '0',
    // Likewise the scheduled jobs: tests move their clock and call app.jobRunner.runOnce().
    SCHEDULED_JOBS_SECONDS: '0',
    // And the Web Push sender: tests call app.pushSender.runOnce().
    WEB_PUSH_SEND_SECONDS: '0',
    ...options.env,
  };
  // The demo data depends on the clock's start and the scrypt cost only. A clock started at a written
  // instant (whole seconds: '2025-06-02T18:00:00Z') is shared by many files, and its seed is a template's
  // copy. The system clock's apps share one too, seeded when the run started (minutes before the file, as a
  // server seeds when it first starts and then runs on: seeding each took 1.3 s on PostgreSQL against 0.4 s
  // for a copy). A test clock started now is nobody else's, so that app seeds its copy of the schema
  // (building a template used once costs more than seeding).
  const start = options.clock?.now();
  const shared = start !== undefined && start.getUTCMilliseconds() === 0;
  const seeded = options.seed !== false && settings.SEED !== 'never';
  const seedAt = !seeded ? null : shared ? start.toISOString() : options.clock === undefined ? systemClockSeedAt() : null;
  const fresh = await templatedDatabase({ seedAt, scryptLogN: loadConfig(settings).scryptLogN });
  const env = { ...settings, ...fresh.env };
  const config = loadConfig(env);
  const buildOptions: BuildOptions = {};
  if (options.rateLimits !== 'from-config') buildOptions.rateLimits = options.rateLimits ?? RELAXED_RATE_LIMITS;
  if (options.clock) buildOptions.clock = options.clock;
  if (options.logStream) buildOptions.logStream = options.logStream;
  if (options.pac) buildOptions.pac = options.pac;
  let app: FastifyInstance;
  try {
    app = await buildApp(config, buildOptions);
  } catch (error) {
    await fresh.cleanup();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const testApp: TestApp = {
    app,
    config,
    close() {
      closing ??= (async () => {
        forgetOpenApp(testApp);
        await app.close();
        await fresh.cleanup();
      })();
      return closing;
    },
  };
  trackOpenApp(testApp);
  return testApp;
}

export interface SignInResult {
  token: string;
  condos: { CondoId: number; UserId: number; CondoName: string; error: string | null }[];
}

/** Step one of signing in; throws unless it answers 200. */
export async function signInStep(
  app: FastifyInstance,
  email: string,
  extra: { rememberMe?: boolean; subdomain?: string } = {},
): Promise<SignInResult> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/--sesiones/sign-in',
    payload: { username: email, password: DEMO_PASSWORD, ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.body}`);
  return res.json() as SignInResult;
}

/**
 * Signs a demo account in and into its first (or the named) condominium; returns the session token. Like
 * a person past the browser's privacy gate, it accepts a pending privacy notice (residente@demo.mx and
 * vecino001…005 have one), since the server refuses the condominium's calls until then; a test about the
 * notice itself asks to leave it pending.
 */
export async function signInAs(
  app: FastifyInstance,
  email: string,
  condoName?: string,
  extra: { rememberMe?: boolean; privacyNotice?: 'accept' | 'leavePending' } = {},
): Promise<string> {
  const { token, condos } = await signInStep(app, email, extra.rememberMe === undefined ? {} : { rememberMe: extra.rememberMe });
  const condo = condoName ? condos.find((c) => c.CondoName === condoName) : condos[0];
  if (!condo) throw new Error(`${email} has no condominium ${condoName ?? ''}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/--sesiones/condo-login',
    payload: { CondoId: condo.CondoId, UserId: condo.UserId, token },
  });
  if (login.statusCode !== 200) throw new Error(`condo login of ${email} failed: ${login.body}`);
  const session = (login.json() as { token: string }).token;
  if (extra.privacyNotice !== 'leavePending') await acceptPendingPrivacyNotice(app, session);
  return session;
}

/** What the browser's privacy gate does when the person accepts: only when the notice waits for them. */
async function acceptPendingPrivacyNotice(app: FastifyInstance, token: string): Promise<void> {
  const { data } = (await getSessionData(app, token)).json() as { data: SessionData };
  const pending = privacyNoticePending({
    notice: data.condo.AvisoPrivacidad,
    active: data.condo.AvisoActivo === 1,
    accepted: data.usuario.AvisoPrivacidad !== null,
  });
  if (!pending) return;
  const accepted = await call(app, 'POST', '/api/--sesiones/accept-privacy-notice', { token });
  if (accepted.statusCode !== 200) throw new Error(`accepting the privacy notice failed: ${accepted.body}`);
}

/** GET session-data with the given app-token (none when undefined). */
export function getSessionData(app: FastifyInstance, token?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/--sesiones/session-data',
    ...(token === undefined ? {} : { headers: { 'app-token': token } }),
  });
}

/** A call with the given app-token (none when undefined), JSON body when there is a payload. */
export function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string | undefined; payload?: object; headers?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
    headers: { ...(options.token === undefined ? {} : { 'app-token': options.token }), ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** Awaits a call, expects 200 (the body as the failure's message) and returns the JSON body, checked against `struct` when given. */
export async function expectOk<T>(response: Promise<{ statusCode: number; body: string }>, struct?: { schema: unknown }) {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  const body = JSON.parse(res.body) as T;
  if (struct) assert(body, struct as never);
  return body;
}
