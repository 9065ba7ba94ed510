// POST /api/--pagina-publica/contactar with its ALTCHA captcha (spec §3.3, §5, §7, §8; DESIGN.md §4): a real
// challenge solved with altcha-lib, a missing, forged, expired or replayed solution refused before anything
// is stored or mailed, every field rule with its Spanish message, the mail to the administrators in the
// outbox, the host → condominium route, and the rate limit with the real numbers.
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCESS_REQUESTS } from '../../server/db/seed/accessRequests';
import { DEFAULT_RATE_LIMITS } from '../../server/infra/rateLimit';
import { ErrorAnswer } from '../../src/api/errors';
import { CaptchaChallengeAnswer, HostCondoAnswer, PublicContactAnswer } from '../../src/api/publicPage';
import { call, createTestApp, dialect, type TestApp, testClock } from '../support/testApp';

const CONTACT = '/api/--pagina-publica/contactar';
const CAPTCHA = '/api/--pagina-publica/captcha';
const BY_HOST = '/api/--pagina-publica/condo-del-host';

async function solvedCaptcha(t: TestApp, remoteAddress = '127.0.0.1'): Promise<string> {
  const res = await call(t.app, 'GET', CAPTCHA, { remoteAddress });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const body = res.json();
  assert(body, CaptchaChallengeAnswer);
  const challenge = body.challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('the challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function contactBody(condoId: number, extra: Record<string, unknown> = {}) {
  return {
    kind: 'contact',
    condoId,
    nombre: 'Lucía Ramírez',
    email: 'lucia@example.com',
    tel: '33 1234 5678',
    comentarios: 'Quisiera saber el costo de la cuota de mantenimiento.',
    subject: 'Contacto',
    logo: null,
    country: 'MX',
    ...extra,
  };
}

describe(`public contact (${dialect})`, () => {
  let t: TestApp;
  let palmas: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_DOMAIN: 'condominio.mx' } });
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
  });

  // The rows this file's requests stored: not the demo's seeded access requests (server/db/seed/accessRequests.ts).
  const stored = async () =>
    t.app.db
      .selectFrom('public_contact_requests')
      .selectAll()
      .where(
        'email',
        'not in',
        DEMO_ACCESS_REQUESTS.map((r) => r.email),
      )
      .orderBy('id')
      .execute();
  const outbox = async () => {
    await t.app.tasks.drain();
    return t.app.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  };

  it('stores a contact request with a solved captcha and mails every administrator of the condominium', async () => {
    const mailsBefore = (await outbox()).length;
    const res = await call(t.app, 'POST', CONTACT, { payload: contactBody(palmas, { cf_capcha: await solvedCaptcha(t) }) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, PublicContactAnswer);
    expect(body).toEqual({ success: true, message: 'Tu mensaje fue enviado a la administración. Te responderán a tu correo.' });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ condo_id: palmas, kind: 'contact', nombre: 'Lucía Ramírez', vivienda: null });
    const mails = (await outbox()).slice(mailsBefore);
    expect(mails.map((m) => m.to_address)).toEqual(['admin@demo.mx']);
    expect(mails[0]!.subject).toBe('Mensaje para la administración - Residencial Las Palmas: Lucía Ramírez');
    expect(mails[0]!.text).toContain('Quisiera saber el costo de la cuota de mantenimiento.');
    expect(mails[0]!.text).toContain('lucia@example.com');
  });

  it('stores an access request with its dwelling, and escapes the visitor’s words in the HTML mail', async () => {
    const res = await call(t.app, 'POST', CONTACT, {
      payload: contactBody(palmas, {
        kind: 'access',
        vivienda: 'Torre A - 305',
        comentarios: '<script>alert(1)</script> Soy la nueva inquilina.',
        cf_capcha: await solvedCaptcha(t),
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Tu solicitud de acceso fue enviada a la administración. Te responderán a tu correo.');
    expect((await stored()).at(-1)).toMatchObject({ kind: 'access', vivienda: 'Torre A - 305' });
    const mail = (await outbox()).at(-1)!;
    expect(mail.subject).toContain('Solicitud de acceso');
    expect(mail.text).toContain('Vivienda: Torre A - 305');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
  });

  it('refuses a replayed solution: nothing more is stored or mailed', async () => {
    const captcha = await solvedCaptcha(t);
    expect((await call(t.app, 'POST', CONTACT, { payload: contactBody(palmas, { cf_capcha: captcha }) })).statusCode).toBe(200);
    const [rowsBefore, mailsBefore] = [(await stored()).length, (await outbox()).length];
    for (const kind of ['contact', 'access'] as const) {
      const replay = await call(t.app, 'POST', CONTACT, {
        payload: contactBody(palmas, { kind, vivienda: 'Casa 12', cf_capcha: captcha }),
      });
      expect(replay.statusCode).toBe(400);
      const body = replay.json();
      assert(body, ErrorAnswer);
      expect(body).toMatchObject({
        success: false,
        field: 'cf_capcha',
        message:
          kind === 'contact'
            ? 'Error al enviar el correo, por favor intente más tarde.'
            : 'Hubo un error al enviar el formulario',
      });
    }
    expect((await stored()).length).toBe(rowsBefore);
    expect((await outbox()).length).toBe(mailsBefore);
  });

  it('refuses a missing, malformed, forged or unsolved captcha', async () => {
    const rowsBefore = (await stored()).length;
    const genuine = JSON.parse(Buffer.from(await solvedCaptcha(t), 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    const forgedChallenge = { ...genuine.challenge, parameters: { ...genuine.challenge.parameters, expiresAt: 4_000_000_000 } };
    // The derived key is the proof (its HMAC is in the signed challenge); the counter only finds it.
    const wrongKey = { ...genuine.solution, derivedKey: 'ab'.repeat(32) };
    const notHex = { ...genuine.solution, derivedKey: 'zz' };
    const unsigned = { challenge: { parameters: genuine.challenge.parameters }, solution: genuine.solution };
    for (const cf_capcha of [
      undefined,
      '',
      'no-es-base64-json',
      encode({ hola: 1 }),
      encode({ challenge: forgedChallenge, solution: genuine.solution }),
      encode({ challenge: genuine.challenge, solution: wrongKey }),
      encode({ challenge: genuine.challenge, solution: notHex }),
      encode(unsigned),
    ]) {
      const res = await call(t.app, 'POST', CONTACT, {
        payload: contactBody(palmas, cf_capcha === undefined ? {} : { cf_capcha }),
      });
      expect(res.statusCode, String(cf_capcha)).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'cf_capcha',
        message: 'Error al enviar el correo, por favor intente más tarde.',
      });
    }
    expect((await stored()).length).toBe(rowsBefore);
    // The genuine solution was never spent by those refusals: it still works once.
    const res = await call(t.app, 'POST', CONTACT, { payload: contactBody(palmas, { cf_capcha: encode(genuine) }) });
    expect(res.statusCode).toBe(200);
  });

  it('checks every field with the spec’s messages before the captcha is spent', async () => {
    const captcha = await solvedCaptcha(t);
    const rowsBefore = (await stored()).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nombre: '  ' }, 'nombre', 'El nombre completo es requerido.'],
      [{ email: 'lucia@example' }, 'email', 'Por favor, ingresa un correo electrónico válido.'],
      [{ email: '' }, 'email', 'Por favor, ingresa un correo electrónico válido.'],
      [{ tel: '' }, 'tel', 'El teléfono es requerido.'],
      [{ tel: 'llámame' }, 'tel', 'Por favor, ingresa un teléfono válido.'],
      [{ comentarios: '' }, 'comentarios', 'Los comentarios son requeridos.'],
      [{ comentarios: 'x'.repeat(2001) }, 'comentarios', 'Los comentarios deben tener máximo 2000 caracteres.'],
      [{ kind: 'access' }, 'vivienda', 'La vivienda es requerida.'],
      [{ kind: 'access', vivienda: ' ' }, 'vivienda', 'La vivienda es requerida.'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await call(t.app, 'POST', CONTACT, { payload: contactBody(palmas, { ...extra, cf_capcha: captcha }) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field, message });
    }
    // Shape errors name the field too, and nothing is stored.
    const bad = await call(t.app, 'POST', CONTACT, { payload: contactBody(palmas, { kind: 'otro', cf_capcha: captcha }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'kind' });
    expect((await stored()).length).toBe(rowsBefore);
    // The captcha was not spent by the refusals.
    expect((await call(t.app, 'POST', CONTACT, { payload: contactBody(palmas, { cf_capcha: captcha }) })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or inactive condominium, without spending the captcha', async () => {
    const captcha = await solvedCaptcha(t);
    const res = await call(t.app, 'POST', CONTACT, { payload: contactBody(999_999, { cf_capcha: captcha }) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'El condominio no existe.' });
    expect((await call(t.app, 'POST', CONTACT, { payload: contactBody(palmas, { cf_capcha: captcha }) })).statusCode).toBe(200);
  });

  it('finds the condominium from the host, relative to PUBLIC_BASE_DOMAIN', async () => {
    const res = await call(t.app, 'GET', BY_HOST, { headers: { host: 'palmas.condominio.mx' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, HostCondoAnswer);
    expect(body.subdomain).toBe('palmas');
    expect(body.data.CondoId).toBe(palmas);
    for (const host of ['condominio.mx', 'palmas.otro.mx', 'nadie.condominio.mx', 'localhost:3000']) {
      const refused = await call(t.app, 'GET', BY_HOST, { headers: { host } });
      expect(refused.statusCode, host).toBe(404);
    }
  });
});

describe(`public contact: captcha expiry and rate limits (${dialect})`, () => {
  const clock = testClock(new Date());
  let t: TestApp;
  let palmas: number;
  beforeAll(async () => {
    t = await createTestApp({ clock, rateLimits: DEFAULT_RATE_LIMITS });
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
  });

  it('refuses a solution whose challenge has expired (10 minutes)', async () => {
    const captcha = await solvedCaptcha(t, '10.1.0.1');
    clock.advanceMinutes(11);
    const res = await call(t.app, 'POST', CONTACT, {
      payload: contactBody(palmas, { cf_capcha: captcha }),
      remoteAddress: '10.1.0.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'cf_capcha' });
  });

  it('allows 5 requests per address in 15 minutes, then answers 429 with Retry-After', async () => {
    expect(DEFAULT_RATE_LIMITS.publicContactPerIp).toEqual({ max: 5, windowSeconds: 900 });
    clock.advanceMinutes(16);
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', CONTACT, {
        payload: contactBody(palmas, { cf_capcha: await solvedCaptcha(t, '10.1.0.2') }),
        remoteAddress: '10.1.0.2',
      });
      expect(res.statusCode).toBe(200);
    }
    const before = await t.app.db.selectFrom('public_contact_requests').select('id').execute();
    const refused = await call(t.app, 'POST', CONTACT, {
      payload: contactBody(palmas, { cf_capcha: await solvedCaptcha(t, '10.1.0.2') }),
      remoteAddress: '10.1.0.2',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.headers['retry-after']).toBe('900');
    expect(await t.app.db.selectFrom('public_contact_requests').select('id').execute()).toHaveLength(before.length);
    // Another address is not affected.
    const other = await call(t.app, 'POST', CONTACT, {
      payload: contactBody(palmas, { cf_capcha: await solvedCaptcha(t, '10.1.0.3') }),
      remoteAddress: '10.1.0.3',
    });
    expect(other.statusCode).toBe(200);
  });

  it('allows 30 challenges a minute per address', async () => {
    clock.advanceMinutes(1);
    for (let i = 0; i < 30; i++) expect((await call(t.app, 'GET', CAPTCHA, { remoteAddress: '10.1.0.4' })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', CAPTCHA, { remoteAddress: '10.1.0.4' })).statusCode).toBe(429);
  });
});
