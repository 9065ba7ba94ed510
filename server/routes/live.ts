// The live channel (src/api/live.ts, issue 30). livePlugin, at the root: this process's hub of open streams and the
// bus that tells it which events were committed (infra/live/: memory on SQLite, LISTEN/NOTIFY on PostgreSQL, Redis
// pub/sub when REDIS_URL is set), started when the app is ready, its streams ended before the server closes (an
// open stream would hold close() for ever). The routes: the stream itself, written by hand on the raw response (no
// onSend hook, no compression or buffering touches it), and the polling fallback's read of the same events.
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { LIVE_HEARTBEAT_MS, LIVE_PATHS, type LiveEventsAnswer, LiveEventsQuery, type LiveReady } from '../../src/api/live';
import { liveEventsAfter, liveStart, openLiveSessions } from '../domain/live/events';
import { scheduleLivePrune } from '../domain/shared/live';
import { type LiveBus, memoryBus, postgresBus, redisBus } from '../infra/live/bus';
import { LiveHub, type LiveSink } from '../infra/live/hub';
import { closeRedis, connectRedis, createRedisClient } from '../infra/redis/client';
import { appSecret } from '../infra/secrets';
import { SIGNED_IN, signedInRoutes } from './guards';

export interface Live {
  hub: LiveHub;
  bus: LiveBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

function busFor(app: FastifyInstance): LiveBus {
  const { config } = app;
  if (app.dialect === 'sqlite' || config.databaseUrl === null) return memoryBus(app.db);
  if (config.redisUrl === null) {
    return postgresBus({ url: config.databaseUrl, schema: config.databaseSchema, log: app.log });
  }
  // The app's Redis client publishes (plugins/rateLimit.ts opens it); without one (a test's own store), ours.
  let publisher: Redis | null = app.redis ?? null;
  if (!publisher) {
    const own = createRedisClient(config.redisUrl, { log: app.log });
    publisher = own;
    app.addHook('onReady', () => connectRedis(own));
    app.addHook('onClose', () => closeRedis(own));
  }
  return redisBus({
    db: app.db,
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    databaseKey: () => appSecret(app.db, app.clock, 'live-channel'),
    publisher,
    log: app.log,
  });
}

export const livePlugin = fp(async (app: FastifyInstance) => {
  const bus = busFor(app);
  const hub = new LiveHub({
    db: app.db,
    heartbeatMs: LIVE_HEARTBEAT_MS,
    openSessions: (ids) => openLiveSessions(app.db, app.clock, ids),
    log: app.log,
  });
  const failed = (what: string) => (error: unknown) => app.log.warn({ reason: String(error) }, what);
  bus.onIds((ids) => void hub.readIds(ids).catch(failed('Live channel could not read its events')));
  bus.onGap(() => void hub.catchUp().catch(failed('Live channel could not catch up')));
  app.decorate('live', { hub, bus });
  app.addHook('onReady', async () => {
    await bus.start();
    hub.start();
    await scheduleLivePrune(app.db, app.clock).catch(failed('Live channel could not schedule its prune'));
  });
  // Before the server stops taking connections: the browsers reconnect (to another process) and resume.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', () => bus.close());
});

/** Last-Event-ID: digits only, else none. */
function lastEventIdOf(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** A comment of 2 KiB first: some proxies hold the start of a response until they have that much. */
const OPENING = `:${' '.repeat(2048)}\n\n`;

function sinkOf(reply: FastifyReply): LiveSink {
  const raw = reply.raw;
  return {
    write: (chunk) => void raw.write(chunk),
    backlog: () => raw.writableLength,
    end: () => raw.end(),
  };
}

export default async function liveRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);

  // Any signed-in member, a gate device's shift too (the caseta waits for walk-in answers): their own events.
  routes.get(LIVE_PATHS.stream, { allow: SIGNED_IN, gateShift: true }, async (request, reply) => {
    const { auth } = request;
    const start = await liveStart(app.db, auth, lastEventIdOf(request.headers['last-event-id']));
    // From here the response is ours: no hook, serializer or compression touches it.
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // nginx and its relatives: do not buffer this one.
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    reply.raw.flushHeaders();
    reply.raw.socket?.setNoDelay(true);
    reply.raw.write(OPENING);
    const stream = app.live.hub.open(
      { condoId: auth.condoId, userId: auth.userId, sessionId: auth.sessionId },
      sinkOf(reply),
      start.floor,
    );
    reply.raw.on('close', () => stream.close());
    if (reply.raw.destroyed) stream.close();
    for (const row of start.replay) stream.send(row);
    const ready: LiveReady = { lastEventId: stream.highest, resync: start.resync };
    stream.write(`event: ready\ndata: ${JSON.stringify(ready)}\n\n`);
  });

  // The polling fallback (a proxy that buffers the stream): the same events, read once a minute.
  routes.get<{ Querystring: LiveEventsQuery }>(
    LIVE_PATHS.events,
    { schema: { querystring: LiveEventsQuery }, allow: SIGNED_IN, gateShift: true },
    async (request): Promise<LiveEventsAnswer> => ({
      success: true,
      ...(await liveEventsAfter(app.db, request.auth, request.query.after ?? null)),
    }),
  );
}
