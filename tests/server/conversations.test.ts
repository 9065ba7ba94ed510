// Interpersonal messages (issue 13): each member's conversations and unread counts, the exchange between
// residente and consejo with read receipts, pages of 30 and the 15-second refresh, blocks (hidden, not
// counted, not told, unblocked), reports and the administrators' list of them, what administrators never
// read, photos behind signed links, other condominiums and other residents (404), find-or-open under
// concurrency, refused input, and no e-mail or phone in any answer. Every answer's JSON is kept and checked
// for contact data at the end.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { unreadBySection } from '../../server/domain/conversations/conversations';
import {
  BlockedAnswer,
  CONVERSATIONS_PATHS,
  ConversationAnswer,
  ConversationListAnswer,
  DirectoryAnswer,
  MESSAGES_PAGE_SIZE,
  ReportsAnswer,
  SendMessageAnswer,
  StartConversationAnswer,
  UnreadAnswer,
  UpdatesAnswer,
} from '../../src/api/conversations';
import { canReadConversation } from '../../src/api/permissions';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF').toString('base64')}`;

const PEOPLE = [
  'admin',
  'consejo',
  'residente',
  'guardia',
  'vecino025',
  'vecino026',
  'vecino027',
  'vecino028',
  'vecino029',
  'vecino032',
  'vecino033',
  'vecino050',
] as const;
type Who = (typeof PEOPLE)[number];

describe(`conversations (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  const tokens = {} as Record<Who, string>;
  const dwelling = {} as Record<Who, number>;
  let section = 0;
  /** The seeded conversations. */
  const seeded = { residenteAdmin: 0, residenteConsejo: 0, neighbours: 0, consejoAdmin: 0 };
  /** Every answer's body, checked for contact data at the end. */
  const answers: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const who of PEOPLE) tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    const db = t.app.db;
    section = (
      await db.selectFrom('sections').select('id').where('condo_id', '=', 1).where('code', '=', 'IC').executeTakeFirstOrThrow()
    ).id;
    for (const who of PEOPLE) {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('memberships as m', 'm.user_id', 'u.id')
        .innerJoin('residencies as r', 'r.membership_id', 'm.id')
        .select('r.apartment_id')
        .where('u.email', '=', `${who}@demo.mx`)
        .where('m.condo_id', '=', 1)
        .executeTakeFirst();
      if (row) dwelling[who] = row.apartment_id;
    }
    const pair = async (a: number, b: number | null) =>
      (
        await db
          .selectFrom('conversations')
          .select('id')
          .where('party_a_apartment_id', '=', b === null ? a : Math.min(a, b))
          .where((eb) => (b === null ? eb('party_b_apartment_id', 'is', null) : eb('party_b_apartment_id', '=', Math.max(a, b))))
          .executeTakeFirstOrThrow()
      ).id;
    seeded.residenteAdmin = await pair(dwelling.residente, null);
    seeded.residenteConsejo = await pair(dwelling.residente, dwelling.consejo);
    seeded.neighbours = await pair(dwelling.vecino025, dwelling.vecino026);
    seeded.consejoAdmin = await pair(dwelling.consejo, null);
  });

  async function get(who: Who, path: string) {
    const res = await call(t.app, 'GET', api(path), { token: tokens[who] });
    answers.push(res.body);
    return res;
  }
  async function post(who: Who, path: string, payload: object) {
    const res = await call(t.app, 'POST', api(path), { token: tokens[who], payload });
    answers.push(res.body);
    return res;
  }
  async function list(who: Who, query = '') {
    const res = await get(who, `${CONVERSATIONS_PATHS.list}${query}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, ConversationListAnswer);
    return body;
  }
  async function open(who: Who, id: number, query = '') {
    const res = await get(who, `${CONVERSATIONS_PATHS.conversation(id)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, ConversationAnswer);
    return body;
  }
  async function updates(who: Who, id: number, after: number) {
    const res = await get(who, `${CONVERSATIONS_PATHS.updates(id)}?after=${after}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, UpdatesAnswer);
    return body;
  }
  async function unread(who: Who) {
    const res = await get(who, CONVERSATIONS_PATHS.unread);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, UnreadAnswer);
    return body;
  }
  async function send(who: Who, conversationId: number, Texto: string, fotos: object[] = []) {
    const res = await post(who, CONVERSATIONS_PATHS.send, { conversationId, Texto, fotos });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, SendMessageAnswer);
    return body.message;
  }
  async function start(who: Who, to: Who | null, Texto: string, from: number | null = dwelling[who]!) {
    const para = { ApmtId: to === null ? null : dwelling[to]! };
    const res = await post(who, CONVERSATIONS_PATHS.start, { sectionId: section, desdeApmtId: from, para, Texto });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, StartConversationAnswer);
    return body;
  }
  async function notificationsOf(who: Who) {
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', `${who}@demo.mx`).executeTakeFirstOrThrow();
    return t.app.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').execute();
  }

  it('lists each member’s conversations latest first with their unread counts', async () => {
    const residente = await list('residente');
    expect(residente.total).toBe(2);
    expect(residente.items.map((c) => [c.ConversationId, c.yo.Nombre, c.otro.Nombre, c.noLeidos])).toEqual([
      [seeded.residenteAdmin, 'Torre A - 101', 'Administración', 0],
      [seeded.residenteConsejo, 'Torre A - 101', 'Torre B - 502', 2],
    ]);
    expect(residente.items[0]).toMatchObject({
      SectId: section,
      yo: { ApmtId: dwelling.residente },
      otro: { ApmtId: null },
      ultimoMensaje: 'Gracias. ¿Puedo pasar el sábado por la mañana?',
      bloqueado: false,
    });
    expect(Date.parse(residente.items[0]!.ultimaFecha)).toBe(clock.now().getTime() - 3 * 3_600_000);

    const consejo = await list('consejo');
    expect(consejo.items.map((c) => [c.ConversationId, c.otro.Nombre, c.noLeidos])).toEqual([
      [seeded.consejoAdmin, 'Administración', 1],
      [seeded.residenteConsejo, 'Torre A - 101', 0],
    ]);
    // Administrators: the administration's conversations, never the one between vecino025 and vecino026.
    const admin = await list('admin');
    expect(admin.items.map((c) => [c.ConversationId, c.yo.Nombre, c.otro.Nombre, c.noLeidos])).toEqual([
      [seeded.residenteAdmin, 'Administración', 'Torre A - 101', 1],
      [seeded.consejoAdmin, 'Administración', 'Torre B - 502', 0],
    ]);
    expect((await list('guardia')).items).toEqual([]);
    expect((await list('residente', `?sectionId=${section}&limit=1&offset=1`)).items.map((c) => c.ConversationId)).toEqual([
      seeded.residenteConsejo,
    ]);

    expect(await unread('residente')).toEqual({ success: true, total: 2, porSeccion: [{ SectId: section, noLeidos: 2 }] });
    expect(await unread('consejo')).toMatchObject({ total: 1 });
    expect(await unread('admin')).toMatchObject({ total: 1 });
    expect(await unread('guardia')).toMatchObject({ total: 0 });
  });

  it('lists exactly the conversations the shared rule lets each member read', async () => {
    const all = await t.app.db.selectFrom('conversations').selectAll().execute();
    for (const who of ['admin', 'consejo', 'residente', 'guardia', 'vecino025', 'vecino050'] as const) {
      const membership = await t.app.db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.is_admin'])
        .where('u.email', '=', `${who}@demo.mx`)
        .where('m.condo_id', '=', 1)
        .executeTakeFirstOrThrow();
      const viewer = { usuario: { UserIsAdmin: membership.is_admin ? 'Y' : 'N' } } as Parameters<typeof canReadConversation>[0];
      const own = dwelling[who] ? [dwelling[who]] : [];
      const allowed = all
        .filter((c) => canReadConversation(viewer, own, { partyA: c.party_a_apartment_id, partyB: c.party_b_apartment_id }))
        .map((c) => c.id)
        .sort();
      expect((await list(who)).items.map((c) => c.ConversationId).sort(), who).toEqual(allowed);
    }
  });

  it('residente and consejo exchange messages with read receipts: sent, then read with its time', async () => {
    // Opening marks consejo's two messages read, now.
    const opened = await open('residente', seeded.residenteConsejo);
    expect(opened.messages.map((m) => [m.mio, m.UserName])).toEqual([
      [false, 'Carlos Ramírez Soto'],
      [false, 'Carlos Ramírez Soto'],
      [true, 'Rosa Hernández Díaz'],
      [false, 'Carlos Ramírez Soto'],
      [true, 'Rosa Hernández Díaz'],
    ]);
    expect(opened.messages[0]!.Leido).toBe(clock.now().toISOString());
    expect(opened.messages[1]!.Leido).toBe(clock.now().toISOString());
    expect(opened.hayMas).toBe(false);
    expect(opened.conversation.noLeidos).toBe(0);
    expect((await unread('residente')).total).toBe(0);

    clock.advanceMinutes(5);
    const sent = await send('residente', seeded.residenteConsejo, 'Perfecto, ahí estaré. ¿Llevo algo más?');
    expect(sent).toMatchObject({ mio: true, UserName: 'Rosa Hernández Díaz', Leido: null, Enviado: clock.now().toISOString() });
    // consejo is told, with where it opens.
    const told = (await notificationsOf('consejo'))[0]!;
    expect(told).toMatchObject({ modulo: 'mensaje', titulo: 'Nuevo mensaje de Torre A - 101', abierto: 0 });
    expect(told.texto_app).toBe('Rosa Hernández Díaz: Perfecto, ahí estaré. ¿Llevo algo más?');
    expect(JSON.parse(told.props)).toEqual({ conversationId: seeded.residenteConsejo, SectId: section });
    expect(await notificationsOf('residente')).not.toContainEqual(expect.objectContaining({ texto_app: told.texto_app }));
    expect(await unread('consejo')).toMatchObject({ total: 2 });
    expect((await list('consejo')).items[0]).toMatchObject({ ConversationId: seeded.residenteConsejo, noLeidos: 1 });

    // Still only sent for residente.
    const waiting = await updates('residente', seeded.residenteConsejo, sent.id);
    expect(waiting.messages).toEqual([]);
    expect(waiting.leidos.map((l) => l.id)).not.toContain(sent.id);

    clock.advanceMinutes(2);
    const consejoOpens = await open('consejo', seeded.residenteConsejo);
    expect(consejoOpens.messages[0]).toMatchObject({ id: sent.id, mio: false, Leido: clock.now().toISOString() });
    const readNow = clock.now().toISOString();
    clock.advanceMinutes(1);
    const receipts = await updates('residente', seeded.residenteConsejo, sent.id);
    expect(receipts.leidos).toContainEqual({ id: sent.id, Leido: readNow });
    expect((await open('residente', seeded.residenteConsejo)).messages[0]).toMatchObject({
      id: sent.id,
      mio: true,
      Leido: readNow,
    });
    expect(await unread('consejo')).toMatchObject({ total: 1 });
  });

  it('refreshes an open conversation with the newer messages only, newest first, read as they arrive', async () => {
    const before = await open('consejo', seeded.residenteConsejo);
    const newest = before.messages[0]!.id;
    expect((await updates('consejo', seeded.residenteConsejo, newest)).messages).toEqual([]);
    clock.advanceMinutes(1);
    const one = await send('residente', seeded.residenteConsejo, 'Uno');
    const two = await send('residente', seeded.residenteConsejo, 'Dos');
    clock.advanceMinutes(1);
    const fresh = await updates('consejo', seeded.residenteConsejo, newest);
    expect(fresh.messages.map((m) => [m.id, m.Texto, m.mio])).toEqual([
      [two.id, 'Dos', false],
      [one.id, 'Uno', false],
    ]);
    expect(fresh.messages.every((m) => m.Leido === clock.now().toISOString())).toBe(true);
    expect((await updates('consejo', seeded.residenteConsejo, two.id)).messages).toEqual([]);
    expect((await updates('residente', seeded.residenteConsejo, two.id)).leidos).toContainEqual({
      id: two.id,
      Leido: clock.now().toISOString(),
    });
  });

  it('pages a conversation 30 messages at a time, newest first, going back with before', async () => {
    const { ConversationId } = await start('vecino032', 'vecino033', 'Mensaje 1');
    for (let n = 2; n <= 65; n++) await send('vecino032', ConversationId, `Mensaje ${n}`);
    const first = await open('vecino033', ConversationId);
    expect(first.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(first.messages[0]!.Texto).toBe('Mensaje 65');
    expect(first.hayMas).toBe(true);
    const second = await open('vecino033', ConversationId, `?before=${first.messages.at(-1)!.id}`);
    expect(second.messages.map((m) => m.Texto)).toEqual(Array.from({ length: 30 }, (_, i) => `Mensaje ${35 - i}`));
    expect(second.hayMas).toBe(true);
    const third = await open('vecino033', ConversationId, `?before=${second.messages.at(-1)!.id}`);
    expect(third.messages.map((m) => m.Texto)).toEqual(['Mensaje 5', 'Mensaje 4', 'Mensaje 3', 'Mensaje 2', 'Mensaje 1']);
    expect(third.hayMas).toBe(false);
    expect((await open('vecino033', ConversationId, '?limit=10')).messages).toHaveLength(10);
    // Opening read them all: none unread, all read for the writer.
    expect((await unread('vecino033')).total).toBe(0);
    expect((await open('vecino032', ConversationId)).messages.every((m) => m.mio && m.Leido !== null)).toBe(true);
  });

  it('hides a blocked dwelling’s messages from the blocker: not shown, not counted, not told; the sender sees them sent', async () => {
    const block = (bloquear: boolean) => post('vecino026', CONVERSATIONS_PATHS.block, { ApmtId: dwelling.vecino025, bloquear });
    expect((await block(true)).statusCode).toBe(200);
    // Twice is the same block.
    expect((await block(true)).statusCode).toBe(200);
    const blocked = (await get('vecino026', CONVERSATIONS_PATHS.blocked)).json();
    assert(blocked, BlockedAnswer);
    expect(blocked.items).toEqual([{ ApmtId: dwelling.vecino025, Nombre: expect.any(String) }]);
    expect((await list('vecino026')).items[0]).toMatchObject({ ConversationId: seeded.neighbours, bloqueado: true });

    const unreadBefore = (await unread('vecino026')).total;
    const toldBefore = (await notificationsOf('vecino026')).length;
    clock.advanceMinutes(1);
    const hidden = await send('vecino025', seeded.neighbours, '¿Me bloqueaste?');
    // The sender sees it like any other message: sent, not read.
    expect(hidden).toMatchObject({ mio: true, Leido: null });
    const senderView = await open('vecino025', seeded.neighbours);
    expect(senderView.messages[0]).toMatchObject({ id: hidden.id, mio: true, Leido: null });
    expect(senderView.conversation.bloqueado).toBe(false);
    // The blocker: nothing new, nothing counted, nobody told, and opening does not read it.
    expect((await unread('vecino026')).total).toBe(unreadBefore);
    expect(await notificationsOf('vecino026')).toHaveLength(toldBefore);
    const blockerView = await open('vecino026', seeded.neighbours);
    expect(blockerView.messages.map((m) => m.id)).not.toContain(hidden.id);
    expect((await updates('vecino026', seeded.neighbours, 0)).messages.map((m) => m.id)).not.toContain(hidden.id);
    expect((await open('vecino025', seeded.neighbours)).messages[0]).toMatchObject({ id: hidden.id, Leido: null });
    // A conversation a blocked dwelling opens never reaches the blocker at all.
    await post('vecino026', CONVERSATIONS_PATHS.block, { ApmtId: dwelling.vecino027, bloquear: true });
    const unseen = await start('vecino027', 'vecino026', 'Hola, vecino.');
    expect((await list('vecino026')).items.map((c) => c.ConversationId)).not.toContain(unseen.ConversationId);
    expect((await list('vecino027')).items.map((c) => c.ConversationId)).toContain(unseen.ConversationId);

    // Unblocked: new messages arrive and are told; the hidden one stays hidden.
    expect((await block(false)).statusCode).toBe(200);
    expect((await get('vecino026', CONVERSATIONS_PATHS.blocked)).json()).toMatchObject({
      items: [{ ApmtId: dwelling.vecino027 }],
    });
    // Opening the conversation above read what vecino026 could see.
    expect((await unread('vecino026')).total).toBe(0);
    const visible = await send('vecino025', seeded.neighbours, 'Perdón por la insistencia.');
    expect((await unread('vecino026')).total).toBe(1);
    expect((await notificationsOf('vecino026'))[0]).toMatchObject({
      texto_app: expect.stringContaining('Perdón por la insistencia.'),
    });
    const after = await open('vecino026', seeded.neighbours);
    expect(after.messages[0]!.id).toBe(visible.id);
    expect(after.messages.map((m) => m.id)).not.toContain(hidden.id);
    expect(after.conversation.bloqueado).toBe(false);

    // Refused: one's own dwelling, another condominium's (below), a caller without a dwelling.
    expect((await post('vecino026', CONVERSATIONS_PATHS.block, { ApmtId: dwelling.vecino026, bloquear: true })).statusCode).toBe(
      400,
    );
    expect((await post('guardia', CONVERSATIONS_PATHS.block, { ApmtId: dwelling.vecino026, bloquear: true })).statusCode).toBe(
      403,
    );
  });

  it('reports a message of the other side once, and administrators read only the reported messages', async () => {
    const conversation = await open('residente', seeded.residenteConsejo);
    const fromConsejo = conversation.messages.find((m) => !m.mio)!;
    const own = conversation.messages.find((m) => m.mio)!;
    const report = (messageId: number, who: Who = 'residente') =>
      post(who, CONVERSATIONS_PATHS.report, { messageId, motivo: 'Prueba de reporte' });
    expect((await report(fromConsejo.id)).statusCode).toBe(200);
    const again = await report(fromConsejo.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ messageId: 'conversationsNotices.alreadyReported' });
    expect((await report(own.id)).statusCode).toBe(400);
    // Nobody outside the conversation reports it: administrators included.
    expect((await report(fromConsejo.id, 'admin')).statusCode).toBe(404);
    expect((await report(fromConsejo.id, 'vecino050')).statusCode).toBe(404);

    const res = await get('admin', `${CONVERSATIONS_PATHS.reports}?limit=20&offset=0`);
    expect(res.statusCode).toBe(200);
    const reports = res.json();
    assert(reports, ReportsAnswer);
    expect(reports.total).toBe(2);
    expect(reports.items[0]).toMatchObject({
      motivo: 'Prueba de reporte',
      ReportadoPor: 'Rosa Hernández Díaz',
      estado: 'nuevo',
      message: {
        id: fromConsejo.id,
        Texto: fromConsejo.Texto,
        UserName: 'Carlos Ramírez Soto',
        de: { ApmtId: dwelling.consejo, Nombre: 'Torre B - 502' },
        para: { ApmtId: dwelling.residente, Nombre: 'Torre A - 101' },
      },
    });
    expect(reports.items[1]).toMatchObject({
      motivo: 'Respuesta grosera; no es la primera vez.',
      message: { de: { ApmtId: dwelling.vecino026 }, para: { ApmtId: dwelling.vecino025 } },
    });
    // The reported message, never its conversation.
    for (const path of [
      CONVERSATIONS_PATHS.conversation(seeded.residenteConsejo),
      CONVERSATIONS_PATHS.updates(seeded.neighbours),
    ]) {
      expect((await get('admin', path.includes('updates') ? `${path}?after=0` : path)).statusCode).toBe(404);
    }
    expect((await post('admin', CONVERSATIONS_PATHS.send, { conversationId: seeded.neighbours, Texto: 'Hola' })).statusCode).toBe(
      404,
    );
    expect((await list('admin')).items.map((c) => c.ConversationId)).not.toContain(seeded.residenteConsejo);
    expect((await get('residente', CONVERSATIONS_PATHS.reports)).statusCode).toBe(403);
  });

  it('lets administrators write for the administration, only to dwellings', async () => {
    const started = await start('admin', 'vecino028', 'Buen día: su paquete está en la caseta.', null);
    expect(started.message).toMatchObject({ mio: true, UserName: 'Ana Martínez Ruiz' });
    const told = (await notificationsOf('vecino028'))[0]!;
    expect(told).toMatchObject({ titulo: 'Nuevo mensaje de Administración', modulo: 'mensaje' });
    const seen = await open('vecino028', started.ConversationId);
    expect(seen.conversation.otro).toEqual({ ApmtId: null, Nombre: 'Administración' });
    // The answer goes to every administrator, and the same conversation is found again.
    const reply = await start('vecino028', null, 'Gracias, paso por él.');
    expect(reply.ConversationId).toBe(started.ConversationId);
    expect((await notificationsOf('admin'))[0]).toMatchObject({ titulo: expect.stringMatching(/^Nuevo mensaje de /) });
    // To the administration as the administration; to their own dwelling; for another's dwelling.
    const toAdministration = await post('admin', CONVERSATIONS_PATHS.start, {
      sectionId: section,
      desdeApmtId: null,
      para: { ApmtId: null },
      Texto: 'Hola',
    });
    expect(toAdministration.statusCode).toBe(400);
    expect(toAdministration.json()).toMatchObject({
      field: 'para.ApmtId',
      messageId: 'conversationsNotices.administrationToDwellings',
    });
    const toOwn = await post('residente', CONVERSATIONS_PATHS.start, {
      sectionId: section,
      desdeApmtId: dwelling.residente,
      para: { ApmtId: dwelling.residente },
      Texto: 'Hola',
    });
    expect(toOwn.json()).toMatchObject({ field: 'para.ApmtId', messageId: 'conversationsNotices.toOwnSide' });
    const forAnother = await post('residente', CONVERSATIONS_PATHS.start, {
      sectionId: section,
      desdeApmtId: dwelling.consejo,
      para: { ApmtId: dwelling.vecino025 },
      Texto: 'Hola',
    });
    expect(forAnother.statusCode).toBe(403);
    const residentAsAdministration = await post('residente', CONVERSATIONS_PATHS.start, {
      sectionId: section,
      desdeApmtId: null,
      para: { ApmtId: dwelling.vecino025 },
      Texto: 'Hola',
    });
    expect(residentAsAdministration.statusCode).toBe(403);
  });

  it('gives the directory of dwellings by tower and name, without people, and the caller’s own sides', async () => {
    const res = await get('residente', `${CONVERSATIONS_PATHS.directory}?sectionId=${section}`);
    expect(res.statusCode).toBe(200);
    const directory = res.json();
    assert(directory, DirectoryAnswer);
    expect(directory.torres.map((t) => t.TorreName)).toEqual(['Torre A', 'Torre B']);
    expect(directory.viviendas).toHaveLength(259);
    expect(directory.viviendas[0]).toMatchObject({ AptName: '102', TorreName: 'Torre A' });
    expect(directory.viviendas.at(-1)).toMatchObject({ AptName: 'Casa 60', TorreId: null, TorreName: null });
    expect(directory.mias).toEqual([
      { ApmtId: dwelling.residente, AptName: '101', TorreId: directory.torres[0]!.TorreId, TorreName: 'Torre A' },
    ]);
    expect(directory.comoAdministracion).toBe(false);
    const admin = (await get('admin', CONVERSATIONS_PATHS.directory)).json();
    assert(admin, DirectoryAnswer);
    expect(admin.comoAdministracion).toBe(true);
    const guard = (await get('guardia', CONVERSATIONS_PATHS.directory)).json();
    assert(guard, DirectoryAnswer);
    expect(guard).toMatchObject({ mias: [], comoAdministracion: false });
  });

  it('sends photos behind signed links, and refuses anything but images', async () => {
    const sent = await send('residente', seeded.residenteAdmin, 'Así quedó el tarjetón.', [
      { name: 'tarjeton.png', dataUrl: PNG_1X1 },
    ]);
    expect(sent.fotos).toHaveLength(1);
    expect(sent.fotos[0]).toMatchObject({ nombre: 'tarjeton.png' });
    expect(sent.fotos[0]!.url).toMatch(/^\/api\/--conversaciones\/photo\/\d+\?exp=\d+&sig=[0-9a-f]{64}$/);
    const seen = await open('admin', seeded.residenteAdmin);
    const url = seen.messages[0]!.fotos[0]!.url;
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(Buffer.from(PNG_1X1.split(',')[1]!, 'base64'))).toBe(true);
    const forged = await t.app.inject({ method: 'GET', url: url.replace(/sig=(.)/, (_, d) => `sig=${d === '0' ? '1' : '0'}`) });
    expect(forged.statusCode).toBe(403);
    const pdf = await post('residente', CONVERSATIONS_PATHS.send, {
      conversationId: seeded.residenteAdmin,
      Texto: 'Un PDF',
      fotos: [{ name: 'x.pdf', dataUrl: PDF }],
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json()).toMatchObject({ field: 'fotos.0', messageId: 'conversationsNotices.badPhoto' });
  });

  it('opens one conversation however many start it at once', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        call(t.app, 'POST', api(CONVERSATIONS_PATHS.start), {
          token: tokens.vecino029,
          payload: {
            sectionId: section,
            desdeApmtId: dwelling.vecino029,
            para: { ApmtId: dwelling.vecino028 },
            Texto: `Intento ${n}`,
          },
        }),
      ),
    );
    expect(attempts.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(attempts.map((r) => (r.json() as { ConversationId: number }).ConversationId));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const rows = await t.app.db
      .selectFrom('conversations')
      .select('id')
      .where('party_a_apartment_id', '=', Math.min(dwelling.vecino029, dwelling.vecino028))
      .where('party_b_apartment_id', '=', Math.max(dwelling.vecino029, dwelling.vecino028))
      .execute();
    expect(rows).toEqual([{ id }]);
    const count = await t.app.db
      .selectFrom('messages')
      .select(t.app.db.fn.countAll<number>().as('n'))
      .where('conversation_id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(8);
    // The database itself refuses a second row for the pair, whoever writes it.
    await expect(
      t.app.db
        .insertInto('conversations')
        .values({
          condo_id: 1,
          section_id: section,
          party_a_apartment_id: Math.min(dwelling.vecino029, dwelling.vecino028),
          party_b_apartment_id: Math.max(dwelling.vecino029, dwelling.vecino028),
          created_at: clock.now().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
    await expect(
      t.app.db
        .insertInto('conversations')
        .values({
          condo_id: 1,
          section_id: section,
          party_a_apartment_id: dwelling.residente,
          party_b_apartment_id: null,
          created_at: 'x',
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('answers 404 for another condominium’s conversation, section or dwelling, and for other residents’ conversations', async () => {
    const db = t.app.db;
    const bosque = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'bosque').executeTakeFirstOrThrow();
    const [north, south] = await db
      .selectFrom('apartments')
      .select('id')
      .where('condo_id', '=', bosque.id)
      .orderBy('id')
      .limit(2)
      .execute();
    const other = await db
      .insertInto('sections')
      .values({
        condo_id: bosque.id,
        name: 'Vecinos del Bosque',
        code: 'IC',
        graphic: null,
        position: 9,
        status: 'A',
        posting: 'A',
        comments_display: 'Y',
        vista_x_torre: 0,
        sol_privada: 0,
        exclusiva_usuarios: 'N',
        publico_privado: 0,
        tiempo_moroso: 0,
        ver_resultados: 0,
        enviar_copia: 0,
        mensaje_confirmacion: null,
        created_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const elsewhere = await db
      .insertInto('conversations')
      .values({
        condo_id: bosque.id,
        section_id: other.id,
        party_a_apartment_id: north!.id,
        party_b_apartment_id: null,
        created_at: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
    const message = await db
      .insertInto('messages')
      .values({
        conversation_id: elsewhere.id,
        sender_user_id: admin.id,
        sender_apartment_id: null,
        body: 'Del Bosque',
        created_at: clock.now().toISOString(),
        read_at: null,
        hidden_for_recipient: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // admin@demo.mx administers Torres del Bosque too, but this session is Las Palmas'.
    for (const who of ['admin', 'residente'] as const) {
      expect((await get(who, CONVERSATIONS_PATHS.conversation(elsewhere.id))).statusCode).toBe(404);
      expect((await get(who, `${CONVERSATIONS_PATHS.updates(elsewhere.id)}?after=0`)).statusCode).toBe(404);
      expect((await post(who, CONVERSATIONS_PATHS.send, { conversationId: elsewhere.id, Texto: 'Hola' })).statusCode).toBe(404);
      expect((await post(who, CONVERSATIONS_PATHS.report, { messageId: message.id, motivo: 'x' })).statusCode).toBe(404);
      expect((await get(who, `${CONVERSATIONS_PATHS.list}?sectionId=${other.id}`)).statusCode).toBe(404);
      expect((await get(who, `${CONVERSATIONS_PATHS.directory}?sectionId=${other.id}`)).statusCode).toBe(404);
      expect((await post(who, CONVERSATIONS_PATHS.block, { ApmtId: south!.id, bloquear: true })).statusCode).toBe(404);
      const start = await post(who, CONVERSATIONS_PATHS.start, {
        sectionId: section,
        desdeApmtId: who === 'admin' ? null : dwelling.residente,
        para: { ApmtId: south!.id },
        Texto: 'Hola',
      });
      expect(start.statusCode).toBe(404);
      const inTheirSection = await post(who, CONVERSATIONS_PATHS.start, {
        sectionId: other.id,
        desdeApmtId: who === 'admin' ? null : dwelling.residente,
        para: { ApmtId: dwelling.vecino050 },
        Texto: 'Hola',
      });
      expect(inTheirSection.statusCode).toBe(404);
    }
    // Another resident's conversation, and a section that is not IC.
    const notIc = await db
      .selectFrom('sections')
      .select('id')
      .where('condo_id', '=', 1)
      .where('code', '=', 'SA')
      .executeTakeFirstOrThrow();
    expect((await get('vecino050', CONVERSATIONS_PATHS.conversation(seeded.residenteConsejo))).statusCode).toBe(404);
    expect((await get('vecino050', `${CONVERSATIONS_PATHS.updates(seeded.residenteConsejo)}?after=0`)).statusCode).toBe(404);
    expect(
      (await post('vecino050', CONVERSATIONS_PATHS.send, { conversationId: seeded.residenteConsejo, Texto: 'Hola' })).statusCode,
    ).toBe(404);
    expect((await get('residente', CONVERSATIONS_PATHS.conversation(999_999))).statusCode).toBe(404);
    expect((await get('residente', `${CONVERSATIONS_PATHS.list}?sectionId=${notIc.id}`)).statusCode).toBe(404);
    await db.deleteFrom('conversations').where('id', '=', elsewhere.id).execute();
    await db.deleteFrom('sections').where('id', '=', other.id).execute();
  });

  it('refuses malformed input with 400 naming the field, writing nothing', async () => {
    const count = async () =>
      Number((await t.app.db.selectFrom('messages').select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const base = { sectionId: section, desdeApmtId: dwelling.residente, para: { ApmtId: dwelling.vecino050 }, Texto: 'Hola' };
    const cases: [string, 'GET' | 'POST', string, object | undefined][] = [
      ['Texto', 'POST', CONVERSATIONS_PATHS.start, { ...base, Texto: '' }],
      ['Texto', 'POST', CONVERSATIONS_PATHS.start, { ...base, Texto: '   ' }],
      ['Texto', 'POST', CONVERSATIONS_PATHS.start, { ...base, Texto: 'x'.repeat(2001) }],
      ['fotos', 'POST', CONVERSATIONS_PATHS.start, { ...base, fotos: Array(5).fill({ name: 'a.png', dataUrl: PNG_1X1 }) }],
      [
        'fotos.0',
        'POST',
        CONVERSATIONS_PATHS.start,
        { ...base, fotos: [{ name: 'a.png', dataUrl: `data:image/png;base64,${'A'.repeat(40)}` }] },
      ],
      ['para', 'POST', CONVERSATIONS_PATHS.start, { ...base, para: undefined }],
      ['desdeApmtId', 'POST', CONVERSATIONS_PATHS.start, { ...base, desdeApmtId: '12' }],
      ['sectionId', 'POST', CONVERSATIONS_PATHS.start, { ...base, sectionId: 0 }],
      ['conversationId', 'POST', CONVERSATIONS_PATHS.send, { conversationId: -1, Texto: 'Hola' }],
      ['Texto', 'POST', CONVERSATIONS_PATHS.send, { conversationId: seeded.residenteConsejo }],
      ['ApmtId', 'POST', CONVERSATIONS_PATHS.block, { ApmtId: 0, bloquear: true }],
      ['bloquear', 'POST', CONVERSATIONS_PATHS.block, { ApmtId: dwelling.vecino050, bloquear: 'sí' }],
      ['motivo', 'POST', CONVERSATIONS_PATHS.report, { messageId: 1, motivo: '' }],
      ['motivo', 'POST', CONVERSATIONS_PATHS.report, { messageId: 1, motivo: 'x'.repeat(501) }],
      ['conversationId', 'GET', CONVERSATIONS_PATHS.conversation('abc'), undefined],
      ['before', 'GET', `${CONVERSATIONS_PATHS.conversation(seeded.residenteConsejo)}?before=0`, undefined],
      ['limit', 'GET', `${CONVERSATIONS_PATHS.conversation(seeded.residenteConsejo)}?limit=31`, undefined],
      ['after', 'GET', CONVERSATIONS_PATHS.updates(seeded.residenteConsejo), undefined],
      ['after', 'GET', `${CONVERSATIONS_PATHS.updates(seeded.residenteConsejo)}?after=x`, undefined],
      ['limit', 'GET', `${CONVERSATIONS_PATHS.list}?limit=0`, undefined],
      ['sectionId', 'GET', `${CONVERSATIONS_PATHS.directory}?sectionId=abc`, undefined],
    ];
    for (const [field, method, path, payload] of cases) {
      const res = method === 'GET' ? await get('residente', path) : await post('residente', path, payload!);
      expect(res.statusCode, `${path} ${JSON.stringify(payload)?.slice(0, 80)}`).toBe(400);
      expect((res.json() as { field: string }).field.startsWith(field), `${res.body} for ${field}`).toBe(true);
    }
    expect(await count()).toBe(before);
  });

  it('gives the unread totals per section to the lead’s home as unreadBySection does', async () => {
    const membership = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.user_id'])
      .where('u.email', '=', 'consejo@demo.mx')
      .executeTakeFirstOrThrow();
    const auth = { sessionId: 0, userId: membership.user_id, condoId: 1, membershipId: membership.id, language: 'es' as const };
    const map = await unreadBySection(t.app.db, auth);
    const answer = await unread('consejo');
    expect([...map].map(([SectId, noLeidos]) => ({ SectId, noLeidos }))).toEqual(answer.porSeccion);
    const employee = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.id', 'm.user_id'])
      .where('u.email', '=', 'empleado@demo.mx')
      .executeTakeFirstOrThrow();
    expect(await unreadBySection(t.app.db, { ...auth, userId: employee.user_id, membershipId: employee.id })).toEqual(new Map());
  });

  it('never puts an e-mail address or a phone number in any answer', async () => {
    const contacts = await t.app.db.selectFrom('users').select('email').execute();
    const phones = (await t.app.db.selectFrom('condominiums').select(['phone1', 'phone2']).execute())
      .flatMap((c) => [c.phone1, c.phone2])
      .filter((p): p is string => !!p);
    expect(answers.length).toBeGreaterThan(100);
    for (const body of answers) {
      expect(body).not.toMatch(/@/);
      expect(body).not.toMatch(/"(email|correo|telefono|tel|phone|celular)"/i);
      for (const phone of phones) expect(body).not.toContain(phone);
    }
    expect(contacts.length).toBeGreaterThan(50);
  });
});
