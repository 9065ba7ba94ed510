// "PIN de turno" on the employee panel, on a phone, the network stubbed at fetch: a guard without a PIN sets one
// (typed twice, masked, with their password; nothing is sent until the form is right), and then has one; a wrong
// password, too many tries and a refusal of access say so; the session survives a wrong password; a plain
// employee has no such card.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readToken } from '../../src/services/tokenStore';
import EmployeePanelPage from '../../src/views/app/EmployeePanelPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

const PIN_PATH = '/api/--dispositivos/pin';

const refused = (status: number, code: string, messageId: string, message: string) =>
  json({ success: false, code, message, messageId }, status);

/** Answers the PIN path by method: GET with `hasPin`, each POST with the next of `saves`. */
function stubPin(hasPin: boolean, saves: (() => Response)[], role: 'guard' | 'employee' = 'guard') {
  const api = stubApi(sessionFor(role), {
    [PIN_PATH]: () =>
      api.calls.at(-1)?.method === 'GET' ? json({ success: true, hasPin }) : (saves.shift() ?? (() => json({}, 500)))(),
  });
  return api;
}

const card = () => screen.findByRole('region', { name: 'PIN de turno' });
const field = (region: HTMLElement, label: string) => within(region).getByLabelText(label) as HTMLInputElement;
const saveButton = (region: HTMLElement) => within(region).getByRole('button', { name: 'Guardar PIN' });

function fill(region: HTMLElement, pin: string, confirmation: string, password: string) {
  fireEvent.change(field(region, 'Nuevo PIN (4 a 6 dígitos)'), { target: { value: pin } });
  fireEvent.blur(field(region, 'Nuevo PIN (4 a 6 dígitos)'));
  fireEvent.change(field(region, 'Confirma el PIN'), { target: { value: confirmation } });
  fireEvent.blur(field(region, 'Confirma el PIN'));
  fireEvent.change(field(region, 'Tu contraseña actual'), { target: { value: password } });
}

beforeEach(() => useViewport('phone'));
afterEach(() => vi.unstubAllGlobals());

describe('PIN de turno', { timeout: 20_000 }, () => {
  it('lets a guard without a PIN set one, typed twice and confirmed with their password', async () => {
    const api = stubPin(false, [() => json({ success: true })]);
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    const region = await card();
    expect(await within(region).findByText('Aún no tienes PIN.')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Definir PIN' }));

    // Masked, digits only, six at most.
    const pin = field(region, 'Nuevo PIN (4 a 6 dígitos)');
    expect(pin.type).toBe('password');
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(pin, { target: { value: '12a34567' } });
    expect(pin.value).toBe('123456');

    fill(region, '12', '12', 'Demo1234!');
    expect(within(region).getByText('El PIN tiene de 4 a 6 dígitos.')).toBeTruthy();
    expect(saveButton(region).hasAttribute('disabled')).toBe(true);
    fill(region, '2468', '2469', 'Demo1234!');
    expect(within(region).getByText('Los dos PIN no coinciden.')).toBeTruthy();
    expect(saveButton(region).hasAttribute('disabled')).toBe(true);
    fill(region, '2468', '2468', 'Demo1234!');
    expect(within(region).queryByText('Los dos PIN no coinciden.')).toBeNull();
    fireEvent.click(saveButton(region));

    expect(await within(region).findByRole('status')).toBeTruthy();
    expect(within(region).getByText('PIN guardado')).toBeTruthy();
    expect(within(region).getByText('Ya tienes un PIN. Puedes cambiarlo.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Cambiar PIN' })).toBeTruthy();
    const posts = api.calls.filter((c) => c.path === PIN_PATH && c.method === 'POST');
    expect(posts).toEqual([{ method: 'POST', path: PIN_PATH, body: { password: 'Demo1234!', pin: '2468' } }]);
  });

  it('says a wrong password and too many tries, keeps the form and the session, then saves', async () => {
    const api = stubPin(true, [
      () => refused(401, 'INVALID_CREDENTIALS', 'errors.account.currentPasswordWrong', 'La contraseña actual es incorrecta.'),
      () => refused(429, 'TOO_MANY_REQUESTS', 'errors.tooManyRequests', 'Demasiados intentos.'),
      () => json({ success: true }),
    ]);
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    const region = await card();
    fireEvent.click(await within(region).findByRole('button', { name: 'Cambiar PIN' }));
    fill(region, '135790', '135790', 'equivocada');
    fireEvent.click(saveButton(region));
    const wrong = await within(region).findByRole('alert');
    expect(wrong.textContent).toBe('Tu contraseña actual no es correcta. El PIN no cambió.');
    // A wrong password is the form's answer, not the end of the session.
    expect(readToken()).toBe('a-valid-session-token');
    expect(field(region, 'Nuevo PIN (4 a 6 dígitos)').value).toBe('135790');

    fireEvent.change(field(region, 'Tu contraseña actual'), { target: { value: 'Demo1234!' } });
    expect(within(region).queryByRole('alert')).toBeNull();
    fireEvent.click(saveButton(region));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.',
    );
    fireEvent.click(saveButton(region));
    expect(await within(region).findByText('PIN guardado')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === PIN_PATH && c.method === 'POST')).toHaveLength(3);
  });

  it('keeps the form after a failure, to try again', async () => {
    const api = stubPin(true, [
      () => json({ success: false, code: 'INTERNAL', message: 'Error interno.' }, 500),
      () => json({ success: true }),
    ]);
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    const region = await card();
    fireEvent.click(await within(region).findByRole('button', { name: 'Cambiar PIN' }));
    fill(region, '2468', '2468', 'Demo1234!');
    fireEvent.click(saveButton(region));
    const failed = await within(region).findByRole('alert');
    expect(failed.textContent).toContain('No se guardó el PIN.');
    expect(failed.textContent).toContain('Error interno.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Reintentar' }));
    expect(await within(region).findByText('PIN guardado')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === PIN_PATH && c.method === 'POST').map((c) => c.body)).toEqual([
      { password: 'Demo1234!', pin: '2468' },
      { password: 'Demo1234!', pin: '2468' },
    ]);
  });

  it('shows a refusal of access as such, with nothing to try again', async () => {
    stubPin(true, [() => refused(403, 'FORBIDDEN', 'errors.forbidden', 'No tienes permiso para esta acción.')]);
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    const region = await card();
    fireEvent.click(await within(region).findByRole('button', { name: 'Cambiar PIN' }));
    fill(region, '2468', '2468', 'Demo1234!');
    fireEvent.click(saveButton(region));
    const refusal = await within(region).findByRole('alert');
    expect(refusal.textContent).toContain('No puedes definir un PIN de turno.');
    expect(refusal.textContent).toContain('No tienes permiso para esta acción.');
    expect(within(region).queryByRole('button')).toBeNull();
    expect(within(region).queryByLabelText('Tu contraseña actual')).toBeNull();
  });

  it('says when it cannot tell whether there is a PIN, and asks again', async () => {
    let asked = 0;
    stubApi(sessionFor('guard'), {
      [PIN_PATH]: () => {
        asked += 1;
        return asked === 1 ? new Response('down', { status: 502 }) : json({ success: true, hasPin: false });
      },
    });
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    const region = await card();
    const failed = await within(region).findByRole('alert');
    expect(failed.textContent).toContain('No pudimos saber si tienes PIN.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Reintentar' }));
    expect(await within(region).findByText('Aún no tienes PIN.')).toBeTruthy();
  });

  it('is not on a plain employee’s panel', async () => {
    const api = stubPin(false, [], 'employee');
    signedIn(<EmployeePanelPage />, '/panel-del-empleado');
    expect(await screen.findByText('Empleado')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Tus accesos' })).toBeTruthy());
    expect(screen.queryByRole('region', { name: 'PIN de turno' })).toBeNull();
    expect(api.calls.some((c) => c.path === PIN_PATH)).toBe(false);
  });
});
