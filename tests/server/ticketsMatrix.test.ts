// Who may call what in requests to the administrator (issue 13): every demo account of DESIGN.md §6 and a
// caller without a session, against every path of src/api/tickets.ts, on the caller's own request, another
// resident's, and another condominium's (404: nothing says it exists). Each cell that changes something
// starts from a request of its own, so no cell depends on another. A contract path without a row here fails
// the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { TICKETS_PATHS } from '../../src/api/tickets';
import { api } from '../support/http';
import { ADMIN_ONLY, type Expected, PNG_1X1, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

/** Not employees (no Comunicación), and the SA section's readers (the guard's COM-SOL is inactive). */
const SA_READERS: Expected = [200, 200, 200, 403, 403, 403, 401, 401];
/** Another condominium's request or section: not found for everyone signed in. */
const ELSEWHERE: Expected = [404, 404, 404, 404, 404, 404, 401, 401];
/** Employees are refused before the section is looked at (no Comunicación); the guard is not an employee. */
const ELSEWHERE_SECTION: Expected = [404, 404, 404, 403, 404, 403, 401, 401];

const fixtures = {
  section: 0,
  notices: 0,
  bosqueSection: 0,
  bosqueTicket: 0,
  /** residente's, assigned to empleado. */
  own: 0,
  /** vecino043's, assigned to empleado. */
  neighbours: 0,
  category: 0,
  employee: 0,
  link: '',
  admin: '',
  resident: '',
};

type Filed = { TicketId: number; ticket: { version: number } };

/** A fresh request of residente's, moved on by the administrator and the employee to `state`. */
async function freshRequest(t: TestApp, state: 'nuevo' | 'asignado' | 'resuelto'): Promise<number> {
  const filed = await expectOk<Filed>(
    call(t.app, 'POST', api(TICKETS_PATHS.create), {
      token: fixtures.resident,
      payload: {
        sectionId: fixtures.section,
        categoriaId: fixtures.category,
        Titulo: 'Para la matriz',
        Descripcion: 'Una solicitud de prueba.',
        ApmtId: null,
        AreaComun: 'Lobby',
      },
    }),
  );
  const id = filed.TicketId;
  const change = (version: number, action: string, extra: object = {}) =>
    expectOk<Filed>(
      call(t.app, 'POST', api(TICKETS_PATHS.change), {
        token: fixtures.admin,
        payload: { ticketId: id, version, action, ...extra },
      }),
    );
  if (state !== 'nuevo') await change(1, 'asignar', { asignadoId: fixtures.employee });
  if (state === 'resuelto') await change(2, 'resolver');
  return id;
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: TICKETS_PATHS.section(':sectionId'),
    variant: 'the SA section',
    expected: SA_READERS,
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.section(fixtures.section)),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.section(':sectionId'),
    variant: 'a section that is not SA',
    expected: ELSEWHERE_SECTION,
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.section(fixtures.notices)),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.section(':sectionId'),
    variant: "another condominium's SA section",
    expected: ELSEWHERE_SECTION,
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.section(fixtures.bosqueSection)),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.list,
    variant: 'without a section (the task list)',
    expected: [200, 200, 200, 200, 403, 200, 401, 401],
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.list),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.list,
    variant: 'the SA section',
    expected: [200, 200, 200, 200, 403, 200, 401, 401],
    run: (t, c) => status(t, c, 'GET', `${TICKETS_PATHS.list}?sectionId=${fixtures.section}`),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.list,
    variant: "another condominium's section",
    expected: [404, 404, 404, 404, 404, 404, 401, 401],
    run: (t, c) => status(t, c, 'GET', `${TICKETS_PATHS.list}?sectionId=${fixtures.bosqueSection}`),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.ticket(':ticketId'),
    variant: "residente's, assigned to empleado",
    expected: [200, 404, 200, 200, 404, 404, 401, 401],
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.ticket(fixtures.own)),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.ticket(':ticketId'),
    variant: "another resident's, assigned to empleado",
    expected: [200, 404, 404, 200, 404, 404, 401, 401],
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.ticket(fixtures.neighbours)),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.ticket(':ticketId'),
    variant: "another condominium's",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.ticket(fixtures.bosqueTicket)),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.create,
    variant: 'a common area of the SA section',
    expected: SA_READERS,
    run: (t, c) =>
      status(t, c, 'POST', TICKETS_PATHS.create, {
        sectionId: fixtures.section,
        categoriaId: fixtures.category,
        Titulo: `De ${c.row}`,
        Descripcion: 'Prueba',
        ApmtId: null,
        AreaComun: 'Alberca',
      }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.create,
    variant: "another condominium's section",
    expected: ELSEWHERE_SECTION,
    run: (t, c) =>
      status(t, c, 'POST', TICKETS_PATHS.create, {
        sectionId: fixtures.bosqueSection,
        categoriaId: fixtures.category,
        Titulo: 'Fuera',
        Descripcion: 'Prueba',
        ApmtId: null,
        AreaComun: 'Alberca',
      }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.change,
    variant: 'iniciar an assigned request of residente',
    // The requester may not start the work: the lifecycle refuses (409 with the request).
    expected: [200, 404, 409, 200, 404, 404, 401, 401],
    run: async (t, c) =>
      status(t, c, 'POST', TICKETS_PATHS.change, { ticketId: await freshRequest(t, 'asignado'), version: 2, action: 'iniciar' }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.change,
    variant: 'cancelar a new request of residente',
    expected: [200, 404, 200, 404, 404, 404, 401, 401],
    run: async (t, c) =>
      status(t, c, 'POST', TICKETS_PATHS.change, { ticketId: await freshRequest(t, 'nuevo'), version: 1, action: 'cancelar' }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.change,
    variant: "another condominium's request",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', TICKETS_PATHS.change, { ticketId: fixtures.bosqueTicket, version: 1, action: 'cancelar' }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.update,
    variant: 'the priority of a request of residente',
    expected: ADMIN_ONLY,
    run: async (t, c) =>
      status(t, c, 'POST', TICKETS_PATHS.update, { ticketId: await freshRequest(t, 'asignado'), version: 2, Prioridad: 'alta' }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.update,
    variant: "another condominium's request",
    expected: [404, 403, 403, 403, 403, 403, 401, 401],
    run: (t, c) => status(t, c, 'POST', TICKETS_PATHS.update, { ticketId: fixtures.bosqueTicket, version: 1, Prioridad: 'alta' }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.reply,
    variant: 'a public reply on a request of residente',
    expected: [200, 404, 200, 200, 404, 404, 401, 401],
    run: async (t, c) =>
      status(t, c, 'POST', TICKETS_PATHS.reply, { ticketId: await freshRequest(t, 'asignado'), Texto: 'Respuesta' }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.reply,
    variant: 'an internal note on a request of residente',
    expected: [200, 404, 403, 200, 404, 404, 401, 401],
    run: async (t, c) =>
      status(t, c, 'POST', TICKETS_PATHS.reply, { ticketId: await freshRequest(t, 'asignado'), Texto: 'Nota', interna: true }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.reply,
    variant: "another condominium's request",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', TICKETS_PATHS.reply, { ticketId: fixtures.bosqueTicket, Texto: 'Hola' }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.rate,
    variant: 'a resolved request of residente',
    expected: [403, 404, 200, 403, 404, 404, 401, 401],
    run: async (t, c) => status(t, c, 'POST', TICKETS_PATHS.rate, { ticketId: await freshRequest(t, 'resuelto'), estrellas: 4 }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.rate,
    variant: "another condominium's request",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', TICKETS_PATHS.rate, { ticketId: fixtures.bosqueTicket, estrellas: 4 }),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.overview,
    variant: 'every SA section',
    expected: [200, 200, 403, 403, 403, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.overview),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.overview,
    variant: "another condominium's section",
    expected: [404, 404, 403, 403, 403, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', `${TICKETS_PATHS.overview}?sectionId=${fixtures.bosqueSection}`),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.assignees,
    variant: 'the employees',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.assignees),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.settings,
    variant: 'categories and hours',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', TICKETS_PATHS.settings),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.saveCategory,
    variant: 'a new category',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', TICKETS_PATHS.saveCategory, { nombre: `Categoría de ${c.row}`, activa: true }),
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.saveCategory,
    variant: "another condominium's category",
    expected: [404, 403, 403, 403, 403, 403, 401, 401],
    run: async (t, c) => {
      const bosque = await t.app.db
        .selectFrom('ticket_categories')
        .select('id')
        .where('condo_id', '!=', 1)
        .executeTakeFirstOrThrow();
      return status(t, c, 'POST', TICKETS_PATHS.saveCategory, { id: bosque.id, nombre: 'Mía', activa: true });
    },
  },
  {
    method: 'POST',
    path: TICKETS_PATHS.saveDueHours,
    variant: 'the hours',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', TICKETS_PATHS.saveDueHours, { baja: 168, media: 72, alta: 24, urgente: 4 }),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.attachmentFile(':attachmentId'),
    variant: 'signed link',
    // The link is the permission, as for posts' files.
    expected: [200, 200, 200, 200, 200, 200, 200, 200],
    run: (t, c) => status(t, c, 'GET', fixtures.link.replace(/^\/api/, '')),
  },
  {
    method: 'GET',
    path: TICKETS_PATHS.attachmentFile(':attachmentId'),
    variant: 'forged link',
    expected: [403, 403, 403, 403, 403, 403, 403, 403],
    run: (t, c) =>
      status(
        t,
        c,
        'GET',
        fixtures.link.replace(/^\/api/, '').replace(/sig=(.)/, (_, d) => `sig=${d === '0' ? '1' : '0'}`),
      ),
  },
];

describe(`requests permission matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const section = (condo: number, code: string) =>
      db.selectFrom('sections').select('id').where('condo_id', '=', condo).where('code', '=', code).executeTakeFirstOrThrow();
    const bosque = (await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'bosque').executeTakeFirstOrThrow())
      .id;
    fixtures.section = (await section(1, 'SA')).id;
    fixtures.notices = (await section(1, '')).id;
    fixtures.bosqueSection = (await section(bosque, 'SA')).id;
    fixtures.category = (
      await db.selectFrom('ticket_categories').select('id').where('condo_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()
    ).id;
    fixtures.employee = (
      await db.selectFrom('users').select('id').where('email', '=', 'empleado@demo.mx').executeTakeFirstOrThrow()
    ).id;
    const titled = async (title: string) =>
      (await db.selectFrom('tickets').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
    fixtures.own = await titled('Tarjeta de acceso no funciona');
    fixtures.neighbours = await titled('Foco fundido en el pasillo del piso 3');
    fixtures.admin = await signInAs(t.app, 'admin@demo.mx');
    fixtures.resident = await signInAs(t.app, 'residente@demo.mx');

    // Torres del Bosque's administrator (the same person, in the other condominium) files a request there.
    const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const settings = await call(t.app, 'POST', api(TICKETS_PATHS.saveCategory), {
      token: bosqueAdmin,
      payload: { nombre: 'Mantenimiento', activa: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const filed = await expectOk<Filed>(
      call(t.app, 'POST', api(TICKETS_PATHS.create), {
        token: bosqueAdmin,
        payload: {
          sectionId: fixtures.bosqueSection,
          categoriaId: (settings.json() as { categorias: { id: number }[] }).categorias[0]!.id,
          Titulo: 'En el Bosque',
          Descripcion: 'Solicitud de otro condominio.',
          ApmtId: null,
          AreaComun: 'Caseta',
        },
      }),
    );
    fixtures.bosqueTicket = filed.TicketId;

    const withPhoto = await expectOk<Filed>(
      call(t.app, 'POST', api(TICKETS_PATHS.create), {
        token: fixtures.resident,
        payload: {
          sectionId: fixtures.section,
          categoriaId: fixtures.category,
          Titulo: 'Con foto',
          Descripcion: 'Ver la foto.',
          ApmtId: null,
          AreaComun: 'Lobby',
          adjuntos: [{ name: 'foto.png', dataUrl: PNG_1X1 }],
        },
      }),
    );
    const shown = await call(t.app, 'GET', api(TICKETS_PATHS.ticket(withPhoto.TicketId)), { token: fixtures.admin });
    fixtures.link = (shown.json() as { ticket: { adjuntos: { url: string }[] } }).ticket.adjuntos[0]!.url;
    expect(fixtures.link).toMatch(/^\/api\/--tickets\/file\/\d+\?exp=\d+&sig=[0-9a-f]{64}$/);
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the tickets contract, and each exists', () => {
    const contractPaths = Object.values(TICKETS_PATHS).map((path) =>
      typeof path === 'function'
        ? path(path === TICKETS_PATHS.section ? ':sectionId' : path === TICKETS_PATHS.ticket ? ':ticketId' : ':attachmentId')
        : path,
    );
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(contractPaths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
