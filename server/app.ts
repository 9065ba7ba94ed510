// buildApp(config) → a ready Fastify instance on a migrated database. main.ts listens with it; tests use
// it through inject. Plugins are registered in a fixed order: infrastructure, then auth, then routes.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedIfEmpty } from './db/seed/demo';
import { type Clock, systemClock } from './domain/clock';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import spaPlugin from './plugins/spa';
import validationPlugin from './plugins/validation';
import healthRoutes from './routes/health';
import publicPageRoutes from './routes/publicPage';
import sessionRoutes from './routes/sessions';
import './types';

export const API_PREFIX = '/api';

export interface BuildOptions {
  clock?: Clock;
  /** An already open database (tests share one across apps); otherwise the config's is opened. */
  database?: DatabaseHandle;
  /** Where the log lines go instead of stdout (tests read them to prove no secret is logged). */
  logStream?: { write(line: string): void };
}

/**
 * Never logged: tokens, passwords and captcha solutions. Fastify's own request lines carry none of them;
 * these paths cover a line that logs headers or a body, on its own or under req/request (pino has no
 * deep wildcard, so each depth is named).
 */
const SECRET_HEADERS = ['["app-token"]', '.authorization', '.cookie'];
const SECRET_FIELDS = ['password', 'token', 'productToken', 'cf_capcha'];
const REDACT = [
  ...SECRET_HEADERS.flatMap((header) => [`headers${header}`, `*.headers${header}`]),
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.body.${field}`]),
];

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const database = options.database ?? openDatabase(config);
  let migration: string;
  try {
    migration = await migrateToLatest(database.db);
    if (config.seed === 'auto') await seedIfEmpty(database.db, { clock, scryptLogN: config.scryptLogN });
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = Fastify({
    logger: { level: config.logLevel, redact: REDACT, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify answers requests already in flight before close() resolves; new ones get 503.
    return503OnClosing: true,
  });
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  app.decorate('clock', clock);
  if (!options.database) app.addHook('onClose', () => database.close());
  // While closing, each answer ends its connection: a keep-alive socket (any browser or load balancer)
  // left idle after the last answer would otherwise hold close() open until keepAliveTimeout (72 s).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  await app.register(errorsPlugin);
  await app.register(validationPlugin);
  const policy = {
    scryptLogN: config.scryptLogN,
    sessionIdleMinutes: config.sessionIdleMinutes,
    rememberMeDays: config.rememberMeDays,
  };
  await app.register(authPlugin, { policy, clock });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { migration });
      await api.register(sessionRoutes, { policy });
      await api.register(publicPageRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(spaPlugin, { root: config.staticDir, apiPrefix: API_PREFIX });
  return app;
}
