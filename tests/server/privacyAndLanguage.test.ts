// POST /api/--sesiones/accept-privacy-notice and POST /api/--sesiones/language: what they store and how
// the session data shows it.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { AcceptPrivacyAnswer } from '../../src/api/account';
import { ErrorAnswer } from '../../src/api/errors';
import { OkAnswer, SessionDataAnswer } from '../../src/api/sessions';
import { call, createTestApp, dialect, getSessionData, signInAs, signInStep, type TestApp, testClock } from '../support/testApp';

const ACCEPT = '/api/--sesiones/accept-privacy-notice';
const LANGUAGE = '/api/--sesiones/language';

describe(`accept-privacy-notice (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });

  async function usuario(token: string) {
    const body = (await getSessionData(t.app, token)).json();
    assert(body, SessionDataAnswer);
    return body.data.usuario;
  }

  it('records that residente@demo.mx accepted, now, and the session data shows it', async () => {
    const token = await signInAs(t.app, 'residente@demo.mx', undefined, { privacyNotice: 'leavePending' });
    expect((await usuario(token)).AvisoPrivacidad).toBeNull();
    clock.advanceMinutes(1);
    // The browser posts without a body (src/services/privacyService.ts).
    const res = await t.app.inject({ method: 'POST', url: ACCEPT, headers: { 'app-token': token } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, AcceptPrivacyAnswer);
    expect(body.AvisoPrivacidad).toBe(clock.now().toISOString());
    expect((await usuario(token)).AvisoPrivacidad).toBe(body.AvisoPrivacidad);
    // A new session sees it too: it is stored, not remembered by the session.
    expect((await usuario(await signInAs(t.app, 'residente@demo.mx'))).AvisoPrivacidad).toBe(body.AvisoPrivacidad);
  });

  it('touches only the membership of the condominium signed in to', async () => {
    const token = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const before = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.condo_id', 'm.privacy_accepted_at'])
      .where('u.email', '=', 'admin@demo.mx')
      .orderBy('m.condo_id')
      .execute();
    clock.advanceMinutes(1);
    const res = await call(t.app, 'POST', ACCEPT, { token, payload: {} });
    expect(res.statusCode).toBe(200);
    const after = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .select(['m.condo_id', 'm.privacy_accepted_at', 'c.subdomain'])
      .where('u.email', '=', 'admin@demo.mx')
      .orderBy('m.condo_id')
      .execute();
    for (const [index, row] of after.entries()) {
      if (row.subdomain === 'bosque') expect(row.privacy_accepted_at).toBe(clock.now().toISOString());
      else expect(row.privacy_accepted_at).toBe(before[index]!.privacy_accepted_at);
    }
  });

  it('refuses without a working session: no token, a sign-in token, a product token, a revoked one', async () => {
    const signIn = await signInStep(t.app, 'residente@demo.mx');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/--sesiones/condo-login',
      payload: { CondoId: signIn.condos[0]!.CondoId, UserId: signIn.condos[0]!.UserId, token: signIn.token },
    });
    const { token, productToken } = login.json() as { token: string; productToken: string };
    await call(t.app, 'POST', '/api/--sesiones/sign-out', { token });
    for (const bad of [undefined, signIn.token, productToken, token, 'x'.repeat(43)]) {
      const res = await call(t.app, 'POST', ACCEPT, { token: bad });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });
});

describe(`language (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  const language = async (token: string) => {
    const body = (await getSessionData(t.app, token)).json();
    assert(body, SessionDataAnswer);
    return body.data.usuario.language;
  };

  it.each(['en', 'fr', 'es'] as const)('saves %s; the session data says so', async (choice) => {
    const token = await signInAs(t.app, 'consejo@demo.mx');
    const res = await call(t.app, 'POST', LANGUAGE, { token, payload: { language: choice } });
    expect(res.statusCode).toBe(200);
    assert(res.json(), OkAnswer);
    expect(await language(token)).toBe(choice);
  });

  it('is the person’s language in every condominium', async () => {
    const palmas = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    expect((await call(t.app, 'POST', LANGUAGE, { token: palmas, payload: { language: 'fr' } })).statusCode).toBe(200);
    const bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    expect(await language(bosque)).toBe('fr');
    // Another person's language is untouched.
    expect(await language(await signInAs(t.app, 'residente@demo.mx'))).toBe('es');
  });

  const bad: [string, object, string][] = [
    ['an unknown language', { language: 'de' }, 'language'],
    ['no language', {}, 'language'],
    ['a language in capitals', { language: 'EN' }, 'language'],
    ['an unknown field', { language: 'en', theme: 'dark' }, 'theme'],
  ];
  it.each(bad)('refuses %s with 400 naming the field, and saves nothing', async (_, payload, field) => {
    const token = await signInAs(t.app, 'empleado@demo.mx');
    const res = await call(t.app, 'POST', LANGUAGE, { token, payload });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    assert(body, ErrorAnswer);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', field });
    expect(await language(token)).toBe('es');
  });

  it('refuses without a session, even with a good body', async () => {
    const res = await call(t.app, 'POST', LANGUAGE, { payload: { language: 'en' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});
