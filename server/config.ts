// Configuration comes only from the environment, is validated once at start, and a bad value stops the
// process with one line that names the variable (see main.ts).
import { createECDH } from 'node:crypto';
import path from 'node:path';
import { parseRedisUrl, RedisUrlError } from './infra/redis/address';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… when set; otherwise SQLite under dataDir. */
  databaseUrl: string | null;
  /** Postgres only: the schema every connection uses (tests isolate themselves with it). */
  databaseSchema: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** With SMTP_URL: how often each process re-sends due outbox mail, in seconds; 0 turns it off. */
  mailRetrySeconds: number;
  /** The stamps provider's secret for crediting requested packages over HTTP (STAMPS_PROVIDER_TOKEN); null: off. */
  stampsProviderToken: string | null;
  /** Where solicitar-timbres' stamp package requests are e-mailed (INVOICING_STAMPS_EMAIL). */
  invoicingStampsEmail: string;
  /** How often each process runs the due scheduled jobs (infra/scheduledJobs.ts), in seconds; 0 turns it off. */
  scheduledJobsSeconds: number;
  /** Where people open the app, e.g. https://app.condominio.mx: the base of links in e-mails. Required
   * when NODE_ENV=production; elsewhere, without it, links are built from the request's protocol and a
   * host of PUBLIC_BASE_DOMAIN or this machine (infra/links.ts). No trailing slash. */
  publicUrl: string | null;
  /** Strict-Transport-Security's max-age in seconds, sent over TLS; 0 sends none. */
  hstsMaxAge: number;
  /** Multiplies every rate limit's maximum (1 = the limits of infra/rateLimit.ts). */
  rateLimitFactor: number;
  logLevel: LogLevel;
  /** e.g. "condominio.mx": a host "palmas.condominio.mx" names the condominium "palmas". */
  publicBaseDomain: string | null;
  legacyAppUrl: string | null;
  /** The built SPA; null serves the API alone. */
  staticDir: string | null;
  /** log2 of the scrypt cost; 17 is OWASP's recommendation, tests lower it. */
  scryptLogN: number;
  /** Idle expiry of a session, and of a "remember me" session. */
  sessionIdleMinutes: number;
  rememberMeDays: number;
  /** However much it is used, a session ends this long after sign-in; a "remember me" one after the days. */
  sessionMaxHours: number;
  rememberMeMaxDays: number;
  /** "auto" loads the demo data into an empty database; "never" leaves it empty. */
  seed: 'auto' | 'never';
  trustProxy: boolean;
  /** Signs user_hash for the support chat; without it user_hash is empty. */
  supportChatSecret: string | null;
  /** redis://…: rate-limit counters shared through Redis; null keeps them in this process. */
  redisUrl: string | null;
  /** Starts every key this app writes in Redis, so apps (and tests) sharing one Redis keep apart. */
  redisKeyPrefix: string;
  /** PAYMENT_SANDBOX: whether the built-in sandbox payment provider may be used (on by default for the demo and
   * tests, off by default when NODE_ENV=production: then it is not offered, a sandbox row takes no payments, its
   * page is 404). */
  paymentSandbox: boolean;
  /** PAYMENT_PROVIDER_API_BASE, for tests only: where the real payment provider's SDK sends its API calls instead
   * of the provider's own host (e.g. http://127.0.0.1:PORT, a local server that answers the provider's documented
   * shapes; tests/support/stripeFake.ts). Unset (always, in a real deployment), the SDK talks to the provider.
   * Refused when NODE_ENV=production. */
  paymentProviderApiBase: string | null;
  /** PLATFORM_PAYMENT_PROVIDER: the product's own provider account, through which a condominium in trial pays
   * its plan (src/api/pricing.ts; not the condominium's account). 'sandbox' (the default where PAYMENT_SANDBOX
   * is on), 'stripe' with PLATFORM_STRIPE_SECRET_KEY and PLATFORM_STRIPE_WEBHOOK_SECRET, or 'none': null, and
   * "Contratar" writes to sales. */
  platformPayments: PlatformPayments | null;
  /** Web Push to the browsers people turn it on in (issue 30; webPushOf below). */
  webPush: WebPushConfig;
}

/** The keys a VAPID signature is made with: P-256, base64url (the public one uncompressed, 65 bytes). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface WebPushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither; null: one pair made once and kept in app_secrets,
   * the same in every process (server/infra/webPush/vapid.ts). */
  vapidKeys: VapidKeys | null;
  /** VAPID_SUBJECT (mailto: or https:): whom a push service writes to about this sender; by default PUBLIC_URL when
   * it is https, else MAIL_FROM's address. */
  subject: string;
  /** WEB_PUSH_ENDPOINTS: the push services a subscription may point at, so a browser cannot make the server post
   * anywhere else. A host name allows it and its sub-domains over https; an origin (http://127.0.0.1:8080, tests
   * only) allows exactly that origin. Default: the push services of Chrome, Firefox, Safari and Edge. */
  endpoints: readonly string[];
  /** WEB_PUSH_SEND_SECONDS: how often each process sends due pushes; 0: never on its own (tests call runOnce). */
  sendSeconds: number;
}

/** The push services of Chromium-based browsers (FCM), Firefox, Safari and Edge (WNS). */
export const DEFAULT_PUSH_ENDPOINTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

export type PlatformPayments = { provider: 'sandbox' } | { provider: 'stripe'; secretKey: string; webhookSecret: string };

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function text(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = text(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'is not a valid URL');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  }
  return raw;
}

function email(env: Env, name: string): string | null {
  const raw = text(env, name);
  if (raw !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw))
    throw new ConfigError(name, `must be an e-mail address, got "${raw}"`);
  return raw;
}

function oneOf<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${choices.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function redisUrl(env: Env): string | null {
  const raw = text(env, 'REDIS_URL');
  if (raw === null) return null;
  try {
    parseRedisUrl(raw);
  } catch (error) {
    if (error instanceof RedisUrlError) throw new ConfigError('REDIS_URL', error.message);
    throw error;
  }
  return raw;
}

/**
 * Idle expiry and absolute lifetime, ordinary and "remember me". An absolute lifetime shorter than the idle
 * expiry would make the idle expiry meaningless, so it is refused; left unset, it is at least the idle one.
 */
function sessionLifetimes(env: Env) {
  const sessionIdleMinutes = integer(env, 'SESSION_IDLE_MINUTES', 120, 1, 60 * 24 * 7);
  const rememberMeDays = integer(env, 'REMEMBER_ME_DAYS', 30, 1, 365);
  const idleHours = Math.ceil(sessionIdleMinutes / 60);
  const sessionMaxHours = integer(env, 'SESSION_MAX_HOURS', Math.max(12, idleHours), 1, 24 * 365);
  if (sessionMaxHours * 60 < sessionIdleMinutes) {
    throw new ConfigError(
      'SESSION_MAX_HOURS',
      `must be at least SESSION_IDLE_MINUTES (${sessionIdleMinutes} minutes), got ${sessionMaxHours} hours`,
    );
  }
  const rememberMeMaxDays = integer(env, 'REMEMBER_ME_MAX_DAYS', Math.max(30, rememberMeDays), 1, 365 * 5);
  if (rememberMeMaxDays < rememberMeDays) {
    throw new ConfigError(
      'REMEMBER_ME_MAX_DAYS',
      `must be at least REMEMBER_ME_DAYS (${rememberMeDays}), got ${rememberMeMaxDays}`,
    );
  }
  return { sessionIdleMinutes, rememberMeDays, sessionMaxHours, rememberMeMaxDays };
}

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? 'data');
  const staticRaw = text(env, 'STATIC_DIR');
  const schema = text(env, 'DATABASE_SCHEMA');
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new ConfigError('DATABASE_SCHEMA', 'must be a lower-case SQL identifier');
  }
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']);
  if (publicUrl !== null && /[?#]/.test(publicUrl)) {
    throw new ConfigError('PUBLIC_URL', 'must not have a query or a fragment');
  }
  // A production server must not build e-mailed links (a password reset's) from a Host header a client sends.
  if (publicUrl === null && text(env, 'NODE_ENV') === 'production') {
    throw new ConfigError(
      'PUBLIC_URL',
      'must be set when NODE_ENV=production: the address people open the app at, e.g. https://app.condominio.mx (e-mailed links start with it)',
    );
  }
  const redisKeyPrefix = text(env, 'REDIS_KEY_PREFIX') ?? 'condo:';
  if (!/^[\w.:-]{1,100}$/.test(redisKeyPrefix)) {
    throw new ConfigError('REDIS_KEY_PREFIX', 'must be up to 100 letters, digits, or . : _ -');
  }
  const stampsProviderToken = text(env, 'STAMPS_PROVIDER_TOKEN');
  if (stampsProviderToken !== null && !/^[\x21-\x7e]{32,200}$/.test(stampsProviderToken)) {
    throw new ConfigError('STAMPS_PROVIDER_TOKEN', 'must be 32 to 200 visible characters without spaces');
  }
  const paymentProviderApiBase = url(env, 'PAYMENT_PROVIDER_API_BASE', ['http:', 'https:']);
  if (paymentProviderApiBase !== null && text(env, 'NODE_ENV') === 'production') {
    throw new ConfigError('PAYMENT_PROVIDER_API_BASE', 'is for tests only and must not be set when NODE_ENV=production');
  }
  const platformPayments = platformPaymentsOf(env);
  const sessions = sessionLifetimes(env);
  const baseDomain = text(env, 'PUBLIC_BASE_DOMAIN');
  if (baseDomain !== null && !/^[a-z0-9.-]+$/i.test(baseDomain)) {
    throw new ConfigError('PUBLIC_BASE_DOMAIN', 'must be a host name such as condominio.mx');
  }
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    databaseSchema: schema,
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Comunidad <no-responder@localhost>',
    mailRetrySeconds: integer(env, 'MAIL_RETRY_SECONDS', 60, 0, 86_400),
    invoicingStampsEmail: email(env, 'INVOICING_STAMPS_EMAIL') ?? 'timbres@comunidad.mx',
    stampsProviderToken,
    scheduledJobsSeconds: integer(env, 'SCHEDULED_JOBS_SECONDS', 60, 0, 86_400),
    publicUrl: publicUrl?.replace(/\/+$/, '') ?? null,
    hstsMaxAge: integer(env, 'HSTS_MAX_AGE', 31_536_000, 0, 63_072_000),
    rateLimitFactor: integer(env, 'RATE_LIMIT_FACTOR', 1, 1, 1000),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    publicBaseDomain: baseDomain?.toLowerCase() ?? null,
    legacyAppUrl: url(env, 'LEGACY_APP_URL', ['http:', 'https:']),
    staticDir: staticRaw === 'none' ? null : path.resolve(cwd, staticRaw ?? 'dist'),
    scryptLogN: integer(env, 'SCRYPT_LOG_N', 17, 10, 20),
    ...sessions,
    seed: oneOf(env, 'SEED', ['auto', 'never'] as const, 'auto'),
    supportChatSecret: text(env, 'SUPPORT_CHAT_SECRET'),
    trustProxy: oneOf(env, 'TRUST_PROXY', ['true', 'false'] as const, 'false') === 'true',
    redisUrl: redisUrl(env),
    redisKeyPrefix,
    // Off by default in production: the sandbox's simulated payments enter the ledger, so a real deployment must
    // ask for it by name (a demo deployment does); on elsewhere (npm start's demo, the tests).
    paymentSandbox:
      oneOf(env, 'PAYMENT_SANDBOX', ['on', 'off'] as const, text(env, 'NODE_ENV') === 'production' ? 'off' : 'on') === 'on',
    paymentProviderApiBase: paymentProviderApiBase?.replace(/\/+$/, '') ?? null,
    platformPayments,
    webPush: webPushOf(env, publicUrl, text(env, 'MAIL_FROM')),
  };
}

/** A base64url text of exactly `bytes` bytes, or a ConfigError naming the variable. */
function base64urlKey(name: string, value: string, bytes: number): Buffer {
  const decoded = /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0);
  if (decoded.length !== bytes) throw new ConfigError(name, `must be ${bytes} bytes in base64url`);
  return decoded;
}

/** VAPID_* and WEB_PUSH_* (Config.webPush). */
function webPushOf(env: Env, publicUrl: string | null, mailFrom: string | null): WebPushConfig {
  const publicKey = text(env, 'VAPID_PUBLIC_KEY');
  const privateKey = text(env, 'VAPID_PRIVATE_KEY');
  let vapidKeys: VapidKeys | null = null;
  if ((publicKey === null) !== (privateKey === null)) {
    throw new ConfigError(
      publicKey === null ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY',
      'must be set with its pair or not at all',
    );
  }
  if (publicKey !== null && privateKey !== null) {
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(base64urlKey('VAPID_PRIVATE_KEY', privateKey, 32));
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      throw new ConfigError('VAPID_PRIVATE_KEY', 'is not a P-256 private key');
    }
    const given = base64urlKey('VAPID_PUBLIC_KEY', publicKey, 65);
    if (!given.equals(ecdh.getPublicKey()))
      throw new ConfigError('VAPID_PUBLIC_KEY', 'is not the public key of VAPID_PRIVATE_KEY');
    vapidKeys = { publicKey, privateKey };
  }
  const subject = url(env, 'VAPID_SUBJECT', ['mailto:', 'https:']) ?? defaultVapidSubject(publicUrl, mailFrom);
  const endpoints = (text(env, 'WEB_PUSH_ENDPOINTS')?.split(',') ?? DEFAULT_PUSH_ENDPOINTS)
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  for (const entry of endpoints) {
    if (entry.includes('://')) {
      let origin: URL;
      try {
        origin = new URL(entry);
      } catch {
        throw new ConfigError('WEB_PUSH_ENDPOINTS', `"${entry}" is not an origin`);
      }
      if (origin.origin !== entry)
        throw new ConfigError('WEB_PUSH_ENDPOINTS', `"${entry}" must be an origin alone, as ${origin.origin}`);
      if (origin.protocol === 'http:' && text(env, 'NODE_ENV') === 'production')
        throw new ConfigError('WEB_PUSH_ENDPOINTS', `"${entry}": http is for tests only and refused when NODE_ENV=production`);
    } else if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(entry)) {
      throw new ConfigError('WEB_PUSH_ENDPOINTS', `"${entry}" must be a host name such as fcm.googleapis.com, or an origin`);
    }
  }
  return { vapidKeys, subject, endpoints, sendSeconds: integer(env, 'WEB_PUSH_SEND_SECONDS', 5, 0, 3600) };
}

/** PUBLIC_URL when people reach the app over https; else the address MAIL_FROM sends from. */
function defaultVapidSubject(publicUrl: string | null, mailFrom: string | null): string {
  if (publicUrl?.startsWith('https:')) return publicUrl.replace(/\/+$/, '');
  const address = /<([^>]+)>/.exec(mailFrom ?? '')?.[1] ?? mailFrom ?? 'no-responder@localhost';
  return `mailto:${address.trim()}`;
}

/** PLATFORM_PAYMENT_PROVIDER and its keys (Config.platformPayments). */
function platformPaymentsOf(env: Env): PlatformPayments | null {
  const sandboxOn =
    oneOf(env, 'PAYMENT_SANDBOX', ['on', 'off'] as const, text(env, 'NODE_ENV') === 'production' ? 'off' : 'on') === 'on';
  const name = oneOf(env, 'PLATFORM_PAYMENT_PROVIDER', ['sandbox', 'stripe', 'none'] as const, sandboxOn ? 'sandbox' : 'none');
  if (name === 'none') return null;
  if (name === 'sandbox') {
    if (!sandboxOn) throw new ConfigError('PLATFORM_PAYMENT_PROVIDER', 'is sandbox while PAYMENT_SANDBOX is off');
    return { provider: 'sandbox' };
  }
  const secretKey = text(env, 'PLATFORM_STRIPE_SECRET_KEY');
  const webhookSecret = text(env, 'PLATFORM_STRIPE_WEBHOOK_SECRET');
  if (secretKey === null || !/^(sk|rk)_(test|live)_\w{8,}$/.test(secretKey))
    throw new ConfigError(
      'PLATFORM_STRIPE_SECRET_KEY',
      'must be a Stripe secret key (sk_live_… or sk_test_…) when PLATFORM_PAYMENT_PROVIDER=stripe',
    );
  if (webhookSecret === null || !/^whsec_\w{8,}$/.test(webhookSecret))
    throw new ConfigError(
      'PLATFORM_STRIPE_WEBHOOK_SECRET',
      'must be a Stripe signing secret (whsec_…) when PLATFORM_PAYMENT_PROVIDER=stripe',
    );
  return { provider: 'stripe', secretKey, webhookSecret };
}
