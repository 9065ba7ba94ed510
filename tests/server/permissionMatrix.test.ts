// Who may call what (issue 3): every demo account of DESIGN.md §6, and a caller with no session, against
// every route of the session, account, profile and timeline areas, with the status each must get. Each
// cell starts from a fresh session, so no cell depends on another. A contract path without a row here
// fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { hashToken } from '../../server/infra/tokens';
import { ACCOUNT_PATHS } from '../../src/api/account';
import { PROFILE_PATHS } from '../../src/api/profile';
import { SESSION_PATHS } from '../../src/api/sessions';
import { TIMELINE_PATHS } from '../../src/api/timeline';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, signInStep, type TestApp } from '../support/testApp';

const ROWS = ['admin', 'consejo', 'residente', 'empleado', 'guardia', 'supervisor', 'inactivo', 'none'] as const;
type Row = (typeof ROWS)[number];

/** What each caller holds: a working session in Las Palmas (admin's first condominium), except inactivo,
 * who can only get as far as a sign-in token, and none, who has nothing. */
interface Caller {
  row: Row;
  email: string | null;
  token: string | undefined;
}

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** Nobody in the matrix is this neighbour, whose photo link every row fetches. */
const PHOTO_OWNER = 'vecino010@demo.mx';

interface RouteCase {
  method: 'GET' | 'POST';
  /** The contract path (under /api). */
  path: string;
  /** Which variant of the call, when a path has several rows. */
  variant?: string;
  /** Expected status per row, in ROWS order. */
  expected: [number, number, number, number, number, number, number, number];
  run(t: TestApp, caller: Caller): Promise<number>;
}

const ALL_200 = [200, 200, 200, 200, 200, 200, 200, 200] as RouteCase['expected'];
const MEMBERS_ONLY = [200, 200, 200, 200, 200, 200, 401, 401] as RouteCase['expected'];

const send = async (t: TestApp, caller: Caller, method: 'GET' | 'POST', path: string, payload?: object) =>
  (await call(t.app, method, api(path), { token: caller.token, ...(payload ? { payload } : {}) })).statusCode;

/** A reset link for the e-mail, as the outbox has it. */
async function resetToken(t: TestApp, email: string): Promise<string> {
  await call(t.app, 'POST', api(ACCOUNT_PATHS.forgotPassword), { payload: { email } });
  await t.app.tasks.drain();
  const mail = await t.app.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

let photoLink = '';

const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: SESSION_PATHS.signIn,
    expected: ALL_200,
    // Anyone with a password; the app-token sent along changes nothing.
    run: (t, c) =>
      send(t, c, 'POST', SESSION_PATHS.signIn, { username: c.email ?? 'vecino001@demo.mx', password: DEMO_PASSWORD }),
  },
  {
    method: 'POST',
    path: SESSION_PATHS.condoLogin,
    expected: [200, 200, 200, 200, 200, 200, 403, 401],
    async run(t, c) {
      const palmas = await t.app.db
        .selectFrom('condominiums')
        .select('id')
        .where('subdomain', '=', 'palmas')
        .executeTakeFirstOrThrow();
      if (!c.email) {
        const admin = await t.app.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'admin@demo.mx')
          .executeTakeFirstOrThrow();
        return send(t, c, 'POST', SESSION_PATHS.condoLogin, { CondoId: palmas.id, UserId: admin.id, token: 'A'.repeat(43) });
      }
      const signIn = await signInStep(t.app, c.email);
      const user = await t.app.db.selectFrom('users').select('id').where('email', '=', c.email).executeTakeFirstOrThrow();
      // inactivo has no condominium to choose; asking for Las Palmas anyway is refused.
      return send(t, c, 'POST', SESSION_PATHS.condoLogin, { CondoId: palmas.id, UserId: user.id, token: signIn.token });
    },
  },
  {
    method: 'GET',
    path: SESSION_PATHS.sessionData,
    expected: MEMBERS_ONLY,
    run: (t, c) => send(t, c, 'GET', SESSION_PATHS.sessionData),
  },
  {
    method: 'POST',
    path: SESSION_PATHS.signOut,
    expected: MEMBERS_ONLY,
    run: (t, c) => send(t, c, 'POST', SESSION_PATHS.signOut),
  },
  {
    method: 'GET',
    path: SESSION_PATHS.activeSessions,
    expected: MEMBERS_ONLY,
    run: (t, c) => send(t, c, 'GET', SESSION_PATHS.activeSessions),
  },
  {
    method: 'POST',
    path: SESSION_PATHS.revokeSession,
    expected: MEMBERS_ONLY,
    async run(t, c) {
      // A member ends another session of their own; the others name the first session there is.
      const other = c.email && c.row !== 'inactivo' ? await signInAs(t.app, c.email) : null;
      const id = other
        ? (
            await t.app.db
              .selectFrom('sessions')
              .select('id')
              .where('token_hash', '=', hashToken(other))
              .executeTakeFirstOrThrow()
          ).id
        : 1;
      return send(t, c, 'POST', SESSION_PATHS.revokeSession, { id });
    },
  },
  {
    method: 'GET',
    path: SESSION_PATHS.legacyLogin,
    expected: ALL_200,
    // Where login-redirect?logout=1 ends: said to anyone, signed in or not.
    run: (t, c) => send(t, c, 'GET', SESSION_PATHS.legacyLogin),
  },
  {
    method: 'POST',
    path: SESSION_PATHS.revokeOtherSessions,
    expected: MEMBERS_ONLY,
    run: (t, c) => send(t, c, 'POST', SESSION_PATHS.revokeOtherSessions),
  },
  {
    method: 'POST',
    path: ACCOUNT_PATHS.acceptPrivacyNotice,
    expected: MEMBERS_ONLY,
    run: (t, c) => send(t, c, 'POST', ACCOUNT_PATHS.acceptPrivacyNotice),
  },
  {
    method: 'POST',
    path: ACCOUNT_PATHS.language,
    expected: MEMBERS_ONLY,
    run: (t, c) => send(t, c, 'POST', ACCOUNT_PATHS.language, { language: 'es' }),
  },
  {
    method: 'POST',
    path: ACCOUNT_PATHS.forgotPassword,
    expected: ALL_200,
    run: (t, c) => send(t, c, 'POST', ACCOUNT_PATHS.forgotPassword, { email: c.email ?? 'nadie@demo.mx' }),
  },
  {
    method: 'POST',
    path: ACCOUNT_PATHS.resetPassword,
    expected: ALL_200,
    // Anyone holding a link: each row its own (none: a neighbour's), setting the same password again.
    run: async (t, c) =>
      send(t, c, 'POST', ACCOUNT_PATHS.resetPassword, {
        token: await resetToken(t, c.email ?? 'vecino002@demo.mx'),
        password: DEMO_PASSWORD,
      }),
  },
  {
    method: 'POST',
    path: ACCOUNT_PATHS.resetPassword,
    variant: 'a link nobody was given',
    expected: [400, 400, 400, 400, 400, 400, 400, 400],
    run: (t, c) => send(t, c, 'POST', ACCOUNT_PATHS.resetPassword, { token: 'A'.repeat(43), password: DEMO_PASSWORD }),
  },
  {
    method: 'POST',
    path: ACCOUNT_PATHS.bridgeToken,
    expected: MEMBERS_ONLY,
    run: (t, c) => send(t, c, 'POST', ACCOUNT_PATHS.bridgeToken),
  },
  {
    method: 'POST',
    path: ACCOUNT_PATHS.changeCondoSession,
    expected: MEMBERS_ONLY,
    async run(t, c) {
      // A member brings the antkn their session got; the others bring the best they have.
      const bridge = await call(t.app, 'POST', api(ACCOUNT_PATHS.bridgeToken), { token: c.token });
      const antkn = bridge.statusCode === 200 ? (bridge.json() as { token: string }).token : (c.token ?? 'A'.repeat(43));
      return send(t, c, 'POST', ACCOUNT_PATHS.changeCondoSession, { antkn });
    },
  },
  {
    method: 'POST',
    path: PROFILE_PATHS.updateName,
    expected: MEMBERS_ONLY,
    async run(t, c) {
      const name = c.email
        ? (await t.app.db.selectFrom('users').select('name').where('email', '=', c.email).executeTakeFirstOrThrow()).name
        : 'Alguien';
      return send(t, c, 'POST', PROFILE_PATHS.updateName, { UserName: name });
    },
  },
  {
    method: 'POST',
    path: PROFILE_PATHS.uploadPhoto,
    expected: MEMBERS_ONLY,
    run: (t, c) => send(t, c, 'POST', PROFILE_PATHS.uploadPhoto, { dataUrl: PNG_1X1 }),
  },
  {
    method: 'POST',
    path: PROFILE_PATHS.deletePhoto,
    expected: MEMBERS_ONLY,
    run: (t, c) => send(t, c, 'POST', PROFILE_PATHS.deletePhoto),
  },
  {
    method: 'GET',
    path: PROFILE_PATHS.photoFile(':userId'),
    variant: 'signed link',
    // Anyone holding the link, with or without a session.
    expected: ALL_200,
    run: async (t, c) => (await call(t.app, 'GET', photoLink, { token: c.token })).statusCode,
  },
  {
    method: 'GET',
    path: PROFILE_PATHS.photoFile(':userId'),
    variant: 'forged link',
    // A session does not stand in for the signature.
    expected: [403, 403, 403, 403, 403, 403, 403, 403],
    run: async (t, c) => {
      const forged = photoLink.replace(/sig=([0-9a-f])/, (_, first: string) => `sig=${first === 'f' ? '0' : 'f'}`);
      return (await call(t.app, 'GET', forged, { token: c.token })).statusCode;
    },
  },
  {
    method: 'POST',
    path: PROFILE_PATHS.changePassword,
    expected: MEMBERS_ONLY,
    run: (t, c) =>
      send(t, c, 'POST', PROFILE_PATHS.changePassword, { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }),
  },
  { method: 'GET', path: TIMELINE_PATHS.list, expected: MEMBERS_ONLY, run: (t, c) => send(t, c, 'GET', TIMELINE_PATHS.list) },
];

describe(`permission matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const owner = await signInAs(t.app, PHOTO_OWNER);
    const res = await call(t.app, 'POST', api(PROFILE_PATHS.uploadPhoto), { token: owner, payload: { dataUrl: PNG_1X1 } });
    photoLink = (res.json() as { fotoSignedUrl: string }).fotoSignedUrl;
    expect(photoLink).toMatch(/sig=[0-9a-f]{64}$/);
  });

  async function caller(row: Row): Promise<Caller> {
    if (row === 'none') return { row, email: null, token: undefined };
    const email = `${row}@demo.mx`;
    const token = row === 'inactivo' ? (await signInStep(t.app, email)).token : await signInAs(t.app, email);
    return { row, email, token };
  }

  describe.each(ROUTES.map((r) => [`${r.method} ${r.path}${r.variant ? ` (${r.variant})` : ''}`, r] as const))(
    '%s',
    (_, route) => {
      it.each(ROWS.map((row, index) => [row, route.expected[index]!] as const))('%s → %i', async (row, expected) => {
        expect(await route.run(t, await caller(row))).toBe(expected);
      });
    },
  );

  it('has a row for every path of the session, account, profile and timeline contracts, and each exists', () => {
    const contractPaths = [
      ...Object.values(SESSION_PATHS),
      ...Object.values(ACCOUNT_PATHS),
      ...Object.values(PROFILE_PATHS).map((path) => (typeof path === 'function' ? path(':userId') : path)),
      ...Object.values(TIMELINE_PATHS),
    ];
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(contractPaths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
