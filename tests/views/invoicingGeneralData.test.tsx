// datos-generales over its machines: the call to set up the first issuer, the form checked in the browser (RFC,
// régimen for a persona moral) before it is sent, the issuers listed with their CSD and stamps, a CSD upload that
// the server finds to be a FIEL (said in words, the password not kept), the sub-navigation without 'Crear factura'
// in mode A, and the module closed to members without the invoicing permission.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { generalData, ISSUER, openInvoicing } from '../support/views/invoicingFixtures';

afterEach(() => vi.unstubAllGlobals());

describe('datos-generales', () => {
  it('calls to set up the first issuer, checks the form, and lists the saved issuer', async () => {
    const { stub } = openInvoicing(sessionFor('admin'), '/datos-generales', {
      '/api/--facturacion/datos-generales': () => generalData([]),
      '/api/--facturacion/emisor': () => json({ issuer: { ...ISSUER, csd: null, stampsAvailable: 0 } }),
    });
    expect(await screen.findByText('Aún no hay emisor')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Configurar emisor' }));
    const form = await screen.findByRole('form', { name: 'Agregar emisor' });
    fireEvent.change(within(form).getByLabelText(/^RFC/), { target: { value: 'cpa01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText(/Escribe un RFC válido/)).toBeTruthy();
    expect(stub.calls.some((c) => c.path === '/api/--facturacion/emisor')).toBe(false);

    fireEvent.change(within(form).getByLabelText(/^RFC/), { target: { value: 'cpa010101ab1' } });
    fireEvent.change(within(form).getByLabelText(/^Razón social/), { target: { value: 'CONDOMINIO LAS PALMAS' } });
    // A persona moral (12 characters) is offered only the régimenes of a persona moral.
    const regimen = within(form).getByLabelText(/^Régimen fiscal/) as HTMLSelectElement;
    const offered = [...regimen.options].map((o) => o.value);
    expect(offered).toContain('601');
    expect(offered).not.toContain('605');
    fireEvent.change(regimen, { target: { value: '601' } });
    fireEvent.change(within(form).getByLabelText(/^Lugar de expedición/), { target: { value: '06600' } });
    fireEvent.change(within(form).getByLabelText(/^Serie$/), { target: { value: 'A' } });
    fireEvent.change(within(form).getByLabelText(/^Siguiente folio/), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Emisor guardado.')).toBeTruthy();
    expect(stub.calls.find((c) => c.path === '/api/--facturacion/emisor')?.body).toEqual({
      rfc: 'CPA010101AB1',
      razonSocial: 'CONDOMINIO LAS PALMAS',
      regimenFiscal: '601',
      lugarExpedicion: '06600',
      serie: 'A',
      nextFolio: 12,
      modoInvoice: 'M',
    });
    const card = screen.getByRole('region', { name: 'CPA010101AB1' });
    expect(within(card).getByText('Sin CSD')).toBeTruthy();
  });

  it('lists an issuer with its CSD and stamps; a FIEL is refused in words and the password is not kept', async () => {
    const { stub, container } = openInvoicing(sessionFor('admin'), '/datos-generales', {
      '/api/--facturacion/datos-generales': () => generalData([ISSUER]),
      '/api/--facturacion/emisor/csd': () =>
        json({ success: false, code: 'BAD_REQUEST', message: 'Es una e.firma.', reason: 'isFiel' }, 400),
    });
    const card = await screen.findByRole('region', { name: 'CPA010101AB1' });
    expect(within(card).getByText('CONDOMINIO LAS PALMAS')).toBeTruthy();
    expect(within(card).getByText('Certificado 30001000000500003416')).toBeTruthy();
    expect(within(card).getByText('Vigente del 01/01/2025 al 01/01/2029')).toBeTruthy();
    expect(within(card).getByText('5 timbres disponibles')).toBeTruthy();
    expect(within(card).getByText('A / 12')).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Reemplazar CSD' }));
    const form = await screen.findByRole('form', { name: 'Subir el CSD de CPA010101AB1' });
    const [cer, key] = container.ownerDocument.querySelectorAll('input[type=file]') as unknown as HTMLInputElement[];
    fireEvent.change(cer!, { target: { files: [new File(['cer'], 'fiel.cer')] } });
    fireEvent.change(key!, { target: { files: [new File(['key'], 'fiel.key')] } });
    const password = within(form).getByLabelText(/^Contraseña de la llave/) as HTMLInputElement;
    expect(password.value).toBe('');
    const upload = within(form).getByRole('button', { name: 'Subir CSD' });
    expect(upload).toHaveProperty('disabled', true);
    fireEvent.change(password, { target: { value: '12345678a' } });
    await waitFor(() => expect(upload).toHaveProperty('disabled', false));
    fireEvent.click(upload);
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Ese certificado es una e.firma (FIEL), no un CSD.');
    expect(password.value).toBe('');
    expect(stub.calls.filter((c) => c.path === '/api/--facturacion/emisor/csd').map((c) => c.body)).toEqual([
      { issuerId: '1', version: '1', password: '12345678a', cer: 'fiel.cer', key: 'fiel.key' },
    ]);
  });

  it('leaves Crear factura out of the sub-navigation when every issuer is automatic', async () => {
    openInvoicing(sessionFor('admin'), '/datos-generales', {
      '/api/--facturacion/datos-generales': () => generalData([{ ...ISSUER, modoInvoice: 'A' }]),
    });
    await screen.findByRole('region', { name: 'CPA010101AB1' });
    const nav = screen.getByRole('navigation', { name: 'Secciones de facturación' });
    const links = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual([
      'Facturación electrónica',
      'Listado de CFDI',
      'Catálogo de clientes',
      'Datos generales',
      'Solicitar timbres',
    ]);
    expect(within(nav).getByRole('link', { name: 'Datos generales' }).getAttribute('aria-current')).toBe('page');
  });

  it('sends members without the invoicing permission where other closed pages do', async () => {
    const { location } = openInvoicing(sessionFor('board'), '/datos-generales', {});
    await waitFor(() => expect(location.history?.at(-1)).toBe('/condominio/comunicacion?sinPermiso=1'));
  });
});
