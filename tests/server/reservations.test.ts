// Facility reservations (issue 15), through the real app on the seeded demo (SQLite, or PostgreSQL with
// TEST_DIALECT): home and availability by role, every booking refusal, the approval race on the demo's two
// pending Salón requests, the fee and deposit in the ledger and in the account statement (and their credits on
// cancellation), the lifecycle per role, another condominium, notifications, the reminder job, deposits, the
// CSV export and facility editing. One app for the file; the clock moves only in the last block.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BARRED_VOTER, DEMO_RESERVATIONS, demoPendingSalonDate } from '../../server/db/seed/demoFacts';
import { arrears } from '../../server/domain/shared/ledgerReports';
import { FINANCE_PATHS, StatementAnswer } from '../../src/api/finance';
import {
  AvailabilityAnswer,
  FacilityAnswer,
  type FacilityDraft,
  HomeAnswer,
  RESERVATIONS_PATHS,
  type Reservation,
  ReservationPage,
} from '../../src/api/reservations';
import { dwellingOf, userId } from '../support/pollServerFixtures';
import { dayAfter, facilityId, refusalOf, reservationsClient } from '../support/reservationServerFixtures';
import { createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

const F = DEMO_RESERVATIONS.facilities;

describe(`facility reservations (${dialect})`, () => {
  // A Wednesday, 10:00 in Mexico City.
  const clock = testClock(new Date('2026-11-18T16:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const apt: Record<string, number> = {};
  const ids: Record<string, number> = {};
  const client = reservationsClient(() => t, tokens);
  const PEOPLE = [
    'admin',
    'consejo',
    'residente',
    'empleado',
    'guardia',
    'vecino028',
    'vecino029',
    'vecino010',
    'vecino011',
    'vecino086',
  ];
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '10080' } });
    for (const who of PEOPLE) tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    for (const who of ['residente', 'consejo', 'vecino028', 'vecino029', 'vecino010', 'vecino011', 'vecino086'])
      apt[who] = await dwellingOf(t.app.db, `${who}@demo.mx`);
    for (const [key, name] of Object.entries(F)) ids[key] = await facilityId(t.app.db, name);
  });

  const home = (who: string) => expectOk<HomeAnswer>(client.get(who, RESERVATIONS_PATHS.home), HomeAnswer);
  const availability = (who: string, facility: number, desde: string, dias = 1) =>
    expectOk<AvailabilityAnswer>(
      client.get(who, `${RESERVATIONS_PATHS.availability}?facilityId=${facility}&desde=${desde}&dias=${dias}`),
      AvailabilityAnswer,
    );
  const ledgerOf = (reservationId: number) =>
    t.app.db
      .selectFrom('dwelling_charges')
      .select(['concept', 'amount_cents', 'charged_on', 'apartment_id'])
      .where('reservation_id', '=', reservationId)
      .orderBy('id')
      .execute();
  const titlesOf = async (who: string, reservationId: number) =>
    (
      await t.app.db
        .selectFrom('notifications')
        .select('titulo')
        .where('user_id', '=', await userId(t.app.db, `${who}@demo.mx`))
        .where('modulo', '=', 'instalacion')
        .where('props', 'like', `%"reservationId":${reservationId}}`)
        .orderBy('id')
        .execute()
    ).map((n) => n.titulo);

  it('home: residents see the active facilities and their dwellings; administrators the queue; employees nothing', async () => {
    const resident = await home('residente');
    expect(resident.instalaciones.map((f) => f.Nombre)).toEqual(Object.values(F));
    expect(resident.viviendas).toEqual([expect.objectContaining({ Nombre: 'Torre A - 101', moroso: false })]);
    expect(resident.puedeAdministrar).toBe(false);
    expect(resident.porAprobar).toBe(0);
    expect(resident.ahoraLocal).toBe('2026-11-18T10:00');
    const admin = await home('admin');
    expect(admin.puedeAdministrar).toBe(true);
    expect(admin.porAprobar).toBe(2);
    // The dwelling the ledger seed leaves in arrears: the RI section's TiempoMoroso is 0, any overdue debt bars.
    expect((await home('vecino086')).viviendas[0]).toMatchObject({ Nombre: DEMO_BARRED_VOTER.dwelling, moroso: true });
    expect((await client.get('empleado', RESERVATIONS_PATHS.home)).statusCode).toBe(403);
    const pool = (await home('residente')).instalaciones.find((f) => f.Nombre === F.pool)!;
    expect(pool.cierres).toHaveLength(1);
    expect(pool).toMatchObject({ exclusiva: false, capacidad: 20, unidad: 'bloques', duracionBloque: 120 });
  });

  it('books a pádel slot at once; the day shows it as propia to its dwelling and as Ocupado without names to others', async () => {
    const day = dayAfter(clock, 2);
    const mine = await client.booked('residente', client.bookRequest(ids.padel!, apt.residente!, day, '07:00', '08:00'));
    expect(mine).toMatchObject({ estado: 'confirmada', fase: 'proxima', deposito: 'ninguno', Vivienda: 'Torre A - 101' });
    expect(mine.acciones).toEqual(['cancelar']);
    const own = (await availability('residente', ids.padel!, day)).dias[0]!;
    expect(own.opciones[0]).toMatchObject({ desde: '07:00', hasta: '08:00', estado: 'propia', lugares: 0 });
    expect(own.opciones[1]).toMatchObject({ desde: '08:00', estado: 'libre', lugares: 4 });
    expect(own.ocupados).toEqual([
      { desde: '07:00', hasta: '08:00', personas: 2, propia: true, ReservationId: mine.ReservationId, Vivienda: 'Torre A - 101' },
    ]);
    const other = (await availability('vecino010', ids.padel!, day)).dias[0]!;
    expect(other.opciones[0]!.estado).toBe('ocupado');
    expect(other.ocupados).toEqual([
      { desde: '07:00', hasta: '08:00', personas: 2, propia: false, ReservationId: null, Vivienda: null },
    ]);
    const admin = (await availability('admin', ids.padel!, day)).dias[0]!;
    expect(admin.ocupados[0]).toMatchObject({ ReservationId: mine.ReservationId, Vivienda: 'Torre A - 101', propia: false });
    // Today up to 10:00 (now) is past; beyond 14 days too far ahead.
    const today = (await availability('residente', ids.padel!, dayAfter(clock, 0))).dias[0]!;
    expect(today.opciones.slice(0, 5).map((o) => o.estado)).toEqual(['pasado', 'pasado', 'pasado', 'pasado', 'libre']);
    const far = await availability('residente', ids.padel!, dayAfter(clock, 14), 2);
    expect(far.dias.map((d) => d.opciones[0]!.estado)).toEqual(['libre', 'muy_anticipado']);
  });

  it('refuses each booking with its reason', async () => {
    const book = (who: string, facility: number, days: number, desde: string, hasta: string, personas = 2) =>
      client.book(who, client.bookRequest(facility, apt[who]!, dayAfter(clock, days), desde, hasta, personas));
    expect(refusalOf(await book('vecino010', ids.padel!, 2, '07:00', '08:00'))).toBe('ocupado');
    expect(refusalOf(await book('vecino010', ids.padel!, 2, '06:00', '07:00'))).toBe('fuera_de_horario');
    expect(refusalOf(await book('vecino010', ids.padel!, 2, '07:30', '08:30'))).toBe('fuera_de_horario');
    expect(refusalOf(await book('vecino010', ids.padel!, 15, '07:00', '08:00'))).toBe('muy_anticipado');
    expect(refusalOf(await book('vecino010', ids.padel!, 0, '07:00', '08:00'))).toBe('pasado');
    expect(refusalOf(await book('vecino010', ids.padel!, 2, '09:00', '10:00', 5))).toBe('personas');
    expect(refusalOf(await book('vecino010', ids.salon!, 20, '10:00', '12:00'))).toBe('duracion');
    expect(refusalOf(await book('vecino086', ids.salon!, 20, '10:00', '16:00'))).toBe('moroso');
    const closure = (await home('residente')).instalaciones.find((f) => f.Nombre === F.pool)!.cierres[0]!;
    const closedDay = closure.desde.slice(0, 10);
    const res = await client.book('vecino010', client.bookRequest(ids.pool!, apt.vecino010!, closedDay, '10:00', '12:00'));
    expect(refusalOf(res)).toBe('cerrada');
    expect((JSON.parse(res.body) as { message: string }).message).toBe('La instalación está cerrada en ese horario.');
    // Two pádel bookings a week per dwelling (Monday first): the third of the week is refused.
    await client.booked('vecino010', client.bookRequest(ids.padel!, apt.vecino010!, dayAfter(clock, 2), '09:00', '10:00'));
    await client.booked('vecino010', client.bookRequest(ids.padel!, apt.vecino010!, dayAfter(clock, 3), '09:00', '10:00'));
    expect(refusalOf(await book('vecino010', ids.padel!, 3, '10:00', '11:00'))).toBe('limite');
    // Next week counts afresh (the clock's day is a Wednesday: +5 is next Monday).
    await client.booked('vecino010', client.bookRequest(ids.padel!, apt.vecino010!, dayAfter(clock, 5), '10:00', '11:00'));
    // Someone else's dwelling: 403; the reglamento must be accepted: 400.
    expect(
      (await client.book('vecino011', client.bookRequest(ids.padel!, apt.vecino010!, dayAfter(clock, 4), '07:00', '08:00')))
        .statusCode,
    ).toBe(403);
    const unaccepted = {
      ...client.bookRequest(ids.padel!, apt.vecino011!, dayAfter(clock, 4), '07:00', '08:00'),
      aceptaReglamento: false,
    };
    expect((await client.post('vecino011', RESERVATIONS_PATHS.book, unaccepted)).statusCode).toBe(400);
  });

  it('the Salón: approving one of two pending requests for the same evening posts its fee and deposit; the other is refused', async () => {
    const queue = await expectOk<ReservationPage>(
      client.get('admin', `${RESERVATIONS_PATHS.adminList}?estado=pendiente`),
      ReservationPage,
    );
    expect(queue.items.map((r) => r.ApmtId)).toEqual([apt.vecino028, apt.vecino029]);
    const [first, second] = queue.items as [Reservation, Reservation];
    expect(first).toMatchObject({
      fecha: demoPendingSalonDate(clock.now()),
      desde: '18:00',
      hasta: '24:00',
      acciones: ['aprobar', 'rechazar', 'cancelar'],
    });
    // Nobody but an administrator approves; another resident does not even see it.
    expect((await client.change('vecino028', first, 'aprobar')).statusCode).toBe(409);
    expect((await client.change('vecino029', first, 'aprobar')).statusCode).toBe(404);
    expect((await client.change('consejo', first, 'aprobar')).statusCode).toBe(404);
    expect((await client.change('guardia', first, 'aprobar')).statusCode).toBe(403);
    expect((await client.change('empleado', first, 'aprobar')).statusCode).toBe(403);

    const approved = await client.change('admin', first, 'aprobar');
    expect(approved.statusCode, approved.body).toBe(200);
    const confirmed = (JSON.parse(approved.body) as { reservacion: Reservation }).reservacion;
    expect(confirmed).toMatchObject({ estado: 'confirmada', deposito: 'retenido', cuotaCents: 150_000, depositoCents: 200_000 });
    const fecha = first.fecha.split('-').reverse().join('/');
    expect(await ledgerOf(first.ReservationId)).toEqual([
      {
        concept: `Reservación ${F.salon} ${fecha}`,
        amount_cents: 150_000,
        charged_on: '2026-11-18',
        apartment_id: apt.vecino028,
      },
      { concept: `Depósito ${F.salon} ${fecha}`, amount_cents: 200_000, charged_on: '2026-11-18', apartment_id: apt.vecino028 },
    ]);
    expect(await titlesOf('vecino028', first.ReservationId)).toEqual(['Reservación confirmada']);
    const lost = await client.change('admin', second, 'aprobar');
    expect(refusalOf(lost)).toBe('ocupado');
    expect((JSON.parse(lost.body) as { reservacion: Reservation }).reservacion.estado).toBe('pendiente');
    // The stale version is refused with the fresh reservation.
    const stale = await client.change('admin', first, 'cancelar', 'Prueba');
    expect(stale.statusCode).toBe(409);
    expect((JSON.parse(stale.body) as { reservacion: Reservation }).reservacion.version).toBe(confirmed.version);
    // Rejecting needs a reason the resident reads.
    expect((await client.change('admin', second, 'rechazar')).statusCode).toBe(400);
    const rejected = await client.change('admin', second, 'rechazar', 'El salón ya está ocupado esa noche.');
    expect(rejected.statusCode).toBe(200);
    expect(await titlesOf('vecino029', second.ReservationId)).toEqual(['Reservación rechazada']);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'reservation')
      .where('entity_id', 'in', [first.ReservationId, second.ReservationId])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['aprobar', 'rechazar']);

    // The fee is on vecino028's account statement.
    const statementPath = `${FINANCE_PATHS.statement}?ApartmentId=${apt.vecino028}&fechaInicio=2026-11-01&fechaFin=2026-11-30`;
    const statement = await expectOk<StatementAnswer>(client.get('vecino028', statementPath), StatementAnswer);
    expect(statement.data.movimientos).toContainEqual(
      expect.objectContaining({ concepto: `Reservación ${F.salon} ${fecha}`, cargo: 150_000, abono: 0 }),
    );

    // The owner cancels within the 72 hours' deadline: both come back as credits, the deposit devuelto.
    const cancelled = await client.change('vecino028', confirmed, 'cancelar');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((JSON.parse(cancelled.body) as { reservacion: Reservation }).reservacion).toMatchObject({
      estado: 'cancelada',
      deposito: 'devuelto',
    });
    expect((await ledgerOf(first.ReservationId)).map((l) => l.amount_cents)).toEqual([150_000, 200_000, -150_000, -200_000]);
    // On the statement the credits read as abonos and the running balance ends where it started.
    const after = await expectOk<StatementAnswer>(client.get('vecino028', statementPath), StatementAnswer);
    const credits = after.data.movimientos.filter((m) => m.concepto.startsWith('Cancelación'));
    expect(credits.map((m) => [m.cargo, m.abono])).toEqual([
      [0, 150_000],
      [0, 200_000],
    ]);
    expect(after.data.saldoFinal).toBe(statement.data.saldoFinal - 350_000);
    // A week later the dwelling does not look in arrears for it, and its running balance closes at what it was.
    const owed = await arrears(t.app.db, 1, '2026-11-25');
    const before = await arrears(t.app.db, 1, '2026-11-17');
    expect(owed.get(apt.vecino028!)?.adeudo ?? 0).toBe(before.get(apt.vecino028!)?.adeudo ?? 0);
    expect(await titlesOf('vecino028', first.ReservationId)).toEqual(['Reservación confirmada']);
  });

  it('a shared facility admits bookings while the people present stay within its capacity', async () => {
    const day = dayAfter(clock, 2);
    await client.booked('vecino010', client.bookRequest(ids.pool!, apt.vecino010!, day, '12:00', '14:00', 15));
    expect(
      refusalOf(await client.book('vecino011', client.bookRequest(ids.pool!, apt.vecino011!, day, '12:00', '14:00', 6))),
    ).toBe('ocupado');
    await client.booked('vecino011', client.bookRequest(ids.pool!, apt.vecino011!, day, '12:00', '14:00', 5));
    const slot = (await availability('residente', ids.pool!, day)).dias[0]!.opciones.find((o) => o.desde === '12:00')!;
    expect(slot).toMatchObject({ estado: 'ocupado', lugares: 0 });
  });

  it('mine: upcoming soonest first, then past; a reservation of another dwelling is 404', async () => {
    const mine = await expectOk<ReservationPage>(
      client.get('vecino010', `${RESERVATIONS_PATHS.mine}?fase=proximas`),
      ReservationPage,
    );
    expect(mine.items.map((r) => r.inicio)).toEqual([...mine.items.map((r) => r.inicio)].sort());
    expect(mine.total).toBe(mine.items.length);
    expect((await client.get('vecino011', RESERVATIONS_PATHS.reservation(mine.items[0]!.ReservationId))).statusCode).toBe(404);
    const past = await expectOk<ReservationPage>(
      client.get('vecino028', `${RESERVATIONS_PATHS.mine}?fase=pasadas`),
      ReservationPage,
    );
    expect(past.items.map((r) => r.estado)).toEqual(['cancelada']);
  });

  it('another condominium sees none of it', async () => {
    const bosque = await t.app.db
      .selectFrom('condominiums')
      .select('name')
      .where('subdomain', '=', 'bosque')
      .executeTakeFirstOrThrow();
    const token = await signInAs(t.app, 'admin@demo.mx', bosque.name);
    const other = { ...tokens, bosque: token };
    const c = reservationsClient(() => t, other);
    const res = await c.get('bosque', RESERVATIONS_PATHS.facility(ids.salon!));
    expect([403, 404]).toContain(res.statusCode);
    const list = await c.get('bosque', `${RESERVATIONS_PATHS.adminList}`);
    if (list.statusCode === 200) expect((JSON.parse(list.body) as ReservationPage).total).toBe(0);
    else expect(list.statusCode).toBe(403);
  });

  it('exports the period as CSV with a BOM, administrators only', async () => {
    const path = `${RESERVATIONS_PATHS.export}?desde=${dayAfter(clock, -10)}&hasta=${dayAfter(clock, 30)}`;
    const res = await client.get('admin', path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFFInstalación,Vivienda,Reservó,Fecha')).toBe(true);
    expect(res.body).toContain(`${F.padel},Torre A - 101`);
    expect(res.body).toContain('No asistió');
    expect((await client.get('residente', path)).statusCode).toBe(403);
    expect((await client.get('admin', `${RESERVATIONS_PATHS.export}?desde=2026-12-01&hasta=2026-11-01`)).statusCode).toBe(400);
  });

  it('facilities: created and edited by administrators, validated, version checked', async () => {
    const draft: FacilityDraft = {
      Nombre: 'Gimnasio',
      Descripcion: 'Aparatos y pesas.',
      capacidad: 10,
      exclusiva: false,
      reglamento: 'Toalla obligatoria.',
      horario: Array.from({ length: 7 }, () => ({ abre: '06:00', cierra: '22:00' })),
      unidad: 'bloques',
      duracionBloque: 60,
      minMinutos: 60,
      maxMinutos: 60,
      diasAnticipacion: 7,
      horasCancelacion: 1,
      limite: null,
      requiereAprobacion: false,
      cuotaCents: 0,
      depositoCents: 0,
      admiteMorosos: true,
      activa: true,
      cierres: [],
      fotos: [],
      reglamentoPdf: null,
    };
    const bad = await client.post('admin', RESERVATIONS_PATHS.createFacility, { ...draft, horario: Array(7).fill(null) });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ field: 'horario', message: 'Indica el horario de al menos un día.' });
    expect((await client.post('residente', RESERVATIONS_PATHS.createFacility, draft)).statusCode).toBe(403);
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const created = await expectOk<FacilityAnswer>(
      client.post('admin', RESERVATIONS_PATHS.createFacility, { ...draft, fotos: [{ name: 'gym.png', dataUrl: png }] }),
      FacilityAnswer,
    );
    expect(created.instalacion.fotos).toHaveLength(1);
    const photo = await t.app.inject({ method: 'GET', url: created.instalacion.fotos[0]!.url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const update = { ...draft, facilityId: created.instalacion.FacilityId, version: created.instalacion.version, capacidad: 12 };
    const updated = await expectOk<FacilityAnswer>(
      client.post('admin', RESERVATIONS_PATHS.updateFacility, update),
      FacilityAnswer,
    );
    expect(updated.instalacion).toMatchObject({ capacidad: 12, version: 2, fotos: [] });
    expect((await client.post('admin', RESERVATIONS_PATHS.updateFacility, update)).statusCode).toBe(409);
    expect(
      (await client.post('admin', RESERVATIONS_PATHS.updateFacility, { ...update, version: 2, activa: false })).statusCode,
    ).toBe(200);
    expect((await home('residente')).instalaciones.map((f) => f.Nombre)).not.toContain('Gimnasio');
    expect((await client.get('residente', RESERVATIONS_PATHS.facility(created.instalacion.FacilityId))).statusCode).toBe(404);
  });

  it('reminds the day before, cancels by the administration with a reason, marks no-shows and settles deposits', async () => {
    await t.app.db.deleteFrom('scheduled_jobs').where('kind', '!=', 'reservation-reminder').execute();
    // A confirmed asador in three days: its reminder comes 24 hours before.
    const grill = await client.booked(
      'vecino011',
      client.bookRequest(ids.grill2!, apt.vecino011!, dayAfter(clock, 3), '12:00', '16:00'),
    );
    // A Salón the day after tomorrow, approved: its deposit is held until settled.
    const salonRes = await client.booked(
      'consejo',
      client.bookRequest(ids.salon!, apt.consejo!, dayAfter(clock, 2), '12:00', '16:00', 30),
    );
    const salonOk = await client.change('admin', salonRes, 'aprobar');
    expect(salonOk.statusCode, salonOk.body).toBe(200);
    const salon = (JSON.parse(salonOk.body) as { reservacion: Reservation }).reservacion;
    expect(salon.accionesDeposito).toEqual([]);
    const toCancel = await client.booked(
      'vecino011',
      client.bookRequest(ids.grill1!, apt.vecino011!, dayAfter(clock, 3), '12:00', '16:00'),
    );
    expect((await client.change('admin', toCancel, 'cancelar')).statusCode).toBe(400);
    expect((await client.change('admin', toCancel, 'cancelar', 'Mantenimiento del asador')).statusCode).toBe(200);
    expect(await titlesOf('vecino011', toCancel.ReservationId)).toEqual(['Reservación cancelada']);
    clock.advanceMinutes(2 * 24 * 60 + 2 * 60 - 1); // 11:59 the day before
    await t.app.jobRunner.runOnce();
    expect(await titlesOf('vecino011', grill.ReservationId)).toEqual([]);
    clock.advanceMinutes(1);
    await t.app.jobRunner.runOnce();
    expect(await titlesOf('vecino011', grill.ReservationId)).toEqual(['Tu reservación es mañana']);
    expect(await titlesOf('vecino011', toCancel.ReservationId)).toEqual(['Reservación cancelada']);
    // The owner is past nothing yet (24 h deadline: now exactly 24 h before) … and a minute later, past it.
    clock.advanceMinutes(1);
    expect((await client.reservation('vecino011', grill.ReservationId)).acciones).toEqual([]);
    // After it: no-show, by an administrator only.
    clock.advanceMinutes(24 * 60 + 5 * 60);
    const over = await client.reservation('admin', grill.ReservationId);
    expect(over.fase).toBe('concluida');
    expect((await client.change('vecino011', over, 'no_asistio')).statusCode).toBe(409);
    const noShow = await client.change('admin', over, 'no_asistio');
    expect((JSON.parse(noShow.body) as { reservacion: Reservation }).reservacion.estado).toBe('no_asistio');
    // The Salón is over: its deposit is settled by an administrator.
    const held = await client.reservation('admin', salon.ReservationId);
    expect(held).toMatchObject({ fase: 'concluida', deposito: 'retenido', accionesDeposito: ['devolver', 'cobrar'] });
    const deposit = (who: string, action: string, motivo?: string) =>
      client.post(who, RESERVATIONS_PATHS.deposit, {
        reservationId: held.ReservationId,
        version: held.version,
        action,
        ...(motivo ? { motivo } : {}),
      });
    expect((await deposit('consejo', 'devolver')).statusCode).toBe(409);
    expect((await deposit('admin', 'cobrar')).statusCode).toBe(400);
    const returned = await deposit('admin', 'devolver');
    expect(returned.statusCode, returned.body).toBe(200);
    expect((JSON.parse(returned.body) as { reservacion: Reservation }).reservacion.deposito).toBe('devuelto');
    expect((await ledgerOf(held.ReservationId)).map((l) => [l.concept.split(' ')[0], l.amount_cents])).toEqual([
      ['Reservación', 150_000],
      ['Depósito', 200_000],
      ['Devolución', -200_000],
    ]);
    expect((await deposit('admin', 'cobrar', 'Daños')).statusCode).toBe(409);
  });
});
