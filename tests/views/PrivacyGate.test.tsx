// While the privacy notice is asked (spec §4), the tab says so: the condominium, then the notice, in the
// user's language, not the sign-in page's title left behind. Once accepted, the page behind it titles the
// tab. The network is stubbed at fetch, the edge of this test.
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { readCatalog } from '../../src/i18n/node/readCatalog';
import { saveToken } from '../../src/services/tokenStore';
import { RequireSession } from '../../src/views/app/RequireSession';
import { SessionProvider } from '../../src/views/common/SessionContext';
import { CommunicationHome } from '../../src/views/communication/CommunicationHome';
import { sessionFor } from '../support/sessionFixtures';
import { stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const NOTICE = 'Tus datos se usan solo para administrar el condominio.';
const ACCEPTED_AT = '2026-11-23T12:00:00.000Z';
const asking = sessionFor('resident', {
  condo: { AvisoPrivacidad: NOTICE, AvisoActivo: 1 },
  usuario: { AvisoPrivacidad: null },
});

function renderGate(lang: 'es' | 'en' | 'fr') {
  saveToken('a-valid-session-token', true);
  const location = memoryLocation({ path: '/comunicacion' });
  return render(
    <MantineProvider env="test">
      <IntlProvider locale={lang} messages={readCatalog(lang)}>
        <SessionProvider>
          <Router hook={location.hook}>
            <RequireSession>
              <CommunicationHome />
            </RequireSession>
          </Router>
        </SessionProvider>
      </IntlProvider>
    </MantineProvider>,
  );
}

describe('the privacy notice gate', () => {
  it.each([
    ['es', 'Residencial Las Palmas > Aviso de privacidad | Comunidad'],
    ['en', 'Residencial Las Palmas > Privacy notice | Comunidad'],
    ['fr', 'Residencial Las Palmas > Avis de confidentialité | Comunidad'],
  ] as const)('titles the tab after the notice while it asks (%s)', async (lang, title) => {
    stubApi(asking);
    document.title = 'Autenticacion > Iniciar sesión | Comunidad';
    renderGate(lang);
    await screen.findByText(NOTICE);
    expect(document.title).toBe(title);
  });

  it('hands the title to the page behind it once the notice is accepted', async () => {
    const api = stubApi(asking, {
      '/api/--sesiones/accept-privacy-notice': () => {
        api.setData({ ...asking, usuario: { ...asking.usuario, AvisoPrivacidad: ACCEPTED_AT } });
        return new Response(JSON.stringify({ success: true, AvisoPrivacidad: ACCEPTED_AT }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    renderGate('es');
    fireEvent.click(await screen.findByRole('button', { name: 'Aceptar aviso de privacidad' }));
    await screen.findByRole('heading', { name: /^Hola, / });
    await waitFor(() => expect(document.title).toBe('Residencial Las Palmas > Comunicación | Comunidad'));
    // The session data was asked again after the acceptance (the gate's machine tells the session to).
    expect(api.calls.filter((c) => c.path === '/api/--sesiones/session-data')).toHaveLength(2);
  });

  it('signs out when the notice is rejected, and shows nothing of the area meanwhile', async () => {
    const api = stubApi(asking, {
      '/api/--sesiones/sign-out': () =>
        new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } }),
    });
    renderGate('es');
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar y salir' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/--sesiones/sign-out')).toBe(true));
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull());
    expect(screen.queryByRole('heading', { name: /^Hola, / })).toBeNull();
  });
});
