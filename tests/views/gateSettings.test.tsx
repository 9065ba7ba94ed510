// configuracion 'condominio', group Caseta (issue 26): the gate's three settings as read, saved with the others
// against the version, and a number out of its range refused under its field before anything is sent. Network
// stubbed at fetch.
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CondoSettings } from '../../src/api/condoSettings';
import CondoSettingsTab from '../../src/views/condoSettings/CondoSettingsTab';
import { SETTINGS } from '../models/condoSettingsMachine.model';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const answer = (settings: CondoSettings) => () => json({ success: true, settings });
const SAVE = '/api/--configuracion/condominio/guardar';

async function open(answers: Record<string, () => Response> = {}) {
  const api = stubApi(sessionFor('admin'), { '/api/--configuracion/condominio': answer(SETTINGS), ...answers });
  signedIn(<CondoSettingsTab />, '/configuracion?tab=condominio');
  await screen.findByDisplayValue('Torres del Bosque');
  return api;
}
const saves = (api: ReturnType<typeof stubApi>) => api.calls.filter((c) => c.path === SAVE);

describe('CondoSettingsTab, group Caseta', () => {
  it('shows the three settings and saves a new retention with the others', async () => {
    const saved = { ...SETTINGS, version: 'b'.repeat(32), fields: { ...SETTINGS.fields, photoRetentionDays: 90 } };
    const api = await open({ [SAVE]: answer(saved) });
    expect(screen.getByText('Caseta')).toBeTruthy();
    expect((screen.getByLabelText('Minutos para responder a una visita sin pase') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Días para recordar un paquete no recogido') as HTMLInputElement).value).toBe('3');
    const retention = screen.getByLabelText('Días que se guarda la foto de una entrada') as HTMLInputElement;
    expect(retention.value).toBe('30');
    expect(screen.getByText('De 1 a 365')).toBeTruthy();
    fireEvent.change(retention, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await screen.findByText('Cambios guardados. Ya se ven en el menú y en la página pública.');
    expect(saves(api)[0]!.body).toEqual({ version: SETTINGS.version, fields: { ...SETTINGS.fields, photoRetentionDays: 90 } });
  });

  it('refuses an emptied answer time under its field, sending nothing', async () => {
    const api = await open();
    fireEvent.change(screen.getByLabelText('Minutos para responder a una visita sin pase'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Escribe un número entero dentro del rango indicado.')).toBeTruthy();
    expect(saves(api)).toEqual([]);
  });
});
