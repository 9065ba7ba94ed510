// login-redirect?logout=1 (spec §2.8, issue 28's small items), the network stubbed at fetch: with a legacy app the
// browser goes to its login page with the logout flag (another site: window.location); without one, to our own
// sign-in with the flag.
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import LoginRedirectPage from '../../src/views/redirect/LoginRedirectPage';
import { json } from '../support/http';
import { renderWithApp } from '../support/views/renderWithApp';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LEGACY_LOGIN = '/api/--sesiones/legacy-login';

function stub(url: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === LEGACY_LOGIN) return json({ success: true, url });
      return json({ success: false, code: 'NOT_FOUND', message: 'not stubbed' }, 404);
    }),
  );
}

function open() {
  return renderWithApp(
    <>
      <Route path="/login-redirect" component={LoginRedirectPage} />
      <Route path="/sessions/signin">
        <p>sign-in</p>
      </Route>
    </>,
    { path: '/login-redirect?logout=1' },
  );
}

describe('login-redirect?logout=1', () => {
  it('goes to the legacy app’s login page with the logout flag when there is a legacy app', async () => {
    stub('https://legado.example.mx/login?logout=1');
    const left: string[] = [];
    vi.spyOn(window.location, 'assign').mockImplementation((url: string | URL) => void left.push(String(url)));
    open();
    await waitFor(() => expect(left).toEqual(['https://legado.example.mx/login?logout=1']), { timeout: 10_000 });
  });

  it('goes to our own sign-in with the flag when there is none', async () => {
    stub(null);
    const { location } = open();
    await waitFor(() => expect(location.history.at(-1)).toBe('/sessions/signin?logout=1'), { timeout: 10_000 });
  });
});
