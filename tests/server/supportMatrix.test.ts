// Who may call what in the support chat (issue 30): the administrators' calls as every demo account and nobody
// (administrators only, spec §6); the desk's calls with every demo account's session (none reaches them: a
// condominium role is not a desk account); and a desk session against every route of the app, which gets no more
// than a caller without any session (an agent reaches no condominium route). A contract path without a row fails.
import { beforeAll, describe, expect, it } from 'vitest';
import { SESSION_PATHS } from '../../src/api/sessions';
import { SUPPORT_PATHS, SUPPORT_TOKEN_HEADER, supportBootData } from '../../src/api/support';
import { api } from '../support/http';
import { ADMIN_ONLY, type Expected, PNG_1X1, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { deskSignIn, sessionDataOf } from '../support/supportServerFixtures';
import { call, createTestApp, dialect, type TestApp } from '../support/testApp';

/** No condominium session opens the desk. */
const NO_ONE: Expected = [401, 401, 401, 401, 401, 401, 401, 401];

/** A boot with the caller's own data (shape only for those without a working session). */
const BOOT_SHAPE = {
  UserId: 1,
  UserName: 'x',
  UserEmail: 'x@demo.mx',
  user_hash: '0'.repeat(64),
  AptId: null,
  CondoId: 1,
  CondoName: 'x',
  CondoStatus: 'A',
};

let conversationId = 0;

const ADMINISTRATORS: RouteCase[] = [
  {
    method: 'POST',
    path: SUPPORT_PATHS.boot,
    variant: 'with one’s own boot data',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const own = c.token && c.row !== 'inactivo' ? supportBootData(await sessionDataOf(t.app, c.token)) : BOOT_SHAPE;
      return status(t, c, 'POST', SUPPORT_PATHS.boot, own);
    },
  },
  {
    method: 'GET',
    path: SUPPORT_PATHS.chat,
    variant: 'the conversation',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', SUPPORT_PATHS.chat),
  },
  {
    method: 'GET',
    path: SUPPORT_PATHS.updates,
    variant: 'what is new',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', `${SUPPORT_PATHS.updates}?after=0`),
  },
  {
    method: 'GET',
    path: SUPPORT_PATHS.unread,
    variant: 'the badge',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', SUPPORT_PATHS.unread),
  },
  {
    method: 'POST',
    path: SUPPORT_PATHS.send,
    variant: 'a message with a photo',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', SUPPORT_PATHS.send, { Texto: 'Hola', adjuntos: [{ name: 'a.png', dataUrl: PNG_1X1 }] }),
  },
];

const deskCase = (method: 'GET' | 'POST', path: string, variant: string, payload?: () => object): RouteCase => ({
  method,
  path,
  variant,
  expected: NO_ONE,
  run: (t, c) => status(t, c, method, path.replace(':conversationId', String(conversationId)), payload?.()),
});

const DESK: RouteCase[] = [
  deskCase('POST', SUPPORT_PATHS.deskSignOut, 'sign out'),
  deskCase('GET', SUPPORT_PATHS.deskMe, 'who'),
  deskCase('GET', SUPPORT_PATHS.deskConversations, 'the list'),
  deskCase('GET', SUPPORT_PATHS.deskConversation(':conversationId'), 'one conversation'),
  deskCase('GET', `${SUPPORT_PATHS.deskUpdates(':conversationId')}?after=0`, 'what is new'),
  deskCase('POST', SUPPORT_PATHS.deskReply, 'a reply', () => ({ conversationId, Texto: 'Hola' })),
  deskCase('POST', SUPPORT_PATHS.deskAssign, 'assign', () => ({ conversationId, agentId: null, version: 1 })),
  deskCase('POST', SUPPORT_PATHS.deskState, 'move', () => ({ conversationId, estado: 'cerrada', version: 1 })),
  deskCase('GET', SUPPORT_PATHS.deskCanned, 'canned answers'),
  deskCase('POST', SUPPORT_PATHS.deskCannedSave, 'save a canned answer', () => ({ titulo: 'x', texto: 'y' })),
  deskCase('POST', SUPPORT_PATHS.deskCannedDelete, 'delete a canned answer', () => ({ id: 1 })),
  deskCase('GET', SUPPORT_PATHS.deskSettings, 'office hours'),
  deskCase('POST', SUPPORT_PATHS.deskSettingsSave, 'save office hours', () => ({
    timeZone: 'America/Mexico_City',
    dias: [null, null, null, null, null, null, null],
    mensajeAusencia: '',
  })),
];

describe(`support matrix (${dialect})`, () => {
  let t: TestApp;
  let agent: string;
  beforeAll(async () => {
    t = await createTestApp();
    agent = await deskSignIn(t.app);
    const { id } = await t.app.db
      .insertInto('support_conversations')
      .values({
        condo_id: 1,
        state: 'abierta',
        assignee_id: null,
        created_at: '2026-01-01T00:00:00.000Z',
        last_message_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    conversationId = id;
  });

  describe('the administrators’ calls', () => walkMatrix(() => t, ADMINISTRATORS));
  describe('the desk’s calls with a condominium’s session', () => walkMatrix(() => t, DESK));

  it('has a row for every path of the contract but the desk’s sign-in and the signed file link', () => {
    const paths = Object.values(SUPPORT_PATHS)
      .map((p) => (typeof p === 'function' ? p(':conversationId') : p))
      .filter((p) => p !== SUPPORT_PATHS.deskSignIn && !p.startsWith('/--soporte/file/'));
    const covered = [...ADMINISTRATORS, ...DESK].map((r) => r.path.replace(/\?.*$/, ''));
    expect(new Set(covered)).toEqual(new Set(paths));
    for (const route of [...ADMINISTRATORS, ...DESK]) {
      expect(t.app.hasRoute({ method: route.method, url: api(route.path.replace(/\?.*$/, '')) })).toBe(true);
    }
  });

  it('a desk session gets no more than nobody from every route outside the desk', async () => {
    const routes = t.app.inputRoutes.filter(
      (r) => !r.url.startsWith(api('/--soporte/mesa/')) && (r.method === 'GET' || r.method === 'POST'),
    );
    expect(routes.length).toBeGreaterThan(100);
    const differ: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const method = route.method as 'GET' | 'POST';
      const payload = method === 'POST' ? {} : undefined;
      const anonymous = await call(t.app, method, url, payload ? { payload } : {});
      const asAgent = await call(t.app, method, url, {
        ...(payload ? { payload } : {}),
        headers: { [SUPPORT_TOKEN_HEADER]: agent },
      });
      if (anonymous.statusCode !== asAgent.statusCode)
        differ.push(`${method} ${route.url}: ${anonymous.statusCode} → ${asAgent.statusCode}`);
    }
    expect(differ).toEqual([]);
  });

  it('a desk token is no condominium session, whatever header carries it', async () => {
    const res = await call(t.app, 'GET', api(SESSION_PATHS.sessionData), { token: agent });
    expect(res.statusCode).toBe(401);
    const chat = await call(t.app, 'GET', api(SUPPORT_PATHS.chat), { token: agent });
    expect(chat.statusCode).toBe(401);
  });
});
