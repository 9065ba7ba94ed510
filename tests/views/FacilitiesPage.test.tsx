// The instalaciones screen (comunicacion/instalaciones), the network stubbed at fetch: a resident's facility
// cards and tabs, the arrears notice, "Mis reservaciones" with a cancellation asked first and sent with its
// version, the administrator's queue with its count and a rejection that needs a reason, an empty condominium,
// and someone who reads no RI section.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReservationPage } from '../../src/api/reservations';
import FacilitiesPage from '../../src/views/reservations/FacilitiesPage';
import { json } from '../support/http';
import { ADMIN_HOME, dwelling, facility, home, reservation } from '../support/reservationFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const HOME = '/api/--instalaciones/home';
const MINE = '/api/--instalaciones/mis-reservaciones';
const ADMIN = '/api/--instalaciones/admin/reservaciones';
const CHANGE = '/api/--instalaciones/cambiar';
const open = () => signedIn(<FacilitiesPage />, '/comunicacion/instalaciones');
const page = (items: ReservationPage['items']): ReservationPage => ({ success: true, items, total: items.length });

describe('FacilitiesPage', { timeout: 20_000 }, () => {
  it('shows a resident the facilities as cards, on a phone too, with a notice for a dwelling in arrears', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident'), {
      [HOME]: () =>
        json(
          home({
            viviendas: [dwelling({ moroso: true, adeudo: 350_000, dias: 95 })],
            instalaciones: [
              facility({ fotos: [{ id: 1, nombre: 'Salón', url: '/api/--instalaciones/archivo/1?f=x' }] }),
              facility({
                FacilityId: 4,
                Nombre: 'Alberca',
                exclusiva: false,
                capacidad: 30,
                cuotaCents: 0,
                depositoCents: 0,
                requiereAprobacion: true,
              }),
            ],
          }),
        ),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservación de áreas comunes' })).toBeTruthy();
    expect(screen.getByText(/Viviendas con adeudo: Torre A - 101/)).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Secciones de reservaciones' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Instalaciones', 'Mis reservaciones']);
    const salon = within(screen.getByRole('article', { name: 'Salón de fiestas' }));
    expect(salon.getByRole('img', { name: 'Salón' })).toBeTruthy();
    expect(salon.getByText('Capacidad: 40 personas (uso exclusivo)')).toBeTruthy();
    expect(salon.getByText(/Cuota: \$500\.00/)).toBeTruthy();
    expect(salon.getByText(/Depósito: \$1,000\.00/)).toBeTruthy();
    expect(salon.getByRole('link', { name: 'Salón de fiestas: Reservar' }).getAttribute('href')).toBe(
      '/comunicacion/instalaciones/mostrar/3',
    );
    const pool = within(screen.getByRole('article', { name: 'Alberca' }));
    expect(pool.getByText('Requiere aprobación')).toBeTruthy();
    expect(pool.getByText('Sin cuota')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nueva instalación' })).toBeNull();
  });

  it('lists my upcoming reservations and cancels one after asking, with its version', async () => {
    useViewport('desktop');
    const api = stubApi(sessionFor('resident'), {
      [HOME]: () => json(home()),
      [MINE]: () => json(page([reservation()])),
      [CHANGE]: () =>
        json({
          success: true,
          reservacion: reservation({ estado: 'cancelada', fase: 'cancelada', acciones: [], deposito: 'devuelto', version: 2 }),
        }),
    });
    open();
    fireEvent.click(await screen.findByRole('tab', { name: 'Mis reservaciones' }));
    const card = within(await screen.findByRole('article', { name: /Salón de fiestas · 28\/11\/2026 02:00 PM – 06:00 PM/ }));
    expect(card.getByText('Confirmada')).toBeTruthy();
    expect(card.getByText(/Torre A - 101 · 20 personas · reservó Ana Residente/)).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Cancelar reservación' }));
    expect(card.getByText(/¿Cancelar esta reservación\?/)).toBeTruthy();
    // A resident's own cancellation needs no reason.
    expect(card.queryByLabelText(/Motivo/)).toBeNull();
    fireEvent.click(card.getByRole('button', { name: 'Sí, cancelar' }));
    expect(await screen.findByText('Reservación cancelada.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === CHANGE)?.body).toEqual({ reservationId: 70, version: 1, action: 'cancelar' });
    await waitFor(() => expect(api.calls.filter((c) => c.path === HOME)).toHaveLength(2));
  });

  it('gives administrators the queue with its count; a rejection needs a reason', async () => {
    const request = reservation({
      ReservationId: 71,
      estado: 'pendiente',
      fase: 'pendiente',
      acciones: ['aprobar', 'rechazar', 'cancelar'],
    });
    const api = stubApi(sessionFor('admin'), {
      [HOME]: () => json(ADMIN_HOME),
      [ADMIN]: () => json(page([request])),
      [CHANGE]: () =>
        json({
          success: true,
          reservacion: { ...request, estado: 'rechazada', fase: 'rechazada', acciones: [], motivo: 'Sin cupo', version: 2 },
        }),
    });
    open();
    expect(await screen.findByRole('button', { name: 'Nueva instalación' })).toBeTruthy();
    expect(screen.getByLabelText('2 solicitudes por aprobar')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Por aprobar/ }));
    const card = within(await screen.findByRole('article', { name: /28\/11\/2026/ }));
    fireEvent.click(card.getByRole('button', { name: 'Rechazar' }));
    fireEvent.click(card.getByRole('button', { name: 'Sí, rechazar' }));
    expect(await card.findByText('Escribe el motivo (hasta 500 caracteres).')).toBeTruthy();
    expect(api.calls.some((c) => c.path === CHANGE)).toBe(false);
    fireEvent.change(card.getByLabelText(/Motivo/), { target: { value: 'Sin cupo' } });
    fireEvent.click(card.getByRole('button', { name: 'Sí, rechazar' }));
    expect(await screen.findByText('Solicitud rechazada.')).toBeTruthy();
    expect(api.calls.find((c) => c.path === CHANGE)?.body).toEqual({
      reservationId: 71,
      version: 1,
      action: 'rechazar',
      motivo: 'Sin cupo',
    });
    const asked = (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
      .map(([r]) => new URL(r.url))
      .find((u) => u.pathname === ADMIN);
    expect(Object.fromEntries(asked!.searchParams)).toEqual({ estado: 'pendiente', limit: '20', offset: '0' });
  });

  it('says when there is no facility yet, and when the caller reads no RI section', async () => {
    stubApi(sessionFor('resident'), { [HOME]: () => json(home({ instalaciones: [] })) });
    const first = open();
    expect(await screen.findByText('Todavía no hay instalaciones para reservar.')).toBeTruthy();
    first.unmount();
    stubApi(sessionFor('resident'), { [HOME]: () => json({ success: false, code: 'FORBIDDEN', message: 'No.' }, 403) });
    open();
    expect(await screen.findByText('No tienes acceso a la reservación de áreas comunes en este condominio.')).toBeTruthy();
  });
});
