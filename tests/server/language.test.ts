// Every refusal speaks its reader's language (DESIGN.md §8, issue 11 part 7): the signed-in user's profile
// language, else the first language of Accept-Language the product speaks, else Spanish; 400s name the field
// as its screen does and keep `field` as the request path; the answer names its message's catalogue id.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorAnswer } from '../../src/api/errors';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const SESSION_DATA = '/api/--sesiones/session-data';
const SIGN_IN = '/api/--sesiones/sign-in';
const LANGUAGE = '/api/--sesiones/language';
const BLOGS = '/api/--comunicacion/blogs-list';

const lang = (acceptLanguage: string) => ({ 'accept-language': acceptLanguage });

describe(`refusals in the reader's language (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);

  function refusal(res: { statusCode: number; json(): unknown }, status: number) {
    expect(res.statusCode).toBe(status);
    const body = res.json();
    assert(body, ErrorAnswer);
    return body;
  }

  it.each([
    ['es', 'Inicia sesión para continuar.'],
    ['en', 'Sign in to continue.'],
    ['fr', 'Connectez-vous pour continuer.'],
    ['en-GB,en;q=0.9', 'Sign in to continue.'],
    ['de-DE,de;q=0.9,fr;q=0.5', 'Connectez-vous pour continuer.'],
    ['en;q=0, fr-CA', 'Connectez-vous pour continuer.'],
    ['de', 'Inicia sesión para continuar.'],
    ['', 'Inicia sesión para continuar.'],
  ])('answers a 401 to Accept-Language "%s" in its first language the product speaks, else Spanish', async (header, message) => {
    const res = await call(t.app, 'GET', SESSION_DATA, { headers: header ? lang(header) : {} });
    expect(refusal(res, 401)).toEqual({ success: false, code: 'UNAUTHENTICATED', message, messageId: 'errors.unauthenticated' });
  });

  it.each([
    ['es', 'Correo electrónico: este campo es requerido.'],
    ['en', 'E-mail: this field is required.'],
    ['fr', 'E-mail : ce champ est obligatoire.'],
  ])('names a 400’s field as the sign-in screen does (%s), keeping the request path in `field`', async (language, message) => {
    const res = await call(t.app, 'POST', SIGN_IN, { payload: { password: 'x' }, headers: lang(language) });
    expect(refusal(res, 400)).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      field: 'username',
      message,
      messageId: 'errors.input.required',
    });
  });

  it.each([
    ['es', 'Contraseña: admite como máximo 200 caracteres.'],
    ['en', 'Password: at most 200 characters.'],
    ['fr', 'Mot de passe : 200 caractères au maximum.'],
  ])('says what is wrong with the value, with its limit (%s)', async (language, message) => {
    const res = await call(t.app, 'POST', SIGN_IN, {
      payload: { username: 'a@b.mx', password: 'x'.repeat(201) },
      headers: lang(language),
    });
    expect(refusal(res, 400)).toMatchObject({ field: 'password', message });
  });

  it.each([
    ['es', 'Usuario o Contraseña incorrecta'],
    ['en', 'Incorrect username or password'],
    ['fr', 'Identifiant ou mot de passe incorrect'],
  ])('refuses a wrong password in the page’s language (%s)', async (language, message) => {
    const res = await call(t.app, 'POST', SIGN_IN, {
      payload: { username: 'admin@demo.mx', password: 'Mala1234!' },
      headers: lang(language),
    });
    expect(refusal(res, 401)).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'password', message });
  });

  it.each([
    ['es', 'El link de registro es inválido, favor de verificarlo.'],
    ['en', 'The registration link is invalid, please check it.'],
  ])('gives the spec’s guest-link message, and its translation (%s)', async (language, message) => {
    const res = await call(t.app, 'GET', '/api/--invitados/formulario/no-existe-este-link', { headers: lang(language) });
    expect(refusal(res, 404)).toMatchObject({ field: 'invalid', message, messageId: 'guest.error.invalid' });
  });

  it('answers a signed-in user in their profile language, whatever Accept-Language says', async () => {
    const token = await signInAs(t.app, 'residente@demo.mx');
    const forbidden = (acceptLanguage: string) => call(t.app, 'GET', BLOGS, { token, headers: lang(acceptLanguage) });
    // Spanish in the profile (the demo's): Spanish, even to an English browser.
    expect(refusal(await forbidden('en'), 403).message).toBe('No tienes permiso para esta acción.');
    for (const [language, message] of [
      ['en', 'You are not allowed to do this.'],
      ['fr', 'Vous n’avez pas l’autorisation de faire cela.'],
    ] as const) {
      expect((await call(t.app, 'POST', LANGUAGE, { token, payload: { language } })).statusCode).toBe(200);
      expect(refusal(await forbidden('es'), 403)).toMatchObject({ code: 'FORBIDDEN', message, messageId: 'errors.forbidden' });
    }
    // A 400 on a guarded route too, naming the field as the profile screen does.
    const bad = await call(t.app, 'POST', LANGUAGE, { token, payload: { language: 'de' }, headers: lang('es') });
    expect(refusal(bad, 400)).toMatchObject({ field: 'language', message: 'Langue : choisissez l’une des options autorisées.' });
    await call(t.app, 'POST', LANGUAGE, { token, payload: { language: 'es' } });
  });

  it.each([
    ['a body that is not JSON', '{"username": ', 'application/json', 400, 'The request body is not valid JSON.'],
    ['an empty JSON body', '', 'application/json', 400, 'The request body is empty: JSON was expected.'],
    ['a content type the server does not read', '<a/>', 'application/xml', 415, 'Unsupported content type: send JSON.'],
    [
      'a body over the limit',
      JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }),
      'application/json',
      413,
      'The request body is too large.',
    ],
  ])('words Fastify’s own refusals too: %s', async (_, payload, type, status, message) => {
    const res = await t.app.inject({ method: 'POST', url: SIGN_IN, payload, headers: { 'content-type': type, ...lang('en') } });
    expect(refusal(res, status)).toMatchObject({ code: 'BAD_REQUEST', field: 'body', message });
  });

  it('words the 404 of an unknown API path, without its query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/--nada/aqui?sig=secreto', headers: lang('fr') });
    expect(refusal(res, 404)).toMatchObject({ code: 'NOT_FOUND', message: 'GET /api/--nada/aqui n’existe pas.' });
  });

  it('says a field’s name by its path when no screen shows it', async () => {
    const res = await call(t.app, 'POST', '/api/--sesiones/condo-login', {
      payload: { CondoId: 0, UserId: 1, token: 'x'.repeat(20) },
      headers: lang('en'),
    });
    expect(refusal(res, 400)).toMatchObject({ field: 'CondoId', message: 'CondoId: must be a positive whole number.' });
  });
});

describe(`the 503 of a server shutting down (${dialect})`, () => {
  it('is worded in the reader’s language', async () => {
    const t = await createTestApp({ seed: false });
    const closing = t.app.close();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: lang('en') });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: 'UNAVAILABLE',
        message: 'The service is not available right now. Try again in a few seconds.',
        messageId: 'errors.unavailable',
      });
      expect(res.headers.connection).toBe('close');
    } finally {
      await closing;
      await t.close();
    }
  });
});
