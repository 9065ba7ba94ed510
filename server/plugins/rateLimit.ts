// app.rateLimiter: the limits of domain/rateLimit.ts over a store (this process's memory unless another
// store is given, e.g. Redis when several processes must share the counters).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../domain/clock';
import { MemoryRateLimitStore, RateLimiter, type RateLimitPolicy, type RateLimitStore } from '../domain/rateLimit';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

export default fp(async function rateLimit(
  app: FastifyInstance,
  options: { policy: RateLimitPolicy; store?: RateLimitStore; clock: Clock },
) {
  app.decorate('rateLimiter', new RateLimiter(options.policy, options.store ?? new MemoryRateLimitStore(), options.clock));
});
