// One facility's page (comunicacion/instalaciones/mostrar/{facilityID}), the network stubbed at fetch: the
// facts and hours, the day view on a phone and the week view on a wide screen, a booking from a free time
// through the details and the rules to "¡Reservación confirmada!", a time taken meanwhile (409 ocupado) said
// in words and the availability read again, and ?reservacion=ID opening that reservation.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FacilityPage from '../../src/views/reservations/FacilityPage';
import { json } from '../support/http';
import { availability, facility, home, reservation } from '../support/reservationFixtures';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());

const HOME = '/api/--instalaciones/home';
const FACILITY = '/api/--instalaciones/instalacion/3';
const DAYS = '/api/--instalaciones/disponibilidad';
const BOOK = '/api/--instalaciones/reservar';
const RESERVATION = '/api/--instalaciones/reservacion/70';
const open = (search = '') =>
  signedIn(<FacilityPage params={{ facilityID: '3' }} />, `/comunicacion/instalaciones/mostrar/3${search}`);
const daysAsked = () =>
  (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
    .map(([r]) => new URL(r.url))
    .filter((u) => u.pathname === DAYS)
    .map((u) => Object.fromEntries(u.searchParams));
const flow = () => document.querySelector('[data-booking-state]')?.getAttribute('data-booking-state');

const standard = () => ({
  [HOME]: () => json(home()),
  [FACILITY]: () => json({ success: true, instalacion: facility() }),
  [DAYS]: (url?: URL) =>
    json(availability(url?.searchParams.get('desde') ?? '2026-11-27', Number(url?.searchParams.get('dias') ?? 1))),
});

describe('FacilityPage', { timeout: 20_000 }, () => {
  it('shows a phone the day’s times and books a free one through details and rules', async () => {
    useViewport('phone');
    const api = stubApi(sessionFor('resident'), {
      ...standard(),
      [DAYS]: () => json(availability('2026-11-27', 1)),
      [BOOK]: () => json({ success: true, reservacion: reservation({ desde: '18:00', hasta: '22:00', fecha: '2026-11-27' }) }),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Salón de fiestas' })).toBeTruthy();
    const hours = screen.getByRole('table', { name: 'Horario' });
    expect(within(hours).getByRole('row', { name: /Lunes/ }).textContent).toContain('10:00 AM – 10:00 PM');
    await waitFor(() => expect(daysAsked()).toEqual([{ facilityId: '3', desde: '2026-11-27', dias: '1' }]));
    const taken = await screen.findByRole('button', { name: '02:00 PM – 06:00 PM · Ocupado' });
    expect(taken.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: '10:00 AM – 02:00 PM · Ya pasó' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '06:00 PM – 10:00 PM · Libre' }));
    await waitFor(() => expect(flow()).toBe('details'));
    // The booking dialog loads when a booking starts (src/views/reservations/FacilityPage.tsx).
    fireEvent.change(await screen.findByLabelText(/Número de personas/), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(flow()).toBe('confirming'));
    expect(within(screen.getByRole('dialog')).getByText('No se permite música después de las 22:00.')).toBeTruthy();
    const confirm = screen.getByRole('button', { name: 'Confirmar reservación' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Leí y acepto el reglamento'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar reservación' }));
    expect(await screen.findByText('¡Reservación confirmada!')).toBeTruthy();
    expect(api.calls.find((c) => c.path === BOOK)?.body).toEqual({
      facilityId: 3,
      ApmtId: 101,
      fecha: '2026-11-27',
      desde: '18:00',
      hasta: '22:00',
      personas: 25,
      aceptaReglamento: true,
      nota: '',
    });
    // The availability is read again after the booking.
    await waitFor(() => expect(daysAsked()).toHaveLength(2));
  });

  it('says why when the time was taken meanwhile, and offers another', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident'), {
      ...standard(),
      [DAYS]: () => json(availability('2026-11-27', 1)),
      [BOOK]: () =>
        json(
          {
            success: false,
            code: 'CONFLICT',
            messageId: 'reservationsNotices.refused.ocupado',
            motivo: 'ocupado',
            message: 'Horario no disponible: ya está reservado.',
          },
          409,
        ),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: '06:00 PM – 10:00 PM · Libre' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    fireEvent.click(await screen.findByLabelText('Leí y acepto el reglamento'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar reservación' }));
    const alert = await screen.findByRole('alert', { name: /No se pudo reservar/ });
    expect(within(alert).getAllByText('Horario no disponible: ya está reservado.').length).toBeGreaterThan(0);
    expect(flow()).toBe('refused');
    fireEvent.click(screen.getByRole('button', { name: 'Elegir otro horario' }));
    await waitFor(() => expect(flow()).toBe('choosing'));
  });

  it('shows a wide screen the week from Monday', async () => {
    useViewport('desktop');
    stubApi(sessionFor('resident'), { ...standard(), [DAYS]: () => json(availability('2026-11-23', 7)) });
    open();
    await waitFor(() => expect(daysAsked()).toEqual([{ facilityId: '3', desde: '2026-11-23', dias: '7' }]));
    expect(await screen.findAllByRole('region')).toHaveLength(7);
    expect(document.querySelector('[data-availability-view]')?.getAttribute('data-availability-view')).toBe('semana');
  });

  it('opens the reservation of ?reservacion=ID with its cancel button', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident'), {
      ...standard(),
      [DAYS]: () => json(availability('2026-11-27', 1)),
      [RESERVATION]: () => json({ success: true, reservacion: reservation() }),
    });
    open('?reservacion=70');
    const section = await screen.findByRole('region', { name: 'Reservación' });
    const card = within(await within(section).findByRole('article'));
    expect(card.getByText('Confirmada')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Cancelar reservación' })).toBeTruthy();
    expect(card.getByText(/Puedes cancelar hasta el/)).toBeTruthy();
  });

  it("shows a Tijuana condominium's reservation on Tijuana's clock: its hours and the last moment to cancel", async () => {
    useViewport('phone');
    // Monday 9 March 2026 12:00–14:00 PDT (UTC−7); cancellable until 72 hours before, Friday 11:00 PST (UTC−8),
    // which Mexico City's clock would read as 13:00.
    stubApi(sessionFor('resident', { condo: { timeZone: 'America/Tijuana' } }), {
      ...standard(),
      [DAYS]: () => json(availability('2026-11-27', 1)),
      [RESERVATION]: () =>
        json({
          success: true,
          reservacion: reservation({
            fecha: '2026-03-09',
            desde: '12:00',
            hasta: '14:00',
            inicio: '2026-03-09T19:00:00.000Z',
            fin: '2026-03-09T21:00:00.000Z',
            cancelarAntesDe: '2026-03-06T19:00:00.000Z',
          }),
        }),
    });
    open('?reservacion=70');
    const section = await screen.findByRole('region', { name: 'Reservación' });
    const card = await within(section).findByRole('article');
    expect(card.textContent).toContain('09/03/2026');
    expect(card.textContent).toContain('12:00 PM – 02:00 PM');
    expect(within(card).getByText('Puedes cancelar hasta el 06/03/2026 11:00 AM.')).toBeTruthy();
  });
});
