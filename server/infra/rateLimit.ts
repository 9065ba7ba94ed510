// Rate limits on the calls that guess or spam (DESIGN.md §4): sign-in, forgot-password, reset-password,
// change-password (which checks the current password), the public page's contact form and captcha, guest
// registration, the guards' pass check (which looks codes up), and the public calendar feed.
// Fixed windows counted in a RateLimitStore. The store in this file keeps the counters in this process's
// memory; rateLimitRedis.ts implements the same one-method interface in Redis (REDIS_URL) when several
// processes must share the counters (docs/decisions.md).
import { TooManyRequestsError } from '../errors';
import type { Clock } from './clock';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Every limit the server applies, by name. Keys are the client address and, where there is one, the e-mail. */
export interface RateLimitPolicy {
  signInPerIpAndEmail: Limit;
  signInPerIp: Limit;
  forgotPasswordPerEmail: Limit;
  forgotPasswordPerIp: Limit;
  resetPasswordPerIp: Limit;
  changePasswordPerUser: Limit;
  publicContactPerIp: Limit;
  captchaChallengePerIp: Limit;
  guestRegistrationPerIp: Limit;
  passCheckPerUser: Limit;
  calendarFeedPerFeed: Limit;
  calendarFeedPerIp: Limit;
  globalSearchPerUser: Limit;
  invitationLinkPerIp: Limit;
  gatePairPerDevice: Limit;
  gatePairPerIp: Limit;
  gateShiftPerDevice: Limit;
  gateShiftPerMember: Limit;
  gatePinPerUser: Limit;
  parcelCodePerParcel: Limit;
  parcelCodePerUser: Limit;
  receiptVerifyPerIp: Limit;
  checkoutSandboxPerIp: Limit;
}

export type RateLimitName = keyof RateLimitPolicy;

export const DEFAULT_RATE_LIMITS: RateLimitPolicy = {
  // Enough for a person who mistypes; far too few to guess a password.
  signInPerIpAndEmail: { max: 10, windowSeconds: 60 },
  // A building's shared connection still signs in its neighbours.
  signInPerIp: { max: 30, windowSeconds: 60 },
  // Nobody needs more than a few reset e-mails; more would flood their inbox.
  forgotPasswordPerEmail: { max: 5, windowSeconds: 15 * 60 },
  forgotPasswordPerIp: { max: 20, windowSeconds: 15 * 60 },
  resetPasswordPerIp: { max: 10, windowSeconds: 15 * 60 },
  // Whoever holds a session must not be able to guess the current password either.
  changePasswordPerUser: { max: 10, windowSeconds: 15 * 60 },
  // The public page's contact and access requests mail the administrators: a few an hour is plenty.
  publicContactPerIp: { max: 5, windowSeconds: 15 * 60 },
  // Challenges are cheap to make but each one is a row's worth of work to spend.
  captchaChallengePerIp: { max: 30, windowSeconds: 60 },
  // A guest registers once; a family at one phone a few times. More is someone filling an event's places.
  guestRegistrationPerIp: { max: 10, windowSeconds: 15 * 60 },
  // A guard at a busy gate checks a pass every few seconds at most; guessing an 8-character key (31^8)
  // at this pace would take longer than any pass lasts.
  passCheckPerUser: { max: 30, windowSeconds: 60 },
  // A calendar app polls a feed every few minutes to hours; more than this is a client stuck in a loop. (Its
  // 256-bit secret cannot be guessed: these limits only bound the work of writing feeds.)
  calendarFeedPerFeed: { max: 30, windowSeconds: 15 * 60 },
  // Google's and Apple's fetchers poll many people's feeds from few addresses: generous per address.
  calendarFeedPerIp: { max: 300, windowSeconds: 60 },
  // The header's search (issue 16) asks at most once per pause in typing; a person does not search every second
  // for a minute on end. Each search reads several tables, so a loop is cut off here.
  globalSearchPerUser: { max: 60, windowSeconds: 60 },
  // An invitation's link is opened and accepted a few times at most; its 256-bit token cannot be guessed, the
  // limit bounds the password checks of people who have an account (issue 16).
  invitationLinkPerIp: { max: 20, windowSeconds: 15 * 60 },
  // Pairing a gate device (issue 26): an administrator reads an 8-digit code out; a few typos at most. 10 tries
  // per device in its code's 15 minutes leave 1 chance in 10 million of guessing it.
  gatePairPerDevice: { max: 10, windowSeconds: 15 * 60 },
  gatePairPerIp: { max: 30, windowSeconds: 15 * 60 },
  // A shift's PIN (4 to 6 digits) is short: few tries per guard and per device, so 10,000 PINs take weeks.
  gateShiftPerDevice: { max: 30, windowSeconds: 15 * 60 },
  gateShiftPerMember: { max: 10, windowSeconds: 15 * 60 },
  // Setting one's PIN checks the current password: the change-password limit's reasoning.
  gatePinPerUser: { max: 10, windowSeconds: 15 * 60 },
  // A parcel's 6-digit pickup code typed at the gate (issue 26): a resident who misremembers tries a few times;
  // 5 per parcel per quarter hour makes guessing one of 10^6 codes hopeless before the parcel is collected.
  parcelCodePerParcel: { max: 5, windowSeconds: 15 * 60 },
  // A guard at a busy gate hands over many parcels, a few tries each.
  parcelCodePerUser: { max: 60, windowSeconds: 15 * 60 },
  // A receipt's public verification (issue 27): someone scans a receipt's QR a few times at most. Its 256-bit token
  // cannot be guessed; the limit bounds the look-ups of a client stuck in a loop or trying tokens anyway.
  receiptVerifyPerIp: { max: 60, windowSeconds: 15 * 60 },
  // The sandbox provider's page and buttons (issue 27): a person paying reads it and presses a button or two; its
  // 128-bit reference cannot be guessed.
  checkoutSandboxPerIp: { max: 120, windowSeconds: 15 * 60 },
};

/** The policy with every maximum multiplied (RATE_LIMIT_FACTOR). */
export function scaledPolicy(policy: RateLimitPolicy, factor: number): RateLimitPolicy {
  const entries = Object.entries(policy).map(([name, limit]) => [name, { ...limit, max: limit.max * factor }]);
  return Object.fromEntries(entries) as unknown as RateLimitPolicy;
}

export interface RateLimitStore {
  /**
   * Counts one hit on `key` in its current window (a window starts at the first hit after the previous one
   * ended and lasts windowMs). Answers the hits in the window so far, this one included, and when it ends.
   */
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }>;
}

/** Counters in this process. Expired windows are swept once the map grows, so memory stays bounded. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAtMs: number }>();

  constructor(private readonly sweepAbove = 10_000) {}

  async hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }> {
    let window = this.windows.get(key);
    if (!window || window.resetAtMs <= nowMs) {
      if (this.windows.size >= this.sweepAbove) this.sweep(nowMs);
      window = { count: 0, resetAtMs: nowMs + windowMs };
      this.windows.set(key, window);
    }
    window.count++;
    return { count: window.count, resetAtMs: window.resetAtMs };
  }

  /** How many windows are held (tests check the sweep). */
  get size(): number {
    return this.windows.size;
  }

  private sweep(nowMs: number): void {
    for (const [key, window] of this.windows) if (window.resetAtMs <= nowMs) this.windows.delete(key);
  }
}

export interface RateLimitHit {
  limit: RateLimitName;
  /** The client address, the e-mail, or both joined: what is being counted. */
  key: string;
}

export class RateLimiter {
  constructor(
    private readonly policy: RateLimitPolicy,
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  /** Counts the request under every named limit; throws 429 when any of them is exceeded. */
  async consume(hits: RateLimitHit[]): Promise<void> {
    const nowMs = this.clock.now().getTime();
    // Asked together, so a Redis store sends them in one round trip.
    const windows = await Promise.all(
      hits.map(({ limit, key }) => this.store.hit(`${limit}:${key}`, this.policy[limit].windowSeconds * 1000, nowMs)),
    );
    let retryAfterMs = 0;
    hits.forEach(({ limit }, i) => {
      const window = windows[i]!;
      if (window.count > this.policy[limit].max) retryAfterMs = Math.max(retryAfterMs, window.resetAtMs - nowMs);
    });
    if (retryAfterMs > 0) throw new TooManyRequestsError(Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }
}
