// The entry's optional photo at the caseta (issue 26), the network stubbed at fetch: a photo chosen in the entry
// form goes to the recorded entry right after it (POST …/movimientos/<id>/foto); a file that is not a PNG, JPEG or
// WebP is refused under the field and nothing is sent; offline the field says the entry goes without a photo.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CasetaPage from '../../src/views/gate/CasetaPage';
import { movement, movementAnswer, TODAY, VALID_CHECK } from '../support/gateFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const ENTRY_PATH = '/api/--caseta/entrada';
const PHOTO_PATH = '/api/--caseta/movimientos/301/foto';
const PNG_BYTES = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

async function entryForm() {
  useViewport('phone');
  // The recorded entry carries the clientId the caseta sent, as the server answers it.
  const api: ReturnType<typeof stubApi> = stubApi(sessionFor('guard'), {
    '/api/--caseta/hoy': () => json(TODAY),
    '/api/--caseta/verificar': () => json({ success: true, data: VALID_CHECK }),
    [ENTRY_PATH]: () => {
      const sent = api.calls.filter((c) => c.path === ENTRY_PATH).at(-1)!.body as { clientId: string };
      return json(movementAnswer(movement({ clientId: sent.clientId })));
    },
    [PHOTO_PATH]: () => json({ success: true, expiresAt: '2025-07-02T18:00:00.000Z', duplicate: false }),
  });
  signedIn(<CasetaPage />, '/caseta');
  fireEvent.change(await screen.findByRole('textbox', { name: 'Clave manual o QR' }), { target: { value: 'PALMAS01' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
  const form = await screen.findByRole('form', { name: 'Registrar entrada' });
  return { api, form };
}

const photoInput = (form: HTMLElement) => form.querySelector('input[type="file"]') as HTMLInputElement;

describe('the entry’s photo at the caseta', () => {
  it('opens the back camera and sends the chosen photo to the recorded entry', async () => {
    const { api, form } = await entryForm();
    const input = photoInput(form);
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
    fireEvent.change(input, { target: { files: [new File([PNG_BYTES], 'placas.png', { type: 'image/png' })] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar entrada' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === PHOTO_PATH)).toHaveLength(1), { timeout: 5000 });
    const sent = api.calls.find((c) => c.path === PHOTO_PATH)!.body as { dataUrl: string };
    expect(sent.dataUrl).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  });

  it('refuses a file that is not a photo under the field, and the entry goes without one', async () => {
    const { api, form } = await entryForm();
    fireEvent.change(photoInput(form), {
      target: { files: [new File(['%PDF-1.4'], 'factura.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(form).findByText('Elige una foto PNG, JPEG o WebP.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar entrada' }));
    expect(await screen.findByText('Entrada registrada: Laura Gómez Pineda', {}, { timeout: 5000 })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === PHOTO_PATH)).toEqual([]);
  });

  it('says offline that the entry will be recorded without a photo', async () => {
    const { form } = await entryForm();
    window.dispatchEvent(new Event('offline'));
    expect(await within(form).findByText('Sin conexión: esta entrada se registrará sin foto.')).toBeTruthy();
    window.dispatchEvent(new Event('online'));
  });
});
