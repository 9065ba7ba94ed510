// facturacion-electronica over productCatalogueMachine: the seeded defaults with their SAT keys, price and IVA,
// a product added (its price sent in cents, IVA only when subject to tax), a key the contract refuses kept in
// the dialog, and a product deactivated.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CataloguesPage } from '../../src/views/invoicing/catalogues/CataloguesPage';
import { MAINTENANCE } from '../models/productCatalogueMachine.model';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/condominio/control-gerencial/modulos-adicionales/factura-comunidad/facturacion-electronica';

function api() {
  return stubApi(sessionFor('admin'), {
    '/api/--facturacion/productos': () => json({ products: [MAINTENANCE] }),
    '/api/--facturacion/catalogos-sat': () => json({ items: [{ clave: '80131500', descripcion: 'Alquiler de propiedades' }] }),
    '/api/--facturacion/productos/guardar': () => json({ product: { ...MAINTENANCE, id: 2 } }),
    '/api/--facturacion/productos/estado': () => json({ product: { ...MAINTENANCE, active: false, version: 2 } }),
  });
}

describe('CataloguesPage', () => {
  it('lists the defaults and adds a product with its SAT keys and price in cents', async () => {
    const stub = api();
    signedIn(<CataloguesPage />, PATH);
    expect(await screen.findByText('Cuota de mantenimiento')).toBeTruthy();
    expect(screen.getByText('$1,500.00')).toBeTruthy();
    expect(screen.getByText('Predeterminado')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar producto' });
    fireEvent.change(within(dialog).getByLabelText(/^Nombre/), { target: { value: 'Renta de salón' } });
    fireEvent.change(within(dialog).getAllByLabelText(/Clave de producto/)[0]!, { target: { value: '801315' } });
    fireEvent.change(within(dialog).getAllByLabelText(/Clave de unidad/)[0]!, { target: { value: 'E48' } });
    fireEvent.change(within(dialog).getByLabelText(/Precio unitario/), { target: { value: '800' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText('La clave de producto o servicio tiene 8 dígitos.')).toBeTruthy();
    fireEvent.change(within(dialog).getAllByLabelText(/Clave de producto/)[0]!, { target: { value: '80131500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(stub.calls.some((c) => c.path.endsWith('/productos/guardar'))).toBe(true));
    expect(stub.calls.find((c) => c.path.endsWith('/productos/guardar'))?.body).toEqual({
      name: 'Renta de salón',
      claveProdServ: '80131500',
      claveUnidad: 'E48',
      unidad: '',
      priceCents: 80_000,
      objetoImp: '02',
      iva: 'tasa16',
    });
  });

  it('deactivates a product', async () => {
    const stub = api();
    signedIn(<CataloguesPage />, PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar Cuota de mantenimiento' }));
    await waitFor(() => expect(stub.calls.some((c) => c.path.endsWith('/productos/estado'))).toBe(true));
    expect(stub.calls.find((c) => c.path.endsWith('/productos/estado'))?.body).toEqual({ id: 1, version: 1, active: false });
  });
});
