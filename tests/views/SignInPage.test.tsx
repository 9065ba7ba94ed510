// The sign-in view renders the machine's state: labels, the disabled submit, the §5 messages, and the
// server's wrong-credentials message inline. The network is stubbed at fetch, the edge of this test.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInPage } from '../../src/views/sessions/SignInPage';
import { renderWithApp } from './renderWithApp';

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
});
