// The reset-password view renders its machine: the shared password rule shown as the user types, the
// confirmation, the disabled submit, what it sends, and a refused link leading to a new one. The network
// is stubbed at fetch, the edge of this test.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetPasswordPage } from '../../src/views/sessions/ResetPasswordPage';
import { renderWithApp } from '../support/views/renderWithApp';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'k9X2b7Qw_3mZ-uVt8LpR4sYc';
const newPassword = () => screen.getByLabelText(/^Contraseña nueva/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/^Confirma la contraseña nueva/, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Guardar contraseña' });

function stubReset(status: number, body: unknown) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      sent.push({ path: new URL(request.url).pathname, body: await request.clone().json() });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

describe('ResetPasswordPage', () => {
  it('shows the password rule as the user types and keeps submit disabled until both fields agree', () => {
    renderWithApp(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    expect(screen.getByRole('heading', { name: 'Nueva contraseña' })).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', true);

    fireEvent.change(newPassword(), { target: { value: 'corta1' } });
    expect(screen.getByText('La contraseña debe tener entre 8 y 200 caracteres.')).toBeTruthy();
    fireEvent.change(newPassword(), { target: { value: 'soloLetrasAqui' } });
    expect(screen.getByText('La contraseña debe tener al menos una letra y un número.')).toBeTruthy();
    fireEvent.change(newPassword(), { target: { value: 'Nueva1234' } });
    expect(screen.queryByText(/La contraseña debe tener/)).toBeNull();

    fireEvent.change(confirmation(), { target: { value: 'Nueva123' } });
    expect(screen.getByText('Las contraseñas no coinciden.')).toBeTruthy();
    expect(submit()).toHaveProperty('disabled', true);
    fireEvent.change(confirmation(), { target: { value: 'Nueva1234' } });
    expect(screen.queryByText('Las contraseñas no coinciden.')).toBeNull();
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('sends the token with the new password, then offers to sign in', async () => {
    const sent = stubReset(200, { success: true, message: 'Tu contraseña se actualizó.' });
    renderWithApp(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    fireEvent.change(newPassword(), { target: { value: 'Nueva1234' } });
    fireEvent.change(confirmation(), { target: { value: 'Nueva1234' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Contraseña actualizada')).toBeTruthy();
    expect(sent).toEqual([{ path: '/api/--sesiones/reset-password', body: { token: TOKEN, password: 'Nueva1234' } }]);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/signin');
  });

  it('shows a refused link’s message and a way to ask for a new one', async () => {
    stubReset(400, {
      success: false,
      code: 'BAD_REQUEST',
      field: 'token',
      message: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
    });
    renderWithApp(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    fireEvent.change(newPassword(), { target: { value: 'Nueva1234' } });
    fireEvent.change(confirmation(), { target: { value: 'Nueva1234' } });
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByText('El enlace para restablecer la contraseña no es válido o ya expiró.')).toBeTruthy(),
    );
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByRole('button', { name: 'Guardar contraseña' })).toBeNull();
  });

  it('says at once that a link without a token is not valid', () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByText('El enlace no es válido')).toBeTruthy();
    expect(screen.getByText(/no es válido o ya venció/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toBeTruthy();
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('says so when the server cannot be reached, and tries again', async () => {
    let attempts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        attempts++;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ success: true, message: 'ok' }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWithApp(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    fireEvent.change(newPassword(), { target: { value: 'Nueva1234' } });
    fireEvent.change(confirmation(), { target: { value: 'Nueva1234' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Sin conexión con el servidor')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Contraseña actualizada')).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
