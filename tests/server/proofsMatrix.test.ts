// Who may call what among proofs of payment's paths (comprobantes de pago, issue 27): every demo account of DESIGN.md
// §6 and a caller without a session, against every path of src/api/proofs.ts. Members with 'Estado de cuenta' and
// reviewers read and send (each their own); accepting and rejecting are the reviewers'; another condominium's proof
// is 404 for Las Palmas's administrator. A contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { PROOF_PATHS, proofPath } from '../../src/api/proofs';
import { api } from '../support/http';
import { type Expected, PNG_1X1, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

// admin, consejo, residente, empleado, guardia, supervisor, inactivo, none
const MEMBERS: Expected = [200, 200, 200, 403, 403, 403, 401, 401];
const REVIEWERS: Expected = [200, 403, 403, 403, 403, 403, 401, 401];
const ELSEWHERE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];
const ELSEWHERE_MEMBERS: Expected = [404, 404, 404, 403, 403, 403, 401, 401];

const fixtures = { bosqueProof: 0, account: 0, dwelling: 0 };
let seq = 0;

/** A fresh proof of Las Palmas's, sent by its administrator for the demo dwelling. */
async function freshProof(t: TestApp): Promise<number> {
  const res = await call(t.app, 'POST', api(PROOF_PATHS.list), {
    token: await signInAs(t.app, 'admin@demo.mx'),
    payload: {
      clientId: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
      apartmentId: fixtures.dwelling,
      method: 'transferencia',
      amountCents: 1_000 + seq,
      paidOn: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      bank: 'BBVA',
      reference: `MATRIZ ${seq}`,
      note: '',
      file: { name: 'm.png', dataUrl: PNG_1X1 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { data: { id: number } }).data.id;
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: PROOF_PATHS.list,
    variant: 'list',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', PROOF_PATHS.list),
  },
  {
    method: 'POST',
    path: PROOF_PATHS.list,
    variant: 'a bad draft (the guard decides first)',
    expected: [400, 400, 400, 403, 403, 403, 401, 401],
    run: (t, c) => status(t, c, 'POST', PROOF_PATHS.list, { apartmentId: 0 }),
  },
  {
    method: 'GET',
    path: PROOF_PATHS.options,
    variant: 'options',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', PROOF_PATHS.options),
  },
  {
    method: 'GET',
    path: PROOF_PATHS.proof,
    variant: "another condominium's",
    expected: ELSEWHERE_MEMBERS,
    run: (t, c) => status(t, c, 'GET', proofPath(PROOF_PATHS.proof, fixtures.bosqueProof)),
  },
  {
    method: 'POST',
    path: PROOF_PATHS.accept,
    variant: 'one of its own',
    expected: REVIEWERS,
    run: async (t, c) =>
      status(t, c, 'POST', proofPath(PROOF_PATHS.accept, await freshProof(t)), { accountId: fixtures.account }),
  },
  {
    method: 'POST',
    path: PROOF_PATHS.accept,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', proofPath(PROOF_PATHS.accept, fixtures.bosqueProof), { accountId: fixtures.account }),
  },
  {
    method: 'POST',
    path: PROOF_PATHS.reject,
    variant: 'one of its own',
    expected: REVIEWERS,
    run: async (t, c) =>
      status(t, c, 'POST', proofPath(PROOF_PATHS.reject, await freshProof(t)), { reason: 'Matriz de permisos' }),
  },
  {
    method: 'POST',
    path: PROOF_PATHS.reject,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', proofPath(PROOF_PATHS.reject, fixtures.bosqueProof), { reason: 'Matriz de permisos' }),
  },
  {
    method: 'POST',
    path: PROOF_PATHS.withdraw,
    variant: "another condominium's",
    expected: ELSEWHERE_MEMBERS,
    run: (t, c) => status(t, c, 'POST', proofPath(PROOF_PATHS.withdraw, fixtures.bosqueProof)),
  },
  {
    method: 'GET',
    path: PROOF_PATHS.file,
    variant: 'without a signed link',
    expected: [400, 400, 400, 400, 400, 400, 400, 400],
    run: (t, c) => status(t, c, 'GET', PROOF_PATHS.file.replace(':fileId', '1')),
  },
];

describe(`proofs of payment: who may call what (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const condo = async (subdomain: string) =>
      (await db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;
    const palmas = await condo('palmas');
    const bosque = await condo('bosque');
    fixtures.account = (
      await db.selectFrom('ledger_accounts').select('id').where('condo_id', '=', palmas).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    fixtures.dwelling = (
      await db
        .selectFrom('apartments')
        .select('id')
        .where('condo_id', '=', palmas)
        .where('active', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    // Torres del Bosque: a proof of its own, written as its resident would have sent it.
    const bosqueDwelling = (
      await db.selectFrom('apartments').select('id').where('condo_id', '=', bosque).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const user = (await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    const file = await db
      .insertInto('files')
      .values({
        owner_user_id: user,
        content_type: 'image/png',
        byte_size: 1,
        sha256: 'b'.repeat(64),
        data: Buffer.from([0x89]),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fixtures.bosqueProof = (
      await db
        .insertInto('payment_proofs')
        .values({
          condo_id: bosque,
          apartment_id: bosqueDwelling,
          user_id: user,
          client_id: '00000000-0000-4000-8000-0000000b0000',
          state: 'enviado',
          method: 'transferencia',
          amount_cents: 1_000,
          paid_on: now.slice(0, 10),
          bank: 'BBVA',
          reference: 'BOSQUE',
          reference_key: 'BOSQUE',
          note: '',
          file_id: file.id,
          file_name: 'b.png',
          file_sha256: 'b'.repeat(64),
          reviewed_by: null,
          reviewed_at: null,
          reject_reason: null,
          payment_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the proofs contract, and each exists', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(PROOF_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
