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
/** Intl's no-break spaces as plain ones. */
const spaced = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

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
    expect(first.getByText('Nombre:', { exact: false })).toBeTruthy();
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

  it('writes each kind of value in words, in Spanish and in English', async () => {
    const kinds: HistoryAnswer = {
      ...PAGE,
      total: 1,
      items: [
        {
          ...PAGE.items[0]!,
          entity: 'cfdi',
          action: 'timbrar',
          label: null,
          changes: [
            { field: 'uuid', before: null, after: 'AAAA-1111' },
            { field: 'total', before: null, after: '4590000' },
            { field: 'paidOn', before: null, after: '2026-03-05' },
            { field: 'due', before: null, after: '2026-12-27T14:00:00.000Z' },
            { field: 'enabled', before: 'false', after: 'true' },
            { field: 'percentBp', before: null, after: '150' },
            { field: 'secretKey', before: null, after: '***' },
            { field: 'csd', before: null, after: '{"noCertificado":"00001","validTo":"2030-01-01T00:00:00.000Z"}' },
          ],
        },
      ],
    };
    useViewport('desktop');
    stubApi(sessionFor('admin'), { '/api/--historial': () => json(kinds) });
    const view = signedIn(<HistoryPage />, '/historial');
    const table = await screen.findByRole('table', { name: 'Historial' });
    const row = within(within(table).getAllByRole('row')[1]!);
    expect(row.getByText('Factura (CFDI)')).toBeTruthy();
    expect(row.getByText('Timbró')).toBeTruthy();
    const text = row.getAllByRole('listitem').map((li) => spaced(li.textContent));
    expect(text).toEqual([
      'Folio fiscal (UUID): (vacío) → AAAA-1111',
      'Total: (vacío) → $45,900.00',
      'Fecha de pago: (vacío) → 5 mar 2026',
      'Vence: (vacío) → 27 dic 2026, 8:00 a.m.',
      'Activado: No → Sí',
      'Porcentaje: (vacío) → 1.5%',
      'Llave secreta: (vacío) → (oculto)',
      'Certificado de sello digital (CSD): (vacío) → Número de certificado: 00001, Válido hasta: 31 dic 2029, 6:00 p.m.',
    ]);
    view.unmount();

    signedIn(<HistoryPage />, '/historial', 'en');
    const english = await screen.findByRole('table', { name: 'History' });
    const items = within(within(english).getAllByRole('row')[1]!)
      .getAllByRole('listitem')
      .map((li) => spaced(li.textContent));
    expect(items).toEqual([
      'Tax folio (UUID): (empty) → AAAA-1111',
      'Total: (empty) → $45,900.00',
      'Payment date: (empty) → Mar 5, 2026',
      'Due: (empty) → Dec 27, 2026, 8:00 AM',
      'Enabled: No → Yes',
      'Percentage: (empty) → 1.5%',
      'Secret key: (empty) → (hidden)',
      'Digital seal certificate (CSD): (empty) → Certificate number: 00001, Valid until: Dec 31, 2029, 6:00 PM',
    ]);
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
