// listado-blogs over its machines: the list (position, toggle, post count), the editor with its
// conditional fields, the resident selector and the save with confirmation, followed by a reload of the
// list and a refresh of the session data. The network is stubbed at fetch, the edge of this test.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Blog, Resident } from '../../src/api/blogs';
import BlogsPage from '../../src/views/blogs/BlogsPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const blog = (SectId: number, SectName: string, extra: Partial<Blog> = {}): Blog => ({
  SectId,
  SectName,
  SectCode: '',
  SecGraphic: null,
  SectPosition: SectId,
  SectStatus: 'A',
  SectPosting: 'A',
  CommentsDisplay: 'Y',
  VistaxTorre: 1,
  SolPrivada: 0,
  ExclusivaUsuarios: 'N',
  PublicoPrivado: 1,
  TiempoMoroso: 0,
  userCount: 0,
  VerResultados: 0,
  EnviarCopia: 0,
  MensajeConfirmacion: null,
  blogCount: 0,
  ...extra,
});
const BLOGS = [
  blog(1, 'Avisos'),
  blog(2, 'Encuestas', { SectCode: 'EN', MensajeConfirmacion: 'Gracias', VerResultados: 1 }),
  blog(3, 'Jardín', { ExclusivaUsuarios: 'Y', VistaxTorre: 0, userCount: 1, SectPosting: 'B' }),
];
const RESIDENTS: Resident[] = [
  { UserId: 11, UserName: 'Carlos Ramírez', AptName: '502', TorreName: 'Torre B', TorreId: 2, IdUsersSections: 5 },
  { UserId: 12, UserName: 'Daniela Aguilar', AptName: '101', TorreName: 'Torre A', TorreId: 1 },
  { UserId: 13, UserName: 'Jorge Pérez', AptName: 'Casa 3', TorreName: '', TorreId: null },
];

function api(session = sessionFor('admin')) {
  return stubApi(session, {
    '/api/--comunicacion/blogs-list': () => json({ success: true, data: BLOGS }),
    '/api/--comunicacion/get-single-section/1': () => json({ success: true, data: BLOGS[0] }),
    '/api/--comunicacion/get-single-section/2': () => json({ success: true, data: BLOGS[1] }),
    '/api/--comunicacion/get-single-section/3': () => json({ success: true, data: BLOGS[2] }),
    '/api/--comunicacion/user-sections/1': () => json({ success: true, data: RESIDENTS.map(({ IdUsersSections, ...r }) => r) }),
    '/api/--comunicacion/user-sections/2': () => json({ success: true, data: RESIDENTS.map(({ IdUsersSections, ...r }) => r) }),
    '/api/--comunicacion/user-sections/3': () => json({ success: true, data: RESIDENTS }),
    '/api/--reportes/torres-list': () =>
      json({
        success: true,
        torres: [
          { id: 1, nombre: 'Torre A' },
          { id: 2, nombre: 'Torre B' },
        ],
      }),
    '/api/--comunicacion/update-section': () => json({ success: true, data: BLOGS[2] }),
    '/api/--comunicacion/enable-disable-section': () => json({ success: true, data: { ...BLOGS[0], SectStatus: 'I' } }),
    '/api/--comunicacion/update-section-position': () =>
      json({
        success: true,
        data: [
          blog(3, 'Jardín', { SectPosition: 1 }),
          blog(1, 'Avisos', { SectPosition: 2 }),
          blog(2, 'Encuestas', { SectPosition: 3, SectCode: 'EN' }),
        ],
      }),
  });
}

async function open(stub = api()) {
  const view = signedIn(<BlogsPage />, '/listado-blogs');
  await screen.findByRole('heading', { name: 'Configuración de blogs' });
  await screen.findByRole('region', { name: 'Editar blog' });
  return { ...view, stub };
}
const editor = () => screen.getByRole('region', { name: 'Editar blog' });
const rows = () => within(screen.getByRole('list', { name: 'Blogs' })).getAllByRole('listitem');

describe('BlogsPage', () => {
  it('lists the blogs with position, active toggle, name and post count; sends a toggle and a move at once', async () => {
    const { stub } = await open();
    expect(rows().map((r) => within(r).getByRole('button').textContent)).toEqual([
      'Avisos0 publicaciones',
      'Encuestas0 publicaciones',
      'Jardín0 publicaciones · 1 residente',
    ]);
    fireEvent.click(screen.getByRole('switch', { name: 'Avisos activo' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Avisos activo' })).toHaveProperty('checked', false));
    expect(stub.calls.find((c) => c.path.endsWith('enable-disable-section'))?.body).toEqual({ SectId: 1, SectStatus: 'I' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Posición de Jardín' }), { target: { value: '1' } });
    await waitFor(() => expect(within(rows()[0]!).getByRole('button').textContent).toContain('Jardín'));
    expect(stub.calls.find((c) => c.path.endsWith('update-section-position'))?.body).toEqual([
      { SectId: 1, SectPosition: 2 },
      { SectId: 2, SectPosition: 3 },
      { SectId: 3, SectPosition: 1 },
    ]);
  });

  it('says in words which blogs are inactive, beside the switch', async () => {
    await open();
    expect(within(rows()[0]!).queryByText('Inactivo')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Avisos activo' }));
    await waitFor(() => expect(within(rows()[0]!).getByText('Inactivo')).toBeTruthy());
    expect(within(rows()[0]!).getByRole('button').textContent).toBe('AvisosInactivo0 publicaciones');
  });

  it('shows the survey fields for EN and offers no approval there', async () => {
    await open();
    fireEvent.click(within(rows()[1]!).getByRole('button'));
    await waitFor(() => expect(within(editor()).getByLabelText(/^Nombre del blog/)).toHaveProperty('value', 'Encuestas'));
    const posting = within(editor()).getByLabelText('Autorización de publicaciones') as HTMLSelectElement;
    expect([...posting.options].map((o) => o.textContent)).toEqual(['Abierto', 'Solo administradores']);
    expect(within(editor()).getByLabelText('Mensaje de confirmación')).toHaveProperty('value', 'Gracias');
    expect(within(editor()).queryByLabelText('Comentarios')).toBeNull();
    expect(within(editor()).queryByLabelText('Comunicación privada')).toBeNull();
    const results = within(editor()).getByLabelText('Visibilidad de resultados') as HTMLSelectElement;
    expect([...results.options].map((o) => o.textContent)).toEqual(['Solo administradores', 'Después de votar', 'Siempre']);
    // TiempoMoroso is days of arrears (issue 14); 0 lets dwellings in arrears vote.
    const arrears = within(editor()).getByLabelText('Voto de viviendas con adeudo') as HTMLSelectElement;
    expect([...arrears.options].map((o) => o.textContent)).toEqual([
      'Pueden votar aunque tengan adeudo',
      'Sin voto con adeudo de más de 30 días',
      'Sin voto con adeudo de más de 60 días',
      'Sin voto con adeudo de más de 90 días',
    ]);
    expect(arrears.value).toBe('0');
  });

  it('picks residents for an exclusive blog, confirms, saves, reloads the list and refreshes the session', async () => {
    const { stub } = await open();
    fireEvent.click(within(rows()[2]!).getByRole('button'));
    await waitFor(() => expect(within(editor()).getByLabelText(/^Nombre del blog/)).toHaveProperty('value', 'Jardín'));
    expect(within(editor()).queryByLabelText('Vista por torre')).toBeNull();
    fireEvent.click(within(editor()).getByRole('button', { name: 'Selecciona los residentes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Selecciona los residentes' });
    fireEvent.change(within(dialog).getByLabelText('Buscar por nombre o vivienda'), { target: { value: 'torre a' } });
    // Nothing narrows until the search has been still for 500 ms.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(3);
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(1), { timeout: 1500 });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Daniela Aguilar/ }));
    expect(within(dialog).getByText('2 residentes seleccionados')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Selecciona los residentes' })).toBeNull());

    const sessionLoads = () => stub.calls.filter((c) => c.path === '/api/--sesiones/session-data').length;
    const listLoads = () => stub.calls.filter((c) => c.path.endsWith('blogs-list')).length;
    const before = { session: sessionLoads(), list: listLoads() };
    fireEvent.click(within(editor()).getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Guardar cambios' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Guardar' }));
    await screen.findByText('Blog guardado');
    expect(stub.calls.find((c) => c.path.endsWith('update-section'))?.body).toMatchObject({
      SectId: 3,
      SectName: 'Jardín',
      ExclusivaUsuarios: 'Y',
      newUsers: [12],
      deletedUsers: [],
    });
    await waitFor(() => expect(sessionLoads()).toBe(before.session + 1));
    expect(listLoads()).toBe(before.list + 1);
  }, 20_000);

  it('sends non-administrators back to Comunicación', async () => {
    api(sessionFor('board'));
    const { location } = signedIn(<BlogsPage />, '/listado-blogs');
    await waitFor(() => expect(location.history?.at(-1)).toBe('/comunicacion'));
  });
});
