// The welcome timeline renders its machine: a sentence per kind (an unknown kind shows its subject), dates
// in Spanish, "load more" until the total, the empty state, and a failure with retry. The network is
// stubbed at fetch, the edge of this test.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMELINE_PAGE_SIZE, type TimelineItem } from '../../src/api/timeline';
import WelcomePage from '../../src/views/timeline/WelcomePage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const item = (id: number, extra: Partial<TimelineItem> = {}): TimelineItem => ({
  id,
  kind: 'member.joined',
  subject: `Vecino ${id}`,
  detail: null,
  actorName: null,
  at: '2026-11-21T16:30:00.000Z',
  ...extra,
});

const TIMELINE = '/api/--comunicacion/timeline';

describe('WelcomePage', () => {
  it('words each kind, dates in Spanish, and pages until the total', async () => {
    const history = [
      item(30, { kind: 'section.created', subject: 'Comité de jardinería', actorName: 'Ana Martínez Ruiz' }),
      item(29, { kind: 'reservation.made', subject: 'Palapa del jardín' }),
      ...Array.from({ length: 23 }, (_, i) => item(28 - i, { detail: 'Torre A - 101' })),
    ];
    const requested: string[] = [];
    stubApi(sessionFor('board'), {
      [TIMELINE]: () => {
        const [offset, limit] = [pageQuery.get('offset'), pageQuery.get('limit')].map(Number) as [number, number];
        return json({ success: true, items: history.slice(offset, offset + limit), total: history.length });
      },
    });
    // stubApi answers by path; the page asked for is in the query, which the spy below records.
    let pageQuery = new URLSearchParams();
    const answer = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        if (url.pathname === TIMELINE) {
          pageQuery = url.searchParams;
          requested.push(url.search);
        }
        return answer(request);
      }),
    );
    signedIn(<WelcomePage />, '/welcome');
    expect(screen.getByRole('heading', { name: 'Bienvenido - Linea del tiempo' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Bienvenido - Linea del tiempo' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items()).toHaveLength(TIMELINE_PAGE_SIZE);
    expect(items()[0]?.textContent).toContain('Se creó la sección «Comité de jardinería».');
    expect(items()[0]?.textContent).toContain('21 de noviembre de 2026, 10:30 · por Ana Martínez Ruiz');
    // A kind this client does not know yet: the subject alone.
    expect(items()[1]?.textContent).toMatch(/^Palapa del jardín21 de noviembre/);
    expect(items()[2]?.textContent).toContain('Vecino 28 se unió a la comunidad.Torre A - 101');
    expect(screen.getByText('Mostrando 20 de 25')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(items()).toHaveLength(25));
    expect(screen.getByText('Mostrando 25 de 25')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(requested).toEqual(['?limit=20&offset=0', '?limit=20&offset=20']);
  });

  it('says so when nothing happened yet', async () => {
    stubApi(sessionFor('board'), { [TIMELINE]: () => json({ success: true, items: [], total: 0 }) });
    signedIn(<WelcomePage />, '/welcome');
    expect(await screen.findByText('Todavía no hay actividad')).toBeTruthy();
  });

  it('shows a failure and tries again', async () => {
    let attempts = 0;
    stubApi(sessionFor('board'), {
      [TIMELINE]: () => {
        attempts++;
        return attempts === 1
          ? json({ success: false, code: 'INTERNAL', message: 'Ocurrió un error inesperado.' }, 500)
          : json({ success: true, items: [item(1)], total: 1 });
      },
    });
    signedIn(<WelcomePage />, '/welcome');
    expect(await screen.findByText('No pudimos cargar la línea del tiempo')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Vecino 1 se unió a la comunidad.')).toBeTruthy();
  });
});
