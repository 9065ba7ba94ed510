// server/main.ts as a real process, reaching Redis (both dialects) and PostgreSQL (server-pg) through
// proxies of the test's own: the services go away idle and under a bounded load (autocannon, loopback),
// as terminated backends, reset, refused and black-holed connections, and come back. The process never
// exits on its own; every answer meanwhile is a 200 or a 503 DATABASE_UNAVAILABLE (never a 500 or a
// dropped connection); once they are back it answers as before, and SIGTERM still ends it cleanly.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { closeRedis } from '../../server/infra/redis/client';
import { runLoad } from '../support/load';
import {
  applicationName,
  type PostgresAdmin,
  type PostgresProxy,
  postgresAdmin,
  startPostgresProxy,
} from '../support/postgresPeers';
import { openRedis, removeRedisKeys, startRedisProxy } from '../support/redisPeers';
import { LISTENING_LINE, type ServerProcess, startServer } from '../support/serverProcess';
import type { TcpProxy } from '../support/tcpProxy';
import { dialect, type FreshDatabase, freshDatabase } from '../support/testDatabase';

const onPostgres = dialect === 'postgres';
const SIGN_IN_BODY = JSON.stringify({ username: 'admin@demo.mx', password: DEMO_PASSWORD });
const REQUESTS = [
  { method: 'GET' as const, path: '/api/--planes/list' },
  { method: 'GET' as const, path: '/api/health/ready' },
  // Counted in Redis (the sign-in rate limits), then a session written to the database.
  {
    method: 'POST' as const,
    path: '/api/--sesiones/sign-in',
    headers: { 'content-type': 'application/json' },
    body: SIGN_IN_BODY,
  },
];

describe(`a server process outliving ${onPostgres ? 'PostgreSQL and ' : ''}Redis (${dialect})`, () => {
  const prefix = `test:${randomUUID()}:`;
  let fresh: FreshDatabase;
  let redisProxy: TcpProxy & { url: string };
  let pgProxy: PostgresProxy | undefined;
  let admin: PostgresAdmin | undefined;
  const application = applicationName();
  let server: ServerProcess;
  let base: string;

  beforeAll(async () => {
    fresh = await freshDatabase();
    redisProxy = await startRedisProxy();
    const env: Record<string, string> = {
      ...fresh.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: 'none',
      SCRYPT_LOG_N: '10',
      LOG_LEVEL: 'info',
      RATE_LIMIT_FACTOR: '1000',
      REDIS_URL: redisProxy.url,
      REDIS_KEY_PREFIX: prefix,
    };
    if (onPostgres) {
      pgProxy = await startPostgresProxy();
      admin = await postgresAdmin();
      env.DATABASE_URL = pgProxy.urlFor(application);
    }
    server = startServer(env);
    const [, port] = await server.waitForLine(LISTENING_LINE, 40_000);
    base = `http://127.0.0.1:${port}`;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await redisProxy?.close();
    await pgProxy?.close();
    await admin?.end();
    const redis = await openRedis();
    await removeRedisKeys(redis, prefix);
    await closeRedis(redis);
    await fresh?.cleanup();
  });

  /** How many log lines so far carry this message. */
  const linesWith = (text: string) =>
    server
      .stdout()
      .split('\n')
      .filter((line) => line.includes(`"msg":"${text}`)).length;
  const alive = () => server.child.exitCode === null && server.child.signalCode === null;
  const get = (path: string) => fetch(`${base}${path}`);
  const signIn = () =>
    fetch(`${base}/api/--sesiones/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: SIGN_IN_BODY,
    });

  it('idle: its connections cut, it stays up and its next requests succeed', async () => {
    expect((await get('/api/--planes/list')).status).toBe(200);
    expect((await signIn()).status).toBe(200);
    if (admin) {
      const ended = await admin.terminate(application);
      expect(ended).toBeGreaterThan(0);
      await vi.waitFor(() => expect(linesWith('Database connection lost')).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    }
    redisProxy.drop();
    await vi.waitFor(() => expect(linesWith('Redis connection open again')).toBe(1), { timeout: 10_000 });
    expect((await get('/api/--planes/list')).status).toBe(200);
    expect((await signIn()).status).toBe(200);
    expect(await (await get('/api/health/ready')).json()).toEqual({ success: true, database: dialect, redis: 'ready' });
    expect(alive()).toBe(true);
  });

  it('under load: every answer is a 200 or a 503, the process stays up, and it answers as before once they are back', async () => {
    const actions: Promise<unknown>[] = [];
    // What happens after how many answers; the services are all back before the last ones.
    const script: Record<number, () => unknown> = {
      100: () => admin?.terminate(application),
      200: () => redisProxy.drop(),
      300: () => redisProxy.hang(),
      400: () => pgProxy?.refuse(),
      550: () => Promise.all([pgProxy?.restore(), redisProxy.restore()]),
      650: () => admin?.terminate(application),
      750: () => pgProxy?.drop(),
    };
    const load = await runLoad({
      url: base,
      amount: 1200,
      connections: 8,
      requests: REQUESTS,
      onAnswer: (answered) => {
        const action = script[answered];
        if (action) actions.push(Promise.resolve(action()));
      },
    });
    await Promise.all(actions);
    expect(alive()).toBe(true);
    expect(load.errors).toBe(0);
    expect(load.timeouts).toBe(0);
    expect(Object.keys(load.statuses).sort()).toEqual(onPostgres ? expect.arrayContaining(['200']) : ['200']);
    for (const status of Object.keys(load.statuses)) expect(['200', '503']).toContain(status);
    // Back as before: the database at once, Redis once its client has reconnected.
    expect((await get('/api/--planes/list')).status).toBe(200);
    expect((await signIn()).status).toBe(200);
    await vi.waitFor(async () => expect(await (await get('/api/health/ready')).json()).toMatchObject({ redis: 'ready' }), {
      timeout: 10_000,
    });
    expect(server.stderr()).toBe('');
  }, 120_000);

  it('still exits 0 on SIGTERM while the services are away', async () => {
    await pgProxy?.refuse();
    redisProxy.hang();
    if (pgProxy) expect((await get('/api/health/ready')).status).toBe(503);
    expect((await get('/api/health')).status).toBe(200);
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.stderr).toBe('');
  }, 30_000);
});
