// The sign-in view renders the machine's state: labels, the disabled submit, the §5 messages, and the
// server's wrong-credentials message inline; once signed in, the session has the token (the login
// machine hands it over) and the page asked for takes over. The network is stubbed at fetch, the edge of
// this test.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken } from '../../src/services/tokenStore';
import { SignInPage } from '../../src/views/sessions/SignInPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { renderWithApp } from '../support/views/renderWithApp';

afterEach(() => vi.unstubAllGlobals());

const emailField = () => screen.getByRole('textbox', { name: /Correo electrónico/ });
const passwordField = () => screen.getByLabelText(/^Contraseña/, { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: 'Ingresar' });

describe('SignInPage', () => {
  it('keeps submit disabled until the form is valid, with the spec messages', () => {
    renderWithApp(<SignInPage />, { path: '/signin' });
    expect(submitButton()).toHaveProperty('disabled', true);

    fireEvent.change(emailField(), { target: { value: 'residente@demo' } });
    fireEvent.blur(emailField());
    expect(screen.getByText('Por favor ingresa un email válido')).toBeTruthy();

    fireEvent.change(emailField(), { target: { value: 'residente@demo.mx' } });
    fireEvent.blur(passwordField());
    expect(screen.getByText('La contraseña es requerida')).toBeTruthy();
    expect(submitButton()).toHaveProperty('disabled', true);

    fireEvent.change(passwordField(), { target: { value: 'Demo1234!' } });
    expect(submitButton()).toHaveProperty('disabled', false);
    expect(screen.queryByText('Por favor ingresa un email válido')).toBeNull();
  });

  it('shows the server’s wrong-credentials message under the password', async () => {
    const sent: unknown[] = [];
    const fetchStub = vi.fn(async (request: Request) => {
      sent.push({ path: new URL(request.url).pathname, body: await request.clone().json() });
      return new Response(
        JSON.stringify({ success: false, code: 'INVALID_CREDENTIALS', message: 'Usuario o Contraseña incorrecta' }),
        {
          status: 401,
          headers: { 'content-type': 'application/json' },
        },
      );
    });
    vi.stubGlobal('fetch', fetchStub);
    renderWithApp(<SignInPage />, { path: '/signin' });
    fireEvent.change(emailField(), { target: { value: 'residente@demo.mx' } });
    fireEvent.change(passwordField(), { target: { value: 'incorrecta' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(screen.getByText('Usuario o Contraseña incorrecta')).toBeTruthy());
    expect(sent).toEqual([
      {
        path: '/api/--sesiones/sign-in',
        body: { username: 'residente@demo.mx', password: 'incorrecta', rememberMe: false, subdomain: null },
      },
    ]);
  });

  it('hands the session token to the session and goes to the page that sent the user here', async () => {
    const palmas = { CondoId: 1, UserId: 7, CondoName: 'Residencial Las Palmas', error: null };
    const answers: Record<string, () => Response> = {
      '/api/--sesiones/sign-in': () => json({ success: true, token: 'a-sign-in-token', condos: [palmas] }),
      '/api/--sesiones/condo-login': () =>
        json({ success: true, token: 'the-condominium-session-token', productToken: 'a-product-token' }),
      '/api/--sesiones/session-data': () => json({ success: true, data: sessionFor('board') }),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => answers[new URL(request.url).pathname]!()),
    );
    const { location } = renderWithApp(<SignInPage />, { path: '/signin?returnUrl=%2Fcondominio%2Festado-cta' });
    fireEvent.change(emailField(), { target: { value: 'consejo@demo.mx' } });
    fireEvent.change(passwordField(), { target: { value: 'Demo1234!' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(location.history?.at(-1)).toBe('/condominio/estado-cta'));
    expect(readToken()).toBe('the-condominium-session-token');
  });

  // Issue 33: a return URL holding a tab or a newline left the user on the sign-in page once signed in. It is
  // read as the browser reads an address: without them, and only if it stays on this site.
  it.each([
    ['%2Fcondominio%2Fes%09tado-cta%0A', '/condominio/estado-cta'],
    ['%2F%09%2Fevil.example%2Fx', '/condominio/comunicacion'],
    ['%0D%0A%2F%5Cevil.example', '/condominio/comunicacion'],
  ])('signed in from ?returnUrl=%s, goes to %s', async (returnUrl, landing) => {
    const palmas = { CondoId: 1, UserId: 7, CondoName: 'Residencial Las Palmas', error: null };
    const answers: Record<string, () => Response> = {
      '/api/--sesiones/sign-in': () => json({ success: true, token: 'a-sign-in-token', condos: [palmas] }),
      '/api/--sesiones/condo-login': () => json({ success: true, token: 'a-session-token', productToken: 'a-product-token' }),
      '/api/--sesiones/session-data': () => json({ success: true, data: sessionFor('board') }),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => answers[new URL(request.url).pathname]!()),
    );
    const { location } = renderWithApp(<SignInPage />, { path: `/signin?returnUrl=${returnUrl}` });
    fireEvent.change(emailField(), { target: { value: 'consejo@demo.mx' } });
    fireEvent.change(passwordField(), { target: { value: 'Demo1234!' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(location.history?.at(-1)).toBe(landing));
  });
});
