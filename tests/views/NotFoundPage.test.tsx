// /sessions/404 offers the right way out: back into the condominium for a signed-in user, the sign-in
// page for a signed-out visitor or a refused token, and no button at all until the saved token is checked.
// The network is stubbed at fetch, the edge of this test.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { NotFoundPage } from '../../src/views/sessions/NotFoundPage';
import { sessionFor } from '../support/sessionFixtures';
import { renderWithApp } from '../support/views/renderWithApp';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

// As the app mounts it: inside the /sessions nest.
const notFound = (
  <Route path="/sessions" nest>
    <Route path="/404" component={NotFoundPage} />
  </Route>
);

describe('NotFoundPage', () => {
  it('takes a signed-in user back into their condominium, not to the sign-in page', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    stubApi(sessionFor('resident'));
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (request: Request) => {
      await answered;
      return stubbed(request);
    });
    const { location } = signedIn(notFound, '/sessions/404');
    expect(screen.getByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    // The token is still being checked: no door yet.
    expect(screen.queryByRole('link')).toBeNull();
    answer();
    const back = await screen.findByRole('link', { name: 'Volver a mi condominio' });
    expect(back.getAttribute('href')).toBe('/condominio/comunicacion');
    expect(screen.queryByText('Ir al inicio de sesión')).toBeNull();
    fireEvent.click(back);
    expect(location.history.at(-1)).toBe('/condominio/comunicacion');
    expect(document.title).toBe('Autenticacion > Página no encontrada | Comunidad');
  });

  it('sends a signed-out visitor to the sign-in page', () => {
    renderWithApp(notFound, { path: '/sessions/404' });
    const signIn = screen.getByRole('link', { name: 'Ir al inicio de sesión' });
    expect(signIn.getAttribute('href')).toBe('/sessions/signin');
    expect(screen.queryByText('Volver a mi condominio')).toBeNull();
  });

  it('sends a visitor whose saved token the server refuses to the sign-in page', async () => {
    stubApi(sessionFor('resident'), {
      '/api/--sesiones/session-data': () =>
        new Response(JSON.stringify({ success: false, code: 'UNAUTHORIZED', message: 'Sesión no válida' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    });
    signedIn(notFound, '/sessions/404');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ir al inicio de sesión' })).toBeTruthy());
    expect(screen.queryByText('Volver a mi condominio')).toBeNull();
  });
});
