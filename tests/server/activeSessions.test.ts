// mi-perfil's "Sesiones activas" (issue 11 §6): GET active-sessions lists the user's live sessions in every
// condominium with the device, address and condominium they were opened from; revoke-session ends one at
// once, revoke-other-sessions all but the caller's.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demoFacts';
import { hashToken } from '../../server/infra/tokens';
import { ErrorAnswer } from '../../src/api/errors';
import { type ActiveSession, ActiveSessionsAnswer, SESSION_PATHS } from '../../src/api/sessions';
import { call, createTestApp, dialect, getSessionData, type TestApp, testClock } from '../support/testApp';

const LIST = `/api${SESSION_PATHS.activeSessions}`;
const REVOKE = `/api${SESSION_PATHS.revokeSession}`;
const REVOKE_OTHERS = `/api${SESSION_PATHS.revokeOtherSessions}`;

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ANDROID_TABLET_FIREFOX = 'Mozilla/5.0 (Android 14; Tablet; rv:133.0) Gecko/133.0 Firefox/133.0';

describe(`active sessions (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });

  /** Signs in the way a browser does, from an address with a user agent; answers both tokens. */
  async function signInFrom(
    email: string,
    from: { userAgent?: string; address?: string; condo?: string; rememberMe?: boolean; forwardedFor?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (from.userAgent) headers['user-agent'] = from.userAgent;
    if (from.forwardedFor) headers['x-forwarded-for'] = from.forwardedFor;
    const options = { headers, ...(from.address ? { remoteAddress: from.address } : {}) };
    const signIn = await call(t.app, 'POST', '/api/--sesiones/sign-in', {
      ...options,
      payload: { username: email, password: DEMO_PASSWORD, rememberMe: from.rememberMe ?? false },
    });
    const { token, condos } = signIn.json() as {
      token: string;
      condos: { CondoId: number; UserId: number; CondoName: string }[];
    };
    const condo = from.condo ? condos.find((c) => c.CondoName === from.condo)! : condos[0]!;
    const login = await call(t.app, 'POST', '/api/--sesiones/condo-login', {
      ...options,
      payload: { CondoId: condo.CondoId, UserId: condo.UserId, token },
    });
    expect(login.statusCode).toBe(200);
    return login.json() as { token: string; productToken: string };
  }

  async function list(token: string, query = ''): Promise<{ items: ActiveSession[]; total: number }> {
    const res = await call(t.app, 'GET', `${LIST}${query}`, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, ActiveSessionsAnswer);
    return body;
  }

  const sessionId = async (token: string) =>
    (await t.app.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).id;

  const revoke = (token: string, id: unknown) => call(t.app, 'POST', REVOKE, { token, payload: { id } });

  it('lists every live session of the user, this one first, then the most recently used, with where it was opened', async () => {
    const phone = await signInFrom('admin@demo.mx', { userAgent: IPHONE, address: '201.141.3.4' });
    clock.advanceMinutes(5);
    const bosque = await signInFrom('admin@demo.mx', { userAgent: ANDROID_TABLET_FIREFOX, condo: 'Torres del Bosque' });
    clock.advanceMinutes(5);
    const desktop = await signInFrom('admin@demo.mx', {
      userAgent: WINDOWS_CHROME,
      address: '::ffff:189.203.10.20',
      rememberMe: true,
    });
    clock.advanceMinutes(5);
    // The phone is used again: it becomes the most recently used after this one.
    expect((await getSessionData(t.app, phone.token)).statusCode).toBe(200);
    // Not listed: another person's session, a revoked one, a sign-in token still waiting for its condominium.
    await signInFrom('consejo@demo.mx');
    const revoked = await signInFrom('admin@demo.mx');
    await call(t.app, 'POST', '/api/--sesiones/sign-out', { token: revoked.token });
    await call(t.app, 'POST', '/api/--sesiones/sign-in', { payload: { username: 'admin@demo.mx', password: DEMO_PASSWORD } });

    const { items, total } = await list(desktop.token);
    expect(total).toBe(3);
    expect(items).toEqual([
      {
        id: await sessionId(desktop.token),
        current: true,
        device: { browser: 'Chrome', os: 'Windows', kind: 'desktop' },
        address: '189.203.10.20',
        condoName: 'Residencial Las Palmas',
        rememberMe: true,
        signedInAt: '2025-06-02T18:10:00.000Z',
        // This very call used it.
        lastUsedAt: '2025-06-02T18:15:00.000Z',
      },
      {
        id: await sessionId(phone.token),
        current: false,
        device: { browser: 'Safari', os: 'iOS', kind: 'mobile' },
        address: '201.141.3.4',
        condoName: 'Residencial Las Palmas',
        rememberMe: false,
        signedInAt: '2025-06-02T18:00:00.000Z',
        lastUsedAt: '2025-06-02T18:15:00.000Z',
      },
      {
        id: await sessionId(bosque.token),
        current: false,
        device: { browser: 'Firefox', os: 'Android', kind: 'tablet' },
        // inject's own address when none is given.
        address: '127.0.0.1',
        condoName: 'Torres del Bosque',
        rememberMe: false,
        signedInAt: '2025-06-02T18:05:00.000Z',
        lastUsedAt: '2025-06-02T18:05:00.000Z',
      },
    ]);
    // Each session sees itself first.
    expect((await list(bosque.token)).items.map((s) => [s.condoName, s.current])).toEqual([
      ['Torres del Bosque', true],
      ['Residencial Las Palmas', false],
      ['Residencial Las Palmas', false],
    ]);
  });

  it('says nothing it cannot know: no user agent, no device', async () => {
    const { token } = await signInFrom('empleado@demo.mx');
    expect((await list(token)).items[0]).toMatchObject({ device: { browser: null, os: null, kind: null } });
  });

  it('leaves out sessions that have expired', async () => {
    const old = await signInFrom('supervisor@demo.mx');
    clock.advanceMinutes(121);
    const fresh = await signInFrom('supervisor@demo.mx');
    const { items } = await list(fresh.token);
    expect(items.map((s) => s.id)).toEqual([await sessionId(fresh.token)]);
    expect((await getSessionData(t.app, old.token)).statusCode).toBe(401);
  });

  it('pages: limit and offset, with the total', async () => {
    const tokens = [];
    for (let i = 0; i < 5; i++) {
      tokens.push((await signInFrom('vecino020@demo.mx')).token);
      clock.advanceMinutes(1);
    }
    const current = tokens[0]!;
    const first = await list(current, '?limit=2');
    expect(first.total).toBe(5);
    expect(first.items.map((s) => s.current)).toEqual([true, false]);
    const rest = [...(await list(current, '?limit=2&offset=2')).items, ...(await list(current, '?limit=2&offset=4')).items];
    const ids = [...first.items, ...rest].map((s) => s.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids.sort()).toEqual((await Promise.all(tokens.map(sessionId))).sort());
    // Ten to a page unless asked.
    expect((await list(current)).items).toHaveLength(5);
    for (const bad of ['?limit=0', '?limit=51', '?offset=-1', '?limit=dos']) {
      const res = await call(t.app, 'GET', `${LIST}${bad}`, { token: current });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('ends another session at once, with its product token, and it leaves the list', async () => {
    const mine = await signInFrom('guardia@demo.mx');
    const other = await signInFrom('guardia@demo.mx', { userAgent: IPHONE });
    const otherId = await sessionId(other.token);
    const res = await revoke(mine.token, otherId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const refused = await getSessionData(t.app, other.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const product = await t.app.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(other.productToken))
      .executeTakeFirstOrThrow();
    expect(product.revoked_at).toBe(clock.now().toISOString());
    expect((await list(mine.token)).items.map((s) => s.id)).toEqual([await sessionId(mine.token)]);
    // Again: it is already over, which is what was asked.
    expect((await revoke(mine.token, otherId)).statusCode).toBe(200);
    expect((await getSessionData(t.app, mine.token)).statusCode).toBe(200);
  });

  it('refuses to end this session from the list (sign-out is for that), and sessions that are not the user’s', async () => {
    const mine = await signInFrom('consejo@demo.mx');
    const self = await revoke(mine.token, await sessionId(mine.token));
    expect(self.statusCode).toBe(400);
    const body = self.json();
    assert(body, ErrorAnswer);
    expect(body).toEqual({
      success: false,
      code: 'BAD_REQUEST',
      message: 'Esta es la sesión que usas ahora: para cerrarla usa Cerrar sesión.',
      messageId: 'errors.session.currentOne',
      field: 'id',
    });
    const someoneElse = await signInFrom('admin@demo.mx');
    const theirs = await revoke(mine.token, await sessionId(someoneElse.token));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'NOT_FOUND', message: 'La sesión no existe.' });
    expect((await getSessionData(t.app, someoneElse.token)).statusCode).toBe(200);
    // Nor a product token of theirs own, nor an id nobody has.
    const ownProduct = await sessionId(mine.productToken);
    expect((await revoke(mine.token, ownProduct)).statusCode).toBe(404);
    expect((await revoke(mine.token, 999_999)).statusCode).toBe(404);
    for (const bad of [undefined, 0, -1, 'uno', 1.5]) expect((await revoke(mine.token, bad)).statusCode, String(bad)).toBe(400);
    expect((await getSessionData(t.app, mine.token)).statusCode).toBe(200);
  });

  it('ends every other session of the user in every condominium, and their unfinished sign-ins', async () => {
    const mine = await signInFrom('admin@demo.mx');
    const others = [
      await signInFrom('admin@demo.mx', { userAgent: IPHONE }),
      await signInFrom('admin@demo.mx', { condo: 'Torres del Bosque', rememberMe: true }),
    ];
    const waiting = (
      await call(t.app, 'POST', '/api/--sesiones/sign-in', { payload: { username: 'admin@demo.mx', password: DEMO_PASSWORD } })
    ).json() as { token: string; condos: { CondoId: number; UserId: number }[] };
    const bystander = await signInFrom('consejo@demo.mx');

    const res = await call(t.app, 'POST', REVOKE_OTHERS, { token: mine.token });
    expect(res.statusCode).toBe(200);
    for (const other of others) expect((await getSessionData(t.app, other.token)).statusCode).toBe(401);
    const late = await call(t.app, 'POST', '/api/--sesiones/condo-login', {
      payload: { CondoId: waiting.condos[0]!.CondoId, UserId: waiting.condos[0]!.UserId, token: waiting.token },
    });
    expect(late.statusCode).toBe(401);
    expect((await getSessionData(t.app, mine.token)).statusCode).toBe(200);
    expect((await getSessionData(t.app, bystander.token)).statusCode).toBe(200);
    expect((await list(mine.token)).items.map((s) => s.id)).toEqual([await sessionId(mine.token)]);
    // The product token of this session lives on with it.
    const product = await t.app.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', hashToken(mine.productToken))
      .executeTakeFirstOrThrow();
    expect(product.revoked_at).toBeNull();
  });

  it('takes the client address from X-Forwarded-For only behind a trusted proxy', async () => {
    const direct = await signInFrom('empleado@demo.mx', { address: '10.0.0.9', forwardedFor: '203.0.113.7' });
    expect((await list(direct.token)).items[0]!.address).toBe('10.0.0.9');
    const proxied = await createTestApp({ clock, env: { TRUST_PROXY: 'true' } });
    try {
      const signIn = await call(proxied.app, 'POST', '/api/--sesiones/sign-in', {
        payload: { username: 'empleado@demo.mx', password: DEMO_PASSWORD },
      });
      const { token, condos } = signIn.json() as { token: string; condos: { CondoId: number; UserId: number }[] };
      const login = await call(proxied.app, 'POST', '/api/--sesiones/condo-login', {
        remoteAddress: '10.0.0.9',
        headers: { 'x-forwarded-for': '203.0.113.7' },
        payload: { CondoId: condos[0]!.CondoId, UserId: condos[0]!.UserId, token },
      });
      const session = (login.json() as { token: string }).token;
      const answer = (await call(proxied.app, 'GET', LIST, { token: session })).json() as { items: ActiveSession[] };
      expect(answer.items[0]!.address).toBe('203.0.113.7');
    } finally {
      await proxied.close();
    }
  });

  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', LIST],
      ['POST', REVOKE],
      ['POST', REVOKE_OTHERS],
    ] as const) {
      const res = await call(t.app, method, url, method === 'POST' ? { payload: { id: 1 } } : {});
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('keeps the user agent to 512 characters', async () => {
    const { token } = await signInFrom('supervisor@demo.mx', { userAgent: `${WINDOWS_CHROME} ${'x'.repeat(2000)}` });
    const stored = await t.app.db
      .selectFrom('sessions')
      .select('user_agent')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(stored.user_agent).toHaveLength(512);
    expect((await list(token)).items[0]!.device).toEqual({ browser: 'Chrome', os: 'Windows', kind: 'desktop' });
  });
});
