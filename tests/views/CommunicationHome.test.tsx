// The communication home and the blogs summary: every section on the home is a link to where it opens,
// and an administrator reading the summary is told in words which sections are inactive. The network is
// stubbed at fetch, the edge of this test.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostSection } from '../../src/api/posts';
import BlogsSummaryPage from '../../src/views/communication/BlogsPage';
import { CommunicationHome } from '../../src/views/condominio/CommunicationHome';
import { sessionFor } from './sessionFixtures';
import { signedIn, stubApi } from './shellSupport';

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('CommunicationHome', () => {
  it('lists the sections as links, each to its screen (the generic section page until that is built)', async () => {
    stubApi(sessionFor('board'));
    const { location } = signedIn(<CommunicationHome />, '/comunicacion');
    const list = await screen.findByRole('list', { name: 'Secciones de tu condominio' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Avisos de la administración', '/comunicacion/seccion/1'],
      ['Solicitudes a la administración', '/comunicacion/tickets-administrador/2'],
      ['Reservación de áreas comunes', '/comunicacion/seccion/3'],
      ['Encuestas y votaciones', '/comunicacion/seccion/4'],
      ['Comunicación entre vecinos', '/comunicacion/seccion/5'],
      ['Calendario de eventos', '/comunicacion/seccion/6'],
      ['Asuntos del consejo', '/comunicacion/seccion/7'],
    ]);
    fireEvent.click(links[6]!);
    expect(location.history.at(-1)).toBe('/comunicacion/seccion/7');
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
