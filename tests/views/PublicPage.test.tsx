// The public page renders what the server answers: the condominium of ?id= or of the host, its colour
// (gris for an unknown one), only the phones it has, no map frame without a sanitized map, the not-found
// state; the sign-in card sends the host's subdomain; a contact card opens its form once its dialogs are in and
// takes the focus back when closed; a captcha that cannot be fetched shows the spec's message in the error dialog. The network is stubbed at fetch, the edge of this test.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicCondo } from '../../src/api/publicPage';
import PublicPage from '../../src/views/public/PublicPage';
import { json } from '../support/http';
import { renderWithApp } from '../support/views/renderWithApp';

afterEach(() => vi.unstubAllGlobals());

const CONDO: PublicCondo = {
  CondoId: 5,
  CondoName: 'Jardines del Lago',
  CondoAdminCmpny: null,
  CondoAddress1: 'Calle del Lago 10',
  CondoAddress2: null,
  CondoCity: 'Chapala',
  CondoState: 'Jalisco',
  CondoZip: null,
  CondoCountry: null,
  CondoPhone1: '3311112222',
  CondoPhone2: null,
  CondoPhoneCountry1: '52',
  CondoPhoneCountry2: null,
  Mapa: null,
  LogoFileName: null,
  publicidad: null,
  MasInformacion: null,
  CondoBackgroundColor: 'morado',
};

function stubServer(routes: Record<string, (request: Request) => Response | Promise<Response>>) {
  const seen: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      const body = request.method === 'GET' ? null : await request.clone().json();
      seen.push({ method: request.method, path, body });
      const route = routes[`${request.method} ${path}`];
      return route ? route(request) : json({ success: false, code: 'NOT_FOUND', message: 'No existe.' }, 404);
    }),
  );
  return seen;
}

describe('PublicPage', () => {
  it('shows the condominium of ?id= with gris for an unknown colour, its one phone and no map', async () => {
    stubServer({ 'GET /api/--pagina-publica/condo/5': () => json({ success: true, data: CONDO }) });
    const { container } = renderWithApp(<PublicPage />, { path: '/pagina-publica?id=5' });
    expect(await screen.findByRole('heading', { name: 'Jardines del Lago' })).toBeTruthy();
    expect(container.querySelector('main')?.getAttribute('data-background')).toBe('gris');
    expect(screen.getByRole('link', { name: '+52 33 1111 2222' }).getAttribute('href')).toBe('tel:+523311112222');
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Calle del Lago 10, Chapala, Jalisco')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Solicitar acceso' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contactar admin' })).toBeTruthy();
  });

  it('offers its three languages, the one shown pressed, and switches to the one picked (spec §1)', async () => {
    stubServer({ 'GET /api/--pagina-publica/condo/5': () => json({ success: true, data: CONDO }) });
    renderWithApp(<PublicPage />, { path: '/pagina-publica?id=5', language: 'en' });
    const languages = await screen.findByRole('navigation', { name: 'Language' });
    expect(within(languages).getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Request access' })).toBeTruthy();
    fireEvent.click(within(languages).getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('button', { name: 'Demander l’accès' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Langue' })).getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('button', { name: 'Solicitar acceso' })).toBeTruthy();
  });

  it('says so when the condominium does not exist', async () => {
    stubServer({});
    renderWithApp(<PublicPage />, { path: '/pagina-publica?id=77' });
    expect(await screen.findByRole('heading', { name: 'Condominio no encontrado' })).toBeTruthy();
  });

  it('without ?id= asks for the host’s condominium, and signs in with its subdomain', async () => {
    const seen = stubServer({
      'GET /api/--pagina-publica/condo-del-host': () => json({ success: true, data: CONDO, subdomain: 'lago' }),
      'POST /api/--sesiones/sign-in': () =>
        json({ success: false, code: 'INVALID_CREDENTIALS', message: 'Usuario o Contraseña incorrecta' }, 401),
    });
    renderWithApp(<PublicPage />, { path: '/pagina-publica' });
    await screen.findByRole('heading', { name: 'Jardines del Lago' });
    fireEvent.change(screen.getByRole('textbox', { name: /Correo electrónico/ }), { target: { value: 'ana@demo.mx' } });
    fireEvent.change(screen.getByLabelText(/^Contraseña/, { selector: 'input' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingresar' }));
    await screen.findByText('Usuario o Contraseña incorrecta');
    expect(seen.find((r) => r.path === '/api/--sesiones/sign-in')?.body).toMatchObject({ subdomain: 'lago' });
  });

  it('opens a contact card’s form once its dialogs are in, and gives the focus back to its button when closed', async () => {
    stubServer({ 'GET /api/--pagina-publica/condo/5': () => json({ success: true, data: CONDO }) });
    renderWithApp(<PublicPage />, { path: '/pagina-publica?id=5' });
    const button = await screen.findByRole('button', { name: 'Contactar admin' });
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Contactar admin' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(document.activeElement).toBe(button));
    // Open again: the dialogs are in, the form opens at once.
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Contactar admin' })).toBeTruthy();
  });

  it('shows the spec’s message in the error dialog when the captcha cannot be had, and sends nothing', async () => {
    const seen = stubServer({
      'GET /api/--pagina-publica/condo/5': () => json({ success: true, data: CONDO }),
      'GET /api/--pagina-publica/captcha': () => new Response('down', { status: 502 }),
    });
    renderWithApp(<PublicPage />, { path: '/pagina-publica?id=5' });
    fireEvent.click(await screen.findByRole('button', { name: 'Solicitar acceso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar acceso' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(within(dialog).getByText('La vivienda es requerida.')).toBeTruthy();
    expect(within(dialog).getByText('El nombre completo es requerido.')).toBeTruthy();
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByLabelText(label, { selector: 'input, textarea' }), { target: { value } });
    fill(/^Nombre completo/, 'Ana');
    fill(/^Correo electrónico/, 'ana@example.com');
    fill(/^Teléfono/, '3311112222');
    fill(/^Comentarios/, 'Hola');
    fill(/^Vivienda/, 'Casa 3');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(screen.getByText('Hubo un error al enviar el formulario')).toBeTruthy());
    expect(await screen.findByRole('dialog', { name: 'Error' }, { timeout: 3000 })).toBeTruthy();
    expect(seen.some((r) => r.path === '/api/--pagina-publica/contactar')).toBe(false);
  });
});
