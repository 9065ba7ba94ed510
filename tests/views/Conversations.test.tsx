// Interpersonal messages on screen (comunicacion-interpersonal/{sectionId}): the inbox with unread counts,
// one conversation with its read receipts and times, writing (and a refused send that keeps the text), new
// messages within 15 s without reloading, blocking, reporting, a new conversation picked by tower and
// dwelling, the phone layout one pane at a time, and the administrators' reported messages. The network is
// stubbed at fetch, the edge of these tests.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CONVERSATION_REFRESH_MS,
  type ConversationAnswer,
  type ConversationListAnswer,
  type Message,
} from '../../src/api/conversations';
import ConversationsPage from '../../src/views/conversations/ConversationsPage';
import { dwellingName, messageTime, stateName } from '../../src/views/conversations/conversationTime';
import { ADMINISTRATION, NEIGHBOUR, RESIDENT_DIRECTORY } from '../models/conversationListMachine.model';
import { SUMMARY } from '../models/conversationMachine.model';
import { report } from '../models/conversationReportsMachine.model';
import { json } from '../support/http';
import { PALMAS_TIME_ZONE, sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

// happy-dom has no FontFaceSet, which Mantine's growing text boxes listen to.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Today at hh:mm in the condominium's time zone, as the server writes it (UTC). */
function today(hh: number, mm: number): string {
  const ymd = new Intl.DateTimeFormat('en-CA', { timeZone: PALMAS_TIME_ZONE }).format(new Date());
  const offset = -6; // America/Mexico_City keeps UTC-6 all year since 2022.
  return new Date(`${ymd}T${String(hh - offset).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00.000Z`).toISOString();
}

const mine = (id: number, Texto: string, Leido: string | null): Message => ({
  id,
  mio: true,
  UserName: 'Rosa Hernández Díaz',
  Texto,
  fotos: [],
  Enviado: today(10, 42),
  Leido,
});
const theirs = (id: number, Texto: string): Message => ({
  id,
  mio: false,
  UserName: 'Carlos Ramírez Soto',
  Texto,
  fotos: [],
  Enviado: today(10, 30),
  Leido: null,
});

const SECTION = 5;
const PAGE = `/comunicacion/comunicacion-interpersonal/${SECTION}`;
const API = '/api/--conversaciones';
const LIST: ConversationListAnswer = {
  success: true,
  items: [
    { ...NEIGHBOUR, SectId: SECTION },
    { ...ADMINISTRATION, SectId: SECTION },
  ],
  total: 2,
};
const CONVERSATION: ConversationAnswer = {
  success: true,
  conversation: { ...SUMMARY, SectId: SECTION },
  messages: [mine(12, '¿Mañana cortan el agua?', today(10, 45)), theirs(11, 'Hola, vecina')],
  hayMas: false,
};
const NOTHING_NEW = { success: true, messages: [], leidos: [] };

function residentApi(answers: Record<string, () => Response | Promise<Response>> = {}) {
  return stubApi(sessionFor('resident'), {
    [`${API}/list`]: () => json(LIST),
    [`${API}/conversation/7`]: () => json(CONVERSATION),
    [`${API}/updates/7`]: () => json(NOTHING_NEW),
    ...answers,
  });
}

const page = (path = PAGE) => signedIn(<ConversationsPage params={{ sectionId: String(SECTION) }} />, path);

describe('ConversationsPage on a wide screen', () => {
  it('lists the conversations with their unread counts and opens one with its receipts and times', async () => {
    useViewport('desktop');
    residentApi();
    const { location } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Comunicación entre vecinos' })).toBeTruthy();
    const inbox = await screen.findByRole('list', { name: 'Conversaciones' });
    const links = within(inbox).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['Torre B - 202, 2 sin leer', 'Administración']);
    expect(links[0]!.getAttribute('href')).toBe(`${PAGE}?conversacion=7`);
    fireEvent.click(links[0]!);
    expect(location.history.at(-1)).toBe(`${PAGE}?conversacion=7`);
    const messages = await screen.findByRole('list', { name: 'Mensajes con Torre B - 202' });
    const items = within(messages).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('¿Mañana cortan el agua?');
    expect(within(items[0]!).getByText('Enviado 10:42')).toBeTruthy();
    expect(within(items[0]!).getByText('Leído 10:45')).toBeTruthy();
    expect(within(items[1]!).getByText('10:30')).toBeTruthy();
    // Opened: its unread count is gone from the inbox at once.
    await waitFor(() => expect(links[0]!.getAttribute('aria-label')).toBe('Torre B - 202'));
    expect(screen.queryByText(/@demo\.mx/)).toBeNull();
  });

  it('sends a message: it appears with Enviado, the box empties, and the inbox is asked again', async () => {
    useViewport('desktop');
    const api = residentApi({
      [`${API}/send`]: () => json({ success: true, message: mine(13, 'Gracias', null) }),
    });
    page(`${PAGE}?conversacion=7`);
    const form = await screen.findByRole('form', { name: 'Escribe un mensaje' });
    const send = within(form).getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText('Escribe un mensaje'), { target: { value: ' Gracias ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    const messages = screen.getByRole('list', { name: 'Mensajes con Torre B - 202' });
    await waitFor(() => expect(within(messages).getAllByRole('listitem')).toHaveLength(3));
    expect(within(messages).getAllByRole('listitem')[0]!.textContent).toContain('Gracias');
    expect(api.calls.find((c) => c.path === `${API}/send`)?.body).toEqual({ conversationId: 7, Texto: 'Gracias', fotos: [] });
    expect((within(form).getByLabelText('Escribe un mensaje') as HTMLTextAreaElement).value).toBe('');
    await waitFor(() => expect(api.calls.filter((c) => c.path === `${API}/list`).length).toBeGreaterThanOrEqual(2));
  });

  it('a refused send shows the server’s words and keeps what was typed', async () => {
    useViewport('desktop');
    residentApi({
      [`${API}/send`]: () =>
        json({ success: false, code: 'FORBIDDEN', message: 'Esta vivienda ya no recibe tus mensajes.' }, 403),
    });
    page(`${PAGE}?conversacion=7`);
    const form = await screen.findByRole('form', { name: 'Escribe un mensaje' });
    fireEvent.change(within(form).getByLabelText('Escribe un mensaje'), { target: { value: 'Hola' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('No pudimos enviar el mensaje.');
    expect(alert.textContent).toContain('Esta vivienda ya no recibe tus mensajes.');
    expect((within(form).getByLabelText('Escribe un mensaje') as HTMLTextAreaElement).value).toBe('Hola');
  });

  it('shows new messages and read receipts within 15 s, announced politely', async () => {
    useViewport('desktop');
    const unread = { ...CONVERSATION, messages: [mine(12, '¿Mañana cortan el agua?', null), theirs(11, 'Hola, vecina')] };
    let updates: unknown = NOTHING_NEW;
    residentApi({
      [`${API}/conversation/7`]: () => json(unread),
      [`${API}/updates/7`]: () => json(updates),
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    page(`${PAGE}?conversacion=7`);
    await vi.waitFor(() => screen.getByRole('list', { name: 'Mensajes con Torre B - 202' }));
    const messages = screen.getByRole('list', { name: 'Mensajes con Torre B - 202' });
    expect(within(messages).queryByText('Leído 10:45')).toBeNull();
    updates = { success: true, messages: [theirs(13, 'Sí, de 9 a 12')], leidos: [{ id: 12, Leido: today(10, 45) }] };
    await act(() => vi.advanceTimersByTimeAsync(CONVERSATION_REFRESH_MS));
    await vi.waitFor(() => expect(within(messages).getAllByRole('listitem')).toHaveLength(3));
    expect(within(messages).getAllByRole('listitem')[0]!.textContent).toContain('Sí, de 9 a 12');
    expect(within(messages).getByText('Leído 10:45')).toBeTruthy();
    const live = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite');
    expect(live?.textContent).toBe('1 mensaje nuevo de Torre B - 202');
  });

  it('blocks the dwelling from Más acciones: it says so and offers no box to write', async () => {
    useViewport('desktop');
    const api = residentApi({ [`${API}/block`]: () => json({ success: true }) });
    page(`${PAGE}?conversacion=7`);
    fireEvent.click(await screen.findByRole('button', { name: 'Más acciones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Bloquear vivienda' }));
    expect(await screen.findByText(/Bloqueaste esta vivienda/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === `${API}/block`)?.body).toEqual({ ApmtId: 202, bloquear: true });
    expect(screen.queryByRole('form', { name: 'Escribe un mensaje' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Más acciones' }));
    expect(await screen.findByRole('menuitem', { name: 'Desbloquear vivienda' })).toBeTruthy();
  });

  it('reports a message of the other side with a reason', async () => {
    useViewport('desktop');
    const api = residentApi({ [`${API}/report`]: () => json({ success: true }) });
    page(`${PAGE}?conversacion=7`);
    // Only the other side's message has the menu.
    const options = await screen.findAllByRole('button', { name: /^Opciones del mensaje de / });
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(['Opciones del mensaje de Carlos Ramírez Soto']);
    fireEvent.click(options[0]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reportar mensaje' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Reportar' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Motivo/), { target: { value: 'Me insulta' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Reportamos el mensaje a la administración.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === `${API}/report`)?.body).toEqual({ messageId: 11, motivo: 'Me insulta' });
  });

  it('starts a conversation with a dwelling picked by tower then dwelling, and opens it', async () => {
    useViewport('desktop');
    const api = residentApi({
      [`${API}/directory`]: () => json({ ...RESIDENT_DIRECTORY, mias: [RESIDENT_DIRECTORY.mias[0]] }),
      [`${API}/start`]: () => json({ success: true, ConversationId: 7, message: mine(12, 'Hola', null) }),
    });
    const { location } = page();
    expect(await screen.findByText('Elige una conversación para leerla, o empieza una con Nueva conversación.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva conversación' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('form', { name: 'Nueva conversación' });
    expect(within(dialog).getByText('Escribes como Torre A - 101.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Una vivienda' }));
    fireEvent.change(within(dialog).getByLabelText('Torre'), { target: { value: '2' } });
    const dwelling = within(dialog).getByLabelText('Vivienda') as HTMLSelectElement;
    expect([...dwelling.options].map((o) => o.textContent)).toEqual(['Elige una vivienda', 'Torre B - 202']);
    fireEvent.change(dwelling, { target: { value: '202' } });
    fireEvent.change(within(dialog).getByLabelText(/Mensaje/), { target: { value: 'Hola' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`${PAGE}?conversacion=7`));
    expect(api.calls.find((c) => c.path === `${API}/start`)?.body).toEqual({
      sectionId: SECTION,
      desdeApmtId: 101,
      para: { ApmtId: 202 },
      Texto: 'Hola',
      fotos: [],
    });
  });

  it('a refused start keeps what was written and says why; the administration is a recipient too', async () => {
    useViewport('phone');
    const api = residentApi({
      [`${API}/directory`]: () => json(RESIDENT_DIRECTORY),
      [`${API}/start`]: () => json({ success: false, code: 'FORBIDDEN', message: 'No puedes escribir en esta sección.' }, 403),
    });
    page();
    fireEvent.click(await screen.findByRole('button', { name: 'Nueva conversación' }));
    const dialog = await screen.findByRole('dialog');
    const side = (await within(dialog).findByLabelText('Escribir como')) as HTMLSelectElement;
    expect([...side.options].map((o) => o.textContent)).toEqual(['Torre A - 101', 'Torre A - 102']);
    fireEvent.change(side, { target: { value: '102' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Administración' }));
    expect(within(dialog).queryByLabelText('Torre')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/Mensaje/), { target: { value: 'Hay una fuga' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('No puedes escribir en esta sección.');
    expect((within(dialog).getByLabelText(/Mensaje/) as HTMLTextAreaElement).value).toBe('Hay una fuga');
    expect(api.calls.find((c) => c.path === `${API}/start`)?.body).toMatchObject({ desdeApmtId: 102, para: { ApmtId: null } });
  });

  it('says so when the conversations cannot be loaded, and tries again', async () => {
    useViewport('desktop');
    let fail = true;
    residentApi({
      [`${API}/list`]: () =>
        fail
          ? json({ success: false, code: 'INTERNAL', message: 'Algo salió mal.' }, 500)
          : json({ success: true, items: [], total: 0 }),
    });
    page();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar tus conversaciones.');
    expect(alert.textContent).toContain('Algo salió mal.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no tienes conversaciones.')).toBeTruthy();
  });

  it('says so when the conversation is not the reader’s', async () => {
    useViewport('desktop');
    residentApi({
      [`${API}/conversation/7`]: () => json({ success: false, code: 'NOT_FOUND', message: 'No existe.' }, 404),
    });
    page(`${PAGE}?conversacion=7`);
    expect(await screen.findByText('Esta conversación no existe o no tienes acceso a ella.')).toBeTruthy();
  });
});

describe('ConversationsPage on a phone', () => {
  it('shows one pane at a time, with the way back to the inbox', async () => {
    useViewport('phone');
    residentApi();
    const { location } = page(`${PAGE}?conversacion=7`);
    expect(await screen.findByRole('list', { name: 'Mensajes con Torre B - 202' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Conversaciones' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Volver a las conversaciones' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(PAGE));
    expect(await screen.findByRole('list', { name: 'Conversaciones' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Mensajes con Torre B - 202' })).toBeNull();
  });
});

describe('ConversationsPage for administrators', () => {
  it('offers Mensajes reportados: the reported messages, never the conversations', async () => {
    useViewport('desktop');
    const api = stubApi(sessionFor('admin'), {
      [`${API}/list`]: () => json({ success: true, items: [], total: 0 }),
      [`${API}/reports`]: () => json({ success: true, items: [report(3)], total: 1 }),
    });
    page();
    fireEvent.click(await screen.findByRole('tab', { name: 'Mensajes reportados' }));
    const list = await screen.findByRole('list', { name: 'Mensajes reportados' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('De Torre B - 202 para Torre A - 101');
    expect(item.textContent).toContain('Mensaje reportado 3');
    expect(item.textContent).toContain('Motivo: Motivo 3');
    expect(item.textContent).toContain('Nuevo');
    expect(api.calls.some((c) => c.path.startsWith(`${API}/conversation/`))).toBe(false);
  });

  it('residents get no Mensajes reportados', async () => {
    useViewport('desktop');
    residentApi();
    page();
    await screen.findByRole('list', { name: 'Conversaciones' });
    expect(screen.queryByRole('tab', { name: 'Mensajes reportados' })).toBeNull();
  });
});

describe('the times', () => {
  it('shows the time alone today and the date too on other days, in the condominium’s time zone', () => {
    const now = new Date('2026-11-21T18:00:00.000Z');
    expect(messageTime('2026-11-21T16:42:00.000Z', 'es-MX', PALMAS_TIME_ZONE, now)).toBe('10:42');
    expect(messageTime('2026-11-20T16:42:00.000Z', 'es-MX', PALMAS_TIME_ZONE, now)).toBe('20/11/2026 10:42');
    expect(stateName({ viewing: 'idle' })).toBe('viewing.idle');
    expect(stateName({ ready: { list: 'idle' } })).toBe('ready.list.idle');
    expect(dwellingName({ AptName: '101', TorreName: 'Torre A' })).toBe('Torre A - 101');
    expect(dwellingName({ AptName: 'Casa 1', TorreName: null })).toBe('Casa 1');
  });
});
