// mi-perfil's "Sesiones activas" card over its machine: the sessions as people name them, this one marked
// and never offered for ending, ending another or all the others after a confirmation (by mouse and by
// keyboard), pages, and a list that fails to load. The network is stubbed at fetch, the edge of this test.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveSession } from '../../src/api/sessions';
import { ActiveSessionsCard } from '../../src/views/profile/ActiveSessionsCard';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const session = (id: number, extra: Partial<ActiveSession> = {}): ActiveSession => ({
  id,
  current: false,
  device: { browser: 'Chrome', os: 'Windows', kind: 'desktop' },
  address: '189.203.10.20',
  condoName: 'Residencial Las Palmas',
  rememberMe: false,
  signedInAt: '2025-06-02T18:00:00.000Z',
  lastUsedAt: '2025-06-02T18:30:00.000Z',
  ...extra,
});

const THIS = session(1, { current: true, device: { browser: 'Chrome', os: 'Android', kind: 'mobile' }, rememberMe: true });
const IPHONE = session(2, { device: { browser: 'Safari', os: 'iOS', kind: 'mobile' }, address: '201.141.3.4' });
const UNKNOWN = session(3, { device: { browser: null, os: null, kind: null }, address: null, condoName: 'Torres del Bosque' });

const LIST = '/api/--sesiones/active-sessions';

/** The card with a server that lists `pages` in turn (the last one again once they run out). */
function open(pages: { items: ActiveSession[]; total: number }[], answers: Record<string, () => Response> = {}) {
  let served = 0;
  const api = stubApi(sessionFor('resident'), {
    [LIST]: () => json({ success: true, ...pages[Math.min(served++, pages.length - 1)] }),
    ...answers,
  });
  signedIn(<ActiveSessionsCard />, '/mi-perfil');
  return api;
}

const rows = async () => within(await screen.findByRole('list', { name: 'Sesiones activas' })).getAllByRole('listitem');
const listCalls = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.path === LIST);

describe('ActiveSessionsCard', () => {
  it('names each session by its device, place and use, marks this one and offers only the others for ending', async () => {
    open([{ items: [THIS, IPHONE, UNKNOWN], total: 3 }]);
    const [mine, phone, unknown] = await rows();
    expect(mine!.textContent).toContain('Chrome en Android');
    expect(mine!.textContent).toContain('Teléfono');
    expect(within(mine!).getByText('Esta sesión')).toBeTruthy();
    expect(mine!.textContent).toContain('Con «Recordarme»');
    expect(within(mine!).queryByRole('button')).toBeNull();
    expect(phone!.textContent).toContain('Safari en iOS');
    expect(phone!.textContent).toContain('Desde 201.141.3.4 · Residencial Las Palmas');
    expect(phone!.textContent).toMatch(/Último uso: .*2025/);
    expect(
      within(phone!).getByRole('button', {
        name: 'Cerrar la sesión de Safari en iOS, Desde 201.141.3.4 · Residencial Las Palmas',
      }),
    ).toBeTruthy();
    expect(unknown!.textContent).toContain('Dispositivo desconocido');
    expect(unknown!.textContent).toContain('Torres del Bosque');
    expect(unknown!.textContent).not.toContain('Desde');
    expect(screen.queryByRole('navigation', { name: 'Páginas de sesiones' })).toBeNull();
  });

  it('ends another session after a confirmation, and lists again', async () => {
    const api = open(
      [
        { items: [THIS, IPHONE], total: 2 },
        { items: [THIS], total: 1 },
      ],
      {
        '/api/--sesiones/revoke-session': () => json({ success: true }),
      },
    );
    const [, phone] = await rows();
    fireEvent.click(within(phone!).getByRole('button', { name: /^Cerrar la sesión de Safari en iOS/ }));
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar la sesión de Safari en iOS?' });
    expect(dialog.textContent).toContain('Desde 201.141.3.4 · Residencial Las Palmas');
    expect(dialog.textContent).toContain('Esa sesión terminará de inmediato: quien la use tendrá que iniciar sesión de nuevo.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByText('Cerramos esa sesión.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/--sesiones/revoke-session')?.body).toEqual({ id: 2 });
    expect(await rows()).toHaveLength(1);
    expect(screen.getByText('Solo esta sesión está abierta.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cerrar las demás sesiones' })).toBeNull();
  });

  it('keeps the session when the confirmation is cancelled', async () => {
    const api = open([{ items: [THIS, IPHONE], total: 2 }]);
    const [, phone] = await rows();
    fireEvent.click(within(phone!).getByRole('button', { name: /^Cerrar la sesión de/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/--sesiones/revoke-session')).toBe(false);
    expect(await rows()).toHaveLength(2);
  });

  it('ends all the other sessions, from the keyboard', async () => {
    const user = userEvent.setup();
    const api = open(
      [
        { items: [THIS, IPHONE, UNKNOWN], total: 3 },
        { items: [THIS], total: 1 },
      ],
      {
        '/api/--sesiones/revoke-other-sessions': () => json({ success: true }),
      },
    );
    await rows();
    const others = screen.getByRole('button', { name: 'Cerrar las demás sesiones' });
    others.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '¿Cerrar las demás sesiones?' });
    expect(dialog.textContent).toContain('Esta sesión sigue abierta.');
    within(dialog).getByRole('button', { name: 'Cerrar las demás' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Cerramos tus demás sesiones.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/--sesiones/revoke-other-sessions')).toHaveLength(1);
    expect(await rows()).toHaveLength(1);
  });

  it('says when an ending failed, and changes nothing', async () => {
    open([{ items: [THIS, IPHONE], total: 2 }], {
      '/api/--sesiones/revoke-session': () => json({ success: false, code: 'INTERNAL', message: 'x' }, 500),
    });
    const [, phone] = await rows();
    fireEvent.click(within(phone!).getByRole('button', { name: /^Cerrar la sesión de/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cerrar sesión' }));
    // What failed, and why: the server's words.
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No pudimos cerrar la sesión. Inténtalo de nuevo.')).toBeTruthy();
    expect(within(alert).getByText('x')).toBeTruthy();
    expect(await rows()).toHaveLength(2);
  });

  it('says so when the session had already ended', async () => {
    open(
      [
        { items: [THIS, IPHONE], total: 2 },
        { items: [THIS], total: 1 },
      ],
      {
        '/api/--sesiones/revoke-session': () => json({ success: false, code: 'NOT_FOUND', message: 'La sesión no existe.' }, 404),
      },
    );
    const [, phone] = await rows();
    fireEvent.click(within(phone!).getByRole('button', { name: /^Cerrar la sesión de/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByText('Esa sesión ya había terminado.')).toBeTruthy();
  });

  it('pages ten at a time', async () => {
    const first = [THIS, ...Array.from({ length: 9 }, (_, i) => session(i + 10))];
    const api = open([
      { items: first, total: 12 },
      { items: [session(30), session(31)], total: 12 },
    ]);
    expect(await rows()).toHaveLength(10);
    const pages = screen.getByRole('navigation', { name: 'Páginas de sesiones' });
    fireEvent.click(within(pages).getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(listCalls(api)).toHaveLength(2));
    expect(await rows()).toHaveLength(2);
    expect(within(pages).getByRole('button', { name: 'Página siguiente' })).toBeTruthy();
  });

  it('offers to try again when the list does not load', async () => {
    let fail = true;
    stubApi(sessionFor('resident'), {
      [LIST]: () =>
        fail ? json({ success: false, code: 'INTERNAL', message: 'x' }, 500) : json({ success: true, items: [THIS], total: 1 }),
    });
    signedIn(<ActiveSessionsCard />, '/mi-perfil');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No pudimos cargar tus sesiones.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await rows()).toHaveLength(1);
  });
});
