// Official notices with read receipts in the browser (issue 30), the network stubbed at fetch (the edge of these
// tests): a member presses Enterado on an important notice and the button then says it is done, and asks nothing of
// the reach; an administrator marks a notice important, reads in how many dwellings it was read, the share per tower
// (a table on a desk, cards on a phone), who read it a page at a time and filtered by Enterado, and resends it after
// confirming (a refusal within the hour says why); the board sees the counts only; an important notice is offered
// when publishing in the notices section.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import type { SectionPostsAnswer } from '../../src/api/posts';
import PostPage from '../../src/views/communication/PostPage';
import SectionPage from '../../src/views/communication/SectionPage';
import { json } from '../support/http';
import {
  ACKNOWLEDGED_AT,
  ACKNOWLEDGED_PAGE,
  ADMIN_NOTICE,
  BOARD_NOTICE,
  MEMBER_NOTICE,
  NO_READERS,
  noticePost,
  REACH,
  REACH_PAGE_TWO,
  READERS_PAGE,
  RESENT,
  RESENT_RECENTLY_MESSAGE,
} from '../support/noticeReadsFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => {
  vi.unstubAllGlobals();
  useViewport('desktop');
});

const SLOW = { timeout: 10_000 };
const POST = '/api/--comunicacion/post/5';
const REACH_PATH = '/api/--comunicacion/notice-reach/5';
const READERS_PATH = '/api/--comunicacion/notice-readers/5';
const ACK = '/api/--comunicacion/notice-acknowledge';
const IMPORTANCE = '/api/--comunicacion/notice-importance';
const RESEND = '/api/--comunicacion/notice-resend';

/** The query strings the page asked `path` with, in order. */
const queriesOf = (path: string) =>
  (fetch as Mock).mock.calls
    .map(([request]) => new URL((request as Request).url))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

const open = () => signedIn(<PostPage params={{ postID: '5' }} />, '/comunicacion/ver-publicacion/5');

describe('an official notice, as a member', () => {
  it('asks for Enterado on an important notice; pressed, the button says it is done, and nobody else’s reading is asked', async () => {
    const api = stubApi(sessionFor('resident'), {
      [POST]: () => json(noticePost(MEMBER_NOTICE)),
      [ACK]: () => json({ success: true, acknowledgedAt: ACKNOWLEDGED_AT }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Corte de agua general', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.getByText('La administración te pide confirmar que leíste este aviso.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enterado' }));
    const done = await screen.findByRole('button', { name: /^Enterado el 21 de noviembre de 2026, 10:06/ }, SLOW);
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Enterado' })).toBeNull();
    expect(api.calls.find((c) => c.path === ACK)?.body).toEqual({ postId: 5 });
    expect(screen.queryByRole('region', { name: 'Lectura del aviso' })).toBeNull();
    expect(api.calls.some((c) => c.path === REACH_PATH || c.path === READERS_PATH)).toBe(false);
  });

  it('shows a notice already acknowledged as done', async () => {
    stubApi(sessionFor('resident'), { [POST]: () => json(noticePost({ ...MEMBER_NOTICE, acknowledgedAt: ACKNOWLEDGED_AT })) });
    open();
    expect(await screen.findByRole('button', { name: /^Enterado el / }, SLOW)).toHaveProperty('disabled', true);
  });

  it('says so when Enterado is refused, and keeps the button', async () => {
    stubApi(sessionFor('resident'), {
      [POST]: () => json(noticePost(MEMBER_NOTICE)),
      [ACK]: () => json({ success: false, code: 'CONFLICT', message: 'Este aviso no pide confirmar que se leyó.' }, 409),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Enterado' }, SLOW));
    expect(await screen.findByText('Este aviso no pide confirmar que se leyó.', {}, SLOW)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enterado' })).toBeTruthy();
  });

  it('shows nothing of notices to a member reading one that asks nothing', async () => {
    stubApi(sessionFor('resident'), {
      [POST]: () => json(noticePost({ ...MEMBER_NOTICE, important: false, canAcknowledge: false })),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Corte de agua general', level: 1 }, SLOW)).toBeTruthy();
    expect(screen.queryByText('Aviso importante')).toBeNull();
    expect(screen.queryByRole('button', { name: /Enterado/ })).toBeNull();
  });

  it('speaks English to an English reader', async () => {
    stubApi(sessionFor('resident'), { [POST]: () => json(noticePost(MEMBER_NOTICE)) });
    signedIn(<PostPage params={{ postID: '5' }} />, '/comunicacion/ver-publicacion/5', 'en');
    expect(await screen.findByRole('button', { name: 'Got it' }, SLOW)).toBeTruthy();
    expect(screen.getByText('The administration asks you to confirm you have read this notice.')).toBeTruthy();
  });
});

describe('an official notice, as the administration', () => {
  function administration(answers: Record<string, () => Response> = {}) {
    return stubApi(sessionFor('admin'), {
      [POST]: () => json(noticePost(ADMIN_NOTICE)),
      [REACH_PATH]: () => json(REACH),
      [READERS_PATH]: () => json(READERS_PAGE),
      ...answers,
    });
  }

  for (const viewport of ['desktop', 'phone'] as const) {
    it(`shows in how many dwellings it was read, the share per tower and who read it (${viewport})`, async () => {
      useViewport(viewport);
      administration();
      open();
      const panel = await screen.findByRole('region', { name: 'Lectura del aviso' }, SLOW);
      expect(await within(panel).findByText('Leído en 53 de 260 viviendas (20 %)', {}, SLOW)).toBeTruthy();
      expect(within(panel).getByText('55 de 90 personas lo han leído')).toBeTruthy();
      const towers = within(panel).getByRole(viewport === 'desktop' ? 'table' : 'list', { name: 'Lectura por torre' });
      expect(within(towers).getByText('Torre A')).toBeTruthy();
      expect(within(towers).getByText('41 %')).toBeTruthy();
      expect(within(towers).getByText('12 %')).toBeTruthy();
      const readers = within(panel).getByRole(viewport === 'desktop' ? 'table' : 'list', { name: 'Quién lo ha leído' });
      // On a phone a card's title is the dwelling · the person.
      expect(within(readers).getByText(/Ana López Díaz/)).toBeTruthy();
      expect(within(readers).getByText(/Torre A - 105/)).toBeTruthy();
      expect(within(panel).getByText('35 personas no lo han leído')).toBeTruthy();
      // Not important: no Enterado column, no filter.
      expect(within(panel).queryByRole('radiogroup', { name: 'Mostrar' })).toBeNull();
    });
  }

  it('marks it important: the switch saves it, and the reading then shows who pressed Enterado', async () => {
    const api = administration({ [IMPORTANCE]: () => json({ success: true, important: true }) });
    open();
    const toggle = await screen.findByRole('switch', { name: 'Aviso importante: pedir «Enterado» a cada lector' }, SLOW);
    expect(toggle).toHaveProperty('checked', false);
    fireEvent.click(toggle);
    await waitFor(() => expect(api.calls.find((c) => c.path === IMPORTANCE)?.body).toEqual({ postId: 5, important: true }));
    await waitFor(() => expect(toggle).toHaveProperty('checked', true));
    const panel = await screen.findByRole('region', { name: 'Lectura del aviso' }, SLOW);
    expect(await within(panel).findByText('30 de 90 confirmaron con «Enterado»', {}, SLOW)).toBeTruthy();
    expect(within(panel).getByRole('radiogroup', { name: 'Mostrar' })).toBeTruthy();
  });

  it('pages the towers and the readers, and filters the readers by Enterado', async () => {
    administration({
      [POST]: () => json(noticePost({ ...ADMIN_NOTICE, important: true })),
      [REACH_PATH]: () => json(queriesOf(REACH_PATH).length > 1 ? REACH_PAGE_TWO : REACH),
      [READERS_PATH]: () => json(queriesOf(READERS_PATH).at(-1)?.filter === 'acknowledged' ? ACKNOWLEDGED_PAGE : READERS_PAGE),
    });
    open();
    const panel = await screen.findByRole('region', { name: 'Lectura del aviso' }, SLOW);
    await within(panel).findByText('Torre A', {}, SLOW);
    fireEvent.click(
      within(within(panel).getByRole('navigation', { name: 'Páginas de torres' })).getByRole('button', { name: 'Página 2' }),
    );
    expect(await within(panel).findByText('Sin torre', {}, SLOW)).toBeTruthy();
    expect(queriesOf(REACH_PATH).at(-1)).toEqual({ limit: '10', offset: '10' });

    fireEvent.click(
      within(within(panel).getByRole('navigation', { name: 'Páginas de lectores' })).getByRole('button', { name: 'Página 3' }),
    );
    await waitFor(() => expect(queriesOf(READERS_PATH).at(-1)).toEqual({ limit: '20', offset: '40', filter: 'all' }));

    fireEvent.click(within(panel).getByRole('radio', { name: 'Enterados' }));
    await waitFor(() => expect(queriesOf(READERS_PATH).at(-1)).toEqual({ limit: '20', offset: '0', filter: 'acknowledged' }));
    expect(await within(panel).findByText('30 lecturas', {}, SLOW)).toBeTruthy();
    expect(within(panel).queryByText('Luis Pérez Soto')).toBeNull();
  });

  it('resends to those who have not read it after confirming, and says how many were told', async () => {
    const api = administration({ [RESEND]: () => json(RESENT) });
    open();
    const panel = await screen.findByRole('region', { name: 'Lectura del aviso' }, SLOW);
    fireEvent.click(await within(panel).findByRole('button', { name: 'Reenviar a quienes no lo han leído' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Reenviar el aviso' }, SLOW);
    expect(within(dialog).getByText(/35 personas que no lo han leído/)).toBeTruthy();
    // Taken back: nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reenviar el aviso' })).toBeNull());
    expect(api.calls.some((c) => c.path === RESEND)).toBe(false);

    fireEvent.click(within(panel).getByRole('button', { name: 'Reenviar a quienes no lo han leído' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reenviar el aviso' }, SLOW)).getByRole('button', { name: 'Reenviar' }),
    );
    expect(await within(panel).findByText('Se avisó a 35 personas (33 por correo).', {}, SLOW)).toBeTruthy();
    expect(api.calls.filter((c) => c.path === RESEND).map((c) => c.body)).toEqual([{ postId: 5 }]);
    expect(within(panel).getByText(/^Último reenvío: 21 de noviembre de 2026, 12:00/)).toBeTruthy();
  });

  it('says why a second resend within the hour is refused', async () => {
    administration({ [RESEND]: () => json({ success: false, code: 'CONFLICT', message: RESENT_RECENTLY_MESSAGE }, 409) });
    open();
    const panel = await screen.findByRole('region', { name: 'Lectura del aviso' }, SLOW);
    fireEvent.click(await within(panel).findByRole('button', { name: 'Reenviar a quienes no lo han leído' }, SLOW));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Reenviar el aviso' }, SLOW)).getByRole('button', { name: 'Reenviar' }),
    );
    expect((await within(panel).findByRole('alert', {}, SLOW)).textContent).toBe(RESENT_RECENTLY_MESSAGE);
  });

  it('says when nobody has read it yet', async () => {
    administration({ [READERS_PATH]: () => json(NO_READERS) });
    open();
    const panel = await screen.findByRole('region', { name: 'Lectura del aviso' }, SLOW);
    expect(await within(panel).findByText('Nadie lo ha leído todavía.', {}, SLOW)).toBeTruthy();
  });

  it('offers Reintentar when the reading cannot be loaded', async () => {
    let fail = true;
    administration({
      [REACH_PATH]: () => (fail ? json({ success: false, code: 'INTERNAL', message: 'x' }, 500) : json(REACH)),
    });
    open();
    const retry = await screen.findByRole('button', { name: 'Reintentar' }, SLOW);
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByText('Leído en 53 de 260 viviendas (20 %)', {}, SLOW)).toBeTruthy();
  });
});

describe('an official notice, as the board', () => {
  it('shows the counts and the share per tower, and nobody’s name, nor the resend', async () => {
    const api = stubApi(sessionFor('board'), {
      [POST]: () => json(noticePost(BOARD_NOTICE)),
      [REACH_PATH]: () => json(REACH),
    });
    open();
    const panel = await screen.findByRole('region', { name: 'Lectura del aviso' }, SLOW);
    expect(await within(panel).findByText('Leído en 53 de 260 viviendas (20 %)', {}, SLOW)).toBeTruthy();
    expect(within(panel).getByText('El consejo ve cuánto se ha leído, sin nombres.')).toBeTruthy();
    expect(within(panel).queryByText('Quién lo ha leído')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Reenviar a quienes no lo han leído' })).toBeNull();
    expect(api.calls.some((c) => c.path === READERS_PATH)).toBe(false);
    // The board member reads it too: Enterado is theirs to press.
    expect(screen.getByRole('button', { name: 'Enterado' })).toBeTruthy();
  });
});

describe('publishing in the notices section', () => {
  it('offers Aviso importante to the administration and sends it', async () => {
    const SECTION = '/api/--comunicacion/section-posts/3';
    const answer: SectionPostsAnswer = {
      success: true,
      section: noticePost(ADMIN_NOTICE).section,
      abilities: {
        canPost: true,
        needsApproval: false,
        canMarkPrivate: false,
        defaultPrivate: false,
        canModerate: true,
        canMarkImportant: true,
      },
      posts: [{ ...noticePost(MEMBER_NOTICE).post }],
      total: 1,
    };
    const api = stubApi(sessionFor('admin'), {
      [SECTION]: () => json(answer),
      '/api/--comunicacion/new-post': () => json({ success: true, PostId: 78, Estatus: 'A' }),
    });
    signedIn(<SectionPage params={{ sectionId: '3' }} />, '/comunicacion/seccion/3');
    const form = await screen.findByRole('form', { name: 'Nueva publicación' }, SLOW);
    // The list says which notice is important.
    expect(screen.getByRole('article', { name: 'Corte de agua general' }).textContent).toContain('Importante');
    fireEvent.change(within(form).getByLabelText(/Título/), { target: { value: 'Corte de luz' } });
    fireEvent.change(within(form).getByLabelText(/Texto/), { target: { value: 'El viernes.' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Aviso importante: pedir «Enterado» a cada lector' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Publicar' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/--comunicacion/new-post')?.body).toMatchObject({
        sectionId: 3,
        Titulo: 'Corte de luz',
        Importante: true,
      }),
    );
  });
});
