// POST /api/--sesiones/condo-login: the sign-in token and a chosen condominium → a working session.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/infra/tokens';
import { ErrorAnswer } from '../../src/api/errors';
import { CondoLoginAnswer } from '../../src/api/sessions';
import {
  createTestApp,
  dialect,
  getSessionData,
  type SignInResult,
  signInStep,
  type TestApp,
  testClock,
} from '../support/testApp';

const URL = '/api/--sesiones/condo-login';

describe(`condo-login (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T15:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });

  const login = (payload: object) => t.app.inject({ method: 'POST', url: URL, payload });
  const choose = (signIn: SignInResult, condoName: string) => {
    const condo = signIn.condos.find((c) => c.CondoName === condoName);
    if (!condo) throw new Error(`no ${condoName} in ${JSON.stringify(signIn.condos)}`);
    return login({ CondoId: condo.CondoId, UserId: condo.UserId, token: signIn.token });
  };

  it('answers a session token and a product token; the session token opens the session data', async () => {
    const signIn = await signInStep(t.app, 'admin@demo.mx');
    const res = await choose(signIn, 'Residencial Las Palmas');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, CondoLoginAnswer);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.productToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set([body.token, body.productToken, signIn.token]).size).toBe(3);

    const data = await getSessionData(t.app, body.token);
    expect(data.statusCode).toBe(200);
    expect(data.json().data.condo.CondoName).toBe('Residencial Las Palmas');
  });

  it('does not let the sign-in token or the product token stand in for the session token', async () => {
    const signIn = await signInStep(t.app, 'admin@demo.mx');
    expect((await getSessionData(t.app, signIn.token)).statusCode).toBe(401);
    const body = (await choose(signIn, 'Residencial Las Palmas')).json();
    expect((await getSessionData(t.app, body.productToken)).statusCode).toBe(401);
  });

  it('stores the product token tied to its session', async () => {
    const body = (await choose(await signInStep(t.app, 'admin@demo.mx'), 'Torres del Bosque')).json();
    const rows = await t.app.db
      .selectFrom('sessions')
      .select(['id', 'kind', 'parent_id', 'condo_id', 'token_hash'])
      .where('token_hash', 'in', [hashToken(body.token), hashToken(body.productToken)])
      .execute();
    const session = rows.find((r) => r.kind === 'condo');
    const product = rows.find((r) => r.kind === 'product');
    expect(session).toBeDefined();
    expect(product?.parent_id).toBe(session?.id);
    expect(product?.condo_id).toBe(session?.condo_id);
  });

  it('takes the sign-in token only once', async () => {
    const signIn = await signInStep(t.app, 'consejo@demo.mx');
    expect((await choose(signIn, 'Residencial Las Palmas')).statusCode).toBe(200);
    const again = await choose(signIn, 'Residencial Las Palmas');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    assert(again.json(), ErrorAnswer);
  });

  it('refuses a sign-in token presented with somebody else’s UserId', async () => {
    const admin = await signInStep(t.app, 'admin@demo.mx');
    const consejo = await signInStep(t.app, 'consejo@demo.mx');
    const palmas = consejo.condos[0]!;
    expect(palmas.UserId).not.toBe(admin.condos[0]!.UserId);
    // The admin's token, but the board member's id in a condominium both belong to.
    const res = await login({ CondoId: palmas.CondoId, UserId: palmas.UserId, token: admin.token });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('refuses an unknown token', async () => {
    const admin = await signInStep(t.app, 'admin@demo.mx');
    const palmas = admin.condos[0]!;
    const res = await login({ CondoId: palmas.CondoId, UserId: palmas.UserId, token: 'x'.repeat(43) });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 with the condominium’s own message for Villas del Mar, and the token still opens another', async () => {
    const signIn = await signInStep(t.app, 'admin@demo.mx');
    const villas = await choose(signIn, 'Villas del Mar');
    expect(villas.statusCode).toBe(403);
    expect(villas.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: 'Suscripción vencida' });
    // The condo selector stays open after the error dialog: the user may pick another condominium.
    expect((await choose(signIn, 'Residencial Las Palmas')).statusCode).toBe(200);
  });

  it('answers 403 for a condominium the user does not belong to', async () => {
    const admin = await signInStep(t.app, 'admin@demo.mx');
    const bosque = admin.condos.find((c) => c.CondoName === 'Torres del Bosque')!;
    const residente = await signInStep(t.app, 'residente@demo.mx');
    const res = await login({ CondoId: bosque.CondoId, UserId: residente.condos[0]!.UserId, token: residente.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('answers 403 for a membership that is no longer active', async () => {
    const inactivo = await signInStep(t.app, 'inactivo@demo.mx');
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'inactivo@demo.mx')
      .executeTakeFirstOrThrow();
    const palmas = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'palmas')
      .executeTakeFirstOrThrow();
    const res = await login({ CondoId: palmas.id, UserId: user.id, token: inactivo.token });
    expect(res.statusCode).toBe(403);
  });

  it('answers 403 for a condominium that does not exist', async () => {
    const signIn = await signInStep(t.app, 'admin@demo.mx');
    const res = await login({ CondoId: 987654, UserId: signIn.condos[0]!.UserId, token: signIn.token });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the sign-in token for 10 minutes and no longer', async () => {
    const early = await signInStep(t.app, 'residente@demo.mx');
    const late = await signInStep(t.app, 'residente@demo.mx');
    clock.advanceMinutes(9);
    expect((await choose(early, 'Residencial Las Palmas')).statusCode).toBe(200);
    clock.advanceMinutes(2);
    const res = await choose(late, 'Residencial Las Palmas');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  describe('malformed requests get 400 naming the field', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['CondoId not a number', { CondoId: 'abc' }, 'CondoId'],
      ['CondoId zero', { CondoId: 0 }, 'CondoId'],
      ['CondoId fractional', { CondoId: 1.5 }, 'CondoId'],
      ['UserId negative', { UserId: -3 }, 'UserId'],
      ['token too short', { token: 'abc' }, 'token'],
      ['token missing', { token: undefined }, 'token'],
    ];
    it.each(cases)('%s', async (_, change, field) => {
      const signIn = await signInStep(t.app, 'admin@demo.mx');
      const good = { CondoId: signIn.condos[0]!.CondoId, UserId: signIn.condos[0]!.UserId, token: signIn.token };
      const res = await login({ ...good, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field });
      // Nothing was spent: the token still works.
      expect((await login(good)).statusCode).toBe(200);
    });
  });
});
