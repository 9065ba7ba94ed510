// The public page's sign-in card before and after its logic arrives (src/views/public/PublicLoginCard.tsx): the
// card takes input at once, its logic (PublicLoginFlow.tsx) loads at the first sign of use and is held here until
// the test lets it in; what was typed, ticked and left carries over, the field in use keeps the focus and its
// selection, and the flow then signs in with it. The network is stubbed at fetch, the edge of this test.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicLoginCard } from '../../src/views/public/PublicLoginCard';
import { json } from '../support/http';
import { renderWithApp } from '../support/views/renderWithApp';

const flow = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { asked: false, arrived, release: () => release() };
});

// The card's logic comes in when the test says so, and the test sees when it was asked for.
vi.mock('../../src/views/public/PublicLoginFlow', async (importOriginal) => {
  flow.asked = true;
  await flow.arrived;
  return importOriginal();
});

afterEach(() => vi.unstubAllGlobals());

const emailField = () => screen.getByRole('textbox', { name: /Correo electrónico/ }) as HTMLInputElement;
const passwordField = () => screen.getByLabelText(/^Contraseña/, { selector: 'input' }) as HTMLInputElement;

describe('PublicLoginCard', () => {
  it('takes what is typed before its logic arrives, keeps the focus and the selection, then signs in with it', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push(await request.clone().json());
        return json({ success: false, code: 'INVALID_CREDENTIALS', message: 'Usuario o Contraseña incorrecta' }, 401);
      }),
    );
    const user = userEvent.setup();
    renderWithApp(<PublicLoginCard subdomain="lago" />, { path: '/pagina-publica' });
    expect(flow.asked).toBe(false);

    await user.click(emailField());
    expect(flow.asked).toBe(true);
    await user.type(emailField(), 'ana@demo.mx');
    await user.click(screen.getByRole('checkbox', { name: 'Recordarme' }));
    await user.click(passwordField());
    await user.type(passwordField(), 'incorrecta');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    passwordField().setSelectionRange(2, 5);
    const typedIn = passwordField();

    flow.release();
    // The flow's own form replaces the card's.
    await waitFor(() => expect(typedIn.isConnected).toBe(false));
    expect(emailField().value).toBe('ana@demo.mx');
    expect(passwordField().value).toBe('incorrecta');
    expect(passwordField().type).toBe('text');
    expect(screen.getByRole('checkbox', { name: 'Recordarme' })).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(passwordField());
    expect([passwordField().selectionStart, passwordField().selectionEnd]).toEqual([2, 5]);

    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await screen.findByText('Usuario o Contraseña incorrecta');
    expect(sent).toEqual([{ username: 'ana@demo.mx', password: 'incorrecta', rememberMe: true, subdomain: 'lago' }]);
  });
});
