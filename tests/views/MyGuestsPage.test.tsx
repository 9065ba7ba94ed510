// Mis invitados renders its machine: empty states, a pass with its share links and "load more" until the
// total, revoking after a confirmation (the call carries the pass's id), the administrators' condo-link block,
// a failure with retry, and a refusal said in the server's words. The network is stubbed at fetch, the edge of
// this test.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MY_GUESTS_PAGE_SIZE, type MyGuestsOverview, type MyPass } from '../../src/api/myGuests';
import MyGuestsPage from '../../src/views/myGuests/MyGuestsPage';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const OVERVIEW: MyGuestsOverview = {
  success: true,
  CondoId: 1,
  dwellings: [{ AptId: 7, AptName: '101', TorreName: 'Torre A' }],
  accessPoints: [{ PuntoAccesoId: 3, Nombre: 'Acceso principal', Address: null, Coordinates: null }],
  canInvite: true,
  canManageCondoLink: false,
  condoLinks: [],
};
const pass = (id: number): MyPass => ({
  id,
  Tipo: 'domestico',
  Nombre: `Visita ${id}`,
  Email: null,
  Telefono: null,
  QR: `QR${id}`,
  ClaveManual: 'ABCD2345',
  DiasAcceso: ['lunes', 'viernes'],
  FechaInicio: '2026-11-21',
  FechaFin: '2026-12-21',
  HoraInicio: '08:00',
  HoraFin: '17:30',
  NombreInfante: null,
  TorreName: 'Torre A',
  AptName: '101',
  CondoId: 1,
  createdAt: '2026-11-21T16:00:00.000Z',
});
const P = {
  overview: '/api/--mis-invitados/resumen',
  passes: '/api/--mis-invitados/pases',
  links: '/api/--mis-invitados/links',
  revokePass: '/api/--mis-invitados/revocar-pase',
};
const emptyPage = () => json({ success: true, items: [], total: 0 });

describe('MyGuestsPage', () => {
  it('shows the empty states, and no condo-link block to a resident', async () => {
    stubApi(sessionFor('resident'), { [P.overview]: () => json(OVERVIEW), [P.passes]: emptyPage, [P.links]: emptyPage });
    signedIn(<MyGuestsPage />, '/mis-invitados');
    expect(await screen.findByText('Todavía no tienes pases')).toBeTruthy();
    expect(screen.getByText('Todavía no tienes links')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nuevo pase' })).toBeTruthy();
    expect(screen.queryByText('Link del condominio')).toBeNull();
  });

  it('lists passes with their share links, pages them, and revokes one after a confirmation', async () => {
    const all = Array.from({ length: MY_GUESTS_PAGE_SIZE + 2 }, (_, i) => pass(100 - i));
    let query = new URLSearchParams();
    const api = stubApi(sessionFor('resident'), {
      [P.overview]: () => json(OVERVIEW),
      [P.passes]: () => {
        const offset = Number(query.get('offset'));
        return json({ success: true, items: all.slice(offset, offset + MY_GUESTS_PAGE_SIZE), total: all.length });
      },
      [P.links]: emptyPage,
      [P.revokePass]: () => json({ success: true }),
    });
    const answer = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        if (url.pathname === P.passes) query = url.searchParams;
        return answer(request);
      }),
    );
    signedIn(<MyGuestsPage />, '/mis-invitados');
    const list = await screen.findByRole('list', { name: 'Pases de visita' });
    const items = () => within(list).getAllByRole('listitem');
    expect(items()).toHaveLength(MY_GUESTS_PAGE_SIZE);
    const first = items()[0]!;
    expect(first.textContent).toContain('Servicio doméstico');
    expect(first.textContent).toContain('21/11/2026 – 21/12/2026 · 8:00 AM – 5:30 PM · Lunes, Viernes · Torre A - 101');
    expect(within(first).getByRole('link', { name: 'Abrir el pase de Visita 100' }).getAttribute('href')).toBe(
      '/invitacion/1/QR100',
    );
    const whatsApp = within(first).getByRole('link', { name: 'WhatsApp' }).getAttribute('href')!;
    expect(decodeURIComponent(whatsApp)).toMatch(
      /^https:\/\/wa\.me\/\?text=Hola Visita 100, este es tu pase de acceso a Residencial Las Palmas: http.*\/invitacion\/1\/QR100$/,
    );
    expect(screen.getByText(`Mostrando ${MY_GUESTS_PAGE_SIZE} de ${all.length}`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(items()).toHaveLength(all.length));
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();

    fireEvent.click(within(items()[0]!).getByRole('button', { name: 'Revocar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Revocar el pase?' });
    expect(dialog.textContent).toContain('El pase de Visita 100 dejará de funcionar de inmediato.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revocar pase' }));
    await waitFor(() => expect(items()).toHaveLength(all.length - 1));
    expect(api.calls.find((c) => c.path === P.revokePass)?.body).toEqual({ id: 100 });
    expect(screen.getByText(`Mostrando ${all.length - 1} de ${all.length - 1}`)).toBeTruthy();
  });

  it('gives administrators the condo-link block', async () => {
    stubApi(sessionFor('admin'), {
      [P.overview]: () =>
        json({
          ...OVERVIEW,
          canManageCondoLink: true,
          condoLinks: [{ id: 5, token: 'demo-condominio', createdAt: '2026-11-21T16:00:00.000Z' }],
        }),
      [P.passes]: emptyPage,
      [P.links]: emptyPage,
    });
    signedIn(<MyGuestsPage />, '/mis-invitados');
    const block = await screen.findByRole('list', { name: 'Link del condominio' });
    expect(within(block).getByRole('link', { name: 'Abrir el link demo-condominio' }).getAttribute('href')).toBe(
      '/registro-invitados/demo-condominio',
    );
    expect(screen.getByRole('button', { name: 'Nuevo link del condominio' })).toBeTruthy();
  });

  it('says so when the list cannot load, and tries again', async () => {
    let fail = true;
    stubApi(sessionFor('resident'), {
      [P.overview]: () => (fail ? json({ success: false, code: 'INTERNAL', message: 'x' }, 500) : json(OVERVIEW)),
      [P.passes]: emptyPage,
      [P.links]: emptyPage,
    });
    signedIn(<MyGuestsPage />, '/mis-invitados');
    expect(await screen.findByText('No pudimos cargar tus invitados')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Todavía no tienes pases')).toBeTruthy();
  });

  it('says a refusal of the first load in the server’s words, not as a lost connection', async () => {
    const refusal = 'No tienes permiso para esta acción.';
    stubApi(sessionFor('employee'), {
      [P.overview]: () => json({ success: false, code: 'FORBIDDEN', message: refusal, messageId: 'errors.forbidden' }, 403),
      [P.passes]: emptyPage,
      [P.links]: emptyPage,
    });
    signedIn(<MyGuestsPage />, '/mis-invitados');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No pudimos cargar tus invitados')).toBeTruthy();
    expect(within(alert).getByText(refusal)).toBeTruthy();
    expect(alert.textContent).not.toMatch(/conexión|comunicarnos/);
  });
});
