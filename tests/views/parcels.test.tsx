// Paquetería over its machines at phone size (390×844), the network stubbed at fetch: a resident's own parcels
// with the pickup code large, and their history; the gate's waiting list by dwelling, a hand-over with the code
// (a wrong code reads the server's words and can be corrected), the arrival form whose retry re-sends the same
// clientId; empty states, a refusal read as one, and the redirect for whoever has neither view.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ParcelsPage from '../../src/views/parcels/ParcelsPage';
import { json } from '../support/http';
import { COLLECTED, DWELLINGS, HANDED, MINE_WAITING, PICKUP_CODE, page, WAITING } from '../support/parcelFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => useViewport('phone'));

const RESIDENT = sessionFor('resident', { usuario: { apartments: [{ AptId: 11, AptName: '101', TorreName: 'Torre A' }] } });
const MINE = '/api/--paqueteria/mis-paquetes';
const WAITING_LIST = '/api/--paqueteria/en-espera';
const WRONG_CODE = {
  success: false,
  code: 'CONFLICT',
  message: 'El código de entrega no corresponde a este paquete. Pide al residente que lo revise en «Mis paquetes».',
  messageId: 'parcelsNotices.refusal.wrongCode',
  field: 'code',
};

describe('Paquetería', { timeout: 20_000 }, () => {
  it('shows a resident their waiting parcel with its pickup code, large, and then their history', async () => {
    let answer = page([MINE_WAITING]);
    const api = stubApi(RESIDENT, { [MINE]: () => json(answer) });
    signedIn(<ParcelsPage />, '/paqueteria');
    expect(await screen.findByRole('heading', { name: 'Mis paquetes' })).toBeTruthy();
    const code = await screen.findByLabelText('Código de entrega: 4 8 2 9 1 3');
    expect(code.textContent).toBe(PICKUP_CODE);
    expect(screen.getByText('DHL')).toBeTruthy();
    expect(screen.getByText('Torre A - 101')).toBeTruthy();
    // No gate list for a resident.
    expect(api.calls.some((c) => c.path === WAITING_LIST)).toBe(false);
    answer = page([COLLECTED]);
    fireEvent.click(screen.getByText('Historial'));
    expect(await screen.findByText('FedEx')).toBeTruthy();
    expect(screen.getByText(/Entregado el .* con código/).textContent).toBe('Entregado el 20 feb 2026, 6:30 p.m. con código');
    expect(screen.queryByText(PICKUP_CODE)).toBeNull();
    expect(api.calls.filter((c) => c.path === MINE)).toHaveLength(2);
  });

  it('says so when nothing waits for the resident', async () => {
    stubApi(RESIDENT, { [MINE]: () => json(page([])) });
    signedIn(<ParcelsPage />, '/paqueteria');
    expect(await screen.findByText('No tienes paquetes esperando en la caseta.')).toBeTruthy();
  });

  it('sends someone with neither view back to comunicación, asking nothing', async () => {
    const api = stubApi(sessionFor('employee'));
    const { location } = signedIn(<ParcelsPage />, '/paqueteria');
    await waitFor(() => expect(location.history).toEqual(['/comunicacion']));
    expect(api.calls.some((c) => c.path.startsWith('/api/--paqueteria'))).toBe(false);
  });

  it('reads a refusal of the gate list as one', async () => {
    stubApi(sessionFor('guard'), {
      [WAITING_LIST]: () => json({ success: false, code: 'FORBIDDEN', message: 'No tienes acceso a esta sección.' }, 403),
    });
    signedIn(<ParcelsPage />, '/paqueteria');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No pudimos cargar los paquetes.')).toBeTruthy();
    expect(within(alert).getByText('No tienes acceso a esta sección.')).toBeTruthy();
  });

  it('lets the guard hand a parcel over with the code: a wrong one reads why and is corrected', async () => {
    let handOver = () => json(WRONG_CODE, 409);
    const api = stubApi(sessionFor('guard'), {
      [WAITING_LIST]: () => json(page([WAITING])),
      '/api/--paqueteria/7/entregar-con-codigo': () => handOver(),
    });
    signedIn(<ParcelsPage />, '/paqueteria');
    const group = await screen.findByRole('region', { name: 'Torre A - 101' });
    expect(within(group).getByText('Guía: 1234567890')).toBeTruthy();
    fireEvent.click(within(group).getByRole('button', { name: 'Entregar el paquete de DHL para Torre A - 101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Entregar paquete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Código de entrega' }));
    const field = within(dialog).getByLabelText(/^Código de entrega/);
    fireEvent.change(field, { target: { value: '48-29-1' } });
    // Digits only, and six of them before it can be sent.
    expect((field as HTMLInputElement).value).toBe('48291');
    expect((within(dialog).getByRole('button', { name: 'Entregar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '111111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entregar' }));
    expect(await within(dialog).findByText(WRONG_CODE.message)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Corregir' }));
    handOver = () => json({ success: true, data: HANDED });
    fireEvent.change(within(dialog).getByLabelText(/^Código de entrega/), { target: { value: PICKUP_CODE } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Entregar' }));
    expect(await within(dialog).findByText('Paquete entregado.')).toBeTruthy();
    const sent = api.calls.filter((c) => c.path === '/api/--paqueteria/7/entregar-con-codigo').map((c) => c.body);
    expect(sent).toEqual([
      { code: '111111', collectedByName: null },
      { code: PICKUP_CODE, collectedByName: null },
    ]);
    const listsBefore = api.calls.filter((c) => c.path === WAITING_LIST).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === WAITING_LIST).length).toBe(listsBefore + 1));
  });

  it('offers the signature, which needs a name and a drawing before it is sent', async () => {
    stubApi(sessionFor('guard'), { [WAITING_LIST]: () => json(page([WAITING])) });
    signedIn(<ParcelsPage />, '/paqueteria');
    fireEvent.click(await screen.findByRole('button', { name: /^Entregar el paquete/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Entregar paquete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Firma' }));
    expect(within(dialog).getByRole('img', { name: 'Firma de quien recoge' })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Nombre de quien recoge/), { target: { value: 'Rosa' } });
    // Nothing drawn yet.
    expect((within(dialog).getByRole('button', { name: 'Entregar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Atrás' }));
    expect(within(dialog).getByRole('button', { name: 'Código de entrega' })).toBeTruthy();
  });

  it('shows the gate an empty list plainly', async () => {
    stubApi(sessionFor('guard'), { [WAITING_LIST]: () => json(page([])) });
    signedIn(<ParcelsPage />, '/paqueteria');
    expect(await screen.findByText('No hay paquetes en espera.')).toBeTruthy();
  });

  it('logs an arrival; a retry after a failure sends the same clientId', async () => {
    let save = () => json({ success: false, code: 'INTERNAL', message: 'Algo salió mal.' }, 500);
    const api = stubApi(sessionFor('guard'), {
      [WAITING_LIST]: () => json(page([])),
      '/api/--paqueteria/viviendas': () => json({ success: true, items: DWELLINGS }),
      '/api/--paqueteria/registrar': () => save(),
    });
    signedIn(<ParcelsPage />, '/paqueteria');
    fireEvent.click(await screen.findByRole('button', { name: 'Registrar paquete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar paquete' });
    const dwelling = await within(dialog).findByDisplayValue('Elige la vivienda');
    const saveButton = within(dialog).getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    expect(saveButton.disabled).toBe(true);
    fireEvent.change(dwelling, { target: { value: '11' } });
    fireEvent.change(within(dialog).getByPlaceholderText('DHL, Amazon, Estafeta…'), { target: { value: 'Estafeta' } });
    fireEvent.click(within(dialog).getByText('Grande'));
    fireEvent.click(saveButton);
    expect(await within(dialog).findByText('No pudimos registrar el paquete.')).toBeTruthy();
    save = () => json({ success: true, data: WAITING, replayed: false });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByText('Avisamos a los residentes de Torre A - 101.')).toBeTruthy();
    const sent = api.calls.filter((c) => c.path === '/api/--paqueteria/registrar').map((c) => c.body as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ apartmentId: 11, carrier: 'Estafeta', size: 'grande', tracking: null, photo: null });
    expect(sent[0]!.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('shows a paired device’s shift the gate’s list only, even when the guard lives here', async () => {
    const shift = sessionFor('guard', {
      usuario: { apartments: [{ AptId: 11, AptName: '101', TorreName: 'Torre A' }] },
    });
    const api = stubApi(
      { ...shift, dispositivo: { id: 1, name: 'Caseta principal', accessPoint: 'Acceso principal' } },
      {
        [WAITING_LIST]: () => json(page([WAITING])),
      },
    );
    signedIn(<ParcelsPage />, '/paqueteria?vista=mios');
    expect(await screen.findByRole('heading', { name: 'Paquetes en espera' })).toBeTruthy();
    expect(screen.queryByText('Mis paquetes')).toBeNull();
    expect(api.calls.some((c) => c.path === MINE)).toBe(false);
  });

  it('lets an administrator who lives here switch to their own parcels', async () => {
    const admin = sessionFor('admin', { usuario: { apartments: [{ AptId: 11, AptName: '1001', TorreName: 'Torre A' }] } });
    stubApi(admin, { [WAITING_LIST]: () => json(page([WAITING])), [MINE]: () => json(page([MINE_WAITING])) });
    signedIn(<ParcelsPage />, '/paqueteria');
    expect(await screen.findByRole('heading', { name: 'Paquetes en espera' })).toBeTruthy();
    fireEvent.click(screen.getByText('Mis paquetes'));
    expect(await screen.findByRole('heading', { name: 'Mis paquetes' })).toBeTruthy();
    expect(await screen.findByText(PICKUP_CODE)).toBeTruthy();
  });
});
