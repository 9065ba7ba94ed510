// The history page over its machine, the network stubbed at fetch: the table on a desktop and cards on a
// phone, labels for known kinds and actions and the raw text for unknown ones, "Sistema" for the system, a
// long value cut with a way to read it whole, the filters and paging it asks the server for, the CSV export,
// and the redirect for those who may not read it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryAnswer } from '../../src/api/history';
import HistoryPage from '../../src/views/history/HistoryPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const LONG = `Texto ${'largo '.repeat(40)}fin`;

const PAGE: HistoryAnswer = {
  success: true,
  total: 30,
  timeZone: 'America/Mexico_City',
  people: [{ id: 1, name: 'Ana Martínez Ruiz' }],
  entities: ['section', 'ticket_category', 'zz_new_thing'],
  items: [
    {
      id: 3,
      at: '2026-06-12T18:00:00.000Z',
      actorId: 1,
      actorName: 'Ana Martínez Ruiz',
      entity: 'ticket_category',
      entityId: 4,
      label: 'Mantenimiento',
      action: 'update',
      changes: [
        { field: 'name', before: 'Mant.', after: 'Mantenimiento' },
        { field: 'nota', before: null, after: LONG },
        { field: 'starts_at', before: '2026-12-27T14:00:00.000Z', after: 'texto' },
      ],
    },
    {
      id: 2,
      at: '2026-06-11T18:00:00.000Z',
      actorId: null,
      actorName: null,
      entity: 'zz_new_thing',
      entityId: 9,
      label: null,
      action: 'zz_explode',
      changes: [],
    },
  ],
};

const history = () => json(PAGE);

describe('Historial', { timeout: 20_000 }, () => {
  it('sends a resident back to comunicación, asking nothing', async () => {
    const api = stubApi(sessionFor('resident'));
    const { location } = signedIn(<HistoryPage />, '/historial');
    await waitFor(() => expect(location.history).toEqual(['/comunicacion']));
    expect(api.calls.some((c) => c.path.startsWith('/api/--historial'))).toBe(false);
  });

  it('shows the log as a table on a desktop: labels, Sistema, unknown names as written, long values cut', async () => {
    useViewport('desktop');
    stubApi(sessionFor('admin'), { '/api/--historial': history });
    signedIn(<HistoryPage />, '/historial');
    const table = await screen.findByRole('table', { name: 'Historial' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByText('Ana Martínez Ruiz')).toBeTruthy();
    expect(first.getByText('Categoría de solicitudes')).toBeTruthy();
    expect(first.getByText('Modificó')).toBeTruthy();
    expect(first.getByText('Mantenimiento (#4)')).toBeTruthy();
    expect(first.getByText('name:', { exact: false })).toBeTruthy();
    expect(first.queryByText(LONG)).toBeNull();
    fireEvent.click(first.getByRole('button', { name: 'Ver todo' }));
    expect(first.getByText(LONG)).toBeTruthy();
    // A stored instant reads as the condominium's local date and time (14:00 UTC is 8:00 in Mexico City).
    expect(first.queryByText('2026-12-27T14:00:00.000Z')).toBeNull();
    expect(first.getByText(/27 dic 2026, 8:00/)).toBeTruthy();
    const second = within(rows[2]!);
    expect(second.getByText('Sistema')).toBeTruthy();
    expect(second.getByText('zz_new_thing')).toBeTruthy();
    expect(second.getByText('zz_explode')).toBeTruthy();
    expect(second.getByText('Sin detalle')).toBeTruthy();
    expect(screen.getByText('1–2 de 30')).toBeTruthy();
    expect(document.title).toBe('Residencial Las Palmas > Historial | Comunidad');
  });

  it('shows cards on a phone', async () => {
    useViewport('phone');
    stubApi(sessionFor('board'), { '/api/--historial': history });
    signedIn(<HistoryPage />, '/historial');
    const list = await screen.findByRole('list', { name: 'Historial' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .filter((li) => li.parentElement === list),
    ).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('asks the server with the filters and the next page', async () => {
    useViewport('desktop');
    const api = stubApi(sessionFor('admin'), { '/api/--historial': history });
    signedIn(<HistoryPage />, '/historial');
    await screen.findByRole('table', { name: 'Historial' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Tipo' }), { target: { value: 'section' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguientes' })).toHaveProperty('disabled', false));
    fireEvent.change(screen.getByRole('combobox', { name: 'Persona' }), { target: { value: '0' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Siguientes' })).toHaveProperty('disabled', false));
    fireEvent.click(screen.getByRole('button', { name: 'Siguientes' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/--historial')).toHaveLength(4));
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveProperty('value', 'section');
    const fetched = vi.mocked(fetch).mock.calls.map(([request]) => new URL((request as Request).url).search);
    expect(fetched.filter((q) => q.includes('limit'))).toEqual([
      '?limit=25&offset=0',
      '?entity=section&limit=25&offset=0',
      '?entity=section&actor=0&limit=25&offset=0',
      '?entity=section&actor=0&limit=25&offset=25',
    ]);
  });

  it('exports the filtered set and says so', async () => {
    useViewport('desktop');
    URL.createObjectURL = vi.fn(() => 'blob:history');
    URL.revokeObjectURL = vi.fn();
    const api = stubApi(sessionFor('admin'), {
      '/api/--historial': history,
      '/api/--historial/export': () => new Response('\ufeffFecha\r\n', { headers: { 'content-type': 'text/csv' } }),
    });
    signedIn(<HistoryPage />, '/historial');
    await screen.findByRole('table', { name: 'Historial' });
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Se descargó el CSV.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/--historial/export')).toBe(true);
  });
});
