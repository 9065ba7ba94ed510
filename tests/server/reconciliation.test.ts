// Bank statement reconciliation (conciliación, issue 27) through the API, on SQLite and PostgreSQL: the demo's BBVA
// statement of last month for Las Palmas (seed/reconciliationDemo.ts, built from this app's seed) matches at least
// 95 % of its deposits on their own (linking the payments the ledger has, posting the ones it lacks with their
// receipts), and importing it again posts nothing; the queue's suggestions, accepting, splitting (parts that add
// up exactly), setting aside, and undoing (a reversing row, the receipt cancelled, the movement pending again,
// an audit row); the same import twice at once, and an import while a checkout's webhook posts, count nothing
// twice; saved column mappings read a CSV of no known bank.
import fs from 'node:fs';
import path from 'node:path';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATEMENT_ACCOUNT, demoBankStatement } from '../../server/db/seed/reconciliationDemo';
import { SANDBOX_SIGNATURE_HEADER, signSandboxEvent } from '../../server/domain/checkout/providers/sandbox';
import { appSecret } from '../../server/infra/secrets';
import { CHECKOUT_PATHS, type Checkout } from '../../src/api/checkout';
import {
  type BankMovement,
  BankMovementAnswer,
  BankMovementListAnswer,
  ColumnMappingAnswer,
  ColumnMappingListAnswer,
  RECONCILIATION_PATHS,
  reconciliationPath,
  type StatementImport,
  StatementImportAnswer,
  StatementImportListAnswer,
  type StatementPreview,
  StatementPreviewAnswer,
} from '../../src/api/reconciliation';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
/** The instant tests/fixtures/bank-statements/demo-bbva-las-palmas.csv was generated for. */
const DEMO_FIXTURE_SEED_AT = '2026-11-15T18:00:00Z';
const WEBHOOK = api(CHECKOUT_PATHS.webhook.replace(':provider', 'sandbox'));
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
let clientSeq = 0;
const newClientId = () => `00000000-0000-4000-8000-${String(++clientSeq).padStart(12, '0')}`;

describe(`bank statement reconciliation (${dialect})`, () => {
  let t: TestApp;
  const tokens = { admin: '', payer: '' };
  let accountId = 0;
  let condoId = 0;

  const post = (path: string, payload: object, token = tokens.admin) => call(t.app, 'POST', api(path), { token, payload });
  const get = (path: string, token = tokens.admin) => call(t.app, 'GET', api(path), { token });
  const count = async (table: 'dwelling_payments' | 'payment_receipts' | 'bank_movements') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function preview(nombre: string, csv: string, mapeoId?: number): Promise<StatementPreview> {
    const res = await post(RECONCILIATION_PATHS.preview, { nombre, datos: b64(csv), ...(mapeoId ? { mapeoId } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, StatementPreviewAnswer);
    return answer.preview;
  }

  async function imported(nombre: string, csv: string, mapeoId?: number): Promise<StatementImport> {
    const seen = await preview(nombre, csv, mapeoId);
    const res = await post(RECONCILIATION_PATHS.importStatement, {
      nombre,
      datos: b64(csv),
      huella: seen.huella,
      cuentaId: accountId,
      ...(mapeoId ? { mapeoId } : {}),
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

  /** A statement of one bank (Scotiabank's layout) with the lines given. */
  const statement = (lines: { day: string; concept: string; cents: number; ref?: string }[]) =>
    [
      'Fecha,Concepto,Referencia,Cargo,Abono,Saldo',
      ...lines.map((l) =>
        [
          `${l.day.slice(8, 10)}/${l.day.slice(5, 7)}/${l.day.slice(0, 4)}`,
          l.concept,
          l.ref ?? '',
          l.cents < 0 ? (-l.cents / 100).toFixed(2) : '',
          l.cents > 0 ? (l.cents / 100).toFixed(2) : '',
          '',
        ].join(','),
      ),
    ].join('\n');

  /** A dwelling of Las Palmas in a tower, with what it owes oldest first. */
  async function owingDwelling(skip: number) {
    const rows = await t.app.db
      .selectFrom('apartments as a')
      .innerJoin('towers as tw', 'tw.id', 'a.tower_id')
      .select(['a.id', 'a.name', 'tw.name as tower'])
      .where('a.condo_id', '=', condoId)
      .orderBy('a.id', 'desc')
      .offset(skip)
      .limit(1)
      .execute();
    return rows[0]!;
  }

  beforeAll(async () => {
    t = await createTestApp();
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    tokens.payer = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
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

  it('imports the demo BBVA statement: at least 95 % of its deposits match on their own, and again posts nothing', async () => {
    const demo = (await demoBankStatement(t.app.db, t.app.clock))!;
    expect(demo.deposits).toBeGreaterThan(100);
    expect(demo.arrears).toBe(3);
    const seen = await preview('bbva-las-palmas.csv', demo.csv);
    expect(seen).toMatchObject({ bank: 'bbva', deposits: demo.deposits, alreadyImported: 0, errors: [] });
    expect(seen.from! >= demo.from && seen.to! <= demo.to).toBe(true);

    const before = { payments: await count('dwelling_payments'), receipts: await count('payment_receipts') };
    const first = await imported('bbva-las-palmas.csv', demo.csv);
    expect(first.matched / demo.deposits).toBeGreaterThanOrEqual(0.95);
    expect(first.pending).toBe(demo.deposits - first.matched);
    // Only the arrears' deposits were new money: each posted with its receipt; the rest were in the ledger.
    expect(await count('dwelling_payments')).toBe(before.payments + demo.arrears);
    expect(await count('payment_receipts')).toBe(before.receipts + demo.arrears);
    const receipts = await t.app.db
      .selectFrom('payment_receipts as r')
      .innerJoin('dwelling_payments as p', 'p.id', 'r.payment_id')
      .select(['r.method', 'p.reference'])
      .where('r.method', '=', 'transferencia')
      .execute();
    expect(receipts).toHaveLength(demo.arrears);

    const movementsBefore = await count('bank_movements');
    const again = await imported('bbva-las-palmas.csv', demo.csv);
    expect(again).toMatchObject({ added: 0, matched: 0, pending: 0, repeated: first.rows });
    expect(await count('dwelling_payments')).toBe(before.payments + demo.arrears);
    expect(await count('bank_movements')).toBe(movementsBefore);
    expect((await preview('bbva-las-palmas.csv', demo.csv)).alreadyImported).toBe(first.rows);

    const list = await get(`${RECONCILIATION_PATHS.imports}?limit=5`);
    const answer = list.json();
    assert(answer, StatementImportListAnswer);
    expect(answer.items.slice(0, 2).map((i) => i.added)).toEqual([0, first.added]);

    // The two deposits nobody can tell and the part of a cuota wait in the queue; the withdrawals are listed, not recorded.
    const queue = await movements(`estado=pendiente&importacion=${first.id}`);
    expect(queue.length).toBe(first.pending);
    // The part of a cuota waits with its dwelling suggested, one click to accept.
    expect(demo.partialDwelling).not.toBeNull();
    expect(queue.find((m) => m.description.includes('ABONO PARCIAL'))).toMatchObject({
      amountCents: 100_000,
      matches: [expect.objectContaining({ apartmentId: demo.partialDwelling, confidence: 75, state: 'sugerido' })],
    });
    const withdrawals = await movements(`estado=retiro_sin_registrar&importacion=${first.id}&limit=100`);
    expect(withdrawals.length).toBeGreaterThan(0);
    expect(withdrawals.every((m) => m.amountCents < 0)).toBe(true);
  });

  it('posts a deposit naming a dwelling and its open balance, suggests one of another amount, and accepting posts it once', async () => {
    const dwelling = await owingDwelling(3);
    const open = await t.app.db
      .selectFrom('dwelling_charges')
      .select(['amount_cents'])
      .where('apartment_id', '=', dwelling.id)
      .orderBy('charged_on')
      .execute();
    expect(open.length).toBeGreaterThan(0);
    const short = dwelling.tower.split(' ').pop();
    const today = '2026-01-15';
    const csv = statement([
      { day: today, concept: `SPEI ABONO PARCIAL ${short}${dwelling.name}`, cents: 33_300, ref: 'P1' },
      { day: today, concept: 'DEPOSITO SIN DATOS', cents: 77_700, ref: 'P2' },
    ]);
    const result = await imported('parcial.csv', csv);
    expect(result).toMatchObject({ added: 2, matched: 0, pending: 2 });
    const [partial, unknown] = (await movements(`estado=pendiente&importacion=${result.id}`)).sort((a, b) =>
      a.reference.localeCompare(b.reference),
    );
    expect(partial!.matches).toEqual([
      expect.objectContaining({ apartmentId: dwelling.id, confidence: 75, state: 'sugerido', amountCents: 33_300 }),
    ]);
    expect(unknown!.matches).toEqual([]);

    const payments = await count('dwelling_payments');
    const accepted = await post(reconciliationPath(RECONCILIATION_PATHS.accept, partial!.id), { apartmentId: dwelling.id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = accepted.json();
    assert(answer, BankMovementAnswer);
    expect(answer.movement).toMatchObject({ state: 'conciliado' });
    expect(answer.movement.matches).toEqual([
      expect.objectContaining({ apartmentId: dwelling.id, state: 'aceptado', posted: true, amountCents: 33_300 }),
    ]);
    expect(await count('dwelling_payments')).toBe(payments + 1);
    // Twice: the second finds it reconciled.
    const twice = await post(reconciliationPath(RECONCILIATION_PATHS.accept, partial!.id), { apartmentId: dwelling.id });
    expect(twice.statusCode).toBe(409);
    expect(await count('dwelling_payments')).toBe(payments + 1);

    // Splitting: parts that do not add up are refused; exact ones post each part.
    const other = await owingDwelling(4);
    const wrong = await post(reconciliationPath(RECONCILIATION_PATHS.split, unknown!.id), {
      parts: [
        { apartmentId: dwelling.id, amountCents: 40_000 },
        { apartmentId: other.id, amountCents: 37_000 },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().messageId).toBe('reconciliation.error.splitSum');
    const split = await post(reconciliationPath(RECONCILIATION_PATHS.split, unknown!.id), {
      parts: [
        { apartmentId: dwelling.id, amountCents: 40_000 },
        { apartmentId: other.id, amountCents: 37_700 },
      ],
    });
    expect(split.statusCode, split.body).toBe(200);
    expect(
      split
        .json()
        .movement.matches.map((m: { amountCents: number }) => m.amountCents)
        .sort(),
    ).toEqual([37_700, 40_000]);
    expect(await count('dwelling_payments')).toBe(payments + 3);

    // Undoing the split: two reversing rows, both receipts cancelled, the movement pending again, a history row.
    const receiptsOf = async (ids: number[]) =>
      t.app.db.selectFrom('payment_receipts').select(['cancelled_at', 'cancel_reason']).where('payment_id', 'in', ids).execute();
    const paidIds = split.json().movement.matches.map((m: { paymentId: number }) => m.paymentId) as number[];
    const undone = await post(reconciliationPath(RECONCILIATION_PATHS.undo, unknown!.id), { reason: 'Depósito de otra cuenta' });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().movement).toMatchObject({ state: 'pendiente' });
    expect(await count('dwelling_payments')).toBe(payments + 5);
    const reversal = await t.app.db
      .selectFrom('dwelling_payments')
      .select((eb) => eb.fn.sum<number>('amount_cents').as('total'))
      .where('apartment_id', 'in', [dwelling.id, other.id])
      .where('reference', 'like', 'Reverso%')
      .executeTakeFirstOrThrow();
    expect(Number(reversal.total)).toBe(-77_700);
    expect(
      (await receiptsOf(paidIds)).every((r) => r.cancelled_at !== null && r.cancel_reason === 'Depósito de otra cuenta'),
    ).toBe(true);
    const history = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'bank_movement')
      .where('entity_id', '=', unknown!.id)
      .execute();
    expect(history.map((h) => h.action)).toEqual(['deshacer']);
    const undoAgain = await post(reconciliationPath(RECONCILIATION_PATHS.undo, unknown!.id), { reason: 'Otra vez' });
    expect(undoAgain.statusCode).toBe(409);

    // Set aside: nothing posted, not pending any more.
    const dismissed = await post(reconciliationPath(RECONCILIATION_PATHS.dismiss, unknown!.id), {});
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().movement.state).toBe('descartado');
    expect(await count('dwelling_payments')).toBe(payments + 5);
  });

  it('imports the same statement twice at once once', async () => {
    const dwelling = await owingDwelling(7);
    const short = dwelling.tower.split(' ').pop();
    const csv = statement([
      { day: '2026-02-03', concept: `DEPOSITO ${short} ${dwelling.name} ADELANTO`, cents: 12_345, ref: 'TWICE' },
      { day: '2026-02-03', concept: 'RETIRO CAJERO', cents: -50_000, ref: 'TWICE2' },
    ]);
    const seen = await preview('dos.csv', csv);
    const movementsBefore = await count('bank_movements');
    const body = { nombre: 'dos.csv', datos: b64(csv), huella: seen.huella, cuentaId: accountId };
    const [a, b] = await Promise.all([
      post(RECONCILIATION_PATHS.importStatement, body),
      post(RECONCILIATION_PATHS.importStatement, body),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect([a.json().import.added, b.json().import.added].sort()).toEqual([0, 2]);
    expect(await count('bank_movements')).toBe(movementsBefore + 2);
  });

  it('an import while a checkout is paid by webhook counts its money once, whichever runs first', async () => {
    const dwelling = (
      await t.app.db
        .selectFrom('residencies as r')
        .innerJoin('memberships as m', 'm.id', 'r.membership_id')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('r.apartment_id')
        .where('u.email', '=', 'vecino086@demo.mx')
        .where('m.condo_id', '=', condoId)
        .executeTakeFirstOrThrow()
    ).apartment_id;
    const opened = await call(t.app, 'POST', api(CHECKOUT_PATHS.create), {
      token: tokens.payer,
      payload: { ApartmentId: dwelling, method: 'spei', amountCents: 50_000, clientId: newClientId() },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const checkout = opened.json().data as Checkout;
    const clabe = checkout.payReference!;
    const ref = (
      await t.app.db.selectFrom('checkouts').select('provider_ref').where('id', '=', checkout.id).executeTakeFirstOrThrow()
    ).provider_ref;
    const raw = JSON.stringify({
      id: 'evt_rec_1',
      type: 'payment.succeeded',
      data: { ref, amount: checkout.totalCents, method: 'spei', failure: null },
    });
    const secret = await appSecret(t.app.db, t.app.clock, 'checkout-sandbox-webhook');
    const today = new Date(t.app.clock.now().getTime() - 6 * 3_600_000).toISOString().slice(0, 10);
    const csv = statement([{ day: today, concept: `SPEI RECIBIDO CLABE ${clabe}`, cents: 50_000, ref: 'WEBHOOK' }]);
    const seen = await preview('spei.csv', csv);
    const payments = await count('dwelling_payments');
    const [hook, imp] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: WEBHOOK,
        payload: raw,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: signSandboxEvent(secret, raw, t.app.clock.now()),
        },
      }),
      post(RECONCILIATION_PATHS.importStatement, {
        nombre: 'spei.csv',
        datos: b64(csv),
        huella: seen.huella,
        cuentaId: accountId,
      }),
    ]);
    expect(hook.statusCode, hook.body).toBe(200);
    expect(imp.statusCode, imp.body).toBe(201);
    // One payment: the webhook's. The statement's line either links it (the webhook ran first) or waits for it.
    expect(await count('dwelling_payments')).toBe(payments + 1);
    const [line] = await movements(`importacion=${imp.json().import.id}`);
    if (line!.state === 'conciliado') expect(line!.matches).toEqual([expect.objectContaining({ posted: false })]);
    else expect(line!.matches).toEqual([expect.objectContaining({ apartmentId: dwelling, state: 'sugerido' })]);
  });

  it('saves a column mapping and reads a CSV of no known bank with it', async () => {
    const csv = 'Fecha valor;Detalle;Folio;Monto\n2026-03-03;Deposito sin nombre;F-1;1234,00\n2026-03-04;Pago luz;F-2;-500,00\n';
    const unknown = await preview('otro.csv', csv);
    expect(unknown).toMatchObject({ bank: null, headers: ['Fecha valor', 'Detalle', 'Folio', 'Monto'], rows: 0 });
    const refused = await post(RECONCILIATION_PATHS.importStatement, {
      nombre: 'otro.csv',
      datos: b64(csv),
      huella: unknown.huella,
      cuentaId: accountId,
    });
    expect(refused.statusCode).toBe(400);
    const saved = await post(RECONCILIATION_PATHS.mappings, {
      name: 'Banco regional',
      dateColumn: 'Fecha valor',
      dateFormat: 'YYYY-MM-DD',
      descriptionColumn: 'Detalle',
      referenceColumn: 'Folio',
      amountColumn: 'Monto',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const mapping = saved.json();
    assert(mapping, ColumnMappingAnswer);
    const listed = (await get(RECONCILIATION_PATHS.mappings)).json();
    assert(listed, ColumnMappingListAnswer);
    expect(listed.items.map((m) => m.name)).toContain('Banco regional');
    const result = await imported('otro.csv', csv, mapping.mapping.id);
    expect(result).toMatchObject({ bank: 'mapeo', added: 2 });
    const removed = await post(reconciliationPath(RECONCILIATION_PATHS.removeMapping, mapping.mapping.id), {});
    expect(removed.statusCode).toBe(200);
    expect((await post(reconciliationPath(RECONCILIATION_PATHS.removeMapping, mapping.mapping.id), {})).statusCode).toBe(404);
  });

  it("answers the demo's example statement in Las Palmas only, and the imports list says where", async () => {
    const res = await get(RECONCILIATION_PATHS.exampleStatement);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const demo = (await demoBankStatement(t.app.db, t.app.clock))!;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bbva-las-palmas-${demo.from.slice(0, 7)}.csv"`);
    expect(res.body).toBe(demo.csv);
    const here = (await get(`${RECONCILIATION_PATHS.imports}?limit=1`)).json();
    assert(here, StatementImportListAnswer);
    expect(here.exampleStatement).toBe(true);

    const bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const elsewhere = await get(RECONCILIATION_PATHS.exampleStatement, bosque);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().messageId).toBe('reconciliation.error.noExample');
    const there = (await get(`${RECONCILIATION_PATHS.imports}?limit=1`, bosque)).json();
    assert(there, StatementImportListAnswer);
    expect(there.exampleStatement).toBe(false);

    const resident = await signInAs(t.app, 'residente@demo.mx', PALMAS);
    expect((await get(RECONCILIATION_PATHS.exampleStatement, resident)).statusCode).toBe(403);
    expect((await get(RECONCILIATION_PATHS.exampleStatement, '')).statusCode).toBe(401);
  });

  it('refuses a file changed since its preview, and an account of another condominium', async () => {
    const csv = statement([{ day: '2026-04-01', concept: 'X', cents: 100, ref: 'CH' }]);
    const seen = await preview('x.csv', csv);
    const changed = await post(RECONCILIATION_PATHS.importStatement, {
      nombre: 'x.csv',
      datos: b64(`${csv}\n`),
      huella: seen.huella,
      cuentaId: accountId,
    });
    expect(changed.statusCode).toBe(409);
    const bosqueAccount = await t.app.db
      .insertInto('ledger_accounts')
      .values({
        condo_id: (
          await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'bosque').executeTakeFirstOrThrow()
        ).id,
        name: 'Cuenta del Bosque',
        kind: 'banco',
        opening_cents: 0,
        opened_on: '2026-01-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const elsewhere = await post(RECONCILIATION_PATHS.importStatement, {
      nombre: 'x.csv',
      datos: b64(csv),
      huella: seen.huella,
      cuentaId: bosqueAccount.id,
    });
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe(`the demo statement kept in tests/fixtures (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(new Date(DEMO_FIXTURE_SEED_AT)) });
  }, 60_000);
  afterAll(() => t?.close());

  it('is what the seed of its day gives (scripts/demo-bank-statement.ts with SEED_AT)', async () => {
    const demo = (await demoBankStatement(t.app.db, t.app.clock))!;
    const kept = fs.readFileSync(
      path.resolve(import.meta.dirname, '../fixtures/bank-statements/demo-bbva-las-palmas.csv'),
      'utf8',
    );
    expect(demo.csv).toBe(kept);
  });
});
