// configuracion's tab 'condominio' (issue 16) over condoSettingsMachine: the fields as read, a save that sends
// the version and refreshes the session data, the server's refusal of the map under its field, a stale save
// (take the current version), the privacy warning, and a blank name refused before sending. Network stubbed
// at fetch.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CondoSettings } from '../../src/api/condoSettings';
import CondoSettingsTab from '../../src/views/condoSettings/CondoSettingsTab';
import { SETTINGS, THEIRS } from '../models/condoSettingsMachine.model';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = sessionFor('admin');
const answer = (settings: CondoSettings) => () => json({ success: true, settings });

async function open(answers: Record<string, () => Response> = {}) {
  const api = stubApi(ADMIN, { '/api/--configuracion/condominio': answer(SETTINGS), ...answers });
  signedIn(<CondoSettingsTab />, '/configuracion?tab=condominio');
  await screen.findByDisplayValue('Torres del Bosque');
  return api;
}
const saves = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.path === '/api/--configuracion/condominio/guardar');
const sessionLoads = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((c) => c.path === '/api/--sesiones/session-data').length;

describe('CondoSettingsTab', () => {
  it('saves the colour against the version read and refreshes the session data', async () => {
    const saved = { ...SETTINGS, version: 'b'.repeat(32), fields: { ...SETTINGS.fields, backgroundColor: 'naranja' as const } };
    const api = await open({ '/api/--configuracion/condominio/guardar': answer(saved) });
    const before = sessionLoads(api);
    fireEvent.change(screen.getByLabelText('Color de la página pública'), { target: { value: 'naranja' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Cambios guardados. Ya se ven en el menú y en la página pública.');
    expect(saves(api)).toHaveLength(1);
    expect(saves(api)[0]!.body).toEqual({
      version: SETTINGS.version,
      fields: { ...SETTINGS.fields, backgroundColor: 'naranja' },
    });
    await waitFor(() => expect(sessionLoads(api)).toBeGreaterThan(before));
  });

  it('refuses a blank name before sending anything', async () => {
    const api = await open();
    fireEvent.change(screen.getByLabelText('Nombre del condominio'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('El nombre del condominio es requerido.')).toBeTruthy();
    expect(screen.getByText('Revisa los campos marcados.')).toBeTruthy();
    expect(saves(api)).toEqual([]);
  });

  it('shows the server’s refusal of the map under the map field', async () => {
    const refusal = 'No podemos usar ese mapa. Pega el código de Google Maps.';
    await open({
      '/api/--configuracion/condominio/guardar': () =>
        json(
          { success: false, code: 'BAD_REQUEST', message: refusal, field: 'fields.mapa', messageId: 'condoSettings.error.mapa' },
          400,
        ),
    });
    fireEvent.change(screen.getByLabelText(/^Mapa/), { target: { value: '<script>alert(1)</script>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it('on a stale save offers the current version and takes it', async () => {
    await open({
      '/api/--configuracion/condominio/guardar': () =>
        json({ success: false, code: 'CONFLICT', message: 'Alguien más cambió la configuración.', settings: THEIRS }, 409),
    });
    fireEvent.change(screen.getByLabelText('Ciudad'), { target: { value: 'Tonalá' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Usar la versión actual' }));
    expect(await screen.findByDisplayValue('Zapopan')).toBeTruthy();
  });

  it('warns that a new privacy notice asks everyone again', async () => {
    await open();
    expect(screen.queryByText('Al guardar se pedirá a todos los demás usuarios aceptar el aviso de nuevo.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Texto del aviso de privacidad'), { target: { value: 'Nuevo aviso.' } });
    fireEvent.click(screen.getByLabelText('Pedir a los usuarios que acepten el aviso'));
    expect(await screen.findByText('Al guardar se pedirá a todos los demás usuarios aceptar el aviso de nuevo.')).toBeTruthy();
  });
});
