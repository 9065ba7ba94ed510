// The events calendar (issue 15, EV) through the routes, on the demo data: what each role's calendar holds
// (published events, their own Mis invitados events, reservations in full or as "Ocupado" without a name,
// poll closings), filters and range limits, publishing events with a guest link that the guest form opens,
// the version check, and the personal ICS feed (rotated, revoked, parsed by ical.js, in the owner's language).

import ICAL from 'ical.js';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { withoutSignature } from '../../server/app';
import { DEMO_UPCOMING_ASSEMBLY } from '../../server/db/seed/assemblies';
import { DEMO_CALENDAR, DEMO_POLLS } from '../../server/db/seed/demoFacts';
import { localToUtc } from '../../server/domain/shared/zonedTime';
import {
  CALENDAR_PATHS,
  CalendarHomeAnswer,
  type CalendarItem,
  CalendarItemsAnswer,
  type EventAnswer,
  EventAnswer as EventAnswerStruct,
  type EventDraft,
  FeedAnswer,
} from '../../src/api/calendar';
import { GUEST_PATHS } from '../../src/api/visitorPaths';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const ZONE = 'America/Mexico_City';

describe(`events calendar on the demo data (${dialect})`, () => {
  // Saturday 21 November 2026, noon in Mexico City.
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  const today = '2026-11-21';
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let sectionId: number;
  let alberca: number;
  const reservationIds: Record<string, number> = {};

  const get = (who: string, path: string) => call(t.app, 'GET', api(path), { token: tokens[who] });
  const post = (who: string, path: string, payload: object) => call(t.app, 'POST', api(path), { token: tokens[who], payload });
  async function ok<T>(response: Promise<{ statusCode: number; body: string }>, struct?: { schema: unknown }): Promise<T> {
    const res = await response;
    expect(res.statusCode, res.body).toBe(200);
    const body = JSON.parse(res.body) as T;
    if (struct) assert(body, struct as never);
    return body;
  }
  const items = async (who: string, desde: string, hasta: string, tipos?: string) =>
    (
      await ok<CalendarItemsAnswer>(
        get(who, `${CALENDAR_PATHS.items}?desde=${desde}&hasta=${hasta}${tipos ? `&tipos=${tipos}` : ''}`),
        CalendarItemsAnswer,
      )
    ).items;
  const day = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  async function apartment(tower: string, name: string): Promise<number> {
    return (
      await t.app.db
        .selectFrom('apartments as a')
        .innerJoin('towers as tw', 'tw.id', 'a.tower_id')
        .select('a.id')
        .where('a.condo_id', '=', 1)
        .where('tw.name', '=', tower)
        .where('a.name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  }

  async function reserve(key: string, apartmentId: number, state: string, days: number, from: string, to: string) {
    const date = day(days);
    const { id } = await t.app.db
      .insertInto('reservations')
      .values({
        condo_id: 1,
        facility_id: alberca,
        apartment_id: apartmentId,
        user_id: null,
        local_date: date,
        starts_local: `${date}T${from}`,
        ends_local: `${date}T${to}`,
        starts_at: localToUtc(`${date}T${from}`, ZONE),
        ends_at: localToUtc(`${date}T${to}`, ZONE),
        people: 4,
        note: '',
        state,
        reason: null,
        fee_cents: 0,
        deposit_cents: 0,
        deposit_state: 'ninguno',
        decided_by: null,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    reservationIds[key] = id;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const who of ['admin', 'consejo', 'residente', 'empleado', 'guardia'])
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    tokens.vecino = await signInAs(t.app, 'vecino020@demo.mx');
    tokens.bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    sectionId = (
      await t.app.db
        .selectFrom('sections')
        .select('id')
        .where('condo_id', '=', 1)
        .where('code', '=', 'EV')
        .executeTakeFirstOrThrow()
    ).id;
    const now = clock.now().toISOString();
    alberca = (
      await t.app.db
        .insertInto('facilities')
        .values({
          condo_id: 1,
          name: 'Alberca',
          description: 'Alberca techada',
          capacity: 1,
          exclusive: 1,
          rules_text: '',
          hours_json: JSON.stringify(Array(7).fill({ abre: '08:00', cierra: '22:00' })),
          unit: 'bloques',
          slot_minutes: 60,
          min_minutes: 60,
          max_minutes: 240,
          days_ahead: 60,
          cancel_hours: 24,
          limit_count: null,
          limit_period: null,
          needs_approval: 1,
          fee_cents: 0,
          deposit_cents: 0,
          admits_arrears: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // The demo's own reservations (server/db/seed/reservations.ts) stay out: these tests read only theirs.
    await t.app.db.deleteFrom('reservations').where('facility_id', '!=', alberca).execute();
    // Rosa's own (Torre A - 101), pending; someone else's confirmed; someone else's pending; a cancelled one.
    await reserve('mine', await apartment('Torre A', '101'), 'pendiente', 3, '10:00', '12:00');
    await reserve('othersConfirmed', await apartment('Torre B', '907'), 'confirmada', 4, '16:00', '18:00');
    await reserve('othersPending', await apartment('Torre B', '908'), 'pendiente', 5, '16:00', '18:00');
    await reserve('cancelled', await apartment('Torre B', '909'), 'cancelada', 6, '16:00', '18:00');
  });

  describe('home', () => {
    it('answers readers of the EV section; administrators publish', async () => {
      const home = await ok<CalendarHomeAnswer>(get('residente', CALENDAR_PATHS.home), CalendarHomeAnswer);
      expect(home.secciones).toEqual([{ SectId: sectionId, SectName: 'Calendario de eventos' }]);
      expect(home.zonaHoraria).toBe(ZONE);
      expect(home.ahoraLocal).toBe('2026-11-21T12:00');
      expect(home.puedePublicar).toBe(false);
      expect(home.feedUrl).toBeNull();
      expect(home.tieneFeed).toBe(false);
      expect((await ok<CalendarHomeAnswer>(get('admin', CALENDAR_PATHS.home))).puedePublicar).toBe(true);
      expect((await ok<CalendarHomeAnswer>(get('consejo', CALENDAR_PATHS.home))).puedePublicar).toBe(false);
    });

    it('refuses employees, strangers and a condominium without an EV section', async () => {
      for (const who of ['empleado', 'bosque']) {
        expect((await get(who, CALENDAR_PATHS.home)).statusCode, who).toBe(403);
        expect((await get(who, `${CALENDAR_PATHS.items}?desde=${today}&hasta=${day(30)}`)).statusCode, who).toBe(403);
      }
      expect((await call(t.app, 'GET', api(CALENDAR_PATHS.home))).statusCode).toBe(401);
    });

    it('lets guards read the calendar as the shared rule says (EV asks no permission), without reservations', async () => {
      // permissions.canReadCalendar is canReadSection for EV, which needs no COM-* permission, and the menu shows
      // guards the section too. Guards hold no COM-RES: no reservation of anyone reaches them.
      expect((await get('guardia', CALENDAR_PATHS.home)).statusCode).toBe(200);
      const seen = await items('guardia', today, day(40));
      expect(seen.map((i) => i.Titulo)).toContain(DEMO_CALENDAR.assembly.title);
      expect(seen.filter((i) => i.tipo === 'reservacion')).toEqual([]);
    });
  });

  describe('items', () => {
    it('gives a resident the published events, their own guest events, their reservation and others as Ocupado', async () => {
      const all = await items('residente', today, day(40));
      const titles = all.map((i) => i.Titulo);
      for (const event of Object.values(DEMO_CALENDAR)) expect(titles).toContain(event.title);
      const elevators = all.find((i) => i.Titulo === DEMO_CALENDAR.elevators.title)!;
      expect(elevators.estado).toBe('cancelado');
      const assembly = all.find((i) => i.Titulo === DEMO_CALENDAR.assembly.title)!;
      expect(assembly.tipo).toBe('asamblea');
      expect(assembly.inicioLocal).toBe(`${day(DEMO_CALENDAR.assembly.daysAhead)}T${DEMO_CALENDAR.assembly.from}`);
      expect(assembly.inicio).toBe(localToUtc(assembly.inicioLocal, ZONE));
      expect(assembly.ruta).toMatch(/^\/comunicacion\/calendario-eventos\?evento=\d+$/);
      // Sorted by start.
      expect(all.map((i) => i.inicio)).toEqual([...all.map((i) => i.inicio)].sort());

      // Rosa hosts the seeded Mis invitados events; an event lasts two hours on the calendar.
      const birthday = all.find((i) => i.tipo === 'invitados' && i.Titulo === 'Cumpleaños de Rosa')!;
      expect(birthday.ruta).toBe('/mis-invitados');
      expect(Date.parse(birthday.fin!) - Date.parse(birthday.inicio)).toBe(2 * 3_600_000);

      const reservations = all.filter((i) => i.tipo === 'reservacion');
      expect(reservations).toHaveLength(2);
      const mine = reservations.find((i) => !i.ocupado)!;
      expect(mine).toMatchObject({
        clave: `reservacion-${reservationIds.mine}`,
        Titulo: 'Alberca',
        estado: 'pendiente',
        ruta: `/comunicacion/instalaciones/mostrar/${alberca}?reservacion=${reservationIds.mine}`,
      });
      const busy = reservations.find((i) => i.ocupado)!;
      expect(busy).toMatchObject({ Titulo: 'Alberca', ruta: null, estado: null });
      expect(busy.clave).toMatch(/^ocupado-[A-Za-z0-9_-]{22}$/);
      // Opaque: a keyed digest, not the reservation's id.
      expect(busy.clave).not.toBe(`ocupado-${reservationIds.othersConfirmed}`);
      expect(busy.inicioLocal).toBe(`${day(4)}T16:00`);
    });

    it('never names whose the others’ reservations are', async () => {
      const res = await get('residente', `${CALENDAR_PATHS.items}?desde=${today}&hasta=${day(40)}&tipos=reservacion`);
      expect(res.statusCode).toBe(200);
      for (const secret of [
        'Torre B',
        '907',
        '908',
        `reservacion-${reservationIds.othersConfirmed}`,
        `"${reservationIds.othersConfirmed}"`,
      ]) {
        expect(res.body).not.toContain(secret);
      }
      const owners = await t.app.db
        .selectFrom('residencies as r')
        .innerJoin('memberships as m', 'm.id', 'r.membership_id')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('u.name')
        .where('r.apartment_id', '=', await apartment('Torre B', '907'))
        .execute();
      for (const owner of owners) expect(res.body).not.toContain(owner.name);
      // The key of a busy slot is the same on every call (calendar apps keep it).
      const again = await items('residente', today, day(40), 'reservacion');
      expect(again.map((i) => i.clave)).toEqual((JSON.parse(res.body) as CalendarItemsAnswer).items.map((i) => i.clave));
    });

    it('shows administrators every live reservation in full', async () => {
      const reservations = await items('admin', today, day(40), 'reservacion');
      expect(reservations.map((i) => i.clave).sort()).toEqual(
        [reservationIds.mine, reservationIds.othersConfirmed, reservationIds.othersPending]
          .map((id) => `reservacion-${id}`)
          .sort(),
      );
      expect(reservations.every((i) => !i.ocupado && i.ruta !== null)).toBe(true);
      expect(reservations.find((i) => i.clave === `reservacion-${reservationIds.othersConfirmed}`)!.Titulo).toBe(
        'Alberca — Torre B - 907',
      );
      expect(reservations.find((i) => i.clave === `reservacion-${reservationIds.othersPending}`)!.estado).toBe('pendiente');
    });

    it('gives poll closings to readers of the EN section, never proposals', async () => {
      const closings = await items('residente', day(-30), day(30), 'encuesta');
      const titles = closings.map((i) => i.Titulo);
      expect(titles).toContain(DEMO_POLLS.openVote);
      for (const item of closings) {
        expect(item.fin).toBeNull();
        expect(item.ruta).toMatch(/^\/comunicacion\/encuestas\?PollId=\d+$/);
      }
      const states = await t.app.db
        .selectFrom('polls')
        .select(['id', 'state'])
        .where(
          'id',
          'in',
          closings.map((i) => Number(i.clave.replace('encuesta-', ''))),
        )
        .execute();
      expect(states.every((s) => s.state === 'publicada' || s.state === 'cerrada')).toBe(true);
    });

    it('filters by kind and keeps a range in bounds', async () => {
      const assemblies = await items('residente', today, day(40), 'asamblea');
      // The calendar's own demo assembly, and the assemblies module's called one (issue 32).
      expect(assemblies.map((i) => i.Titulo).sort()).toEqual(
        [DEMO_CALENDAR.assembly.title, `Asamblea Extraordinaria: ${DEMO_UPCOMING_ASSEMBLY}`].sort(),
      );
      const two = await items('residente', today, day(40), 'evento,invitados');
      expect(new Set(two.map((i) => i.tipo))).toEqual(new Set(['evento', 'invitados']));
      // One day: only what overlaps it (the cleaning two days ahead).
      const cleaningDay = day(DEMO_CALENDAR.cleaning.daysAhead);
      expect((await items('residente', cleaningDay, cleaningDay, 'evento')).map((i) => i.Titulo)).toEqual([
        DEMO_CALENDAR.cleaning.title,
      ]);
      expect((await get('residente', `${CALENDAR_PATHS.items}?desde=${today}&hasta=${day(61)}`)).statusCode).toBe(200);
      expect((await get('residente', `${CALENDAR_PATHS.items}?desde=${today}&hasta=${day(62)}`)).statusCode).toBe(400);
      expect((await get('residente', `${CALENDAR_PATHS.items}?desde=${day(2)}&hasta=${today}`)).statusCode).toBe(400);
      expect((await get('residente', `${CALENDAR_PATHS.items}?desde=${today}&hasta=${day(2)}&tipos=fiesta`)).statusCode).toBe(
        400,
      );
    });

    it('shows another condominium nothing of this one', async () => {
      // Torres del Bosque gets a calendar of its own: its administrator reads it, and sees none of Las Palmas.
      await t.app.db
        .insertInto('sections')
        .values(
          (({ id: _id, ...row }) => ({ ...row, condo_id: 2 }))(
            await t.app.db.selectFrom('sections').selectAll().where('id', '=', sectionId).executeTakeFirstOrThrow(),
          ),
        )
        .execute();
      const bosque = await items('bosque', day(-30), day(30));
      expect(bosque).toEqual([]);
      const palmas = await items('admin', today, day(40), 'evento');
      const someEvent = palmas.find((i) => i.ruta?.includes('evento='))!;
      const eventId = Number(someEvent.clave.replace('evento-', ''));
      expect((await get('bosque', CALENDAR_PATHS.event(eventId))).statusCode).toBe(404);
    });
  });

  describe('published events', () => {
    const draft = (overrides: Partial<EventDraft> = {}): EventDraft => ({
      sectionId,
      tipo: 'evento',
      Titulo: 'Kermés de primavera',
      Descripcion: 'Juegos, comida y música.',
      Lugar: 'Jardín central',
      inicio: `${day(5)}T17:00`,
      fin: `${day(5)}T21:00`,
      invitados: { acompanantes: 2, limiteInvitados: 30 },
      ...overrides,
    });
    let created: EventAnswer['evento'];

    it('lets administrators publish one with a guest link the guest form opens', async () => {
      created = (await ok<EventAnswer>(post('admin', CALENDAR_PATHS.create, draft()), EventAnswerStruct)).evento;
      expect(created).toMatchObject({
        Titulo: 'Kermés de primavera',
        inicioLocal: `${day(5)}T17:00`,
        finLocal: `${day(5)}T21:00`,
        cancelado: false,
        PublicadoPor: 'Ana Martínez Ruiz',
        invitados: { acompanantes: 2, limiteInvitados: 30 },
        registrados: 0,
        puedeEditar: true,
        version: 1,
      });
      expect(created.inicio).toBe(localToUtc(`${day(5)}T17:00`, ZONE));
      expect(created.registroUrl).toMatch(/^http:\/\/localhost(:\d+)?\/registro-invitados\/[A-Za-z0-9_-]+$/);
      const token = created.registroUrl!.split('/').pop()!;
      const form = await call(t.app, 'GET', api(GUEST_PATHS.formInfo(token)));
      expect(form.statusCode, form.body).toBe(200);
      expect(form.json()).toMatchObject({ type: 'event', data: { Nombre: 'Kermés de primavera', NumeroDeAsistentes: 2 } });
      // The resident reads it; the guest event behind it is not shown twice on the administrator's calendar.
      const seen = await ok<EventAnswer>(get('residente', CALENDAR_PATHS.event(created.EventId)));
      expect(seen.evento.puedeEditar).toBe(false);
      const adminDay = await items('admin', day(5), day(5));
      expect(adminDay.filter((i) => i.Titulo === 'Kermés de primavera').map((i) => i.tipo)).toEqual(['evento']);
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'calendar_event')
        .where('entity_id', '=', created.EventId)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['create']);
    });

    it('refuses others, an end before the start, and an unknown section', async () => {
      expect((await post('residente', CALENDAR_PATHS.create, draft())).statusCode).toBe(403);
      expect((await post('consejo', CALENDAR_PATHS.create, draft())).statusCode).toBe(403);
      const backwards = await post('admin', CALENDAR_PATHS.create, draft({ fin: `${day(5)}T16:00` }));
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toMatchObject({ field: 'fin', messageId: 'calendarNotices.refusal.endBeforeStart' });
      expect((await post('admin', CALENDAR_PATHS.create, draft({ sectionId: 999_999 }))).statusCode).toBe(404);
      expect((await get('residente', CALENDAR_PATHS.event(999_999))).statusCode).toBe(404);
    });

    it('edits on the version seen, and answers a stale one with the event as it is', async () => {
      const { eventId, version } = { eventId: created.EventId, version: created.version };
      const edited = await ok<EventAnswer>(
        post('admin', CALENDAR_PATHS.update, {
          eventId,
          version,
          ...draft({ Titulo: 'Kermés', tipo: 'asamblea', invitados: { acompanantes: 1, limiteInvitados: null } }),
        }),
      );
      expect(edited.evento).toMatchObject({
        Titulo: 'Kermés',
        tipo: 'asamblea',
        version: 2,
        invitados: { acompanantes: 1, limiteInvitados: null },
      });
      expect(edited.evento.registroUrl).toBe(created.registroUrl);
      const stale = await post('admin', CALENDAR_PATHS.update, { eventId, version, ...draft({ Titulo: 'Perdido' }) });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 'CONFLICT', evento: { Titulo: 'Kermés', version: 2 } });
    });

    it('cancels the event and the guest event behind it', async () => {
      const stale = await post('admin', CALENDAR_PATHS.cancel, { eventId: created.EventId, version: 1, motivo: 'Lluvia' });
      expect(stale.statusCode).toBe(409);
      const cancelled = await ok<EventAnswer>(
        post('admin', CALENDAR_PATHS.cancel, { eventId: created.EventId, version: 2, motivo: 'Pronóstico de lluvia' }),
      );
      expect(cancelled.evento).toMatchObject({ cancelado: true, motivo: 'Pronóstico de lluvia', puedeEditar: false, version: 3 });
      const token = created.registroUrl!.split('/').pop()!;
      const form = await call(t.app, 'GET', api(GUEST_PATHS.formInfo(token)));
      expect(form.json()).toMatchObject({ type: 'event', data: { Estatus: 'cancelado' } });
      const onCalendar = (await items('residente', day(5), day(5))).find((i) => i.Titulo === 'Kermés')!;
      expect(onCalendar.estado).toBe('cancelado');
      const again = await post('admin', CALENDAR_PATHS.update, { eventId: created.EventId, version: 3, ...draft() });
      expect(again.statusCode).toBe(409);
      expect(again.json().messageId).toBe('calendarNotices.refusal.cancelled');
    });
  });

  describe('personal ICS feed', () => {
    const icsPath = (url: string) => new URL(url).pathname;
    const fetchIcs = (url: string) => call(t.app, 'GET', icsPath(url));
    const parse = (text: string) =>
      new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => ({
        uid: String(v.getFirstPropertyValue('uid')),
        summary: String(v.getFirstPropertyValue('summary')),
        status: String(v.getFirstPropertyValue('status')),
        start: new ICAL.Event(v).startDate.toJSDate().toISOString(),
        startRaw: v.getFirstProperty('dtstart')!.toICALString(),
      }));

    it('serves exactly the owner’s items, in UTC, with their states and in their language', async () => {
      const rotated = await ok<FeedAnswer>(post('residente', CALENDAR_PATHS.feedRotate, {}), FeedAnswer);
      expect(rotated.feedUrl).toMatch(/^http:\/\/localhost(:\d+)?\/api\/--calendario\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
      expect((await ok<CalendarHomeAnswer>(get('residente', CALENDAR_PATHS.home))).tieneFeed).toBe(true);
      const res = await fetchIcs(rotated.feedUrl!);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, max-age=300');
      const events = parse(res.body);
      // What items() gives over the feed's window (90 days back, 365 ahead), read in two-month pages.
      const expected: CalendarItem[] = [];
      for (let from = -90; from <= 365; from += 61)
        expected.push(...(await items('residente', day(from), day(Math.min(from + 60, 365)))));
      const inWindow = expected.filter(
        (i) =>
          Date.parse(i.fin ?? i.inicio) > clock.now().getTime() - 90 * 86_400_000 &&
          Date.parse(i.inicio) < clock.now().getTime() + 365 * 86_400_000,
      );
      const unique = [...new Map(inWindow.map((i) => [i.clave, i])).values()];
      expect(events.map((e) => e.uid.split('@')[0]).sort()).toEqual(unique.map((i) => i.clave).sort());
      for (const item of unique) {
        const event = events.find((e) => e.uid === `${item.clave}@${new URL(rotated.feedUrl!).host}`)!;
        expect(event.start).toBe(new Date(item.inicio).toISOString());
        expect(event.startRaw).toMatch(/^DTSTART:\d{8}T\d{6}Z$/);
      }
      const summaries = events.map((e) => e.summary);
      expect(summaries).toContain('Ocupado — Alberca');
      expect(summaries).toContain(`Cierre de votación: ${DEMO_POLLS.openVote}`);
      expect(summaries).toContain(DEMO_CALENDAR.assembly.title);
      const status = (summary: string) => events.find((e) => e.summary === summary)!.status;
      expect(status(DEMO_CALENDAR.elevators.title)).toBe('CANCELLED');
      expect(status(DEMO_CALENDAR.assembly.title)).toBe('CONFIRMED');
      expect(events.find((e) => e.uid.startsWith(`reservacion-${reservationIds.mine}@`))!.status).toBe('TENTATIVE');
      expect(res.body).not.toContain('Torre B - 907');
      const calendar = new ICAL.Component(ICAL.parse(res.body));
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Residencial Las Palmas');

      // Worded in the language of the owner's membership.
      await t.app.db
        .updateTable('memberships')
        .set({ language: 'en' })
        .where('user_id', '=', await userIdOf('residente@demo.mx'))
        .execute();
      const english = parse((await fetchIcs(rotated.feedUrl!)).body).map((e) => e.summary);
      expect(english).toContain('Busy — Alberca');
      expect(english).toContain(`Vote closes: ${DEMO_POLLS.openVote}`);
      await t.app.db
        .updateTable('memberships')
        .set({ language: 'es' })
        .where('user_id', '=', await userIdOf('residente@demo.mx'))
        .execute();
    });

    async function userIdOf(email: string) {
      return (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    }

    it('stops the old secret when a new one is made, and every one when revoked', async () => {
      const first = (await ok<FeedAnswer>(post('consejo', CALENDAR_PATHS.feedRotate, {}))).feedUrl!;
      expect((await fetchIcs(first)).statusCode).toBe(200);
      const second = (await ok<FeedAnswer>(post('consejo', CALENDAR_PATHS.feedRotate, {}))).feedUrl!;
      expect(second).not.toBe(first);
      expect((await fetchIcs(first)).statusCode).toBe(404);
      expect((await fetchIcs(second)).statusCode).toBe(200);
      const stored = await t.app.db
        .selectFrom('calendar_feeds')
        .select('token_hash')
        .where('user_id', '=', await userIdOf('consejo@demo.mx'))
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(second.split('/').pop()!.replace('.ics', ''));
      expect(await ok<FeedAnswer>(post('consejo', CALENDAR_PATHS.feedRevoke, {}))).toEqual({ success: true, feedUrl: null });
      expect((await fetchIcs(second)).statusCode).toBe(404);
      expect((await ok<CalendarHomeAnswer>(get('consejo', CALENDAR_PATHS.home))).tieneFeed).toBe(false);
      // Employees have no calendar to subscribe to; a malformed name is refused before any lookup.
      expect((await post('empleado', CALENDAR_PATHS.feedRotate, {})).statusCode).toBe(403);
      expect((await call(t.app, 'GET', api('/--calendario/ics/corto.ics'))).statusCode).toBe(400);
    });

    it('stops when the membership is no longer active', async () => {
      const url = (await ok<FeedAnswer>(post('vecino', CALENDAR_PATHS.feedRotate, {}))).feedUrl!;
      expect((await fetchIcs(url)).statusCode).toBe(200);
      const userId = await userIdOf('vecino020@demo.mx');
      await t.app.db.updateTable('memberships').set({ active: 0 }).where('user_id', '=', userId).execute();
      expect((await fetchIcs(url)).statusCode).toBe(404);
      await t.app.db.updateTable('memberships').set({ active: 1 }).where('user_id', '=', userId).execute();
    });

    it('never writes a feed secret in a log line', () => {
      const secret = 'A'.repeat(43);
      expect(withoutSignature(`/api/--calendario/ics/${secret}.ics`)).toBe('/api/--calendario/ics/[Redacted]');
    });
  });
});
