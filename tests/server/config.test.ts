// loadConfig: every variable has a default, and a bad value stops the start with one line naming it.
// No database: the same on both dialects.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { type ServerProcess, startServer } from '../support/serverProcess';

const CWD = '/srv/condo';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env, CWD);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has a default for everything', () => {
    expect(loadConfig({}, CWD)).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve(CWD, 'data'),
      databaseUrl: null,
      databaseSchema: null,
      smtpUrl: null,
      mailFrom: 'Comunidad <no-responder@localhost>',
      mailRetrySeconds: 60,
      invoicingStampsEmail: 'timbres@comunidad.mx',
      stampsProviderToken: null,
      scheduledJobsSeconds: 60,
      publicUrl: null,
      hstsMaxAge: 31_536_000,
      rateLimitFactor: 1,
      logLevel: 'info',
      publicBaseDomain: null,
      legacyAppUrl: null,
      staticDir: path.resolve(CWD, 'dist'),
      scryptLogN: 17,
      sessionIdleMinutes: 120,
      rememberMeDays: 30,
      sessionMaxHours: 12,
      rememberMeMaxDays: 30,
      seed: 'auto',
      trustProxy: false,
      supportChatSecret: null,
      redisUrl: null,
      redisKeyPrefix: 'condo:',
      paymentSandbox: true,
      paymentProviderApiBase: null,
      platformPayments: { provider: 'sandbox' },
      webPush: {
        vapidKeys: null,
        subject: 'mailto:no-responder@localhost',
        endpoints: ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'],
        sendSeconds: 5,
      },
    });
  });

  it('reads good values, trimmed, with relative paths resolved against the working directory', () => {
    const config = loadConfig(
      {
        PORT: ' 8080 ',
        HOST: '127.0.0.1',
        DATA_DIR: 'var/db',
        DATABASE_URL: 'postgresql://app@db:5432/condo',
        DATABASE_SCHEMA: 'tenant_1',
        SMTP_URL: 'smtps://user:pw@mail.example.com:465',
        LOG_LEVEL: 'warn',
        PUBLIC_BASE_DOMAIN: 'Condominio.MX',
        STATIC_DIR: 'none',
        SCRYPT_LOG_N: '10',
        SESSION_IDLE_MINUTES: '30',
        REMEMBER_ME_DAYS: '7',
        SESSION_MAX_HOURS: '8',
        REMEMBER_ME_MAX_DAYS: '14',
        SEED: 'never',
        TRUST_PROXY: 'true',
        SUPPORT_CHAT_SECRET: 's3cret',
        PUBLIC_URL: 'https://app.condominio.mx/',
        RATE_LIMIT_FACTOR: '5',
        MAIL_RETRY_SECONDS: '0',
        REDIS_URL: 'redis://:s3cret@cache.internal:6380/2',
        REDIS_KEY_PREFIX: 'condo-prod:',
        HSTS_MAX_AGE: '0',
        NODE_ENV: 'production',
      },
      CWD,
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/condo/var/db',
      databaseUrl: 'postgresql://app@db:5432/condo',
      databaseSchema: 'tenant_1',
      smtpUrl: 'smtps://user:pw@mail.example.com:465',
      logLevel: 'warn',
      publicBaseDomain: 'condominio.mx',
      staticDir: null,
      scryptLogN: 10,
      sessionIdleMinutes: 30,
      rememberMeDays: 7,
      sessionMaxHours: 8,
      rememberMeMaxDays: 14,
      seed: 'never',
      trustProxy: true,
      supportChatSecret: 's3cret',
      publicUrl: 'https://app.condominio.mx',
      rateLimitFactor: 5,
      mailRetrySeconds: 0,
      redisUrl: 'redis://:s3cret@cache.internal:6380/2',
      redisKeyPrefix: 'condo-prod:',
      hstsMaxAge: 0,
    });
  });

  it('turns the sandbox payment provider off with PAYMENT_SANDBOX=off, and refuses another word', () => {
    expect(loadConfig({ PAYMENT_SANDBOX: 'off' }, CWD).paymentSandbox).toBe(false);
    expect(loadConfig({ PAYMENT_SANDBOX: 'on' }, CWD).paymentSandbox).toBe(true);
    expect(() => loadConfig({ PAYMENT_SANDBOX: 'no' }, CWD)).toThrow(/PAYMENT_SANDBOX/);
  });

  it('leaves the sandbox payment provider off in production unless asked for by name', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://app.condominio.mx' };
    expect(loadConfig(production, CWD).paymentSandbox).toBe(false);
    expect(loadConfig({ ...production, PAYMENT_SANDBOX: 'on' }, CWD).paymentSandbox).toBe(true);
  });

  it('takes a rediss:// (TLS) REDIS_URL', () => {
    expect(loadConfig({ REDIS_URL: 'rediss://:s3cret@cache.example.com:6380' }, CWD).redisUrl).toBe(
      'rediss://:s3cret@cache.example.com:6380',
    );
  });

  it('keeps a path in PUBLIC_URL, without its trailing slashes', () => {
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000/condo//' }, CWD).publicUrl).toBe('http://localhost:3000/condo');
  });

  it('keeps an unset absolute lifetime at least as long as the idle expiry, and refuses a shorter one', () => {
    expect(loadConfig({ SESSION_IDLE_MINUTES: '900', REMEMBER_ME_DAYS: '60' }, CWD)).toMatchObject({
      sessionMaxHours: 15,
      rememberMeMaxDays: 60,
    });
    expect(loadConfig({ SESSION_IDLE_MINUTES: '120', SESSION_MAX_HOURS: '2' }, CWD).sessionMaxHours).toBe(2);
    expect(configError({ SESSION_IDLE_MINUTES: '121', SESSION_MAX_HOURS: '2' }).message).toBe(
      'SESSION_MAX_HOURS: must be at least SESSION_IDLE_MINUTES (121 minutes), got 2 hours',
    );
    expect(configError({ REMEMBER_ME_DAYS: '31', REMEMBER_ME_MAX_DAYS: '30' }).variable).toBe('REMEMBER_ME_MAX_DAYS');
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ PORT: '  ', DATABASE_URL: '' }, CWD)).toMatchObject({ port: 3000, databaseUrl: null });
  });

  it('accepts the edges of each range', () => {
    expect(loadConfig({ PORT: '0', SCRYPT_LOG_N: '20' }, CWD)).toMatchObject({ port: 0, scryptLogN: 20 });
    expect(loadConfig({ PORT: '65535', SCRYPT_LOG_N: '10' }, CWD)).toMatchObject({ port: 65535, scryptLogN: 10 });
  });

  const bad: [string, string, RegExp][] = [
    ['PORT', 'abc', /whole number/],
    ['PORT', '70000', /between 0 and 65535/],
    ['PORT', '-1', /whole number/],
    ['DATABASE_URL', 'mysql://x', /postgres:\/\//],
    ['LOG_LEVEL', 'loud', /one of/],
    ['SMTP_URL', 'not a url', /not a valid URL/],
    ['SMTP_URL', 'http://mail.example.com', /smtp:\/\//],
    ['STAMPS_PROVIDER_TOKEN', 'short', /32 to 200 visible characters/],
    ['SEED', 'maybe', /one of auto, never/],
    ['DATABASE_SCHEMA', 'Bad-Name', /SQL identifier/],
    ['SCRYPT_LOG_N', '5', /between 10 and 20/],
    ['SESSION_IDLE_MINUTES', '0', /between/],
    ['REMEMBER_ME_DAYS', '1000', /between/],
    ['SESSION_MAX_HOURS', '0', /between 1 and 8760/],
    ['REMEMBER_ME_MAX_DAYS', '2000', /between 1 and 1825/],
    ['TRUST_PROXY', 'yes', /one of/],
    ['PUBLIC_BASE_DOMAIN', 'condo minio', /host name/],
    ['LEGACY_APP_URL', 'ftp://old', /http:\/\//],
    ['PUBLIC_URL', 'app.condominio.mx', /not a valid URL/],
    ['PUBLIC_URL', 'ftp://app.condominio.mx', /http:\/\//],
    ['PUBLIC_URL', 'https://app.condominio.mx/?x=1', /query or a fragment/],
    ['RATE_LIMIT_FACTOR', '0', /between 1 and 1000/],
    ['RATE_LIMIT_FACTOR', 'many', /whole number/],
    ['MAIL_RETRY_SECONDS', '90000', /between 0 and 86400/],
    ['MAIL_RETRY_SECONDS', '1.5', /whole number/],
    ['REDIS_URL', 'not a url', /not a valid URL/],
    ['REDIS_URL', 'http://cache.internal', /redis:\/\/ or rediss:\/\//],
    ['REDIS_URL', 'redis://cache.internal/cero', /database number/],
    ['REDIS_URL', 'redis://cache.internal?db=1', /query or a fragment/],
    ['REDIS_KEY_PREFIX', 'con espacios', /letters, digits/],
    ['REDIS_KEY_PREFIX', 'x'.repeat(101), /up to 100/],
    ['HSTS_MAX_AGE', '-1', /whole number/],
    ['HSTS_MAX_AGE', '63072001', /between 0 and 63072000/],
  ];
  it.each(bad)('refuses %s=%s with a ConfigError naming the variable', (name, value, reason) => {
    const error = configError({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message.startsWith(`${name}: `)).toBe(true);
    expect(error.message).toMatch(reason);
  });

  it('wants PUBLIC_URL in production, so that no e-mailed link is built from a Host header', () => {
    const error = configError({ NODE_ENV: 'production' });
    expect(error.variable).toBe('PUBLIC_URL');
    expect(error.message).toMatch(/^PUBLIC_URL: must be set when NODE_ENV=production/);
    expect(configError({ NODE_ENV: 'production', PUBLIC_URL: '  ' }).variable).toBe('PUBLIC_URL');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://app.condominio.mx' }, CWD).publicUrl).toBe(
      'https://app.condominio.mx',
    );
    for (const other of ['development', 'test', '']) expect(loadConfig({ NODE_ENV: other }, CWD).publicUrl).toBeNull();
  });

  it('names the first bad variable even when others are fine', () => {
    expect(configError({ PORT: '3000', LOG_LEVEL: 'chatty', SEED: 'auto' }).variable).toBe('LOG_LEVEL');
  });
});

describe('server/main.ts with a bad value', () => {
  const servers: ServerProcess[] = [];
  afterAll(() => Promise.all(servers.map((server) => server.stop())));
  const start = (env: Record<string, string>) => {
    const server = startServer(env);
    servers.push(server);
    return server;
  };

  it('exits non-zero printing one line that names the variable', async () => {
    const server = start({ PORT: 'abc', STATIC_DIR: 'none', LOG_LEVEL: 'info' });
    const exit = await server.exited;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    const lines = exit.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual(['Configuration error: PORT: must be a whole number, got "abc"']);
    // It stopped before opening anything: no listening line, no log lines.
    expect(exit.stdout).toBe('');
  });

  it('does not start in production without PUBLIC_URL, saying what to set', async () => {
    const server = start({ NODE_ENV: 'production', STATIC_DIR: 'none', LOG_LEVEL: 'info' });
    const exit = await server.exited;
    expect(exit.code).toBe(1);
    const lines = exit.stderr.split('\n').filter((line) => line.trim() !== '');
    expect(lines).toEqual([
      'Configuration error: PUBLIC_URL: must be set when NODE_ENV=production: the address people open the app at, e.g. https://app.condominio.mx (e-mailed links start with it)',
    ]);
    expect(exit.stdout).toBe('');
  });
});
