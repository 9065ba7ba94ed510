// app.rateLimiter: the limits of domain/rateLimit.ts over a store. The one place the store is chosen: the
// one given (tests), else Redis when REDIS_URL is set (falling back to this process's memory while Redis
// cannot answer), else this process's memory.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../domain/clock';
import { MemoryRateLimitStore, RateLimiter, type RateLimitPolicy, type RateLimitStore } from '../domain/rateLimit';
import { FallbackRateLimitStore, RedisRateLimitStore } from '../domain/rateLimitRedis';
import { RedisClient } from '../redis/client';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

function storeFromConfig(app: FastifyInstance): RateLimitStore {
  const { redisUrl, redisKeyPrefix } = app.config;
  if (redisUrl === null) return new MemoryRateLimitStore();
  const redis = new RedisClient(redisUrl);
  app.addHook('onClose', () => redis.close());
  return new FallbackRateLimitStore(new RedisRateLimitStore(redis, redisKeyPrefix), new MemoryRateLimitStore(), app.log);
}

export default fp(async function rateLimit(
  app: FastifyInstance,
  options: { policy: RateLimitPolicy; store?: RateLimitStore; clock: Clock },
) {
  app.decorate('rateLimiter', new RateLimiter(options.policy, options.store ?? storeFromConfig(app), options.clock));
});
