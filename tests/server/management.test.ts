// Management control (GET /--control-gerencial/resumen): who may ask (every role and nobody), each figure
// proven against a small ledger and community built by hand in Torres del Bosque (known payments, charges,
// budgets, a credit, requests of known ages, reservations around this week, a poll with ballots, passes by
// day), the figures of Las Palmas agreeing with the financial reports for the same period, and the links
// following what the caller may open. Today is Wednesday 2026-03-18 in Mexico City
// (late in the evening: already the 19th in UTC).
import type { Kysely, KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { managementSummary } from '../../server/domain/management/summary';
import { type Balance, FINANCE_PATHS, type Report } from '../../src/api/finance';
import { MANAGEMENT_PATHS, type ManagementSummary, type ManagementSummaryAnswer } from '../../src/api/management';
import { api } from '../support/http';
import { walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

// 23:30 in Mexico City: already the 19th in UTC, still the 18th for the condominium.
const NOW = new Date('2026-03-19T05:30:00.000Z');
const TODAY = '2026-03-18';
const BOSQUE = 'Torres del Bosque';
const PALMAS = 'Residencial Las Palmas';
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

let t: TestApp;
/** What the tests read back of Bosque's hand-built world. */
const bosque = { unfixedPoll: 0, dwellings: 0 };
const app = () => t;

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(NOW) });
  await buildBosque(t.app.db);
}, 120_000);

const summaryOf = async (token: string | undefined) => {
  const res = await call(t.app, 'GET', api(MANAGEMENT_PATHS.summary), { token });
  return { status: res.statusCode, body: res.json() as ManagementSummaryAnswer };
};

describe(`management control: who may ask (${dialect})`, () => {
  walkMatrix(app, [
    {
      method: 'GET',
      path: MANAGEMENT_PATHS.summary,
      variant: 'Las Palmas',
      // admin, consejo, residente, empleado, guardia, supervisor, inactivo, none
      expected: [200, 200, 403, 403, 403, 403, 401, 401],
      run: async (t, caller) => (await call(t.app, 'GET', api(MANAGEMENT_PATHS.summary), { token: caller.token })).statusCode,
    },
  ]);

  it('answers another condominium’s administrator with that condominium’s figures only', async () => {
    const token = await signInAs(t.app, 'admin@demo.mx', BOSQUE);
    const { status, body } = await summaryOf(token);
    expect(status).toBe(200);
    // Bosque's hand-built ledger: none of Las Palmas's two years of payments.
    expect(body.data.cobranza.mes).toBe(90_000);
    expect(body.data.bancos.filas.map((b) => b.nombre)).toEqual(['Banco del Bosque', 'Caja chica']);
  });
});

describe(`management control: every figure on a hand-built ledger (${dialect})`, () => {
  let s: ManagementSummary;
  beforeAll(async () => {
    const { status, body } = await summaryOf(await signInAs(t.app, 'admin@demo.mx', BOSQUE));
    expect(status).toBe(200);
    s = body.data;
  });

  it('knows today in the condominium’s zone', () => expect(s.hoy).toBe(TODAY));

  it('collection: payments of this month, of last month, and the month’s share of the Cuotas budget', () => {
    expect(s.cobranza).toEqual({
      mes: 90_000,
      mesAnterior: 30_000,
      presupuesto: 100_000,
      enlace: '/panel-financiero/ver-reporte?Clave=DetIng&Nombre=Ingresos',
    });
  });

  it('arrears by age, a credit settling like a payment, paid dwellings left out', () => {
    expect(s.morosidad.rangos).toEqual([
      { rango: '0-30', monto: 50_000, viviendas: 1 },
      { rango: '31-60', monto: 50_000, viviendas: 1 },
      { rango: '61-90', monto: 20_000, viviendas: 1 },
      { rango: '90+', monto: 50_000, viviendas: 1 },
    ]);
    expect(s.morosidad.monto).toBe(170_000);
    expect(s.morosidad.viviendas).toBe(4);
    expect(s.morosidad.enlace).toBe('/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos');
  });

  it('income and expenses against the budget, for the month and the year to date', () => {
    expect(s.resultados.mes).toEqual({
      desde: '2026-03-01',
      hasta: TODAY,
      ingresos: 92_000,
      egresos: 45_000,
      presupuestoIngresos: 101_000,
      presupuestoEgresos: 50_000,
    });
    expect(s.resultados.anio).toEqual({
      desde: '2026-01-01',
      hasta: TODAY,
      ingresos: 122_000,
      egresos: 100_000,
      presupuestoIngresos: 303_000,
      presupuestoEgresos: 150_000,
    });
  });

  it('bank, cash and fund balances today', () => {
    expect(s.bancos.filas.map(({ nombre, tipo, saldo }) => ({ nombre, tipo, saldo }))).toEqual([
      { nombre: 'Banco del Bosque', tipo: 'banco', saldo: 122_000 },
      { nombre: 'Caja chica', tipo: 'caja', saldo: 5_000 },
    ]);
    expect(s.bancos.total).toBe(127_000);
    expect(s.fondos.filas.map(({ nombre, saldo }) => ({ nombre, saldo }))).toEqual([
      { nombre: 'Fondo de reserva', saldo: 40_000 },
    ]);
    expect(s.bancos.enlace).toBe('/panel-financiero/listado-de-bancos');
    expect(s.fondos.enlace).toBe('/panel-financiero/listado-de-fondos');
  });

  it('guest traffic by week on the condominium’s calendar (a pass at 23:00 local is today’s)', () => {
    expect(s.visitas.semanas).toEqual([
      { desde: '2026-02-19', hasta: '2026-02-25', pases: 1, registros: 0 },
      { desde: '2026-02-26', hasta: '2026-03-04', pases: 0, registros: 0 },
      { desde: '2026-03-05', hasta: '2026-03-11', pases: 0, registros: 1 },
      { desde: '2026-03-12', hasta: '2026-03-18', pases: 2, registros: 0 },
    ]);
    expect(s.visitas.enlace).toBe('/mis-invitados');
  });

  it('open requests by age; closed ones do not count', () => {
    expect(s.solicitudes.rangos).toEqual([
      { rango: '0-2', total: 1 },
      { rango: '3-7', total: 1 },
      { rango: '8-30', total: 1 },
      { rango: '30+', total: 1 },
    ]);
    expect(s.solicitudes.total).toBe(4);
    expect(s.solicitudes.enlace).toMatch(/^\/comunicacion\/tickets-administrador\/\d+$/);
  });

  it('reservations of this week, Monday to Sunday, confirmed and waiting', () => {
    expect(s.reservaciones).toMatchObject({ desde: '2026-03-16', hasta: '2026-03-22', confirmadas: 2, pendientes: 1 });
    expect(s.reservaciones.enlace).toBe('/comunicacion/instalaciones');
  });

  it('poll participation as the poll reads it: ballots that count, the electorate with its barred seats; an old poll left out', () => {
    expect(s.encuestas.map((p) => p.titulo)).toEqual(['Reglamento de mascotas', 'Pintura de fachadas']);
    expect(
      s.encuestas
        .filter((p) => p.id !== bosque.unfixedPoll)
        .map(({ id: _, enlace, ...p }) => ({ ...p, enlace: enlace?.startsWith('/comunicacion/encuestas?PollId=') })),
    ).toEqual([
      {
        titulo: 'Pintura de fachadas',
        fase: 'abierta',
        cierra: ago(-7),
        conteo: 'vivienda',
        votantes: 2,
        electorado: 4,
        participacion: 5_000,
        enlace: true,
      },
    ]);
  });

  it('counts an electorate not fixed yet as it would be fixed, without fixing it (this screen only reads)', async () => {
    const poll = s.encuestas.find((p) => p.id === bosque.unfixedPoll);
    expect(poll).toMatchObject({
      titulo: 'Reglamento de mascotas',
      fase: 'abierta',
      votantes: 0,
      electorado: bosque.dwellings,
      participacion: 0,
    });
    const row = await t.app.db
      .selectFrom('polls')
      .select('fixed_at')
      .where('id', '=', bosque.unfixedPoll)
      .executeTakeFirstOrThrow();
    expect(row.fixed_at).toBeNull();
  });
});

describe(`management control agrees with the financial reports of Las Palmas (${dialect})`, () => {
  let admin: string;
  let s: ManagementSummary;
  beforeAll(async () => {
    admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    const started = performance.now();
    const { body } = await summaryOf(admin);
    // Measured once with the demo data (250+ dwellings, two years of ledger).
    console.info(`control-gerencial summary on the demo data (${dialect}): ${Math.round(performance.now() - started)} ms`);
    s = body.data;
  });
  const report = async (clave: string, from: string, to: string) => {
    const res = await call(t.app, 'GET', api(`${FINANCE_PATHS.report}?Clave=${clave}&fechaInicio=${from}&fechaFin=${to}`), {
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: Report }).data;
  };

  it('has figures to show: collection, arrears in several buckets, bank balances', () => {
    expect(s.cobranza.mes).toBeGreaterThan(0);
    expect(s.cobranza.mesAnterior).toBeGreaterThan(0);
    expect(s.morosidad.rangos.filter((r) => r.viviendas > 0).length).toBeGreaterThan(1);
    expect(s.bancos.filas.length).toBeGreaterThan(0);
  });

  it('collection and income equal Ingresos for this month and last month', async () => {
    const month = await report('DetIng', '2026-03-01', TODAY);
    expect(month.filas[0]).toEqual({ etiqueta: 'Cuotas de mantenimiento', valores: [s.cobranza.mes] });
    expect(month.totales[0]).toBe(s.resultados.mes.ingresos);
    const last = await report('DetIng', '2026-02-01', '2026-02-28');
    expect(last.filas[0]!.valores[0]).toBe(s.cobranza.mesAnterior);
    expect((await report('DetIng', '2026-01-01', TODAY)).totales[0]).toBe(s.resultados.anio.ingresos);
  });

  it('expenses equal Egresos; budgets are the year’s Presupuestos spread by month', async () => {
    expect((await report('DetEg', '2026-03-01', TODAY)).totales[0]).toBe(s.resultados.mes.egresos);
    expect((await report('DetEg', '2026-01-01', TODAY)).totales[0]).toBe(s.resultados.anio.egresos);
    const budget = await report('Presup', '2026-01-01', TODAY);
    const yearly = (kind: string) =>
      budget.filas.filter((f) => f.etiqueta.startsWith(kind)).reduce((sum, f) => sum + (f.valores[0] ?? 0), 0);
    expect(s.resultados.mes.presupuestoIngresos).toBe(Math.round(yearly('Ingreso: ') / 12));
    expect(s.resultados.anio.presupuestoEgresos).toBe(Math.round((yearly('Egreso: ') * 3) / 12));
    const cuotas = budget.filas.find((f) => f.etiqueta === 'Ingreso: Cuotas de mantenimiento')!.valores[0]!;
    expect(s.cobranza.presupuesto).toBe(Math.round(cuotas / 12));
  });

  it('arrears equal Morosos today: the same total and dwellings, each in the bucket of its age', async () => {
    const morosos = await report('Morosos', '2026-01-01', TODAY);
    expect(s.morosidad.monto).toBe(morosos.totales[0]);
    expect(s.morosidad.viviendas).toBe(morosos.filas.length);
    const over90 = morosos.filas.filter((f) => (f.valores[1] ?? 0) > 90);
    expect(s.morosidad.rangos.find((r) => r.rango === '90+')).toEqual({
      rango: '90+',
      monto: over90.reduce((sum, f) => sum + (f.valores[0] ?? 0), 0),
      viviendas: over90.length,
    });
  });

  it('balances equal listado-de-bancos and listado-de-fondos', async () => {
    for (const [path, figure] of [
      [FINANCE_PATHS.banks, s.bancos],
      [FINANCE_PATHS.funds, s.fondos],
    ] as const) {
      const res = await call(t.app, 'GET', api(path), { token: admin });
      const rows = (res.json() as { data: Balance[] }).data;
      expect(figure.filas).toEqual(rows.map((r) => ({ id: r.id, nombre: r.nombre, tipo: r.tipo, saldo: r.saldo })));
    }
  });

  it('the board sees the same figures; without COM-REP or COM-SOL the figures stay, without their links', async () => {
    const board = (await summaryOf(await signInAs(t.app, 'consejo@demo.mx'))).body.data;
    expect(board.cobranza.mes).toBe(s.cobranza.mes);
    expect(board.morosidad).toMatchObject({ monto: s.morosidad.monto, viviendas: s.morosidad.viviendas });
    expect(board.morosidad.enlace).toBe('/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos');
    expect(board.solicitudes.enlace).toMatch(/^\/comunicacion\/tickets-administrador\/\d+$/);

    const db = t.app.db;
    const membership = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .select('m.id')
      .where('u.email', '=', 'consejo@demo.mx')
      .where('c.name', '=', PALMAS)
      .executeTakeFirstOrThrow();
    const setActive = (activa: 0 | 1) =>
      db
        .updateTable('user_permissions')
        .set({ activa })
        .where('membership_id', '=', membership.id)
        .where('clave', 'in', ['COM-REP', 'COM-SOL'])
        .execute();
    await setActive(0);
    try {
      const without = (await summaryOf(await signInAs(t.app, 'consejo@demo.mx'))).body.data;
      expect(without.cobranza).toEqual({ ...s.cobranza, enlace: null });
      expect(without.morosidad).toEqual({ ...s.morosidad, enlace: null });
      expect([without.bancos.enlace, without.fondos.enlace, without.resultados.enlaceIngresos]).toEqual([null, null, null]);
      expect(without.solicitudes).toEqual({ ...s.solicitudes, enlace: null });
      // Reservations and polls keep theirs (COM-RES, COM-ENC).
      expect(without.reservaciones.enlace).toBe('/comunicacion/instalaciones');
    } finally {
      await setActive(1);
    }
  });
});

describe(`management control: a bounded number of queries (${dialect})`, () => {
  /** Runs the summary as admin@demo.mx in one condominium over a database that counts its queries. */
  async function queriesFor(condoName: string) {
    const db = t.app.db;
    const member = await db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .select(['m.id', 'u.id as userId', 'c.id as condoId'])
      .where('u.email', '=', 'admin@demo.mx')
      .where('c.name', '=', condoName)
      .executeTakeFirstOrThrow();
    let count = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        count += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const auth = {
      sessionId: 0,
      userId: member.userId,
      condoId: member.condoId,
      membershipId: member.id,
      language: 'es' as const,
    };
    await managementSummary(db.withPlugin(counter), testClock(NOW), auth);
    return count;
  }

  it('asks a bounded number of queries, no more for Las Palmas (260 dwellings, two years of ledger) than for a small condominium', async () => {
    const palmas = await queriesFor(PALMAS);
    // Bosque has one more poll whose electorate is not fixed yet, read as it would be fixed.
    const small = await queriesFor(BOSQUE);
    console.info(`control-gerencial queries (${dialect}): Las Palmas ${palmas}, Torres del Bosque ${small}`);
    expect(palmas).toBeLessThanOrEqual(45);
    expect(palmas).toBeLessThanOrEqual(small);
  });
});

/** Torres del Bosque's small world: four dwellings in arrears of known ages, one paid up, and the rest. */
async function buildBosque(db: Kysely<Database>) {
  const condo = await db.selectFrom('condominiums').select('id').where('name', '=', BOSQUE).executeTakeFirstOrThrow();
  const condoId = condo.id;
  const apartments = (await db.selectFrom('apartments').select('id').where('condo_id', '=', condoId).orderBy('id').execute()).map(
    (a) => a.id,
  );
  const [a1, a2, a3, a4, a5, a6] = apartments as [number, number, number, number, number, number];
  // Built from nothing: the demo's own fee on three dwellings (DEMO_BOSQUE_CHARGES, for crear-factura) goes first.
  await db.deleteFrom('dwelling_charges').where('condo_id', '=', condoId).execute();
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
  const section = async (code: string) =>
    (
      await db
        .selectFrom('sections')
        .select('id')
        .where('condo_id', '=', condoId)
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;

  const bank = await db
    .insertInto('ledger_accounts')
    .values({ condo_id: condoId, name: 'Banco del Bosque', kind: 'banco', opening_cents: 100_000, opened_on: '2025-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ledger_accounts')
    .values({ condo_id: condoId, name: 'Caja chica', kind: 'caja', opening_cents: 5_000, opened_on: '2025-01-01' })
    .execute();
  const fund = await db
    .insertInto('ledger_funds')
    .values({ condo_id: condoId, name: 'Fondo de reserva', opening_cents: 50_000, opened_on: '2025-01-01' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ledger_budgets')
    .values([
      { condo_id: condoId, year: 2026, kind: 'ingreso', category: 'Cuotas de mantenimiento', amount_cents: 1_200_000 },
      { condo_id: condoId, year: 2026, kind: 'ingreso', category: 'Intereses bancarios', amount_cents: 12_000 },
      { condo_id: condoId, year: 2026, kind: 'egreso', category: 'Limpieza', amount_cents: 600_000 },
      // Another year's budget never counts.
      { condo_id: condoId, year: 2025, kind: 'egreso', category: 'Limpieza', amount_cents: 999_000 },
    ])
    .execute();
  const charge = (apartment_id: number, due_on: string, amount_cents: number, charged_on = due_on) => ({
    condo_id: condoId,
    apartment_id,
    concept: amount_cents < 0 ? 'Devolución' : 'Cuota de mantenimiento',
    charged_on,
    due_on,
    amount_cents,
  });
  await db
    .insertInto('dwelling_charges')
    .values([
      charge(a1, '2026-03-05', 50_000, '2026-03-01'), // 13 days: 0-30
      charge(a2, '2026-01-05', 50_000), // paid in March (the oldest first)…
      charge(a2, '2026-02-05', 50_000), // …so this one is owed, 41 days: 31-60
      charge(a3, '2025-11-05', 80_000), // 133 days: 90+, less a credit of 30,000
      charge(a3, '2026-03-10', -30_000),
      charge(a4, '2026-02-05', 30_000), // paid in February
      charge(a4, '2026-03-05', 40_000), // paid in March
      charge(a5, '2026-01-10', 20_000), // 67 days: 61-90
      charge(a6, '2026-03-25', 50_000), // not due yet
    ])
    .execute();
  const payment = (apartment_id: number, paid_on: string, amount_cents: number) => ({
    condo_id: condoId,
    apartment_id,
    account_id: bank.id,
    paid_on,
    reference: `REF-${apartment_id}-${paid_on}`,
    amount_cents,
  });
  await db
    .insertInto('dwelling_payments')
    .values([payment(a2, '2026-03-10', 50_000), payment(a4, '2026-03-03', 40_000), payment(a4, '2026-02-15', 30_000)])
    .execute();
  const movement = (
    kind: string,
    category: string,
    occurred_on: string,
    amount_cents: number,
    fund_id: number | null = null,
  ) => ({
    condo_id: condoId,
    kind,
    category,
    description: category,
    occurred_on,
    amount_cents,
    account_id: bank.id,
    fund_id,
  });
  await db
    .insertInto('ledger_movements')
    .values([
      movement('ingreso', 'Intereses bancarios', '2026-03-02', 2_000),
      movement('egreso', 'Limpieza', '2026-03-04', 45_000),
      movement('egreso', 'Limpieza', '2026-02-04', 45_000),
      movement('egreso', 'Obras', '2026-01-10', 10_000, fund.id),
    ])
    .execute();

  // Requests filed 1, 5, 20 and 45 days ago, and a closed one that does not count.
  const category = await db
    .insertInto('ticket_categories')
    .values({ condo_id: condoId, name: 'General', active: 1, position: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sa = await section('SA');
  const ticket = (days: number, state: string) => ({
    condo_id: condoId,
    section_id: sa,
    category_id: category.id,
    requester_user_id: admin.id,
    apartment_id: a1,
    common_area: null,
    title: `Solicitud de hace ${days} días`,
    description: 'Prueba',
    priority: 'media',
    state,
    assignee_user_id: null,
    due_at: null,
    resolved_at: null,
    closed_at: state === 'cerrado' ? ago(1) : null,
    first_reply_at: null,
    overdue_notified_at: null,
    search: 'solicitud',
    created_at: ago(days),
    updated_at: ago(days),
  });
  await db
    .insertInto('tickets')
    .values([ticket(1, 'nuevo'), ticket(5, 'asignado'), ticket(20, 'en_proceso'), ticket(45, 'en_espera'), ticket(3, 'cerrado')])
    .execute();

  // Reservations: Monday, Friday (waiting) and Sunday of this week count; a cancelled one and next Monday's do not.
  const facility = await db
    .insertInto('facilities')
    .values({
      condo_id: condoId,
      name: 'Terraza',
      description: '',
      capacity: 20,
      exclusive: 1,
      rules_text: '',
      hours_json: '{}',
      unit: 'horas',
      slot_minutes: 60,
      min_minutes: 60,
      max_minutes: 240,
      days_ahead: 30,
      cancel_hours: 24,
      limit_count: null,
      limit_period: null,
      needs_approval: 1,
      fee_cents: 0,
      deposit_cents: 0,
      admits_arrears: 1,
      created_at: ago(60),
      updated_at: ago(60),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reservation = (local_date: string, state: string) => ({
    condo_id: condoId,
    facility_id: facility.id,
    apartment_id: a4,
    user_id: admin.id,
    local_date,
    starts_local: `${local_date}T10:00`,
    ends_local: `${local_date}T12:00`,
    starts_at: `${local_date}T16:00:00.000Z`,
    ends_at: `${local_date}T18:00:00.000Z`,
    people: 5,
    note: '',
    state,
    reason: null,
    fee_cents: 0,
    deposit_cents: 0,
    deposit_state: 'ninguno',
    decided_by: null,
    created_at: ago(10),
    updated_at: ago(10),
  });
  await db
    .insertInto('reservations')
    .values([
      reservation('2026-03-16', 'confirmada'),
      reservation('2026-03-20', 'pendiente'),
      reservation('2026-03-22', 'confirmada'),
      reservation('2026-03-17', 'cancelada'),
      reservation('2026-03-23', 'confirmada'),
      reservation('2026-03-15', 'confirmada'),
    ])
    .execute();

  // An open vote with its electorate fixed (four seats, one barred by arrears) and two ballots; a poll closed
  // 40 days ago that no longer shows.
  const en = await section('EN');
  const poll = (title: string, opens: number, closes: number, state: string, fixed: boolean) => ({
    condo_id: condoId,
    section_id: en,
    title,
    description: '',
    kind: 'votacion',
    counting: 'vivienda',
    secret: 0 as const,
    changeable: 0 as const,
    quorum: null,
    opens_at: ago(opens),
    closes_at: ago(closes),
    state,
    reason: null,
    proposer_id: null,
    created_by: admin.id,
    fixed_at: fixed ? ago(opens) : null,
    closed_at: state === 'cerrada' ? ago(closes) : null,
    created_at: ago(opens + 1),
    updated_at: ago(opens),
  });
  // A vote opened yesterday that nobody has touched since: its electorate is not fixed yet. With TiempoMoroso
  // 60, the dwellings owing for more than 60 days on its opening day (a3 and a5) may not vote.
  await db.updateTable('sections').set({ tiempo_moroso: 60 }).where('id', '=', en).execute();
  const unfixed = await db
    .insertInto('polls')
    .values(poll('Reglamento de mascotas', 1, -10, 'publicada', false))
    .returning('id')
    .executeTakeFirstOrThrow();
  bosque.unfixedPoll = unfixed.id;
  bosque.dwellings = apartments.length;
  const open = await db
    .insertInto('polls')
    .values(poll('Pintura de fachadas', 2, -7, 'publicada', true))
    .returning('id')
    .executeTakeFirstOrThrow();
  const old = await db
    .insertInto('polls')
    .values(poll('Horario de alberca', 60, 40, 'cerrada', true))
    .returning('id')
    .executeTakeFirstOrThrow();
  const seat = (poll_id: number, apartment_id: number, barred: 0 | 1) => ({
    poll_id,
    seat_key: `A:${apartment_id}`,
    apartment_id,
    user_id: null,
    name: `Vivienda ${apartment_id}`,
    weight: 1,
    barred,
    debt_cents: null,
    debt_days: null,
  });
  await db
    .insertInto('poll_electorate')
    .values([seat(open.id, a1, 0), seat(open.id, a2, 0), seat(open.id, a3, 1), seat(open.id, a4, 0), seat(old.id, a1, 0)])
    .execute();
  const ballot = (poll_id: number, apartment_id: number) => ({
    poll_id,
    seat_key: `A:${apartment_id}`,
    apartment_id,
    cast_by: admin.id,
    receipt: `R-${poll_id}-${apartment_id}`,
    cast_at: ago(1),
    changed_at: null,
  });
  await db
    .insertInto('poll_ballots')
    .values([ballot(open.id, a1), ballot(open.id, a4), ballot(old.id, a1)])
    .execute();

  // Passes: two today (one at 23:00 local, already the 19th in UTC), one 27 days ago, one too old; a guest's own
  // registration through the condominium's link 12 days ago.
  const link = await db
    .insertInto('guest_links')
    .values({
      token: 'bosque-link-management',
      type: 'condo',
      condo_id: condoId,
      user_id: null,
      event_id: null,
      created_at: ago(90),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pass = (key: string, created_at: string, guest_link_id: number | null = null) => ({
    condo_id: condoId,
    tipo: 'temporal',
    qr: `BOSQUE-QR-${key}`,
    manual_key: `BQ${key}`,
    nombre: `Visita ${key}`,
    email: null,
    telefono: null,
    dias_acceso: '[]',
    fecha_inicio: null,
    fecha_fin: null,
    hora_inicio: null,
    hora_fin: null,
    nota_visitante: null,
    nombre_infante: null,
    host_user_id: guest_link_id === null ? admin.id : null,
    apartment_id: a1,
    guest_link_id,
    event_id: null,
    companions: 0,
    forma_de_acceso: 'pie',
    placas: null,
    created_at,
  });
  await db
    .insertInto('passes')
    .values([
      pass('1', '2026-03-18T17:00:00.000Z'),
      pass('2', '2026-03-19T05:00:00.000Z'),
      pass('3', '2026-02-19T07:00:00.000Z'),
      pass('4', '2026-02-19T05:00:00.000Z'), // 2026-02-18 23:00 local: before the four weeks
      pass('5', '2026-03-06T18:00:00.000Z', link.id),
    ])
    .execute();
}
