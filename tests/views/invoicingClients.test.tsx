// catalago-clientes over invoicingClientsMachine: the empty list's words, the "Público en general" quick-add
// filled with XAXX010101000 and sent with its dwellings list, a search sent after typing stops, an RFC the
// contract refuses kept in the dialog (nothing sent), and the régimen offered by the RFC's kind.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientList } from '../../src/api/invoicing';
import { regimenesFor } from '../../src/views/invoicing/clients/ClientDialog';
import { ClientsPage } from '../../src/views/invoicing/clients/ClientsPage';
import { ANA, PAGE } from '../models/invoicingClientsMachine.model';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/condominio/control-gerencial/modulos-adicionales/factura-comunidad/catalago-clientes';

function api(list: ClientList) {
  return stubApi(sessionFor('admin'), {
    '/api/--facturacion/clientes': () => json(list),
    '/api/--facturacion/clientes/guardar': () => json({ client: { ...ANA, id: 9, rfc: 'XAXX010101000' } }),
  });
}
const saves = (stub: ReturnType<typeof api>) => stub.calls.filter((c) => c.path.endsWith('/clientes/guardar'));

describe('ClientsPage', () => {
  it('says there are no clients yet and adds público en general in one step', async () => {
    const stub = api({ clients: [], total: 0 });
    signedIn(<ClientsPage />, PATH);
    expect(await screen.findByText(/No hay clientes todavía/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Público en general' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar cliente' });
    expect(within(dialog).getByLabelText(/RFC/)).toHaveProperty('value', 'XAXX010101000');
    fireEvent.change(within(dialog).getByLabelText(/Código postal/), { target: { value: '06600' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(saves(stub).length).toBe(1));
    expect(saves(stub)[0]!.body).toEqual({
      rfc: 'XAXX010101000',
      nombre: 'PUBLICO EN GENERAL',
      regimenFiscal: '616',
      domicilioFiscal: '06600',
      usoCfdi: 'S01',
      email: null,
      apartmentIds: [],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists clients with their dwellings, searches, and keeps a bad RFC in the dialog', async () => {
    const stub = api(PAGE);
    signedIn(<ClientsPage />, PATH);
    expect(await screen.findByText('ANA GÓMEZ MÉNDEZ')).toBeTruthy();
    expect(screen.getByText('Torre A 101')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Buscar clientes'), { target: { value: 'gomez' } });
    await waitFor(() =>
      expect(stub.calls.some((c) => c.path === '/api/--facturacion/clientes' && c.method === 'GET')).toBe(true),
    );
    await waitFor(() => expect(stub.calls.filter((c) => c.path === '/api/--facturacion/clientes').length).toBe(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar cliente' });
    fireEvent.change(within(dialog).getByLabelText(/RFC/), { target: { value: 'ABC123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(/El RFC no es válido/)).toBeTruthy();
    expect(saves(stub)).toEqual([]);
  });

  it('offers the régimenes of a persona física for 13 characters and of a moral for 12', () => {
    expect(regimenesFor('GOMA800101AB1')).toContain('605');
    expect(regimenesFor('GOMA800101AB1')).not.toContain('601');
    expect(regimenesFor('RPA010101AB1')).toContain('601');
    expect(regimenesFor('RPA010101AB1')).not.toContain('605');
    expect(regimenesFor('RPA010101AB1')).toContain('626');
  });
});
