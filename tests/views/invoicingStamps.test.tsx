// solicitar-timbres over stampRequestMachine: the stamps available per RFC, the ledger's movements, a package
// requested with a note (sent as the contract's draft), then the ledger read again; a refusal in its words.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestStampsPage } from '../../src/views/invoicing/stamps/RequestStampsPage';
import { LEDGER } from '../models/stampRequestMachine.model';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const PATH = '/condominio/control-gerencial/modulos-adicionales/factura-comunidad/solicitar-timbres';

describe('RequestStampsPage', () => {
  it('shows the balance and movements, and requests a package with a note', async () => {
    const request = {
      id: 1,
      rfc: 'RPA010101AB1',
      quantity: 250,
      at: '2026-11-05T10:00:00.000Z',
      requestedBy: 'Admin',
      creditedAt: null,
    };
    const stub = stubApi(sessionFor('admin'), {
      '/api/--facturacion/timbres': () => json(LEDGER),
      '/api/--facturacion/timbres/solicitar': () => json({ request }),
    });
    signedIn(<RequestStampsPage />, PATH);
    expect(await screen.findByText('3')).toBeTruthy();
    expect(screen.getByText('+10')).toBeTruthy();
    expect(screen.getByText('Sin solicitudes todavía.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Paquete'), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText('Nota (opcional)'), { target: { value: 'Para diciembre' } });
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar' }));
    expect(await screen.findByText(/Solicitud enviada/)).toBeTruthy();
    expect(stub.calls.find((c) => c.path.endsWith('/timbres/solicitar'))?.body).toEqual({
      issuerId: 1,
      quantity: 250,
      note: 'Para diciembre',
    });
    await waitFor(() => expect(stub.calls.filter((c) => c.path === '/api/--facturacion/timbres').length).toBe(2));
  });

  it('shows each request with its number, pending or credited by the provider', async () => {
    const asked = { rfc: 'RPA010101AB1', at: '2026-11-05T10:00:00.000Z', requestedBy: 'Admin' };
    stubApi(sessionFor('admin'), {
      '/api/--facturacion/timbres': () =>
        json({
          ...LEDGER,
          requests: [
            { ...asked, id: 7, quantity: 100, creditedAt: null },
            { ...asked, id: 4, quantity: 50, creditedAt: '2026-11-06T10:00:00.000Z' },
          ],
        }),
    });
    signedIn(<RequestStampsPage />, PATH);
    const pending = (await screen.findByText(/Solicitud n\.º 7/)).closest('.mantine-Card-root') as HTMLElement;
    const credited = screen.getByText(/Solicitud n\.º 4/).closest('.mantine-Card-root') as HTMLElement;
    expect(pending.textContent).toContain('100 timbres');
    expect(pending.textContent).toContain('Pendiente de acreditar');
    expect(credited.textContent).toContain('50 timbres');
    expect(credited.textContent).toContain('Acreditada');
    expect(credited.textContent).not.toContain('Pendiente');
  });

  it('says why a request was refused', async () => {
    stubApi(sessionFor('admin'), {
      '/api/--facturacion/timbres': () => json(LEDGER),
      '/api/--facturacion/timbres/solicitar': () =>
        json({ success: false, code: 'BAD_REQUEST', message: 'El emisor no existe.' }, 400),
    });
    signedIn(<RequestStampsPage />, PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar' }));
    expect(await screen.findByText('El emisor no existe.')).toBeTruthy();
  });
});
