// (a) Reads: autocannon against the real server and against a bare node:http server that answers the same
// bytes (both child processes; autocannon runs here, so on two cores each side has one): two public routes,
// then the authenticated mix (authMix.ts) with each connection one person's session; then 200 signed-in
// people on that mix at once, on SQLite and (with BENCH_DATABASE_URL or TEST_DATABASE_URL) on a fresh
// PostgreSQL database created for the run and dropped after it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon, { type Client } from 'autocannon';
import pg from 'pg';
import { type MixUser, signInMixUsers } from './authMix';
import { BASELINE_LISTENING_LINE, BASELINE_ROUTES_FILE_ENV, type CannedAnswer } from './baselineServer';
import { closedLoop } from './closedLoop';
import { type ChildHandle, freshDataDir, type RunningServer, removeDir, spawnTsx, startAppServer } from './serverProcess';

export const THROUGHPUT_ROUTES = [
  { label: 'GET /api/health', path: '/api/health' },
  // Database-backed: a condominium row read through Kysely and better-sqlite3 on every request.
  { label: 'GET /api/--pagina-publica/condo/1', path: '/api/--pagina-publica/condo/1' },
] as const;

export const MIX_LABEL = 'signed-in mix (6 reads)';

export const LOAD = { connections: 50, warmupSeconds: 2, durationSeconds: 8 } as const;

/** 200 people signed in, each on their own kept-alive connection, asking for the mix back to back for a minute
 * (closedLoop.ts: every connection open before the clock starts). */
export const USERS_LOAD = { connections: 200, warmupSeconds: 2, durationSeconds: 60 } as const;

/** The goals, printed beside the figures (the bench judges nothing). */
export const READ_GOALS = {
  publicRatio: 0.5,
  mixRatio: 0.3,
  usersP99Ms: { sqlite: 100, postgres: 150 },
} as const;

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  totalRequests: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface RouteThroughput {
  label: string;
  path: string;
  status: number;
  contentType: string;
  /** The answer's size; for the mix, the mean over its answers. */
  bodyBytes: number;
  app: LoadFigures;
  baseline: LoadFigures;
  /** app req/s ÷ baseline req/s: the share of bare-node throughput the real route keeps. */
  requestsRatio: number;
  /** app p99 ÷ baseline p99. */
  p99Ratio: number;
}

export interface UsersLoadFigures {
  database: 'sqlite' | 'postgres';
  connections: number;
  durationSeconds: number;
  /** Different people among the sessions (past the demo's neighbours, people hold a second session). */
  people: number;
  figures: LoadFigures;
  p99GoalMs: number;
}

export interface ReadsReport {
  routes: RouteThroughput[];
  mixPaths: string[];
  users: UsersLoadFigures[];
}

export interface ReadsOptions {
  /** The 200-user runs' measured seconds (USERS_LOAD.durationSeconds unless shortened). */
  usersSeconds?: number;
}

/** One plain GET the way autocannon sends it (no Accept-Encoding), keeping the exact bytes. */
function fetchRaw(url: string, token?: string): Promise<{ status: number; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: token ? { 'app-token': token } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? '',
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

type Target = { url: string } | { origin: string; users: MixUser[] };

/** Each connection is one person: it asks for their mix in order, again and again, with their token. */
function mixClients(users: MixUser[]): (client: Client) => void {
  let next = 0;
  return (client) => {
    const user = users[next++ % users.length]!;
    client.setRequests(user.paths.map((p) => ({ method: 'GET', path: p, headers: { 'app-token': user.token } })));
  };
}

async function load(target: Target, shape: { connections: number; warmupSeconds: number; durationSeconds: number }) {
  const where = 'url' in target ? { url: target.url } : { url: target.origin, setupClient: mixClients(target.users) };
  const result = await autocannon({
    ...where,
    connections: shape.connections,
    duration: shape.durationSeconds,
    // The built-in warm-up runs first with the same load; its figures are discarded (JIT, caches, pools).
    warmup: { connections: shape.connections, duration: shape.warmupSeconds },
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    totalRequests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  } satisfies LoadFigures;
}

export type Progress = (line: string) => void;

const sameAnswer = (a: { contentType: string; body: Buffer }, b: CannedAnswer) =>
  a.contentType === b.contentType && a.body.toString('base64') === b.bodyBase64;

/** The app's answers, which become the baseline's: the public routes, then every mix person's own. */
async function cannedAnswers(origin: string, mixUsers: MixUser[], progress: Progress): Promise<CannedAnswer[]> {
  const answers: CannedAnswer[] = [];
  const keep = async (path: string, token?: string) => {
    const answer = await fetchRaw(origin + path, token);
    const entry = { path, status: answer.status, contentType: answer.contentType, bodyBase64: answer.body.toString('base64') };
    answers.push(token ? { ...entry, token } : entry);
    return answer.status;
  };
  for (const route of THROUGHPUT_ROUTES) {
    const status = await keep(route.path);
    if (status !== 200) progress(`  warning: ${route.label} answered ${status}, measuring it anyway`);
  }
  for (const user of mixUsers) {
    for (const p of user.paths) {
      const status = await keep(p, user.token);
      if (status !== 200) throw new Error(`the mix's GET ${p} answered ${status} to ${user.email}`);
    }
  }
  return answers;
}

function routeFigures(
  label: string,
  path: string,
  answers: CannedAnswer[],
  app: LoadFigures,
  baseline: LoadFigures,
): RouteThroughput {
  const sizes = answers.map((answer) => Buffer.from(answer.bodyBase64, 'base64').length);
  return {
    label,
    path,
    status: answers[0]!.status,
    contentType: answers[0]!.contentType,
    bodyBytes: Math.round(sizes.reduce((sum, size) => sum + size, 0) / sizes.length),
    app,
    baseline,
    requestsRatio: app.requestsPerSecond / baseline.requestsPerSecond,
    p99Ratio: app.latencyP99Ms / baseline.latencyP99Ms,
  };
}

/** Public routes and the mix, app against baseline, then 200 people on the same SQLite app. */
async function measureSqlite(
  progress: Progress,
  usersSeconds: number,
): Promise<{ routes: RouteThroughput[]; users: UsersLoadFigures; mixPaths: string[] }> {
  const dataDir = freshDataDir('throughput');
  const answersFile = path.join(dataDir, 'baseline-answers.json');
  let app: RunningServer | undefined;
  let baseline: ChildHandle | undefined;
  try {
    // Sign-ins of 200 sessions in a few seconds are the bench, not a guesser: the limits are raised.
    app = await startAppServer(dataDir, 120_000, { RATE_LIMIT_FACTOR: '1000' });
    const everyone = await signInMixUsers(app.origin, USERS_LOAD.connections);
    const mixUsers = everyone.slice(0, LOAD.connections);
    const answers = await cannedAnswers(app.origin, mixUsers, progress);
    fs.writeFileSync(answersFile, JSON.stringify(answers));
    baseline = spawnTsx({ script: 'bench/baselineServer.ts', env: { [BASELINE_ROUTES_FILE_ENV]: answersFile } });
    const baselineOrigin = (await baseline.waitForLine(BASELINE_LISTENING_LINE, 30_000))[1]!;
    for (const answer of [answers[0]!, answers[1]!, ...answers.slice(2, 2 + mixUsers[0]!.paths.length)]) {
      if (!sameAnswer(await fetchRaw(baselineOrigin + answer.path, answer.token), answer)) {
        throw new Error(`the baseline does not answer ${answer.path} like the app`);
      }
    }

    // Both servers are up but only the one under load works. Each target's app and baseline runs are back to
    // back, so anything else the machine does at that moment weighs on both sides of the ratio.
    const routes: RouteThroughput[] = [];
    for (const [index, route] of THROUGHPUT_ROUTES.entries()) {
      progress(`  app       ${route.label} …`);
      const appFigures = await load({ url: app.origin + route.path }, LOAD);
      progress(`  baseline  ${route.label} …`);
      const baseFigures = await load({ url: baselineOrigin + route.path }, LOAD);
      routes.push(routeFigures(route.label, route.path, [answers[index]!], appFigures, baseFigures));
    }
    progress(`  app       ${MIX_LABEL}, ${mixUsers.length} people …`);
    const appMix = await load({ origin: app.origin, users: mixUsers }, LOAD);
    progress(`  baseline  ${MIX_LABEL} …`);
    const baseMix = await load({ origin: baselineOrigin, users: mixUsers }, LOAD);
    routes.push(routeFigures(MIX_LABEL, 'mix', answers.slice(THROUGHPUT_ROUTES.length), appMix, baseMix));
    await baseline.stop();

    const users = await usersLoad('sqlite', app.origin, everyone, usersSeconds, progress);
    return { routes, users, mixPaths: mixUsers[0]!.paths };
  } finally {
    try {
      await Promise.all([app?.handle.stop(), baseline?.stop()]);
    } finally {
      removeDir(dataDir);
    }
  }
}

async function usersLoad(
  database: 'sqlite' | 'postgres',
  origin: string,
  users: MixUser[],
  seconds: number,
  progress: Progress,
): Promise<UsersLoadFigures> {
  progress(`  ${database}: ${users.length} people on the mix for ${seconds} s …`);
  const figures = await closedLoop(origin, users, { warmupSeconds: USERS_LOAD.warmupSeconds, durationSeconds: seconds });
  return {
    database,
    connections: users.length,
    durationSeconds: seconds,
    people: new Set(users.map((user) => user.email)).size,
    figures,
    p99GoalMs: READ_GOALS.usersP99Ms[database],
  };
}

/** The same 200 people on PostgreSQL, in a database made for this run (never the tests' own) and dropped after. */
async function measurePostgres(url: string, usersSeconds: number, progress: Progress): Promise<UsersLoadFigures> {
  const name = `bench_reads_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const dataDir = freshDataDir('throughput-postgres');
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    const app = await startAppServer(dataDir, 180_000, { DATABASE_URL: own.toString(), RATE_LIMIT_FACTOR: '1000' });
    try {
      const users = await signInMixUsers(app.origin, USERS_LOAD.connections);
      return await usersLoad('postgres', app.origin, users, usersSeconds, progress);
    } finally {
      await app.handle.stop();
    }
  } finally {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
      removeDir(dataDir);
    }
  }
}

export async function measureThroughput(progress: Progress, options: ReadsOptions = {}): Promise<ReadsReport> {
  const usersSeconds = options.usersSeconds ?? USERS_LOAD.durationSeconds;
  const sqlite = await measureSqlite(progress, usersSeconds);
  const users = [sqlite.users];
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) users.push(await measurePostgres(url, usersSeconds, progress));
  else progress('  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  return { routes: sqlite.routes, mixPaths: sqlite.mixPaths, users };
}
