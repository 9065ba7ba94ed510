// Requests to the administrator, the administrators' side and the lists (issue 13): the list's visibility,
// filters, accent-insensitive search and pages over the demo requests; the overview's counts (full for
// administrators, counts only for the board); assigning, prioritising and moving due dates (with the overdue
// job moved along); categories and due hours with their audit rows; and 400s that name the field and write
// nothing.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTicketCountsBySection } from '../../server/domain/tickets/list';
import { DEFAULT_DUE_HOURS } from '../../src/api/ticketLifecycle';
import {
  AssigneesAnswer,
  TICKETS_PATHS,
  TicketAnswer,
  TicketConflictAnswer,
  TicketListAnswer,
  TicketOverviewAnswer,
  TicketSettingsAnswer,
} from '../../src/api/tickets';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const HOUR = 3_600_000;

describe(`requests: lists, overview and administration (${dialect})`, () => {
  // 12:00 in Mexico City: the start of today there is 06:00 UTC.
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  let sectionId: number;
  let categories: Map<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const who of ['admin', 'consejo', 'residente', 'empleado', 'supervisor', 'guardia']) {
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
      users[who] = (
        await t.app.db.selectFrom('users').select('id').where('email', '=', `${who}@demo.mx`).executeTakeFirstOrThrow()
      ).id;
    }
    sectionId = (
      await t.app.db
        .selectFrom('sections')
        .select('id')
        .where('code', '=', 'SA')
        .where('condo_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    categories = new Map(
      (await t.app.db.selectFrom('ticket_categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]),
    );
  });

  const get = (who: string, path: string) => call(t.app, 'GET', api(path), { token: tokens[who] });
  const post = (who: string, path: string, payload: object) => call(t.app, 'POST', api(path), { token: tokens[who], payload });
  async function list(who: string, query = '') {
    const res = await get(who, `${TICKETS_PATHS.list}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, TicketListAnswer);
    return body;
  }
  const inSection = (query = '') => `?sectionId=${sectionId}${query}`;
  async function ticketNamed(title: string) {
    return t.app.db.selectFrom('tickets').selectAll().where('title', '=', title).executeTakeFirstOrThrow();
  }
  async function count(table: 'tickets' | 'ticket_events' | 'ticket_categories' | 'audit_log') {
    return Number((await t.app.db.selectFrom(table).select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  }

  it('lists to each caller only what they may see: administrators all, requesters their own, employees theirs', async () => {
    const all = await list('admin', inSection('&limit=50'));
    expect(all.total).toBe(40);
    expect(all.items.map((i) => i.FechaCreada)).toEqual([...all.items.map((i) => i.FechaCreada)].sort().reverse());
    const own = await list('residente', inSection());
    expect(own.total).toBe(7);
    expect(own.items.every((i) => i.SolicitanteId === users.residente)).toBe(true);
    expect(own.items[0]).toMatchObject({ Titulo: 'Gotera en el techo de la cocina', Lugar: 'Torre A - 101', Estado: 'nuevo' });
    const board = await list('consejo', inSection());
    expect(board.items.map((i) => i.Titulo).sort()).toEqual(
      ['Duda sobre la cuota extraordinaria', 'Mesa de ping-pong rota', 'Puerta del estacionamiento no cierra'].sort(),
    );
    for (const worker of ['empleado', 'supervisor']) {
      const tasks = await list(worker, '?limit=50');
      const assigned = await t.app.db
        .selectFrom('tickets')
        .select('id')
        .where('assignee_user_id', '=', users[worker]!)
        .orderBy('id')
        .execute();
      expect(tasks.items.map((i) => i.TicketId).sort((a, b) => a - b)).toEqual(assigned.map((a) => a.id));
      expect(tasks.total).toBeGreaterThan(3);
    }
    // The menu's counts: the open requests each one sees, per SA section.
    const auth = async (email: string) => {
      const member = await t.app.db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.user_id', 'm.condo_id'])
        .where('u.email', '=', email)
        // admin@demo.mx belongs to three condominiums: Las Palmas's membership is the first one seeded (without
        // an order PostgreSQL answers in heap order, which an UPDATE of a membership changes).
        .orderBy('m.id')
        .executeTakeFirstOrThrow();
      return { sessionId: 0, userId: member.user_id, condoId: member.condo_id, membershipId: member.id, language: 'es' as const };
    };
    const counts = async (who: string) =>
      Object.fromEntries(await openTicketCountsBySection(t.app.db, await auth(`${who}@demo.mx`)));
    expect(await counts('admin')).toEqual({ [sectionId]: 22 });
    expect(await counts('residente')).toEqual({ [sectionId]: 4 });
    const employeeOpen = await t.app.db
      .selectFrom('tickets')
      .select(t.app.db.fn.countAll<number>().as('n'))
      .where('assignee_user_id', '=', users.empleado!)
      .where('state', 'in', ['nuevo', 'asignado', 'en_proceso', 'en_espera'])
      .executeTakeFirstOrThrow();
    expect(await counts('empleado')).toEqual({ [sectionId]: Number(employeeOpen.n) });
    expect(await counts('guardia')).toEqual({});
    // The guard reads no SA section (COM-SOL inactive) and works no requests.
    expect((await get('guardia', TICKETS_PATHS.list)).statusCode).toBe(403);
    expect((await get('guardia', `${TICKETS_PATHS.list}${inSection()}`)).statusCode).toBe(403);
  });

  it('filters by state, category, assignee, age and overdue, pages, and searches ignoring case and accents', async () => {
    expect((await list('admin', inSection('&estado=nuevo'))).total).toBe(6);
    const maintenance = await list('admin', inSection(`&categoria=${categories.get('Mantenimiento')}&limit=50`));
    expect(maintenance.items.every((i) => i.CategoriaNombre === 'Mantenimiento')).toBe(true);
    expect(maintenance.total).toBe(13);
    const unassigned = await list('admin', inSection('&asignado=0&limit=50'));
    expect(unassigned.items.every((i) => i.AsignadoId === null)).toBe(true);
    expect(unassigned.total).toBe(8);
    const byEmployee = await list('admin', inSection(`&asignado=${users.empleado}&limit=50`));
    expect(byEmployee.items.every((i) => i.AsignadoNombre === 'Emilio Torres Vega')).toBe(true);
    const overdue = await list('admin', inSection('&vencidas=1&limit=50'));
    expect(overdue.total).toBe(8);
    expect(overdue.items.every((i) => i.Vencida)).toBe(true);
    expect((await list('admin', inSection('&limit=50'))).items.filter((i) => i.Vencida)).toHaveLength(8);
    const ages = { hoy: 0, semana: 0, mes: 0, antiguas: 0 };
    for (const age of Object.keys(ages) as (keyof typeof ages)[])
      ages[age] = (await list('admin', inSection(`&edad=${age}`))).total;
    expect(ages.hoy + ages.semana + ages.mes + ages.antiguas).toBe(40);
    expect(
      (await list('admin', inSection('&edad=hoy&limit=50'))).items.every((i) => i.FechaCreada >= '2026-11-21T06:00:00.000Z'),
    ).toBe(true);

    const first = await list('admin', inSection('&limit=15&offset=0'));
    const second = await list('admin', inSection('&limit=15&offset=15'));
    const third = await list('admin', inSection('&limit=15&offset=30'));
    expect(third.items).toHaveLength(10);
    const ids = [...first.items, ...second.items, ...third.items].map((i) => i.TicketId);
    expect(new Set(ids).size).toBe(40);

    const titles = async (typed: string) =>
      (await list('admin', inSection(`&search=${encodeURIComponent(typed)}`))).items.map((i) => i.Titulo).sort();
    const garden = ['Asador del jardín dañado', 'Excremento de mascotas en el jardín', 'Fuga en el riego del jardín'];
    for (const typed of ['jardin', 'JARDÍN', 'Jardín', '  jardín ']) expect(await titles(typed), typed).toEqual(garden);
    // The description counts too; LIKE's wildcards are plain characters.
    expect(await titles('ASPERSOR')).toEqual(['Fuga en el riego del jardín']);
    expect(await titles('%')).toEqual([]);
    expect(await titles('_')).toEqual([]);
  });

  it('gives administrators the whole overview and the board its counts, with no titles or names', async () => {
    const res = await get('admin', `${TICKETS_PATHS.overview}?sectionId=${sectionId}`);
    expect(res.statusCode, res.body).toBe(200);
    const full = res.json();
    assert(full, TicketOverviewAnswer);
    expect(full.porEstado).toEqual([
      { clave: 'nuevo', total: 6 },
      { clave: 'asignado', total: 6 },
      { clave: 'en_proceso', total: 7 },
      { clave: 'en_espera', total: 3 },
    ]);
    expect(full.porEdad).toEqual([
      { clave: 'hoy', total: 7 },
      { clave: 'semana', total: 13 },
      { clave: 'mes', total: 2 },
      { clave: 'antiguas', total: 0 },
    ]);
    expect(full.porCategoria.reduce((sum, c) => sum + c.total, 0)).toBe(22);
    expect(full.porCategoria[0]).toEqual({ clave: 'Mantenimiento', total: 9 });
    expect(full).toMatchObject({ vencidas: 8, calificaciones: 7, calificacionPromedio: 4.3 });
    expect(full.horasPrimeraRespuesta).toBeGreaterThan(0);
    expect(full.horasResolucion).toBeGreaterThan(full.horasPrimeraRespuesta!);

    const boardRes = await get('consejo', TICKETS_PATHS.overview);
    expect(boardRes.statusCode).toBe(200);
    const board = boardRes.json();
    assert(board, TicketOverviewAnswer);
    expect(board).toEqual({
      ...full,
      vencidas: null,
      horasPrimeraRespuesta: null,
      horasResolucion: null,
      calificacionPromedio: null,
      calificaciones: null,
    });
    for (const personal of ['Gotera', 'Rosa', 'Torre A', 'Emilio']) expect(boardRes.body).not.toContain(personal);
    expect((await get('residente', TICKETS_PATHS.overview)).statusCode).toBe(403);
    expect((await get('admin', `${TICKETS_PATHS.overview}?sectionId=999999`)).statusCode).toBe(404);
  });

  it('lets administrators assign, reprioritise and move the due date, moving the overdue job along', async () => {
    const assignees = (await get('admin', TICKETS_PATHS.assignees)).json();
    assert(assignees, AssigneesAnswer);
    expect(assignees.items.map((a) => a.UserName)).toEqual(['Emilio Torres Vega', 'Sofía Vargas Peña']);

    const row = await ticketNamed('Actualizar datos de contacto');
    const update = (payload: object) => post('admin', TICKETS_PATHS.update, { ticketId: row.id, ...payload });
    // Assigning a new request is the lifecycle's asignar.
    let res = await update({ version: 1, asignadoId: users.empleado });
    expect(res.statusCode, res.body).toBe(200);
    let seen = res.json();
    assert(seen, TicketAnswer);
    expect(seen.ticket).toMatchObject({ Estado: 'asignado', AsignadoId: users.empleado, version: 2 });

    // A new priority without a date: the due date its hours give (urgente, 4 h after filing: already past).
    res = await update({ version: 2, Prioridad: 'urgente' });
    seen = res.json();
    assert(seen, TicketAnswer);
    expect(seen.ticket).toMatchObject({ Prioridad: 'urgente', version: 3, Vencida: true });
    expect(seen.ticket.FechaLimite).toBe(new Date(Date.parse(row.created_at) + DEFAULT_DUE_HOURS.urgente * HOUR).toISOString());

    // A day: its end in the condominium's time zone (UTC-6); the job moves, and may tell again.
    res = await update({ version: 3, FechaLimite: '2026-12-01', asignadoId: users.supervisor });
    seen = res.json();
    assert(seen, TicketAnswer);
    expect(seen.ticket).toMatchObject({
      FechaLimite: '2026-12-02T05:59:00.000Z',
      AsignadoNombre: 'Sofía Vargas Peña',
      version: 4,
    });
    const job = await t.app.db
      .selectFrom('scheduled_jobs')
      .selectAll()
      .where('kind', '=', 'ticket-overdue')
      .where('key', '=', String(row.id))
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ due_at: '2026-12-02T05:59:00.000Z', done_at: null, attempts: 0 });
    const told = await t.app.db
      .selectFrom('notifications')
      .select('titulo')
      .where('user_id', '=', users.supervisor!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.titulo).toBe('Se te asignó una solicitud');
    res = await update({ version: 4, FechaLimite: '2026-12-03T10:00:00-06:00' });
    expect(res.json().ticket.FechaLimite).toBe('2026-12-03T16:00:00.000Z');
    // The priority moved the due date too.
    expect(seen.timeline.map((e) => e.tipo)).toEqual([
      'creada',
      'asignacion',
      'estado',
      'prioridad',
      'vencimiento',
      'asignacion',
      'vencimiento',
    ]);

    // Refusals: an old version, taking the assignee off a request under way, a finished request.
    const stale = await update({ version: 4, Prioridad: 'baja' });
    expect(stale.statusCode).toBe(409);
    const conflict = stale.json();
    assert(conflict, TicketConflictAnswer);
    expect(conflict).toMatchObject({ code: 'CONFLICT', messageId: 'ticketsNotices.refusal.stale' });
    expect(conflict.ticket.ticket.version).toBe(5);
    expect((await update({ version: 5, asignadoId: null })).json().messageId).toBe('ticketsNotices.refusal.keepAssignee');
    const closed = await ticketNamed('Bomba de agua con ruido');
    const finished = await post('admin', TICKETS_PATHS.update, {
      ticketId: closed.id,
      version: closed.version,
      Prioridad: 'baja',
    });
    expect(finished.statusCode).toBe(409);
    expect(finished.json().messageId).toBe('ticketsNotices.refusal.finished');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json'])
      .where('entity', '=', 'ticket')
      .where('entity_id', '=', row.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['asignar', 'update', 'update', 'update']);
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ priority: 'baja', due: row.due_at });
    // Only administrators update.
    expect((await post('empleado', TICKETS_PATHS.update, { ticketId: row.id, version: 5, Prioridad: 'baja' })).statusCode).toBe(
      403,
    );
  });

  it('keeps categories and due hours, with an audit row each, and new requests follow them', async () => {
    const settings = async () => {
      const body = (await get('admin', TICKETS_PATHS.settings)).json();
      assert(body, TicketSettingsAnswer);
      return body;
    };
    expect((await settings()).horas).toEqual(DEFAULT_DUE_HOURS);
    const audits = await count('audit_log');
    const saved = await post('admin', TICKETS_PATHS.saveDueHours, { baja: 100, media: 10, alta: 5, urgente: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().horas).toEqual({ baja: 100, media: 10, alta: 5, urgente: 1 });

    const added = await post('admin', TICKETS_PATHS.saveCategory, { nombre: 'Jardinería', activa: true });
    expect(added.statusCode, added.body).toBe(200);
    const garden = (added.json() as { categorias: { id: number; nombre: string }[] }).categorias.find(
      (c) => c.nombre === 'Jardinería',
    )!;
    const taken = await post('admin', TICKETS_PATHS.saveCategory, { nombre: 'JARDINERIA', activa: true });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().messageId).toBe('ticketsNotices.refusal.categoryTaken');
    const retired = await post('admin', TICKETS_PATHS.saveCategory, {
      id: categories.get('Limpieza'),
      nombre: 'Limpieza',
      activa: false,
    });
    expect(retired.json().categorias.find((c: { nombre: string }) => c.nombre === 'Limpieza')).toMatchObject({ activa: false });
    expect((await post('admin', TICKETS_PATHS.saveCategory, { id: 999_999, nombre: 'X', activa: true })).statusCode).toBe(404);
    expect(await count('audit_log')).toBe(audits + 3);
    const section = (await get('residente', TICKETS_PATHS.section(sectionId))).json() as { categorias: { nombre: string }[] };
    expect(section.categorias.map((c) => c.nombre)).toEqual([
      'Mantenimiento',
      'Seguridad',
      'Áreas comunes',
      'Administración',
      'Jardinería',
    ]);

    const filed = await post('residente', TICKETS_PATHS.create, {
      sectionId,
      categoriaId: garden.id,
      Titulo: 'Pasto seco',
      Descripcion: 'El pasto frente a la Torre A está seco.',
      ApmtId: null,
      AreaComun: 'Jardín de la Torre A',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const ticket = await t.app.db
      .selectFrom('tickets')
      .selectAll()
      .where('id', '=', filed.json().TicketId)
      .executeTakeFirstOrThrow();
    expect(ticket.due_at).toBe(new Date(clock.now().getTime() + 10 * HOUR).toISOString());
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const dwelling = (await get('residente', TICKETS_PATHS.section(sectionId))).json().viviendas[0].ApmtId as number;
    const notHers = (
      await t.app.db
        .selectFrom('apartments')
        .select('id')
        .where('id', '!=', dwelling)
        .where('condo_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    const base = {
      sectionId,
      categoriaId: categories.get('Mantenimiento'),
      Titulo: 'Prueba',
      Descripcion: 'Texto',
      ApmtId: dwelling,
    };
    const open = await ticketNamed('Gotera en el techo de la cocina');
    const before = { tickets: await count('tickets'), events: await count('ticket_events'), audit: await count('audit_log') };
    const cases: [who: string, path: string, payload: object, field: string][] = [
      ['residente', TICKETS_PATHS.create, { ...base, Titulo: '   ' }, 'Titulo'],
      ['residente', TICKETS_PATHS.create, { ...base, Prioridad: 'altísima' }, 'Prioridad'],
      ['residente', TICKETS_PATHS.create, { ...base, categoriaId: categories.get('Limpieza') }, 'categoriaId'],
      ['residente', TICKETS_PATHS.create, { ...base, categoriaId: 999_999 }, 'categoriaId'],
      ['residente', TICKETS_PATHS.create, { ...base, ApmtId: notHers }, 'ApmtId'],
      ['residente', TICKETS_PATHS.create, { ...base, ApmtId: null, AreaComun: '   ' }, 'AreaComun'],
      ['residente', TICKETS_PATHS.create, { ...base, ApmtId: null }, 'AreaComun'],
      [
        'residente',
        TICKETS_PATHS.create,
        {
          ...base,
          adjuntos: [{ name: 'x.png', dataUrl: `data:image/png;base64,${Buffer.from('%PDF-1.4 not a png').toString('base64')}` }],
        },
        'adjuntos.0',
      ],
      ['admin', TICKETS_PATHS.change, { ticketId: open.id, version: open.version, action: 'asignar' }, 'asignadoId'],
      [
        'admin',
        TICKETS_PATHS.change,
        { ticketId: open.id, version: open.version, action: 'asignar', asignadoId: users.guardia },
        'asignadoId',
      ],
      ['admin', TICKETS_PATHS.change, { ticketId: open.id, version: 0, action: 'cancelar' }, 'version'],
      ['admin', TICKETS_PATHS.change, { ticketId: open.id, version: 1, action: 'borrar' }, 'action'],
      ['admin', TICKETS_PATHS.update, { ticketId: open.id, version: 1, FechaLimite: '2026-02-30' }, 'FechaLimite'],
      ['admin', TICKETS_PATHS.update, { ticketId: open.id, version: 1, FechaLimite: 'el próximo lunes' }, 'FechaLimite'],
      ['admin', TICKETS_PATHS.update, { ticketId: open.id, version: 1, asignadoId: users.residente }, 'asignadoId'],
      ['residente', TICKETS_PATHS.reply, { ticketId: open.id, Texto: '' }, 'Texto'],
      ['residente', TICKETS_PATHS.rate, { ticketId: open.id, estrellas: 6 }, 'estrellas'],
      ['admin', TICKETS_PATHS.saveDueHours, { baja: 0, media: 1, alta: 1, urgente: 1 }, 'baja'],
      ['admin', TICKETS_PATHS.saveCategory, { nombre: '', activa: true }, 'nombre'],
    ];
    for (const [who, path, payload, field] of cases) {
      const res = await post(who, path, payload);
      expect(res.statusCode, `${path} ${JSON.stringify(payload).slice(0, 120)}: ${res.body}`).toBe(400);
      expect(res.json().field, path).toBe(field);
    }
    const query = await get('admin', `${TICKETS_PATHS.list}?estado=abierto`);
    expect([query.statusCode, query.json().field]).toEqual([400, 'estado']);
    expect({ tickets: await count('tickets'), events: await count('ticket_events'), audit: await count('audit_log') }).toEqual(
      before,
    );
  });
});
