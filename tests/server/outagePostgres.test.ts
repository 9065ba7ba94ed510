// PostgreSQL going away under a running app, and coming back, without a restart: its backends terminated
// (pg_terminate_backend, as a restart or failover does) while idle and while queries run, and the database
// refusing, or black-holing, connections behind a proxy of the test's own (tests/support/tcpProxy.ts).
// Requests meeting the outage answer 503 DATABASE_UNAVAILABLE with Retry-After, liveness stays 200 and
// readiness says 503, and the first request once the database answers again succeeds. The mail re-sender
// and background tasks live through it, and the app still closes. PostgreSQL only (SQLite is a file in the
// process: tests/server/outage.test.ts).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type DatabaseHandle, openDatabase } from '../../server/db/database';
import type { PostgresTimeouts } from '../../server/db/postgresPool';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { systemClock } from '../../server/infra/clock';
import { storeInOutbox } from '../../server/infra/mail/outbox';
import { startMailbox } from '../support/mailbox';
import {
  applicationName,
  type PostgresAdmin,
  type PostgresProxy,
  postgresAdmin,
  startPostgresProxy,
} from '../support/postgresPeers';
import { RELAXED_RATE_LIMITS } from '../support/testApp';
import { dialect, freshDatabase } from '../support/testDatabase';

const PLANS = '/api/--planes/list';
const READY = '/api/health/ready';
const UNAVAILABLE = {
  success: false,
  code: 'DATABASE_UNAVAILABLE',
  message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  messageId: 'errors.unavailable',
};
/** Migrations and demo data on PostgreSQL, on a busy machine. */
const BUILDS_APPS_MS = 60_000;
/** Short, so that a black hole answers quickly; the app's own are POSTGRES_TIMEOUTS. */
const FAST: PostgresTimeouts = { connectMs: 500, queryMs: 1_000 };

interface LogLine {
  level: number;
  msg: string;
}

interface AppBehindProxy {
  app: FastifyInstance;
  proxy: PostgresProxy;
  /** The application_name of the app's connections: the only backends the test terminates. */
  application: string;
  schema: string;
  /** The same database, straight (not through the proxy), for what the test itself reads and writes. */
  direct: DatabaseHandle;
  logged(text: string): LogLine[];
  close(): Promise<void>;
}

async function appBehindProxy(
  options: { timeouts?: PostgresTimeouts; env?: Record<string, string> } = {},
): Promise<AppBehindProxy> {
  const fresh = await freshDatabase();
  const proxy = await startPostgresProxy();
  const application = applicationName();
  const env: Record<string, string> = {
    STATIC_DIR: 'none',
    LOG_LEVEL: 'info',
    SCRYPT_LOG_N: '10',
    MAIL_RETRY_SECONDS: '0',
    ...options.env,
    ...fresh.env,
  };
  const config = loadConfig({ ...env, DATABASE_URL: proxy.urlFor(application) });
  const database = openDatabase(config, options.timeouts ? { postgresTimeouts: options.timeouts } : {});
  const direct = openDatabase(loadConfig(env));
  const lines: LogLine[] = [];
  let app: FastifyInstance;
  try {
    app = await buildApp(config, {
      database,
      rateLimits: RELAXED_RATE_LIMITS,
      logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
    });
  } catch (error) {
    await Promise.all([database.close(), direct.close(), proxy.close()]);
    await fresh.cleanup();
    throw error;
  }
  let closed = false;
  return {
    app,
    proxy,
    application,
    schema: env.DATABASE_SCHEMA!,
    direct,
    logged: (text) => lines.filter((line) => line.msg.includes(text)),
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.close();
      await direct.close();
      await proxy.close();
      await fresh.cleanup();
    },
  };
}

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });
const signIn = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/--sesiones/sign-in', payload: { username: 'admin@demo.mx', password: DEMO_PASSWORD } });

function expectUnavailable(answer: Awaited<ReturnType<typeof get>>) {
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe('5');
  expect(answer.json()).toEqual(UNAVAILABLE);
}

describe.runIf(dialect === 'postgres')('PostgreSQL going away and coming back', () => {
  let admin: PostgresAdmin;
  beforeAll(async () => {
    admin = await postgresAdmin();
  });
  afterAll(() => admin?.end());

  describe('its backends terminated', () => {
    let t: AppBehindProxy;
    beforeAll(async () => {
      t = await appBehindProxy();
    }, BUILDS_APPS_MS);
    afterAll(() => t?.close());

    it('while idle: the lost connections are replaced and no request notices', async () => {
      const warm = await Promise.all(Array.from({ length: 4 }, () => get(t.app, PLANS)));
      expect(warm.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      const ended = await admin.terminate(t.application);
      expect(ended).toBeGreaterThan(0);
      await vi.waitFor(() => expect(t.logged('Database connection lost').length).toBeGreaterThanOrEqual(ended));
      expect((await get(t.app, PLANS)).statusCode).toBe(200);
      expect((await signIn(t.app)).statusCode).toBe(200);
      expect((await get(t.app, READY)).statusCode).toBe(200);
      expect(t.logged('Database unavailable')).toHaveLength(0);
    });

    it('under load: the requests whose queries were cut answer 503 with Retry-After, and the next ones succeed', async () => {
      // The test holds a lock on plans, so the app's queries wait inside PostgreSQL: certainly in flight.
      const locker = await admin.lock(`${t.schema}.plans`);
      const pending = Array.from({ length: 3 }, () => get(t.app, PLANS));
      try {
        await vi.waitFor(
          async () => {
            const waiting = (await admin.backendsOf(t.application)).filter((b) => b.waitEventType === 'Lock');
            expect(waiting).toHaveLength(3);
          },
          { timeout: 10_000, interval: 50 },
        );
        expect(await admin.terminate(t.application)).toBeGreaterThanOrEqual(3);
        const answers = await Promise.all(pending);
        for (const answer of answers) expectUnavailable(answer);
      } finally {
        await locker.release();
      }
      expect((await get(t.app, PLANS)).statusCode).toBe(200);
      expect((await signIn(t.app)).statusCode).toBe(200);
      // One line when it went, one when it came back: not one per request.
      expect(t.logged('Database unavailable')).toHaveLength(1);
      expect(t.logged('Database answers again')).toHaveLength(1);
    });
  });

  describe('refusing connections', () => {
    let t: AppBehindProxy;
    beforeAll(async () => {
      t = await appBehindProxy();
    }, BUILDS_APPS_MS);
    afterAll(() => t?.close());

    it('answers 503 at once while nothing listens: liveness 200, readiness 503', async () => {
      expect((await get(t.app, PLANS)).statusCode).toBe(200);
      await t.proxy.refuse();
      expectUnavailable(await get(t.app, PLANS));
      expectUnavailable(await signIn(t.app));
      expectUnavailable(await get(t.app, READY));
      expect((await get(t.app, '/api/health')).statusCode).toBe(200);
    });

    it('succeeds from the first request once PostgreSQL listens again', async () => {
      await t.proxy.restore();
      expect((await get(t.app, PLANS)).statusCode).toBe(200);
      expect((await get(t.app, READY)).json()).toMatchObject({ success: true, database: 'postgres', redis: 'off' });
      expect((await signIn(t.app)).statusCode).toBe(200);
    });

    it('closes while PostgreSQL refuses', async () => {
      await t.proxy.refuse();
      expectUnavailable(await get(t.app, PLANS));
      await t.close();
    });
  });

  describe('black-holing connections (a network that drops packets)', () => {
    let t: AppBehindProxy;
    beforeAll(async () => {
      t = await appBehindProxy({ timeouts: FAST });
    }, BUILDS_APPS_MS);
    afterAll(() => t?.close());

    it('answers 503 after the query or connect timeout instead of waiting for ever', async () => {
      expect((await get(t.app, PLANS)).statusCode).toBe(200);
      t.proxy.hang();
      // A pooled connection that stops answering (query timeout), and new ones that never open (connect timeout).
      const answers = await Promise.all([get(t.app, PLANS), get(t.app, PLANS), get(t.app, READY)]);
      for (const answer of answers) expectUnavailable(answer);
      expectUnavailable(await signIn(t.app));
    });

    it('succeeds from the first request once packets pass again', async () => {
      await t.proxy.restore();
      expect((await get(t.app, PLANS)).statusCode).toBe(200);
      expect((await get(t.app, READY)).statusCode).toBe(200);
    });

    it('closes while PostgreSQL is silent, once the request in flight has its 503', async () => {
      t.proxy.hang();
      const inFlight = get(t.app, PLANS);
      await t.close();
      expectUnavailable(await inFlight);
    });
  });

  describe('long-lived work', () => {
    it(
      'the mail re-sender logs each failed pass, keeps its schedule, and sends what waits once PostgreSQL is back',
      async () => {
        const mailbox = await startMailbox();
        const t = await appBehindProxy({
          timeouts: FAST,
          env: { SEED: 'never', SMTP_URL: mailbox.url, MAIL_RETRY_SECONDS: '1' },
        });
        try {
          await t.app.ready();
          await t.proxy.refuse();
          await vi.waitFor(() => expect(t.logged('outbox re-send pass failed').length).toBeGreaterThanOrEqual(2), {
            timeout: 15_000,
            interval: 50,
          });
          await storeInOutbox(
            t.direct.db,
            systemClock,
            { to: 'residente@demo.mx', subject: 'Aviso', text: 'Hola', html: '<p>Hola</p>' },
            null,
          );
          await t.proxy.restore();
          expect((await mailbox.waitFor(1, 15_000)).subject).toBe('Aviso');
        } finally {
          await t.close();
          await mailbox.close();
        }
      },
      BUILDS_APPS_MS,
    );

    it(
      'a background task that meets the outage is logged, and the app closes while PostgreSQL refuses, re-sender and all',
      async () => {
        const mailbox = await startMailbox();
        const t = await appBehindProxy({
          timeouts: FAST,
          env: { SEED: 'never', SMTP_URL: mailbox.url, MAIL_RETRY_SECONDS: '1' },
        });
        try {
          await t.app.ready();
          await t.proxy.refuse();
          t.app.tasks.run('probe', async () => {
            await t.app.db.selectFrom('plans').select('id').execute();
          });
          await t.app.tasks.drain();
          expect(t.logged('background task failed')).toHaveLength(1);
          await vi.waitFor(() => expect(t.logged('outbox re-send pass failed').length).toBeGreaterThanOrEqual(1), {
            timeout: 15_000,
            interval: 50,
          });
          await t.app.close();
        } finally {
          await t.close();
          await mailbox.close();
        }
      },
      BUILDS_APPS_MS,
    );
  });
});
