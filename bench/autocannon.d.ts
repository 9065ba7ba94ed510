// autocannon ships no types and @types/autocannon is not a dependency: this declares only the part of its
// programmatic API the bench uses (see node_modules/autocannon/README.md, "API" and "Results").
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  /** One connection (README "Client API"): what it asks for, in order, again and again. */
  interface Client {
    setRequests(requests: { method?: string; path?: string; headers?: Record<string, string>; body?: string }[]): void;
  }

  interface Options {
    url: string;
    /** Called once per connection (warm-up ones too), before its first request. */
    setupClient?: (client: Client) => void;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    /** A run before the measured one whose figures are kept apart (results.warmup). */
    warmup?: { connections?: number; duration?: number };
  }

  interface Result {
    url: string;
    duration: number;
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    mismatches: number;
    connections: number;
  }

  /** Without a callback the returned instance is also a promise of the results. */
  function autocannon(options: Options): PromiseLike<Result>;

  export type { Client };
  export default autocannon;
}
