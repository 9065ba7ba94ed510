// POST /api/--sesiones/bridge-token and /change-condo-session: the login-redirect bridge (spec §2.8). A
// signed-in member gets a short-lived single-use antkn; whoever brings it back gets a condo session.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/infra/tokens';
import { BRIDGE_TOKEN_SECONDS, BridgeTokenAnswer, ChangeCondoSessionAnswer } from '../../src/api/account';
import { ErrorAnswer } from '../../src/api/errors';
import { SessionDataAnswer } from '../../src/api/sessions';
import { call, createTestApp, dialect, getSessionData, signInAs, signInStep, type TestApp, testClock } from '../support/testApp';

const BRIDGE = '/api/--sesiones/bridge-token';
const CHANGE = '/api/--sesiones/change-condo-session';

describe(`bridge token (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });

  async function bridgeToken(session: string): Promise<string> {
    const res = await call(t.app, 'POST', BRIDGE, { token: session });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, BridgeTokenAnswer);
    return body.token;
  }
  const change = (antkn: string) => call(t.app, 'POST', CHANGE, { payload: { antkn } });
  async function whoAndWhere(session: string) {
    const body = (await getSessionData(t.app, session)).json();
    assert(body, SessionDataAnswer);
    return { email: body.data.usuario.UserEmail, condo: body.data.condo.CondoName };
  }

  it('opens a session for the same person in the same condominium, answered like condo-login', async () => {
    const session = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const antkn = await bridgeToken(session);
    expect(antkn).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await change(antkn);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, ChangeCondoSessionAnswer);
    expect(new Set([body.token, body.productToken, antkn, session]).size).toBe(4);
    expect(await whoAndWhere(body.token)).toEqual({ email: 'admin@demo.mx', condo: 'Torres del Bosque' });
    // The product token is tied to the new session, like condo-login's.
    const rows = await t.app.db
      .selectFrom('sessions')
      .select(['id', 'kind', 'parent_id', 'token_hash'])
      .where('token_hash', 'in', [hashToken(body.token), hashToken(body.productToken)])
      .execute();
    const condo = rows.find((r) => r.kind === 'condo')!;
    expect(rows.find((r) => r.kind === 'product')?.parent_id).toBe(condo.id);
  });

  it('works once', async () => {
    const antkn = await bridgeToken(await signInAs(t.app, 'consejo@demo.mx'));
    expect((await change(antkn)).statusCode).toBe(200);
    const again = await change(antkn);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('lets only one of two simultaneous requests with the same token through', async () => {
    const antkn = await bridgeToken(await signInAs(t.app, 'consejo@demo.mx'));
    const results = await Promise.all([change(antkn), change(antkn), change(antkn)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it(`expires after ${BRIDGE_TOKEN_SECONDS} seconds`, async () => {
    const session = await signInAs(t.app, 'residente@demo.mx');
    const late = await bridgeToken(session);
    const inTime = await bridgeToken(session);
    clock.advanceMinutes(BRIDGE_TOKEN_SECONDS / 60 - 0.5);
    expect((await change(inTime)).statusCode).toBe(200);
    clock.advanceMinutes(1);
    const res = await change(late);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('survives signing out the session that asked for it: the bridge signs out before it spends it', async () => {
    const session = await signInAs(t.app, 'empleado@demo.mx');
    const antkn = await bridgeToken(session);
    expect((await call(t.app, 'POST', '/api/--sesiones/sign-out', { token: session })).statusCode).toBe(200);
    const res = await change(antkn);
    expect(res.statusCode).toBe(200);
    expect(await whoAndWhere(res.json().token)).toEqual({ email: 'empleado@demo.mx', condo: 'Residencial Las Palmas' });
  });

  it('keeps "remember me" from the session that asked for it', async () => {
    const remembered = await signInAs(t.app, 'guardia@demo.mx', undefined, { rememberMe: true });
    const plain = await signInAs(t.app, 'guardia@demo.mx');
    for (const [session, flag] of [
      [remembered, 1],
      [plain, 0],
    ] as const) {
      const { token } = (await change(await bridgeToken(session))).json() as { token: string };
      const row = await t.app.db
        .selectFrom('sessions')
        .select('remember_me')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
      expect(row.remember_me).toBe(flag);
    }
  });

  it('is not a session token itself', async () => {
    const antkn = await bridgeToken(await signInAs(t.app, 'supervisor@demo.mx'));
    expect((await getSessionData(t.app, antkn)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', BRIDGE, { token: antkn })).statusCode).toBe(401);
  });

  it('refuses a token of another kind: sign-in, session or product token', async () => {
    const signIn = await signInStep(t.app, 'admin@demo.mx');
    const login = (
      await call(t.app, 'POST', '/api/--sesiones/condo-login', {
        payload: {
          CondoId: signIn.condos[0]!.CondoId,
          UserId: signIn.condos[0]!.UserId,
          token: (await signInStep(t.app, 'admin@demo.mx')).token,
        },
      })
    ).json() as { token: string; productToken: string };
    for (const token of [signIn.token, login.token, login.productToken, 'A'.repeat(43)]) {
      const res = await change(token);
      expect(res.statusCode).toBe(401);
      assert(res.json(), ErrorAnswer);
    }
  });

  it('refuses when the membership ended between asking and spending', async () => {
    const session = await signInAs(t.app, 'residente@demo.mx');
    const antkn = await bridgeToken(session);
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'residente@demo.mx')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('memberships').set({ active: 0 }).where('user_id', '=', user.id).execute();
    try {
      const res = await change(antkn);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      await t.app.db.updateTable('memberships').set({ active: 1 }).where('user_id', '=', user.id).execute();
    }
  });

  it('dies with the password: a reset or a change revokes every bridge token of the person', async () => {
    const session = await signInAs(t.app, 'consejo@demo.mx');
    const antkn = await bridgeToken(session);
    const other = await signInAs(t.app, 'consejo@demo.mx');
    const changed = await call(t.app, 'POST', '/api/--perfil/change-password', {
      token: other,
      payload: { currentPassword: 'Demo1234!', newPassword: 'Demo1234!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await change(antkn)).statusCode).toBe(401);
  });

  it('refuses a malformed antkn with 400 naming it', async () => {
    for (const payload of [{}, { antkn: 'short' }, { antkn: 'has spaces in it, quite a few' }, { antkn: 42 }]) {
      const res = await call(t.app, 'POST', CHANGE, { payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'antkn' });
    }
  });

  it('gives no bridge token without a session', async () => {
    const res = await call(t.app, 'POST', BRIDGE);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });
});
