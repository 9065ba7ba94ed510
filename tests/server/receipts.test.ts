// Payment receipts (issue 27, src/api/receipts.ts) through the API on SQLite and PostgreSQL: the demo's payments
// have theirs; a recorded payment gets the condominium's next folio, even two at once; the receipt names the
// charges the payment went towards (first in, first out, credits included); its PDF in the reader's language with
// the verification link its QR holds; a resident reads only their own dwelling's (another dwelling, another
// condominium: 404); the public check says what it must and nothing personal, tells a cancelled receipt, is a
// 404 for a wrong token and is rate limited; and migration 0022 gives the payments before it their receipts.
import QRCode from 'qrcode';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrator } from '../../server/db/migrate';
import { ACCOUNT_PATHS } from '../../src/api/account';
import { FINANCE_PATHS, StatementAnswer } from '../../src/api/finance';
import { PAYMENT_PATHS, type PaymentRecord, PaymentRecorded } from '../../src/api/payments';
import {
  RECEIPT_TOKEN,
  ReceiptAnswer,
  ReceiptVerificationAnswer,
  receiptPath,
  receiptPdfPath,
  receiptVerifyPath,
} from '../../src/api/receipts';
import { api } from '../support/http';
import { condoId, dwellingId } from '../support/parcelServerFixtures';
import { pdfText } from '../support/pdfText';
import { call, createTestApp, dialect, RELAXED_RATE_LIMITS, signInAs, type TestApp, testClock } from '../support/testApp';

/**
 * The QR a PDF draws (domain/shared/pdfQr.ts: one `re` per dark module, the page's only rectangles) as the set of
 * its dark modules, "column,row" from the top left one (a finder pattern's corner, always dark).
 */
function qrModulesIn(pdf: Buffer): Set<string> {
  const rects = [...pdf.toString('latin1').matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)].map((m) =>
    m.slice(1, 5).map(Number),
  );
  const unit = Math.min(...rects.map((r) => r[2]!));
  const x0 = Math.min(...rects.map((r) => r[0]!));
  const y0 = Math.min(...rects.map((r) => r[1]!));
  return new Set(rects.map(([x, y]) => `${Math.round((x! - x0) / unit)},${Math.round((y! - y0) / unit)}`));
}

/** The dark modules of `text`'s QR (error correction M), as qrModulesIn reads them. */
function qrModulesOf(text: string): Set<string> {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const dark = new Set<string>();
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) dark.add(`${col},${row}`);
  }
  return dark;
}

/** 2026-03-10, 11:00 in Mexico City: a shared template's clock. */
const NOW = new Date('2026-03-10T17:00:00Z');
const TODAY = '2026-03-10';

describe(`payment receipts (${dialect})`, () => {
  let t: TestApp;
  const tokens = { admin: '', board: '', resident: '', bosqueAdmin: '', employee: '' };
  let palmas = 0;
  let bosque = 0;
  let a101 = 0;
  let a104 = 0;
  let account = 0;

  const record = async (payload: PaymentRecord, token = tokens.admin) => {
    const res = await call(t.app, 'POST', api(PAYMENT_PATHS.record), { token, payload });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    assert(answer, PaymentRecorded);
    return answer.data.id;
  };
  const payment = (ApartmentId: number, amountCents: number, extra: Partial<PaymentRecord> = {}): PaymentRecord => ({
    ApartmentId,
    paidOn: TODAY,
    amountCents,
    accountId: account,
    reference: 'SPEI 7781',
    ...extra,
  });
  const receipt = async (paymentId: number, token = tokens.admin) => {
    const res = await call(t.app, 'GET', api(receiptPath(paymentId)), { token });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, ReceiptAnswer);
    return answer.data;
  };
  const receiptRow = (paymentId: number) =>
    t.app.db.selectFrom('payment_receipts').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
  const lastFolio = async (condo: number) =>
    Number(
      (
        await t.app.db
          .selectFrom('payment_receipts')
          .select((eb) => eb.fn.max('folio').as('last'))
          .where('condo_id', '=', condo)
          .executeTakeFirst()
      )?.last ?? 0,
    );

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(NOW) });
    palmas = await condoId(t.app.db, 'palmas');
    bosque = await condoId(t.app.db, 'bosque');
    a101 = await dwellingId(t.app.db, 'Torre A/101');
    a104 = await dwellingId(t.app.db, 'Torre A/104');
    account = (
      await t.app.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('condo_id', '=', palmas)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    tokens.admin = await signInAs(t.app, 'admin@demo.mx');
    tokens.board = await signInAs(t.app, 'consejo@demo.mx');
    tokens.resident = await signInAs(t.app, 'residente@demo.mx');
    tokens.employee = await signInAs(t.app, 'empleado@demo.mx');
    tokens.bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
  });

  it('the demo’s payments each have a receipt, folios 1 to n in the order they were paid', async () => {
    const rows = await t.app.db
      .selectFrom('dwelling_payments as p')
      .leftJoin('payment_receipts as r', 'r.payment_id', 'p.id')
      .select(['p.id', 'p.paid_on', 'r.folio', 'r.token', 'r.method', 'r.condo_id'])
      .where('p.condo_id', '=', palmas)
      .execute();
    expect(rows.length).toBeGreaterThan(1000);
    expect(rows.every((r) => r.folio !== null && r.condo_id === palmas && r.method === 'registrado')).toBe(true);
    const byFolio = [...rows].sort((a, b) => Number(a.folio) - Number(b.folio));
    expect(byFolio.map((r) => Number(r.folio))).toEqual(rows.map((_, i) => i + 1));
    const paidOrder = [...rows].sort((a, b) => (a.paid_on === b.paid_on ? a.id - b.id : a.paid_on < b.paid_on ? -1 : 1));
    expect(byFolio.map((r) => r.id)).toEqual(paidOrder.map((r) => r.id));
    expect(rows.every((r) => RECEIPT_TOKEN.test(r.token ?? ''))).toBe(true);
    expect(new Set(rows.map((r) => r.token)).size).toBe(rows.length);
  });

  it('gives a recorded payment the next folio and a receipt an administrator and the dwelling’s resident read', async () => {
    const before = await lastFolio(palmas);
    const id = await record(payment(a101, 185_000));
    const row = await receiptRow(id);
    expect(row).toMatchObject({ condo_id: palmas, folio: before + 1, method: 'registrado', cancelled_at: null });
    expect(row.token).toMatch(RECEIPT_TOKEN);
    expect(row.created_at).toBe(NOW.toISOString());

    const data = await receipt(id);
    expect(data).toMatchObject({
      paymentId: id,
      folio: before + 1,
      condoName: 'Residencial Las Palmas',
      towerName: 'Torre A',
      dwellingName: '101',
      amountCents: 185_000,
      paidOn: TODAY,
      method: 'registrado',
      reference: 'SPEI 7781',
      state: 'vigente',
      cancelReason: null,
    });
    expect(data.payers).toContain('Rosa Hernández Díaz');
    expect(data.verifyUrl).toMatch(new RegExp(`^http://localhost(:\\d+)?/recibo/${row.token}$`));
    expect(data.concepts.reduce((sum, c) => sum + c.amountCents, 0) + data.unappliedCents).toBe(185_000);
    expect(await receipt(id, tokens.board)).toEqual(data);
    expect(await receipt(id, tokens.resident)).toEqual(data);

    // The statement's payment line names it.
    const statement = await call(
      t.app,
      'GET',
      `${api(FINANCE_PATHS.statement)}?ApartmentId=${a101}&fechaInicio=${TODAY}&fechaFin=${TODAY}`,
      { token: tokens.resident },
    );
    const answer = statement.json();
    assert(answer, StatementAnswer);
    expect(answer.data.movimientos).toContainEqual(expect.objectContaining({ concepto: 'Pago SPEI 7781', paymentId: id }));
    expect(answer.data.movimientos.filter((m) => m.cargo > 0).every((m) => m.paymentId === undefined)).toBe(true);
  });

  it('names the charges a payment went towards, oldest first, a credit counted as money in on its day', async () => {
    const house = (
      await t.app.db
        .insertInto('apartments')
        .values({ condo_id: palmas, tower_id: null, name: 'Casa Recibos' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const charge = (concept: string, on: string, cents: number) => ({
      condo_id: palmas,
      apartment_id: house,
      concept,
      charged_on: on,
      due_on: on,
      amount_cents: cents,
    });
    const [january, february] = await t.app.db
      .insertInto('dwelling_charges')
      .values([
        charge('Cuota enero', '2026-01-01', 100_000),
        charge('Cuota febrero', '2026-02-01', 100_000),
        charge('Cancelación de reservación', '2026-02-15', -20_000),
      ])
      .returning('id')
      .execute();
    const first = await record(payment(house, 150_000, { paidOn: '2026-03-01' }));
    const second = await record(payment(house, 80_000, { paidOn: '2026-03-02' }));
    const a = await receipt(first);
    expect(a.towerName).toBeNull();
    expect(a.payers).toEqual([]);
    expect(a.concepts).toEqual([
      { chargeId: january!.id, concept: 'Cuota enero', chargedOn: '2026-01-01', amountCents: 80_000 },
      { chargeId: february!.id, concept: 'Cuota febrero', chargedOn: '2026-02-01', amountCents: 70_000 },
    ]);
    expect(a.unappliedCents).toBe(0);
    const b = await receipt(second);
    expect(b.concepts).toEqual([
      { chargeId: february!.id, concept: 'Cuota febrero', chargedOn: '2026-02-01', amountCents: 30_000 },
    ]);
    expect(b.unappliedCents).toBe(50_000);
  });

  it('gives two payments posted at once distinct folios, one after the other', async () => {
    for (let round = 0; round < 4; round++) {
      const before = await lastFolio(palmas);
      const ids = await Promise.all([
        record(payment(a101, 1_000 + round)),
        record(payment(a104, 2_000 + round)),
        record(payment(a101, 3_000 + round)),
      ]);
      const folios = await Promise.all(ids.map(async (id) => (await receiptRow(id)).folio));
      expect(folios.sort((x, y) => x - y)).toEqual([before + 1, before + 2, before + 3]);
    }
  });

  it('writes the PDF in the reader’s language, with the verification link its QR holds', async () => {
    const id = await record(payment(a101, 185_000, { reference: 'OXXO 5521' }));
    const data = await receipt(id);
    const folio = String(data.folio).padStart(6, '0');
    const pdf = async (token: string) => {
      const res = await call(t.app, 'GET', api(receiptPdfPath(id)), { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="recibo-${folio}.pdf"`);
      return res.rawPayload;
    };
    const spanishPdf = await pdf(tokens.resident);
    // Its QR is the verification link's.
    expect(qrModulesIn(spanishPdf)).toEqual(qrModulesOf(data.verifyUrl));
    expect(qrModulesIn(spanishPdf)).not.toEqual(qrModulesOf(`${data.verifyUrl}x`));
    const spanish = pdfText(spanishPdf);
    for (const text of ['Recibo de pago', `Folio ${folio}`, 'Residencial Las Palmas', 'Torre A - 101', 'Rosa Hernández Díaz']) {
      expect(spanish).toContain(text);
    }
    expect(spanish).toContain('10/03/2026');
    expect(spanish).toContain('$1,850.00');
    expect(spanish).toContain('Registrado por la administración');
    expect(spanish).toContain('OXXO 5521');
    expect(spanish.replace(/\n/g, '')).toContain(data.verifyUrl);
    expect(spanish).not.toContain('RECIBO CANCELADO');

    const LANGUAGE = api(ACCOUNT_PATHS.language);
    expect((await call(t.app, 'POST', LANGUAGE, { token: tokens.resident, payload: { language: 'en' } })).statusCode).toBe(200);
    const english = pdfText(await pdf(tokens.resident));
    expect(english).toContain('Payment receipt');
    expect(english).toContain('03/10/2026');
    expect(english).toContain('Recorded by the administration');
    await call(t.app, 'POST', LANGUAGE, { token: tokens.resident, payload: { language: 'es' } });
  });

  it('is not found for a neighbour’s payment (a resident), another condominium’s, or none; refused to those without statements', async () => {
    const neighbours = await record(payment(a104, 5_000));
    const bosqueAccount = (
      await t.app.db
        .insertInto('ledger_accounts')
        .values({ condo_id: bosque, name: 'Banco del Bosque', kind: 'banco', opening_cents: 0, opened_on: '2026-01-01' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const bosqueDwelling = (
      await t.app.db.selectFrom('apartments').select('id').where('condo_id', '=', bosque).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const elsewhere = await record(payment(bosqueDwelling, 7_000, { accountId: bosqueAccount }), tokens.bosqueAdmin);
    expect((await receiptRow(elsewhere)).folio).toBe(1);

    const status = async (path: string, token: string | undefined) => (await call(t.app, 'GET', api(path), { token })).statusCode;
    for (const path of [receiptPath, receiptPdfPath]) {
      expect(await status(path(neighbours), tokens.resident)).toBe(404);
      expect(await status(path(neighbours), tokens.board)).toBe(200);
      expect(await status(path(elsewhere), tokens.admin)).toBe(404);
      expect(await status(path(elsewhere), tokens.bosqueAdmin)).toBe(200);
      expect(await status(path(999_999_999), tokens.admin)).toBe(404);
      expect(await status(path(neighbours), tokens.employee)).toBe(403);
      expect(await status(path(neighbours), undefined)).toBe(401);
    }
    const notFound = await call(t.app, 'GET', api(receiptPath(neighbours)), { token: tokens.resident });
    expect(notFound.json()).toMatchObject({ success: false, code: 'NOT_FOUND', messageId: 'receipts.notFound' });
    expect((await call(t.app, 'GET', `${api('/--financiero/recibos')}/abc`, { token: tokens.admin })).statusCode).toBe(400);
  });

  it('checks a receipt publicly: folio, condominium, dwelling, amount, day and state, nothing personal', async () => {
    const id = await record(payment(a101, 99_900, { reference: 'Transferencia Rosa Hernández' }));
    const { token, folio } = await receiptRow(id);
    const res = await call(t.app, 'GET', api(receiptVerifyPath(token)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json();
    assert(answer, ReceiptVerificationAnswer);
    expect(answer.data).toEqual({
      folio,
      condoName: 'Residencial Las Palmas',
      towerName: 'Torre A',
      dwellingName: '101',
      amountCents: 99_900,
      paidOn: TODAY,
      state: 'vigente',
    });
    expect(res.body).not.toContain('Rosa');
    expect(res.body).not.toContain('Transferencia');

    // Cancelled: the check and the receipt say so, and the PDF across its head.
    await t.app.db
      .updateTable('payment_receipts')
      .set({ cancelled_at: NOW.toISOString(), cancel_reason: 'Depósito duplicado' })
      .where('payment_id', '=', id)
      .execute();
    const cancelled = (await call(t.app, 'GET', api(receiptVerifyPath(token)))).json();
    expect(cancelled).toMatchObject({ success: true, data: { folio, state: 'cancelado' } });
    expect(await receipt(id)).toMatchObject({ state: 'cancelado', cancelReason: 'Depósito duplicado' });
    const pdf = await call(t.app, 'GET', api(receiptPdfPath(id)), { token: tokens.admin });
    expect(pdfText(pdf.rawPayload)).toContain('RECIBO CANCELADO');
    expect(pdfText(pdf.rawPayload)).toContain('Motivo: Depósito duplicado');

    // A token that names no receipt, and one that cannot be a token.
    const wrong = await call(t.app, 'GET', api(receiptVerifyPath(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'NOT_FOUND', messageId: 'receipts.notFound' });
    const malformed = await call(t.app, 'GET', api(receiptVerifyPath('short')));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'token' });
  });
});

describe(`the public receipt check's rate limit (${dialect})`, () => {
  it('refuses an address that checks too many receipts, found or not', async () => {
    const t = await createTestApp({
      clock: testClock(NOW),
      rateLimits: { ...RELAXED_RATE_LIMITS, receiptVerifyPerIp: { max: 3, windowSeconds: 900 } },
    });
    const { token } = await t.app.db.selectFrom('payment_receipts').select('token').orderBy('id').executeTakeFirstOrThrow();
    const check = (value: string, remoteAddress = '203.0.113.7') =>
      call(t.app, 'GET', api(receiptVerifyPath(value)), { remoteAddress });
    expect((await check(token)).statusCode).toBe(200);
    expect((await check('x'.repeat(43))).statusCode).toBe(404);
    expect((await check(token)).statusCode).toBe(200);
    const refused = await check(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await check(token, '203.0.113.8')).statusCode).toBe(200);
    await t.close();
  });
});

describe(`migration 0022_receipts (${dialect})`, () => {
  it('gives every payment recorded before it a receipt: folios by condominium in the order paid, dated the day paid', async () => {
    const t = await createTestApp({ clock: testClock(NOW) });
    const db = t.app.db;
    // A second condominium's payments number on their own.
    const bosque = await condoId(db, 'bosque');
    const bosqueDwelling = (
      await db.selectFrom('apartments').select('id').where('condo_id', '=', bosque).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    const bosqueAccount = (
      await db
        .insertInto('ledger_accounts')
        .values({ condo_id: bosque, name: 'Banco del Bosque', kind: 'banco', opening_cents: 0, opened_on: '2026-01-01' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const down = await (await migrator(db)).migrateTo('0021_gate_settings');
    expect(down.error).toBeUndefined();
    const paid = (day: string, cents: number) => ({
      condo_id: bosque,
      apartment_id: bosqueDwelling,
      account_id: bosqueAccount,
      paid_on: day,
      reference: '',
      amount_cents: cents,
    });
    // Inserted out of day order: the folios follow the day, then the id.
    const [late, early, sameDay] = await db
      .insertInto('dwelling_payments')
      .values([paid('2026-02-10', 300), paid('2026-01-05', 100), paid('2026-02-10', 200)])
      .returning('id')
      .execute();

    const up = await (await migrator(db)).migrateToLatest();
    expect(up.error).toBeUndefined();
    const receipts = await db
      .selectFrom('payment_receipts as r')
      .innerJoin('dwelling_payments as p', 'p.id', 'r.payment_id')
      .select(['r.payment_id', 'r.condo_id', 'r.folio', 'r.token', 'r.method', 'r.created_at', 'r.cancelled_at', 'p.paid_on'])
      .execute();
    const payments = Number(
      (
        await db
          .selectFrom('dwelling_payments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(receipts).toHaveLength(payments);
    expect(
      receipts.every(
        (r) => r.method === 'registrado' && r.cancelled_at === null && r.created_at === `${r.paid_on}T12:00:00.000Z`,
      ),
    ).toBe(true);
    expect(receipts.every((r) => RECEIPT_TOKEN.test(r.token))).toBe(true);
    expect(new Set(receipts.map((r) => r.token)).size).toBe(receipts.length);
    const folioOf = (id: number) => receipts.find((r) => r.payment_id === id)?.folio;
    expect([folioOf(early!.id), folioOf(late!.id), folioOf(sameDay!.id)]).toEqual([1, 2, 3]);
    const palmas = receipts.filter((r) => r.condo_id !== bosque).sort((a, b) => a.folio - b.folio);
    expect(palmas.map((r) => r.folio)).toEqual(palmas.map((_, i) => i + 1));
    expect(palmas.every((r, i) => i === 0 || palmas[i - 1]!.paid_on <= r.paid_on)).toBe(true);
    await t.close();
  });
});
