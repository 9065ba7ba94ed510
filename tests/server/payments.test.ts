// Recording a dwelling's payment in the ledger (src/api/payments.ts; issue 17's mode A starts here), through the
// API on SQLite and PostgreSQL: the payment as an abono on the statement with its history row; how it is
// invoiced (no issuer or mode M: by hand; mode A: the job stamps one Ingreso to the dwelling's client, valid
// against the SAT schemas, once however often it runs, and a process running jobs stamps it at once; mode A
// without a client: not at all); who may record one; refusals in words with nothing written; the accounts.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cadenaOfXml } from '../../server/domain/invoicing/cfdi/xmlTree';
import { createSandboxPac } from '../../server/domain/invoicing/pac/sandbox';
import { AUTO_INVOICE_JOB } from '../../server/domain/shared/paymentInvoicing';
import { condoToday } from '../../server/domain/shared/zonedTime';
import { ErrorAnswer } from '../../src/api/errors';
import { FINANCE_PATHS, StatementAnswer } from '../../src/api/finance';
import {
  LedgerAccountsAnswer,
  PAYMENT_MAX_CENTS,
  PAYMENT_PATHS,
  type PaymentRecord,
  PaymentRecorded,
} from '../../src/api/payments';
import { api } from '../support/http';
import { condoIdOf, ensureIssuer, invoicingSetup } from '../support/invoicingServerFixtures';
import { validateCfdi } from '../support/satValidation';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const RECORD = api(PAYMENT_PATHS.record);
const ACCOUNTS = api(PAYMENT_PATHS.accounts);

const pac = createSandboxPac({ cadenaOf: cadenaOfXml });

/** The day after a YYYY-MM-DD day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A Las Palmas dwelling, active, with no client to invoice, not used by an earlier call. */
async function dwellingWithoutClient(t: TestApp, condoId: number, taken: Set<number>): Promise<number> {
  const linked = (await t.app.db.selectFrom('invoicing_client_dwellings').select('apartment_id').execute()).map(
    (r) => r.apartment_id,
  );
  const row = await t.app.db
    .selectFrom('apartments')
    .select('id')
    .where('condo_id', '=', condoId)
    .where('active', '=', 1)
    .where('id', 'not in', [0, ...linked, ...taken])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  taken.add(row.id);
  return row.id;
}

async function firstAccount(t: TestApp, condoId: number): Promise<number> {
  const found = await t.app.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('condo_id', '=', condoId)
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found.id;
  const made = await t.app.db
    .insertInto('ledger_accounts')
    .values({ condo_id: condoId, name: 'Banco del Bosque', kind: 'banco', opening_cents: 0, opened_on: '2026-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return made.id;
}

const counts = async (t: TestApp) => {
  const n = async (table: 'dwelling_payments' | 'audit_log' | 'scheduled_jobs' | 'cfdis') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    payments: await n('dwelling_payments'),
    audits: await n('audit_log'),
    jobs: await n('scheduled_jobs'),
    cfdis: await n('cfdis'),
  };
};

const jobsOf = (t: TestApp, paymentId: number) =>
  t.app.db
    .selectFrom('scheduled_jobs')
    .selectAll()
    .where('kind', '=', AUTO_INVOICE_JOB)
    .where('key', '=', String(paymentId))
    .execute();

const invoicesOf = (t: TestApp, paymentId: number) =>
  t.app.db.selectFrom('cfdis').selectAll().where('payment_id', '=', paymentId).execute();

describe(`recording a dwelling's payment (${dialect})`, () => {
  let t: TestApp;
  let admin = '';
  let palmas = 0;
  let bosque = 0;
  let account = 0;
  let today = '';
  const taken = new Set<number>();

  const record = (payload: object, token = admin) => call(t.app, 'POST', RECORD, { token, payload });
  const body = (overrides: Partial<PaymentRecord> & { ApartmentId: number }): PaymentRecord => ({
    paidOn: today,
    amountCents: 150_000,
    accountId: account,
    reference: 'SPEI 4410',
    ...overrides,
  });
  async function recorded(payload: PaymentRecord, token = admin) {
    const res = await record(payload, token);
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    assert(answer, PaymentRecorded);
    return answer.data;
  }

  beforeAll(async () => {
    t = await createTestApp({ pac });
    admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    palmas = await condoIdOf(t.app, 'palmas');
    bosque = await condoIdOf(t.app, 'bosque');
    account = await firstAccount(t, palmas);
    today = await condoToday(t.app.db, t.app.clock, palmas);
  }, 60_000);

  describe('an administrator records it', () => {
    it('answers 201, shows it as an abono on the statement and writes its history row; with no issuer it is invoiced by hand', async () => {
      const apartmentId = await dwellingWithoutClient(t, palmas, taken);
      const before = await counts(t);
      const data = await recorded(body({ ApartmentId: apartmentId, amountCents: 123_456 }));
      expect(data).toEqual({
        id: expect.any(Number),
        ApartmentId: apartmentId,
        paidOn: today,
        amountCents: 123_456,
        invoicing: 'manual',
      });

      const row = await t.app.db.selectFrom('dwelling_payments').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        condo_id: palmas,
        apartment_id: apartmentId,
        account_id: account,
        paid_on: today,
        amount_cents: 123_456,
      });
      expect(row.reference).toBe('SPEI 4410');

      const statement = await call(
        t.app,
        'GET',
        `${api(FINANCE_PATHS.statement)}?ApartmentId=${apartmentId}&fechaInicio=${today}&fechaFin=${today}`,
        {
          token: admin,
        },
      );
      expect(statement.statusCode, statement.body).toBe(200);
      const answer = statement.json();
      assert(answer, StatementAnswer);
      expect(answer.data.movimientos).toContainEqual(
        expect.objectContaining({ fecha: today, concepto: 'Pago SPEI 4410', cargo: 0, abono: 123_456 }),
      );
      expect(answer.data.totalAbonos).toBeGreaterThanOrEqual(123_456);

      const adminId = (
        await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow()
      ).id;
      const audit = await t.app.db
        .selectFrom('audit_log')
        .selectAll()
        .where('entity', '=', 'dwelling_payment')
        .where('entity_id', '=', data.id)
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ condo_id: palmas, actor_user_id: adminId, action: 'create', before_json: null });
      expect(JSON.parse(audit[0]!.after_json!)).toEqual({
        apartmentId,
        amount: 123_456,
        paidOn: today,
        accountId: account,
        reference: 'SPEI 4410',
      });

      expect(await jobsOf(t, data.id)).toEqual([]);
      const after = await counts(t);
      expect(after).toEqual({ ...before, payments: before.payments + 1, audits: before.audits + 1 });
    });

    it('reads "Pago" alone on the statement when no reference is given, and takes a day in the past', async () => {
      const apartmentId = await dwellingWithoutClient(t, palmas, taken);
      const data = await recorded(body({ ApartmentId: apartmentId, reference: '   ', paidOn: '2025-12-31', amountCents: 1 }));
      const row = await t.app.db
        .selectFrom('dwelling_payments')
        .select('reference')
        .where('id', '=', data.id)
        .executeTakeFirstOrThrow();
      expect(row.reference).toBe('');
      const statement = await call(
        t.app,
        'GET',
        `${api(FINANCE_PATHS.statement)}?ApartmentId=${apartmentId}&fechaInicio=2025-12-31&fechaFin=2025-12-31`,
        { token: admin },
      );
      const answer = statement.json();
      assert(answer, StatementAnswer);
      expect(answer.data.movimientos.filter((m) => m.abono === 1)).toEqual([
        expect.objectContaining({ fecha: '2025-12-31', concepto: 'Pago', cargo: 0, abono: 1 }),
      ]);
    });
  });

  describe('its invoice', () => {
    it('is by hand in mode M, even for a dwelling with a client: nothing is scheduled and the jobs stamp nothing', async () => {
      const s = await invoicingSetup(t.app, 'palmas', { mode: 'M' });
      const before = await counts(t);
      const data = await recorded(body({ ApartmentId: s.apartmentId, accountId: s.accountId }));
      expect(data.invoicing).toBe('manual');
      expect(await jobsOf(t, data.id)).toEqual([]);
      await t.app.jobRunner.runOnce();
      expect(await invoicesOf(t, data.id)).toEqual([]);
      expect((await counts(t)).cfdis).toBe(before.cfdis);
    });

    describe('in mode A', () => {
      let issuerId = 0;
      beforeAll(async () => {
        issuerId = await ensureIssuer(t.app, palmas, { mode: 'A', stamps: 5 });
      });
      afterAll(async () => {
        await t.app.db.updateTable('invoicing_issuers').set({ mode: 'M' }).where('id', '=', issuerId).execute();
      });

      it('is scheduled for a dwelling with a client, and the job stamps exactly one valid Ingreso for the amount', async () => {
        const s = await invoicingSetup(t.app, 'palmas', { mode: 'A' });
        const data = await recorded(body({ ApartmentId: s.apartmentId, accountId: s.accountId, amountCents: 116_000 }));
        expect(data.invoicing).toBe('scheduled');
        const [job] = await jobsOf(t, data.id);
        expect(job).toMatchObject({ done_at: null, attempts: 0 });
        // This process runs no jobs on its own (SCHEDULED_JOBS_SECONDS=0): nothing is stamped until a pass runs.
        expect(await invoicesOf(t, data.id)).toEqual([]);

        await t.app.jobRunner.runOnce();
        const invoices = await invoicesOf(t, data.id);
        expect(invoices).toHaveLength(1);
        expect(invoices[0]).toMatchObject({
          type: 'I',
          status: 'vigente',
          metodo_pago: 'PUE',
          client_id: s.clientId,
          apartment_id: s.apartmentId,
          issuer_id: s.issuerId,
          total_cents: 116_000,
        });
        expect(await validateCfdi(invoices[0]!.xml)).toEqual([]);
        expect(invoices[0]!.xml).toContain('Total="1160.00"');
        expect((await jobsOf(t, data.id))[0]?.done_at).not.toBeNull();

        await t.app.jobRunner.runOnce();
        expect(await invoicesOf(t, data.id)).toHaveLength(1);
      });

      it('is not made for a dwelling with no client: noClient, and nothing is scheduled', async () => {
        const apartmentId = await dwellingWithoutClient(t, palmas, taken);
        const data = await recorded(body({ ApartmentId: apartmentId }));
        expect(data.invoicing).toBe('noClient');
        expect(await jobsOf(t, data.id)).toEqual([]);
        await t.app.jobRunner.runOnce();
        expect(await invoicesOf(t, data.id)).toEqual([]);
      });
    });
  });

  describe('who may record it', () => {
    const CONSEJO_ADEUDOS = async (tipo: string, activa: 0 | 1) => {
      const membership = await t.app.db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('m.id')
        .where('u.email', '=', 'consejo@demo.mx')
        .where('m.condo_id', '=', palmas)
        .executeTakeFirstOrThrow();
      await t.app.db
        .updateTable('user_permissions')
        .set({ tipo, activa })
        .where('membership_id', '=', membership.id)
        .where('clave', '=', 'ADEUDOS')
        .execute();
    };

    it.each([
      ['residente', 'a resident (no ADEUDOS)'],
      ['consejo', "the board (ADEUDOS 'ver')"],
      ['empleado', 'an employee'],
      ['guardia', 'a guard'],
    ])('refuses %s, %s, with 403 before reading the body, writing nothing', async (who) => {
      const token = await signInAs(t.app, `${who}@demo.mx`, PALMAS);
      const apartmentId = await dwellingWithoutClient(t, palmas, taken);
      const before = await counts(t);
      const good = await record(body({ ApartmentId: apartmentId }), token);
      expect(good.statusCode, good.body).toBe(403);
      expect((await record({ amountCents: 'mucho' }, token)).statusCode).toBe(403);
      expect((await call(t.app, 'GET', ACCOUNTS, { token })).statusCode).toBe(403);
      expect(await counts(t)).toEqual(before);
    });

    it("lets a member with ADEUDOS 'editar' or active 'alto' record one; not an inactive 'alto'", async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx', PALMAS);
      try {
        await CONSEJO_ADEUDOS('editar', 1);
        const data = await recorded(
          body({ ApartmentId: await dwellingWithoutClient(t, palmas, taken), amountCents: PAYMENT_MAX_CENTS }),
          token,
        );
        expect(data.amountCents).toBe(PAYMENT_MAX_CENTS);
        expect((await call(t.app, 'GET', ACCOUNTS, { token })).statusCode).toBe(200);
        await CONSEJO_ADEUDOS('alto', 1);
        await recorded(body({ ApartmentId: await dwellingWithoutClient(t, palmas, taken) }), token);
        await CONSEJO_ADEUDOS('alto', 0);
        expect((await record(body({ ApartmentId: await dwellingWithoutClient(t, palmas, taken) }), token)).statusCode).toBe(403);
      } finally {
        await CONSEJO_ADEUDOS('ver', 1);
      }
    });

    it('answers 401 without a session', async () => {
      const apartmentId = await dwellingWithoutClient(t, palmas, taken);
      const before = await counts(t);
      expect((await call(t.app, 'POST', RECORD, { payload: body({ ApartmentId: apartmentId }) })).statusCode).toBe(401);
      expect((await call(t.app, 'GET', ACCOUNTS)).statusCode).toBe(401);
      expect(await counts(t)).toEqual(before);
    });

    it("answers 404 for another condominium's dwelling or account, and for a dwelling no longer active, writing nothing", async () => {
      const bosqueDwelling = (
        await t.app.db
          .selectFrom('apartments')
          .select('id')
          .where('condo_id', '=', bosque)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
      const bosqueAccount = await firstAccount(t, bosque);
      const inactive = await dwellingWithoutClient(t, palmas, taken);
      await t.app.db.updateTable('apartments').set({ active: 0 }).where('id', '=', inactive).execute();
      const before = await counts(t);
      try {
        for (const [payload, messageId] of [
          [body({ ApartmentId: bosqueDwelling }), 'errors.notFound.dwelling'],
          [body({ ApartmentId: inactive }), 'errors.notFound.dwelling'],
          [body({ ApartmentId: 2_000_000_000 }), 'errors.notFound.dwelling'],
          [
            body({ ApartmentId: await dwellingWithoutClient(t, palmas, taken), accountId: bosqueAccount }),
            'errors.notFound.ledgerAccount',
          ],
        ] as const) {
          const res = await record(payload);
          expect(res.statusCode, res.body).toBe(404);
          const refusal = res.json();
          assert(refusal, ErrorAnswer);
          expect(refusal).toMatchObject({ code: 'NOT_FOUND', messageId });
        }
        expect(await counts(t)).toEqual(before);
      } finally {
        await t.app.db.updateTable('apartments').set({ active: 1 }).where('id', '=', inactive).execute();
      }
    });
  });

  describe('a bad payment', () => {
    const cases: [string, (apartmentId: number) => object, string, string][] = [
      ['an amount of 0', (a) => body({ ApartmentId: a, amountCents: 0 }), 'amountCents', 'Importe: el valor no es válido.'],
      ['a negative amount', (a) => body({ ApartmentId: a, amountCents: -500 }), 'amountCents', 'Importe: el valor no es válido.'],
      [
        'an amount in fractions of a cent',
        (a) => body({ ApartmentId: a, amountCents: 10.5 }),
        'amountCents',
        'Importe: debe ser un número entero.',
      ],
      [
        'an amount over the limit',
        (a) => body({ ApartmentId: a, amountCents: PAYMENT_MAX_CENTS + 1 }),
        'amountCents',
        'Importe: el valor no es válido.',
      ],
      [
        'an amount as text',
        (a) => ({ ...body({ ApartmentId: a }), amountCents: '1500' }),
        'amountCents',
        'Importe: debe ser un número entero.',
      ],
      [
        'a day that does not exist',
        (a) => body({ ApartmentId: a, paidOn: '2026-02-30' }),
        'paidOn',
        'Fecha de pago: fecha no válida.',
      ],
      [
        'a date in another shape',
        (a) => body({ ApartmentId: a, paidOn: '24/11/2026' }),
        'paidOn',
        'Fecha de pago: fecha no válida.',
      ],
      [
        'a reference over 60 characters',
        (a) => body({ ApartmentId: a, reference: 'R'.repeat(61) }),
        'reference',
        'Referencia: admite como máximo 60 caracteres.',
      ],
      [
        'no account',
        (a) => ({ ApartmentId: a, paidOn: today, amountCents: 100, reference: '' }),
        'accountId',
        'Cuenta: este campo es requerido.',
      ],
    ];

    it.each(cases)('refuses %s with 400 naming the field in words, writing nothing', async (_, payloadOf, field, message) => {
      const payload = payloadOf(await dwellingWithoutClient(t, palmas, taken));
      const before = await counts(t);
      const res = await record(payload);
      expect(res.statusCode, res.body).toBe(400);
      const refusal = res.json();
      assert(refusal, ErrorAnswer);
      expect(refusal).toMatchObject({ code: 'BAD_REQUEST', field, message });
      expect(await counts(t)).toEqual(before);
    });

    it("refuses a payment dated after today in the condominium's time zone, in the reader's language, writing nothing", async () => {
      const apartmentId = await dwellingWithoutClient(t, palmas, taken);
      const before = await counts(t);
      const res = await record(body({ ApartmentId: apartmentId, paidOn: dayAfter(today) }));
      expect(res.statusCode, res.body).toBe(400);
      const refusal = res.json();
      assert(refusal, ErrorAnswer);
      expect(refusal).toMatchObject({
        code: 'BAD_REQUEST',
        field: 'paidOn',
        messageId: 'errors.payments.paidOnFuture',
        message: 'Fecha de pago: no puede ser posterior a hoy.',
      });
      const english = await signInAs(t.app, 'admin@demo.mx', PALMAS);
      expect(
        (await call(t.app, 'POST', '/api/--sesiones/language', { token: english, payload: { language: 'en' } })).statusCode,
      ).toBe(200);
      try {
        const inEnglish = await record(body({ ApartmentId: apartmentId, paidOn: dayAfter(today) }), english);
        expect(inEnglish.json()).toMatchObject({ field: 'paidOn', message: 'Payment date: cannot be later than today.' });
      } finally {
        await call(t.app, 'POST', '/api/--sesiones/language', { token: english, payload: { language: 'es' } });
      }
      expect(await counts(t)).toEqual(before);
    });
  });

  describe('the accounts', () => {
    it("lists the condominium's banks and cash boxes only, by name", async () => {
      const bosqueAccount = await firstAccount(t, bosque);
      const res = await call(t.app, 'GET', ACCOUNTS, { token: admin });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json();
      assert(answer, LedgerAccountsAnswer);
      const own = await t.app.db
        .selectFrom('ledger_accounts')
        .select(['id', 'name', 'kind'])
        .where('condo_id', '=', palmas)
        .execute();
      expect(answer.data.map((a) => a.id).sort((a, b) => a - b)).toEqual(own.map((a) => a.id).sort((a, b) => a - b));
      expect(answer.data.map((a) => a.id)).not.toContain(bosqueAccount);
      expect(answer.data.map((a) => a.nombre)).toEqual(['Banorte Inversión', 'BBVA Cuenta operativa', 'Caja chica']);
      expect(answer.data.find((a) => a.nombre === 'Caja chica')?.tipo).toBe('caja');
    });
  });
});

describe(`a process that runs jobs invoices a mode A payment at once (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Its runner's first pass is an hour away: only the kick after the payment can stamp it within the test.
    t = await createTestApp({ pac, env: { SCHEDULED_JOBS_SECONDS: '3600' } });
  }, 60_000);

  it('stamps the Ingreso moments after answering, without waiting for its next pass', async () => {
    const admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    const s = await invoicingSetup(t.app, 'palmas', { mode: 'A' });
    const res = await call(t.app, 'POST', RECORD, {
      token: admin,
      payload: {
        ApartmentId: s.apartmentId,
        paidOn: await condoToday(t.app.db, t.app.clock, s.condoId),
        amountCents: 58_000,
        accountId: s.accountId,
        reference: '',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json() as PaymentRecorded;
    expect(data.invoicing).toBe('scheduled');
    let invoices = await invoicesOf(t, data.id);
    for (let waited = 0; invoices.length === 0 && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      invoices = await invoicesOf(t, data.id);
    }
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ type: 'I', total_cents: 58_000, client_id: s.clientId });
  });
});
