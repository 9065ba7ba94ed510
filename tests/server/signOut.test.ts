// POST /api/--sesiones/sign-out: revokes the session and the product token issued with it.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/infra/tokens';
import { OkAnswer } from '../../src/api/sessions';
import { createTestApp, dialect, getSessionData, signInAs, signInStep, type TestApp } from '../support/testApp';

const URL = '/api/--sesiones/sign-out';

describe(`sign-out (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  const signOut = (token?: string) =>
    t.app.inject({ method: 'POST', url: URL, ...(token === undefined ? {} : { headers: { 'app-token': token } }) });

  it('ends the session: the same token then gets 401 on session-data', async () => {
    const token = await signInAs(t.app, 'residente@demo.mx');
    expect((await getSessionData(t.app, token)).statusCode).toBe(200);
    const res = await signOut(token);
    expect(res.statusCode).toBe(200);
    assert(res.json(), OkAnswer);
    const after = await getSessionData(t.app, token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('refuses a second sign-out with the same token', async () => {
    const token = await signInAs(t.app, 'empleado@demo.mx');
    expect((await signOut(token)).statusCode).toBe(200);
    const again = await signOut(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('refuses a sign-out without a token or with a garbage one', async () => {
    expect((await signOut()).statusCode).toBe(401);
    expect((await signOut('garbage')).statusCode).toBe(401);
  });

  it('revokes the product token issued with the session, and nothing else', async () => {
    const mine = await signInStep(t.app, 'admin@demo.mx');
    const palmas = mine.condos[0]!;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/--sesiones/condo-login',
      payload: { CondoId: palmas.CondoId, UserId: palmas.UserId, token: mine.token },
    });
    const { token, productToken } = login.json() as { token: string; productToken: string };
    // The same person signed in elsewhere (another device), and somebody else.
    const otherDevice = await signInAs(t.app, 'admin@demo.mx');
    const somebodyElse = await signInAs(t.app, 'consejo@demo.mx');

    expect((await signOut(token)).statusCode).toBe(200);

    const revoked = await t.app.db
      .selectFrom('sessions')
      .select(['kind', 'revoked_at'])
      .where('token_hash', 'in', [hashToken(token), hashToken(productToken)])
      .execute();
    expect(revoked.map((r) => r.kind).sort()).toEqual(['condo', 'product']);
    for (const row of revoked) expect(row.revoked_at).not.toBeNull();

    expect((await getSessionData(t.app, otherDevice)).statusCode).toBe(200);
    expect((await getSessionData(t.app, somebodyElse)).statusCode).toBe(200);
  });

  it('does not accept a GET', async () => {
    const token = await signInAs(t.app, 'guardia@demo.mx');
    const res = await t.app.inject({ method: 'GET', url: URL, headers: { 'app-token': token } });
    expect(res.statusCode).toBe(404);
    expect((await getSessionData(t.app, token)).statusCode).toBe(200);
  });
});
