// POST /api/--sesiones/forgot-password and /reset-password: the link arrives by real SMTP (an smtp-server
// listener) or lands in mail_outbox, works once, ends every session, and tells nobody which e-mails exist.
import { createHash } from 'node:crypto';
import { assert } from 'superstruct';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { passwordResetMail } from '../../server/domain/account/passwordResetMail';
import { appBaseUrl } from '../../server/infra/links';
import { MessageAnswer, RESET_TOKEN_MINUTES } from '../../src/api/account';
import { ErrorAnswer } from '../../src/api/errors';
import { type Mailbox, type ReceivedMail, startMailbox } from '../support/mailbox';
import { call, createTestApp, dialect, getSessionData, signInAs, signInStep, type TestApp, testClock } from '../support/testApp';

const FORGOT = '/api/--sesiones/forgot-password';
const RESET = '/api/--sesiones/reset-password';
const INVALID_LINK = 'El enlace para restablecer la contraseña no es válido o ya expiró.';
const NEW_PASSWORD = 'Jacarandas2025';

/** The token of the reset link in a message's text, checking the link's shape on the way. */
function linkToken(text: string, base: string): string {
  const escaped = base.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}/sessions/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no reset link under ${base} in:\n${text}`);
  return match[1]!;
}

const signInStatus = async (t: TestApp, email: string, password: string) =>
  (await call(t.app, 'POST', '/api/--sesiones/sign-in', { payload: { username: email, password } })).statusCode;

describe(`password reset by SMTP (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let mailbox: Mailbox;
  let t: TestApp;
  beforeAll(async () => {
    mailbox = await startMailbox();
    t = await createTestApp({
      clock,
      // Without PUBLIC_URL a link names the request's host only when it is of PUBLIC_BASE_DOMAIN (hostLinks.test.ts).
      env: { SMTP_URL: mailbox.url, MAIL_FROM: 'Comunidad <avisos@condominio.test>', PUBLIC_BASE_DOMAIN: 'condominio.test' },
    });
  });
  afterAll(() => mailbox?.close());
  afterEach(() => {
    mailbox.refuse = false;
  });

  const forgot = (email: string, extra: object = {}, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', FORGOT, { payload: { email, ...extra }, headers: { host: 'palmas.condominio.test', ...headers } });
  const reset = (token: string, password: string) => call(t.app, 'POST', RESET, { payload: { token, password } });

  /** Asks for a link and waits for its e-mail. */
  async function requestLink(email: string, extra: object = {}): Promise<{ token: string; mail: ReceivedMail }> {
    const before = mailbox.messages.length;
    expect((await forgot(email, extra)).statusCode).toBe(200);
    await t.app.tasks.drain();
    const mail = await mailbox.waitFor(before + 1);
    return { token: linkToken(mail.text, 'http://palmas.condominio.test'), mail };
  }

  it('mails residente@demo.mx a link that resets the password once and ends every session', async () => {
    // Two sessions and a sign-in token still waiting for a condominium.
    const first = await signInAs(t.app, 'residente@demo.mx');
    const second = await signInAs(t.app, 'residente@demo.mx', undefined, { rememberMe: true });
    const pending = await signInStep(t.app, 'residente@demo.mx');
    const other = await signInAs(t.app, 'consejo@demo.mx');

    const { token, mail } = await requestLink('residente@demo.mx');
    expect(mail.to).toEqual(['residente@demo.mx']);
    expect(mail.from).toBe('avisos@condominio.test');
    expect(mail.subject).toBe('Restablece tu contraseña');
    expect(mail.text).toContain('Hola, Rosa Hernández Díaz:');
    expect(mail.text).toContain(`vence en ${RESET_TOKEN_MINUTES} minutos`);
    expect(mail.html).toContain(`href="http://palmas.condominio.test/sessions/reset-password?token=${token}"`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored; delivered mail is not kept in the outbox.
    const stored = await t.app.db.selectFrom('password_resets').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await t.app.db.selectFrom('mail_outbox').selectAll().execute()).toEqual([]);

    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    assert(res.json(), MessageAnswer);

    for (const session of [first, second]) expect((await getSessionData(t.app, session)).statusCode).toBe(401);
    const login = await call(t.app, 'POST', '/api/--sesiones/condo-login', {
      payload: { CondoId: pending.condos[0]!.CondoId, UserId: pending.condos[0]!.UserId, token: pending.token },
    });
    expect(login.statusCode).toBe(401);
    // Somebody else's session is not touched.
    expect((await getSessionData(t.app, other)).statusCode).toBe(200);

    expect(await signInStatus(t, 'residente@demo.mx', DEMO_PASSWORD)).toBe(401);
    expect(await signInStatus(t, 'residente@demo.mx', NEW_PASSWORD)).toBe(200);

    const again = await reset(token, 'OtraClave2025');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      field: 'token',
      message: INVALID_LINK,
      messageId: 'errors.account.resetLinkInvalid',
    });
    expect(await signInStatus(t, 'residente@demo.mx', NEW_PASSWORD)).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one, and sends nothing', async () => {
    const resets = async () => (await t.app.db.selectFrom('password_resets').select('id').execute()).length;
    const before = { mails: mailbox.messages.length, resets: await resets() };
    const unknown = await forgot('nadie@demo.mx');
    const known = await forgot('guardia@demo.mx');
    await t.app.tasks.drain();
    await mailbox.waitFor(before.mails + 1);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual({
      success: true,
      message: 'Si el correo está registrado, te enviaremos un enlace para restablecer tu contraseña.',
    });
    const { date: _d1, ...unknownHeaders } = unknown.headers;
    const { date: _d2, ...knownHeaders } = known.headers;
    expect(unknownHeaders).toEqual(knownHeaders);
    // Only guardia's mail and link.
    expect(mailbox.messages.slice(before.mails).map((m) => m.to)).toEqual([['guardia@demo.mx']]);
    expect(await resets()).toBe(before.resets + 1);
  });

  it('answers before the mail goes out, so the answer’s timing tells nothing either', async () => {
    const before = mailbox.messages.length;
    const release = mailbox.hold();
    const res = await forgot('empleado@demo.mx');
    expect(res.statusCode).toBe(200);
    // The SMTP server has not accepted anything yet, and the answer is already here.
    expect(mailbox.messages.length).toBe(before);
    release();
    await t.app.tasks.drain();
    expect((await mailbox.waitFor(before + 1)).to).toEqual(['empleado@demo.mx']);
  });

  it('reads the e-mail trimmed and case-insensitively', async () => {
    const { mail } = await requestLink('  SUPERVISOR@Demo.MX ');
    expect(mail.to).toEqual(['supervisor@demo.mx']);
  });

  it('makes an older link worthless when a new one is asked for', async () => {
    const older = await requestLink('empleado@demo.mx');
    const newer = await requestLink('empleado@demo.mx');
    expect((await reset(older.token, NEW_PASSWORD)).json()).toMatchObject({
      field: 'token',
      message: INVALID_LINK,
      messageId: 'errors.account.resetLinkInvalid',
    });
    expect((await reset(newer.token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it(`refuses a link older than ${RESET_TOKEN_MINUTES} minutes`, async () => {
    const { token } = await requestLink('guardia@demo.mx');
    clock.advanceMinutes(RESET_TOKEN_MINUTES + 1);
    const res = await reset(token, NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      field: 'token',
      message: INVALID_LINK,
      messageId: 'errors.account.resetLinkInvalid',
    });
    expect(await signInStatus(t, 'guardia@demo.mx', DEMO_PASSWORD)).toBe(200);
  });

  it('still takes a link a minute before it expires', async () => {
    const { token } = await requestLink('guardia@demo.mx');
    clock.advanceMinutes(RESET_TOKEN_MINUTES - 1);
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a token nobody was given, well-formed or not', async () => {
    const unknown = await reset('A'.repeat(43), NEW_PASSWORD);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      field: 'token',
      message: INVALID_LINK,
      messageId: 'errors.account.resetLinkInvalid',
    });
    for (const token of ['short', 'has spaces in it, many of them', 'x'.repeat(201)]) {
      const res = await reset(token, NEW_PASSWORD);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', field: 'token' });
    }
  });

  const weak: [string, string, string][] = [
    ['too short', 'abc123', 'La contraseña debe tener entre 8 y 200 caracteres.'],
    ['too long', `a1${'x'.repeat(199)}`, 'La contraseña debe tener entre 8 y 200 caracteres.'],
    ['without a digit', 'soloLetrasAqui', 'La contraseña debe tener al menos una letra y un número.'],
    ['without a letter', '1234567890', 'La contraseña debe tener al menos una letra y un número.'],
  ];
  it.each(weak)('refuses a new password %s, in Spanish, and the link still works', async (_, password, message) => {
    const passwordHash = async () =>
      (
        await t.app.db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', 'supervisor@demo.mx')
          .executeTakeFirstOrThrow()
      ).password_hash;
    const { token } = await requestLink('supervisor@demo.mx');
    const before = await passwordHash();
    const res = await reset(token, password);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    assert(body, ErrorAnswer);
    expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'password', message });
    expect(await passwordHash()).toBe(before);
    const good = `${NEW_PASSWORD}-${password.length}`;
    expect((await reset(token, good)).statusCode).toBe(200);
    expect(await signInStatus(t, 'supervisor@demo.mx', good)).toBe(200);
  });

  it('writes in the language of the person’s profile: English, French, else Spanish', async () => {
    const token = await signInAs(t.app, 'admin@demo.mx');
    expect((await call(t.app, 'POST', '/api/--sesiones/language', { token, payload: { language: 'en' } })).statusCode).toBe(200);
    const english = await requestLink('admin@demo.mx', { language: 'fr' });
    expect(english.mail.subject).toBe('Reset your password');
    expect(english.mail.text).toContain('Hello Ana Martínez Ruiz,');
    await call(t.app, 'POST', '/api/--sesiones/language', { token, payload: { language: 'fr' } });
    const french = await requestLink('admin@demo.mx');
    expect(french.mail.subject).toBe('Réinitialisez votre mot de passe');
    expect(french.mail.html).toContain('lang="fr"');
    // The page's language words the answer; the mail follows the profile (Spanish for consejo).
    const before = mailbox.messages.length;
    const answer = await forgot('consejo@demo.mx', { language: 'en' });
    expect(answer.json().message).toBe('If that address is registered, we will send you a link to reset your password.');
    await t.app.tasks.drain();
    expect((await mailbox.waitFor(before + 1)).subject).toBe('Restablece tu contraseña');
  });

  it('keeps a message the SMTP server refuses in mail_outbox, undelivered', async () => {
    mailbox.refuse = true;
    expect((await forgot('consejo@demo.mx')).statusCode).toBe(200);
    await t.app.tasks.drain();
    const rows = await t.app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'consejo@demo.mx').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ subject: 'Restablece tu contraseña', sent_at: null, attempts: 1 });
    // The re-sender drops it once the link it carries has expired.
    const created = Date.parse(rows[0]!.created_at);
    expect(rows[0]!.valid_until).toBe(new Date(created + RESET_TOKEN_MINUTES * 60_000).toISOString());
    // The stored link is a working one.
    const token = linkToken(rows[0]!.text, 'http://palmas.condominio.test');
    mailbox.refuse = false;
    expect((await reset(token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a malformed request with 400 naming the field, and sends nothing', async () => {
    const before = mailbox.messages.length;
    const cases: [object, string][] = [
      [{}, 'email'],
      [{ email: 'no-es-correo' }, 'email'],
      [{ email: 'admin@demo.mx', language: 'de' }, 'language'],
      [{ email: 'admin@demo.mx', extra: 1 }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const res = await call(t.app, 'POST', FORGOT, { payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field });
    }
    await t.app.tasks.drain();
    expect(mailbox.messages.length).toBe(before);
  });
});

describe(`password reset without SMTP: the outbox (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://app.condominio.test/' } });
  });

  it('stores the mail in mail_outbox, with its link under PUBLIC_URL, and the link works once', async () => {
    const session = await signInAs(t.app, 'consejo@demo.mx');
    const res = await call(t.app, 'POST', FORGOT, { payload: { email: 'consejo@demo.mx' }, headers: { host: 'evil.test' } });
    expect(res.statusCode).toBe(200);
    await t.app.tasks.drain();
    const rows = await t.app.db.selectFrom('mail_outbox').selectAll().execute();
    expect(rows).toHaveLength(1);
    const mail = rows[0]!;
    expect(mail).toMatchObject({ to_address: 'consejo@demo.mx', subject: 'Restablece tu contraseña', sent_at: null });
    expect(mail.created_at).toEqual(expect.any(String));
    const token = linkToken(mail.text, 'https://app.condominio.test');
    expect(mail.html).toContain(`https://app.condominio.test/sessions/reset-password?token=${token}`);
    expect(mail.text).not.toContain('evil.test');

    expect((await call(t.app, 'POST', RESET, { payload: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
    expect((await getSessionData(t.app, session)).statusCode).toBe(401);
    expect(await signInStatus(t, 'consejo@demo.mx', NEW_PASSWORD)).toBe(200);
    expect(await signInStatus(t, 'consejo@demo.mx', DEMO_PASSWORD)).toBe(401);
    expect((await call(t.app, 'POST', RESET, { payload: { token, password: 'Tercera2025' } })).statusCode).toBe(400);
  });

  it('stores nothing for an unknown e-mail', async () => {
    const before = (await t.app.db.selectFrom('mail_outbox').select('id').execute()).length;
    expect((await call(t.app, 'POST', FORGOT, { payload: { email: 'nadie@demo.mx' } })).statusCode).toBe(200);
    await t.app.tasks.drain();
    expect((await t.app.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(before);
  });
});

describe('the base of e-mailed links', () => {
  const config = { publicUrl: null, publicBaseDomain: null };
  it('is PUBLIC_URL when set, whatever the request says', () => {
    expect(appBaseUrl({ ...config, publicUrl: 'https://app.mx' }, { protocol: 'http', host: 'evil.test' })).toBe(
      'https://app.mx',
    );
  });
  it('is the request’s protocol and host otherwise, when the host is this machine', () => {
    expect(appBaseUrl(config, { protocol: 'http', host: 'localhost:3000' })).toBe('http://localhost:3000');
    expect(appBaseUrl(config, { protocol: 'https', host: 'app.localhost' })).toBe('https://app.localhost');
    expect(appBaseUrl(config, { protocol: 'http', host: '127.0.0.1:41234' })).toBe('http://127.0.0.1:41234');
    expect(appBaseUrl(config, { protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3000');
  });
  it('is no link at all for any other host while PUBLIC_BASE_DOMAIN is unset', () => {
    for (const host of ['evil.example', 'palmas.condominio.mx', '127.0.0.1.evil.example', 'localhost.evil.example', '10.0.0.1']) {
      expect(appBaseUrl(config, { protocol: 'https', host }), host).toBeNull();
    }
  });
  it('keeps to PUBLIC_BASE_DOMAIN when that is set', () => {
    const scoped = { ...config, publicBaseDomain: 'condominio.mx' };
    expect(appBaseUrl(scoped, { protocol: 'https', host: 'palmas.condominio.mx' })).toBe('https://palmas.condominio.mx');
    expect(appBaseUrl(scoped, { protocol: 'https', host: 'condominio.mx' })).toBe('https://condominio.mx');
    expect(appBaseUrl(scoped, { protocol: 'https', host: 'evil.test' })).toBe('https://condominio.mx');
    expect(appBaseUrl(scoped, { protocol: 'https', host: 'evilcondominio.mx' })).toBe('https://condominio.mx');
  });
  it('gives no link for a host that is not a host name', () => {
    for (const host of ['evil.test/path', 'a b', 'x@evil.test', '', 'evil.test"><script>', 'localhost/x']) {
      expect(appBaseUrl(config, { protocol: 'http', host }), host).toBeNull();
      expect(appBaseUrl({ ...config, publicBaseDomain: 'condominio.mx' }, { protocol: 'http', host }), host).toBeNull();
    }
  });
});

describe('the reset e-mail', () => {
  it('escapes the name in its HTML', () => {
    const mail = passwordResetMail('es', { email: 'a@b.mx', name: '<b>Ana</b> & "Co"' }, 'https://x.mx/r?token=abc', 60);
    expect(mail.html).toContain('&lt;b&gt;Ana&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('<b>Ana</b>');
    expect(mail.text).toContain('<b>Ana</b> & "Co"');
  });
});
