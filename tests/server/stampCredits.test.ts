// The provider credits a requested stamp package (`npm run stamps -- credit <número>`, creditStampRequest):
// once, to the request's RFC, with its ledger movement and history row; solicitar-timbres then shows the
// request as credited. A second credit — even many racing at once — is refused and writes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { creditStampRequest, StampCreditRefusal } from '../../server/domain/invoicing/stampRequests';
import { systemClock } from '../../server/infra/clock';
import { INVOICING_PATHS, type Issuer, type StampLedger, type StampRequestSaved, WELCOME_STAMPS } from '../../src/api/invoicing';
import { issuerDraft } from '../support/invoicingSetupFixtures';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const PROVIDER_TOKEN = 'proveedor-de-timbres-0123456789abcdef';
const creditPath = (id: number) => `/api${INVOICING_PATHS.providerCredit.replace(':id', String(id))}`;

describe(`crediting a requested stamp package (${dialect})`, () => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await createTestApp({ env: { STAMPS_PROVIDER_TOKEN: PROVIDER_TOKEN } });
    admin = await signInAs(t.app, 'admin@demo.mx');
  });

  const newIssuer = async () =>
    (
      (await call(t.app, 'POST', `/api${INVOICING_PATHS.saveIssuer}`, { token: admin, payload: issuerDraft() })).json() as {
        issuer: Issuer;
      }
    ).issuer;
  const request = async (issuerId: number, quantity: number) => {
    const answer = await call(t.app, 'POST', `/api${INVOICING_PATHS.stampRequest}`, {
      token: admin,
      payload: { issuerId, quantity, note: 'Para el año' },
    });
    expect(answer.statusCode).toBeLessThan(300);
    return (answer.json() as StampRequestSaved).request;
  };
  const ledger = async () => (await call(t.app, 'GET', `/api${INVOICING_PATHS.stamps}`, { token: admin })).json() as StampLedger;
  const countRows = async (table: 'stamp_movements' | 'audit_log', issuerId: number) =>
    table === 'stamp_movements'
      ? (await t.app.db.selectFrom('stamp_movements').select('id').where('issuer_id', '=', issuerId).execute()).length
      : (await t.app.db.selectFrom('audit_log').select('id').where('entity', '=', 'stamp_movement').execute()).length;

  it('credits the package once: balance, movement, history, and the request shown as credited', async () => {
    const issuer = await newIssuer();
    const asked = await request(issuer.id, 100);
    expect(asked.creditedAt).toBeNull();
    expect((await ledger()).requests.find((r) => r.id === asked.id)?.creditedAt).toBeNull();
    const audits = await countRows('audit_log', issuer.id);

    const done = await creditStampRequest(t.app.db, systemClock, asked.id);
    expect(done).toMatchObject({ requestId: asked.id, rfc: issuer.rfc, quantity: 100, available: WELCOME_STAMPS + 100 });

    const after = await ledger();
    expect(after.balances.find((b) => b.issuerId === issuer.id)?.available).toBe(WELCOME_STAMPS + 100);
    expect(after.requests.find((r) => r.id === asked.id)?.creditedAt).toEqual(expect.any(String));
    const row = await t.app.db
      .selectFrom('stamp_requests')
      .select(['credited_at', 'credit_movement_id'])
      .where('id', '=', asked.id)
      .executeTakeFirstOrThrow();
    const movement = await t.app.db
      .selectFrom('stamp_movements')
      .selectAll()
      .where('id', '=', row.credit_movement_id!)
      .executeTakeFirstOrThrow();
    expect(movement).toMatchObject({ issuer_id: issuer.id, delta: 100, kind: 'credit' });
    expect(await countRows('audit_log', issuer.id)).toBe(audits + 1);
  });

  it('refuses a second credit of the same request and an unknown request, writing nothing', async () => {
    const issuer = await newIssuer();
    const asked = await request(issuer.id, 50);
    await creditStampRequest(t.app.db, systemClock, asked.id);
    const movements = await countRows('stamp_movements', issuer.id);
    await expect(creditStampRequest(t.app.db, systemClock, asked.id)).rejects.toEqual(new StampCreditRefusal('alreadyCredited'));
    await expect(creditStampRequest(t.app.db, systemClock, 999_999)).rejects.toEqual(new StampCreditRefusal('notFound'));
    expect(await countRows('stamp_movements', issuer.id)).toBe(movements);
    expect((await ledger()).balances.find((b) => b.issuerId === issuer.id)?.available).toBe(WELCOME_STAMPS + 50);
  });

  it('credits one of many racing credits of one request', async () => {
    const issuer = await newIssuer();
    const asked = await request(issuer.id, 250);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => creditStampRequest(t.app.db, systemClock, asked.id)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toEqual(new StampCreditRefusal('alreadyCredited'));
    expect((await ledger()).balances.find((b) => b.issuerId === issuer.id)?.available).toBe(WELCOME_STAMPS + 250);
  });

  it('lets the provider credit over HTTP with its token, once; anyone else is refused', async () => {
    const issuer = await newIssuer();
    const asked = await request(issuer.id, 500);
    const provider = { authorization: `Bearer ${PROVIDER_TOKEN}` };
    for (const headers of [{}, { authorization: 'Bearer not-the-token' }, { authorization: PROVIDER_TOKEN }]) {
      expect((await t.app.inject({ method: 'POST', url: creditPath(asked.id), headers })).statusCode).toBe(401);
    }
    const member = await call(t.app, 'POST', creditPath(asked.id), { token: admin });
    expect(member.statusCode).toBe(401);
    expect((await ledger()).requests.find((r) => r.id === asked.id)?.creditedAt).toBeNull();

    const credited = await t.app.inject({ method: 'POST', url: creditPath(asked.id), headers: provider });
    expect(credited.statusCode).toBe(200);
    expect(credited.json()).toEqual({ requestId: asked.id, rfc: issuer.rfc, quantity: 500, available: WELCOME_STAMPS + 500 });
    const again = await t.app.inject({ method: 'POST', url: creditPath(asked.id), headers: provider });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Esa solicitud de timbres ya fue acreditada.' });
    const unknown = await t.app.inject({ method: 'POST', url: creditPath(999_999), headers: provider });
    expect(unknown.statusCode).toBe(404);
    expect((await ledger()).balances.find((b) => b.issuerId === issuer.id)?.available).toBe(WELCOME_STAMPS + 500);
  });

  it('has no provider route when STAMPS_PROVIDER_TOKEN is not set', async () => {
    const plain = await createTestApp();
    try {
      const answer = await plain.app.inject({ method: 'POST', url: creditPath(1), headers: { authorization: 'Bearer x' } });
      expect(answer.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
