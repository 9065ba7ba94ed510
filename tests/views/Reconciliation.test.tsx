// Conciliación bancaria (issue 27) over its two machines, the network stubbed at fetch: a resident is sent away; the
// queue as cards on a phone with each pending deposit's suggestions, Aceptar posting one and the movement shown
// reconciled; a statement chosen, previewed (bank, deposits, the lines not read) and imported into its account.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ReconciliationPage from '../../src/views/reconciliation/ReconciliationPage';
import { json } from '../support/http';
import { ACCEPTED, IMPORTED, PENDING, PREVIEW, QUEUE_PAGE } from '../support/reconciliationFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const SCREEN = '/panel-financiero/conciliacion';
const MOVEMENTS = '/api/--conciliacion/movimientos';

function open(answers: Record<string, () => Response> = {}) {
  const api = stubApi(sessionFor('admin'), {
    [MOVEMENTS]: () => json({ success: true, ...QUEUE_PAGE }),
    ...answers,
  });
  signedIn(<ReconciliationPage />, SCREEN);
  return api;
}

describe('Conciliación bancaria', { timeout: 20_000 }, () => {
  it('sends a resident back to comunicación, asking nothing', async () => {
    const api = stubApi(sessionFor('resident'));
    const { location } = signedIn(<ReconciliationPage />, SCREEN);
    await waitFor(() => expect(location.history).toEqual(['/comunicacion']));
    expect(api.calls.some((c) => c.path.startsWith('/api/--conciliacion'))).toBe(false);
  });

  it('shows the queue as cards on a phone, and Aceptar posts a suggestion', async () => {
    useViewport('phone');
    const api = open({
      [`${MOVEMENTS}/${PENDING.id}/aceptar`]: () => json({ success: true, movement: ACCEPTED }),
    });
    expect(await screen.findByRole('heading', { name: 'Conciliación bancaria', level: 1 })).toBeTruthy();
    expect(await screen.findAllByText(/DEPOSITO EN EFECTIVO/)).not.toHaveLength(0);
    const accept = screen.getAllByRole('button', { name: 'Aceptar' })[0]!;
    fireEvent.click(accept);
    await waitFor(() => expect(api.calls.some((c) => c.path === `${MOVEMENTS}/${PENDING.id}/aceptar`)).toBe(true));
    expect(api.calls.find((c) => c.path.endsWith('/aceptar'))?.body).toEqual({ apartmentId: 101 });
    await waitFor(() => expect(screen.getAllByText('Conciliado').length).toBeGreaterThan(0));
  });

  it('previews a statement and imports it into the account chosen', async () => {
    const api = open({
      '/api/--conciliacion/vista-previa': () => json({ success: true, preview: PREVIEW }),
      '/api/--conciliacion/importar': () => json({ success: true, import: IMPORTED }, 201),
    });
    const input = (await screen.findByRole('button', { name: 'Elegir archivo (CSV, XLSX u OFX)' })).parentElement!.querySelector(
      'input[type=file]',
    ) as HTMLInputElement;
    const file = new File(['Día,Concepto / Referencia,cargo,Abono,Saldo\n'], 'bbva-octubre.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByText(/BBVA: 2 depósitos/)).toBeTruthy();
    expect(screen.getByText(/Línea 5:.*Fecha no válida/)).toBeTruthy();
    const account = screen.getByLabelText('Cuenta del estado de cuenta');
    fireEvent.change(account, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(await screen.findByText(/1 depósitos conciliados solos, 1 en revisión/)).toBeTruthy();
    const sent = api.calls.find((c) => c.path === '/api/--conciliacion/importar')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ nombre: 'bbva-octubre.csv', huella: PREVIEW.huella, cuentaId: 4 });
    expect(within(document.body).queryByRole('button', { name: 'Importar' })).toBeNull();
  });
});
