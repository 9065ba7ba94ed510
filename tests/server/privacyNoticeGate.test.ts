// The privacy notice enforced by the server (spec §4, issue 11 §6): a member whose condominium has an
// active notice they have not accepted gets 403 PRIVACY_NOTICE_PENDING on every signed-in call except
// BEFORE_PRIVACY_NOTICE (src/api/account.ts). Every route the server has is tried, so a new signed-in
// route is covered the day it is added; a new public one must be named in PUBLIC below.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, BEFORE_PRIVACY_NOTICE } from '../../src/api/account';
import { ErrorCodes } from '../../src/api/errors';
import { SESSION_PATHS } from '../../src/api/sessions';
import { call, createTestApp, dialect, getSessionData, signInAs, type TestApp } from '../support/testApp';

/** Routes anyone may call without a session (a signed link, a token of their own, or nothing at all). */
const PUBLIC = [
  'GET /api/health',
  'GET /api/health/ready',
  'POST /api/--sesiones/sign-in',
  'POST /api/--sesiones/condo-login',
  'POST /api/--sesiones/change-condo-session',
  'POST /api/--sesiones/forgot-password',
  'POST /api/--sesiones/reset-password',
  'POST /api/--sesiones/invitacion',
  'POST /api/--sesiones/aceptar-invitacion',
  // Where login-redirect?logout=1 ends (the legacy app's login or ours): said to anyone (issue 28).
  'GET /api/--sesiones/legacy-login',
  'GET /api/--pagina-publica/condo/:id',
  'GET /api/--pagina-publica/condo-del-host',
  'POST /api/--pagina-publica/contactar',
  'GET /api/--pagina-publica/captcha',
  'GET /api/--pagina-publica/CondoXid/:subdomain',
  'GET /api/--perfil/photo-file/:userId',
  'GET /api/--planes/list',
  'GET /api/--comunicacion/post-file/:attachmentId',
  'GET /api/--tickets/file/:attachmentId',
  'GET /api/--conversaciones/photo/:photoId',
  'GET /api/--encuestas/file/:attachmentId',
  'GET /api/--instalaciones/archivo/:fileId',
  'GET /api/--configuracion/condominio/logo/:condoId/:fileName',
  'GET /api/--calendario/ics/:file',
  'GET /api/--invitados/formulario/:token',
  'POST /api/--invitados/registrar/:token',
  'GET /api/--invitados/pase/:condoId/:qr',
  'GET /api/--invitados/pase-pdf/:condoId/:qr',
  'GET /api/--financiero/archivo/:id',
  'GET /api/--paqueteria/archivo/:fileId',
  // A proof of payment's file through the signed link its screen gave (issue 27).
  'GET /api/--comprobantes-de-pago/archivo/:fileId',
  // A payment receipt's public check: its QR's token is the permission (issue 27).
  'GET /api/--recibos/verificar/:token',
  // Paying online (issue 27): the sandbox provider's page and buttons (its reference is the permission), and the
  // provider's webhook (its signature is).
  'GET /api/--pagos-en-linea/sandbox/:ref',
  'POST /api/--pagos-en-linea/sandbox/:ref/:outcome',
  'POST /api/--pagos-en-linea/webhook/:provider',
  // A real provider's page sends the resident back here, a plain navigation without the app's header: it only
  // redirects to the result page, which signs in as any page does.
  'GET /api/--pagos-en-linea/regreso/:ref',
  // An entry's photo through the signed link the movement log gave an administrator or a supervisor.
  'GET /api/--bitacora/foto/:movementId',
  // A gate device's own calls: pairing with its one-time code, then its token (the gate-device header).
  'POST /api/--dispositivos/:id/vincular',
  'GET /api/--dispositivos/turno/personal',
  'POST /api/--dispositivos/turno/abrir',
  // A support attachment through the signed link given to the conversation's two sides (issue 30).
  'GET /api/--soporte/file/:attachmentId',
  // An incident's photo through the signed link its screen gave (issue 31).
  'GET /api/--incidentes/archivo/:fileId',
  // A document version's file through the signed link the library gave (issue 32).
  'GET /api/--documentos/archivo/:fileId',
  // An assembly minutes addendum's file through the signed link the book of minutes gave (issue 32).
  'GET /api/--asambleas/adenda/archivo/:fileId',
];

/** The support desk's routes (issue 30) answer the product's own support agents, with a desk session of their
 * own (support-token), never a member's: a condominium's privacy notice is not theirs to accept. */
const isDeskRoute = (url: string) => url.startsWith('/api/--soporte/mesa/');

interface Route {
  method: 'GET' | 'POST';
  url: string;
}

/** Every route of the app, from Fastify's own listing (HEAD is GET's twin). */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (depth > 0 ? prefixes[depth - 1]! : '') + match[2]!;
    prefixes.length = depth;
    prefixes.push(url);
    for (const method of (match[3] ?? '').split(', ')) {
      if (method === 'GET' || method === 'POST') routes.push({ method, url });
    }
  }
  return routes;
}

const label = (r: Route) => `${r.method} ${r.url}`;
const concrete = (url: string) => url.replace(/:\w+/g, '1');

describe(`privacy notice enforced by the server (${dialect})`, () => {
  let t: TestApp;
  let routes: Route[];
  beforeAll(async () => {
    t = await createTestApp();
    routes = routesOf(t.app);
  });

  const pending = (email = 'residente@demo.mx', condo?: string) =>
    signInAs(t.app, email, condo, { privacyNotice: 'leavePending' });
  const send = (route: Route, token?: string) =>
    call(t.app, route.method, concrete(route.url), { token, ...(route.method === 'POST' ? { payload: {} } : {}) });

  it('reads every route of the app', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map(label)).toContain('GET /api/--perfil/photo-file/:userId');
    expect(routes.map(label)).toContain('POST /api/--comunicacion/update-section-position');
    const all = new Set(routes.map(label));
    for (const path of BEFORE_PRIVACY_NOTICE) expect([`GET /api${path}`, `POST /api${path}`].some((r) => all.has(r))).toBe(true);
    for (const route of PUBLIC) expect(all, route).toContain(route);
  });

  it('refuses every other signed-in call with 403 PRIVACY_NOTICE_PENDING, and lets the public ones be', async () => {
    const token = await pending();
    const before = new Set(BEFORE_PRIVACY_NOTICE.map((path) => `/api${path}`));
    const refused: string[] = [];
    for (const route of routes) {
      if (before.has(route.url)) continue;
      const answer = await send(route, token);
      const isRefusal = answer.statusCode === 403 && answer.json().code === ErrorCodes.privacyNoticePending;
      if (PUBLIC.includes(label(route)) || isDeskRoute(route.url)) {
        expect(isRefusal, label(route)).toBe(false);
        continue;
      }
      // Signed-in only: without a token it is 401, so the refusal is the notice's and nothing else's.
      expect((await send(route)).statusCode, `${label(route)} without a session`).toBe(401);
      expect(answer.json(), label(route)).toEqual({
        success: false,
        code: 'PRIVACY_NOTICE_PENDING',
        message: 'Acepta el aviso de privacidad para continuar.',
        messageId: 'errors.session.privacyNoticePending',
      });
      refused.push(label(route));
    }
    expect(refused).toContain('GET /api/--comunicacion/timeline');
    expect(refused).toContain('POST /api/--sesiones/bridge-token');
    expect(refused).toContain('GET /api/--notificaciones/latest');
    const desk = routes.filter((route) => isDeskRoute(route.url)).length;
    expect(desk).toBeGreaterThan(5);
    expect(refused.length).toBe(routes.length - PUBLIC.length - BEFORE_PRIVACY_NOTICE.length - desk);
  });

  it('lets through what the notice dialog needs, the language, and the person’s own sessions', async () => {
    const token = await pending();
    const data = await getSessionData(t.app, token);
    expect(data.statusCode).toBe(200);
    expect(data.json().data.usuario.AvisoPrivacidad).toBeNull();
    expect((await call(t.app, 'POST', `/api${ACCOUNT_PATHS.language}`, { token, payload: { language: 'es' } })).statusCode).toBe(
      200,
    );
    const list = await call(t.app, 'GET', `/api${SESSION_PATHS.activeSessions}`, { token });
    expect(list.statusCode).toBe(200);
    const other = await pending();
    const otherId = (list.json() as { items: { id: number; current: boolean }[] }).items.find((s) => !s.current)?.id;
    expect(otherId).toBeDefined();
    expect(
      (await call(t.app, 'POST', `/api${SESSION_PATHS.revokeSession}`, { token, payload: { id: otherId } })).statusCode,
    ).toBe(200);
    expect((await call(t.app, 'POST', `/api${SESSION_PATHS.revokeOtherSessions}`, { token })).statusCode).toBe(200);
    expect((await getSessionData(t.app, other)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', `/api${SESSION_PATHS.signOut}`, { token })).statusCode).toBe(200);
    expect((await getSessionData(t.app, token)).statusCode).toBe(401);
  });

  it('opens the condominium’s calls to the same session once the notice is accepted', async () => {
    const token = await pending('vecino003@demo.mx');
    const timeline = { method: 'GET', url: '/api/--comunicacion/timeline' } as const;
    expect((await send(timeline, token)).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api${ACCOUNT_PATHS.acceptPrivacyNotice}`, { token })).statusCode).toBe(200);
    expect((await send(timeline, token)).statusCode).toBe(200);
  });

  it('refuses at once, in a session already open, when a notice becomes active; not while it is inactive or blank', async () => {
    // Torres del Bosque has no notice; its administrator has never accepted one.
    const admin = await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
    const bosque = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'bosque')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('memberships')
      .set({ privacy_accepted_at: null })
      .where('user_id', '=', admin.id)
      .where('condo_id', '=', bosque.id)
      .execute();
    const token = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const towers = { method: 'GET', url: '/api/--reportes/torres-list' } as const;
    expect((await send(towers, token)).statusCode).toBe(200);
    const setNotice = (aviso_privacidad: string | null, aviso_activo: 0 | 1) =>
      t.app.db.updateTable('condominiums').set({ aviso_privacidad, aviso_activo }).where('subdomain', '=', 'bosque').execute();
    await setNotice('Aviso de privacidad de Torres del Bosque.', 0);
    expect((await send(towers, token)).statusCode).toBe(200);
    await setNotice('   ', 1);
    expect((await send(towers, token)).statusCode).toBe(200);
    await setNotice('Aviso de privacidad de Torres del Bosque.', 1);
    const refused = await send(towers, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PRIVACY_NOTICE_PENDING');
    // The same person in Las Palmas, where they accepted long ago, is not affected.
    expect((await send(towers, await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas'))).statusCode).toBe(200);
    expect((await call(t.app, 'POST', `/api${ACCOUNT_PATHS.acceptPrivacyNotice}`, { token })).statusCode).toBe(200);
    expect((await send(towers, token)).statusCode).toBe(200);
  });
});
