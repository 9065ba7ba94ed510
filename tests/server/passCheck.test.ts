// POST /api/--empleados/verificar-pase: the guards' pass check on the employee panel. Every refusal (401
// without a session, 403 for residents, the board and plain employees, 404 for unknown codes and another
// condominium's passes, 400 for a blank code, 429 past the limit) and each verdict of the shared rule,
// decided at the condominium's time (America/Mexico_City, UTC-6 in these dates).
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASS_KEY, DEMO_PASS_QR } from '../../server/db/seed/guests';
import { DEFAULT_RATE_LIMITS } from '../../server/infra/rateLimit';
import { ErrorAnswer } from '../../src/api/errors';
import { type PassCheck, PassCheckAnswer } from '../../src/api/passCheck';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const CHECK = '/api/--empleados/verificar-pase';
const NOT_FOUND = 'El pase de acceso no fue encontrado o no es válido.';

/** The demo data loads on Monday 2025-06-02 at noon in Las Palmas: the demo pass runs to 2025-07-02,
 * Monday, Wednesday and Friday, 08:00 to 17:30. */
const SEEDED = new Date('2025-06-02T18:00:00Z');

function movableClock(start: Date) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set(instant: string) {
      now = Date.parse(instant);
    },
  };
}

describe(`pass check (${dialect})`, () => {
  const clock = movableClock(SEEDED);
  let t: TestApp;
  let palmas: number;
  let bosque: number;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const condos = await t.app.db.selectFrom('condominiums').select(['id', 'subdomain']).execute();
    palmas = condos.find((c) => c.subdomain === 'palmas')!.id;
    bosque = condos.find((c) => c.subdomain === 'bosque')!.id;
  });

  const check = (token: string | undefined, codigo: unknown) => call(t.app, 'POST', CHECK, { token, payload: { codigo } });

  /** A guard signed in at `instant` (sessions expire as the clock moves) checks `codigo`. */
  async function checkAt(instant: string, codigo: string, email = 'guardia@demo.mx'): Promise<PassCheck> {
    clock.set(instant);
    const res = await check(await signInAs(t.app, email, 'Residencial Las Palmas'), codigo);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, PassCheckAnswer);
    return body.data;
  }

  it('answers the demo pass by its manual key: the visitor, the dwelling, the host and when it opens', async () => {
    const result = await checkAt('2025-06-02T18:00:00Z', DEMO_PASS_KEY);
    expect(result).toEqual({
      verdict: 'valid',
      reason: null,
      checkedAt: { date: '2025-06-02', time: '12:00' },
      pass: {
        Tipo: 'domestico',
        Nombre: 'Laura Gómez Pineda',
        ClaveManual: DEMO_PASS_KEY,
        NombreInfante: null,
        TorreName: 'Torre A',
        AptName: '101',
        UserName: 'Rosa Hernández Díaz',
        Evento: null,
        DiasAcceso: ['lunes', 'miercoles', 'viernes'],
        FechaInicio: '2025-06-02',
        FechaFin: '2025-07-02',
        HoraInicio: '08:00',
        HoraFin: '17:30',
        NotaVisitante: 'Presenta una identificación oficial en la caseta.',
        Acompanantes: 0,
        FormaDeAcceso: 'pie',
        Placas: null,
      },
    });
    expect(JSON.stringify(result)).not.toContain('laura.gomez@correo.mx');
  });

  it('finds the pass by its QR text, by its link, and by the key typed in lower case with spaces', async () => {
    for (const codigo of [DEMO_PASS_QR, `https://palmas.condominio.mx/invitacion/${palmas}/${DEMO_PASS_QR}`, ' palmas 01 ']) {
      expect((await checkAt('2025-06-02T18:00:00Z', codigo)).pass.Nombre, codigo).toBe('Laura Gómez Pineda');
    }
  });

  it('lets supervisors and administrators check too', async () => {
    expect((await checkAt('2025-06-02T18:00:00Z', DEMO_PASS_KEY, 'supervisor@demo.mx')).verdict).toBe('valid');
    expect((await checkAt('2025-06-02T18:00:00Z', DEMO_PASS_KEY, 'admin@demo.mx')).verdict).toBe('valid');
  });

  it.each([
    ['Monday 08:00, the first minute', '2025-06-02T14:00:00Z', 'valid', null],
    ['Monday 17:30, the last minute', '2025-06-02T23:30:00Z', 'valid', null],
    ['Monday 07:59', '2025-06-02T13:59:00Z', 'outsideHours', 'early'],
    ['Monday 17:31', '2025-06-02T23:31:00Z', 'outsideHours', 'late'],
    ['Tuesday noon: not one of its weekdays', '2025-06-03T18:00:00Z', 'notToday', 'weekday'],
    ['Friday before it starts', '2025-05-30T18:00:00Z', 'notToday', 'notStarted'],
    ['Wednesday 2025-07-02, its last day', '2025-07-02T18:00:00Z', 'valid', null],
    ['Friday after it ends', '2025-07-04T18:00:00Z', 'notToday', 'expired'],
    // Tuesday 03:00 in UTC is still Monday 21:00 in Mexico City: late on a right day, not a wrong day.
    ['Tuesday 03:00 UTC, Monday evening in the condominium', '2025-06-03T03:00:00Z', 'outsideHours', 'late'],
  ])('%s: %s', async (_label, instant, verdict, reason) => {
    const result = await checkAt(instant, DEMO_PASS_KEY);
    expect({ verdict: result.verdict, reason: result.reason }).toEqual({ verdict, reason });
  });

  it('answers revoked for a revoked pass, and valid again once it is not', async () => {
    const revoke = (at: string | null) =>
      t.app.db.updateTable('passes').set({ revoked_at: at }).where('qr', '=', DEMO_PASS_QR).execute();
    await revoke('2025-06-02T17:00:00.000Z');
    try {
      const result = await checkAt('2025-06-02T18:00:00Z', DEMO_PASS_KEY);
      expect({ verdict: result.verdict, reason: result.reason }).toEqual({ verdict: 'revoked', reason: 'revoked' });
      expect(result.pass.Nombre).toBe('Laura Gómez Pineda');
    } finally {
      await revoke(null);
    }
    expect((await checkAt('2025-06-02T18:00:00Z', DEMO_PASS_KEY)).verdict).toBe('valid');
  });

  it("answers an event guest's pass from the event's hour, and revoked once the event is cancelled", async () => {
    const event = await t.app.db
      .selectFrom('events')
      .select(['id', 'name', 'starts_at'])
      .where('condo_id', '=', palmas)
      .where('status', '=', 'activo')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const start = new Date(event.starts_at);
    const local = new Date(start.getTime() - 6 * 3_600_000).toISOString();
    await t.app.db
      .insertInto('passes')
      .values({
        condo_id: palmas,
        tipo: 'evento',
        qr: 'PRUEBA-EVENTO-QR-0001',
        manual_key: 'EVENTO23',
        nombre: 'Mario Luna Ortiz',
        email: 'mario@correo.mx',
        telefono: null,
        dias_acceso: '[]',
        fecha_inicio: local.slice(0, 10),
        fecha_fin: local.slice(0, 10),
        hora_inicio: local.slice(11, 16),
        hora_fin: null,
        nota_visitante: null,
        nombre_infante: null,
        host_user_id: null,
        apartment_id: null,
        guest_link_id: null,
        event_id: event.id,
        companions: 2,
        forma_de_acceso: 'auto',
        placas: 'JAL-123-A',
        created_at: SEEDED.toISOString(),
        revoked_at: null,
      })
      .execute();
    const before = await checkAt(new Date(start.getTime() - 60_000).toISOString(), 'EVENTO23');
    expect(before).toMatchObject({
      verdict: 'outsideHours',
      reason: 'early',
      pass: { Evento: event.name, Acompanantes: 2, FormaDeAcceso: 'auto', Placas: 'JAL-123-A', HoraFin: null },
    });
    expect((await checkAt(new Date(start.getTime() + 3 * 3_600_000).toISOString(), 'EVENTO23')).verdict).toBe('valid');

    await t.app.db.updateTable('events').set({ status: 'cancelado' }).where('id', '=', event.id).execute();
    try {
      const cancelled = await checkAt(start.toISOString(), 'EVENTO23');
      expect({ verdict: cancelled.verdict, reason: cancelled.reason }).toEqual({ verdict: 'revoked', reason: 'eventCancelled' });
    } finally {
      await t.app.db.updateTable('events').set({ status: 'activo' }).where('id', '=', event.id).execute();
    }
  });

  it('answers 401 without a session, and 403 to residents, the board and plain employees', async () => {
    clock.set('2025-06-02T18:00:00Z');
    const anonymous = await check(undefined, DEMO_PASS_KEY);
    expect(anonymous.statusCode).toBe(401);
    assert(anonymous.json(), ErrorAnswer);
    for (const email of ['residente@demo.mx', 'consejo@demo.mx', 'empleado@demo.mx']) {
      const res = await check(await signInAs(t.app, email), DEMO_PASS_KEY);
      expect(res.statusCode, email).toBe(403);
      expect(res.json(), email).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });

  it('answers 403 to a guard without the active ACC-PAS, and 200 from the next call once it is given', async () => {
    clock.set('2025-06-02T18:00:00Z');
    const guard = await signInAs(t.app, 'vigilante1@demo.mx');
    const refused = await check(guard, DEMO_PASS_KEY);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const membership = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.id')
      .where('u.email', '=', 'vigilante1@demo.mx')
      .executeTakeFirstOrThrow();
    const setActive = (activa: 0 | 1) =>
      t.app.db
        .updateTable('user_permissions')
        .set({ activa })
        .where('membership_id', '=', membership.id)
        .where('clave', '=', 'ACC-PAS')
        .executeTakeFirstOrThrow();
    expect(Number((await setActive(1)).numUpdatedRows)).toBe(1);
    expect((await check(guard, DEMO_PASS_KEY)).statusCode).toBe(200);
    await setActive(0);
    expect((await check(guard, DEMO_PASS_KEY)).statusCode).toBe(403);
  });

  it("answers 404 with the pass page's message for an unknown code and for another condominium's pass", async () => {
    clock.set('2025-06-02T18:00:00Z');
    await t.app.db
      .insertInto('passes')
      .values({
        condo_id: bosque,
        tipo: 'temporal',
        qr: 'BOSQUE-PASE-QR-000001',
        manual_key: 'BOSQUE23',
        nombre: 'Visita del Bosque',
        email: null,
        telefono: null,
        dias_acceso: '[]',
        fecha_inicio: '2025-06-01',
        fecha_fin: '2025-06-30',
        hora_inicio: null,
        hora_fin: null,
        nota_visitante: null,
        nombre_infante: null,
        host_user_id: null,
        apartment_id: null,
        guest_link_id: null,
        event_id: null,
        companions: 0,
        forma_de_acceso: 'pie',
        placas: null,
        created_at: SEEDED.toISOString(),
        revoked_at: null,
      })
      .execute();
    const guard = await signInAs(t.app, 'guardia@demo.mx');
    for (const codigo of ['ZZZZ9999', 'BOSQUE23', 'BOSQUE-PASE-QR-000001', `/invitacion/${bosque}/BOSQUE-PASE-QR-000001`]) {
      const res = await check(guard, codigo);
      expect(res.statusCode, codigo).toBe(404);
      expect(res.json(), codigo).toEqual({ success: false, code: 'NOT_FOUND', message: NOT_FOUND, messageId: 'pass.notFound' });
    }
    // Its own administrator finds it.
    const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const res = await check(bosqueAdmin, 'BOSQUE23');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ verdict: 'valid', pass: { Nombre: 'Visita del Bosque' } });
  });

  it('answers 400 naming the field for a blank, missing or overlong code', async () => {
    clock.set('2025-06-02T18:00:00Z');
    const guard = await signInAs(t.app, 'guardia@demo.mx');
    for (const codigo of ['   ', undefined, 7, 'A'.repeat(301)]) {
      const res = await check(guard, codigo);
      expect(res.statusCode, String(codigo)).toBe(400);
      expect(res.json(), String(codigo)).toMatchObject({ success: false, code: 'BAD_REQUEST', field: 'codigo' });
    }
  });
});

describe(`pass check rate limit (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => SEEDED }, rateLimits: DEFAULT_RATE_LIMITS });
  });

  it('answers 429 with Retry-After past 30 checks a minute per person, found or not; another guard is not held back', async () => {
    const { max, windowSeconds } = DEFAULT_RATE_LIMITS.passCheckPerUser;
    expect({ max, windowSeconds }).toEqual({ max: 30, windowSeconds: 60 });
    const guard = await signInAs(t.app, 'guardia@demo.mx');
    const supervisor = await signInAs(t.app, 'supervisor@demo.mx');
    for (let i = 0; i < max; i++) {
      const codigo = i % 2 === 0 ? DEMO_PASS_KEY : `NOPE${String(i).padStart(4, '0')}`;
      const res = await call(t.app, 'POST', CHECK, { token: guard, payload: { codigo } });
      expect(res.statusCode, `check ${i + 1}`).toBe(i % 2 === 0 ? 200 : 404);
    }
    const refused = await call(t.app, 'POST', CHECK, { token: guard, payload: { codigo: DEMO_PASS_KEY } });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(windowSeconds));
    expect(refused.json()).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    const other = await call(t.app, 'POST', CHECK, { token: supervisor, payload: { codigo: DEMO_PASS_KEY } });
    expect(other.statusCode).toBe(200);
  });
});
