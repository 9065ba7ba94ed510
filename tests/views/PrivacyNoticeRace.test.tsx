// The server refuses the condominium's calls with 403 PRIVACY_NOTICE_PENDING while a notice waits for the
// member (issue 11 §6). When a call meets that refusal (a notice became active while the page was open,
// or a call raced the gate), the browser loads the session data again and shows the notice, not an error.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireSession } from '../../src/views/app/RequireSession';
import ProfilePage from '../../src/views/profile/ProfilePage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const NOTICE = 'Residencial Las Palmas, A.C. trata tus datos personales para administrar el condominio.';
const ACCEPTED = sessionFor('resident', { condo: { AvisoPrivacidad: NOTICE, AvisoActivo: 1 } });
const PENDING = sessionFor('resident', {
  condo: { AvisoPrivacidad: NOTICE, AvisoActivo: 1 },
  usuario: { AvisoPrivacidad: null },
});

describe('a call refused because the privacy notice is pending', () => {
  it('shows the notice in place of the page, with no error, and the page again once accepted', async () => {
    let pending = true;
    const api = stubApi(ACCEPTED, {
      // The session data said "accepted" when the page opened; by the time mi-perfil lists the sessions, the
      // server says the notice waits (it became active, or the acceptance was withdrawn).
      '/api/--sesiones/active-sessions': () => {
        if (!pending) return json({ success: true, items: [], total: 0 });
        api.setData(PENDING);
        return json(
          { success: false, code: 'PRIVACY_NOTICE_PENDING', message: 'Acepta el aviso de privacidad para continuar.' },
          403,
        );
      },
      '/api/--sesiones/accept-privacy-notice': () => {
        pending = false;
        api.setData(ACCEPTED);
        return json({ success: true, AvisoPrivacidad: '2026-11-23T18:00:00.000Z' });
      },
    });
    signedIn(
      <RequireSession>
        <ProfilePage />
      </RequireSession>,
      '/mi-perfil',
    );

    const dialog = await screen.findByRole('dialog', { name: 'Aviso de privacidad' });
    expect(dialog.textContent).toContain(NOTICE);
    // Nothing of the page behind it, and no error about the refused call.
    expect(screen.queryByRole('heading', { name: 'Mi Perfil' })).toBeNull();
    expect(screen.queryByText('No pudimos cargar tus sesiones.')).toBeNull();
    const sessionLoads = api.calls.filter((c) => c.path === '/api/--sesiones/session-data').length;
    expect(sessionLoads).toBe(2);

    within(dialog).getByRole('button', { name: 'Aceptar aviso de privacidad' }).click();
    expect(await screen.findByRole('heading', { name: 'Mi Perfil' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Aviso de privacidad' })).toBeNull());
    expect(screen.queryByText('No pudimos cargar tus sesiones.')).toBeNull();
  });

  it('asks for the session data once, not for ever, when the server refuses but the session data says accepted', async () => {
    const api = stubApi(ACCEPTED, {
      '/api/--sesiones/active-sessions': () =>
        json({ success: false, code: 'PRIVACY_NOTICE_PENDING', message: 'Acepta el aviso de privacidad para continuar.' }, 403),
    });
    signedIn(
      <RequireSession>
        <ProfilePage />
      </RequireSession>,
      '/mi-perfil',
    );
    // The second refusal is the card's own to show.
    expect(await screen.findByText('No pudimos cargar tus sesiones.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/--sesiones/session-data')).toHaveLength(2);
    expect(api.calls.filter((c) => c.path === '/api/--sesiones/active-sessions')).toHaveLength(2);
    expect(screen.queryByRole('dialog', { name: 'Aviso de privacidad' })).toBeNull();
  });
});
