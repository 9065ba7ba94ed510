// E-mailed links never come from a forged Host (server/infra/links.ts): without PUBLIC_URL, forgot-password
// mails a link only under a host of PUBLIC_BASE_DOMAIN or of this machine, read here from what a real SMTP
// listener receives. (A production server does not start without PUBLIC_URL: config.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Mailbox, startMailbox } from '../support/mailbox';
import { call, createTestApp, dialect, type TestApp } from '../support/testApp';

const FORGOT = '/api/--sesiones/forgot-password';
const ANSWER = 'Si el correo está registrado, te enviaremos un enlace para restablecer tu contraseña.';
const LINK = /(https?:\/\/[^\s/"]+)\/sessions\/reset-password\?token=([A-Za-z0-9_-]{43})/;

describe(`e-mailed links and the Host header (${dialect})`, () => {
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterAll(() => mailbox?.close());

  const app = (env: Record<string, string> = {}) => createTestApp({ env: { SMTP_URL: mailbox.url, ...env } });

  const resets = async (t: TestApp) => (await t.app.db.selectFrom('password_resets').select('id').execute()).length;

  /** Asks for a link with these headers; the base of the link that arrived, or null when nothing was mailed. */
  async function linkBase(t: TestApp, email: string, headers: Record<string, string>): Promise<string | null> {
    const mails = mailbox.messages.length;
    const before = await resets(t);
    const res = await call(t.app, 'POST', FORGOT, { payload: { email }, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: ANSWER });
    await t.app.tasks.drain();
    if ((await resets(t)) === before) {
      expect(mailbox.messages.length).toBe(mails);
      return null;
    }
    const mail = await mailbox.waitFor(mails + 1);
    expect(mail.to).toEqual([email]);
    const [, base, token] = LINK.exec(mail.text) ?? [];
    expect(mail.html).toContain(`href="${base}/sessions/reset-password?token=${token}"`);
    return base ?? null;
  }

  it('mails nothing to a forged host while PUBLIC_BASE_DOMAIN is unset, and answers the same', async () => {
    const t = await app();
    expect(await linkBase(t, 'residente@demo.mx', { host: 'evil.example' })).toBeNull();
    expect(await linkBase(t, 'residente@demo.mx', { host: 'evil.example:3000' })).toBeNull();
    expect(await linkBase(t, 'residente@demo.mx', { host: '127.0.0.1.evil.example' })).toBeNull();
    // No link, no mail and no token either in the outbox.
    expect(await t.app.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);
    // This machine is fine: the link works where the person opened the app.
    expect(await linkBase(t, 'residente@demo.mx', { host: 'localhost:3000' })).toBe('http://localhost:3000');
    expect(await linkBase(t, 'consejo@demo.mx', { host: '127.0.0.1:41234' })).toBe('http://127.0.0.1:41234');
    expect(await linkBase(t, 'consejo@demo.mx', { host: '[::1]:3000' })).toBe('http://[::1]:3000');
  });

  it('reads the host a trusted proxy forwards, and holds it to the same rule', async () => {
    const t = await app({ TRUST_PROXY: 'true' });
    expect(await linkBase(t, 'empleado@demo.mx', { host: 'localhost', 'x-forwarded-host': 'evil.example' })).toBeNull();
    expect(
      await linkBase(t, 'empleado@demo.mx', {
        host: 'localhost',
        'x-forwarded-host': 'localhost:8443',
        'x-forwarded-proto': 'https',
      }),
    ).toBe('https://localhost:8443');
  });

  it('sends a forged host to PUBLIC_BASE_DOMAIN itself, and keeps a subdomain of it', async () => {
    const t = await app({ PUBLIC_BASE_DOMAIN: 'condominio.test' });
    expect(await linkBase(t, 'guardia@demo.mx', { host: 'evil.example' })).toBe('http://condominio.test');
    expect(await linkBase(t, 'guardia@demo.mx', { host: 'evilcondominio.test' })).toBe('http://condominio.test');
    expect(await linkBase(t, 'guardia@demo.mx', { host: 'palmas.condominio.test' })).toBe('http://palmas.condominio.test');
    expect(await linkBase(t, 'guardia@demo.mx', { host: 'localhost:3000' })).toBe('http://localhost:3000');
  });

  it('uses PUBLIC_URL whatever the host says', async () => {
    const t = await app({ PUBLIC_URL: 'https://app.condominio.test' });
    expect(await linkBase(t, 'supervisor@demo.mx', { host: 'evil.example' })).toBe('https://app.condominio.test');
  });
});
