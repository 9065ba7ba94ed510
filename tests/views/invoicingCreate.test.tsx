// crear-factura over its machine: without an issuer the call to set one up; a product of the catalogue added as a
// concept, a client searched and chosen, the server's preview in pesos, "Timbrar" sending the draft with its key
// and the stamped invoice with its UUID and downloads; PPD fixing forma de pago 99; out of stamps the way to
// solicitar-timbres, and the retry sending the same key.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHARGES, CLEAN_PREVIEW, CLIENT, FEE_PRODUCT, STAMPED } from '../models/createInvoiceMachine.model';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { generalData, ISSUER, openInvoicing } from '../support/views/invoicingFixtures';

afterEach(() => vi.unstubAllGlobals());

const PREVIEW = {
  ...CLEAN_PREVIEW,
  totals: {
    ...CLEAN_PREVIEW.totals,
    taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.160000', baseCents: 150_000, importeCents: 24_000 }],
  },
};

const answers = (stamp: () => Response) => ({
  '/api/--facturacion/datos-generales': () => generalData([ISSUER]),
  '/api/--facturacion/productos': () => json({ products: [FEE_PRODUCT] }),
  '/api/--facturacion/clientes': () => json({ clients: [CLIENT], total: 1 }),
  '/api/--facturacion/facturas/vista-previa': () => json(PREVIEW),
  '/api/--facturacion/facturas/timbrar': stamp,
});

async function fillDraft() {
  const product = await screen.findByLabelText('Producto o servicio');
  fireEvent.change(product, { target: { value: String(FEE_PRODUCT.id) } });
  expect((screen.getByLabelText(/^Precio unitario/) as HTMLInputElement).value).toBe('1500.00');
  fireEvent.click(screen.getByRole('button', { name: 'Agregar concepto' }));
  const concepts = screen.getByRole('region', { name: 'Conceptos' });
  expect(within(concepts).getByText('Cuota de mantenimiento')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
  fireEvent.change(await screen.findByLabelText('Buscar cliente por RFC o nombre'), { target: { value: 'lopez' } });
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  fireEvent.click(await screen.findByLabelText('LOPM800101AB1 · MARIA LOPEZ'));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Vista previa' })).toHaveProperty('disabled', false));
}

describe('crear-factura', () => {
  it("adds a dwelling's charge of this month on its own and offers its older ones still owed, unticked (issue 28 #9)", async () => {
    openInvoicing(sessionFor('admin'), '/crear-factura', {
      ...answers(() => json(null)),
      '/api/--configuracion/viviendas/lista': () =>
        json({
          success: true,
          viviendas: [{ ApmtId: 7, Nombre: '101', TowerId: 1, Torre: 'Torre A', indiviso: 4000, activa: true, residentes: 1 }],
          total: 1,
          torres: [],
          indivisoActivo: 1_000_000,
          activas: 1,
        }),
      '/api/--facturacion/cargos-vivienda': () => json(CHARGES),
    });
    fireEvent.click(await screen.findByText('Cargos de una vivienda', {}, { timeout: 10_000 }));
    const dwelling = await screen.findByRole('combobox', { name: /vivienda/i }, { timeout: 10_000 });
    fireEvent.change(dwelling, { target: { value: '101' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Torre A - 101' }, { timeout: 10_000 }));
    const concepts = screen.getByRole('region', { name: 'Conceptos' });
    await waitFor(() => expect(within(concepts).getAllByRole('listitem')).toHaveLength(1));
    // October's fee is offered, not added.
    const older = await screen.findByRole('checkbox', { name: /Cuota de mantenimiento octubre \(2026-10-01\)/ });
    expect((older as HTMLInputElement).checked).toBe(false);
    fireEvent.click(older);
    await waitFor(() => expect(within(concepts).getAllByRole('listitem')).toHaveLength(2));
    fireEvent.click(older);
    await waitFor(() => expect(within(concepts).getAllByRole('listitem')).toHaveLength(1));
  });

  it('says a concept’s quantity × price is over what an invoice holds, and does not add it (issue 33)', async () => {
    openInvoicing(
      sessionFor('admin'),
      '/crear-factura',
      answers(() => json(null)),
    );
    fireEvent.change(await screen.findByLabelText('Producto o servicio'), { target: { value: String(FEE_PRODUCT.id) } });
    fireEvent.change(screen.getByLabelText(/^Cantidad/), { target: { value: '999999999999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar concepto' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/excede el máximo que puede facturarse \(\$20,000,000\.00\)/);
    expect(within(screen.getByRole('region', { name: 'Conceptos' })).queryAllByRole('listitem')).toHaveLength(0);
    // A quantity within it is added, its amount exact.
    fireEvent.change(screen.getByLabelText(/^Cantidad/), { target: { value: '2.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar concepto' }));
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Conceptos' })).getAllByRole('listitem')).toHaveLength(1),
    );
  });

  it('calls to set up an issuer when there is none', async () => {
    openInvoicing(sessionFor('admin'), '/crear-factura', {
      '/api/--facturacion/datos-generales': () => generalData([]),
      '/api/--facturacion/productos': () => json({ products: [] }),
    });
    expect(await screen.findByText('Aún no hay emisor')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Configurar emisor' }).getAttribute('href')).toMatch(/datos-generales$/);
  });

  it('invoices a catalogue product to a searched client: preview in pesos, then stamped with its UUID', async () => {
    const { stub } = openInvoicing(
      sessionFor('admin'),
      '/crear-factura',
      answers(() => json(STAMPED.kind === 'stamped' ? STAMPED.stamped : null)),
    );
    await fillDraft();
    fireEvent.click(screen.getByRole('button', { name: 'Vista previa' }));
    const table = await screen.findByRole('table', { name: 'Vista previa' });
    expect(table.textContent).toContain('$1,500.00');
    expect(table.textContent).toContain('$240.00');
    expect(table.textContent).toContain('$1,740.00');
    fireEvent.click(screen.getByRole('button', { name: 'Timbrar' }));
    expect(await screen.findByText('Factura timbrada')).toBeTruthy();
    expect(screen.getByText('6F2A1C3E-1B2C-4D5E-8F90-123456789ABC')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar XML' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar por correo' })).toBeTruthy();
    const sent = stub.calls.find((c) => c.path === '/api/--facturacion/facturas/timbrar')?.body as {
      draft: unknown;
      draftKey: string;
    };
    expect(sent.draftKey).toMatch(/^[A-Za-z0-9-]{16,64}$/);
    expect(sent.draft).toEqual({
      issuerId: 1,
      clientId: 11,
      concepts: [
        {
          productId: 5,
          claveProdServ: '80131500',
          claveUnidad: 'E48',
          unidad: 'Servicio',
          descripcion: 'Cuota de mantenimiento',
          cantidad: '1',
          valorUnitarioCents: 150_000,
          objetoImp: '02',
          iva: 'tasa16',
        },
      ],
      metodoPago: 'PUE',
      formaPago: '03',
      moneda: 'MXN',
    });
  });

  it('fixes forma de pago 99 with PPD; out of stamps it links to solicitar-timbres and a retry sends the same key', async () => {
    const { stub } = openInvoicing(
      sessionFor('admin'),
      '/crear-factura',
      answers(() => json({ success: false, code: 'CONFLICT', message: 'Sin timbres.', reason: 'noStamps' }, 409)),
    );
    await fillDraft();
    fireEvent.change(screen.getByLabelText('Método de pago'), { target: { value: 'PPD' } });
    const forma = screen.getByLabelText(/^Forma de pago/) as HTMLSelectElement;
    await waitFor(() => expect(forma.value).toBe('99'));
    expect(forma.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Vista previa' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Timbrar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Ya no quedan timbres para este RFC.');
    expect(within(alert).getByRole('link', { name: 'Solicitar timbres' }).getAttribute('href')).toMatch(/solicitar-timbres$/);
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(stub.calls.filter((c) => c.path === '/api/--facturacion/facturas/timbrar')).toHaveLength(2));
    const [first, second] = stub.calls
      .filter((c) => c.path === '/api/--facturacion/facturas/timbrar')
      .map((c) => c.body as { draftKey: string; draft: { formaPago: string } });
    expect(second!.draftKey).toBe(first!.draftKey);
    expect(first!.draft.formaPago).toBe('99');
  });
});
