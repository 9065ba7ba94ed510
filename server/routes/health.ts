import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { HEALTH_PATH, HEALTH_READY_PATH, type HealthAnswer, type HealthReadyAnswer } from '../../src/api/health';
import { DatabaseUnavailableError } from '../db/unavailable';
import { APP_VERSION } from '../version';

/** A load balancer's probe gives up after a few seconds: answer 503 before it does. */
export const READY_TIMEOUT_MS = 2_000;

/** The query's answer, or DatabaseUnavailableError once timeoutMs have passed without one. */
async function answerWithin<T>(query: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(new Error(`no answer within ${timeoutMs} ms`))), timeoutMs);
  });
  try {
    // race() listens to both, so the query failing after the timer has answered is not unhandled.
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
  }
}

// Public: load balancers and `npm run bench` call them. The migration level is read once at start
// (migrations only run then), so the liveness answer costs no query.
export default async function healthRoutes(app: FastifyInstance, options: { migration: string }) {
  app.get(
    HEALTH_PATH,
    async (): Promise<HealthAnswer> => ({
      success: true,
      version: APP_VERSION,
      database: app.dialect,
      migration: options.migration,
    }),
  );

  app.get(HEALTH_READY_PATH, async (): Promise<HealthReadyAnswer> => {
    await answerWithin(sql`select 1`.execute(app.db), READY_TIMEOUT_MS);
    const redis = app.redis === null ? 'off' : app.redis.status === 'ready' ? 'ready' : 'unavailable';
    return { success: true, database: app.dialect, redis };
  });
}
