// A bounded load on a server under test with autocannon: a fixed number of requests over a few keep-alive
// connections on loopback, and a callback after every answer (the outage tests act on the service after
// the Nth answer, not after some time). bench/autocannon.d.ts declares only what the bench uses; the few
// other parts of autocannon's API (node_modules/autocannon/README.md) the tests use are declared here.
import autocannon from 'autocannon';

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The part of autocannon's options and results (README: "API", "Results", "Events") used here. */
interface LoadOptions {
  url: string;
  /** Ends after this many requests (overrides duration). */
  amount: number;
  connections: number;
  /** Cycled through, per connection. */
  requests: LoadRequest[];
  /** Seconds without an answer before a request counts as a timeout. */
  timeout: number;
}
interface LoadRun extends PromiseLike<{ statusCodeStats: Record<string, { count: number }>; errors: number; timeouts: number }> {
  on(event: 'response', listener: () => void): void;
}
const cannon = autocannon as unknown as (options: LoadOptions) => LoadRun;

export interface Load {
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** Requests that got no answer: a reset connection, or none within the timeout. */
  errors: number;
  timeouts: number;
}

export async function runLoad(options: {
  url: string;
  amount: number;
  connections: number;
  requests: LoadRequest[];
  /** Called with the number of answers so far, after each. */
  onAnswer?: (answered: number) => void;
}): Promise<Load> {
  const run = cannon({
    url: options.url,
    amount: options.amount,
    connections: options.connections,
    requests: options.requests,
    timeout: 20,
  });
  let answered = 0;
  run.on('response', () => options.onAnswer?.(++answered));
  const result = await run;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  return { statuses, errors: result.errors, timeouts: result.timeouts };
}
