// The support desk at /soporte (issue 30): its own sign-in (the token kept under its own key and sent as
// support-token, never as app-token), the conversations by state with their counts and unread badges, one
// conversation with the administrators' checked boot data, a reply with a canned answer, a move along the lifecycle,
// and the settings tab's canned answers. A refusal reads in the server's words.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_PATHS, SUPPORT_TOKEN_HEADER } from '../../src/api/support';
import { DESK_TOKEN_KEY } from '../../src/services/supportDeskService';
import SupportDeskPage from '../../src/views/support/SupportDeskPage';
import { json } from '../support/http';
import { AGENT, CANNED, DESK_CONVERSATION, DESK_LIST, SETTINGS, SUMMARY, supportMessage } from '../support/supportFixtures';
import { renderWithApp } from '../support/views/renderWithApp';

interface Call {
  method: string;
  path: string;
  body: unknown;
  token: string | null;
}

function stubDesk(answers: Record<string, (body: unknown) => Response> = {}) {
  const calls: Call[] = [];
  const defaults: Record<string, (body: unknown) => Response> = {
    [`GET ${SUPPORT_PATHS.deskMe}`]: () => json({ success: true, agent: AGENT }),
    [`POST ${SUPPORT_PATHS.deskSignIn}`]: () => json({ success: true, token: 'desk-token', agent: AGENT }),
    [`GET ${SUPPORT_PATHS.deskConversations}`]: () => json(DESK_LIST),
    [`GET ${SUPPORT_PATHS.deskConversation(SUMMARY.id)}`]: () => json(DESK_CONVERSATION),
    [`GET ${SUPPORT_PATHS.deskUpdates(SUMMARY.id)}`]: () =>
      json({ success: true, conversation: DESK_CONVERSATION.conversation, messages: [], leidos: [] }),
    [`POST ${SUPPORT_PATHS.deskReply}`]: (body) =>
      json({
        success: true,
        message: supportMessage(4, 'soporte', true, (body as { Texto: string }).Texto),
        conversation: { ...SUMMARY, estado: 'esperando', version: 2, asignada: { id: AGENT.id, nombre: AGENT.nombre } },
      }),
    [`POST ${SUPPORT_PATHS.deskState}`]: () =>
      json({ success: true, conversation: { ...SUMMARY, estado: 'cerrada', version: 2 } }),
    [`GET ${SUPPORT_PATHS.deskCanned}`]: () => json({ success: true, items: CANNED }),
    [`POST ${SUPPORT_PATHS.deskCannedSave}`]: () =>
      json({
        success: true,
        items: [...CANNED, { id: 3, titulo: 'Horario', texto: 'De 9 a 18 h.', actualizada: CANNED[0]!.actualizada }],
      }),
    [`GET ${SUPPORT_PATHS.deskSettings}`]: () => json({ success: true, settings: SETTINGS }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      const text = request.method === 'GET' ? '' : await request.clone().text();
      const body = text ? JSON.parse(text) : null;
      calls.push({ method: request.method, path, body, token: request.headers.get(SUPPORT_TOKEN_HEADER) });
      const answer = answers[`${request.method} ${path}`] ?? defaults[`${request.method} ${path}`];
      return answer ? answer(body) : json({ success: false, code: 'NOT_FOUND', message: 'not stubbed' }, 404);
    }),
  );
  return calls;
}

beforeEach(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
  window.localStorage.removeItem(DESK_TOKEN_KEY);
});
afterEach(() => vi.unstubAllGlobals());

describe('the support desk', () => {
  it('signs an agent in with its own account and keeps the token under its own key', async () => {
    const calls = stubDesk();
    renderWithApp(<SupportDeskPage />, { path: '/soporte' });
    const form = await screen.findByRole('form', { name: 'Inicia sesión en la mesa de soporte' });
    // Without a stored token nobody is asked who is signed in.
    expect(calls.some((c) => c.path === SUPPORT_PATHS.deskMe)).toBe(false);
    fireEvent.change(within(form).getByLabelText('Correo'), { target: { value: 'soporte@demo.mx' } });
    fireEvent.change(within(form).getByLabelText('Contraseña'), { target: { value: 'Demo1234!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText(AGENT.nombre)).toBeTruthy();
    expect(calls.find((c) => c.path === SUPPORT_PATHS.deskSignIn)?.body).toEqual({
      email: 'soporte@demo.mx',
      password: 'Demo1234!',
    });
    expect(window.localStorage.getItem(DESK_TOKEN_KEY)).toBe('desk-token');
    await waitFor(() => expect(calls.find((c) => c.path === SUPPORT_PATHS.deskConversations)?.token).toBe('desk-token'));
  });

  it('says why a sign-in is refused, in the server’s words', async () => {
    stubDesk({
      [`POST ${SUPPORT_PATHS.deskSignIn}`]: () =>
        json({ success: false, code: 'INVALID_CREDENTIALS', message: 'El correo o la contraseña no son correctos.' }, 401),
    });
    renderWithApp(<SupportDeskPage />, { path: '/soporte' });
    const form = await screen.findByRole('form', { name: 'Inicia sesión en la mesa de soporte' });
    fireEvent.change(within(form).getByLabelText('Correo'), { target: { value: 'soporte@demo.mx' } });
    fireEvent.change(within(form).getByLabelText('Contraseña'), { target: { value: 'mal' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByText('El correo o la contraseña no son correctos.')).toBeTruthy();
  });

  it('lists conversations by state, opens one, inserts a canned answer, replies and closes it', async () => {
    window.localStorage.setItem(DESK_TOKEN_KEY, 'desk-token');
    const calls = stubDesk();
    renderWithApp(<SupportDeskPage />, { path: '/soporte' });
    expect(await screen.findByText('Abiertas (2)')).toBeTruthy();
    expect(screen.getByText('Cerradas (1)')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Residencial Las Palmas, 1 sin leer' }));
    const card = await screen.findByRole('region', { name: 'Residencial Las Palmas' });
    expect(
      await within(card).findByText(/^Ana Martínez Ruiz · admin@demo.mx · Torre A - 1001 · verificado · visto /),
    ).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Respuestas guardadas' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Saludo' }));
    const box = within(card).getByRole('textbox', { name: 'Escribe tu mensaje' }) as HTMLTextAreaElement;
    expect(box.value).toBe(CANNED[0]!.texto);
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === SUPPORT_PATHS.deskReply)?.body).toEqual({
        conversationId: SUMMARY.id,
        Texto: CANNED[0]!.texto,
        adjuntos: [],
      }),
    );
    await waitFor(() => expect(within(card).getByText('En espera')).toBeTruthy());
    fireEvent.click(within(card).getByRole('button', { name: 'Cambiar estado' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Cerrar conversación' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === SUPPORT_PATHS.deskState)?.body).toEqual({
        conversationId: SUMMARY.id,
        estado: 'cerrada',
        version: 2,
      }),
    );
  });

  it('keeps canned answers in the settings tab', async () => {
    window.localStorage.setItem(DESK_TOKEN_KEY, 'desk-token');
    const calls = stubDesk();
    renderWithApp(<SupportDeskPage />, { path: '/soporte' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Respuestas y horario' }));
    expect(await screen.findByText('Restablecer contraseña')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Nueva respuesta' }));
    const form = await screen.findByRole('form', { name: 'Respuesta guardada' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Título' }), { target: { value: 'Horario' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Texto' }), { target: { value: 'De 9 a 18 h.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === SUPPORT_PATHS.deskCannedSave)?.body).toEqual({
        titulo: 'Horario',
        texto: 'De 9 a 18 h.',
      }),
    );
    expect(await screen.findByText('De 9 a 18 h.')).toBeTruthy();
  });
});
