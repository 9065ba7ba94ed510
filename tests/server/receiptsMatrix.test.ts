// Who may call what in receipts (issue 27): every demo account and a caller without a session against every path
// of src/api/receipts.ts. A receipt and its PDF are for statement readers: administrators and the board for any
// dwelling, a resident for their own; a neighbour's payment, or another condominium's, is not found rather than
// refused. The public check answers anyone holding a receipt's token, and nobody a wrong one. A contract path
// without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PATHS } from '../../src/api/payments';
import { RECEIPT_PATHS, receiptPath, receiptPdfPath, receiptVerifyPath } from '../../src/api/receipts';
import { api } from '../support/http';
import { condoId, dwellingId } from '../support/parcelServerFixtures';
import { type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

/** Statement readers of the dwelling: administrators, the board, and residente (Torre A/101). */
const OWN: Expected = [200, 200, 200, 403, 403, 403, 401, 401];
/** A neighbour's payment (Torre A/104): not found for residente. */
const NEIGHBOUR: Expected = [200, 200, 404, 403, 403, 403, 401, 401];
/** Another condominium's payment: not found for every statement reader of Las Palmas. */
const ELSEWHERE: Expected = [404, 404, 404, 403, 403, 403, 401, 401];
const ANYONE: Expected = [200, 200, 200, 200, 200, 200, 200, 200];
const NOBODY: Expected = [404, 404, 404, 404, 404, 404, 404, 404];

const fixtures = { own: 0, neighbour: 0, elsewhere: 0, token: '' };

async function recorded(t: TestApp, token: string, ApartmentId: number, accountId: number): Promise<number> {
  const res = await call(t.app, 'POST', api(PAYMENT_PATHS.record), {
    token,
    payload: { ApartmentId, accountId, paidOn: '2025-06-02', amountCents: 12_345, reference: 'Matriz' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}

const ROUTES: RouteCase[] = [
  ...[RECEIPT_PATHS.receipt, RECEIPT_PATHS.pdf].flatMap((path): RouteCase[] => {
    const of = path === RECEIPT_PATHS.pdf ? receiptPdfPath : receiptPath;
    return [
      {
        method: 'GET',
        path,
        variant: 'one’s own dwelling’s payment',
        expected: OWN,
        run: (t, c) => status(t, c, 'GET', of(fixtures.own)),
      },
      {
        method: 'GET',
        path,
        variant: 'a neighbour’s payment',
        expected: NEIGHBOUR,
        run: (t, c) => status(t, c, 'GET', of(fixtures.neighbour)),
      },
      {
        method: 'GET',
        path,
        variant: 'another condominium’s payment',
        expected: ELSEWHERE,
        run: (t, c) => status(t, c, 'GET', of(fixtures.elsewhere)),
      },
    ];
  }),
  {
    method: 'GET',
    path: RECEIPT_PATHS.verify,
    variant: 'a receipt’s token',
    expected: ANYONE,
    run: (t, c) => status(t, c, 'GET', receiptVerifyPath(fixtures.token)),
  },
  {
    method: 'GET',
    path: RECEIPT_PATHS.verify,
    variant: 'a token that names no receipt',
    expected: NOBODY,
    run: (t, c) => status(t, c, 'GET', receiptVerifyPath('z'.repeat(43))),
  },
];

describe(`receipts matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const palmas = await condoId(t.app.db, 'palmas');
    const bosque = await condoId(t.app.db, 'bosque');
    const account = (
      await t.app.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('condo_id', '=', palmas)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    const bosqueAccount = (
      await t.app.db
        .insertInto('ledger_accounts')
        .values({ condo_id: bosque, name: 'Banco del Bosque', kind: 'banco', opening_cents: 0, opened_on: '2025-01-01' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const bosqueDwelling = (
      await t.app.db.selectFrom('apartments').select('id').where('condo_id', '=', bosque).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const admin = await signInAs(t.app, 'admin@demo.mx');
    fixtures.own = await recorded(t, admin, await dwellingId(t.app.db, 'Torre A/101'), account);
    fixtures.neighbour = await recorded(t, admin, await dwellingId(t.app.db, 'Torre A/104'), account);
    fixtures.elsewhere = await recorded(
      t,
      await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque'),
      bosqueDwelling,
      bosqueAccount,
    );
    fixtures.token = (
      await t.app.db
        .selectFrom('payment_receipts')
        .select('token')
        .where('payment_id', '=', fixtures.own)
        .executeTakeFirstOrThrow()
    ).token;
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the contract', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(RECEIPT_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
