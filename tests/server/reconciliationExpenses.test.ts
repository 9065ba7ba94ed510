// A statement's withdrawals as expenses (conciliación, issue 27) through the API, on SQLite and PostgreSQL: the
// demo's BBVA statement links its withdrawals to the expenses the ledger has (nothing written) and leaves the
// bank's commission "sin registrar"; a category rule writes a matching withdrawal as an expense once (importing
// again writes nothing), which the Egresos report then counts; categorising from the queue writes the expense
// and may save the rule; undoing removes the expense it wrote with its history row, and a second time is a 409;
// a fund of another condominium is a 404. Saved column mappings are renamed (a taken name is a 409).
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATEMENT_ACCOUNT, demoBankStatement } from '../../server/db/seed/reconciliationDemo';
import {
  type BankMovement,
  BankMovementAnswer,
  BankMovementListAnswer,
  ExpenseRuleAnswer,
  ExpenseRuleListAnswer,
  RECONCILIATION_PATHS,
  reconciliationPath,
  type StatementImport,
  StatementImportAnswer,
  StatementPreviewAnswer,
} from '../../src/api/reconciliation';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe(`withdrawals become expenses (${dialect})`, () => {
  let t: TestApp;
  let admin = '';
  let condoId = 0;
  let accountId = 0;

  const post = (path: string, payload: object, token = admin) => call(t.app, 'POST', api(path), { token, payload });
  const get = (path: string, token = admin) => call(t.app, 'GET', api(path), { token });
  const expenses = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('ledger_movements')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('condo_id', '=', condoId)
          .where('kind', '=', 'egreso')
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function imported(nombre: string, csv: string): Promise<StatementImport> {
    const seen = await post(RECONCILIATION_PATHS.preview, { nombre, datos: b64(csv) });
    expect(seen.statusCode, seen.body).toBe(200);
    const preview = seen.json();
    assert(preview, StatementPreviewAnswer);
    const res = await post(RECONCILIATION_PATHS.importStatement, {
      nombre,
      datos: b64(csv),
      huella: preview.preview.huella,
      cuentaId: accountId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    assert(answer, StatementImportAnswer);
    return answer.import;
  }

  async function movements(query: string): Promise<BankMovement[]> {
    const res = await get(`${RECONCILIATION_PATHS.movements}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, BankMovementListAnswer);
    return answer.items;
  }

  /** Scotiabank's layout, one line per movement. */
  const statement = (lines: { day: string; concept: string; cents: number; ref: string }[]) =>
    [
      'Fecha,Concepto,Referencia,Cargo,Abono,Saldo',
      ...lines.map((l) =>
        [
          `${l.day.slice(8, 10)}/${l.day.slice(5, 7)}/${l.day.slice(0, 4)}`,
          l.concept,
          l.ref,
          l.cents < 0 ? (-l.cents / 100).toFixed(2) : '',
          l.cents > 0 ? (l.cents / 100).toFixed(2) : '',
          '',
        ].join(','),
      ),
    ].join('\n');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    condoId = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
    accountId = (
      await t.app.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('condo_id', '=', condoId)
        .where('name', '=', DEMO_STATEMENT_ACCOUNT)
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(() => t?.close());

  it("links the demo statement's withdrawals to the ledger's expenses, and categorising the rest writes one, undone with its history", async () => {
    const demo = (await demoBankStatement(t.app.db, t.app.clock))!;
    const before = await expenses();
    const first = await imported('bbva.csv', demo.csv);
    expect(await expenses()).toBe(before);
    const recorded = await movements(`estado=retiro_registrado&importacion=${first.id}&limit=100`);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((m) => m.amountCents < 0 && m.expense?.posted === false)).toBe(true);
    const [commission, ...others] = await movements(`estado=retiro_sin_registrar&importacion=${first.id}&limit=100`);
    expect(others).toEqual([]);
    expect(commission).toMatchObject({ description: 'COMISION POR MANEJO DE CUENTA', amountCents: -17_400, expense: null });

    // The choices: the categories the ledger knows, and its funds.
    const rules = (await get(RECONCILIATION_PATHS.expenseRules)).json();
    assert(rules, ExpenseRuleListAnswer);
    expect(rules.items).toEqual([]);
    expect(rules.categories.length).toBeGreaterThan(0);
    const fund = rules.funds[0]!;

    // Categorised from the queue, saving the rule: the expense is written once.
    const res = await post(reconciliationPath(RECONCILIATION_PATHS.categorize, commission!.id), {
      category: 'Comisiones bancarias',
      fundId: fund.id,
      ruleText: 'manejo de cuenta',
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, BankMovementAnswer);
    expect(answer.movement).toMatchObject({
      state: 'retiro_registrado',
      expense: { category: 'Comisiones bancarias', fundName: fund.name, posted: true },
    });
    expect(await expenses()).toBe(before + 1);
    const written = await t.app.db
      .selectFrom('ledger_movements')
      .selectAll()
      .where('id', '=', answer.movement.expense!.id)
      .executeTakeFirstOrThrow();
    expect(written).toMatchObject({ kind: 'egreso', account_id: accountId, fund_id: fund.id, occurred_on: demo.to });
    expect(Number(written.amount_cents)).toBe(17_400);
    const twice = await post(reconciliationPath(RECONCILIATION_PATHS.categorize, commission!.id), { category: 'Otra' });
    expect(twice.statusCode).toBe(409);
    expect(await expenses()).toBe(before + 1);
    const saved = (await get(RECONCILIATION_PATHS.expenseRules)).json();
    assert(saved, ExpenseRuleListAnswer);
    expect(saved.items).toEqual([
      expect.objectContaining({ contains: 'MANEJO DE CUENTA', category: 'Comisiones bancarias', fundId: fund.id }),
    ]);
    expect(saved.categories).toContain('Comisiones bancarias');

    // A deposit is not categorised; a fund of another condominium is not found.
    const [deposit] = await movements(`estado=pendiente&importacion=${first.id}&limit=1`);
    expect((await post(reconciliationPath(RECONCILIATION_PATHS.categorize, deposit!.id), { category: 'X' })).statusCode).toBe(
      409,
    );

    // Undone: the expense removed with its history row, the withdrawal unrecorded again; a second undo is a 409.
    const undone = await post(reconciliationPath(RECONCILIATION_PATHS.undo, commission!.id), { reason: 'Otra categoría' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().movement).toMatchObject({ state: 'retiro_sin_registrar', expense: null });
    expect(await expenses()).toBe(before);
    const history = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('entity', '=', 'ledger_movement')
      .where('entity_id', '=', answer.movement.expense!.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.action)).toEqual(['create', 'delete']);
    expect(JSON.parse(history[1]!.after_json!)).toMatchObject({ reason: 'Otra categoría' });
    expect((await post(reconciliationPath(RECONCILIATION_PATHS.undo, commission!.id), { reason: 'Otra vez' })).statusCode).toBe(
      409,
    );
    // Undoing a linked one lets the ledger's expense go and removes nothing.
    const linked = recorded[0]!;
    expect((await post(reconciliationPath(RECONCILIATION_PATHS.undo, linked.id), { reason: 'Revisar' })).statusCode).toBe(200);
    expect(await expenses()).toBe(before);
  });

  it('writes a withdrawal its rule names as an expense once, which the Egresos report counts', async () => {
    const rule = await post(RECONCILIATION_PATHS.expenseRules, { contains: 'Jardinería Los Pinos', category: 'Jardinería' });
    expect(rule.statusCode, rule.body).toBe(201);
    assert(rule.json(), ExpenseRuleAnswer);
    expect(rule.json().rule.contains).toBe('JARDINERIA LOS PINOS');
    const bosqueFund = await t.app.db
      .insertInto('ledger_funds')
      .values({
        condo_id: (
          await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'bosque').executeTakeFirstOrThrow()
        ).id,
        name: 'Fondo del Bosque',
        opening_cents: 0,
        opened_on: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const elsewhere = await post(RECONCILIATION_PATHS.expenseRules, { contains: 'OTRA', category: 'X', fundId: bosqueFund.id });
    expect(elsewhere.statusCode).toBe(404);

    const egresos = async () => {
      const total = await t.app.db
        .selectFrom('ledger_movements')
        .select((eb) => eb.fn.sum<number>('amount_cents').as('n'))
        .where('condo_id', '=', condoId)
        .where('kind', '=', 'egreso')
        .where('category', '=', 'Jardinería')
        .where('occurred_on', '>=', '2026-03-01')
        .where('occurred_on', '<=', '2026-03-31')
        .executeTakeFirstOrThrow();
      return Number(total.n ?? 0);
    };
    const before = await egresos();
    const count = await expenses();
    const csv = statement([
      { day: '2026-03-09', concept: 'PAGO JARDINERIA LOS PINOS MARZO', cents: -432_100, ref: 'JLP-3' },
      { day: '2026-03-10', concept: 'RETIRO SIN REGLA', cents: -10_000, ref: 'SR-3' },
    ]);
    const first = await imported('marzo.csv', csv);
    expect(await expenses()).toBe(count + 1);
    expect(await egresos()).toBe(before + 432_100);
    const listed = await movements(`importacion=${first.id}`);
    expect(listed.find((m) => m.reference === 'JLP-3')).toMatchObject({
      state: 'retiro_registrado',
      expense: { category: 'Jardinería', posted: true },
    });
    expect(listed.find((m) => m.reference === 'SR-3')).toMatchObject({ state: 'retiro_sin_registrar', expense: null });

    const again = await imported('marzo.csv', csv);
    expect(again).toMatchObject({ added: 0, repeated: 2 });
    expect(await expenses()).toBe(count + 1);

    // The Egresos report reads it.
    const report = await get('/--financiero/reporte?Clave=DetEg&fechaInicio=2026-03-01&fechaFin=2026-03-31');
    expect(report.statusCode, report.body).toBe(200);
    const rows = JSON.stringify(report.json());
    expect(rows).toMatch(new RegExp(`"etiqueta":"Jardinería","valores":\\[${before + 432_100}\\]`));

    const removed = await post(reconciliationPath(RECONCILIATION_PATHS.removeExpenseRule, rule.json().rule.id), {});
    expect(removed.statusCode).toBe(200);
    expect((await post(reconciliationPath(RECONCILIATION_PATHS.removeExpenseRule, rule.json().rule.id), {})).statusCode).toBe(
      404,
    );
  });

  it('renames a saved column mapping; a name another mapping has is a 409', async () => {
    const mapping = { dateColumn: 'Fecha', dateFormat: 'DD/MM/YYYY', descriptionColumn: 'Concepto', amountColumn: 'Monto' };
    const one = (await post(RECONCILIATION_PATHS.mappings, { ...mapping, name: 'Uno' })).json().mapping;
    await post(RECONCILIATION_PATHS.mappings, { ...mapping, name: 'Dos' });
    const renamed = await post(reconciliationPath(RECONCILIATION_PATHS.renameMapping, one.id), { name: ' Caja popular ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().mapping).toMatchObject({ id: one.id, name: 'Caja popular', dateColumn: 'Fecha' });
    const taken = await post(reconciliationPath(RECONCILIATION_PATHS.renameMapping, one.id), { name: 'Dos' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().messageId).toBe('reconciliation.error.mappingNameTaken');
    const names = (await get(RECONCILIATION_PATHS.mappings)).json().items.map((m: { name: string }) => m.name);
    expect(names).toEqual(expect.arrayContaining(['Caja popular', 'Dos']));
    expect(names).not.toContain('Uno');
  });
});
