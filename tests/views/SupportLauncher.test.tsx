// The support launcher in the signed-in shell (spec §3.1, §4, §6, §7, §9): administrators only; booted with the
// session's boot data; the unread badge above 0; bottom-right by default, where it was left when stored (clamped),
// moved by dragging and by the arrow keys and stored; it opens the chat's panel (the whole screen on a phone), where
// the conversation reads, support's hours show when closed, and a message is sent.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { SUPPORT_PATHS, supportBootData } from '../../src/api/support';
import { LAUNCHER_POSITION_KEY } from '../../src/services/supportLauncherStore';
import CondominioRoutes from '../../src/views/app/CondominioRoutes';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { AWAY_HOURS, BOOTED, CHAT, EMPTY_CHAT, supportMessage } from '../support/supportFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

const api = (path: string) => `/api${path}`;
const admin = sessionFor('admin');

function stubSupport(overrides: Record<string, () => Response> = {}) {
  return stubApi(admin, {
    [api(SUPPORT_PATHS.boot)]: () => json(BOOTED),
    [api(SUPPORT_PATHS.unread)]: () => json({ success: true, noLeidos: 2 }),
    [api(SUPPORT_PATHS.chat)]: () => json(CHAT),
    [api(SUPPORT_PATHS.updates)]: () => json({ success: true, estado: 'esperando', messages: [], leidos: [] }),
    [api(SUPPORT_PATHS.send)]: () =>
      json({ success: true, message: supportMessage(41, 'admin', true, 'No puedo importar viviendas') }),
    ...overrides,
  });
}

const shell = () =>
  signedIn(
    <Route path="/condominio" nest>
      <CondominioRoutes />
    </Route>,
    '/condominio/welcome',
  );

/** The launcher's chunk loads with the shell: the first test to need it waits for the transform too. */
const launcher = () => screen.findByTestId('support-launcher', {}, { timeout: 5000 });

beforeEach(() => {
  // Mantine's autosized textarea listens for web fonts loading, which happy-dom does not model.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
  useViewport('desktop');
  window.localStorage.removeItem(LAUNCHER_POSITION_KEY);
  Object.assign(window, { innerWidth: 1440, innerHeight: 900 });
});
afterEach(() => vi.unstubAllGlobals());

describe('the support launcher', () => {
  it('is for administrators only', async () => {
    stubApi(sessionFor('resident'));
    shell();
    await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(screen.queryByTestId('support-launcher')).toBeNull();
  });

  it('boots the chat with the session’s boot data and shows the unread badge, bottom-right', async () => {
    const api = stubSupport();
    shell();
    const button = await launcher();
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Abrir el chat de soporte, 2 mensajes sin leer'));
    expect(within(button).getByTestId('support-badge').textContent).toBe('2');
    expect(api.calls.find((c) => c.path.endsWith(SUPPORT_PATHS.boot))?.body).toEqual(supportBootData(admin));
    // 1440 − 60 − 45, 900 − 60 − 45.
    expect(button.style.left).toBe('1335px');
    expect(button.style.top).toBe('795px');
  });

  it('shows no badge at 0', async () => {
    stubSupport({ [api(SUPPORT_PATHS.boot)]: () => json({ ...BOOTED, noLeidos: 0 }) });
    shell();
    const button = await launcher();
    await waitFor(() => expect(button.getAttribute('aria-label')).toBe('Abrir el chat de soporte'));
    expect(within(button).queryByTestId('support-badge')).toBeNull();
  });

  it('stands where it was left, clamped to the limits; arrow keys move it and keep it', async () => {
    window.localStorage.setItem(LAUNCHER_POSITION_KEY, JSON.stringify({ x: 5, y: 2 }));
    stubSupport();
    shell();
    const button = await launcher();
    expect([button.style.left, button.style.top]).toEqual(['60px', '15px']);
    fireEvent.keyDown(button, { key: 'ArrowRight' });
    fireEvent.keyDown(button, { key: 'ArrowDown', shiftKey: true });
    expect([button.style.left, button.style.top]).toEqual(['70px', '65px']);
    expect(JSON.parse(window.localStorage.getItem(LAUNCHER_POSITION_KEY)!)).toEqual({ x: 70, y: 65 });
    act(() => {
      Object.assign(window, { innerWidth: 100, innerHeight: 150 });
      window.dispatchEvent(new Event('resize'));
    });
    expect([button.style.left, button.style.top]).toEqual(['60px', '45px']);
  });

  it('is dragged with the pointer and kept where it is dropped, the panel as it was', async () => {
    stubSupport();
    shell();
    const button = await launcher();
    fireEvent.pointerDown(button, { button: 0, pointerId: 1, clientX: 1350, clientY: 810 });
    fireEvent.pointerMove(button, { pointerId: 1, clientX: 1000, clientY: 500 });
    fireEvent.pointerUp(button, { pointerId: 1 });
    expect([button.style.left, button.style.top]).toEqual(['985px', '485px']);
    expect(JSON.parse(window.localStorage.getItem(LAUNCHER_POSITION_KEY)!)).toEqual({ x: 985, y: 485 });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens the chat on a click: the conversation, read; a message sent with Enviar', async () => {
    const api = stubSupport();
    shell();
    const button = await launcher();
    await waitFor(() => expect(within(button).queryByTestId('support-badge')).not.toBeNull());
    fireEvent.pointerDown(button, { button: 0, pointerId: 1, clientX: 1350, clientY: 810 });
    fireEvent.pointerUp(button, { pointerId: 1 });
    const panel = await screen.findByRole('dialog', { name: 'Soporte' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = await within(panel).findByRole('list', { name: 'Mensajes con soporte' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(CHAT.messages.length);
    await waitFor(() => expect(within(button).queryByTestId('support-badge')).toBeNull());
    fireEvent.change(within(panel).getByRole('textbox', { name: 'Escribe tu mensaje' }), {
      target: { value: 'No puedo importar viviendas' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Enviar' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path.endsWith(SUPPORT_PATHS.send))?.body).toEqual({
        Texto: 'No puedo importar viviendas',
        adjuntos: [],
      }),
    );
    await waitFor(() =>
      expect((within(panel).getByRole('textbox', { name: 'Escribe tu mensaje' }) as HTMLTextAreaElement).value).toBe(''),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Cerrar el chat de soporte' }));
    expect(screen.queryByRole('dialog', { name: 'Soporte' })).toBeNull();
  });

  it('says so outside office hours, with the desk’s away message and hours', async () => {
    stubSupport({
      [api(SUPPORT_PATHS.chat)]: () => json(EMPTY_CHAT),
      [api(SUPPORT_PATHS.boot)]: () => json({ ...BOOTED, horario: AWAY_HOURS }),
    });
    shell();
    fireEvent.click(await launcher());
    const panel = await screen.findByRole('dialog', { name: 'Soporte' });
    expect(await within(panel).findByText('Estamos fuera de horario')).toBeTruthy();
    expect(within(panel).getByText('Volvemos el lunes a las 9.')).toBeTruthy();
    expect(within(panel).getByText(/Horario: lunes 09:00–18:00/)).toBeTruthy();
    expect(within(panel).getByText('¿En qué te ayudamos? Escríbenos y te respondemos aquí.')).toBeTruthy();
  });

  it('takes the whole screen on a phone', async () => {
    window.matchMedia = ((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      onchange: null,
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
    stubSupport();
    shell();
    fireEvent.click(await launcher());
    const panel = await screen.findByRole('dialog', { name: 'Soporte' });
    expect(panel.parentElement?.hasAttribute('data-full-screen')).toBe(true);
  });
});
