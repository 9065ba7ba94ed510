// Dispositivos over its machine, the network stubbed at fetch: each device with its state and last use; registering
// one shows its one-time code, the pairing link and its QR until Listo; revoking asks first; and the redirect for
// those who may not manage devices.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DevicesPage from '../../src/views/gate/DevicesPage';
import { DEVICES, ISSUED, NEW_DEVICE_DRAFT, PAIRED, REVOKED } from '../support/gateDeviceFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const answers = {
  '/api/--dispositivos': () => json({ success: true, items: DEVICES }),
  '/api/--dispositivos/registrar': () => json({ success: true, ...ISSUED }),
  [`/api/--dispositivos/${PAIRED.id}/revocar`]: () => json({ success: true, device: REVOKED }),
};

describe('Dispositivos', { timeout: 20_000 }, () => {
  it('sends a guard back to comunicación, asking nothing', async () => {
    const api = stubApi(sessionFor('guard'), answers);
    const { location } = signedIn(<DevicesPage />, '/dispositivos');
    await waitFor(() => expect(location.history).toEqual(['/comunicacion']));
    expect(api.calls.some((c) => c.path.startsWith('/api/--dispositivos'))).toBe(false);
  });

  it('lists the devices with their state, and registers one showing its code, link and QR once', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('admin'), answers);
    signedIn(<DevicesPage />, '/dispositivos');
    const paired = await screen.findByLabelText('Caseta principal');
    expect(within(paired).getByText('Vinculado')).toBeTruthy();
    expect(within(paired).getByText(/Último uso:/)).toBeTruthy();
    const waiting = screen.getByLabelText('Caseta peatonal');
    expect(within(waiting).getByText('Esperando vinculación')).toBeTruthy();
    expect(within(waiting).getByText('Sin uso')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Registrar dispositivo' }));
    const save = screen.getByRole('button', { name: 'Guardar' });
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText(/Nombre/), { target: { value: NEW_DEVICE_DRAFT.name } });
    fireEvent.change(screen.getByLabelText(/Punto de acceso/), { target: { value: NEW_DEVICE_DRAFT.accessPoint } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByTestId('pairing-code')).toHaveProperty('textContent', ISSUED.code);
    expect(api.calls.find((c) => c.path === '/api/--dispositivos/registrar')?.body).toEqual(NEW_DEVICE_DRAFT);
    expect(screen.getByText(`${window.location.origin}/condominio/dispositivos/register/${ISSUED.device.id}`)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Código QR del enlace de vinculación' })).toBeTruthy();
    expect(screen.getByLabelText('Tableta norte')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByTestId('pairing-code')).toBeNull());
  });

  it('revokes a device only once confirmed', async () => {
    const api = stubApi(sessionFor('admin'), answers);
    signedIn(<DevicesPage />, '/dispositivos');
    const card = await screen.findByLabelText('Caseta principal');
    fireEvent.click(within(card).getByRole('button', { name: 'Revocar' }));
    expect(within(card).getByText(/¿Revocar «Caseta principal»\?/)).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/revocar'))).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(within(screen.getByLabelText('Caseta principal')).getByText('Revocado')).toBeTruthy());
    expect(api.calls.filter((c) => c.path === `/api/--dispositivos/${PAIRED.id}/revocar`)).toHaveLength(1);
    expect(within(screen.getByLabelText('Caseta principal')).queryByRole('button', { name: 'Nuevo código' })).toBeNull();
  });
});
