// The movement log over its machine, the network stubbed at fetch: a table on a desktop with times in the
// condominium's zone and a conflict badge, cards on a phone, the filters and pages it asks the server for,
// the text search once the typing stops, the CSV export of the filtered set, the PDF beside it (and the
// server's refusal of one too large, in its words), 'Mis visitas' for a resident,
// and the redirect for those who may read neither.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MovementLogPage from '../../src/views/gate/MovementLogPage';
import { MOVEMENT_PAGE, OWN_MOVEMENTS } from '../support/gateFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const LIST = '/api/--bitacora/movimientos';
const EXPORT = '/api/--bitacora/movimientos/export';
const PDF = '/api/--bitacora/movimientos/pdf';
const SLOW = { timeout: 5000 };
const searches = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([request]) => new URL((request as Request).url))
    .filter((url) => url.pathname === LIST)
    .map((url) => url.search);

describe('Bitácora de movimientos', { timeout: 30_000 }, () => {
  it('shows the log as a table on a desktop: local times, kinds, reasons and a conflict badge', async () => {
    useViewport('desktop');
    stubApi(sessionFor('admin'), { [LIST]: () => json(MOVEMENT_PAGE) });
    signedIn(<MovementLogPage />, '/bitacora-movimientos');
    const table = await screen.findByRole('table', { name: 'Bitácora de movimientos' }, SLOW);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const exit = within(rows[1]!);
    expect(exit.getByText('Salida')).toBeTruthy();
    // 20:00 UTC is 14:00 in Mexico City.
    expect(exit.getByText(/2 jun 2025, 2:00/)).toBeTruthy();
    expect(exit.getByText('Pedro Guardia · Tablet caseta')).toBeTruthy();
    expect(within(rows[2]!).getByText(/Conflicto/)).toBeTruthy();
    expect(within(rows[2]!).getByText(/pase revocado al sincronizar/)).toBeTruthy();
    expect(within(rows[1]!).queryByText(/Conflicto/)).toBeNull();
    expect(within(rows[3]!).getByText('Rechazo · Antes de su horario')).toBeTruthy();
    expect(screen.getByText('1–3 de 30')).toBeTruthy();
    expect(document.title).toBe('Residencial Las Palmas > Bitácora de movimientos | Comunidad');
  });

  it('shows cards on a phone', async () => {
    useViewport('phone');
    stubApi(sessionFor('guard'), { [LIST]: () => json(MOVEMENT_PAGE) });
    signedIn(<MovementLogPage />, '/bitacora-movimientos');
    const list = await screen.findByRole('list', { name: 'Bitácora de movimientos' }, SLOW);
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks the server with the filters, the search once typing stops, and the next page', async () => {
    useViewport('desktop');
    stubApi(sessionFor('admin'), { [LIST]: () => json(MOVEMENT_PAGE) });
    signedIn(<MovementLogPage />, '/bitacora-movimientos');
    await screen.findByRole('table', { name: 'Bitácora de movimientos' }, SLOW);
    fireEvent.change(screen.getByRole('combobox', { name: 'Movimiento' }), { target: { value: 'exit' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguientes' })).toHaveProperty('disabled', false));
    fireEvent.change(screen.getByRole('combobox', { name: 'Vivienda' }), { target: { value: '7' } });
    await waitFor(() => expect(searches()).toHaveLength(3));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: 'Laura' } });
    await waitFor(() => expect(searches()).toHaveLength(4), SLOW);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguientes' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Siguientes' }));
    await waitFor(() => expect(searches()).toHaveLength(5));
    expect(searches()).toEqual([
      '?limit=25&offset=0',
      '?tipo=exit&limit=25&offset=0',
      '?tipo=exit&vivienda=7&limit=25&offset=0',
      '?tipo=exit&vivienda=7&q=Laura&limit=25&offset=0',
      '?tipo=exit&vivienda=7&q=Laura&limit=25&offset=25',
    ]);
  });

  it('titles a resident’s own visits Mis visitas', async () => {
    useViewport('desktop');
    const resident = sessionFor('resident', { usuario: { apartments: [{ AptId: 7, AptName: '101', TorreName: 'Torre A' }] } });
    stubApi(resident, { [LIST]: () => json(OWN_MOVEMENTS) });
    signedIn(<MovementLogPage />, '/bitacora-movimientos');
    expect(await screen.findByRole('heading', { name: 'Mis visitas' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Mis visitas' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Guardia' })).toBeNull();
  });

  it('says why the log did not load, and tries again', async () => {
    useViewport('desktop');
    let calls = 0;
    stubApi(sessionFor('admin'), {
      [LIST]: () => {
        calls++;
        return calls === 1
          ? json({ success: false, code: 'INTERNAL', message: 'La bitácora no respondió.' }, 503)
          : json(MOVEMENT_PAGE);
      },
    });
    signedIn(<MovementLogPage />, '/bitacora-movimientos');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('La bitácora no respondió.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('table', { name: 'Bitácora de movimientos' }, SLOW)).toBeTruthy();
  });

  it('sends away a member with no dwelling who does not keep the gate', async () => {
    const api = stubApi(sessionFor('employee'));
    const { location } = signedIn(<MovementLogPage />, '/bitacora-movimientos');
    await waitFor(() => expect(location.history).toEqual(['/comunicacion']));
    expect(api.calls.some((c) => c.path.startsWith('/api/--bitacora'))).toBe(false);
  });
  it('asks for the PDF of the filtered set, and says why the server refused it', async () => {
    useViewport('desktop');
    const tooMany =
      'Estos filtros encuentran más de 5,000 movimientos, lo más que cabe en un PDF. Acota las fechas u otro filtro, o exporta el CSV.';
    const api = stubApi(sessionFor('admin'), {
      [LIST]: () => json(MOVEMENT_PAGE),
      [PDF]: () =>
        json({ success: false, code: 'BAD_REQUEST', message: tooMany, field: 'desde', messageId: 'gate.pdfTooMany' }, 400),
    });
    signedIn(<MovementLogPage />, '/bitacora-movimientos');
    await screen.findByRole('table', { name: 'Bitácora de movimientos' }, SLOW);
    fireEvent.change(screen.getByRole('combobox', { name: 'Movimiento' }), { target: { value: 'entry' } });
    await waitFor(() => expect(searches()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar PDF' }));
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByText('No pudimos exportar el PDF')).toBeTruthy();
    expect(within(alert).getByText(tooMany)).toBeTruthy();
    const asked = api.calls.filter((c) => c.path === PDF);
    expect(asked).toHaveLength(1);
    expect(
      vi
        .mocked(fetch)
        .mock.calls.map(([request]) => new URL((request as Request).url))
        .filter((url) => url.pathname === PDF)
        .map((url) => url.search),
    ).toEqual(['?tipo=entry']);
    // Both exports are offered again.
    expect(screen.getByRole('button', { name: 'Exportar PDF' })).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Exportar CSV' })).toHaveProperty('disabled', false);
  });

  // Last: saving the file follows a blob: link, which the page under test does not come back from.
  it('exports the filtered set as CSV', async () => {
    useViewport('desktop');
    const created = vi.fn(() => 'blob:csv');
    URL.createObjectURL = created;
    URL.revokeObjectURL = vi.fn();
    const api = stubApi(sessionFor('admin'), {
      [LIST]: () => json(MOVEMENT_PAGE),
      [EXPORT]: () => new Response('\ufeffFecha,Movimiento\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    signedIn(<MovementLogPage />, '/bitacora-movimientos');
    await screen.findByRole('table', { name: 'Bitácora de movimientos' }, SLOW);
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2025-06-01' } });
    await waitFor(() => expect(searches()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Se descargó el CSV.', {}, SLOW)).toBeTruthy();
    const asked = vi
      .mocked(fetch)
      .mock.calls.map(([request]) => new URL((request as Request).url))
      .filter((url) => url.pathname === EXPORT)
      .map((url) => url.search);
    expect(asked).toEqual(['?desde=2025-06-01']);
    expect(created).toHaveBeenCalledTimes(1);
    expect(api.calls.filter((c) => c.path === EXPORT)).toHaveLength(1);
  });
});
