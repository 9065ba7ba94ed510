// app.rateLimiter: the limits of infra/rateLimit.ts over a store. The one place the store is chosen: the
// one given (tests), else Redis when REDIS_URL is set (falling back to this process's memory while Redis
// cannot answer), else this process's memory. app.redis is that Redis client (null without one), for the
// readiness answer.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Clock } from '../infra/clock';
import { MemoryRateLimitStore, RateLimiter, type RateLimitPolicy, type RateLimitStore } from '../infra/rateLimit';
import { FallbackRateLimitStore, RedisRateLimitStore } from '../infra/rateLimitRedis';
import { closeRedis, connectRedis, createRedisClient } from '../infra/redis/client';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
    redis: Redis | null;
  }
}

function redisFromConfig(app: FastifyInstance): Redis | null {
  if (app.config.redisUrl === null) return null;
  const redis = createRedisClient(app.config.redisUrl, { log: app.log });
  // Connected before the first request, so that one is counted in Redis too.
  app.addHook('onReady', () => connectRedis(redis));
  app.addHook('onClose', () => closeRedis(redis));
  return redis;
}

export default fp(async function rateLimit(
  app: FastifyInstance,
  options: { policy: RateLimitPolicy; store?: RateLimitStore; clock: Clock },
) {
  const redis = options.store ? null : redisFromConfig(app);
  const store =
    options.store ??
    (redis
      ? new FallbackRateLimitStore(new RedisRateLimitStore(redis, app.config.redisKeyPrefix), new MemoryRateLimitStore(), app.log)
      : new MemoryRateLimitStore());
  app.decorate('redis', redis);
  app.decorate('rateLimiter', new RateLimiter(options.policy, store, options.clock));
});
