// Around the machine's PostgreSQL for the outage tests. It is shared (other test files, other people): a
// test only ever terminates the backends of its own app, which it tells apart by an application_name of
// its own, and takes the database away only behind a proxy of its own (tcpProxy.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type ProxyOptions, startTcpProxy, type TcpProxy } from './tcpProxy';

function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('the PostgreSQL outage tests need TEST_DATABASE_URL');
  return url;
}

/** A name for one app's connections, so that only they are terminated. */
export const applicationName = () => `outage_${randomBytes(5).toString('hex')}`;

export interface PostgresProxy extends TcpProxy {
  /** TEST_DATABASE_URL through the proxy, its connections named `application`. */
  urlFor(application: string): string;
}

export async function startPostgresProxy(options: ProxyOptions = {}): Promise<PostgresProxy> {
  const target = new URL(postgresUrl());
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, options);
  return Object.assign(proxy, {
    urlFor(application: string) {
      const url = new URL(postgresUrl());
      url.host = `127.0.0.1:${proxy.port}`;
      url.searchParams.set('application_name', application);
      return url.toString();
    },
  });
}

export interface Backend {
  pid: number;
  state: string | null;
  waitEventType: string | null;
}

/** A direct connection (not through any proxy) that looks at and ends the backends of one application. */
export async function postgresAdmin() {
  const client = new pg.Client({ connectionString: postgresUrl(), application_name: 'outage_admin' });
  await client.connect();
  return {
    client,
    async backendsOf(application: string): Promise<Backend[]> {
      const { rows } = await client.query<Backend>(
        `SELECT pid, state, wait_event_type AS "waitEventType" FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1`,
        [application],
      );
      return rows;
    },
    /** pg_terminate_backend on this application's backends only; answers how many it ended. */
    async terminate(application: string): Promise<number> {
      const { rows } = await client.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND pid <> pg_backend_pid()`,
        [application],
      );
      return rows.filter((row) => row.ended).length;
    },
    /** Holds an ACCESS EXCLUSIVE lock on `table` (schema-qualified) on a connection of its own until release(). */
    async lock(table: string): Promise<{ release(): Promise<void> }> {
      const locker = new pg.Client({ connectionString: postgresUrl(), application_name: 'outage_locker' });
      await locker.connect();
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
      return {
        async release() {
          await locker.query('ROLLBACK');
          await locker.end();
        },
      };
    },
    end: () => client.end(),
  };
}
export type PostgresAdmin = Awaited<ReturnType<typeof postgresAdmin>>;
