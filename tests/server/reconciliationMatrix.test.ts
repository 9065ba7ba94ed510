// Who may call what among reconciliation's paths (conciliación, issue 27): every demo account of DESIGN.md §6 and a
// caller without a session, against every path of src/api/reconciliation.ts. Whoever may record a payment
// (canRecordPayment) imports and decides the queue; undoing a match is the administrators' (canManagePayments).
// Another condominium's movement, mapping or account is 404 for Las Palmas's administrator. A contract path
// without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { RECONCILIATION_PATHS, reconciliationPath } from '../../src/api/reconciliation';
import { api } from '../support/http';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const RECORDERS: Expected = ADMIN_ONLY;
const CREATED: Expected = [201, 403, 403, 403, 403, 403, 401, 401];
const ELSEWHERE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];

const fixtures = {
  palmas: 0,
  bosque: 0,
  account: 0,
  palmasDwelling: 0,
  bosqueMovement: 0,
  bosqueReconciled: 0,
  bosqueMapping: 0,
  bosqueWithdrawal: 0,
  bosqueRule: 0,
};
const CSV = 'Fecha,Concepto,Referencia,Cargo,Abono,Saldo\n03/11/2026,DEPOSITO,MATRIZ,,100.00,\n';
const b64 = (text: string) => Buffer.from(text).toString('base64');
let seq = 0;

/** A pending deposit of the condominium, written as an import would leave it. */
async function movement(t: TestApp, condoId: number, state = 'pendiente', cents = 10_000): Promise<number> {
  const db = t.app.db;
  const account = await db.selectFrom('ledger_accounts').select('id').where('condo_id', '=', condoId).executeTakeFirst();
  const accountId =
    account?.id ??
    (
      await db
        .insertInto('ledger_accounts')
        .values({ condo_id: condoId, name: 'Cuenta', kind: 'banco', opening_cents: 0, opened_on: '2026-01-01' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const at = new Date().toISOString();
  const { id: importId } = await db
    .insertInto('reconciliation_imports')
    .values({
      condo_id: condoId,
      account_id: accountId,
      file_name: 'm.csv',
      file_hash: 'x',
      bank: 'bbva',
      period_from: null,
      period_to: null,
      rows: 1,
      added: 1,
      repeated: 0,
      matched: 0,
      pending: 1,
      created_by: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('bank_movements')
    .values({
      condo_id: condoId,
      import_id: importId,
      account_id: accountId,
      fingerprint: `matrix-${++seq}`,
      occurred_on: '2026-11-03',
      description: 'DEPOSITO',
      reference: `M${seq}`,
      amount_cents: cents,
      balance_cents: null,
      state,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

async function admin(t: TestApp) {
  return signInAs(t.app, 'admin@demo.mx');
}

/** A movement of Las Palmas reconciled by its administrator (to undo). */
async function reconciled(t: TestApp): Promise<number> {
  const id = await movement(t, fixtures.palmas);
  const res = await call(t.app, 'POST', api(reconciliationPath(RECONCILIATION_PATHS.accept, id)), {
    token: await admin(t),
    payload: { apartmentId: fixtures.palmasDwelling },
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const MAPPING = {
  name: 'Matriz',
  dateColumn: 'Fecha',
  dateFormat: 'DD/MM/YYYY',
  descriptionColumn: 'Concepto',
  amountColumn: 'Monto',
};

const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.preview,
    variant: 'a statement',
    expected: RECORDERS,
    run: (t, c) => status(t, c, 'POST', RECONCILIATION_PATHS.preview, { nombre: 's.csv', datos: b64(CSV) }),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.importStatement,
    variant: 'into its account',
    expected: CREATED,
    async run(t, c) {
      const preview = await call(t.app, 'POST', api(RECONCILIATION_PATHS.preview), {
        token: await admin(t),
        payload: { nombre: 's.csv', datos: b64(CSV) },
      });
      const huella = (preview.json() as { preview: { huella: string } }).preview.huella;
      return status(t, c, 'POST', RECONCILIATION_PATHS.importStatement, {
        nombre: 's.csv',
        datos: b64(CSV),
        huella,
        cuentaId: fixtures.account,
      });
    },
  },
  {
    method: 'GET',
    path: RECONCILIATION_PATHS.imports,
    variant: 'Las Palmas',
    expected: RECORDERS,
    run: (t, c) => status(t, c, 'GET', `${RECONCILIATION_PATHS.imports}?limit=5`),
  },
  {
    method: 'GET',
    path: RECONCILIATION_PATHS.exampleStatement,
    variant: "Las Palmas's (the demo's)",
    expected: RECORDERS,
    run: (t, c) => status(t, c, 'GET', RECONCILIATION_PATHS.exampleStatement),
  },
  {
    method: 'GET',
    path: RECONCILIATION_PATHS.movements,
    variant: 'the queue',
    expected: RECORDERS,
    run: (t, c) => status(t, c, 'GET', `${RECONCILIATION_PATHS.movements}?estado=pendiente&limit=5`),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.accept,
    variant: 'one of its own',
    expected: RECORDERS,
    run: async (t, c) =>
      status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.accept, await movement(t, fixtures.palmas)), {
        apartmentId: fixtures.palmasDwelling,
      }),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.accept,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.accept, fixtures.bosqueMovement), {
        apartmentId: fixtures.palmasDwelling,
      }),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.split,
    variant: 'one of its own',
    expected: RECORDERS,
    run: async (t, c) =>
      status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.split, await movement(t, fixtures.palmas)), {
        parts: [
          { apartmentId: fixtures.palmasDwelling, amountCents: 4_000 },
          { apartmentId: fixtures.palmasDwelling, amountCents: 6_000 },
        ],
      }),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.split,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.split, fixtures.bosqueMovement), {
        parts: [
          { apartmentId: fixtures.palmasDwelling, amountCents: 4_000 },
          { apartmentId: fixtures.palmasDwelling, amountCents: 6_000 },
        ],
      }),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.dismiss,
    variant: 'one of its own',
    expected: RECORDERS,
    run: async (t, c) =>
      status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.dismiss, await movement(t, fixtures.palmas))),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.dismiss,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.dismiss, fixtures.bosqueMovement)),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.undo,
    variant: 'one of its own',
    expected: ADMIN_ONLY,
    run: async (t, c) =>
      status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.undo, await reconciled(t)), { reason: 'Matriz' }),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.undo,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.undo, fixtures.bosqueReconciled), { reason: 'Matriz' }),
  },
  {
    method: 'GET',
    path: RECONCILIATION_PATHS.mappings,
    variant: 'Las Palmas',
    expected: RECORDERS,
    run: (t, c) => status(t, c, 'GET', RECONCILIATION_PATHS.mappings),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.mappings,
    variant: 'save',
    expected: CREATED,
    run: (t, c) => status(t, c, 'POST', RECONCILIATION_PATHS.mappings, MAPPING),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.removeMapping,
    variant: 'one of its own',
    expected: RECORDERS,
    async run(t, c) {
      const made = await call(t.app, 'POST', api(RECONCILIATION_PATHS.mappings), {
        token: await admin(t),
        payload: { ...MAPPING, name: `Quitar ${++seq}` },
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = (made.json() as { mapping: { id: number } }).mapping.id;
      return status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.removeMapping, id));
    },
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.removeMapping,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.removeMapping, fixtures.bosqueMapping)),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.renameMapping,
    variant: 'one of its own',
    expected: RECORDERS,
    async run(t, c) {
      const made = await call(t.app, 'POST', api(RECONCILIATION_PATHS.mappings), {
        token: await admin(t),
        payload: { ...MAPPING, name: `Renombrar ${++seq}` },
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = (made.json() as { mapping: { id: number } }).mapping.id;
      return status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.renameMapping, id), { name: `Nuevo ${++seq}` });
    },
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.renameMapping,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.renameMapping, fixtures.bosqueMapping), { name: 'Otro' }),
  },
  {
    method: 'GET',
    path: RECONCILIATION_PATHS.expenseRules,
    variant: 'Las Palmas',
    expected: RECORDERS,
    run: (t, c) => status(t, c, 'GET', RECONCILIATION_PATHS.expenseRules),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.expenseRules,
    variant: 'save',
    expected: CREATED,
    run: (t, c) => status(t, c, 'POST', RECONCILIATION_PATHS.expenseRules, { contains: 'COMISION', category: 'Comisiones' }),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.removeExpenseRule,
    variant: 'one of its own',
    expected: RECORDERS,
    async run(t, c) {
      const made = await call(t.app, 'POST', api(RECONCILIATION_PATHS.expenseRules), {
        token: await admin(t),
        payload: { contains: `QUITAR ${++seq}`, category: 'Otros' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = (made.json() as { rule: { id: number } }).rule.id;
      return status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.removeExpenseRule, id));
    },
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.removeExpenseRule,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.removeExpenseRule, fixtures.bosqueRule)),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.categorize,
    variant: 'a withdrawal of its own',
    expected: RECORDERS,
    run: async (t, c) =>
      status(
        t,
        c,
        'POST',
        reconciliationPath(RECONCILIATION_PATHS.categorize, await movement(t, fixtures.palmas, 'retiro_sin_registrar', -5_000)),
        { category: 'Otros' },
      ),
  },
  {
    method: 'POST',
    path: RECONCILIATION_PATHS.categorize,
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', reconciliationPath(RECONCILIATION_PATHS.categorize, fixtures.bosqueWithdrawal), {
        category: 'Otros',
      }),
  },
];

describe(`reconciliation: who may call what (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const condo = async (subdomain: string) =>
      (await db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;
    fixtures.palmas = await condo('palmas');
    fixtures.bosque = await condo('bosque');
    fixtures.account = (
      await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('condo_id', '=', fixtures.palmas)
        .where('kind', '=', 'banco')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    fixtures.palmasDwelling = (
      await db
        .selectFrom('apartments')
        .select('id')
        .where('condo_id', '=', fixtures.palmas)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    fixtures.bosqueMovement = await movement(t, fixtures.bosque);
    fixtures.bosqueReconciled = await movement(t, fixtures.bosque, 'conciliado');
    fixtures.bosqueMapping = (
      await db
        .insertInto('reconciliation_mappings')
        .values({
          condo_id: fixtures.bosque,
          name: 'Bosque',
          config: JSON.stringify(MAPPING),
          updated_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    fixtures.bosqueWithdrawal = await movement(t, fixtures.bosque, 'retiro_sin_registrar', -5_000);
    fixtures.bosqueRule = (
      await db
        .insertInto('reconciliation_expense_rules')
        .values({ condo_id: fixtures.bosque, contains: 'BOSQUE', category: 'Otros', fund_id: null, updated_at: '2026-11-01' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the reconciliation contract, and each exists', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(RECONCILIATION_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
