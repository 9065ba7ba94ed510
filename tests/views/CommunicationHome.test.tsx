// The communication home and the blogs summary: every section on the home is a link to where it opens,
// and an administrator reading the summary is told in words which sections are inactive. The network is
// stubbed at fetch, the edge of this test.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostSection } from '../../src/api/posts';
import { HomeCountsProvider } from '../../src/views/common/homeCounts';
import BlogsSummaryPage from '../../src/views/communication/BlogsPage';
import { CommunicationHome } from '../../src/views/communication/CommunicationHome';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

/** The home as the shell holds it: inside the counts' provider. */
const withCounts = (
  <HomeCountsProvider enabled>
    <CommunicationHome />
  </HomeCountsProvider>
);

describe('CommunicationHome', () => {
  const counts = {
    success: true,
    sections: [
      { SectId: 1, abiertas: 0, noLeidos: 0, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 2 },
      { SectId: 2, abiertas: 3, noLeidos: 0, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 0 },
      { SectId: 3, abiertas: 0, noLeidos: 0, porContestar: 0, reservaciones: 2, proximos: 0, nuevas: 0 },
      { SectId: 4, abiertas: 0, noLeidos: 0, porContestar: 2, reservaciones: 0, proximos: 0, nuevas: 0 },
      { SectId: 5, abiertas: 0, noLeidos: 1, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 0 },
      { SectId: 6, abiertas: 0, noLeidos: 0, porContestar: 0, reservaciones: 0, proximos: 1, nuevas: 4 },
      { SectId: 7, abiertas: 0, noLeidos: 0, porContestar: 0, reservaciones: 0, proximos: 0, nuevas: 0 },
    ],
  };

  it('lists the menu’s sections, each linking to the screen of its code, with what waits there', async () => {
    stubApi(sessionFor('board'), { '/api/--comunicacion/home-summary': () => json(counts) });
    const { location } = signedIn(withCounts, '/comunicacion');
    const list = await screen.findByRole('list', { name: 'Secciones de tu condominio' });
    const links = within(list).getAllByRole('link');
    // Every code has its screen now (reservations and the calendar since issue 15).
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Avisos de la administración', '/comunicacion/seccion/1'],
      ['Solicitudes a la administración', '/comunicacion/tickets-administrador/2'],
      ['Reservación de áreas comunes', '/comunicacion/instalaciones'],
      ['Encuestas y votaciones', '/comunicacion/encuestas'],
      ['Comunicación entre vecinos', '/comunicacion/comunicacion-interpersonal/5'],
      ['Calendario de eventos', '/comunicacion/calendario-eventos'],
      ['Asuntos del consejo', '/comunicacion/seccion/7'],
    ]);
    const rows = within(list).getAllByRole('listitem');
    expect(await within(rows[0]!).findByText('2 publicaciones nuevas')).toBeTruthy();
    expect(within(rows[1]!).getByText('3 solicitudes abiertas')).toBeTruthy();
    // A board member (not an administrator): their dwelling's upcoming reservations.
    expect(within(rows[2]!).getByText('2 reservaciones próximas')).toBeTruthy();
    expect(within(rows[3]!).getByText('2 votaciones por contestar')).toBeTruthy();
    // The calendar counts its events of the week, not posts.
    expect(within(rows[5]!).getByText('1 evento esta semana')).toBeTruthy();
    expect(within(rows[4]!).getByText('1 mensaje sin leer')).toBeTruthy();
    expect(within(rows[6]!).getByText('Nada pendiente')).toBeTruthy();
    fireEvent.click(links[1]!);
    expect(location.history.at(-1)).toBe('/comunicacion/tickets-administrador/2');
  });

  it('keeps the sections when the counts fail, and says so with a retry', async () => {
    let fail = true;
    stubApi(sessionFor('resident'), {
      '/api/--comunicacion/home-summary': () =>
        fail ? json({ success: false, code: 'INTERNAL', message: 'x' }, 500) : json(counts),
    });
    signedIn(withCounts, '/comunicacion');
    expect(await screen.findByText('No pudimos cargar los pendientes.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Avisos de la administración' })).toHaveLength(1);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('2 publicaciones nuevas')).toBeTruthy();
  });
});

const summarySection = (SectId: number, SectName: string, SectStatus: 'A' | 'I'): PostSection => ({
  SectId,
  SectName,
  SectCode: '',
  SectPosting: 'A',
  CommentsDisplay: 'Y',
  VistaxTorre: 0,
  SolPrivada: 0,
  PublicoPrivado: 0,
  ExclusivaUsuarios: 'N',
  SectStatus,
  blogCount: 0,
});

describe('the blogs summary', () => {
  it('marks an inactive section with a word, not only a colour', async () => {
    stubApi(sessionFor('admin'), {
      '/api/--comunicacion/blogs-summary': () =>
        json({
          success: true,
          sections: [summarySection(1, 'Avisos de la administración', 'A'), summarySection(10, 'Mascotas', 'I')],
        }),
    });
    signedIn(<BlogsSummaryPage />, '/comunicacion/blogs');
    const list = await screen.findByRole('list', { name: 'Blogs' });
    const inactive = within(list).getByRole('listitem', { name: 'Mascotas, Inactiva' });
    expect(within(inactive).getByText('Inactiva')).toBeTruthy();
    const active = within(list).getByRole('listitem', { name: 'Avisos de la administración' });
    expect(within(active).queryByText('Inactiva')).toBeNull();
  });
});
