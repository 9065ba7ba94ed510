// Conciliación bancaria (issue 27) over its two machines, the network stubbed at fetch: a resident is sent away; the
// queue as cards on a phone with each pending deposit's suggestions, Aceptar posting one and the movement shown
// reconciled; a statement chosen, previewed (bank, deposits, the lines not read) and imported into its account;
// the example statement offered only where the server says; a withdrawal recorded as an expense with its rule;
// the saved column mappings renamed and deleted.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ReconciliationPage from '../../src/views/reconciliation/ReconciliationPage';
import { json } from '../support/http';
import {
  ACCEPTED,
  IMPORTED,
  MAPPING,
  MAPPING_2,
  PENDING,
  PREVIEW,
  QUEUE_PAGE,
  RECORDED,
  WITHDRAWAL,
} from '../support/reconciliationFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const SCREEN = '/panel-financiero/conciliacion';
const MOVEMENTS = '/api/--conciliacion/movimientos';
const IMPORTS = '/api/--conciliacion/importaciones';
const EXAMPLE = '/api/--conciliacion/estado-de-ejemplo';
const DOWNLOAD = 'Descargar un estado de cuenta de ejemplo';

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

  it('offers the example statement only where the server says there is one, and downloads it', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:example', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const api = open({
      [IMPORTS]: () => json({ success: true, items: [IMPORTED], total: 1, exampleStatement: true }),
      [EXAMPLE]: () =>
        new Response('Día,Concepto / Referencia,cargo,Abono,Saldo\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="bbva-las-palmas-2026-10.csv"' },
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: DOWNLOAD }));
    await waitFor(() => expect(saved).toEqual(['bbva-las-palmas-2026-10.csv']));
    expect(api.calls.filter((c) => c.path === EXAMPLE)).toHaveLength(1);
    expect(screen.getByText(/bbva-octubre\.csv · BBVA Cuenta operativa/)).toBeTruthy();
    click.mockRestore();
  });

  it('shows no example link where the server says there is none', async () => {
    const api = open({ [IMPORTS]: () => json({ success: true, items: [], total: 0, exampleStatement: false }) });
    await screen.findByRole('button', { name: 'Elegir archivo (CSV, XLSX u OFX)' });
    await waitFor(() => expect(api.calls.some((c) => c.path === IMPORTS)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: DOWNLOAD })).toBeNull();
    expect(api.calls.some((c) => c.path === EXAMPLE)).toBe(false);
  });

  it('records a withdrawal sin registrar as an expense of a category, saving its rule', async () => {
    const api = open({
      [`${MOVEMENTS}/${WITHDRAWAL.id}/registrar-gasto`]: () => json({ success: true, movement: RECORDED }),
    });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Registrar gasto' }))[0]!);
    const category = screen.getAllByLabelText('Categoría de gasto')[0]!;
    fireEvent.change(category, { target: { value: 'Comisiones bancarias' } });
    const rule = screen.getAllByRole('textbox', { name: 'Guardar regla: los retiros que contengan' })[0]!;
    fireEvent.change(rule, { target: { value: 'COMISION POR MANEJO' } });
    fireEvent.change(screen.getAllByLabelText('Fondo')[0]!, { target: { value: '2' } });
    const record = screen.getAllByRole('button', { name: 'Registrar gasto' }).find((b) => !b.hasAttribute('disabled'))!;
    fireEvent.click(record);
    await waitFor(() => expect(api.calls.some((c) => c.path.endsWith('/registrar-gasto'))).toBe(true));
    expect(api.calls.find((c) => c.path.endsWith('/registrar-gasto'))?.body).toEqual({
      category: 'Comisiones bancarias',
      fundId: 2,
      ruleText: 'COMISION POR MANEJO',
    });
    expect((await screen.findAllByText(/Gasto: Comisiones bancarias/)).length).toBeGreaterThan(0);
  });

  it('renames and deletes a saved column mapping', async () => {
    const api = open({
      '/api/--conciliacion/mapeos': () => json({ success: true, items: [MAPPING, MAPPING_2] }),
      [`/api/--conciliacion/mapeos/${MAPPING.id}/renombrar`]: () =>
        json({ success: true, mapping: { ...MAPPING, name: 'Banco del Bajío' } }),
      [`/api/--conciliacion/mapeos/${MAPPING_2.id}/borrar`]: () => json({ success: true }),
    });
    const first = await screen.findByRole('group', { name: MAPPING.name });
    fireEvent.click(within(first).getByRole('button', { name: 'Renombrar' }));
    const name = within(first).getByLabelText('Nuevo nombre');
    fireEvent.change(name, { target: { value: MAPPING_2.name } });
    expect(within(first).getByRole('button', { name: 'Guardar' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(name, { target: { value: 'Banco del Bajío' } });
    fireEvent.click(within(first).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('group', { name: 'Banco del Bajío' })).toBeTruthy();
    expect(api.calls.find((c) => c.path.endsWith('/renombrar'))?.body).toEqual({ name: 'Banco del Bajío' });
    fireEvent.click(within(screen.getByRole('group', { name: MAPPING_2.name })).getByRole('button', { name: 'Borrar' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: MAPPING_2.name })).toBeNull());
    expect(api.calls.some((c) => c.path === `/api/--conciliacion/mapeos/${MAPPING_2.id}/borrar`)).toBe(true);
  });
});
