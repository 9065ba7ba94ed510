// listado-cfdis over cfdiReportMachine: the totals by type and a page of CFDI, the filters sent together, the
// empty report's words, a CFDI's detail with its concepts and UUID, a payment over the balance refused in the form
// (nothing sent), then recorded with a bank account from the finance API, and a cancellation with reason 01 that
// asks for the replacing UUID. The network is stubbed at fetch, the edge of this test.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CfdiList, GlobalInvoiceDraft } from '../../src/api/invoicing';
import { CfdiReportPage } from '../../src/views/invoicing/report/CfdiReportPage';
import { BANK, CANCELLED, COMPLEMENT, GLOBAL, ISSUER, PAGE, PPD_INVOICE, PRODUCT } from '../models/cfdiReportMachine.model';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  useViewport('desktop');
});

const PATH = '/condominio/control-gerencial/modulos-adicionales/factura-comunidad/listado-cfdis';

function api(list: CfdiList = PAGE, overrides: Record<string, () => Response> = {}) {
  return stubApi(sessionFor('admin'), {
    '/api/--facturacion/facturas': () => json(list),
    '/api/--facturacion/clientes': () => json({ clients: [], total: 0 }),
    '/api/--facturacion/facturas/7': () => json(PPD_INVOICE),
    '/api/--financiero/bancos-list': () => json({ success: true, data: [BANK] }),
    '/api/--facturacion/facturas/7/pago': () => json({ cfdi: COMPLEMENT, stampsAvailable: 2 }),
    '/api/--facturacion/facturas/7/cancelar': () => json(CANCELLED),
    ...overrides,
  });
}

describe('CfdiReportPage', () => {
  it('shows the totals by type and the rows; filters are sent together', async () => {
    const stub = api();
    signedIn(<CfdiReportPage />, PATH);
    expect(await screen.findByText('ANA GÓMEZ MÉNDEZ')).toBeTruthy();
    expect(screen.getAllByText('$45,000.00').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'I' } });
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'vigente' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await waitFor(() => expect(stub.calls.filter((c) => c.path === '/api/--facturacion/facturas').length).toBe(2));
  });

  it('shows cards on a phone and stamps a global invoice to público en general', async () => {
    useViewport('phone');
    const stub = api(PAGE, {
      '/api/--facturacion/datos-generales': () =>
        json({ success: true, data: [{ enterprise: ISSUER, resultTimbres: { disponibles: 3 } }] }),
      '/api/--facturacion/productos': () => json({ products: [PRODUCT] }),
      '/api/--facturacion/facturas/global': () => json({ cfdi: GLOBAL, stampsAvailable: 2 }),
    });
    signedIn(<CfdiReportPage />, PATH);
    expect(await screen.findByRole('article', { name: 'A-12' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Factura global' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factura global a público en general' });
    fireEvent.change(await within(dialog).findByLabelText(/Importe del periodo/), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Timbrar' }));
    expect(await within(dialog).findByText(new RegExp(GLOBAL.uuid))).toBeTruthy();
    const sent = stub.calls.find((c) => c.path.endsWith('/facturas/global'))?.body as GlobalInvoiceDraft;
    expect(sent).toMatchObject({ issuerId: 1, periodicidad: '04', formaPago: '01' });
    expect(sent.concepts[0]).toMatchObject({
      claveProdServ: '01010101',
      claveUnidad: 'ACT',
      valorUnitarioCents: 50_000,
      iva: 'exento',
    });
  });

  it('says there is no CFDI yet', async () => {
    api({ items: [], total: 0, sums: [] });
    signedIn(<CfdiReportPage />, PATH);
    expect(await screen.findByText('No hay CFDI todavía.')).toBeTruthy();
  });

  it('records a payment of a PPD invoice: over the balance refused in the form, then its complement stamped', async () => {
    const stub = api();
    signedIn(<CfdiReportPage />, PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver el detalle de A-12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle del CFDI' });
    expect(await within(dialog).findByText('Cuota de mantenimiento noviembre')).toBeTruthy();
    expect(within(dialog).getByText(PPD_INVOICE.uuid)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar pago' }));
    const amount = await within(dialog).findByLabelText(/Monto/);
    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar pago y timbrar complemento' }));
    expect(await within(dialog).findByText(/no exceder el saldo/)).toBeTruthy();
    expect(stub.calls.some((c) => c.path.endsWith('/pago'))).toBe(false);
    fireEvent.change(amount, { target: { value: '1500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar pago y timbrar complemento' }));
    expect(await within(dialog).findByText(new RegExp(COMPLEMENT.uuid))).toBeTruthy();
    const paid = stub.calls.find((c) => c.path.endsWith('/pago'));
    expect(paid?.body).toMatchObject({ version: 1, formaPago: '03', amountCents: 150_000, accountId: BANK.id });
  });

  it('cancels with reason 01 only with the replacing UUID', async () => {
    const stub = api();
    signedIn(<CfdiReportPage />, PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Ver el detalle de A-12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle del CFDI' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Cancelar CFDI' }));
    fireEvent.change(within(dialog).getByLabelText('Motivo de cancelación (SAT)'), { target: { value: '01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar cancelación' }));
    expect(await within(dialog).findByText(/Escribe el UUID completo/)).toBeTruthy();
    const replacement = '11111111-2222-4333-8444-555555555555';
    fireEvent.change(within(dialog).getByLabelText(/UUID del CFDI que lo sustituye/), { target: { value: replacement } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar cancelación' }));
    expect(await within(dialog).findByText('CFDI cancelado.')).toBeTruthy();
    const cancel = stub.calls.find((c) => c.path.endsWith('/cancelar'));
    expect(cancel?.body).toEqual({ version: 1, reason: '01', replacementUuid: replacement });
  });
});
