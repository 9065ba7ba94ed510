// (a) Throughput: autocannon against the real server and against a bare node:http server that answers the
// same bytes. Both are child processes; autocannon runs here, so on two cores each side has one.
import http from 'node:http';
import autocannon from 'autocannon';
import { BASELINE_LISTENING_LINE, BASELINE_ROUTES_ENV, type CannedAnswer } from './baselineServer';
import { type ChildHandle, freshDataDir, type RunningServer, removeDir, spawnTsx, startAppServer } from './serverProcess';

export const THROUGHPUT_ROUTES = [
  { label: 'GET /api/health', path: '/api/health' },
  // Database-backed: a condominium row read through Kysely and better-sqlite3 on every request.
  { label: 'GET /api/--pagina-publica/condo/1', path: '/api/--pagina-publica/condo/1' },
] as const;

export const LOAD = { connections: 50, warmupSeconds: 2, durationSeconds: 8 } as const;

export interface LoadFigures {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
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
  bodyBytes: number;
  app: LoadFigures;
  baseline: LoadFigures;
  /** app req/s ÷ baseline req/s: the share of bare-node throughput the real route keeps. */
  requestsRatio: number;
  /** app p99 ÷ baseline p99. */
  p99Ratio: number;
}

/** One plain GET the way autocannon sends it (no Accept-Encoding), keeping the exact bytes. */
function fetchRaw(url: string): Promise<{ status: number; contentType: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, (response) => {
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

async function load(url: string): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: LOAD.connections,
    duration: LOAD.durationSeconds,
    // The built-in warm-up runs first with the same load; its figures are discarded (JIT, caches, pools).
    warmup: { connections: LOAD.connections, duration: LOAD.warmupSeconds },
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    totalRequests: result.requests.total,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export type Progress = (line: string) => void;

export async function measureThroughput(progress: Progress): Promise<RouteThroughput[]> {
  const answers: CannedAnswer[] = [];
  const appFigures: LoadFigures[] = [];
  const baselineFigures: LoadFigures[] = [];

  const dataDir = freshDataDir('throughput');
  let app: RunningServer | undefined;
  let baseline: ChildHandle | undefined;
  try {
    app = await startAppServer(dataDir);
    // The real answers first: they become the baseline's canned answers.
    for (const route of THROUGHPUT_ROUTES) {
      const answer = await fetchRaw(app.origin + route.path);
      if (answer.status !== 200) progress(`  warning: ${route.label} answered ${answer.status}, measuring it anyway`);
      answers.push({
        path: route.path,
        status: answer.status,
        contentType: answer.contentType,
        bodyBase64: answer.body.toString('base64'),
      });
    }
    baseline = spawnTsx({ script: 'bench/baselineServer.ts', env: { [BASELINE_ROUTES_ENV]: JSON.stringify(answers) } });
    const baselineOrigin = (await baseline.waitForLine(BASELINE_LISTENING_LINE, 30_000))[1]!;

    // Both servers are up but only the one under load works. Each route's app and baseline runs are
    // back to back, so anything else the machine does at that moment weighs on both sides of the ratio.
    for (const [index, route] of THROUGHPUT_ROUTES.entries()) {
      const expected = answers[index]!;
      const check = await fetchRaw(baselineOrigin + route.path);
      if (check.contentType !== expected.contentType || check.body.toString('base64') !== expected.bodyBase64) {
        throw new Error(`the baseline does not answer ${route.path} like the app`);
      }
      progress(`  app       ${route.label} …`);
      appFigures.push(await load(app.origin + route.path));
      progress(`  baseline  ${route.label} …`);
      baselineFigures.push(await load(baselineOrigin + route.path));
    }
  } finally {
    try {
      await Promise.all([app?.handle.stop(), baseline?.stop()]);
    } finally {
      removeDir(dataDir);
    }
  }

  return THROUGHPUT_ROUTES.map((route, index) => {
    const answer = answers[index]!;
    const app = appFigures[index]!;
    const base = baselineFigures[index]!;
    return {
      label: route.label,
      path: route.path,
      status: answer.status,
      contentType: answer.contentType,
      bodyBytes: Buffer.from(answer.bodyBase64, 'base64').length,
      app,
      baseline: base,
      requestsRatio: app.requestsPerSecond / base.requestsPerSecond,
      p99Ratio: app.latencyP99Ms / base.latencyP99Ms,
    };
  });
}
