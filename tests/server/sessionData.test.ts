// GET /api/--sesiones/session-data (spec §3.1) for every demo account that can sign in, and how long a
// session lives without use.
import { createHmac } from 'node:crypto';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorAnswer } from '../../src/api/errors';
import { type SessionData, SessionDataAnswer } from '../../src/api/sessions';
import { createTestApp, dialect, getSessionData, signInAs, type TestApp, testClock } from '../support/testApp';

const SECRET = 'chat-secret-for-tests';

/** Las Palmas' active sections in position order; Mascotas (position 10) is inactive; Tablón de vecinos is 11. */
const PALMAS_SECTIONS = [
  ['', 'Avisos de la administración'],
  ['SA', 'Solicitudes a la administración'],
  ['RI', 'Reservación de áreas comunes'],
  ['EN', 'Encuestas y votaciones'],
  ['IC', 'Comunicación entre vecinos'],
  ['EV', 'Calendario de eventos'],
  ['AC', 'Asuntos del consejo'],
  ['OR', 'Obras y reparaciones'],
  ['', 'Comité de jardinería'],
  ['', 'Tablón de vecinos'],
];

type Flags = Pick<SessionData['usuario'], 'UserIsAdmin' | 'UserIsBoard' | 'UserIsEmployed' | 'UserIsGuard' | 'UserIsSupervisor'>;
const flags = (admin: string, board: string, employed: string, guard: string, supervisor: string) =>
  ({
    UserIsAdmin: admin,
    UserIsBoard: board,
    UserIsEmployed: employed,
    UserIsGuard: guard,
    UserIsSupervisor: supervisor,
  }) as Flags;

interface Expected {
  email: string;
  name: string;
  flags: Flags;
  apartments: [tower: string | null, apartment: string][];
  acceptedPrivacy: boolean;
  /** Attached to the exclusive section Comité de jardinería. */
  inCommittee: boolean;
  permissions: string[];
}

const ACCOUNTS: Expected[] = [
  {
    email: 'admin@demo.mx',
    name: 'Ana Martínez Ruiz',
    flags: flags('Y', 'N', 'N', 'N', 'N'),
    apartments: [['Torre A', '1001']],
    acceptedPrivacy: true,
    inCommittee: false,
    permissions: ['ADEUDOS:alto:1', 'COM-EDO:ver:1', 'COM-ENC:ver:1', 'COM-REP:ver:1', 'COM-RES:ver:1', 'COM-SOL:ver:1'],
  },
  {
    email: 'consejo@demo.mx',
    name: 'Carlos Ramírez Soto',
    flags: flags('N', 'Y', 'N', 'N', 'N'),
    apartments: [['Torre B', '502']],
    acceptedPrivacy: true,
    inCommittee: true,
    permissions: ['ADEUDOS:ver:1', 'COM-EDO:ver:1', 'COM-ENC:ver:1', 'COM-REP:ver:1', 'COM-RES:ver:1', 'COM-SOL:ver:1'],
  },
  {
    email: 'residente@demo.mx',
    name: 'Rosa Hernández Díaz',
    flags: flags('N', 'N', 'N', 'N', 'N'),
    apartments: [['Torre A', '101']],
    acceptedPrivacy: false,
    inCommittee: true,
    permissions: ['COM-EDO:ver:1', 'COM-ENC:ver:1', 'COM-REP:ver:1', 'COM-RES:ver:1', 'COM-SOL:ver:1'],
  },
  {
    email: 'empleado@demo.mx',
    name: 'Emilio Torres Vega',
    flags: flags('N', 'N', 'Y', 'N', 'N'),
    apartments: [],
    acceptedPrivacy: true,
    inCommittee: false,
    permissions: ['COM-SOL:ver:1'],
  },
  {
    email: 'guardia@demo.mx',
    name: 'Gabriel Flores Luna',
    flags: flags('N', 'N', 'N', 'Y', 'N'),
    apartments: [],
    acceptedPrivacy: true,
    inCommittee: false,
    permissions: ['ACC-PAS:ver:1', 'COM-SOL:ver:0'],
  },
  {
    email: 'supervisor@demo.mx',
    name: 'Sofía Vargas Peña',
    flags: flags('N', 'N', 'Y', 'N', 'Y'),
    apartments: [],
    acceptedPrivacy: true,
    inCommittee: false,
    permissions: ['ACC-PAS:ver:1', 'COM-SOL:ver:1'],
  },
];

describe(`session data (${dialect})`, () => {
  // Midday in Mexico City, so the calendar date is the same there and in UTC.
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SUPPORT_CHAT_SECRET: SECRET } });
  });

  async function sessionData(token: string): Promise<SessionData> {
    const res = await getSessionData(t.app, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, SessionDataAnswer);
    return body.data;
  }

  describe.each(ACCOUNTS)('$email', (account) => {
    let data: SessionData;
    beforeAll(async () => {
      data = await sessionData(await signInAs(t.app, account.email, undefined, { privacyNotice: 'leavePending' }));
    });

    it('is the person, with their role flags', async () => {
      const user = await t.app.db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
      expect(data.usuario).toMatchObject({ UserId: user.id, UserName: account.name, UserEmail: account.email, language: 'es' });
      expect(data.usuario).toMatchObject(account.flags);
      expect(data.usuario.user_hash).toBe(createHmac('sha256', SECRET).update(String(user.id)).digest('hex'));
    });

    it('has Las Palmas as the condominium', () => {
      expect(data.condo).toMatchObject({
        CondoName: 'Residencial Las Palmas',
        CondoStatus: 'A',
        endsubscription: '2026-06-02',
        MostrarIngresos: 'T',
        displaydirectory: 'R',
        AvisoActivo: 1,
        timeZone: 'America/Mexico_City',
      });
      expect(data.condo.AvisoPrivacidad).toContain('Residencial Las Palmas, A.C.');
      expect(data.condoLogo).toEqual({ FileName: null });
    });

    it(`has ${account.acceptedPrivacy ? 'accepted' : 'not accepted'} the privacy notice`, () => {
      if (account.acceptedPrivacy) expect(data.usuario.AvisoPrivacidad).toEqual(expect.any(String));
      else expect(data.usuario.AvisoPrivacidad).toBeNull();
    });

    it('lists their dwellings', () => {
      expect(data.usuario.apartments.map((a) => [a.TorreName, a.AptName])).toEqual(account.apartments);
      expect(data.usuario.AptId).toBe(data.usuario.apartments[0]?.AptId ?? null);
    });

    it('lists only active sections, by position, marking the exclusive one they belong to', () => {
      expect(data.secciones.map((s) => [s.SectCode, s.SectName])).toEqual(PALMAS_SECTIONS);
      expect(data.secciones.map((s) => s.SectPosition)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
      const committee = data.secciones.find((s) => s.SectName === 'Comité de jardinería')!;
      expect(committee.ExclusivaUsuarios).toBe('Y');
      expect(committee.UserId).toBe(account.inCommittee ? data.usuario.UserId : null);
      for (const s of data.secciones.filter((s) => s !== committee)) expect([s.ExclusivaUsuarios, s.UserId]).toEqual(['N', null]);
    });

    it('carries their permissions', () => {
      expect(data.usuarioPermisos.map((p) => `${p.Clave}:${p.Tipo}:${p.Activa}`)).toEqual(account.permissions);
    });
  });

  it('gives the administrator role functions and the rest fewer or none', async () => {
    const admin = await sessionData(await signInAs(t.app, 'admin@demo.mx'));
    expect(admin.permisosRoles).toContainEqual({ Funcion: 'Ingresos', Tipo: 3 });
    expect(admin.permisosRoles.map((f) => f.Funcion)).toEqual([
      'Bancos',
      'Consolidado',
      'Egresos',
      'Fondos',
      'Ingresos',
      'Morosos',
      'Presupuestos',
    ]);
    const resident = await sessionData(await signInAs(t.app, 'residente@demo.mx'));
    expect(resident.permisosRoles).toEqual([
      { Funcion: 'Consolidado', Tipo: 1 },
      { Funcion: 'Egresos', Tipo: 1 },
      { Funcion: 'Ingresos', Tipo: 1 },
    ]);
    const guard = await sessionData(await signInAs(t.app, 'guardia@demo.mx'));
    expect(guard.permisosRoles).toEqual([]);
  });

  it('describes Torres del Bosque as a trial ending 30 days after the data was loaded', async () => {
    const data = await sessionData(await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque'));
    expect(data.condo).toMatchObject({
      CondoName: 'Torres del Bosque',
      CondoStatus: 'P',
      endsubscription: '2025-07-02',
      MostrarIngresos: 'M',
      displaydirectory: 'E',
      AvisoPrivacidad: null,
      AvisoActivo: 0,
    });
    expect(data.usuario).toMatchObject({ UserIsAdmin: 'Y', apartments: [], AptId: null });
    expect(data.secciones.map((s) => s.SectCode)).toEqual(['', 'SA', 'RI', 'EN']);
  });

  describe('without a valid token', () => {
    const refused: [string, string | undefined][] = [
      ['no token', undefined],
      ['an empty token', ''],
      ['a garbage token', 'garbage'],
      ['a well-formed token nobody was given', 'A'.repeat(43)],
      ['an over-long token', 'A'.repeat(5000)],
    ];
    it.each(refused)('%s gets 401 UNAUTHENTICATED', async (_, token) => {
      const res = await getSessionData(t.app, token);
      expect(res.statusCode).toBe(401);
      const body = res.json();
      assert(body, ErrorAnswer);
      expect(body.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('idle expiry (SESSION_IDLE_MINUTES, default 120)', () => {
    it('keeps a session unused for 119 minutes', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx');
      clock.advanceMinutes(119);
      expect((await getSessionData(t.app, token)).statusCode).toBe(200);
    });

    it('refuses a session unused for more than 120 minutes', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx');
      expect((await getSessionData(t.app, token)).statusCode).toBe(200);
      clock.advanceMinutes(121);
      const res = await getSessionData(t.app, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('keeps a session used every 60 minutes alive well past 120 minutes', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx');
      for (let hour = 1; hour <= 6; hour++) {
        clock.advanceMinutes(60);
        expect((await getSessionData(t.app, token)).statusCode, `after ${hour} h`).toBe(200);
      }
      clock.advanceMinutes(121);
      expect((await getSessionData(t.app, token)).statusCode).toBe(401);
    });

    it('keeps a remember-me session for REMEMBER_ME_DAYS (default 30) without use', async () => {
      const remembered = await signInAs(t.app, 'residente@demo.mx', undefined, { rememberMe: true });
      const ordinary = await signInAs(t.app, 'residente@demo.mx');
      clock.advanceMinutes(30 * 24 * 60 - 1);
      expect((await getSessionData(t.app, ordinary)).statusCode).toBe(401);
      expect((await getSessionData(t.app, remembered)).statusCode).toBe(200);
      // That use slid it forward again; 30 days and a minute of silence end it.
      clock.advanceMinutes(30 * 24 * 60 + 1);
      expect((await getSessionData(t.app, remembered)).statusCode).toBe(401);
    });
  });
});

describe(`session data after the data changes (${dialect})`, () => {
  const clock = testClock(new Date('2025-06-02T18:00:00Z'));
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '30', REMEMBER_ME_DAYS: '2' } });
  });

  it('sorts sections by position, not by creation, and leaves out inactive ones', async () => {
    const palmas = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'palmas')
      .executeTakeFirstOrThrow();
    const sections = await t.app.db.selectFrom('sections').select(['id', 'position']).where('condo_id', '=', palmas.id).execute();
    // Reverse the order: the last created comes first.
    for (const s of sections) {
      await t.app.db
        .updateTable('sections')
        .set({ position: 12 - s.position })
        .where('id', '=', s.id)
        .execute();
    }
    await t.app.db.updateTable('sections').set({ status: 'A' }).where('name', '=', 'Mascotas').execute();
    await t.app.db.updateTable('sections').set({ status: 'I' }).where('code', '=', 'EV').execute();

    const res = await getSessionData(t.app, await signInAs(t.app, 'consejo@demo.mx'));
    const data = res.json().data as SessionData;
    expect(data.secciones.map((s) => s.SectName)).toEqual([
      'Tablón de vecinos',
      'Mascotas',
      'Comité de jardinería',
      'Obras y reparaciones',
      'Asuntos del consejo',
      'Comunicación entre vecinos',
      'Encuestas y votaciones',
      'Reservación de áreas comunes',
      'Solicitudes a la administración',
      'Avisos de la administración',
    ]);
    expect(data.secciones.map((s) => s.SectPosition)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 11]);
  });

  it('refuses a session once the membership is deactivated', async () => {
    const token = await signInAs(t.app, 'guardia@demo.mx');
    expect((await getSessionData(t.app, token)).statusCode).toBe(200);
    const guard = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'guardia@demo.mx')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('memberships').set({ active: 0 }).where('user_id', '=', guard.id).execute();
    expect((await getSessionData(t.app, token)).statusCode).toBe(401);
  });

  it('follows SESSION_IDLE_MINUTES and REMEMBER_ME_DAYS from the configuration', async () => {
    const ordinary = await signInAs(t.app, 'admin@demo.mx');
    const remembered = await signInAs(t.app, 'admin@demo.mx', undefined, { rememberMe: true });
    clock.advanceMinutes(29);
    expect((await getSessionData(t.app, ordinary)).statusCode).toBe(200);
    clock.advanceMinutes(31);
    expect((await getSessionData(t.app, ordinary)).statusCode).toBe(401);
    expect((await getSessionData(t.app, remembered)).statusCode).toBe(200);
    clock.advanceMinutes(2 * 24 * 60 + 1);
    expect((await getSessionData(t.app, remembered)).statusCode).toBe(401);
  });
});
