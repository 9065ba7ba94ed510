// Late fees (recargos, issue 27) through the API and the job runner, on SQLite and PostgreSQL: the demo's rule (Las
// Palmas, 2 % of the overdue balance, 10 grace days, cap $500.00) charges vecino086's Casa 57 once per period, and a
// second run, or two at once, charge nothing more; grace, cap and exemptions; waiving once (a credit on the
// statement, a second waive 409); the rule's validation in words; administrators only, another condominium's ids 404.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BARRED_VOTER, DEMO_LATE_FEE_RULE } from '../../server/db/seed/demoFacts';
import { LATE_FEE_JOB } from '../../server/domain/lateFees/jobs';
import { condoToday } from '../../server/domain/shared/zonedTime';
import { scheduleJob } from '../../server/infra/scheduledJobs';
import type { ErrorAnswer } from '../../src/api/errors';
import { FINANCE_PATHS, StatementAnswer } from '../../src/api/finance';
import {
  addDays,
  LATE_FEE_PATHS,
  LateFeeAnswer,
  LateFeeApplyAnswer,
  LateFeeExemptionAnswer,
  LateFeeListAnswer,
  type LateFeeRule,
  LateFeeRuleAnswer,
  LateFeeSettingsAnswer,
  lateFeeConcept,
  lateFeePath,
  periodOf,
  waiveConcept,
} from '../../src/api/lateFees';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const DEMO_RULE: LateFeeRule = {
  kind: DEMO_LATE_FEE_RULE.kind,
  amountCents: DEMO_LATE_FEE_RULE.amountCents,
  percentBp: DEMO_LATE_FEE_RULE.percentBp,
  graceDays: DEMO_LATE_FEE_RULE.graceDays,
  capCents: DEMO_LATE_FEE_RULE.capCents,
  active: true,
};

describe(`late fees (${dialect})`, () => {
  let t: TestApp;
  const clock = testClock();
  const tokens = { admin: '', resident: '', bosque: '' };
  let palmas = 0;
  let casa57 = 0;
  let runs = 0;

  const get = (path: string, token = tokens.admin) => call(t.app, 'GET', api(path), { token });
  const post = (path: string, payload?: object, token = tokens.admin) =>
    call(t.app, 'POST', api(path), { token, ...(payload ? { payload } : {}) });
  const today = () => condoToday(t.app.db, clock, palmas);

  /** One run of the daily job, through the app's own runner. */
  async function runJob() {
    runs++;
    await scheduleJob(t.app.db, LATE_FEE_JOB, `test-${runs}`, clock.now(), clock.now());
    await t.app.jobRunner.runOnce();
    const row = await t.app.db
      .selectFrom('scheduled_jobs')
      .select(['done_at', 'last_error'])
      .where('kind', '=', LATE_FEE_JOB)
      .where('key', '=', `test-${runs}`)
      .executeTakeFirstOrThrow();
    expect(row.last_error).toBeNull();
    expect(row.done_at).not.toBeNull();
  }

  const feesOf = (apartmentId: number) =>
    t.app.db.selectFrom('late_fees').selectAll().where('apartment_id', '=', apartmentId).orderBy('id').execute();
  const feeChargesOf = (apartmentId: number) =>
    t.app.db
      .selectFrom('dwelling_charges')
      .select(['id', 'concept', 'amount_cents', 'charged_on', 'due_on'])
      .where('apartment_id', '=', apartmentId)
      .where((eb) => eb.or([eb('concept', 'like', 'Recargo moratorio%'), eb('concept', 'like', 'Condonación de recargo%')]))
      .orderBy('id')
      .execute();

  /** The overdue balance worked out here from the ledger, on its own: charges due before the cutoff, less every
   * payment and credit made by today (none of them late fees). */
  async function overdueOf(apartmentId: number, graceDays: number): Promise<number> {
    const day = await today();
    const cutoff = addDays(day, -graceDays);
    const sum = async (query: Promise<{ total: string | number | null } | undefined>) => Number((await query)?.total ?? 0);
    const due = await sum(
      t.app.db
        .selectFrom('dwelling_charges')
        .select((eb) => eb.fn.sum<string | number>('amount_cents').as('total'))
        .where('apartment_id', '=', apartmentId)
        .where('amount_cents', '>', 0)
        .where('due_on', '<', cutoff)
        .where('concept', 'not like', 'Recargo moratorio%')
        .executeTakeFirst(),
    );
    const paid = await sum(
      t.app.db
        .selectFrom('dwelling_payments')
        .select((eb) => eb.fn.sum<string | number>('amount_cents').as('total'))
        .where('apartment_id', '=', apartmentId)
        .where('paid_on', '<=', day)
        .executeTakeFirst(),
    );
    const credits = await sum(
      t.app.db
        .selectFrom('dwelling_charges')
        .select((eb) => eb.fn.sum<string | number>('amount_cents').as('total'))
        .where('apartment_id', '=', apartmentId)
        .where('amount_cents', '<', 0)
        .where('charged_on', '<=', day)
        .where('concept', 'not like', 'Condonación de recargo%')
        .executeTakeFirst(),
    );
    return Math.max(0, due - paid + credits);
  }

  /** Forgets every fee and its ledger rows: the next run starts from the demo's ledger again. */
  async function forgetFees() {
    const fees = await t.app.db.selectFrom('late_fees').select(['charge_id', 'waive_charge_id']).execute();
    const ids = fees.flatMap((f) => [f.charge_id, f.waive_charge_id]).filter((id): id is number => id !== null);
    await t.app.db.deleteFrom('late_fees').execute();
    if (ids.length > 0) await t.app.db.deleteFrom('dwelling_charges').where('id', 'in', ids).execute();
  }

  const saveRule = async (rule: LateFeeRule) => {
    const res = await post(LATE_FEE_PATHS.rule, rule);
    expect(res.statusCode, res.body).toBe(200);
    assert(res.json(), LateFeeRuleAnswer);
  };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
    casa57 = (
      await t.app.db
        .selectFrom('apartments')
        .select('id')
        .where('condo_id', '=', palmas)
        .where('name', '=', DEMO_BARRED_VOTER.dwelling)
        .executeTakeFirstOrThrow()
    ).id;
    tokens.admin = await signInAs(t.app, 'admin@demo.mx');
    tokens.resident = await signInAs(t.app, DEMO_BARRED_VOTER.email);
    tokens.bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
  });

  it('the demo has the rule active, its job asked for, and no fee applied', async () => {
    const res = await get(LATE_FEE_PATHS.rule);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, LateFeeSettingsAnswer);
    expect(answer.rule).toEqual(DEMO_RULE);
    expect(answer.period).toBe(periodOf(await today()));
    expect(answer.dwellings.some((d) => d.id === casa57 && d.nombre === DEMO_BARRED_VOTER.dwelling)).toBe(true);
    expect(await t.app.db.selectFrom('late_fees').select('id').execute()).toEqual([]);
    const job = await t.app.db.selectFrom('scheduled_jobs').select('due_at').where('kind', '=', LATE_FEE_JOB).execute();
    expect(job).toHaveLength(1);
    expect(Date.parse(job[0]!.due_at)).toBeGreaterThan(clock.now().getTime());
  });

  it('the job charges vecino086’s dwelling once, and running it again charges nothing', async () => {
    const base = await overdueOf(casa57, DEMO_RULE.graceDays);
    expect(base).toBeGreaterThan(0);
    const expected = Math.min(Math.floor((base * DEMO_RULE.percentBp + 5_000) / 10_000), DEMO_RULE.capCents!);
    await runJob();
    const period = periodOf(await today());
    const [fee, ...more] = await feesOf(casa57);
    expect(more).toEqual([]);
    expect(fee).toMatchObject({ period, base_cents: base, amount_cents: expected, waived_at: null });
    const charges = await feeChargesOf(casa57);
    expect(charges).toEqual([
      {
        id: fee!.charge_id,
        concept: lateFeeConcept(period),
        amount_cents: expected,
        charged_on: await today(),
        due_on: await today(),
      },
    ]);
    const applied = (await t.app.db.selectFrom('late_fees').select('id').execute()).length;

    await runJob();
    await runJob();
    expect(await feesOf(casa57)).toHaveLength(1);
    expect(await feeChargesOf(casa57)).toHaveLength(1);
    expect(await t.app.db.selectFrom('late_fees').select('id').execute()).toHaveLength(applied);
    // "Aplicar recargos ahora" is the same work: nothing left to charge this period.
    const now = await post(LATE_FEE_PATHS.apply);
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toEqual({ success: true, period, applied: 0 });

    // The job asked for tomorrow's run; the history says the system applied it.
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['actor_user_id', 'action'])
      .where('entity', '=', 'late_fee')
      .where('entity_id', '=', fee!.id)
      .execute();
    expect(audit).toEqual([{ actor_user_id: null, action: 'create' }]);
    const next = await t.app.db
      .selectFrom('scheduled_jobs')
      .select('id')
      .where('kind', '=', LATE_FEE_JOB)
      .where('done_at', 'is', null)
      .execute();
    expect(next.length).toBeGreaterThanOrEqual(1);
  });

  it('the statement shows the fee as a charge', async () => {
    const day = await today();
    const res = await get(`${FINANCE_PATHS.statement}?ApartmentId=${casa57}&fechaInicio=${day}&fechaFin=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, StatementAnswer);
    const [fee] = await feesOf(casa57);
    expect(answer.data.movimientos).toContainEqual(
      expect.objectContaining({ fecha: day, concepto: lateFeeConcept(periodOf(day)), cargo: fee!.amount_cents, abono: 0 }),
    );
  });

  it('lists the fees applied, paged and filtered by period and dwelling', async () => {
    const period = periodOf(await today());
    const all = (await get(`${LATE_FEE_PATHS.list}?limit=2`)).json();
    assert(all, LateFeeListAnswer);
    const total = (await t.app.db.selectFrom('late_fees').select('id').execute()).length;
    expect(all.total).toBe(total);
    expect(all.items).toHaveLength(Math.min(2, total));
    const mine = (await get(`${LATE_FEE_PATHS.list}?periodo=${period}&vivienda=${casa57}`)).json();
    assert(mine, LateFeeListAnswer);
    expect(mine.items).toEqual([
      expect.objectContaining({ apartmentId: casa57, vivienda: DEMO_BARRED_VOTER.dwelling, period, waivedAt: null }),
    ]);
    const none = (await get(`${LATE_FEE_PATHS.list}?periodo=2001-01`)).json();
    expect(none).toEqual({ success: true, items: [], total: 0 });
    expect((await get(`${LATE_FEE_PATHS.list}?periodo=2026-13`)).statusCode).toBe(400);
  });

  it('two runs at once (two processes, "Aplicar ahora" twice) charge each dwelling once', async () => {
    await forgetFees();
    const [first, second, third] = await Promise.all([
      post(LATE_FEE_PATHS.apply),
      post(LATE_FEE_PATHS.apply),
      post(LATE_FEE_PATHS.apply),
      runJob(),
    ]);
    const applied = [first, second, third]
      .map((r) => {
        expect(r.statusCode, r.body).toBe(200);
        const body = r.json();
        assert(body, LateFeeApplyAnswer);
        return body.applied;
      })
      .reduce((a, b) => a + b, 0);
    const rows = await t.app.db.selectFrom('late_fees').select(['apartment_id', 'period', 'charge_id']).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => `${r.apartment_id}/${r.period}`)).size).toBe(rows.length);
    expect(rows.every((r) => r.charge_id !== null)).toBe(true);
    const charges = await t.app.db
      .selectFrom('dwelling_charges')
      .select('id')
      .where('condo_id', '=', palmas)
      .where('concept', 'like', 'Recargo moratorio%')
      .execute();
    expect(charges).toHaveLength(rows.length);
    // What the three calls say they applied, and the job the rest: together, each row once.
    expect(applied).toBeLessThanOrEqual(rows.length);
    expect(await feesOf(casa57)).toHaveLength(1);
  });

  it('an exempt dwelling is not charged; removing the exemption charges it on the next run', async () => {
    await forgetFees();
    const added = await post(LATE_FEE_PATHS.exemptions, { apartmentId: casa57, reason: '  Convenio de pago firmado  ' });
    expect(added.statusCode, added.body).toBe(201);
    const { exemption } = added.json() as LateFeeExemptionAnswer;
    assert(added.json(), LateFeeExemptionAnswer);
    expect(exemption).toMatchObject({
      apartmentId: casa57,
      vivienda: DEMO_BARRED_VOTER.dwelling,
      reason: 'Convenio de pago firmado',
    });
    const twice = await post(LATE_FEE_PATHS.exemptions, { apartmentId: casa57, reason: 'Otra vez' });
    expect(twice.statusCode).toBe(409);
    expect((twice.json() as ErrorAnswer).messageId).toBe('lateFees.error.alreadyExempt');
    const settings = (await get(LATE_FEE_PATHS.rule)).json() as LateFeeSettingsAnswer;
    expect(settings.exemptions.map((e) => e.apartmentId)).toEqual([casa57]);

    await runJob();
    expect(await feesOf(casa57)).toEqual([]);
    expect((await t.app.db.selectFrom('late_fees').select('id').execute()).length).toBeGreaterThan(0);

    const removed = await post(lateFeePath(LATE_FEE_PATHS.removeExemption, exemption.id));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await post(lateFeePath(LATE_FEE_PATHS.removeExemption, exemption.id))).statusCode).toBe(404);
    await runJob();
    expect(await feesOf(casa57)).toHaveLength(1);
    const actions = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'late_fee_exemption')
      .where('entity_id', '=', exemption.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('caps a fee, and a fixed fee is the amount whatever the balance', async () => {
    await forgetFees();
    await saveRule({ ...DEMO_RULE, kind: 'fijo', amountCents: 100_000, capCents: 30_000 });
    await post(LATE_FEE_PATHS.apply);
    expect((await feesOf(casa57))[0]).toMatchObject({ amount_cents: 30_000 });
    await forgetFees();
    await saveRule({ ...DEMO_RULE, kind: 'fijo', amountCents: 12_345, capCents: null });
    await post(LATE_FEE_PATHS.apply);
    expect((await feesOf(casa57))[0]).toMatchObject({ amount_cents: 12_345 });
    await forgetFees();
    await saveRule({ ...DEMO_RULE, percentBp: 10_000, capCents: 1 });
    await post(LATE_FEE_PATHS.apply);
    expect((await feesOf(casa57))[0]).toMatchObject({ amount_cents: 1 });
  });

  it('counts a charge only once its grace days are over', async () => {
    await forgetFees();
    await saveRule(DEMO_RULE);
    await post(LATE_FEE_PATHS.apply);
    // A dwelling of Las Palmas that owes nothing overdue: no fee this period.
    const charged = (await t.app.db.selectFrom('late_fees').select('apartment_id').execute()).map((r) => r.apartment_id);
    const uncharged = await t.app.db
      .selectFrom('apartments')
      .select('id')
      .where('condo_id', '=', palmas)
      .where('active', '=', 1)
      .where('id', 'not in', [0, ...charged])
      .orderBy('id')
      .execute();
    // One that owes nothing even without grace (a cuota due these last days may still be unpaid in others).
    let clean: { id: number } | undefined;
    for (const candidate of uncharged) {
      if ((await overdueOf(candidate.id, 0)) === 0) {
        clean = candidate;
        break;
      }
    }
    if (!clean) throw new Error('no dwelling of Las Palmas is up to date');
    const day = await today();
    await t.app.db
      .insertInto('dwelling_charges')
      .values({
        condo_id: palmas,
        apartment_id: clean.id,
        concept: 'Cuota de prueba',
        charged_on: addDays(day, -6),
        due_on: addDays(day, -5),
        amount_cents: 100_000,
      })
      .execute();
    await saveRule({ ...DEMO_RULE, graceDays: 5 });
    await post(LATE_FEE_PATHS.apply);
    // Due five days ago with five days of grace: not overdue yet.
    expect(await overdueOf(clean.id, 5)).toBe(0);
    expect(await feesOf(clean.id)).toEqual([]);
    await saveRule({ ...DEMO_RULE, graceDays: 4 });
    await post(LATE_FEE_PATHS.apply);
    // Overdue now: the new charge, less any payment made ahead of what was due.
    const base = await overdueOf(clean.id, 4);
    expect(base).toBeGreaterThan(0);
    expect(base).toBeLessThanOrEqual(100_000);
    expect(await feesOf(clean.id)).toEqual([
      expect.objectContaining({ base_cents: base, amount_cents: Math.floor((base * 200 + 5_000) / 10_000) }),
    ]);
    await saveRule(DEMO_RULE);
  });

  it('an inactive rule charges nothing, and saving it active asks for the job', async () => {
    await forgetFees();
    await saveRule({ ...DEMO_RULE, active: false });
    expect((await post(LATE_FEE_PATHS.apply)).json()).toMatchObject({ applied: 0 });
    await runJob();
    expect(await t.app.db.selectFrom('late_fees').select('id').execute()).toEqual([]);
    await t.app.db.deleteFrom('scheduled_jobs').where('kind', '=', LATE_FEE_JOB).execute();
    await saveRule(DEMO_RULE);
    expect(await t.app.db.selectFrom('scheduled_jobs').select('id').where('kind', '=', LATE_FEE_JOB).execute()).toHaveLength(1);
    const history = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'late_fee_rule')
      .where('condo_id', '=', palmas)
      .execute();
    expect(history.length).toBeGreaterThanOrEqual(2);
    expect(history.every((h) => h.action === 'update')).toBe(true);
  });

  it('waives a fee once: a credit on the statement, the fee marked; a second waive is 409', async () => {
    await forgetFees();
    await post(LATE_FEE_PATHS.apply);
    const [fee] = await feesOf(casa57);
    const path = lateFeePath(LATE_FEE_PATHS.waive, fee!.id);
    expect((await post(path, { reason: 'ab' })).statusCode).toBe(400);
    expect((await post(path, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    const res = await post(path, { reason: ' Error en la cuota de marzo ' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, LateFeeAnswer);
    expect(answer.fee).toMatchObject({ id: fee!.id, waiveReason: 'Error en la cuota de marzo', waivedBy: expect.any(String) });
    expect(answer.fee.waivedAt).not.toBeNull();

    const again = await post(path, { reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect((again.json() as ErrorAnswer).messageId).toBe('lateFees.error.alreadyWaived');

    const day = await today();
    const [row] = await feesOf(casa57);
    const charges = await feeChargesOf(casa57);
    expect(charges).toEqual([
      expect.objectContaining({ id: row!.charge_id, amount_cents: fee!.amount_cents }),
      expect.objectContaining({
        id: row!.waive_charge_id,
        concept: waiveConcept(fee!.period),
        amount_cents: -fee!.amount_cents,
        charged_on: day,
      }),
    ]);
    const statement = (await get(`${FINANCE_PATHS.statement}?ApartmentId=${casa57}&fechaInicio=${day}&fechaFin=${day}`)).json();
    assert(statement, StatementAnswer);
    expect(statement.data.movimientos).toContainEqual(
      expect.objectContaining({ concepto: waiveConcept(fee!.period), cargo: 0, abono: fee!.amount_cents }),
    );
    // A waived fee is neither charged again this period nor counted as a payment of the cuotas.
    await runJob();
    expect(await feesOf(casa57)).toHaveLength(1);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'late_fee')
      .where('entity_id', '=', fee!.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'condonar']);
  });

  it('two waives at once: one wins, the other is 409, one credit', async () => {
    const others = await t.app.db
      .selectFrom('late_fees')
      .select(['id', 'apartment_id'])
      .where('waived_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const path = lateFeePath(LATE_FEE_PATHS.waive, others.id);
    const results = await Promise.all([post(path, { reason: 'Primera' }), post(path, { reason: 'Segunda' })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const credits = (await feeChargesOf(others.apartment_id)).filter((c) => c.amount_cents < 0);
    expect(credits).toHaveLength(1);
  });

  it('refuses a rule out of range, with the field, in words', async () => {
    const refused = async (rule: object, field: string) => {
      const res = await post(LATE_FEE_PATHS.rule, rule);
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as ErrorAnswer).field).toBe(field);
      return res.json() as ErrorAnswer;
    };
    await refused({ ...DEMO_RULE, percentBp: 10_001 }, 'percentBp');
    await refused({ ...DEMO_RULE, percentBp: -1 }, 'percentBp');
    await refused({ ...DEMO_RULE, graceDays: 91 }, 'graceDays');
    await refused({ ...DEMO_RULE, amountCents: -1 }, 'amountCents');
    await refused({ ...DEMO_RULE, capCents: 2_147_483_647 }, 'capCents');
    await refused({ ...DEMO_RULE, amountCents: 1.5 }, 'amountCents');
    await refused({ ...DEMO_RULE, kind: 'otro' }, 'kind');
    const fixedZero = await refused({ ...DEMO_RULE, kind: 'fijo', amountCents: 0 }, 'amountCents');
    expect(fixedZero.message).toBe('Un recargo fijo activo necesita un monto mayor a 0.');
    const percentZero = await refused({ ...DEMO_RULE, percentBp: 0 }, 'percentBp');
    expect(percentZero.messageId).toBe('lateFees.error.percentBp');
    // Inactive, zeros are fine; nothing above was saved.
    expect((await get(LATE_FEE_PATHS.rule)).json()).toMatchObject({ rule: DEMO_RULE });
    expect((await post(LATE_FEE_PATHS.exemptions, { apartmentId: casa57, reason: 'no' })).statusCode).toBe(400);
  });

  it('is for administrators: a resident is refused, another condominium’s ids are 404, nobody is 401', async () => {
    const [fee] = await feesOf(casa57);
    const paths: [string, object | undefined][] = [
      [LATE_FEE_PATHS.rule, DEMO_RULE],
      [LATE_FEE_PATHS.exemptions, { apartmentId: casa57, reason: 'Mi vivienda' }],
      [lateFeePath(LATE_FEE_PATHS.removeExemption, 1), undefined],
      [lateFeePath(LATE_FEE_PATHS.waive, fee!.id), { reason: 'Mi recargo' }],
      [LATE_FEE_PATHS.apply, undefined],
    ];
    for (const [path, body] of paths) {
      expect((await post(path, body, tokens.resident)).statusCode, path).toBe(403);
      expect((await call(t.app, 'POST', api(path), body ? { payload: body } : {})).statusCode, path).toBe(401);
    }
    for (const path of [LATE_FEE_PATHS.rule, LATE_FEE_PATHS.list]) {
      expect((await get(path, tokens.resident)).statusCode, path).toBe(403);
      expect((await call(t.app, 'GET', api(path))).statusCode, path).toBe(401);
    }

    // Torres del Bosque's administrator: Las Palmas's fee, dwelling and exemption do not exist there.
    const waive = await post(lateFeePath(LATE_FEE_PATHS.waive, fee!.id), { reason: 'Ajeno' }, tokens.bosque);
    expect(waive.statusCode).toBe(404);
    expect((waive.json() as ErrorAnswer).messageId).toBe('lateFees.error.feeNotFound');
    const exempt = await post(LATE_FEE_PATHS.exemptions, { apartmentId: casa57, reason: 'Ajena' }, tokens.bosque);
    expect(exempt.statusCode).toBe(404);
    const own = await post(LATE_FEE_PATHS.exemptions, { apartmentId: casa57, reason: 'Propia' });
    const ownId = (own.json() as LateFeeExemptionAnswer).exemption.id;
    expect((await post(lateFeePath(LATE_FEE_PATHS.removeExemption, ownId), undefined, tokens.bosque)).statusCode).toBe(404);
    const list = (await get(LATE_FEE_PATHS.list, tokens.bosque)).json() as LateFeeListAnswer;
    expect(list).toEqual({ success: true, items: [], total: 0 });
    expect(((await get(LATE_FEE_PATHS.rule, tokens.bosque)).json() as LateFeeSettingsAnswer).rule.active).toBe(false);
    // Nothing was waived or exempted by them.
    expect((await feesOf(casa57))[0]!.waived_at).toBe(fee!.waived_at);
    await post(lateFeePath(LATE_FEE_PATHS.removeExemption, ownId));
  });

  it('charges again the next month, once', async () => {
    await forgetFees();
    await post(LATE_FEE_PATHS.apply);
    const first = periodOf(await today());
    clock.advanceMinutes(32 * 24 * 60);
    tokens.admin = await signInAs(t.app, 'admin@demo.mx');
    await runJob();
    await runJob();
    const periods = (await feesOf(casa57)).map((f) => f.period);
    expect(periods).toEqual([first, periodOf(await today())]);
    expect(periods[0]).not.toBe(periods[1]);
  });
});
