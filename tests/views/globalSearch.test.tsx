// The header's search box and the search page, the network stubbed at fetch: Enter opens the page with the
// text, short text searches nothing, results come as lists of links under a heading per kind, "Ver más" asks
// for the kind's next results, nothing found and a failure say so; on a phone the box opens from an icon.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GlobalSearchAnswer } from '../../src/api/globalSearch';
import { HeaderSearch } from '../../src/views/search/HeaderSearch';
import SearchPage from '../../src/views/search/SearchPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const FOUND: GlobalSearchAnswer = {
  success: true,
  q: 'jardin',
  groups: [
    {
      kind: 'posts',
      offset: 0,
      hasMore: true,
      items: [{ id: 5, title: 'Jardín vertical', snippet: 'Instalaremos un jardín…', path: '/comunicacion/ver-publicacion/5' }],
    },
    { kind: 'requests', offset: 0, hasMore: false, items: [] },
    {
      kind: 'residents',
      offset: 0,
      hasMore: false,
      items: [{ id: 3, title: 'Rosa Hernández Díaz', snippet: 'Torre A 101', path: '/configuracion?tab=residentes' }],
    },
  ],
};
const MORE: GlobalSearchAnswer = {
  success: true,
  q: 'jardin',
  groups: [
    {
      kind: 'posts',
      offset: 1,
      hasMore: false,
      items: [{ id: 6, title: 'Poda del jardín', snippet: 'Propongo…', path: '/comunicacion/ver-publicacion/6' }],
    },
  ],
};

describe('Búsqueda', { timeout: 20_000 }, () => {
  it('opens the search page from the header box with Enter, and not for one character', async () => {
    stubApi(sessionFor('resident'));
    const { location } = signedIn(<HeaderSearch isDesktop />, '/comunicacion');
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(screen.getByRole('search', { name: 'Buscar' })).toBeTruthy();
    fireEvent.change(box, { target: { value: 'j' } });
    fireEvent.submit(box);
    expect(location.history).toEqual(['/comunicacion']);
    fireEvent.change(box, { target: { value: 'jardín' } });
    fireEvent.submit(box);
    expect(location.history?.at(-1)).toBe('/search?q=jard%C3%ADn');
  });

  it('opens the box from an icon on a phone', async () => {
    stubApi(sessionFor('resident'));
    signedIn(<HeaderSearch isDesktop={false} />, '/comunicacion');
    const icon = screen.getByRole('button', { name: 'Abrir la búsqueda' });
    fireEvent.click(icon);
    await waitFor(() => expect(icon.getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toBeTruthy();
  });

  it('shows the results as links under a heading per kind, and more of a kind on Ver más', async () => {
    const api = stubApi(sessionFor('admin'), {
      '/api/--buscar': () => (api.calls.filter((c) => c.path === '/api/--buscar').length > 1 ? json(MORE) : json(FOUND)),
    });
    signedIn(<SearchPage />, '/search?q=jardin');
    expect(await screen.findByRole('heading', { name: 'Resultados para “jardin”' })).toBeTruthy();
    const posts = await screen.findByRole('region', { name: 'Publicaciones' });
    expect(within(posts).getByRole('link', { name: 'Jardín vertical' }).getAttribute('href')).toBe(
      '/comunicacion/ver-publicacion/5',
    );
    const residents = screen.getByRole('region', { name: 'Residentes' });
    expect(within(residents).getByRole('link', { name: 'Rosa Hernández Díaz' })).toBeTruthy();
    // A kind with nothing found is left out.
    expect(screen.queryByRole('region', { name: 'Solicitudes' })).toBeNull();
    fireEvent.click(within(posts).getByRole('button', { name: 'Ver más' }));
    expect(await within(posts).findByRole('link', { name: 'Poda del jardín' })).toBeTruthy();
    expect(within(posts).queryByRole('button', { name: 'Ver más' })).toBeNull();
    const searched = vi.mocked(fetch).mock.calls.map(([request]) => new URL((request as Request).url).search);
    expect(searched.filter((q) => q.startsWith('?q='))).toEqual(['?q=jardin', '?q=jardin&kind=posts&offset=1']);
  });

  it('says when nothing is found, when the text is too short, and when the search fails', async () => {
    stubApi(sessionFor('resident'), {
      '/api/--buscar': () => json({ ...FOUND, groups: FOUND.groups.map((g) => ({ ...g, items: [], hasMore: false })) }),
    });
    const first = signedIn(<SearchPage />, '/search?q=zzz');
    expect(await screen.findByText('No encontramos nada para “zzz”.')).toBeTruthy();
    first.unmount();

    stubApi(sessionFor('resident'));
    const second = signedIn(<SearchPage />, '/search?q=z');
    expect(await screen.findByText('Escribe al menos 2 caracteres.')).toBeTruthy();
    second.unmount();

    stubApi(sessionFor('resident'), { '/api/--buscar': () => json({ success: false, code: 'X', message: 'boom' }, 500) });
    signedIn(<SearchPage />, '/search?q=zzz');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No pudimos buscar. Intenta de nuevo.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
