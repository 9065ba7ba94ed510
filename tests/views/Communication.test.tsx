// The communication views over their machines: the notifications panel (unread badge, the §8 failure
// alert with retry, opening one marks it read and navigates by Modulo and Props) and the section page
// (the new-post form only where the member may post; what a pending post says). The network is stubbed
// at fetch, the edge of this test.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '../../src/api/notifications';
import type { SectionPostsAnswer } from '../../src/api/posts';
import { NotificationsPanel } from '../../src/views/communication/NotificationsPanel';
import PostPage from '../../src/views/communication/PostPage';
import SectionPage from '../../src/views/communication/SectionPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const notification = (id: number, abierto: 0 | 1): NotificationItem => ({
  id,
  Titulo: abierto ? 'Nuevo comentario' : 'Tu publicación fue aprobada',
  TextoApp: `«Riego ${id}» ya está publicada.`,
  foto: null,
  FechaCreada: '2026-11-21',
  HoraCreada: '10:05',
  abierto,
  Modulo: 'publicacion',
  Props: JSON.stringify({ postID: 40 + id }),
});

const LATEST = '/api/--notificaciones/latest';
const OPEN = '/api/--notificaciones/open';

describe('NotificationsPanel', () => {
  it('shows the unread total, opens one: marked read, and off to its post', async () => {
    const api = stubApi(sessionFor('resident'), {
      [LATEST]: () => json({ success: true, items: [notification(2, 0), notification(1, 1)], unread: 1 }),
      [OPEN]: () => json({ success: true, changed: true }),
    });
    const { location } = signedIn(<NotificationsPanel />, '/comunicacion');
    const bell = await screen.findByRole('button', { name: 'Notificaciones, 1 sin leer' });
    fireEvent.click(bell);
    // Mantine names the dialog by its target, the bell.
    const panel = await screen.findByRole('dialog');
    const items = await within(panel).findAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Tu publicación fue aprobada. «Riego 2» ya está publicada.',
      'Nuevo comentario. «Riego 1» ya está publicada.',
    ]);
    expect(within(panel).getAllByText('21/11/2026 10:05')).toHaveLength(2);
    fireEvent.click(items[0]!);
    await waitFor(() => expect(location.history.at(-1)).toBe('/comunicacion/ver-publicacion/42'));
    await waitFor(() => expect(api.calls.find((c) => c.path === OPEN)?.body).toEqual({ id: 2 }));
    expect(await screen.findByRole('button', { name: 'Notificaciones, 0 sin leer' })).toBeTruthy();
  });

  it('says so when the notifications cannot be loaded, and tries again', async () => {
    let fail = true;
    stubApi(sessionFor('resident'), {
      [LATEST]: () =>
        fail ? json({ success: false, code: 'INTERNAL', message: 'x' }, 500) : json({ success: true, items: [], unread: 0 }),
    });
    signedIn(<NotificationsPanel />, '/comunicacion');
    fireEvent.click(await screen.findByRole('button', { name: /^Notificaciones, / }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.textContent).toContain('No pudimos cargar tus notificaciones.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('No tienes notificaciones.')).toBeTruthy();
  });
});

const SECTION_PATH = '/api/--comunicacion/section-posts/9';
const section = (canPost: boolean, needsApproval: boolean): SectionPostsAnswer => ({
  success: true,
  section: {
    SectId: 9,
    SectName: 'Comité de jardinería',
    SectCode: '',
    SectPosting: 'B',
    CommentsDisplay: 'Y',
    VistaxTorre: 0,
    SolPrivada: 1,
    PublicoPrivado: 0,
    ExclusivaUsuarios: 'Y',
    SectStatus: 'A',
    blogCount: 0,
  },
  abilities: { canPost, needsApproval, canMarkPrivate: true, defaultPrivate: false, canModerate: false },
  posts: [],
  total: 0,
});

describe('SectionPage', () => {
  it('offers no form to a member who may not post', async () => {
    stubApi(sessionFor('resident'), { [SECTION_PATH]: () => json(section(false, false)) });
    signedIn(<SectionPage params={{ sectionId: '9' }} />, '/comunicacion/seccion/9');
    expect(await screen.findByRole('heading', { name: 'Comité de jardinería' })).toBeTruthy();
    expect(await screen.findByText('Todavía no hay publicaciones.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Nueva publicación' })).toBeNull();
  });

  it('posts in an approval section: enabled once filled, sent, and told it waits', async () => {
    const api = stubApi(sessionFor('resident'), {
      [SECTION_PATH]: () => json(section(true, true)),
      '/api/--comunicacion/new-post': () => json({ success: true, PostId: 77, Estatus: 'P' }),
    });
    signedIn(<SectionPage params={{ sectionId: '9' }} />, '/comunicacion/seccion/9');
    const form = await screen.findByRole('form', { name: 'Nueva publicación' });
    expect(within(form).getByText('Un administrador revisará tu publicación antes de que otros la vean.')).toBeTruthy();
    const publish = within(form).getByRole('button', { name: 'Publicar' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Título/), { target: { value: 'Huerto' } });
    fireEvent.change(within(form).getByLabelText(/Texto/), { target: { value: 'Propuesta' } });
    expect(publish.disabled).toBe(false);
    fireEvent.click(publish);
    expect(await screen.findByText(/Tu publicación quedó pendiente de aprobación/)).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/--comunicacion/new-post')?.body).toEqual({
      sectionId: 9,
      Titulo: 'Huerto',
      Texto: 'Propuesta',
      Privado: false,
      adjuntos: [],
    });
    // The list is loaded again after a post.
    await waitFor(() => expect(api.calls.filter((c) => c.path === SECTION_PATH)).toHaveLength(2));
  });

  it('tells an administrator in words that the section is inactive', async () => {
    const inactive = section(false, false);
    stubApi(sessionFor('admin'), {
      [SECTION_PATH]: () => json({ ...inactive, section: { ...inactive.section, SectStatus: 'I' } }),
    });
    signedIn(<SectionPage params={{ sectionId: '9' }} />, '/comunicacion/seccion/9');
    expect(await screen.findByRole('heading', { name: 'Comité de jardinería' })).toBeTruthy();
    expect(screen.getByText('Inactiva')).toBeTruthy();
  });

  it('marks nothing inactive in an active section', async () => {
    stubApi(sessionFor('resident'), { [SECTION_PATH]: () => json(section(false, false)) });
    signedIn(<SectionPage params={{ sectionId: '9' }} />, '/comunicacion/seccion/9');
    expect(await screen.findByRole('heading', { name: 'Comité de jardinería' })).toBeTruthy();
    expect(screen.queryByText('Inactiva')).toBeNull();
  });

  it('says so when the section is not the member’s to read', async () => {
    stubApi(sessionFor('resident'), {
      [SECTION_PATH]: () => json({ success: false, code: 'FORBIDDEN', message: 'No tienes permiso para esta acción.' }, 403),
    });
    signedIn(<SectionPage params={{ sectionId: '9' }} />, '/comunicacion/seccion/9');
    expect(await screen.findByText('Esta sección no existe o no tienes acceso a ella.')).toBeTruthy();
  });
});

const POST_PATH = '/api/--comunicacion/post/5';
const pendingPost = {
  success: true,
  section: { ...section(false, false).section },
  post: {
    PostId: 5,
    SectId: 9,
    Titulo: 'Riego por goteo',
    Texto: 'Propuesta',
    UserId: 2,
    UserName: 'Carlos Ramírez Soto',
    TorreName: null,
    Privado: 0,
    Estatus: 'P',
    FechaCreada: '2026-11-21T16:00:00.000Z',
    comentarios: 0,
    adjuntos: [{ id: 3, nombre: 'plano.pdf', tipo: 'file', url: '/api/--comunicacion/post-file/3?exp=1&sig=00' }],
  },
  comments: [],
  canComment: false,
  canModerate: true,
};

describe('PostPage', () => {
  it('an administrator approves a waiting post; then it can be commented', async () => {
    const api = stubApi(sessionFor('admin'), {
      [POST_PATH]: () => json(pendingPost),
      '/api/--comunicacion/approve-post': () => json({ success: true, Estatus: 'A' }),
    });
    signedIn(<PostPage params={{ postID: '5' }} />, '/comunicacion/ver-publicacion/5');
    expect(await screen.findByRole('heading', { name: 'Riego por goteo', level: 1 })).toBeTruthy();
    expect(screen.getByText('Pendiente de aprobación')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'plano.pdf' }).getAttribute('href')).toContain('/post-file/3?');
    expect(screen.queryByLabelText('Escribe un comentario')).toBeNull();
    expect(screen.getByLabelText('Motivo del rechazo (opcional)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    await waitFor(() => expect(screen.queryByText('Pendiente de aprobación')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Aprobar' })).toBeNull();
    expect(api.calls.find((c) => c.path === '/api/--comunicacion/approve-post')?.body).toEqual({ postId: 5 });
    expect(screen.getByLabelText('Escribe un comentario')).toBeTruthy();
  });

  it('says so when the post is not the member’s to read', async () => {
    stubApi(sessionFor('resident'), {
      [POST_PATH]: () => json({ success: false, code: 'NOT_FOUND', message: 'La publicación no existe.' }, 404),
    });
    signedIn(<PostPage params={{ postID: '5' }} />, '/comunicacion/ver-publicacion/5');
    expect(await screen.findByText('Esta publicación no existe o no tienes acceso a ella.')).toBeTruthy();
  });
});
