// Rate-limit counters in Redis, shared by every server process that has the same REDIS_URL and key prefix
// (docs/decisions.md). The window is the one MemoryRateLimitStore keeps, counted atomically by a Lua script
// on the caller's clock, so the app's injectable Clock rules both stores alike; Redis's own expiry only
// removes a key once its window is over. The script is sent once per connection and then called by its
// SHA (ioredis's defineCommand: EVALSHA, and EVAL again when Redis answers NOSCRIPT after losing its script
// cache). When Redis cannot answer, FallbackRateLimitStore counts in this process's memory until it can
// again: each process then limits on its own, never not at all.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RateLimitStore } from './rateLimit';

/**
 * KEYS[1] the window's hash { count, resetAt }; ARGV[1] now, ARGV[2] the window's length, ARGV[3] now +
 * length (ms). A window that has ended, or none, starts again at now; then one hit is counted. Answers
 * { count, resetAt }. The key lives as long as the window (PEXPIRE), so ended windows need no sweeping.
 */
export const FIXED_WINDOW_SCRIPT = `
local now = tonumber(ARGV[1])
local resetAt = tonumber(redis.call('HGET', KEYS[1], 'resetAt'))
if resetAt == nil or resetAt <= now then
  resetAt = tonumber(ARGV[3])
  redis.call('HSET', KEYS[1], 'count', 0, 'resetAt', ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
local count = redis.call('HINCRBY', KEYS[1], 'count', 1)
return { count, resetAt }
`;

/**
 * The Redis key of a limiter key ("signInPerIp:10.0.0.1"): hashed, so that Redis holds no e-mail or address
 * in the clear and a long e-mail makes no long key.
 */
export function redisRateLimitKey(prefix: string, key: string): string {
  return `${prefix}ratelimit:${createHash('sha256').update(key).digest('base64url')}`;
}

/** The script as a command of the client (defineCommand): key, now, window length, now + length. */
interface RateLimitCommands {
  rateLimitHit(key: string, nowMs: number, windowMs: number, resetAtMs: number): Promise<unknown>;
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis & RateLimitCommands;

  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
  ) {
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: FIXED_WINDOW_SCRIPT });
    this.redis = redis as Redis & RateLimitCommands;
  }

  async hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }> {
    const reply = await this.redis.rateLimitHit(redisRateLimitKey(this.keyPrefix, key), nowMs, windowMs, nowMs + windowMs);
    if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
      throw new Error(`unexpected answer to the rate-limit script: ${JSON.stringify(reply)}`);
    }
    return { count: reply[0], resetAtMs: reply[1] };
  }
}

/** What the fallback says, and to whom: pino's (app.log's) two methods it uses. */
export interface FallbackLog {
  warn(details: { err: unknown }, message: string): void;
  info(message: string): void;
}

/**
 * Asks the primary store; when it fails, counts in the fallback. One warning when the primary first fails
 * and one line when it answers again, not a line per request.
 */
export class FallbackRateLimitStore implements RateLimitStore {
  private degraded = false;

  constructor(
    private readonly primary: RateLimitStore,
    private readonly fallback: RateLimitStore,
    private readonly log: FallbackLog,
  ) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }> {
    let window: { count: number; resetAtMs: number };
    try {
      window = await this.primary.hit(key, windowMs, nowMs);
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.log.warn({ err: error }, 'Rate limits: Redis is unavailable, counting in this process until it answers again');
      }
      return this.fallback.hit(key, windowMs, nowMs);
    }
    if (this.degraded) {
      this.degraded = false;
      this.log.info('Rate limits: Redis answers again, counters are shared again');
    }
    return window;
  }
}
