// What buildApp decorates the Fastify instance with; every plugin and route may rely on it.
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Dialect } from './db/database';
import type { Database } from './db/schema';
import type { Clock } from './infra/clock';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    config: Config;
    clock: Clock;
    /** The database's data state (DatabaseHandle.dataState). */
    dataState: () => string | Promise<string>;
  }
}
