// POST /api/--sesiones/sign-in: e-mail and password → a short sign-in token and the user's condominiums.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorAnswer } from '../../src/api/errors';
import { SignInAnswer } from '../../src/api/sessions';
import { createTestApp, dialect, type TestApp } from '../support/testApp';

const URL = '/api/--sesiones/sign-in';
const PASSWORD = 'Demo1234!';
const BAD_CREDENTIALS = { success: false, code: 'INVALID_CREDENTIALS', message: 'Usuario o Contraseña incorrecta' };

describe(`sign-in (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  const post = (payload: object | string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: URL, payload, headers });

  it('gives admin@demo.mx a token and the three condominiums, with Villas del Mar refusing', async () => {
    const res = await post({ username: 'admin@demo.mx', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, SignInAnswer);
    // 256 random bits in base64url.
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.condos.map((c) => [c.CondoName, c.error])).toEqual([
      ['Residencial Las Palmas', null],
      ['Torres del Bosque', null],
      ['Villas del Mar', 'Suscripción vencida'],
    ]);
    const admin = await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
    expect(new Set(body.condos.map((c) => c.UserId))).toEqual(new Set([admin.id]));
    const ids = await t.app.db.selectFrom('condominiums').select(['id', 'name']).execute();
    for (const condo of body.condos) expect(ids).toContainEqual({ id: condo.CondoId, name: condo.CondoName });
  });

  it('gives a new token on every sign-in, stored only as a hash', async () => {
    const first = (await post({ username: 'admin@demo.mx', password: PASSWORD })).json().token as string;
    const second = (await post({ username: 'admin@demo.mx', password: PASSWORD })).json().token as string;
    expect(first).not.toBe(second);
    const stored = await t.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(first);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true);
  });

  it('reads the e-mail case-insensitively and trimmed', async () => {
    const res = await post({ username: '  Admin@DEMO.mx ', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().condos).toHaveLength(3);
  });

  it('does not trim or fold the password', async () => {
    expect((await post({ username: 'admin@demo.mx', password: ` ${PASSWORD}` })).statusCode).toBe(401);
    expect((await post({ username: 'admin@demo.mx', password: PASSWORD.toLowerCase() })).statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown e-mail alike: 401 INVALID_CREDENTIALS', async () => {
    const wrong = await post({ username: 'admin@demo.mx', password: 'Demo1234?' });
    const unknown = await post({ username: 'nadie@demo.mx', password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject(BAD_CREDENTIALS);
    // Nothing in the answer tells which of the two was wrong.
    expect(unknown.json()).toEqual(wrong.json());
    assert(wrong.json(), ErrorAnswer);
  });

  it('creates no session for a refused sign-in', async () => {
    const before = await countSessions();
    await post({ username: 'admin@demo.mx', password: 'nope-nope' });
    await post({ username: 'nadie@demo.mx', password: 'nope-nope' });
    expect(await countSessions()).toBe(before);
  });

  it('lets inactivo@demo.mx in with an empty list of condominiums', async () => {
    const res = await post({ username: 'inactivo@demo.mx', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, SignInAnswer);
    expect(body.condos).toEqual([]);
  });

  it('lists one condominium for a member of one', async () => {
    const body = (await post({ username: 'residente@demo.mx', password: PASSWORD })).json();
    expect(body.condos.map((c: { CondoName: string }) => c.CondoName)).toEqual(['Residencial Las Palmas']);
  });

  it('puts the condominium of the subdomain first', async () => {
    for (const subdomain of ['bosque', 'BOSQUE']) {
      const body = (await post({ username: 'admin@demo.mx', password: PASSWORD, subdomain })).json();
      expect(body.condos.map((c: { CondoName: string }) => c.CondoName)).toEqual([
        'Torres del Bosque',
        'Residencial Las Palmas',
        'Villas del Mar',
      ]);
    }
    const villas = (await post({ username: 'admin@demo.mx', password: PASSWORD, subdomain: 'villas' })).json();
    expect(villas.condos[0].CondoName).toBe('Villas del Mar');
  });

  it('keeps the usual order for an unknown, empty or null subdomain', async () => {
    for (const subdomain of ['nadie', '', null]) {
      const body = (await post({ username: 'admin@demo.mx', password: PASSWORD, subdomain })).json();
      expect(body.condos.map((c: { CondoName: string }) => c.CondoName)).toEqual([
        'Residencial Las Palmas',
        'Torres del Bosque',
        'Villas del Mar',
      ]);
    }
  });

  describe('malformed requests get 400 BAD_REQUEST naming the field as the screen does', () => {
    const cases: [string, object, string, string][] = [
      ['missing username', { password: PASSWORD }, 'username', 'Correo electrónico: este campo es requerido.'],
      ['missing password', { username: 'admin@demo.mx' }, 'password', 'Contraseña: este campo es requerido.'],
      [
        'bad e-mail',
        { username: 'admin-at-demo.mx', password: PASSWORD },
        'username',
        'Correo electrónico: el formato no es válido.',
      ],
      [
        'e-mail with a space inside',
        { username: 'ad min@demo.mx', password: PASSWORD },
        'username',
        'Correo electrónico: el formato no es válido.',
      ],
      ['e-mail that is a number', { username: 12345, password: PASSWORD }, 'username', 'Correo electrónico: debe ser texto.'],
      ['empty password', { username: 'admin@demo.mx', password: '' }, 'password', 'Contraseña: este campo es requerido.'],
      [
        'extra-long password',
        { username: 'admin@demo.mx', password: 'x'.repeat(201) },
        'password',
        'Contraseña: admite como máximo 200 caracteres.',
      ],
      [
        'rememberMe not a boolean',
        { username: 'admin@demo.mx', password: PASSWORD, rememberMe: 'yes' },
        'rememberMe',
        'Recordarme: debe ser verdadero o falso.',
      ],
      [
        'subdomain too long',
        { username: 'admin@demo.mx', password: PASSWORD, subdomain: 'x'.repeat(64) },
        'subdomain',
        'Subdominio: admite como máximo 63 caracteres.',
      ],
      [
        'unknown field',
        { username: 'admin@demo.mx', password: PASSWORD, isAdmin: true },
        'isAdmin',
        'isAdmin: este campo no se admite en esta solicitud.',
      ],
    ];
    it.each(cases)('%s', async (_, payload, field, message) => {
      const before = await countSessions();
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      assert(body, ErrorAnswer);
      expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST', field, message });
      expect(await countSessions()).toBe(before);
    });

    it('a body that is not JSON', async () => {
      const res = await post('{"username": "admin@demo.mx", "password": ', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'body' });
    });

    it('an empty JSON body', async () => {
      const res = await post('', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'body' });
    });

    it('a JSON array instead of an object', async () => {
      const res = await post('[1, 2]', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'body' });
    });

    it('no body at all', async () => {
      const res = await t.app.inject({ method: 'POST', url: URL });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'body' });
    });

    it('a password far beyond the body limit is refused, not a 500', async () => {
      const res = await post({ username: 'admin@demo.mx', password: 'x'.repeat(2 * 1024 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'body' });
    });

    it('a text/plain body', async () => {
      const res = await post('username=admin@demo.mx', { 'content-type': 'text/plain' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'body' });
    });

    it('a content type the server does not read', async () => {
      const res = await post('<username/>', { 'content-type': 'application/xml' });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'body' });
    });
  });

  async function countSessions(): Promise<number> {
    const row = await t.app.db.selectFrom('sessions').select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
});
