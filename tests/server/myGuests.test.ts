// Mis invitados (src/api/myGuests.ts): who may call what (every demo role), every rule of a new pass and a new
// event refused with its field and nothing stored, a resident's own passes and links only, and what the
// public pages say once something is created, revoked or cancelled.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GUEST_TOKENS } from '../../server/db/seed/guests';
import { GUEST_MESSAGES } from '../../src/api/guests';
import {
  CondoLinkCreated,
  LinkCreated,
  LinksPage,
  MY_GUESTS_MESSAGES,
  MyGuestsOverview,
  type NewEvent,
  type NewPass,
  PassCreated,
  PassesPage,
} from '../../src/api/myGuests';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const P = {
  overview: '/api/--mis-invitados/resumen',
  passes: '/api/--mis-invitados/pases',
  links: '/api/--mis-invitados/links',
  createPass: '/api/--mis-invitados/crear-pase',
  revokePass: '/api/--mis-invitados/revocar-pase',
  createUserLink: '/api/--mis-invitados/crear-link',
  createEvent: '/api/--mis-invitados/crear-evento',
  cancelEvent: '/api/--mis-invitados/cancelar-evento',
  revokeLink: '/api/--mis-invitados/revocar-link',
  createCondoLink: '/api/--mis-invitados/crear-link-condominio',
};
const PASS_NOT_FOUND = 'El pase de acceso no fue encontrado o no es válido.';
const FORBIDDEN = 'No tienes permiso para esta acción.';
const passUrl = (condoId: number, qr: string) => `/api/--invitados/pase/${condoId}/${qr}`;
const formUrl = (token: string) => `/api/--invitados/formulario/${token}`;
const registerUrl = (token: string) => `/api/--invitados/registrar/${token}`;

// 2025-06-02 12:00 in Mexico City (UTC-6).
const NOW = new Date('2025-06-02T18:00:00Z');

describe(`mis invitados (${dialect})`, () => {
  const clock = testClock(NOW);
  let t: TestApp;
  let palmas: number;
  const tokens: Record<string, string> = {};
  const as = (who: string) => tokens[who]!;
  let dwelling: number;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    palmas = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
    for (const email of [
      'vecino050@demo.mx',
      'vecino051@demo.mx',
      'consejo@demo.mx',
      'empleado@demo.mx',
      'guardia@demo.mx',
      'supervisor@demo.mx',
    ]) {
      tokens[email] = await signInAs(t.app, email);
    }
    tokens['admin@demo.mx'] = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    // Another condominium: admin@demo.mx in Torres del Bosque, given a dwelling there so the invite calls
    // are open to them (without one they are refused before any id is looked up) and only the ids are foreign.
    tokens.elsewhere = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const bosque = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.condo_id'])
      .where('c.subdomain', '=', 'bosque')
      .where('u.email', '=', 'admin@demo.mx')
      .executeTakeFirstOrThrow();
    const bosqueDwelling = await t.app.db
      .selectFrom('apartments')
      .select('id')
      .where('condo_id', '=', bosque.condo_id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto('residencies').values({ membership_id: bosque.id, apartment_id: bosqueDwelling.id }).execute();
    const overview = await call(t.app, 'GET', P.overview, { token: as('vecino050@demo.mx') });
    dwelling = (overview.json() as MyGuestsOverview).dwellings[0]!.AptId;
  });

  const pass = (extra: Partial<NewPass> = {}): NewPass => ({
    tipo: 'temporal',
    nombre: 'Julia Ramos',
    email: 'julia@correo.mx',
    telefono: '33 1234 5678',
    fechaInicio: '2025-06-02',
    fechaFin: '2025-06-04',
    horaInicio: '09:00',
    horaFin: '18:30',
    diasAcceso: [],
    notaVisitante: 'Trae identificación.',
    nombreInfante: '',
    apartmentId: dwelling,
    ...extra,
  });
  const event = (extra: Partial<NewEvent> = {}): NewEvent => ({
    nombre: 'Carne asada',
    descripcion: 'En el jardín.',
    fecha: '2025-06-07',
    hora: '14:00',
    acompanantes: 2,
    limiteInvitados: 10,
    limiteAutos: 3,
    puntoDeAccesoId: null,
    notaVisitante: '',
    ...extra,
  });
  const count = async (table: 'passes' | 'guest_links' | 'events') =>
    Number((await t.app.db.selectFrom(table).select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('refuses every call without a session (401)', async () => {
    for (const url of [P.overview, P.passes, P.links]) expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    for (const url of [
      P.createPass,
      P.revokePass,
      P.createUserLink,
      P.createEvent,
      P.cancelEvent,
      P.revokeLink,
      P.createCondoLink,
    ]) {
      expect((await call(t.app, 'POST', url, { payload: { id: 1 } })).statusCode, url).toBe(401);
    }
  });

  it('refuses members without a dwelling (employee, guard, supervisor) everything (403)', async () => {
    for (const who of ['empleado@demo.mx', 'guardia@demo.mx', 'supervisor@demo.mx']) {
      const token = as(who);
      for (const url of [P.overview, P.passes, P.links]) {
        const res = await call(t.app, 'GET', url, { token });
        expect(res.statusCode, `${who} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: FORBIDDEN });
      }
      expect((await call(t.app, 'POST', P.createPass, { token, payload: pass() })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', P.createUserLink, { token, payload: {} })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', P.createEvent, { token, payload: event() })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', P.createCondoLink, { token, payload: {} })).statusCode).toBe(403);
    }
  });

  it('shows a resident their dwellings and the gates; the condo link only to administrators', async () => {
    const res = await call(t.app, 'GET', P.overview, { token: as('vecino050@demo.mx') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, MyGuestsOverview);
    expect(body).toMatchObject({ CondoId: palmas, canInvite: true, canManageCondoLink: false, condoLinks: [] });
    expect(body.dwellings).toHaveLength(1);
    expect(body.accessPoints.map((p) => p.Nombre)).toEqual(['Acceso principal', 'Acceso peatonal Fresno']);

    const board = (await call(t.app, 'GET', P.overview, { token: as('consejo@demo.mx') })).json() as MyGuestsOverview;
    expect(board).toMatchObject({ canInvite: true, canManageCondoLink: false });
    expect(board.dwellings).toEqual([expect.objectContaining({ AptName: '502', TorreName: 'Torre B' })]);

    const admin = (await call(t.app, 'GET', P.overview, { token: as('admin@demo.mx') })).json() as MyGuestsOverview;
    expect(admin).toMatchObject({ canInvite: true, canManageCondoLink: true });
    expect(admin.condoLinks.map((l) => l.token)).toEqual([DEMO_GUEST_TOKENS.condo]);
  });

  it('refuses every rule of a new pass, naming the field, and stores nothing', async () => {
    const cases: [Partial<NewPass>, string, keyof typeof MY_GUESTS_MESSAGES][] = [
      [{ nombre: '  ' }, 'nombre', 'nombreRequired'],
      [{ email: 'julia@correo' }, 'email', 'emailInvalid'],
      [{ telefono: '12345' }, 'telefono', 'telefonoInvalid'],
      [{ fechaInicio: '' }, 'fechaInicio', 'fechaInicioRequired'],
      [{ fechaInicio: '2025-06-01' }, 'fechaInicio', 'fechaInicioPast'],
      [{ fechaFin: '' }, 'fechaFin', 'fechaFinRequired'],
      [{ fechaFin: '2025-06-01', fechaInicio: '2025-06-03' }, 'fechaFin', 'fechaFinBeforeStart'],
      [{ fechaFin: '2026-06-05' }, 'fechaFin', 'spanTooLong'],
      [{ horaFin: '' }, 'horaFin', 'horasIncomplete'],
      [{ horaFin: '08:00' }, 'horaFin', 'horaFinBeforeStart'],
      [{ tipo: 'domestico', diasAcceso: [] }, 'diasAcceso', 'diasRequired'],
      [{ tipo: 'infante', nombreInfante: ' ' }, 'nombreInfante', 'nombreInfanteRequired'],
      [{ apartmentId: null }, 'apartmentId', 'apartmentRequired'],
    ];
    // Someone else's dwelling (consejo's) is not the resident's to invite to.
    const boardDwelling = ((await call(t.app, 'GET', P.overview, { token: as('consejo@demo.mx') })).json() as MyGuestsOverview)
      .dwellings[0]!.AptId;
    cases.push([{ apartmentId: boardDwelling }, 'apartmentId', 'apartmentRequired']);
    const before = await count('passes');
    for (const [extra, field, message] of cases) {
      const res = await call(t.app, 'POST', P.createPass, { token: as('vecino050@demo.mx'), payload: pass(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', field, message: MY_GUESTS_MESSAGES[message] });
    }
    // Shapes the contract refuses before any rule: an unknown type, a weekday that is not one.
    for (const payload of [pass({ tipo: 'evento' as never }), pass({ diasAcceso: ['lunes', 'feriado' as never] })]) {
      expect((await call(t.app, 'POST', P.createPass, { token: as('vecino050@demo.mx'), payload })).statusCode).toBe(400);
    }
    expect(await count('passes')).toBe(before);
  });

  it('creates a pass the public page shows, lists it for its resident only, and revokes it at once', async () => {
    const resident = as('vecino050@demo.mx');
    const created = await call(t.app, 'POST', P.createPass, {
      token: resident,
      payload: pass({ tipo: 'infante', nombreInfante: 'Pablo Ramos', diasAcceso: ['viernes', 'lunes'] }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    assert(body, PassCreated);
    const item = body.item;
    expect(item).toMatchObject({
      Tipo: 'infante',
      Nombre: 'Julia Ramos',
      Email: 'julia@correo.mx',
      DiasAcceso: ['lunes', 'viernes'],
      NombreInfante: 'Pablo Ramos',
      CondoId: palmas,
    });
    expect(item.ClaveManual).toMatch(/^[A-Z2-9]{8}$/);

    const publicPass = await call(t.app, 'GET', passUrl(palmas, item.QR));
    expect(publicPass.statusCode).toBe(200);
    expect(publicPass.json().data).toMatchObject({
      Tipo: 'infante',
      Nombre: 'Julia Ramos',
      FechaInicio: '2025-06-02',
      FechaFin: '2025-06-04',
      HoraInicio: '09:00',
      HoraFin: '18:30',
      NotaVisitante: 'Trae identificación.',
      NombreInfante: 'Pablo Ramos',
      AptName: item.AptName,
    });

    const mine = (await call(t.app, 'GET', P.passes, { token: resident })).json();
    assert(mine, PassesPage);
    expect(mine.items[0]!.id).toBe(item.id);
    const theirs = (await call(t.app, 'GET', P.passes, { token: as('vecino051@demo.mx') })).json() as PassesPage;
    expect(theirs.items.map((p) => p.id)).not.toContain(item.id);

    // Another resident may not revoke it; another condominium does not even see it.
    const other = await call(t.app, 'POST', P.revokePass, { token: as('vecino051@demo.mx'), payload: { id: item.id } });
    expect(other.statusCode).toBe(403);
    const elsewhere = await call(t.app, 'POST', P.revokePass, { token: as('elsewhere'), payload: { id: item.id } });
    expect(elsewhere.statusCode).toBe(404);
    expect((await call(t.app, 'GET', passUrl(palmas, item.QR))).statusCode).toBe(200);

    const revoked = await call(t.app, 'POST', P.revokePass, { token: resident, payload: { id: item.id } });
    expect(revoked.statusCode).toBe(200);
    const gone = await call(t.app, 'GET', passUrl(palmas, item.QR));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: PASS_NOT_FOUND });
    expect((await call(t.app, 'GET', `/api/--invitados/pase-pdf/${palmas}/${item.QR}`)).statusCode).toBe(404);
    const after = (await call(t.app, 'GET', P.passes, { token: resident })).json() as PassesPage;
    expect(after.items.map((p) => p.id)).not.toContain(item.id);
    // Twice is once too many.
    expect((await call(t.app, 'POST', P.revokePass, { token: resident, payload: { id: item.id } })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', P.revokePass, { token: resident, payload: { id: 'x' } })).statusCode).toBe(400);
  });

  it('pages the passes, newest first', async () => {
    const resident = as('vecino051@demo.mx');
    const before = ((await call(t.app, 'GET', P.passes, { token: resident })).json() as PassesPage).total;
    for (let i = 1; i <= 12; i++) {
      const res = await call(t.app, 'POST', P.createPass, {
        token: resident,
        payload: { ...pass({ nombre: `Visita ${i}` }), apartmentId: await dwellingOf(resident) },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const first = (await call(t.app, 'GET', `${P.passes}?limit=10&offset=0`, { token: resident })).json() as PassesPage;
    expect(first.total).toBe(before + 12);
    expect(first.items.map((p) => p.Nombre).slice(0, 3)).toEqual(['Visita 12', 'Visita 11', 'Visita 10']);
    const second = (await call(t.app, 'GET', `${P.passes}?limit=10&offset=10`, { token: resident })).json() as PassesPage;
    expect(second.items.map((p) => p.Nombre).slice(0, 2)).toEqual(['Visita 2', 'Visita 1']);
    expect((await call(t.app, 'GET', `${P.passes}?limit=0`, { token: resident })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `${P.links}?limit=51`, { token: resident })).statusCode).toBe(400);
  });

  async function dwellingOf(token: string): Promise<number> {
    return ((await call(t.app, 'GET', P.overview, { token })).json() as MyGuestsOverview).dwellings[0]!.AptId;
  }

  it('creates a user link guests register through, and revokes it (its owner only)', async () => {
    const resident = as('vecino050@demo.mx');
    const res = await call(t.app, 'POST', P.createUserLink, { token: resident, payload: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, LinkCreated);
    expect(body.item).toMatchObject({ type: 'user', event: null });
    const form = await call(t.app, 'GET', formUrl(body.item.token));
    expect(form.json()).toMatchObject({ type: 'user', data: { UserName: expect.any(String) } });
    const links = (await call(t.app, 'GET', P.links, { token: resident })).json();
    assert(links, LinksPage);
    expect(links.items[0]!.id).toBe(body.item.id);
    expect(((await call(t.app, 'GET', P.links, { token: as('vecino051@demo.mx') })).json() as LinksPage).items).toEqual([]);

    expect(
      (await call(t.app, 'POST', P.revokeLink, { token: as('vecino051@demo.mx'), payload: { id: body.item.id } })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'POST', P.revokeLink, { token: as('elsewhere'), payload: { id: body.item.id } })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'POST', P.revokeLink, { token: resident, payload: { id: body.item.id } })).statusCode).toBe(200);
    const invalid = await call(t.app, 'GET', formUrl(body.item.token));
    expect(invalid.statusCode).toBe(404);
    expect(invalid.json()).toMatchObject({ message: GUEST_MESSAGES.invalid });
    const before = await count('passes');
    const registered = await call(t.app, 'POST', registerUrl(body.item.token), {
      payload: { nombre: 'Ana', email: 'ana@correo.mx', confirmEmail: 'ana@correo.mx', formaDeAcceso: 'pie' },
    });
    expect(registered.statusCode).toBe(404);
    expect(await count('passes')).toBe(before);
  });

  it('refuses every rule of a new event, naming the field, and stores nothing', async () => {
    const cases: [Partial<NewEvent>, string, keyof typeof MY_GUESTS_MESSAGES][] = [
      [{ nombre: '' }, 'nombre', 'nombreRequired'],
      [{ fecha: '' }, 'fecha', 'fechaRequired'],
      [{ hora: '' }, 'hora', 'horaRequired'],
      // 11:59 in Mexico City is a minute ago.
      [{ fecha: '2025-06-02', hora: '11:59' }, 'fecha', 'eventPast'],
      [{ acompanantes: 11 }, 'acompanantes', 'companionsRange'],
      [{ acompanantes: 1.5 }, 'acompanantes', 'companionsRange'],
      [{ limiteInvitados: 0 }, 'limiteInvitados', 'guestLimitRange'],
      [{ limiteAutos: 11 }, 'limiteAutos', 'vehicleLimitRange'],
      [{ puntoDeAccesoId: 999_999 }, 'puntoDeAccesoId', 'accessPointUnknown'],
    ];
    const before = [await count('events'), await count('guest_links')];
    for (const [extra, field, message] of cases) {
      const res = await call(t.app, 'POST', P.createEvent, { token: as('vecino050@demo.mx'), payload: event(extra) });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json()).toMatchObject({ field, message: MY_GUESTS_MESSAGES[message] });
    }
    expect([await count('events'), await count('guest_links')]).toEqual(before);
  });

  it('creates an event whose link opens the form; its host cancels it and the form says so', async () => {
    const host = as('vecino050@demo.mx');
    const overview = (await call(t.app, 'GET', P.overview, { token: host })).json() as MyGuestsOverview;
    const gate = overview.accessPoints[1]!;
    const res = await call(t.app, 'POST', P.createEvent, {
      token: host,
      payload: event({ puntoDeAccesoId: gate.PuntoAccesoId, fecha: '2025-06-02', hora: '12:30' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { item } = res.json() as LinkCreated;
    expect(item).toMatchObject({
      type: 'event',
      event: { Nombre: 'Carne asada', Fecha: '2025-06-02', Hora: '12:30', Estatus: 'activo', Invitados: 0, LimiteInvitados: 10 },
    });
    const form = (await call(t.app, 'GET', formUrl(item.token))).json();
    expect(form).toMatchObject({
      type: 'event',
      data: {
        Nombre: 'Carne asada',
        Descripcion: 'En el jardín.',
        FechaInicio: '2025-06-02',
        HoraInicio: '12:30',
        InicioUtc: '2025-06-02T18:30:00.000Z',
        NumeroDeAsistentes: 2,
        Estatus: 'activo',
        PuntoDeAcceso: { Nombre: 'Acceso peatonal Fresno' },
      },
    });

    const eventId = item.event!.id;
    expect(
      (await call(t.app, 'POST', P.cancelEvent, { token: as('vecino051@demo.mx'), payload: { id: eventId } })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'POST', P.cancelEvent, { token: as('elsewhere'), payload: { id: eventId } })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', P.cancelEvent, { token: host, payload: { id: eventId } })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', formUrl(item.token))).json()).toMatchObject({ data: { Estatus: 'cancelado' } });
    const refused = await call(t.app, 'POST', registerUrl(item.token), {
      payload: { nombre: 'Ana', email: 'ana@correo.mx', confirmEmail: 'ana@correo.mx', formaDeAcceso: 'pie', numDeInvitados: 1 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'cancelled', message: GUEST_MESSAGES.cancelled });
    const listed = (await call(t.app, 'GET', P.links, { token: host })).json() as LinksPage;
    expect(listed.items.find((l) => l.id === item.id)?.event?.Estatus).toBe('cancelado');

    // The demo events are Rosa's: nobody else cancels or revokes them.
    const demoLink = await t.app.db
      .selectFrom('guest_links')
      .select(['id', 'event_id'])
      .where('token', '=', DEMO_GUEST_TOKENS.open)
      .executeTakeFirstOrThrow();
    expect((await call(t.app, 'POST', P.cancelEvent, { token: host, payload: { id: demoLink.event_id } })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', P.revokeLink, { token: host, payload: { id: demoLink.id } })).statusCode).toBe(403);

    // Revoking the event's link makes it invalid.
    expect((await call(t.app, 'POST', P.revokeLink, { token: host, payload: { id: item.id } })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', formUrl(item.token))).statusCode).toBe(404);
  });

  it('lets administrators alone create and revoke condo links', async () => {
    expect((await call(t.app, 'POST', P.createCondoLink, { token: as('vecino050@demo.mx'), payload: {} })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', P.createCondoLink, { token: as('consejo@demo.mx'), payload: {} })).statusCode).toBe(403);
    const res = await call(t.app, 'POST', P.createCondoLink, { token: as('admin@demo.mx'), payload: {} });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, CondoLinkCreated);
    expect((await call(t.app, 'GET', formUrl(body.item.token))).json()).toMatchObject({ type: 'condo' });
    const overview = (await call(t.app, 'GET', P.overview, { token: as('admin@demo.mx') })).json() as MyGuestsOverview;
    expect(overview.condoLinks.map((l) => l.id)).toContain(body.item.id);
    // A condo link is nobody's own: residents may not revoke it.
    expect(
      (await call(t.app, 'POST', P.revokeLink, { token: as('vecino050@demo.mx'), payload: { id: body.item.id } })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', P.revokeLink, { token: as('admin@demo.mx'), payload: { id: body.item.id } })).statusCode,
    ).toBe(200);
    expect((await call(t.app, 'GET', formUrl(body.item.token))).statusCode).toBe(404);
  });
});
