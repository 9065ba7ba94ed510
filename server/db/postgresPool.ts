// The pg pool under Kysely, made to outlive PostgreSQL: a database restart, a failover, a network blip or
// pg_terminate_backend must fail the queries they hit, never the process. pg emits 'error' on a client
// whose connection dies (on the pool too when the client was idle), and an 'error' event nobody listens
// to ends a Node process: every client and the pool get a listener. A query that fails because the
// connection failed releases its client as broken (so the pool replaces it) and rejects with
// DatabaseUnavailableError (503); the next request opens a new connection, so nothing needs a restart.
import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { DatabaseUnavailableError, isConnectionFailure } from './unavailable';

export interface PostgresTimeouts {
  /** Opening a connection, and waiting for a free one when all are busy (pg's connectionTimeoutMillis). */
  connectMs: number;
  /** The answer to one query (pg's client-side query_timeout): a connection that stops answering is dropped. */
  queryMs: number;
}

/**
 * Long enough for any query of this app (and a migration) on a loaded server; short enough that a
 * request to an unreachable or silent database ends in a 503 instead of waiting for TCP to give up.
 */
export const POSTGRES_TIMEOUTS: PostgresTimeouts = { connectMs: 5_000, queryMs: 30_000 };

/** pino's (app.log's) two methods the pool uses. */
export interface PoolLog {
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ResilientPool extends PostgresPool {
  /** Where lost connections and the database's going and coming back are logged; silent until called. */
  logTo(log: PoolLog): void;
}

/** Named statements one connection keeps (the app has a few hundred query shapes). */
export const PREPARED_PER_CONNECTION = 2000;

const silent: PoolLog = { warn: () => {}, info: () => {} };

/**
 * What a log line says of a failure: its message and code. Not the error itself: pg-pool hangs the whole
 * client (connection parameters included) on an idle client's error as `err.client`.
 */
function reason(error: unknown): { reason: string; code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    reason: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

export function resilientPool(options: { url: string; schema: string | null; timeouts: PostgresTimeouts }): ResilientPool {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: 10,
    connectionTimeoutMillis: options.timeouts.connectMs,
    query_timeout: options.timeouts.queryMs,
    // Lets the operating system notice a peer that vanished without closing (a failover, a dead host).
    keepAlive: true,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  let log = silent;
  /** Since when queries fail for want of the database (null: it answers); one line each way, not one per query. */
  let downSince: number | null = null;

  function failed(error: unknown): DatabaseUnavailableError {
    if (downSince === null) {
      downSince = Date.now();
      log.warn(reason(error), 'Database unavailable: requests answer 503 until it answers again');
    }
    return new DatabaseUnavailableError(error);
  }
  function answered(): void {
    if (downSince === null) return;
    log.info({ unavailableMs: Date.now() - downSince }, 'Database answers again');
    downSince = null;
  }

  // An idle client whose connection dies is removed by the pool, which then emits 'error' on itself. The
  // client's own listener below has logged it already.
  pool.on('error', () => {});
  // A checked-out client gets no listener from the pool: this one stays for the client's whole life. The
  // query it was running (if any) fails on its own and is answered 503.
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn(reason(error), 'Database connection lost; the pool opens a new one when needed'));
  });

  /**
   * A query with parameters runs as a named statement, parsed and planned once per connection (issue 29: the
   * server parsed and planned every query of every request again; pg prepares a name on a connection the first time
   * it is used there). The name is the SQL's hash. Bounded: past PREPARED_PER_CONNECTION texts on one connection
   * (an `in` list's length is part of its SQL) the rest run unnamed, as before.
   */
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  function statement(client: pg.PoolClient, sql: string, values: unknown[]): pg.QueryConfig | string {
    if (values.length === 0) return sql;
    const name = `k${createHash('sha256').update(sql).digest('base64url').slice(0, 22)}`;
    let names = prepared.get(client);
    if (!names) {
      names = new Set();
      prepared.set(client, names);
    }
    if (!names.has(name)) {
      if (names.size >= PREPARED_PER_CONNECTION) return sql;
      names.add(name);
    }
    return { name, text: sql, values };
  }

  function wrap(client: pg.PoolClient): PostgresPoolClient {
    /** The connection failure this client met: released with it, the pool closes the client instead of reusing it. */
    let broken: Error | undefined;
    async function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
      try {
        const values = [...parameters];
        const config = statement(client, sql, values);
        const result = await (typeof config === 'string' ? client.query(config, values) : client.query(config));
        answered();
        return result as unknown as PostgresQueryResult<R>;
      } catch (error) {
        if (!isConnectionFailure(error)) throw error;
        broken = error as Error;
        throw failed(error);
      }
    }
    return {
      // Kysely passes a cursor only when the dialect is given one; ours is not.
      query: query as PostgresPoolClient['query'],
      release: () => client.release(broken),
    };
  }

  return {
    async connect() {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // No connection at all (refused, timed out, the server starting or shutting down, the pool closed).
        throw failed(error);
      }
      return wrap(client);
    },
    end: () => pool.end(),
    logTo(next) {
      log = next;
    },
  };
}
