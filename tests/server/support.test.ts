// The support chat end to end on the server (issue 30): an administrator boots the chat with the spec's boot data
// (the hash must be the server's own for them), writes with files, reads support's answers; the desk signs in with
// its own accounts, lists conversations by state and condominium, reads (read marks both ways), replies, assigns,
// moves along the lifecycle (stale versions and moves the table lacks get 409 with the conversation), keeps canned
// answers and office hours. Support's answer is mailed, in their language, to an administrator who is away, once per
// absence. Each condominium sees only its own conversation.
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_OFFLINE_MINUTES, SUPPORT_PATHS, supportBootData } from '../../src/api/support';
import { api } from '../support/http';
import { PNG_1X1 } from '../support/routeMatrix';
import { bootChat, conversationOf, deskCall, deskSignIn, sessionDataOf, writeToSupport } from '../support/supportServerFixtures';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

/** Wednesday 4 March 2026, 12:00 in Mexico City: inside the demo desk's hours. */
const clock = testClock(new Date('2026-03-04T18:00:00Z'));
const SECRET = 'support-secret-for-tests';
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%demo\n').toString('base64')}`;

let t: TestApp;
let admin: string;
let agent: string;

const get = (token: string, path: string) => call(t.app, 'GET', api(path), { token });
const desk = (method: 'GET' | 'POST', path: string, payload?: object) => deskCall(t.app, method, path, agent, payload);
const outboxTo = (address: string) =>
  t.app.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text', 'html'])
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp({ clock, env: { SUPPORT_CHAT_SECRET: SECRET } });
  admin = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
  agent = await deskSignIn(t.app);
});

describe(`the support chat (${dialect})`, () => {
  it('boots with the boot data only when the id, condominium and hash are the caller’s own', async () => {
    const data = await sessionDataOf(t.app, admin);
    const boot = supportBootData(data);
    expect(boot.user_hash).toBe(createHmac('sha256', SECRET).update(String(data.usuario.UserId)).digest('hex'));
    const refused = [
      { ...boot, user_hash: 'a'.repeat(64) },
      { ...boot, UserId: boot.UserId + 1 },
      { ...boot, CondoId: boot.CondoId + 1 },
    ];
    for (const payload of refused) {
      const res = await call(t.app, 'POST', api(SUPPORT_PATHS.boot), { token: admin, payload });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().messageId).toBe('support.refusal.bootMismatch');
    }
    expect(await t.app.db.selectFrom('support_contacts').selectAll().execute()).toEqual([]);
    const answer = await bootChat(t.app, admin);
    expect(answer).toMatchObject({ noLeidos: 0, horario: { disponible: true, mensajeAusencia: null } });
    const contact = await t.app.db.selectFrom('support_contacts').selectAll().executeTakeFirstOrThrow();
    expect(contact).toMatchObject({
      user_id: data.usuario.UserId,
      condo_id: data.condo.CondoId,
      verified: 1,
      apartment_id: data.usuario.AptId,
    });
  });

  it('keeps the administrator’s message with its files and shows it to the desk, unread until opened', async () => {
    const sent = await writeToSupport(t.app, admin, 'No puedo importar viviendas', [
      { name: 'pantalla.png', dataUrl: PNG_1X1 },
      { name: 'error.pdf', dataUrl: PDF },
    ]);
    expect(sent).toMatchObject({
      lado: 'admin',
      mio: true,
      autor: 'Ana Martínez Ruiz',
      Texto: 'No puedo importar viviendas',
      Leido: null,
    });
    expect(sent.adjuntos.map((a) => [a.nombre, a.tipo])).toEqual([
      ['pantalla.png', 'image'],
      ['error.pdf', 'file'],
    ]);
    const file = await t.app.inject({ method: 'GET', url: sent.adjuntos[1]!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);

    const list = await expectOk<{
      items: { id: number; CondoName: string; estado: string; noLeidos: number }[];
      porEstado: object;
    }>(desk('GET', SUPPORT_PATHS.deskConversations));
    expect(list.items).toEqual([
      expect.objectContaining({ CondoName: 'Residencial Las Palmas', estado: 'abierta', noLeidos: 1 }),
    ]);
    expect(list.porEstado).toEqual({ abierta: 1, esperando: 0, cerrada: 0 });
  });

  it('opening the conversation reads it, and the administrator sees the read mark', async () => {
    const id = await conversationOf(t.app, 'palmas');
    const opened = await expectOk<{ contactos: object[]; messages: { mio: boolean }[]; agentes: { nombre: string }[] }>(
      desk('GET', SUPPORT_PATHS.deskConversation(id)),
    );
    expect(opened.contactos).toEqual([
      expect.objectContaining({ UserEmail: 'admin@demo.mx', AptName: 'Torre A - 1001', verificado: true }),
    ]);
    expect(opened.messages.map((m) => m.mio)).toEqual([false]);
    expect(opened.agentes.map((a) => a.nombre)).toEqual(['Lucía Campos (Soporte)']);
    const updates = await expectOk<{ leidos: { id: number }[] }>(get(admin, `${SUPPORT_PATHS.updates}?after=0`));
    expect(updates.leidos).toHaveLength(1);
    const list = await expectOk<{ noLeidos: number }>(desk('GET', SUPPORT_PATHS.deskConversations));
    expect(list.noLeidos).toBe(0);
  });

  it('a reply waits on the administrator, is assigned to whoever answered, and is the badge until the panel opens', async () => {
    const id = await conversationOf(t.app, 'palmas');
    const reply = await expectOk<{
      message: { lado: string; mio: boolean };
      conversation: { estado: string; asignada: { nombre: string } };
    }>(desk('POST', SUPPORT_PATHS.deskReply, { conversationId: id, Texto: 'Revisa que el archivo tenga la columna Torre.' }));
    expect(reply.message).toMatchObject({ lado: 'soporte', mio: true });
    expect(reply.conversation).toMatchObject({ estado: 'esperando', asignada: { nombre: 'Lucía Campos (Soporte)' } });
    expect(await expectOk(get(admin, SUPPORT_PATHS.unread))).toMatchObject({ noLeidos: 1 });
    const chat = await expectOk<{ estado: string; messages: { lado: string; mio: boolean; autor: string }[] }>(
      get(admin, SUPPORT_PATHS.chat),
    );
    expect(chat.estado).toBe('esperando');
    expect(chat.messages[0]).toMatchObject({ lado: 'soporte', mio: false, autor: 'Lucía Campos (Soporte)' });
    expect(await expectOk(get(admin, SUPPORT_PATHS.unread))).toMatchObject({ noLeidos: 0 });
    const seen = await expectOk<{ leidos: object[] }>(desk('GET', `${SUPPORT_PATHS.deskUpdates(id)}?after=0`));
    expect(seen.leidos).toHaveLength(1);
  });

  it('tells the condominium’s administrators on the live channel, nobody else', async () => {
    const id = await conversationOf(t.app, 'palmas');
    const before = await t.app.db
      .selectFrom('live_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    await expectOk(desk('POST', SUPPORT_PATHS.deskReply, { conversationId: id, Texto: '¿Algo más?' }));
    const events = await t.app.db
      .selectFrom('live_events as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select(['u.email', 'e.type', 'e.payload', 'e.condo_id'])
      .where('e.id', '>', Number(before?.id ?? 0))
      .where('e.type', '=', 'support')
      .execute();
    const palmas = (await sessionDataOf(t.app, admin)).condo.CondoId;
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event).toMatchObject({ condo_id: palmas, payload: JSON.stringify({ conversationId: id }) });
      const member = await t.app.db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.is_admin', 'm.active'])
        .where('u.email', '=', event.email)
        .where('m.condo_id', '=', palmas)
        .executeTakeFirstOrThrow();
      expect(member).toEqual({ is_admin: 1, active: 1 });
    }
    expect(events.map((e) => e.email)).toContain('admin@demo.mx');
    // Reading it changes the administration's badge: no event for the desk's own reading of nothing new.
    await expectOk(get(admin, SUPPORT_PATHS.chat));
  });

  it('refuses a message with nothing in it, and a file that is not what it says', async () => {
    const empty = await call(t.app, 'POST', api(SUPPORT_PATHS.send), { token: admin, payload: { Texto: '   ', adjuntos: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().messageId).toBe('support.refusal.empty');
    const fake = await call(t.app, 'POST', api(SUPPORT_PATHS.send), {
      token: admin,
      payload: { Texto: 'x', adjuntos: [{ name: 'x.png', dataUrl: PDF.replace('application/pdf', 'image/png') }] },
    });
    expect(fake.statusCode).toBe(400);
  });

  it('mails an away administrator once per absence, in their language; one whose panel is open is not mailed', async () => {
    const id = await conversationOf(t.app, 'palmas');
    const reply = (Texto: string) => expectOk(desk('POST', SUPPORT_PATHS.deskReply, { conversationId: id, Texto }));
    // The panel just asked for news (the chat above): online.
    await reply('¿Pudiste?');
    expect(await outboxTo('admin@demo.mx')).toEqual([]);
    await t.app.db
      .updateTable('memberships')
      .set({ language: 'en' })
      .where('user_id', '=', (await sessionDataOf(t.app, admin)).usuario.UserId)
      .execute();
    clock.advanceMinutes(SUPPORT_OFFLINE_MINUTES + 1);
    await reply('Te esperamos <b>aquí</b>.');
    const mails = await outboxTo('admin@demo.mx');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Support answered you (Residencial Las Palmas)');
    expect(mails[0]!.text).toContain('Te esperamos <b>aquí</b>.');
    expect(mails[0]!.html).toContain('Te esperamos &lt;b&gt;aquí&lt;/b&gt;.');
    await reply('¿Sigues ahí?');
    expect(await outboxTo('admin@demo.mx')).toHaveLength(1);
    // Back in the panel, then away again: the next answer is mailed again.
    await expectOk(get(admin, `${SUPPORT_PATHS.updates}?after=0`));
    clock.advanceMinutes(SUPPORT_OFFLINE_MINUTES + 1);
    await reply('Cerramos el caso si no hay más dudas.');
    expect(await outboxTo('admin@demo.mx')).toHaveLength(2);
  });

  it('moves along the lifecycle only as the table says, against the version it read', async () => {
    const id = await conversationOf(t.app, 'palmas');
    const now = await expectOk<{ conversation: { version: number; estado: string } }>(
      desk('GET', SUPPORT_PATHS.deskConversation(id)),
    );
    const { version } = now.conversation;
    const closed = await expectOk<{ conversation: { version: number; estado: string } }>(
      desk('POST', SUPPORT_PATHS.deskState, { conversationId: id, estado: 'cerrada', version }),
    );
    expect(closed.conversation).toMatchObject({ estado: 'cerrada', version: version + 1 });
    const stale = await desk('POST', SUPPORT_PATHS.deskState, { conversationId: id, estado: 'abierta', version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      messageId: 'support.refusal.stale',
      conversation: { estado: 'cerrada', version: version + 1 },
    });
    const notListed = await desk('POST', SUPPORT_PATHS.deskState, {
      conversationId: id,
      estado: 'esperando',
      version: version + 1,
    });
    expect(notListed.statusCode).toBe(409);
    expect(notListed.json()).toMatchObject({ messageId: 'support.refusal.notAllowed' });
    // The administrator writes again: it opens by itself.
    await writeToSupport(t.app, admin, 'Una duda más');
    const reopened = await expectOk<{ estado: string }>(get(admin, SUPPORT_PATHS.chat));
    expect(reopened.estado).toBe('abierta');
  });

  it('assigns to an active agent or to nobody', async () => {
    const id = await conversationOf(t.app, 'palmas');
    const { conversation } = await expectOk<{ conversation: { version: number } }>(
      desk('GET', SUPPORT_PATHS.deskConversation(id)),
    );
    const none = await expectOk<{ conversation: { asignada: null; version: number } }>(
      desk('POST', SUPPORT_PATHS.deskAssign, { conversationId: id, agentId: null, version: conversation.version }),
    );
    expect(none.conversation.asignada).toBeNull();
    const unknown = await desk('POST', SUPPORT_PATHS.deskAssign, {
      conversationId: id,
      agentId: 9999,
      version: none.conversation.version,
    });
    expect(unknown.statusCode).toBe(400);
    const me = (await expectOk<{ agent: { id: number } }>(desk('GET', SUPPORT_PATHS.deskMe))).agent;
    const mine = await expectOk<{ conversation: { asignada: { id: number } } }>(
      desk('POST', SUPPORT_PATHS.deskAssign, { conversationId: id, agentId: me.id, version: none.conversation.version }),
    );
    expect(mine.conversation.asignada.id).toBe(me.id);
  });

  it('an administrator of another condominium sees only their own conversation; the desk filters by condominium', async () => {
    const bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const empty = await expectOk<{ estado: null; messages: object[] }>(get(bosque, SUPPORT_PATHS.chat));
    expect(empty).toMatchObject({ estado: null, messages: [] });
    await writeToSupport(t.app, bosque, 'Hola desde el Bosque');
    const own = await expectOk<{ messages: { Texto: string }[] }>(get(bosque, SUPPORT_PATHS.chat));
    expect(own.messages.map((m) => m.Texto)).toEqual(['Hola desde el Bosque']);
    const palmas = await expectOk<{ messages: { Texto: string }[] }>(get(admin, SUPPORT_PATHS.chat));
    expect(palmas.messages.map((m) => m.Texto)).not.toContain('Hola desde el Bosque');
    const all = await expectOk<{ items: { CondoName: string }[]; condos: { CondoId: number; CondoName: string }[] }>(
      desk('GET', `${SUPPORT_PATHS.deskConversations}?estado=todas`),
    );
    expect(all.condos.map((c) => c.CondoName)).toEqual(['Residencial Las Palmas', 'Torres del Bosque']);
    const condoId = all.condos.find((c) => c.CondoName === 'Torres del Bosque')!.CondoId;
    const filtered = await expectOk<{ items: { CondoName: string }[]; total: number }>(
      desk('GET', `${SUPPORT_PATHS.deskConversations}?estado=todas&condoId=${condoId}`),
    );
    expect(filtered).toMatchObject({ total: 1, items: [{ CondoName: 'Torres del Bosque' }] });
  });

  it('keeps canned answers and office hours; outside them the panel gets the away message', async () => {
    const added = await expectOk<{ items: { id: number; titulo: string }[] }>(
      desk('POST', SUPPORT_PATHS.deskCannedSave, { titulo: 'Horario', texto: 'Atendemos de lunes a viernes.' }),
    );
    const mine = added.items.find((c) => c.titulo === 'Horario')!;
    const changed = await expectOk<{ items: { id: number; texto: string }[] }>(
      desk('POST', SUPPORT_PATHS.deskCannedSave, { id: mine.id, titulo: 'Horario', texto: 'De 9 a 18 h.' }),
    );
    expect(changed.items.find((c) => c.id === mine.id)?.texto).toBe('De 9 a 18 h.');
    const removed = await expectOk<{ items: { id: number }[] }>(desk('POST', SUPPORT_PATHS.deskCannedDelete, { id: mine.id }));
    expect(removed.items.some((c) => c.id === mine.id)).toBe(false);
    expect((await desk('POST', SUPPORT_PATHS.deskCannedDelete, { id: mine.id })).statusCode).toBe(404);

    const closedAllWeek = {
      timeZone: 'America/Mexico_City',
      dias: [null, null, null, null, null, null, null],
      mensajeAusencia: 'Volvemos el lunes.',
    };
    await expectOk(desk('POST', SUPPORT_PATHS.deskSettingsSave, closedAllWeek));
    expect(await bootChat(t.app, admin)).toMatchObject({ horario: { disponible: false, mensajeAusencia: 'Volvemos el lunes.' } });
    const backwards = await desk('POST', SUPPORT_PATHS.deskSettingsSave, {
      ...closedAllWeek,
      dias: [{ abre: '18:00', cierra: '09:00' }, null, null, null, null, null, null],
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('signs agents in with their own accounts only, and out', async () => {
    const wrong = await call(t.app, 'POST', api(SUPPORT_PATHS.deskSignIn), {
      payload: { email: 'soporte@demo.mx', password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().messageId).toBe('support.refusal.badCredentials');
    // A condominium's account is not an agent.
    const member = await call(t.app, 'POST', api(SUPPORT_PATHS.deskSignIn), {
      payload: { email: 'admin@demo.mx', password: 'Demo1234!' },
    });
    expect(member.statusCode).toBe(401);
    const other = await deskSignIn(t.app);
    expect((await deskCall(t.app, 'POST', SUPPORT_PATHS.deskSignOut, other)).statusCode).toBe(200);
    const after = await deskCall(t.app, 'GET', SUPPORT_PATHS.deskMe, other);
    expect(after.statusCode).toBe(401);
    expect(after.json().messageId).toBe('support.refusal.signedOut');
    expect((await desk('GET', SUPPORT_PATHS.deskMe)).statusCode).toBe(200);
  });
});
