// Proofs of payment (src/api/proofs.ts; issue 27), through the API on SQLite and PostgreSQL: a resident sends a proof
// for their dwelling (its file checked by its bytes, the day paid and the amount by the contract's rules, a retry with
// the same clientId answered with the first proof); who sees which; a reviewer accepts it (the ledger payment, its
// receipt, the charge settled, the history row and the resident told) or rejects it with a reason; the sender
// withdraws it; a duplicate of an accepted proof is flagged; two accepts at once write one payment; the file opens
// behind its signed link only.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROOFS } from '../../server/db/seed/proofs';
import { condoToday } from '../../server/domain/shared/zonedTime';
import { ErrorAnswer } from '../../src/api/errors';
import {
  PROOF_PATHS,
  type Proof,
  ProofAnswer,
  ProofListAnswer,
  ProofOptionsAnswer,
  proofPath,
  yearBefore,
} from '../../src/api/proofs';
import { RECEIPT_PATHS } from '../../src/api/receipts';
import { api } from '../support/http';
import { PNG_1X1 } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
/** A PNG of its own bytes (a byte after its end), so no earlier proof shares its hash. */
const pngOf = (n: number) =>
  `data:image/png;base64,${Buffer.concat([Buffer.from(PNG_1X1.split(',')[1]!, 'base64'), Buffer.from(String(n))]).toString('base64')}`;
const PDF_URL = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n% prueba\n%%EOF\n').toString('base64')}`;

let clientSeq = 0;
const newClientId = () => `00000000-0000-4000-8000-${String(++clientSeq).padStart(12, '0')}`;

describe(`proofs of payment (${dialect})`, () => {
  let t: TestApp;
  const tokens = { resident: '', admin: '', other: '', board: '' };
  let dwelling = 0;
  let otherDwelling = 0;
  let palmasId = 0;
  let today = '';
  let accountId = 0;

  const send = (payload: object, token = tokens.resident) => call(t.app, 'POST', api(PROOF_PATHS.list), { token, payload });
  const list = (query = '', token = tokens.admin) => call(t.app, 'GET', `${api(PROOF_PATHS.list)}${query}`, { token });
  const act = (path: string, id: number, payload?: object, token = tokens.admin) =>
    call(t.app, 'POST', api(proofPath(path, id)), { token, ...(payload ? { payload } : {}) });
  const count = async (table: 'dwelling_payments' | 'payment_receipts' | 'payment_proofs' | 'notifications') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const draft = (over: Record<string, unknown> = {}) => ({
    clientId: newClientId(),
    apartmentId: dwelling,
    method: 'transferencia',
    amountCents: 125_050,
    paidOn: today,
    bank: 'Banorte',
    reference: `REF ${clientSeq}`,
    note: 'Cuota de mantenimiento',
    file: { name: 'comprobante.png', dataUrl: pngOf(clientSeq) },
    ...over,
  });
  async function sent(over: Record<string, unknown> = {}, token = tokens.resident): Promise<Proof> {
    const res = await send(draft(over), token);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    assert(answer, ProofAnswer);
    return answer.data;
  }

  async function apartmentOf(email: string): Promise<number> {
    const row = await t.app.db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('r.apartment_id')
      .where('u.email', '=', email)
      .where('m.condo_id', '=', palmasId)
      .orderBy('r.apartment_id')
      .executeTakeFirstOrThrow();
    return row.apartment_id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    palmasId = (await t.app.db.selectFrom('condominiums').select('id').where('name', '=', PALMAS).executeTakeFirstOrThrow()).id;
    tokens.resident = await signInAs(t.app, 'vecino086@demo.mx', PALMAS);
    tokens.other = await signInAs(t.app, 'vecino050@demo.mx', PALMAS);
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    tokens.board = await signInAs(t.app, 'consejo@demo.mx', PALMAS);
    dwelling = await apartmentOf('vecino086@demo.mx');
    otherDwelling = await apartmentOf('vecino050@demo.mx');
    today = await condoToday(t.app.db, t.app.clock, palmasId);
    accountId = (
      await t.app.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('condo_id', '=', palmasId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);
  afterAll(() => t?.close());

  it('gives the demo’s queue: two proofs waiting in Las Palmas, one flagged as a duplicate of an accepted one', async () => {
    const res = await list('?estado=pendientes');
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, ProofListAnswer);
    const demo = answer.items.filter((p) => p.bank === DEMO_PROOFS.bank);
    expect(demo).toHaveLength(2);
    expect(demo.find((p) => p.reference === DEMO_PROOFS.reference)?.duplicate).toBe(true);
    expect(demo.find((p) => p.reference === DEMO_PROOFS.otherReference)?.duplicate).toBe(false);
    expect(demo.every((p) => p.actions.includes('aceptar') && p.actions.includes('rechazar'))).toBe(true);
  });

  it('offers a resident their own dwellings and no accounts; a reviewer every dwelling and the accounts', async () => {
    const mine = (await call(t.app, 'GET', api(PROOF_PATHS.options), { token: tokens.resident })).json();
    assert(mine, ProofOptionsAnswer);
    expect(mine.data.reviewer).toBe(false);
    expect(mine.data.dwellings.map((d) => d.id)).toContain(dwelling);
    expect(mine.data.dwellings.map((d) => d.id)).not.toContain(otherDwelling);
    expect(mine.data.accounts).toEqual([]);
    expect(mine.data.today).toBe(today);
    const admin = (await call(t.app, 'GET', api(PROOF_PATHS.options), { token: tokens.admin })).json();
    assert(admin, ProofOptionsAnswer);
    expect(admin.data.reviewer).toBe(true);
    expect(admin.data.dwellings.length).toBeGreaterThan(50);
    expect(admin.data.accounts.map((a) => a.id)).toContain(accountId);
  });

  it('sends a proof once per clientId, and shows it to its dwelling and reviewers only', async () => {
    const payload = draft();
    const first = await send(payload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(payload);
    expect(again.statusCode, again.body).toBe(200);
    const proof = (first.json() as { data: Proof }).data;
    expect((again.json() as { data: Proof }).data.id).toBe(proof.id);
    expect(proof).toMatchObject({
      estado: 'enviado',
      amountCents: 125_050,
      bank: 'Banorte',
      duplicate: false,
      actions: ['retirar'],
    });
    // The same clientId from someone else is not theirs to reuse.
    expect((await send({ ...payload, apartmentId: otherDwelling }, tokens.other)).statusCode).toBe(409);

    const read = (token: string) => call(t.app, 'GET', api(proofPath(PROOF_PATHS.proof, proof.id)), { token });
    expect((await read(tokens.resident)).statusCode).toBe(200);
    expect((await read(tokens.admin)).statusCode).toBe(200);
    expect((await read(tokens.other)).statusCode).toBe(404);
    const theirs = (await list('', tokens.other)).json() as { items: Proof[] };
    expect(theirs.items.some((p) => p.id === proof.id)).toBe(false);

    // The signed link opens the file as the bytes it is; a forged one does not.
    const file = await t.app.inject({ method: 'GET', url: proof.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const forged = await t.app.inject({ method: 'GET', url: proof.fileUrl.replace(/sig=[0-9a-f]{4}/, 'sig=0000') });
    expect(forged.statusCode).toBe(403);
  });

  it('refuses another dwelling, a file that only claims its type, a day in the future or over a year ago, and bad amounts', async () => {
    const before = await count('payment_proofs');
    expect((await send(draft({ apartmentId: otherDwelling }))).statusCode).toBe(404);
    const fake = await send(
      draft({ file: { name: 'x.pdf', dataUrl: `data:application/pdf;base64,${Buffer.from('hola').toString('base64')}` } }),
    );
    expect(fake.statusCode).toBe(400);
    expect((fake.json() as { field: string }).field).toBe('file');
    const future = await send(draft({ paidOn: '2099-01-01' }));
    expect(future.statusCode).toBe(400);
    expect((future.json() as { field: string }).field).toBe('paidOn');
    const old = await send(draft({ paidOn: yearBefore(yearBefore(today)) }));
    expect(old.statusCode).toBe(400);
    expect((await send(draft({ paidOn: '2026-02-30' }))).statusCode).toBe(400);
    expect((await send(draft({ amountCents: 0 }))).statusCode).toBe(400);
    expect((await send(draft({ amountCents: 12.5 }))).statusCode).toBe(400);
    expect((await send(draft({ amountCents: 1_000_000_000 }))).statusCode).toBe(400);
    expect((await send(draft({ reference: 'x'.repeat(41) }))).statusCode).toBe(400);
    expect((await send(draft({ bank: 'Banco Imaginario' }))).statusCode).toBe(400);
    expect(await count('payment_proofs')).toBe(before);
    const pdf = await send(draft({ file: { name: 'recibo.pdf', dataUrl: PDF_URL }, paidOn: yearBefore(today) }));
    expect(pdf.statusCode, pdf.body).toBe(201);
  });

  it('accepts a proof: the payment with its receipt in the ledger, the charge settled, history, and the resident told', async () => {
    const proof = await sent({ amountCents: 50_000, method: 'deposito' });
    const counts = { payments: await count('dwelling_payments'), receipts: await count('payment_receipts') };
    const res = await act(PROOF_PATHS.accept, proof.id, { accountId });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, ProofAnswer);
    expect(answer.data).toMatchObject({ estado: 'aceptado', reviewedBy: expect.any(String), actions: [] });
    expect(await count('dwelling_payments')).toBe(counts.payments + 1);
    expect(await count('payment_receipts')).toBe(counts.receipts + 1);
    const payment = await t.app.db
      .selectFrom('dwelling_payments')
      .selectAll()
      .where('id', '=', answer.data.paymentId!)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ apartment_id: dwelling, account_id: accountId, paid_on: today });
    expect(Number(payment.amount_cents)).toBe(50_000);
    const receipt = await t.app.db
      .selectFrom('payment_receipts')
      .select('method')
      .where('payment_id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(receipt.method).toBe('deposito');
    // The resident reads the receipt, which names the charges the payment settled.
    const readReceipt = await call(t.app, 'GET', api(RECEIPT_PATHS.receipt.replace(':paymentId', String(payment.id))), {
      token: tokens.resident,
    });
    expect(readReceipt.statusCode, readReceipt.body).toBe(200);
    const concepts = (readReceipt.json() as { data: { concepts: unknown[]; unappliedCents: number; method: string } }).data;
    expect(concepts.method).toBe('deposito');
    expect(concepts.concepts.length + (concepts.unappliedCents > 0 ? 1 : 0)).toBeGreaterThan(0);
    const history = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('entity', '=', 'payment_proof')
      .where('entity_id', '=', proof.id)
      .execute();
    expect(history.map((h) => h.action)).toEqual(['aceptar']);
    const told = await t.app.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select(['n.modulo', 'n.props', 'n.titulo'])
      .where('u.email', '=', 'vecino086@demo.mx')
      .where('n.modulo', '=', 'comprobante')
      .execute();
    expect(told.map((n) => JSON.parse(n.props))).toContainEqual({ proofId: proof.id, paymentId: payment.id });
    // Nothing moves it again: 409 with the proof as it is, and nothing written.
    const twice = await act(PROOF_PATHS.accept, proof.id, { accountId });
    expect(twice.statusCode).toBe(409);
    assert(twice.json(), ErrorAnswer);
    expect((twice.json() as { proof: Proof }).proof.estado).toBe('aceptado');
    expect((await act(PROOF_PATHS.withdraw, proof.id, undefined, tokens.resident)).statusCode).toBe(409);
    expect(await count('dwelling_payments')).toBe(counts.payments + 1);
  });

  it('flags a proof like an accepted one, by reference or by file, and still takes it', async () => {
    const file = { name: 'spei.png', dataUrl: pngOf(777) };
    const accepted = await sent({ reference: 'SPEI-777 001', amountCents: 30_000, file });
    expect((await act(PROOF_PATHS.accept, accepted.id, { accountId })).statusCode).toBe(200);
    const sameRef = await sent({ reference: 'spei 777001', amountCents: 30_000, file: { name: 'otro.pdf', dataUrl: PDF_URL } });
    expect(sameRef.duplicate).toBe(true);
    const sameFile = await sent({ reference: 'OTRA 1', amountCents: 99, file });
    expect(sameFile.duplicate).toBe(true);
    const different = await sent({
      reference: 'SPEI-777 001',
      amountCents: 30_001,
      file: { name: 'otro.pdf', dataUrl: PDF_URL },
    });
    expect(different.duplicate).toBe(false);
  });

  it('rejects a proof with a reason the resident reads, and refuses a short reason', async () => {
    const proof = await sent();
    expect((await act(PROOF_PATHS.reject, proof.id, { reason: 'no' })).statusCode).toBe(400);
    const res = await act(PROOF_PATHS.reject, proof.id, { reason: 'El monto no coincide con el estado de cuenta del banco' });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: Proof }).data).toMatchObject({ estado: 'rechazado', paymentId: null });
    const mine = (await list('?estado=rechazados', tokens.resident)).json() as { items: Proof[] };
    expect(mine.items.find((p) => p.id === proof.id)?.rejectReason).toBe(
      'El monto no coincide con el estado de cuenta del banco',
    );
    const history = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'payment_proof')
      .where('entity_id', '=', proof.id)
      .execute();
    expect(history.map((h) => h.action)).toEqual(['rechazar']);
  });

  it('lets the sender withdraw a waiting proof; not a neighbour; a reviewer sends for any dwelling', async () => {
    const proof = await sent();
    expect((await act(PROOF_PATHS.withdraw, proof.id, undefined, tokens.other)).statusCode).toBe(404);
    const res = await act(PROOF_PATHS.withdraw, proof.id, undefined, tokens.resident);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: Proof }).data.estado).toBe('retirado');
    expect((await act(PROOF_PATHS.accept, proof.id, { accountId })).statusCode).toBe(409);
    const history = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'payment_proof')
      .where('entity_id', '=', proof.id)
      .execute();
    expect(history.map((h) => h.action)).toEqual(['retirar']);
    const forOther = await sent({ apartmentId: otherDwelling }, tokens.admin);
    expect(forOther.apartmentId).toBe(otherDwelling);
    const theirs = (await list('', tokens.other)).json() as { items: Proof[] };
    expect(theirs.items.find((p) => p.id === forOther.id)?.actions).toEqual(['retirar']);
  });

  it('accepts a proof once when two reviewers accept it at once', async () => {
    const proof = await sent({ amountCents: 77_700 });
    const before = { payments: await count('dwelling_payments'), receipts: await count('payment_receipts') };
    const [a, b] = await Promise.all([
      act(PROOF_PATHS.accept, proof.id, { accountId }),
      act(PROOF_PATHS.accept, proof.id, { accountId }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await count('dwelling_payments')).toBe(before.payments + 1);
    expect(await count('payment_receipts')).toBe(before.receipts + 1);
    const history = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'payment_proof')
      .where('entity_id', '=', proof.id)
      .execute();
    expect(history).toHaveLength(1);
  });

  it('refuses an account of another condominium, writing nothing', async () => {
    const bosque = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('name', '=', 'Torres del Bosque')
      .executeTakeFirstOrThrow();
    const other = await t.app.db
      .insertInto('ledger_accounts')
      .values({ condo_id: bosque.id, name: 'Cuenta del Bosque', kind: 'banco', opening_cents: 0, opened_on: '2026-01-01' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const proof = await sent();
    const before = await count('dwelling_payments');
    expect((await act(PROOF_PATHS.accept, proof.id, { accountId: other.id })).statusCode).toBe(404);
    expect(await count('dwelling_payments')).toBe(before);
    const still = (await call(t.app, 'GET', api(proofPath(PROOF_PATHS.proof, proof.id)), { token: tokens.admin })).json() as {
      data: Proof;
    };
    expect(still.data.estado).toBe('enviado');
  });
});
