// What the http client does for every screen (src/services/http.ts): a signed-in call answered 401 "no
// session" (the session was ended on another device, or expired) takes the person to the sign-in page with
// where they were and a word saying why; a 503 that names when to come back is asked once more before any
// screen hears of it.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken } from '../../src/services/tokenStore';
import { RequireSession } from '../../src/views/app/RequireSession';
import ProfilePage from '../../src/views/profile/ProfilePage';
import { SignInPage } from '../../src/views/sessions/SignInPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { renderWithApp } from '../support/views/renderWithApp';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const NO_SESSION = {
  success: false,
  code: 'UNAUTHENTICATED',
  message: 'Inicia sesión para continuar.',
  messageId: 'errors.unauthenticated',
};

function openProfile() {
  return signedIn(
    <RequireSession>
      <ProfilePage />
    </RequireSession>,
    '/mi-perfil',
  );
}

describe('a session the server no longer knows', () => {
  it('lands on sign-in with the return URL and says the session ended; the token is gone', async () => {
    stubApi(sessionFor('resident'), { '/api/--sesiones/active-sessions': () => json(NO_SESSION, 401) });
    const { location } = openProfile();
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/sessions\/signin\?/));
    const url = new URL(location.history!.at(-1)!, 'http://localhost');
    // The page asked for, read from window.location (happy-dom's stays '/': the e2e walk checks the path).
    expect(url.searchParams.get('returnUrl')).toBe(window.location.pathname);
    expect(url.searchParams.get('sesion')).toBe('terminada');
    expect(readToken()).toBeNull();
  });

  it('a saved token refused when the app opens (ended while the page was closed) lands on sign-in saying so', async () => {
    stubApi(sessionFor('resident'), { '/api/--sesiones/session-data': () => json(NO_SESSION, 401) });
    const { location } = openProfile();
    await waitFor(() => expect(location.history?.at(-1)).toMatch(/^\/sessions\/signin\?/));
    const url = new URL(location.history!.at(-1)!, 'http://localhost');
    expect(url.searchParams.get('sesion')).toBe('terminada');
    expect(readToken()).toBeNull();
  });

  it('the sign-in page it lands on says the session ended', async () => {
    stubApi(sessionFor('resident'));
    renderWithApp(<SignInPage />, { path: '/signin?returnUrl=%2Fcondominio%2Fmi-perfil&sesion=terminada' });
    expect((await screen.findByRole('alert')).textContent).toBe('Tu sesión terminó. Inicia sesión de nuevo para continuar.');
  });

  it('a 401 about what was sent (a wrong current password) is the form’s answer, not the end of the session', async () => {
    stubApi(sessionFor('resident'), {
      '/api/--sesiones/active-sessions': () =>
        json(
          {
            success: false,
            code: 'INVALID_CREDENTIALS',
            message: 'La contraseña actual no es correcta.',
            messageId: 'errors.account.currentPasswordWrong',
          },
          401,
        ),
    });
    openProfile();
    expect(await screen.findByRole('heading', { name: 'Mi Perfil' })).toBeTruthy();
    expect(readToken()).toBe('a-valid-session-token');
  });
});

describe('a 503 that says when to come back', () => {
  it('is asked once more after Retry-After, and the screen only sees the answer', async () => {
    let asked = 0;
    const api = stubApi(sessionFor('resident'), {
      '/api/--sesiones/active-sessions': () => {
        asked += 1;
        if (asked === 1)
          return json({ success: false, code: 'DATABASE_UNAVAILABLE', message: 'El servicio no está disponible.' }, 503, {
            'retry-after': '1',
          });
        return json({ success: true, items: [], total: 0 });
      },
    });
    openProfile();
    expect(await screen.findByRole('heading', { name: 'Mi Perfil' })).toBeTruthy();
    await waitFor(() => expect(asked).toBe(2), { timeout: 3000 });
    expect(screen.queryByText('El servicio no está disponible.')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/--sesiones/active-sessions')).toHaveLength(2);
  });

  it('a 503 without Retry-After is shown at once, not asked again', async () => {
    let asked = 0;
    stubApi(sessionFor('resident'), {
      '/api/--sesiones/active-sessions': () => {
        asked += 1;
        return json({ success: false, code: 'UNAVAILABLE', message: 'El servicio no está disponible.' }, 503);
      },
    });
    openProfile();
    expect(await screen.findByRole('heading', { name: 'Mi Perfil' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(asked).toBe(1);
  });
});
