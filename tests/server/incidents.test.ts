// Incidents and the shift handover (src/api/incidents.ts) on both databases: raising one with a photo (its signed link
// serves the image; the supervisors and administrators are told; a checkpoint's id is kept) and refusing bad input
// (a blank description, a photo that is not an image) writing nothing; the lifecycle's refusals (409 with the
// incident as it is: closed, stale version, not maintenance); two changes at once, one winner; turning a maintenance
// incident into a request writes one ticket, linked both ways, however many ask at once; the handover written, read
// once by someone else (409 the second time, 403 for its writer). The demo has incidents in each state.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INCIDENTS } from '../../server/db/seed/incidents';
import type { ErrorAnswer } from '../../src/api/errors';
import {
  HandoverAnswer,
  HandoversAnswer,
  INCIDENT_PATHS,
  IncidentAnswer,
  type IncidentConflictAnswer,
  IncidentsPageAnswer,
  readHandoverPath,
} from '../../src/api/incidents';
import { api } from '../support/http';
import { change, condoIdOf, freshIncident, PNG_1X1, raise, raiseDraft } from '../support/incidentsServerFixtures';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

describe(`incidents (${dialect})`, () => {
  let t: TestApp;
  let guard: string;
  let supervisor: string;
  let admin: string;
  let palmas: number;

  beforeAll(async () => {
    t = await createTestApp();
    guard = await signInAs(t.app, 'guardia@demo.mx');
    supervisor = await signInAs(t.app, 'supervisor@demo.mx');
    admin = await signInAs(t.app, 'admin@demo.mx');
    palmas = await condoIdOf(t.app.db, 'palmas');
  });

  const ticketsOf = async (incidentId: number) =>
    t.app.db
      .selectFrom('tickets')
      .select(['id', 'title', 'description', 'common_area'])
      .where('title', 'like', `Incidente #${incidentId}:%`)
      .execute();

  it('has the demo’s incidents in each state, one of them turned into a request, and two handovers', async () => {
    const list = await expectOk<IncidentsPageAnswer>(
      call(t.app, 'GET', api(`${INCIDENT_PATHS.list}?limit=50`), { token: admin }),
      IncidentsPageAnswer,
    );
    const demo = list.items.filter((i) => DEMO_INCIDENTS.some((d) => d.description === i.description));
    expect(new Set(demo.map((i) => i.state))).toEqual(new Set(['open', 'attended', 'closed']));
    const requested = demo.filter((i) => i.ticketId !== null);
    expect(requested).toHaveLength(1);
    expect(requested[0]!.category).toBe('maintenance');
    expect(requested[0]!.ticketScreen).toMatch(/^\/comunicacion\/tickets-administrador\/\d+\?ticket=\d+$/);
    const handovers = await expectOk<HandoversAnswer>(
      call(t.app, 'GET', api(INCIDENT_PATHS.handovers), { token: guard }),
      HandoversAnswer,
    );
    expect(handovers.items.length).toBeGreaterThanOrEqual(2);
  });

  it('raises an incident with a photo at a checkpoint, tells the supervisor and serves the photo behind its link', async () => {
    const answer = await expectOk<IncidentAnswer>(
      raise(
        t,
        guard,
        raiseDraft({
          category: 'security',
          source: 'checkpoint',
          checkpointId: 4,
          photos: [{ name: 'p.png', dataUrl: PNG_1X1 }],
        }),
      ),
      IncidentAnswer,
    );
    expect(answer.data).toMatchObject({ state: 'open', category: 'security', checkpointId: 4, source: 'checkpoint', version: 1 });
    expect(answer.data.reportedBy).toBeTruthy();
    expect(answer.data.photoUrls).toHaveLength(1);
    const photo = await t.app.inject({ method: 'GET', url: answer.data.photoUrls[0]! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toContain('image/png');
    const told = await t.app.db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select('u.email')
      .where('n.modulo', '=', 'incidente')
      .where('n.props', 'like', `%"incidentId":${answer.data.id}%`)
      .execute();
    expect(told.map((r) => r.email)).toContain('supervisor@demo.mx');
    expect(told.map((r) => r.email)).not.toContain('guardia@demo.mx');
  });

  it('refuses a blank description or a photo that is not an image, writing nothing', async () => {
    const before = await t.app.db
      .selectFrom('incidents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const blank = await raise(t, guard, raiseDraft({ description: '   ' }));
    expect(blank.statusCode).toBe(400);
    expect((JSON.parse(blank.body) as ErrorAnswer).field).toBe('description');
    const pdf = await raise(
      t,
      guard,
      raiseDraft({
        photos: [{ name: 'x.pdf', dataUrl: `data:application/pdf;base64,${Buffer.from('%PDF-1.4 x').toString('base64')}` }],
      }),
    );
    expect(pdf.statusCode).toBe(400);
    expect((JSON.parse(pdf.body) as ErrorAnswer).field).toBe('photos.0');
    const after = await t.app.db
      .selectFrom('incidents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('moves open → attended → closed and refuses what the table does not list with 409 and the incident', async () => {
    const id = await freshIncident(t.app.db, palmas, 'noise');
    const attended = await expectOk<IncidentAnswer>(change(t, guard, id, 'attend', 1), IncidentAnswer);
    expect(attended.data).toMatchObject({ state: 'attended', version: 2 });
    expect(attended.data.attendedBy).toBeTruthy();
    // Not maintenance: never a request.
    const request = await change(t, admin, id, 'request', 2);
    expect(request.statusCode).toBe(409);
    const stale = await change(t, supervisor, id, 'close', 1);
    expect(stale.statusCode).toBe(409);
    expect((JSON.parse(stale.body) as IncidentConflictAnswer).incident).toMatchObject({ state: 'attended', version: 2 });
    const closed = await expectOk<IncidentAnswer>(
      change(t, supervisor, id, 'close', 2, 'Se habló con el residente.'),
      IncidentAnswer,
    );
    expect(closed.data).toMatchObject({ state: 'closed', version: 3, note: 'Se habló con el residente.' });
    const again = await change(t, admin, id, 'attend', 3);
    expect(again.statusCode).toBe(409);
    expect((JSON.parse(again.body) as IncidentConflictAnswer).incident.state).toBe('closed');
    const history = await t.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'incident')
      .where('entity_id', '=', id)
      .execute();
    expect(history.map((h) => h.action).sort()).toEqual(['atender', 'cerrar']);
  });

  it('lets one of two changes made at once win; the other gets 409 with the winner’s incident', async () => {
    const id = await freshIncident(t.app.db, palmas, 'damage');
    const answers = await Promise.all([change(t, guard, id, 'attend', 1), change(t, supervisor, id, 'close', 1)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const row = await t.app.db
      .selectFrom('incidents')
      .select(['state', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(2);
  });

  it('turns a maintenance incident into one request, linked both ways, however many ask at once', async () => {
    const raised = await expectOk<IncidentAnswer>(
      raise(t, guard, raiseDraft({ severity: 'high', photos: [{ name: 'p.png', dataUrl: PNG_1X1 }] })),
      IncidentAnswer,
    );
    const id = raised.data.id;
    // The supervisor may not (the table's roles): 403, nothing written.
    expect((await change(t, supervisor, id, 'request', 1)).statusCode).toBe(403);
    const answers = await Promise.all([1, 2, 3].map(() => change(t, admin, id, 'request', 1)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(2);
    const tickets = await ticketsOf(id);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]!.description).toContain(`Incidente #${id}`);
    expect(tickets[0]!.common_area).toBe(raised.data.place);
    const attachments = await t.app.db
      .selectFrom('ticket_attachments')
      .select('id')
      .where('ticket_id', '=', tickets[0]!.id)
      .execute();
    expect(attachments).toHaveLength(1);
    const now = await expectOk<IncidentAnswer>(call(t.app, 'GET', api(`/--incidentes/${id}`), { token: admin }), IncidentAnswer);
    expect(now.data).toMatchObject({ state: 'attended', ticketId: tickets[0]!.id });
    // Once made, the table no longer lists it.
    const more = await change(t, admin, id, 'request', now.data.version);
    expect(more.statusCode).toBe(409);
    expect(await ticketsOf(id)).toHaveLength(1);
  });

  it('filters the list by state and category', async () => {
    const id = await freshIncident(t.app.db, palmas, 'other', 'closed');
    const list = await expectOk<IncidentsPageAnswer>(
      call(t.app, 'GET', api(`${INCIDENT_PATHS.list}?state=closed&category=other&limit=50`), { token: supervisor }),
      IncidentsPageAnswer,
    );
    expect(list.items.every((i) => i.state === 'closed' && i.category === 'other')).toBe(true);
    expect(list.items.map((i) => i.id)).toContain(id);
    expect(list.total).toBe(list.items.length);
  });

  it('writes a handover, read once by someone else: who and when', async () => {
    const written = await expectOk<HandoverAnswer>(
      call(t.app, 'POST', api(INCIDENT_PATHS.writeHandover), {
        token: guard,
        payload: { notes: '  Portón 2 no cierra bien.  ' },
      }),
      HandoverAnswer,
    );
    expect(written.data).toMatchObject({ notes: 'Portón 2 no cierra bien.', writtenByMe: true, readAt: null });
    const own = await call(t.app, 'POST', api(readHandoverPath(written.data.id)), { token: guard, payload: {} });
    expect(own.statusCode).toBe(403);
    const read = await expectOk<HandoverAnswer>(
      call(t.app, 'POST', api(readHandoverPath(written.data.id)), { token: supervisor, payload: {} }),
      HandoverAnswer,
    );
    expect(read.data.readBy).toBe('Sofía Vargas Peña');
    expect(read.data.readAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    const twice = await call(t.app, 'POST', api(readHandoverPath(written.data.id)), { token: supervisor, payload: {} });
    expect(twice.statusCode).toBe(409);
    const blank = await call(t.app, 'POST', api(INCIDENT_PATHS.writeHandover), { token: guard, payload: { notes: ' ' } });
    expect(blank.statusCode).toBe(400);
  });
});
