// (f) The gate (issue 26): checking a pass at the caseta (POST /--caseta/verificar, one guard after another), and
// the movement log over a year of a busy condominium (about 700,000 rows: two thousand movements a day) filtered by
// one dwelling and one month, on SQLite and, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL, on a
// fresh schema there too. The year is written straight into the database after the demo data loads (a generated
// series, not 700,000 requests); the figures are the routes' own, through HTTP, as the browser calls them.
import Database from 'better-sqlite3';
import pg from 'pg';
import { json } from './benchHttp';
import { freshDataDir, removeDir, startAppServer } from './serverProcess';

export const GATE_BENCH = {
  /** A year of movements at two thousand a day, less the demo's own month. */
  movements: 700_000,
  checks: 300,
  logQueries: 40,
  /** The goals, printed beside the figures (the bench judges nothing). */
  checkP99GoalMs: 50,
  logGoalMs: 200,
} as const;

export interface GateDatabaseFigures {
  database: 'sqlite' | 'postgres';
  movements: number;
  fillSeconds: number;
  check: { p50Ms: number; p99Ms: number };
  /** One dwelling, one month: the resident's "Mis visitas" and the administrator's filter. */
  logByDwelling: { p50Ms: number; p99Ms: number; rows: number; total: number };
  /** The whole log's first page, newest first, with its filter choices. */
  logFirstPage: { p50Ms: number; p99Ms: number; total: number };
}

export type GateReport = GateDatabaseFigures[];

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timed(times: number, call: () => Promise<unknown>): Promise<{ p50Ms: number; p99Ms: number }> {
  const latencies: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await call();
    latencies.push(performance.now() - started);
  }
  return { p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) };
}

/** The SQL that writes `count` movements over the last 365 days for the condominium's dwellings (numbered 0…n-1). */
function fillSql(dialect: 'sqlite' | 'postgres', condoId: number, count: number): string {
  const step = `(365.0 * i / ${count})`;
  const at =
    dialect === 'sqlite'
      ? `strftime('%Y-%m-%dT%H:%M:%S.000Z', julianday('now') - 365 + ${step})`
      : `to_char((now() at time zone 'UTC') - interval '365 days' + ${step} * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')`;
  const local =
    dialect === 'sqlite'
      ? `strftime('%Y-%m-%d %H:%M', julianday('now', '-6 hours') - 365 + ${step})`
      : `to_char((now() at time zone 'America/Mexico_City') - interval '365 days' + ${step} * interval '1 day', 'YYYY-MM-DD HH24:MI')`;
  const series =
    dialect === 'sqlite'
      ? `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})`
      : `WITH n(i) AS (SELECT generate_series(1, ${count}))`;
  return `${series}
    INSERT INTO gate_movements (condo_id, client_id, kind, apartment_id, visitor_name, pass_kind, people, plates,
      access_point, occurred_at, occurred_local, received_at)
    SELECT ${condoId}, 'bench-' || i, CASE WHEN i % 2 = 0 THEN 'exit' ELSE 'entry' END, d.id,
      'Visita ' || i, NULL, 1 + i % 3, NULL, 'Caseta principal', ${at}, ${local}, ${at}
    FROM n JOIN bench_dwellings d ON d.k = i % (SELECT count(*) FROM bench_dwellings)`;
}

interface Target {
  database: 'sqlite' | 'postgres';
  env: Record<string, string>;
  /** Runs SQL against the server's database (after it seeded it). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export async function signInAdmin(origin: string): Promise<{ token: string; condoId: number }> {
  const signIn = await json<{ token: string; condos: { CondoId: number; UserId: number; CondoName: string }[] }>(
    origin,
    'POST',
    '/api/--sesiones/sign-in',
    undefined,
    { username: 'admin@demo.mx', password: 'Demo1234!' },
  );
  const palmas = signIn.condos.find((c) => c.CondoName === 'Residencial Las Palmas');
  if (!palmas) throw new Error('the demo data has no Residencial Las Palmas');
  const { token } = await json<{ token: string }>(origin, 'POST', '/api/--sesiones/condo-login', undefined, {
    CondoId: palmas.CondoId,
    UserId: palmas.UserId,
    token: signIn.token,
  });
  return { token, condoId: palmas.CondoId };
}

async function measureOn(target: Target, dataDir: string, say: (line: string) => void): Promise<GateDatabaseFigures> {
  // Rate limits scaled up: three hundred checks in a minute is the bench, not a guesser.
  const env = { ...target.env, RATE_LIMIT_FACTOR: '1000' };
  try {
    // First run: migrate and load the demo data. The year is written with no server running (a server holds its
    // SQLite file in EXCLUSIVE mode), then the server starts again on the filled database.
    const seeding = await startAppServer(dataDir, 120_000, env);
    let condoId: number;
    try {
      condoId = (await signInAdmin(seeding.origin)).condoId;
    } finally {
      await seeding.handle.stop();
    }
    const started = performance.now();
    await target.exec('CREATE TABLE bench_dwellings (k integer primary key, id integer not null)');
    await target.exec(
      `INSERT INTO bench_dwellings (k, id) SELECT row_number() OVER (ORDER BY id) - 1, id FROM apartments WHERE condo_id = ${condoId}`,
    );
    await target.exec(fillSql(target.database, condoId, GATE_BENCH.movements));
    await target.exec('DROP TABLE bench_dwellings');
    await target.exec(target.database === 'sqlite' ? 'ANALYZE' : 'ANALYZE gate_movements');
    await target.close();
    const fillSeconds = (performance.now() - started) / 1000;
    say(`  ${target.database}: ${GATE_BENCH.movements.toLocaleString('en-US')} movements written in ${fillSeconds.toFixed(1)} s`);

    const server = await startAppServer(dataDir, 120_000, env);
    try {
      const { origin } = server;
      const { token } = await signInAdmin(origin);
      const check = () => json(origin, 'POST', '/api/--caseta/verificar', token, { codigo: 'DEMO-PASE-001' });
      await check();
      const checkFigures = await timed(GATE_BENCH.checks, check);

      const today = new Date();
      const monthAgo = new Date(today.getTime() - 30 * 86_400_000);
      const day = (date: Date) => date.toISOString().slice(0, 10);
      const firstPage = () =>
        json<{ total: number; items: { apartmentId: number | null }[] }>(origin, 'GET', '/api/--bitacora/movimientos', token);
      const first = await firstPage();
      // Any dwelling will do: the series spreads the year evenly over them.
      const dwelling = first.items.find((item) => item.apartmentId !== null)?.apartmentId;
      if (!dwelling) throw new Error('the log has no movement with a dwelling');
      const byDwellingPath = `/api/--bitacora/movimientos?vivienda=${dwelling}&desde=${day(monthAgo)}&hasta=${day(today)}`;
      const byDwelling = () => json<{ total: number; items: unknown[] }>(origin, 'GET', byDwellingPath, token);
      const sample = await byDwelling();
      const dwellingFigures = await timed(GATE_BENCH.logQueries, byDwelling);
      const firstPageFigures = await timed(GATE_BENCH.logQueries, firstPage);
      return {
        database: target.database,
        movements: first.total,
        fillSeconds,
        check: checkFigures,
        logByDwelling: { ...dwellingFigures, rows: sample.items.length, total: sample.total },
        logFirstPage: { ...firstPageFigures, total: first.total },
      };
    } finally {
      await server.handle.stop();
    }
  } finally {
    await target.close();
    removeDir(dataDir);
  }
}

/** The server's SQLite file in its DATA_DIR, opened once the server has made and seeded it. */
function sqliteTarget(dataDir: string): Target {
  let db: Database.Database | null = null;
  return {
    database: 'sqlite',
    env: {},
    async exec(sql) {
      if (!db) {
        db = new Database(`${dataDir}/condo.sqlite`);
        // The server may hold the write lock for a moment (a scheduled job): wait for it.
        db.pragma('busy_timeout = 60000');
      }
      db.exec(sql);
    },
    async close() {
      db?.close();
      db = null;
    },
  };
}

export async function measureGate(say: (line: string) => void): Promise<GateReport> {
  const figures: GateDatabaseFigures[] = [];
  const sqliteDir = freshDataDir('gate-sqlite');
  figures.push(await measureOn(sqliteTarget(sqliteDir), sqliteDir, say));

  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    say('  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return figures;
  }
  const schema = `bench_gate_${process.pid}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  try {
    const target: Target = {
      database: 'postgres',
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema },
      async exec(sql) {
        await client.query(`SET search_path TO ${schema}`);
        await client.query(sql);
      },
      async close() {},
    };
    figures.push(await measureOn(target, freshDataDir('gate-postgres'), say));
  } finally {
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  }
  return figures;
}
