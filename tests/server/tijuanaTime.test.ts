// A condominium in Tijuana across the spring-forward of Sunday 8 March 2026 (02:00 PST → 03:00 PDT, 10:00 UTC):
// Las Palmas's administrator moves it to America/Tijuana through the settings route, and the test clock walks
// from Saturday morning to Monday. Everything people read and type is Tijuana's wall clock: a reservation's
// slots and instants, a request's due day and its age buckets, a poll's opening and closing, an invoice's Fecha.
// Tijuana keeps the US's daylight saving (UTC−8 in winter, UTC−7 in summer); Mexico City none since 2022 (UTC−6).
import { beforeAll, describe, expect, it } from 'vitest';
import { cadenaOfXml } from '../../server/domain/invoicing/cfdi/xmlTree';
import { createSandboxPac } from '../../server/domain/invoicing/pac/sandbox';
import { CONDO_SETTINGS_PATHS, type CondoSettings } from '../../src/api/condoSettings';
import { INVOICING_PATHS, type InvoiceStamped } from '../../src/api/invoicing';
import { POLLS_PATHS, PollSavedAnswer } from '../../src/api/polls';
import { AvailabilityAnswer, HomeAnswer, RESERVATIONS_PATHS } from '../../src/api/reservations';
import type { SessionData } from '../../src/api/sessions';
import { TICKETS_PATHS, type TicketAnswer, type TicketListAnswer } from '../../src/api/tickets';
import { api } from '../support/http';
import { draftKey, dwellingDraft, invoicingSetup } from '../support/invoicingServerFixtures';
import { dwellingOf, enSection, voteDraft } from '../support/pollServerFixtures';
import { facilityId, refusalOf, reservationsClient } from '../support/reservationServerFixtures';
import { call, createTestApp, dialect, expectOk, getSessionData, signInAs, type TestApp, testClock } from '../support/testApp';

const TIJUANA = 'America/Tijuana';

describe(`a condominium in Tijuana across a change of the clocks (${dialect})`, () => {
  // Saturday 7 March 2026, 10:00 in Tijuana (PST, UTC−8); 12:00 in Mexico City.
  const clock = testClock(new Date('2026-03-07T18:00:00Z'));
  const setClock = (iso: string) => clock.advanceMinutes((Date.parse(iso) - clock.now().getTime()) / 60_000);
  const sandbox = createSandboxPac({ cadenaOf: cadenaOfXml, now: () => clock.now() });
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const reservations = reservationsClient(() => t, tokens);
  const get = (who: string, path: string) => call(t.app, 'GET', api(path), { token: tokens[who] });
  const post = (who: string, path: string, payload: object) => call(t.app, 'POST', api(path), { token: tokens[who], payload });

  beforeAll(async () => {
    t = await createTestApp({ clock, pac: sandbox, env: { SESSION_IDLE_MINUTES: '10080' } });
    for (const who of ['admin', 'residente', 'vecino010', 'vecino011']) tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    // The administrator moves Las Palmas to Tijuana, as condoSettings lets them.
    const settings: CondoSettings = (await get('admin', CONDO_SETTINGS_PATHS.settings)).json().settings;
    const saved = await post('admin', CONDO_SETTINGS_PATHS.save, {
      version: settings.version,
      fields: { ...settings.fields, timeZone: TIJUANA },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('tells the browser the zone in the session data, at once', async () => {
    for (const who of ['admin', 'residente'])
      expect(((await getSessionData(t.app, tokens[who])).json() as { data: SessionData }).data.condo.timeZone).toBe(TIJUANA);
  });

  it("books facilities on Tijuana's wall clock: slots, now and the instants on both sides of the change", async () => {
    setClock('2026-03-07T18:00:00Z');
    const home = await expectOk<HomeAnswer>(reservations.get('residente', RESERVATIONS_PATHS.home), HomeAnswer);
    expect(home).toMatchObject({ zonaHoraria: TIJUANA, ahoraLocal: '2026-03-07T10:00' });

    const pool = await facilityId(t.app.db, 'Alberca');
    const days = await expectOk<AvailabilityAnswer>(
      reservations.get('residente', `${RESERVATIONS_PATHS.availability}?facilityId=${pool}&desde=2026-03-07&dias=3`),
      AvailabilityAnswer,
    );
    expect(days.ahoraLocal).toBe('2026-03-07T10:00');
    // 08:00–20:00 in two-hour blocks every day, the change day too: the condominium's clock, not UTC's.
    for (const day of days.dias)
      expect(day.opciones.map((o) => `${o.desde}-${o.hasta}`)).toEqual([
        '08:00-10:00',
        '10:00-12:00',
        '12:00-14:00',
        '14:00-16:00',
        '16:00-18:00',
        '18:00-20:00',
      ]);
    // At 10:00 on Saturday the blocks from 08:00 and 10:00 have begun, the one from 12:00 has not.
    expect(days.dias[0]!.opciones.slice(0, 3).map((o) => o.estado)).toEqual(['pasado', 'pasado', 'libre']);

    const apt = (who: string) => dwellingOf(t.app.db, `${who}@demo.mx`);
    const book = async (who: string, fecha: string, desde: string, hasta: string) =>
      reservations.booked(who, reservations.bookRequest(pool, await apt(who), fecha, desde, hasta));
    // Saturday 12:00 is PST (UTC−8); Sunday 12:00, after the change, and Monday 12:00 are PDT (UTC−7).
    expect(await book('residente', '2026-03-07', '12:00', '14:00')).toMatchObject({
      fecha: '2026-03-07',
      desde: '12:00',
      hasta: '14:00',
      inicio: '2026-03-07T20:00:00.000Z',
      fin: '2026-03-07T22:00:00.000Z',
    });
    expect(await book('vecino010', '2026-03-08', '12:00', '14:00')).toMatchObject({
      inicio: '2026-03-08T19:00:00.000Z',
      fin: '2026-03-08T21:00:00.000Z',
    });
    expect(await book('vecino011', '2026-03-09', '08:00', '10:00')).toMatchObject({
      inicio: '2026-03-09T15:00:00.000Z',
      fin: '2026-03-09T17:00:00.000Z',
    });

    // Sunday 17:30 UTC is 10:30 PDT (09:30 on last week's offset): the 10:00 block has begun, 12:00 has not.
    setClock('2026-03-08T17:30:00Z');
    expect((await expectOk<HomeAnswer>(reservations.get('residente', RESERVATIONS_PATHS.home), HomeAnswer)).ahoraLocal).toBe(
      '2026-03-08T10:30',
    );
    expect(
      refusalOf(
        await reservations.book(
          'residente',
          reservations.bookRequest(pool, await apt('residente'), '2026-03-08', '10:00', '12:00'),
        ),
      ),
    ).toBe('pasado');
    expect(await book('residente', '2026-03-08', '14:00', '16:00')).toMatchObject({ inicio: '2026-03-08T21:00:00.000Z' });
  });

  it("ends a due day at 23:59 in Tijuana and starts 'hoy' at Tijuana's midnight", async () => {
    const sectionId = (
      await t.app.db
        .selectFrom('sections')
        .select('id')
        .where('code', '=', 'SA')
        .where('condo_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    const categoriaId = (
      await t.app.db.selectFrom('ticket_categories').select('id').where('name', '=', 'Mantenimiento').executeTakeFirstOrThrow()
    ).id;
    const ApmtId = await dwellingOf(t.app.db, 'residente@demo.mx');
    const file = async (Titulo: string) => {
      const res = await post('residente', TICKETS_PATHS.create, {
        sectionId,
        categoriaId,
        Titulo,
        Descripcion: 'Para las pruebas de la zona horaria.',
        ApmtId,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { TicketId } = res.json() as { TicketId: number };
      return (await get('admin', TICKETS_PATHS.ticket(TicketId))).json() as TicketAnswer;
    };
    // Saturday 23:50 and Sunday 00:10 in Tijuana (both PST): the two sides of Sunday's midnight, 08:00 UTC.
    setClock('2026-03-08T07:50:00Z');
    const saturday = (await file('Filtración del sábado')).ticket;
    setClock('2026-03-08T08:10:00Z');
    const sunday = (await file('Filtración del domingo')).ticket;

    // Sunday 10:30 PDT: 'hoy' is since Sunday's Tijuana midnight (08:00 UTC, not Mexico City's 06:00).
    setClock('2026-03-08T17:30:00Z');
    const ages = async (edad: string) => {
      const res = await get('admin', `${TICKETS_PATHS.list}?sectionId=${sectionId}&edad=${edad}&limit=50`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TicketListAnswer).items.map((i) => i.TicketId);
    };
    expect(await ages('hoy')).toContain(sunday.TicketId);
    expect(await ages('hoy')).not.toContain(saturday.TicketId);
    expect(await ages('semana')).toContain(saturday.TicketId);

    // A due day typed by the administrator ends at 23:59 Tijuana time: PST on Saturday, PDT from Sunday.
    const due = async (ticket: { TicketId: number; version: number }, FechaLimite: string) => {
      const res = await post('admin', TICKETS_PATHS.update, { ticketId: ticket.TicketId, version: ticket.version, FechaLimite });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as TicketAnswer).ticket;
    };
    const first = await due(saturday, '2026-03-07');
    expect(first.FechaLimite).toBe('2026-03-08T07:59:00.000Z');
    const second = await due(first, '2026-03-08');
    expect(second.FechaLimite).toBe('2026-03-09T06:59:00.000Z');
    expect((await due(sunday, '2026-03-09')).FechaLimite).toBe('2026-03-10T06:59:00.000Z');
  });

  it("stores a poll's opening and closing typed on Tijuana's clock as the right instants, either side of the change", async () => {
    setClock('2026-03-07T18:00:00Z');
    const sectionId = await enSection(t.app.db);
    const create = async (abre: string, cierra: string) => {
      const { PollId } = await expectOk<PollSavedAnswer>(
        post('admin', POLLS_PATHS.create, voteDraft(clock, sectionId, { Titulo: `Cierra ${cierra}`, abre, cierra })),
        PollSavedAnswer,
      );
      return t.app.db.selectFrom('polls').select(['opens_at', 'closes_at']).where('id', '=', PollId).executeTakeFirstOrThrow();
    };
    // Before the change (PST, UTC−8), after it (PDT, UTC−7), and in the hour the clocks skip, which reads as
    // the later instant (02:30 is 03:30 PDT).
    expect(await create('2026-03-07T12:00', '2026-03-08T01:30')).toEqual({
      opens_at: '2026-03-07T20:00:00.000Z',
      closes_at: '2026-03-08T09:30:00.000Z',
    });
    expect(await create('2026-03-07T12:00', '2026-03-08T03:30')).toEqual({
      opens_at: '2026-03-07T20:00:00.000Z',
      closes_at: '2026-03-08T10:30:00.000Z',
    });
    expect(await create('2026-03-07T12:00', '2026-03-08T02:30')).toEqual({
      opens_at: '2026-03-07T20:00:00.000Z',
      closes_at: '2026-03-08T10:30:00.000Z',
    });
    expect(await create('2026-03-07T12:00', '2026-03-09T20:00')).toEqual({
      opens_at: '2026-03-07T20:00:00.000Z',
      closes_at: '2026-03-10T03:00:00.000Z',
    });
  });

  it("writes an invoice's Fecha on Tijuana's clock, an hour less after the change", async () => {
    const s = await invoicingSetup(t.app);
    // The issuer of a condominium in Tijuana issues from Baja California (the PAC reads Fecha in its zone).
    await t.app.db.updateTable('invoicing_issuers').set({ lugar_expedicion: '22000' }).where('id', '=', s.issuerId).execute();
    const stamp = async (concepts = dwellingDraft(s)) => {
      const res = await post('admin', INVOICING_PATHS.stamp, { draft: concepts, draftKey: draftKey() });
      expect(res.statusCode, res.body).toBe(200);
      const { cfdi } = res.json() as InvoiceStamped;
      const xml = (await get('admin', INVOICING_PATHS.xml.replace(':id', String(cfdi.id)))).body;
      return { fecha: cfdi.fecha, xmlFecha: / Fecha="([^"]+)"/.exec(xml)?.[1] };
    };
    // Saturday 10:00:00 PST (12:00 in Mexico City).
    setClock('2026-03-07T18:00:00Z');
    expect(await stamp()).toEqual({ fecha: '2026-03-07T10:00:00', xmlFecha: '2026-03-07T10:00:00' });
    // Sunday 10:30:15 PDT (11:30 in Mexico City).
    setClock('2026-03-08T17:30:15Z');
    const other = await invoicingSetup(t.app);
    expect(await stamp(dwellingDraft(other))).toEqual({ fecha: '2026-03-08T10:30:15', xmlFecha: '2026-03-08T10:30:15' });
  });
});
