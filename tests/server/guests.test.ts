// Guest registration through links (spec §2.6, §3.3, §4, §5, §8, §9): the form info of every demo token,
// every rule of the form enforced by the server, the cut-off, cancelled and revoked links, the limits held
// atomically when guests race for the last place, the pass it creates and the host told by mail.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUEST_TOKENS as T } from '../../server/db/seed/guests';
import { GUEST_MESSAGES, GuestFormInfo, GuestRegistered } from '../../src/api/guests';
import { call, createTestApp, dialect, type TestApp, testClock } from '../support/testApp';

const info = (token: string) => `/api/--invitados/formulario/${token}`;
const register = (token: string) => `/api/--invitados/registrar/${token}`;
const HOUR = 3_600_000;

const guest = (extra: Record<string, unknown> = {}) => ({
  nombre: 'Mario Núñez',
  email: 'mario@correo.mx',
  confirmEmail: 'mario@correo.mx',
  telefono: '',
  formaDeAcceso: 'pie',
  numDeInvitados: 2,
  placas: '',
  ...extra,
});

describe(`guest registration (${dialect})`, () => {
  const seededAt = new Date('2025-06-02T18:00:00Z');
  const clock = testClock(seededAt);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });

  async function formOf(token: string) {
    const res = await call(t.app, 'GET', info(token));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, GuestFormInfo);
    return body;
  }
  const eventId = async (token: string) =>
    (await t.app.db.selectFrom('guest_links').select('event_id').where('token', '=', token).executeTakeFirstOrThrow()).event_id!;

  it('opens every demo token with its state (DESIGN.md §6)', async () => {
    const open = await formOf(T.open);
    expect(open).toMatchObject({ type: 'event', token: T.open, maxInvitados: false, maxAutos: false });
    expect(open.data).toMatchObject({
      Nombre: 'Cumpleaños de Rosa',
      UserName: 'Rosa Hernández Díaz',
      NumeroDeAsistentes: 3,
      Estatus: 'activo',
      FechaInicio: '2025-06-05',
      HoraInicio: '19:00',
      InicioUtc: '2025-06-06T01:00:00.000Z',
      Torre: 'Torre A',
      AptName: '101',
      condo: { CondoName: 'Residencial Las Palmas' },
      PuntoDeAcceso: { Nombre: 'Acceso principal', Coordinates: '20.710112,-103.410358' },
      settings: { general: { datosARegistrar: { formaDeAcceso: true, placas: true } } },
    });
    expect((await formOf(T.noParking)).maxAutos).toBe(true);
    expect((await formOf(T.full)).maxInvitados).toBe(true);
    expect((await formOf(T.cancelled)).data.Estatus).toBe('cancelado');
    const ended = await formOf(T.ended);
    expect(seededAt.getTime() - Date.parse(ended.data.InicioUtc!)).toBeGreaterThan(12 * HOUR);
    expect(await formOf(T.user)).toMatchObject({ type: 'user', data: { UserName: 'Rosa Hernández Díaz', AptName: '101' } });
    const condo = await formOf(T.condo);
    expect(condo.type).toBe('condo');
    expect(condo.data.torres?.map((x) => x.nombre)).toEqual(['Torre A', 'Torre B']);
    expect(condo.data.apartments?.some((a) => a.Torre === null)).toBe(true);
    expect(condo.data.users?.length).toBeGreaterThan(50);
  });

  it('answers unknown and revoked links with the invalid-link message', async () => {
    const res = await call(t.app, 'GET', info('no-existe'));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: GUEST_MESSAGES.invalid });
    await t.app.db.updateTable('guest_links').set({ revoked_at: seededAt.toISOString() }).where('token', '=', T.user).execute();
    expect((await call(t.app, 'GET', info(T.user))).statusCode).toBe(404);
    expect((await call(t.app, 'POST', register(T.user), { payload: guest() })).statusCode).toBe(404);
    await t.app.db.updateTable('guest_links').set({ revoked_at: null }).where('token', '=', T.user).execute();
  });

  it('enforces every rule of the form with the spec’s message, writing nothing', async () => {
    const before = await t.app.db.selectFrom('passes').select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nombre: '  ' }, 'nombre', GUEST_MESSAGES.nombreRequired],
      [{ email: '' }, 'email', GUEST_MESSAGES.emailRequired],
      [{ email: 'mario@correo' }, 'email', GUEST_MESSAGES.emailInvalid],
      [{ confirmEmail: 'otro@correo.mx' }, 'confirmEmail', GUEST_MESSAGES.emailMismatch],
      [{ formaDeAcceso: 'auto', placas: '' }, 'placas', GUEST_MESSAGES.placasRequired],
      [{ formaDeAcceso: '' }, 'formaDeAcceso', GUEST_MESSAGES.accessRequired],
      [{ formaDeAcceso: 'avion' }, 'formaDeAcceso', GUEST_MESSAGES.accessRequired],
      [{ numDeInvitados: 0 }, 'numDeInvitados', GUEST_MESSAGES.companionsRequired],
      [{ numDeInvitados: 4 }, 'numDeInvitados', GUEST_MESSAGES.companionsRequired],
      [{ numDeInvitados: null }, 'numDeInvitados', GUEST_MESSAGES.companionsRequired],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(t.app, 'POST', register(T.open), { payload: guest(change) });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field, message });
    }
    // The condo form: dwelling and resident.
    const condo = await formOf(T.condo);
    const apt = condo.data.apartments!.find((a) => a.AptName === '101')!;
    const resident = condo.data.users!.find((u) => u.AptId === apt.ApmtId)!;
    const other = condo.data.users!.find((u) => u.AptId !== apt.ApmtId)!;
    const base = guest({ numDeInvitados: null });
    for (const [change, field, message] of [
      [{}, 'apartment', GUEST_MESSAGES.apartmentRequired],
      [{ apartment: apt.ApmtId }, 'user', GUEST_MESSAGES.userRequired],
      [{ apartment: apt.ApmtId, user: other.UserId }, 'user', GUEST_MESSAGES.userRequired],
      [{ apartment: apt.ApmtId, user: resident.UserId, torre: null }, 'apartment', GUEST_MESSAGES.apartmentRequired],
    ] as const) {
      const res = await call(t.app, 'POST', register(T.condo), { payload: { ...base, ...change } });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    const after = await t.app.db.selectFrom('passes').select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('registers an event guest: QR, manual key, access point, an evento pass, the host told', async () => {
    const res = await call(t.app, 'POST', register(T.open), {
      payload: guest({ formaDeAcceso: 'auto', placas: 'jal-123-a', telefono: '3311112222', numDeInvitados: 3 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, GuestRegistered);
    expect(body.PuntoDeAcceso?.Nombre).toBe('Acceso principal');
    expect(body.ClaveManual).toMatch(/^[A-Z2-9]{8}$/);
    const pass = await t.app.db.selectFrom('passes').selectAll().where('qr', '=', body.QR).executeTakeFirstOrThrow();
    expect(pass).toMatchObject({
      tipo: 'evento',
      nombre: 'Mario Núñez',
      companions: 3,
      forma_de_acceso: 'auto',
      placas: 'JAL-123-A',
      fecha_inicio: '2025-06-05',
      hora_inicio: '19:00',
    });
    const view = await call(t.app, 'GET', `/api/--invitados/pase/${body.CondoId}/${body.QR}`);
    expect(view.json().data).toMatchObject({ Nombre: 'Mario Núñez', UserName: 'Rosa Hernández Díaz', TorreName: 'Torre A' });
    const event = await t.app.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', await eventId(T.open))
      .executeTakeFirstOrThrow();
    expect([event.guest_count, event.vehicle_count]).toEqual([1, 1]);
    // Only the host is told: nothing on the condominium's timeline, which every member reads.
    const activity = await t.app.db.selectFrom('activity').select('subject').where('subject', '=', 'Mario Núñez').execute();
    expect(activity).toEqual([]);
    await t.app.tasks.drain();
    const mail = await t.app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'residente@demo.mx').execute();
    expect(mail.at(-1)?.subject).toBe('Nuevo invitado: Mario Núñez');
    expect(mail.at(-1)?.text).toContain('Mario Núñez se registró a tu evento «Cumpleaños de Rosa»');
    expect(mail.at(-1)?.text).toContain(body.ClaveManual);
  });

  it('registers user and condo guests as preautorizado passes for their resident', async () => {
    const user = await call(t.app, 'POST', register(T.user), { payload: guest({ numDeInvitados: null }) });
    expect(user.statusCode, user.body).toBe(200);
    const condo = await formOf(T.condo);
    const house = condo.data.apartments!.find((a) => a.Torre === null && condo.data.users!.some((u) => u.AptId === a.ApmtId))!;
    const resident = condo.data.users!.find((u) => u.AptId === house.ApmtId)!;
    const res = await call(t.app, 'POST', register(T.condo), {
      payload: guest({ numDeInvitados: null, torre: null, apartment: house.ApmtId, user: resident.UserId }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const passes = await t.app.db
      .selectFrom('passes')
      .select(['tipo', 'host_user_id', 'apartment_id', 'fecha_inicio', 'companions'])
      .where('qr', 'in', [user.json().QR, res.json().QR])
      .execute();
    expect(passes).toHaveLength(2);
    for (const pass of passes) expect(pass).toMatchObject({ tipo: 'preautorizado', fecha_inicio: '2025-06-02', companions: 0 });
    expect(passes.map((p) => p.host_user_id)).toContain(resident.UserId);
  });

  it('refuses cancelled events, ended ones (12 h after the start) and full ones with the spec’s messages', async () => {
    for (const [token, reason, message] of [
      [T.cancelled, 'cancelled', GUEST_MESSAGES.cancelled],
      [T.ended, 'ended', GUEST_MESSAGES.ended],
      [T.full, 'guestLimit', GUEST_MESSAGES.guestLimit],
    ] as const) {
      const res = await call(t.app, 'POST', register(token), { payload: guest({ numDeInvitados: 1 }) });
      expect(res.statusCode, token).toBe(409);
      expect(res.json()).toMatchObject({ field: reason, message });
    }
    // The cut-off: open until 12 h after the start, closed a minute later.
    const id = await eventId(T.open);
    const start = new Date(seededAt.getTime() - 12 * HOUR + 60_000).toISOString();
    await t.app.db.updateTable('events').set({ starts_at: start }).where('id', '=', id).execute();
    expect(
      (await call(t.app, 'POST', register(T.open), { payload: guest({ email: 'a@b.mx', confirmEmail: 'a@b.mx' }) })).statusCode,
    ).toBe(200);
    clock.advanceMinutes(2);
    const late = await call(t.app, 'POST', register(T.open), { payload: guest() });
    expect(late.json()).toMatchObject({ field: 'ended', message: GUEST_MESSAGES.ended });
    clock.advanceMinutes(-2);
    await t.app.db.updateTable('events').set({ starts_at: '2025-06-06T01:00:00.000Z' }).where('id', '=', id).execute();
  });

  it('with no parking left refuses guests by car and lets guests on foot in', async () => {
    const car = await call(t.app, 'POST', register(T.noParking), {
      payload: guest({ formaDeAcceso: 'auto', placas: 'ABC123', numDeInvitados: 1 }),
    });
    expect(car.statusCode).toBe(409);
    expect(car.json()).toMatchObject({ field: 'vehicleLimit', message: GUEST_MESSAGES.vehicleLimit });
    const foot = await call(t.app, 'POST', register(T.noParking), { payload: guest({ numDeInvitados: 1 }) });
    expect(foot.statusCode, foot.body).toBe(200);
  });

  it('gives the last place to exactly one of two racing guests, for guests and for vehicles', async () => {
    const id = await eventId(T.open);
    const race = async (payload: object) => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          call(t.app, 'POST', register(T.open), {
            payload: { ...payload, email: `carrera${n}@correo.mx`, confirmEmail: `carrera${n}@correo.mx` },
          }),
        ),
      );
      return answers.map((a) => [a.statusCode, a.statusCode === 200 ? 'ok' : a.json().field]);
    };
    const before = await t.app.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('events')
      .set({ guest_limit: before.guest_count + 1 })
      .where('id', '=', id)
      .execute();
    const guests = await race(guest());
    expect(guests.filter(([s]) => s === 200)).toHaveLength(1);
    expect(guests.filter(([s, f]) => s === 409 && f === 'guestLimit')).toHaveLength(3);

    await t.app.db
      .updateTable('events')
      .set({ guest_limit: null, vehicle_limit: before.vehicle_count + 1 })
      .where('id', '=', id)
      .execute();
    const cars = await race(guest({ formaDeAcceso: 'auto', placas: 'XYZ987' }));
    expect(cars.filter(([s]) => s === 200)).toHaveLength(1);
    expect(cars.filter(([s, f]) => s === 409 && f === 'vehicleLimit')).toHaveLength(3);
    const after = await t.app.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after.guest_count).toBe(before.guest_count + 2);
    expect(after.vehicle_count).toBe(before.vehicle_count + 1);
    expect((await formOf(T.open)).maxAutos).toBe(true);
  });
});
