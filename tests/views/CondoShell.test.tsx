// The shell as each role sees it: the menu its role and permissions allow (only screens that exist),
// the toggle and its allowed paths, the phone drawer, the trial countdown, and the language switch
// saving to the profile.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import CondominioRoutes from '../../src/views/app/CondominioRoutes';
import { CondoShell } from '../../src/views/app/shell/CondoShell';
import { type Role, sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const condominio = (path: string) =>
  signedIn(
    <Route path="/condominio" nest>
      <CondominioRoutes />
    </Route>,
    path,
  );

const mainNav = () => screen.findByRole('navigation', { name: 'Menú principal' });
const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the desktop shell', () => {
  beforeEach(() => useViewport('desktop'));

  it.each<[Role, string[]]>([
    // Administrators also see the requests waiting for their approval; the others' upcoming reservations wait
    // for nothing, so they get no badge.
    [
      'admin',
      [
        'Reservación de áreas comunes, 3 reservaciones por aprobar',
        'Encuestas y votaciones, 2 votaciones por contestar',
        'Comunicación entre vecinos, 1 mensaje sin leer',
      ],
    ],
    ['resident', ['Encuestas y votaciones, 2 votaciones por contestar', 'Comunicación entre vecinos, 1 mensaje sin leer']],
  ])('names each menu badge with what waits, for the %s', async (role, labels) => {
    const counts = (SectId: number, extra: Record<string, number>) => ({
      SectId,
      abiertas: 0,
      noLeidos: 0,
      porContestar: 0,
      reservaciones: 0,
      proximos: 0,
      nuevas: 0,
      ...extra,
    });
    const summary = {
      success: true,
      sections: [
        counts(3, { reservaciones: 3 }),
        counts(4, { porContestar: 2 }),
        counts(5, { noLeidos: 1 }),
        counts(6, { proximos: 4 }),
      ],
    };
    stubApi(sessionFor(role), {
      '/api/--comunicacion/home-summary': () =>
        new Response(JSON.stringify(summary), { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    condominio('/condominio/welcome');
    const nav = await mainNav();
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.getAttribute('aria-label'))
          .filter((label) => label?.includes(', ')),
      ).toEqual(labels),
    );
  });

  it.each<[Role, string[]]>([
    // Plain sections (code '') open the generic section screen; AC is for the board only.
    [
      'admin',
      [
        'Comunicación',
        'Avisos de la administración',
        'Solicitudes a la administraci…',
        'Reservación de áreas comunes',
        'Encuestas y votaciones',
        'Comunicación entre vecinos',
        'Calendario de eventos',
        'Financiero',
        'Estado de cuenta',
        'Linea del tiempo',
        'Documentos',
        'Mis invitados',
        'Panel del administrador',
        'Panel del empleado',
        'Caseta',
        'Bitácora de movimientos',
        'Paquetería',
        'Dispositivos',
        'Recorridos',
        'Asambleas',
        'Panel del supervisor',
        'Configuración de blogs',
        'Configuración',
        'Control gerencial',
        'Factura Comunidad',
        'Historial',
      ],
    ],
    [
      'board',
      [
        'Comunicación',
        'Avisos de la administración',
        'Solicitudes a la administraci…',
        'Reservación de áreas comunes',
        'Encuestas y votaciones',
        'Comunicación entre vecinos',
        'Calendario de eventos',
        'Asuntos del consejo',
        'Financiero',
        'Estado de cuenta',
        'Linea del tiempo',
        'Documentos',
        'Asambleas',
        'Control gerencial',
        'Historial',
      ],
    ],
    [
      'resident',
      [
        'Comunicación',
        'Avisos de la administración',
        'Solicitudes a la administraci…',
        'Reservación de áreas comunes',
        'Encuestas y votaciones',
        'Comunicación entre vecinos',
        'Calendario de eventos',
        'Financiero',
        'Estado de cuenta',
        'Linea del tiempo',
        'Documentos',
      ],
    ],
    [
      'guard',
      [
        'Comunicación',
        'Avisos de la administración',
        'Comunicación entre vecinos',
        'Calendario de eventos',
        'Linea del tiempo',
        'Documentos',
        'Panel del empleado',
        'Caseta',
        'Bitácora de movimientos',
        'Paquetería',
        'Recorridos',
      ],
    ],
    ['employee', ['Linea del tiempo', 'Panel del empleado']],
    [
      'supervisor',
      [
        'Linea del tiempo',
        'Panel del empleado',
        'Caseta',
        'Bitácora de movimientos',
        'Paquetería',
        'Recorridos',
        'Panel del supervisor',
      ],
    ],
  ])('gives the %s the menu %j', async (role, expected) => {
    stubApi(sessionFor(role));
    condominio('/condominio/comunicacion');
    const nav = await mainNav();
    expect(linkNames(nav)).toEqual(expected);
    for (const link of within(nav).getAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(
        /^\/condominio\/(comunicacion|financiero|estado-cta|welcome|comunicacion\/encuestas|comunicacion\/calendario-eventos|comunicacion\/instalaciones|comunicacion\/(seccion|tickets-administrador|comunicacion-interpersonal)\/\d+|mis-invitados|listado-blogs|panel-del-administrador|panel-del-empleado|configuracion|control-gerencial|control-gerencial\/modulos-adicionales\/factura-comunidad|historial|caseta|bitacora-movimientos|dispositivos|paqueteria|recorridos|recorridos-supervisor|others|asambleas)$/,
      );
    }
    if (role !== 'admin') expect(screen.queryByText('Panel del administrador')).toBeNull();
  });

  it('marks the current page in the menu', async () => {
    stubApi(sessionFor('board'));
    condominio('/condominio/comunicacion');
    const nav = await mainNav();
    expect(within(nav).getByRole('link', { name: 'Comunicación' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Linea del tiempo' }).getAttribute('aria-current')).toBeNull();
  });

  it('plays the 0.8 s intro the first time the app opens in a tab, and not again (spec §9)', async () => {
    stubApi(sessionFor('resident'));
    const first = condominio('/condominio/comunicacion');
    const main = await screen.findByRole('main', {}, { timeout: 10_000 });
    expect(main.getAttribute('data-intro')).toBe('true');
    first.unmount();
    condominio('/condominio/comunicacion');
    const again = await screen.findByRole('main', {}, { timeout: 10_000 });
    expect(again.getAttribute('data-intro')).toBeNull();
  });

  it('shows the condominium name cut at 20 characters, whole in its title', async () => {
    stubApi(sessionFor('board'));
    condominio('/condominio/comunicacion');
    const heading = await screen.findByRole('heading', { name: 'Residencial Las Pal…' });
    expect(heading.getAttribute('title')).toBe('Residencial Las Palmas');
  });

  it('hides and shows the sidebar with the toggle, and remembers it', async () => {
    stubApi(sessionFor('board'));
    condominio('/condominio/comunicacion');
    await mainNav();
    const hide = screen.getByRole('button', { name: 'Ocultar menú lateral' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(hide);
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    expect(JSON.parse(window.localStorage.getItem('condo-shell-layout') ?? '{}')).toMatchObject({ sidebar: 'closed' });
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar menú lateral' }));
    expect(await mainNav()).toBeTruthy();
  });

  it('disables the toggle on a page outside the allowed list', async () => {
    stubApi(sessionFor('admin'));
    signedIn(
      <Route path="/condominio" nest>
        <CondoShell>
          <p>configuración</p>
        </CondoShell>
      </Route>,
      '/condominio/configuracion',
    );
    await mainNav();
    expect(screen.getByRole('button', { name: 'Ocultar menú lateral' })).toHaveProperty('disabled', true);
  });

  it('puts the menu in the header when the user chose the top position', async () => {
    window.localStorage.setItem('condo-shell-layout', JSON.stringify({ sidebar: 'full', navigation: 'top' }));
    stubApi(sessionFor('board'));
    condominio('/condominio/comunicacion');
    const nav = await mainNav();
    expect(screen.getByRole('banner').contains(nav)).toBe(true);
    // Eleven entries: four in the header; the rest (polls, messages, the calendar, the board's section, the statement, the timeline) under 'Más'.
    expect(linkNames(nav)).toEqual([
      'Comunicación',
      'Avisos de la administración',
      'Solicitudes a la administraci…',
      'Reservación de áreas comunes',
    ]);
    expect(within(nav).getByRole('button', { name: 'Más' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /menú lateral/ })).toBeNull();
  });

  it('shows the compact sidebar as icons named for screen readers', async () => {
    window.localStorage.setItem('condo-shell-layout', JSON.stringify({ sidebar: 'compact', navigation: 'side' }));
    stubApi(sessionFor('board'));
    condominio('/condominio/comunicacion');
    const nav = await mainNav();
    // The compact styles load when chosen (src/views/app/shell/CompactNav.tsx).
    expect((await within(nav).findByRole('link', { name: 'Comunicación' })).textContent).toBe('');
  });

  it('shows administrators of a condominium in trial the days left, and board members nothing', async () => {
    const trial = { CondoStatus: 'P', endsubscription: dayjs().add(30, 'day').format('YYYY-MM-DD') };
    stubApi(sessionFor('admin', { condo: trial }));
    condominio('/condominio/comunicacion');
    expect(await screen.findByText('30 días de prueba restantes')).toBeTruthy();
  });

  it('shows no countdown to a board member of the same condominium', async () => {
    const trial = { CondoStatus: 'P', endsubscription: dayjs().add(30, 'day').format('YYYY-MM-DD') };
    stubApi(sessionFor('board', { condo: trial }));
    condominio('/condominio/comunicacion');
    await mainNav();
    expect(screen.queryByText(/días de prueba/)).toBeNull();
  });
});

describe('the profile menu', () => {
  beforeEach(() => useViewport('desktop'));

  it('offers Mi Perfil, the three languages and sign-out', async () => {
    stubApi(sessionFor('guard'));
    condominio('/condominio/comunicacion');
    fireEvent.click(await screen.findByRole('button', { name: 'Menú de Gabriel Flores Luna' }));
    const menu = await screen.findByRole('menu');
    expect((await within(menu).findByRole('menuitem', { name: 'Mi Perfil' })).getAttribute('href')).toBe('/condominio/mi-perfil');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Español', 'English', 'Français']);
    expect(within(menu).getByRole('menuitemradio', { name: 'Español' }).getAttribute('aria-checked')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Cerrar sesión' })).toBeTruthy();
  });

  it('saves the chosen language to the profile, then reloads the session data', async () => {
    const api = stubApi(sessionFor('guard'), {
      '/api/--sesiones/language': () => {
        api.setData(sessionFor('guard', { usuario: { language: 'en' } }));
        return new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } });
      },
    });
    condominio('/condominio/comunicacion');
    fireEvent.click(await screen.findByRole('button', { name: 'Menú de Gabriel Flores Luna' }));
    fireEvent.click(await within(await screen.findByRole('menu')).findByRole('menuitemradio', { name: 'English' }));
    await waitFor(() =>
      // The header's notifications panel loads its own (--notificaciones) beside these.
      expect(api.calls.filter((c) => c.path.startsWith('/api/--sesiones/')).map((c) => `${c.method} ${c.path}`)).toEqual([
        'GET /api/--sesiones/session-data',
        'POST /api/--sesiones/language',
        'GET /api/--sesiones/session-data',
      ]),
    );
    expect(api.calls.find((c) => c.path === '/api/--sesiones/language')?.body).toEqual({ language: 'en' });
  });

  it('says so when the language could not be saved', async () => {
    stubApi(sessionFor('guard'), {
      '/api/--sesiones/language': () =>
        new Response(JSON.stringify({ success: false, code: 'INTERNAL', message: 'boom' }), { status: 500 }),
    });
    condominio('/condominio/comunicacion');
    fireEvent.click(await screen.findByRole('button', { name: 'Menú de Gabriel Flores Luna' }));
    fireEvent.click(await within(await screen.findByRole('menu')).findByRole('menuitemradio', { name: 'English' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No se pudo guardar el idioma. Inténtalo de nuevo.');
    expect(screen.getByRole('menuitemradio', { name: 'Español' }).getAttribute('aria-checked')).toBe('true');
  });
});

describe('the phone shell', () => {
  beforeEach(() => useViewport('phone'));

  it('keeps the menu in a drawer behind the burger', async () => {
    stubApi(sessionFor('employee'));
    condominio('/condominio/comunicacion');
    const burger = await screen.findByRole('button', { name: 'Abrir menú' });
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    expect(screen.queryByRole('button', { name: /menú lateral/ })).toBeNull();
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(burger);
    const drawer = await screen.findByRole('dialog', { name: 'Residencial Las Palmas' });
    const nav = within(drawer).getByRole('navigation', { name: 'Menú principal' });
    expect(linkNames(nav)).toEqual(['Linea del tiempo', 'Panel del empleado']);
  });
});
