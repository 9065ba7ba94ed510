// The 200-people load of (a): each person on one kept-alive connection, asking for their mix in order, the next
// request when the answer has come (a closed loop, as a browser does). Unlike autocannon, every connection is
// open and has had one answer before the clock starts: 200 connections opened at once against a server that is
// already busy leave some of them unanswered for the whole run, on a bare node:http server too (measured here
// with 2 ms of work per request: a tenth of the connections waited 20 s), which is the load generator's and the
// operating system's doing, not what 200 people signed in see.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { MixUser } from './authMix';
import type { LoadFigures } from './throughput';

/** A request without its answer this long counts as a timeout (autocannon's default). */
const TIMEOUT_MS = 10_000;

type Outcome = { ms: number; status: number } | { error: 'timeout' | 'error' };

function get(agent: http.Agent, origin: URL, path: string, token: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      { host: origin.hostname, port: origin.port, path, agent, headers: { 'app-token': token } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode ?? 0 }));
        response.on('error', () => resolve({ error: 'error' }));
      },
    );
    request.setTimeout(TIMEOUT_MS, () => {
      request.destroy();
      resolve({ error: 'timeout' });
    });
    request.on('error', () => resolve({ error: 'error' }));
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/** Every user's mix in a loop for `warmupSeconds` (not counted), then `durationSeconds` (counted). */
export async function closedLoop(
  originText: string,
  users: MixUser[],
  shape: { warmupSeconds: number; durationSeconds: number },
): Promise<LoadFigures> {
  const origin = new URL(originText);
  const agents = users.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    // Every connection open, and answered once, before anything is timed.
    await Promise.all(users.map((user, index) => get(agents[index]!, origin, user.paths[0]!, user.token)));
    const countFrom = performance.now() + shape.warmupSeconds * 1000;
    const end = countFrom + shape.durationSeconds * 1000;
    const latencies: number[] = [];
    let errors = 0;
    let timeouts = 0;
    let non2xx = 0;
    await Promise.all(
      users.map(async (user, index) => {
        for (let step = 1; performance.now() < end; step++) {
          const outcome = await get(agents[index]!, origin, user.paths[step % user.paths.length]!, user.token);
          if (performance.now() < countFrom) continue;
          if ('error' in outcome) {
            errors++;
            if (outcome.error === 'timeout') timeouts++;
          } else {
            latencies.push(outcome.ms);
            if (outcome.status < 200 || outcome.status > 299) non2xx++;
          }
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return {
      requestsPerSecond: latencies.length / shape.durationSeconds,
      latencyP50Ms: percentile(latencies, 0.5),
      latencyP99Ms: percentile(latencies, 0.99),
      latencyMaxMs: latencies.at(-1) ?? 0,
      totalRequests: latencies.length + errors,
      errors,
      timeouts,
      non2xx,
    };
  } finally {
    for (const agent of agents) agent.destroy();
  }
}
