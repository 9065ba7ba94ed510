// The last stamps taken by many stampings at once (several administrators, the mode-A job): each stamp is
// taken once, the balance never goes below zero, and the ledger's sum stays the balance. On PostgreSQL the
// consumers run on separate pooled connections and hold their transaction open after taking the stamp (as
// a stamping does while the PAC answers), so they really overlap; on SQLite they queue on its one connection.
import { beforeAll, describe, expect, it } from 'vitest';
import { consumeStamp, creditStamps } from '../../server/domain/invoicing/stamps';
import { INVOICING_PATHS, type Issuer, WELCOME_STAMPS } from '../../src/api/invoicing';
import { issuerDraft } from '../support/invoicingSetupFixtures';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`stamps taken concurrently (${dialect})`, () => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx');
  });

  const newIssuer = async () =>
    (
      (await call(t.app, 'POST', `/api${INVOICING_PATHS.saveIssuer}`, { token: admin, payload: issuerDraft() })).json() as {
        issuer: Issuer;
      }
    ).issuer;
  const balance = async (issuerId: number) =>
    (
      await t.app.db
        .selectFrom('invoicing_issuers')
        .select('stamps_available')
        .where('id', '=', issuerId)
        .executeTakeFirstOrThrow()
    ).stamps_available;
  const ledgerSum = async (issuerId: number) =>
    (await t.app.db.selectFrom('stamp_movements').select('delta').where('issuer_id', '=', issuerId).execute()).reduce(
      (sum, m) => sum + m.delta,
      0,
    );

  /** One stamping: takes a stamp, then keeps its transaction open a moment as if waiting for the PAC. */
  const stamping = (issuerId: number, now: Date) =>
    t.app.db.transaction().execute(async (trx) => {
      const taken = await consumeStamp(trx, issuerId, null, null, now);
      await pause(taken ? 5 : 0);
      return taken;
    });

  it('gives 30 concurrent stampings exactly the 20 stamps there are', async () => {
    const issuer = await newIssuer();
    const now = new Date();
    const results = await Promise.all(Array.from({ length: WELCOME_STAMPS + 10 }, () => stamping(issuer.id, now)));
    expect(results.filter(Boolean)).toHaveLength(WELCOME_STAMPS);
    expect(await balance(issuer.id)).toBe(0);
    expect(await ledgerSum(issuer.id)).toBe(0);
  });

  it('keeps the balance and the ledger together when credits and stampings interleave', async () => {
    const issuer = await newIssuer();
    const now = new Date();
    const condoId = (
      await t.app.db.selectFrom('invoicing_issuers').select('condo_id').where('id', '=', issuer.id).executeTakeFirstOrThrow()
    ).condo_id;
    const credit = () =>
      t.app.db
        .transaction()
        .execute((trx) =>
          creditStamps(trx, { condoId, issuerId: issuer.id, quantity: 5, userId: null, now, reason: 'paquete' }).then(() => true),
        );
    const work = [...Array.from({ length: 40 }, () => stamping(issuer.id, now)), credit(), credit()];
    const results = await Promise.all(work);
    const stamped = results.slice(0, 40).filter(Boolean).length;
    // 20 courtesy stamps and two packages of 5: at most 30 can be taken, and the rest is left.
    expect(stamped).toBeLessThanOrEqual(WELCOME_STAMPS + 10);
    expect(await balance(issuer.id)).toBe(WELCOME_STAMPS + 10 - stamped);
    expect(await ledgerSum(issuer.id)).toBe(await balance(issuer.id));
  });

  it('has the database refuse a balance below zero whatever the code does', async () => {
    const issuer = await newIssuer();
    await expect(
      t.app.db.updateTable('invoicing_issuers').set({ stamps_available: -1 }).where('id', '=', issuer.id).execute(),
    ).rejects.toThrow();
    expect(await balance(issuer.id)).toBe(WELCOME_STAMPS);
  });
});

describe(`one RFC saved twice at once (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('creates the issuer once and tells the other save the RFC is taken', async () => {
    const admin = await signInAs(t.app, 'admin@demo.mx');
    const draft = issuerDraft();
    const answers = await Promise.all(
      [1, 2, 3].map(() => call(t.app, 'POST', `/api${INVOICING_PATHS.saveIssuer}`, { token: admin, payload: draft })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.app.db.selectFrom('invoicing_issuers').select('id').where('rfc', '=', draft.rfc).execute();
    expect(rows).toHaveLength(1);
  });
});
