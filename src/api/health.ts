import { enums, type Infer, literal, object, string } from 'superstruct';

/** Liveness: the process answers. Costs no query, so a database outage never restarts the process. */
export const HEALTH_PATH = '/health';
/** Readiness: the database answers a query (503 DATABASE_UNAVAILABLE while it does not). */
export const HEALTH_READY_PATH = '/health/ready';

export const HealthAnswer = object({
  success: literal(true),
  version: string(),
  database: enums(['sqlite', 'postgres']),
  migration: string(),
});
export type HealthAnswer = Infer<typeof HealthAnswer>;

export const HealthReadyAnswer = object({
  success: literal(true),
  database: enums(['sqlite', 'postgres']),
  /**
   * Where the rate-limit counters are shared: 'ready' in Redis; 'unavailable' while REDIS_URL's Redis does
   * not answer (each process counts in its own memory meanwhile, so the process is still ready); 'off'
   * without REDIS_URL.
   */
  redis: enums(['ready', 'unavailable', 'off']),
});
export type HealthReadyAnswer = Infer<typeof HealthReadyAnswer>;
