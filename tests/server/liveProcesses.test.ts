// The live channel across server processes (issue 30) on PostgreSQL: two app instances on one database, as two
// processes behind a load balancer are — an event written through one reaches a stream held by the other, through
// LISTEN/NOTIFY, also after the LISTEN connection was lost; and with REDIS_URL, through Redis pub/sub, where apps
// that share a Redis (and its prefix) but not a database never mix their events.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { publishLive } from '../../server/domain/shared/live';
import { LISTEN_APPLICATION_NAME } from '../../server/infra/live/bus';
import { closeRedis } from '../../server/infra/redis/client';
import { CONVERSATIONS_PATHS } from '../../src/api/conversations';
import type { LiveEvent } from '../../src/api/live';
import { api } from '../support/http';
import { listening, openLiveStream } from '../support/liveStream';
import { openRedis, REDIS_URL, removeRedisKeys } from '../support/redisPeers';
import { call, createTestApp, dialect, expectOk, RELAXED_RATE_LIMITS, signInAs, type TestApp } from '../support/testApp';

/** Migrations and demo data on PostgreSQL, on a busy machine. */
const BUILDS_APPS_MS = 60_000;

/** A second instance of the app on the first one's database (its own pool, bus and hub), listening. */
async function secondInstance(first: TestApp): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp(first.config, { rateLimits: RELAXED_RATE_LIMITS });
  return { app, base: await listening(app) };
}

/** The conversation between residente's and consejo's dwellings (seeded). */
async function seededConversation(app: FastifyInstance): Promise<number> {
  const dwellings = await app.db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('r.apartment_id')
    .where('u.email', 'in', ['residente@demo.mx', 'consejo@demo.mx'])
    .where('m.condo_id', '=', 1)
    .orderBy('r.apartment_id')
    .execute();
  return (
    await app.db
      .selectFrom('conversations')
      .select('id')
      .where('party_a_apartment_id', '=', dwellings[0]!.apartment_id)
      .where('party_b_apartment_id', '=', dwellings[1]!.apartment_id)
      .executeTakeFirstOrThrow()
  ).id;
}

const messageIn = (conversationId: number) => (e: LiveEvent) =>
  e.type === 'conversation' && e.data.conversationId === conversationId;

async function sendMessage(app: FastifyInstance, token: string, conversationId: number, Texto: string) {
  await expectOk(call(app, 'POST', api(CONVERSATIONS_PATHS.send), { token, payload: { conversationId, Texto, fotos: [] } }));
}

describe.runIf(dialect === 'postgres')('the live channel across two app instances on one PostgreSQL database', () => {
  let first: TestApp;
  let second: { app: FastifyInstance; base: string };
  let conversationId = 0;
  let consejo = '';
  let residente = '';

  beforeAll(async () => {
    first = await createTestApp();
    second = await secondInstance(first);
    conversationId = await seededConversation(first.app);
    consejo = await signInAs(first.app, 'consejo@demo.mx');
    residente = await signInAs(second.app, 'residente@demo.mx');
  }, BUILDS_APPS_MS);
  afterAll(async () => {
    await second?.app.close();
  });

  it('brings a message written through one to a stream held by the other, through LISTEN/NOTIFY', async () => {
    expect([first.app.live.bus.mode, second.app.live.bus.mode]).toEqual(['postgres', 'postgres']);
    const stream = await openLiveStream(second.base, residente);
    await stream.ready;
    const started = Date.now();
    await sendMessage(first.app, consejo, conversationId, '¿Alguien vio un gato gris en la Torre A?');
    await stream.next(messageIn(conversationId), { timeoutMs: 2_000 });
    expect(Date.now() - started).toBeLessThan(2_000);
    stream.close();
  });

  it('keeps the stream whole when the LISTEN connection is lost: it opens again and catches up', async () => {
    const stream = await openLiveStream(second.base, residente);
    await stream.ready;
    const admin = new pg.Client({ connectionString: first.config.databaseUrl! });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTEN_APPLICATION_NAME],
      );
      expect(killed.rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    // Written while the second instance may not be listening yet: it arrives all the same.
    await sendMessage(first.app, consejo, conversationId, 'Ya apareció, gracias.');
    await stream.next(messageIn(conversationId), { timeoutMs: 10_000 });
    stream.close();
  });
});

describe.runIf(dialect === 'postgres')('the live channel through Redis pub/sub (REDIS_URL)', () => {
  const prefix = `test:${randomUUID()}:`;
  let redis: Redis;
  let first: TestApp;
  let second: { app: FastifyInstance; base: string };
  let elsewhere: TestApp;

  beforeAll(async () => {
    redis = await openRedis();
    const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix };
    first = await createTestApp({ env });
    second = await secondInstance(first);
    elsewhere = await createTestApp({ env });
    // Ready, as a server is before it takes a request: its bus started.
    await elsewhere.app.ready();
  }, BUILDS_APPS_MS);
  afterAll(async () => {
    await second?.app.close();
    await removeRedisKeys(redis, prefix);
    await closeRedis(redis);
  });

  it('brings an event written through one instance to a stream held by the other', async () => {
    expect([first.app.live.bus.mode, second.app.live.bus.mode]).toEqual(['redis', 'redis']);
    const conversationId = await seededConversation(first.app);
    const consejo = await signInAs(first.app, 'consejo@demo.mx');
    const residente = await signInAs(second.app, 'residente@demo.mx');
    const stream = await openLiveStream(second.base, residente);
    await stream.ready;
    await sendMessage(first.app, consejo, conversationId, 'Hoy hay junta a las 8.');
    await stream.next(messageIn(conversationId), { timeoutMs: 3_000 });
    stream.close();
  });

  it('never hands one database’s events to another database’s streams, under the same prefix', async () => {
    const residente = await signInAs(second.app, 'residente@demo.mx');
    const stream = await openLiveStream(second.base, residente);
    await stream.ready;
    // What goes through Redis, by channel.
    const watcher = await openRedis();
    const published: { channel: string; ids: string }[] = [];
    watcher.on('pmessage', (_pattern: string, channel: string, ids: string) => published.push({ channel, ids }));
    await watcher.psubscribe(`${prefix}live:*`);
    try {
      const user = (
        await first.app.db.selectFrom('users').select('id').where('email', '=', 'residente@demo.mx').executeTakeFirstOrThrow()
      ).id;
      const write = (t: FastifyInstance, ticketId: number) =>
        t.db
          .transaction()
          .execute((trx) => publishLive(trx, t.clock, { condoId: 1, userIds: [user], type: 'ticket', data: { ticketId } }));
      await write(elsewhere.app, 111);
      await write(first.app, 222);
      await stream.next((e) => e.type === 'ticket' && e.data.ticketId === 222, { timeoutMs: 3_000 });
      // Each database on a channel of its own: the second instance never reads the other database's ids.
      await expect.poll(() => published.length).toBe(2);
      expect(new Set(published.map((p) => p.channel)).size).toBe(2);
      expect(stream.events.filter((e) => e.type === 'ticket').map((e) => (e.type === 'ticket' ? e.data.ticketId : 0))).toEqual([
        222,
      ]);
    } finally {
      await closeRedis(watcher);
      stream.close();
    }
  });
});
