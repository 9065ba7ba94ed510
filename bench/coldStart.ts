// (c) Cold start: from spawn to the first 200 of GET /api/health, as a load balancer or `npm start` user
// sees it: the built server (scripts/buildServer.mjs, built once beforehand, as `npm start` does when its
// sources changed; the build is not part of a start). The same start from the sources through tsx is measured
// too, for comparison. Runs strictly one server at a time: SQLite is opened with an exclusive lock.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildServer, type ChildHandle, freshDataDir, removeDir, serverEnv, spawnBuiltServer, spawnTsx } from './serverProcess';

export const COLD_START_RUNS = 3;
const POLL_INTERVAL_MS = 20;
const START_TIMEOUT_MS = 60_000;

export interface ColdStartSeries {
  runsMs: number[];
  minMs: number;
  medianMs: number;
}

export interface ColdStartReport {
  /** The built server, each run on a new DATA_DIR: creates the SQLite file, migrates and loads the demo data. */
  fresh: ColdStartSeries;
  /** The built server on the DATA_DIR the first fresh run left: opens, finds nothing to migrate or seed. */
  seeded: ColdStartSeries;
  /** The same as `seeded`, from the sources through tsx (`npx tsx server/main.ts`). */
  seededFromSources: ColdStartSeries;
  seededDatabaseBytes: number;
}

/** The goal of issue 29, printed beside the figures (the bench judges nothing). */
export const COLD_START_GOAL_MS = 2000;

type Start = (env: Record<string, string>) => ChildHandle;
const built: Start = (env) => spawnBuiltServer(env);
const fromSources: Start = (env) => spawnTsx({ script: 'server/main.ts', env });

/**
 * The port is chosen here rather than with PORT=0, so polling can start at spawn time instead of after the
 * listening line (which would hide the time between listen() and that line). The tiny window in which
 * another process could take the port is acceptable on a bench machine.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** One GET; true only for a 200. Connection refused (not listening yet) is simply false. */
function healthy(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.setTimeout(1000, () => request.destroy());
    request.on('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timeOneStart(dataDir: string, start: Start): Promise<number> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/api/health`;
  const started = performance.now();
  const server = start(serverEnv(dataDir, port));
  try {
    const state: { ended: string | null } = { ended: null };
    void server.exited.then((how) => {
      state.ended = how;
    });
    while (!(await healthy(url))) {
      if (state.ended !== null) throw new Error(`the server ended (${state.ended}) before answering:\n${server.output()}`);
      if (performance.now() - started > START_TIMEOUT_MS) {
        throw new Error(`no 200 from ${url} after ${START_TIMEOUT_MS} ms:\n${server.output()}`);
      }
      await sleep(POLL_INTERVAL_MS);
    }
    return performance.now() - started;
  } finally {
    // A clean SIGTERM shutdown, awaited: the next run may reuse this DATA_DIR and its exclusive lock.
    await server.stop();
  }
}

function series(measuredMs: number[]): ColdStartSeries {
  // performance.now() gives microseconds; a tenth of a millisecond is more than polling every 20 ms resolves.
  const runsMs = measuredMs.map((value) => Math.round(value * 10) / 10);
  const sorted = [...runsMs].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { runsMs, minMs: sorted[0]!, medianMs: median };
}

export async function measureColdStart(progress: (line: string) => void): Promise<ColdStartReport> {
  const dirs: string[] = [];
  try {
    buildServer();
    const fresh: number[] = [];
    for (let run = 1; run <= COLD_START_RUNS; run++) {
      const dir = freshDataDir('cold');
      dirs.push(dir);
      fresh.push(await timeOneStart(dir, built));
      progress(`  fresh DATA_DIR, run ${run}: ${fresh.at(-1)!.toFixed(0)} ms`);
    }
    const seededDir = dirs[0]!;
    const seededDatabaseBytes = fs
      .readdirSync(seededDir)
      .filter((name) => name.startsWith('condo.sqlite'))
      .reduce((sum, name) => sum + fs.statSync(path.join(seededDir, name)).size, 0);
    const seeded: number[] = [];
    for (let run = 1; run <= COLD_START_RUNS; run++) {
      seeded.push(await timeOneStart(seededDir, built));
      progress(`  seeded DATA_DIR, run ${run}: ${seeded.at(-1)!.toFixed(0)} ms`);
    }
    const seededFromSources: number[] = [];
    for (let run = 1; run <= COLD_START_RUNS; run++) {
      seededFromSources.push(await timeOneStart(seededDir, fromSources));
      progress(`  seeded DATA_DIR, from the sources (tsx), run ${run}: ${seededFromSources.at(-1)!.toFixed(0)} ms`);
    }
    return {
      fresh: series(fresh),
      seeded: series(seeded),
      seededFromSources: series(seededFromSources),
      seededDatabaseBytes,
    };
  } finally {
    for (const dir of dirs) removeDir(dir);
  }
}
