// Requests to the administrator (issue 13) through the routes: the SA section as its screen opens it, one
// request walked through its whole lifecycle (the resident files it with a photo, the administrator assigns it
// to the employee, who starts and resolves it, the resident reopens, confirms and rates it) with the
// notification each step produces and where opening it goes, internal notes that never reach the requester,
// the copy e-mail over real SMTP, and the audit rows every change leaves.
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TICKET_CONFIRMATION } from '../../server/db/seed/ticketsDemo';
import { notificationTarget } from '../../src/api/notifications';
import { ticketPath } from '../../src/api/sections';
import { ticketActions } from '../../src/api/ticketLifecycle';
import { NewTicketAnswer, TICKETS_PATHS, TicketAnswer, TicketConflictAnswer, TicketSectionAnswer } from '../../src/api/tickets';
import { api } from '../support/http';
import { type Mailbox, startMailbox } from '../support/mailbox';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const SECRET_NOTE = 'Nota interna: el proveedor cobra doble en fin de semana';

describe(`requests to the administrator (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  let mailbox: Mailbox;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  let sectionId: number;
  let categories: Map<string, number>;
  beforeAll(async () => {
    mailbox = await startMailbox();
    // Sessions that outlive the days this test moves its clock by.
    t = await createTestApp({ clock, env: { SMTP_URL: mailbox.url, SESSION_IDLE_MINUTES: '10080' } });
    for (const who of ['admin', 'consejo', 'residente', 'empleado']) {
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
      users[who] = (
        await t.app.db.selectFrom('users').select('id').where('email', '=', `${who}@demo.mx`).executeTakeFirstOrThrow()
      ).id;
    }
    sectionId = (
      await t.app.db
        .selectFrom('sections as s')
        .innerJoin('condominiums as c', 'c.id', 's.condo_id')
        .select('s.id')
        .where('c.subdomain', '=', 'palmas')
        .where('s.code', '=', 'SA')
        .executeTakeFirstOrThrow()
    ).id;
    categories = new Map(
      (await t.app.db.selectFrom('ticket_categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]),
    );
  });
  afterAll(() => mailbox?.close());

  const get = (who: string, path: string) => call(t.app, 'GET', api(path), { token: tokens[who] });
  const post = (who: string, path: string, payload: object) => call(t.app, 'POST', api(path), { token: tokens[who], payload });
  async function ok(res: Awaited<ReturnType<typeof get>>) {
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, TicketAnswer);
    return body;
  }
  async function latestNotice(who: string) {
    return t.app.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', users[who]!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  }
  async function noticeCount(who: string) {
    const row = await t.app.db
      .selectFrom('notifications')
      .select(t.app.db.fn.countAll<number>().as('n'))
      .where('user_id', '=', users[who]!)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  /** The newest notification of `who` is this one, about this request, and opens it. */
  async function expectTold(who: string, ticketId: number, titulo: string, text?: RegExp) {
    const notice = await latestNotice(who);
    expect(notice).toMatchObject({ titulo, modulo: 'ticket', abierto: 0 });
    if (text) expect(notice.texto_app).toMatch(text);
    expect(JSON.parse(notice.props)).toEqual({
      taskID: ticketId,
      classificationId: categories.get('Mantenimiento'),
      SectId: sectionId,
    });
    expect(notificationTarget({ Modulo: notice.modulo, Props: notice.props })).toBe(ticketPath(sectionId, ticketId));
  }

  it('opens the SA section with its active categories, the caller’s dwellings and what they may do', async () => {
    const section = async (who: string) => {
      const res = await get(who, TICKETS_PATHS.section(sectionId));
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      assert(body, TicketSectionAnswer);
      return body;
    };
    const resident = await section('residente');
    expect(resident.section).toEqual({
      SectId: sectionId,
      SectName: 'Solicitudes a la administración',
      MensajeConfirmacion: DEMO_TICKET_CONFIRMATION,
      EnviarCopia: 1,
    });
    expect(resident.categorias.map((c) => c.nombre)).toEqual([
      'Mantenimiento',
      'Seguridad',
      'Limpieza',
      'Áreas comunes',
      'Administración',
    ]);
    expect(resident.viviendas.map((v) => v.Nombre)).toEqual(['Torre A - 101']);
    expect(resident).toMatchObject({ canFile: true, canManage: false, canSeeOverview: false });
    expect(await section('admin')).toMatchObject({ canFile: true, canManage: true, canSeeOverview: true });
    expect(await section('consejo')).toMatchObject({ canFile: true, canManage: false, canSeeOverview: true });
  });

  it('walks one request from filing to rating, each step telling the right person, each notice opening it', async () => {
    const [dwelling] = (await get('residente', TICKETS_PATHS.section(sectionId))).json().viviendas as { ApmtId: number }[];
    const mailsBefore = mailbox.messages.length;
    const adminNotices = await noticeCount('admin');
    const filed = await post('residente', TICKETS_PATHS.create, {
      sectionId,
      categoriaId: categories.get('Mantenimiento'),
      Titulo: 'Regadera sin presión',
      Descripcion: 'La regadera del baño principal casi no tiene presión desde el lunes.',
      ApmtId: dwelling!.ApmtId,
      Prioridad: 'alta',
      adjuntos: [{ name: 'regadera.png', dataUrl: PNG_1X1 }],
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const created = filed.json();
    assert(created, NewTicketAnswer);
    expect(created).toMatchObject({ MensajeConfirmacion: DEMO_TICKET_CONFIRMATION, copiaEnviada: true });
    const id = created.TicketId;

    // The administrators hear of it; the requester's copy arrives by e-mail, with a link that opens it.
    expect(await noticeCount('admin')).toBe(adminNotices + 1);
    await expectTold(
      'admin',
      id,
      'Nueva solicitud',
      /^Rosa Hernández Díaz pidió «Regadera sin presión» \(Mantenimiento, Torre A - 101\)\.$/,
    );
    const copy = await mailbox.waitFor(mailsBefore + 1);
    expect(copy.to).toEqual(['residente@demo.mx']);
    expect(copy.subject).toBe('Copia de tu solicitud: Regadera sin presión');
    expect(copy.text).toContain('Torre A - 101');
    expect(copy.text).toContain('Prioridad: Alta');
    expect(copy.text).toContain('1 archivo adjunto.');
    expect(copy.text).toContain(DEMO_TICKET_CONFIRMATION);
    expect(copy.text).toContain(`/condominio${ticketPath(sectionId, id)}`);

    // The requester sees it with its photo behind a signed link, due after the hours of its priority.
    let seen = await ok(await get('residente', TICKETS_PATHS.ticket(id)));
    expect(seen.ticket).toMatchObject({ Estado: 'nuevo', Lugar: 'Torre A - 101', AsignadoId: null, version: 1, Vencida: false });
    expect(seen.ticket.FechaLimite).toBe(new Date(clock.now().getTime() + 24 * 3_600_000).toISOString());
    expect(seen.abilities.roles).toEqual(['requester']);
    expect(ticketActions({ state: 'nuevo', resolvedAt: null }, seen.abilities.roles, clock.now())).toEqual(['cancelar']);
    const photo = await call(t.app, 'GET', seen.ticket.adjuntos[0]!.url);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');

    // The administrator assigns it to the employee: the employee and the requester hear of it.
    clock.advanceMinutes(30);
    seen = await ok(
      await post('admin', TICKETS_PATHS.change, { ticketId: id, version: 1, action: 'asignar', asignadoId: users.empleado }),
    );
    expect(seen.ticket).toMatchObject({ Estado: 'asignado', AsignadoNombre: 'Emilio Torres Vega', version: 2 });
    await expectTold('empleado', id, 'Se te asignó una solicitud');
    await expectTold('residente', id, 'Tu solicitud cambió de estado', /ahora está asignada\.$/);

    // The employee finds it in their task list (no section), starts it, notes and replies.
    const tasks = (await get('empleado', TICKETS_PATHS.list)).json() as { items: { TicketId: number }[] };
    expect(tasks.items.map((i) => i.TicketId)).toContain(id);
    clock.advanceMinutes(60);
    seen = await ok(await post('empleado', TICKETS_PATHS.change, { ticketId: id, version: 2, action: 'iniciar' }));
    expect(seen.abilities).toMatchObject({ roles: ['assignee'], canWriteInternalNote: true, canUpdate: false });
    await expectTold('residente', id, 'Tu solicitud cambió de estado', /ahora está en proceso\.$/);
    const residentNotices = await noticeCount('residente');
    seen = await ok(await post('empleado', TICKETS_PATHS.reply, { ticketId: id, Texto: SECRET_NOTE, interna: true }));
    expect(await noticeCount('residente')).toBe(residentNotices);
    clock.advanceMinutes(15);
    seen = await ok(await post('empleado', TICKETS_PATHS.reply, { ticketId: id, Texto: 'Paso a revisarla a las 5.' }));
    await expectTold('residente', id, 'Respuesta a tu solicitud', /^Emilio Torres Vega respondió a «Regadera sin presión»\.$/);
    const firstReply = await t.app.db
      .selectFrom('tickets')
      .select('first_reply_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(firstReply.first_reply_at).toBe(clock.now().toISOString());

    // Resolved: the requester is told how long they have to answer; they reopen it within those days.
    clock.advanceMinutes(120);
    seen = await ok(
      await post('empleado', TICKETS_PATHS.change, { ticketId: id, version: 3, action: 'resolver', nota: 'Limpié el filtro.' }),
    );
    await expectTold('residente', id, 'Tu solicitud está resuelta', /en los próximos 7 días\.$/);
    seen = await ok(await get('residente', TICKETS_PATHS.ticket(id)));
    expect(
      ticketActions({ state: 'resuelto', resolvedAt: seen.ticket.FechaResuelta }, seen.abilities.roles, clock.now()),
    ).toEqual(['confirmar', 'reabrir']);
    expect(seen.abilities.canRate).toBe(true);
    clock.advanceMinutes(24 * 60);
    seen = await ok(
      await post('residente', TICKETS_PATHS.change, { ticketId: id, version: 4, action: 'reabrir', nota: 'Sigue igual.' }),
    );
    expect(seen.ticket).toMatchObject({ Estado: 'en_proceso', FechaResuelta: null });
    await expectTold('empleado', id, 'Solicitud reabierta', /^Rosa Hernández Díaz reabrió «Regadera sin presión»\.$/);

    // Resolved again, confirmed and rated once.
    seen = await ok(await post('empleado', TICKETS_PATHS.change, { ticketId: id, version: 5, action: 'resolver' }));
    const beforeConfirm = await noticeCount('residente');
    seen = await ok(await post('residente', TICKETS_PATHS.change, { ticketId: id, version: 6, action: 'confirmar' }));
    expect(seen.ticket).toMatchObject({ Estado: 'cerrado', version: 7 });
    expect(await noticeCount('residente')).toBe(beforeConfirm);
    seen = await ok(
      await post('residente', TICKETS_PATHS.rate, { ticketId: id, estrellas: 5, comentario: 'Gracias, quedó bien.' }),
    );
    expect(seen.ticket.calificacion).toMatchObject({ estrellas: 5, comentario: 'Gracias, quedó bien.' });
    expect(seen.abilities.canRate).toBe(false);
    const again = await post('residente', TICKETS_PATHS.rate, { ticketId: id, estrellas: 1 });
    expect(again.statusCode).toBe(409);
    assert(again.json(), TicketConflictAnswer);
    expect(again.json().message).toBe('Ya calificaste esta solicitud.');

    // The timeline the requester reads: every public step, with who and when, and no internal note.
    expect(seen.timeline.map((e) => [e.tipo, e.de, e.a])).toEqual([
      ['creada', null, 'nuevo'],
      ['asignacion', null, 'Emilio Torres Vega'],
      ['estado', 'nuevo', 'asignado'],
      ['estado', 'asignado', 'en_proceso'],
      ['respuesta', null, null],
      ['estado', 'en_proceso', 'resuelto'],
      ['estado', 'resuelto', 'en_proceso'],
      ['estado', 'en_proceso', 'resuelto'],
      ['estado', 'resuelto', 'cerrado'],
      ['calificacion', null, '5'],
    ]);
    expect(JSON.stringify(seen)).not.toContain(SECRET_NOTE);
    const adminView = await ok(await get('admin', TICKETS_PATHS.ticket(id)));
    expect(adminView.timeline.find((e) => e.tipo === 'nota')?.Texto).toBe(SECRET_NOTE);

    // Every change left its audit row, in order, with who made it.
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('entity', '=', 'ticket')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'create', actor_user_id: users.residente },
      { action: 'asignar', actor_user_id: users.admin },
      { action: 'iniciar', actor_user_id: users.empleado },
      { action: 'resolver', actor_user_id: users.empleado },
      { action: 'reabrir', actor_user_id: users.residente },
      { action: 'resolver', actor_user_id: users.empleado },
      { action: 'confirmar', actor_user_id: users.residente },
    ]);
  });

  it('keeps internal notes from the requester in every answer, and refuses them to write one', async () => {
    const own = await t.app.db
      .selectFrom('tickets')
      .select(['id', 'version'])
      .where('requester_user_id', '=', users.residente!)
      .where('title', '=', 'Fuga de agua en el baño')
      .executeTakeFirstOrThrow();
    await ok(await post('admin', TICKETS_PATHS.reply, { ticketId: own.id, Texto: SECRET_NOTE, interna: true }));
    const answers = [
      await get('residente', TICKETS_PATHS.ticket(own.id)),
      await get('residente', `${TICKETS_PATHS.list}?sectionId=${sectionId}`),
      await post('residente', TICKETS_PATHS.reply, { ticketId: own.id, Texto: '¿A qué hora vienen?' }),
      // A refusal carries the fresh request too: still without the note.
      await post('residente', TICKETS_PATHS.change, { ticketId: own.id, version: own.version, action: 'resolver' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 409]);
    for (const answer of answers) {
      expect(answer.body).not.toContain(SECRET_NOTE);
      expect(answer.body).not.toContain('media pulgada');
    }
    const conflict = answers[3]!.json();
    assert(conflict, TicketConflictAnswer);
    expect(conflict.ticket.timeline.some((e) => e.tipo === 'nota')).toBe(false);
    const refused = await post('residente', TICKETS_PATHS.reply, { ticketId: own.id, Texto: 'Nota', interna: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messageId).toBe('ticketsNotices.refusal.internalNote');
    // The assignee reads them (the seeded note is theirs).
    const worker = await ok(await get('empleado', TICKETS_PATHS.ticket(own.id)));
    expect(worker.timeline.filter((e) => e.tipo === 'nota').map((e) => e.Texto)).toEqual([
      'Hace falta un empaque de media pulgada; lo compro en la ferretería.',
      SECRET_NOTE,
    ]);
  });

  it('mails no copy when the section has EnviarCopia 0, and names a common area when there is no dwelling', async () => {
    await t.app.db
      .updateTable('sections')
      .set({ enviar_copia: 0, mensaje_confirmacion: null })
      .where('id', '=', sectionId)
      .execute();
    const mailsBefore = mailbox.messages.length;
    const filed = await post('consejo', TICKETS_PATHS.create, {
      sectionId,
      categoriaId: categories.get('Áreas comunes'),
      Titulo: 'Banca rota',
      Descripcion: 'Una banca del jardín tiene una tabla rota.',
      ApmtId: null,
      AreaComun: '  Jardín central  ',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json()).toMatchObject({ MensajeConfirmacion: null, copiaEnviada: false });
    await t.app.tasks.drain();
    expect(mailbox.messages.length).toBe(mailsBefore);
    const seen = await ok(await get('consejo', TICKETS_PATHS.ticket(filed.json().TicketId)));
    expect(seen.ticket).toMatchObject({ ApmtId: null, AreaComun: 'Jardín central', Lugar: 'Jardín central', Prioridad: 'media' });
  });
});
