// The events calendar screen (comunicacion/calendario-eventos), the network stubbed at fetch: a phone opens on
// the agenda (days with their weekday in Spanish, each item a link named by title, kind and when, others'
// reservations "Ocupado" and not a link), the chips filter by kind, an empty period says so; a wide screen
// opens on the month grid (@mantine/schedule) whose items open their screens; the event's page with its dates,
// guest link and registrations; an administrator's edit that meets someone else's change; the subscription
// panel; someone who reads no EV section.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CalendarItem } from '../../src/api/calendar';
import CalendarPage from '../../src/views/calendar/CalendarPage';
import {
  ADMIN_HOME,
  BUSY,
  EDITABLE_EVENT,
  EVENT,
  event,
  FEED_URL,
  home,
  ITEMS,
  POSADA,
  RESIDENT_HOME,
} from '../support/calendarFixtures';
import { json } from '../support/http';
import { sessionFor } from '../support/sessionFixtures';
import { signedIn, stubApi, useViewport } from '../support/views/signedInShell';

afterEach(() => vi.unstubAllGlobals());
// Mantine's autosized textarea listens for web fonts loading, which happy-dom does not model.
beforeAll(() => {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} }, configurable: true });
});

const HOME = '/api/--calendario/home';
const ITEMS_PATH = '/api/--calendario/items';
const EVENT_PATH = '/api/--calendario/evento/21';
const SCREEN = '/comunicacion/calendario-eventos';
const itemsAnswer = (items: CalendarItem[]) => json({ success: true, items });
/** The query of every items call so far. */
const itemQueries = () =>
  (globalThis.fetch as unknown as { mock: { calls: [Request][] } }).mock.calls
    .map(([request]) => new URL(request.url))
    .filter((url) => url.pathname === ITEMS_PATH)
    .map((url) => Object.fromEntries(url.searchParams));
const page = () => document.querySelector('[data-calendar-view]')!;

describe('CalendarPage on a phone: the agenda', { timeout: 20_000 }, () => {
  it('lists the month ahead by day, items named by title, kind and when; Ocupado does not open', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident'), { [HOME]: () => json(RESIDENT_HOME), [ITEMS_PATH]: () => itemsAnswer(ITEMS) });
    signedIn(<CalendarPage />, SCREEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendario de eventos' })).toBeTruthy();
    await screen.findByText('6 elementos en este periodo');
    expect(page().getAttribute('data-calendar-view')).toBe('agenda');
    expect(page().getAttribute('data-calendar-state')).toBe('calendar.shown');
    expect(document.title).toBe('Residencial Las Palmas > Comunicación > Calendario de eventos | Comunidad');
    expect(itemQueries()).toEqual([{ desde: '2026-11-12', hasta: '2026-12-12' }]);
    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days.slice(0, 3)).toEqual([
      'Viernes, 13 de noviembre de 2026',
      'Domingo, 15 de noviembre de 2026',
      'Jueves, 19 de noviembre de 2026',
    ]);
    const posada = screen.getByRole('link', { name: 'Posada navideña, Evento, 13/11/2026 07:00 PM – 10:00 PM en Casa club' });
    expect(posada.getAttribute('href')).toBe('/comunicacion/calendario-eventos?evento=21');
    expect(
      screen.getByRole('link', { name: /^Cierre de votación: Impermeabilización, Cierre de votación, 27\/11\/2026 11:59 PM$/ }),
    ).toBeTruthy();
    // Someone else's reservation: the facility only, grey, no link.
    const busy = document.querySelector(`[data-calendar-item="${BUSY.clave}"]`)!;
    expect(within(busy as HTMLElement).getByText('Ocupado — Alberca')).toBeTruthy();
    expect(within(busy as HTMLElement).queryByRole('link')).toBeNull();
    // The legend names every kind and Ocupado.
    const legend = document.querySelector('[data-calendar-legend]') as HTMLElement;
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Evento', 'Asamblea', 'Reservación', 'Mis invitados', 'Cierre de votación', 'Ocupado']);
    expect(screen.queryByRole('link', { name: 'Nuevo evento' })).toBeNull();
    // A week's seven columns need a wide screen: a phone offers the agenda and the month.
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(['agenda', 'month']);
  });

  it('filters by kind, moves by 31 days, and says when a period is empty', async () => {
    useViewport('phone');
    let answer = ITEMS;
    stubApi(sessionFor('resident'), { [HOME]: () => json(RESIDENT_HOME), [ITEMS_PATH]: () => itemsAnswer(answer) });
    signedIn(<CalendarPage />, SCREEN);
    await screen.findByText('6 elementos en este periodo');
    answer = ITEMS.filter((i) => i.tipo !== 'encuesta');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Votaciones' }));
    await screen.findByText('5 elementos en este periodo');
    answer = [];
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('No hay eventos en este periodo.')).toBeTruthy();
    expect(page().getAttribute('data-calendar-state')).toBe('calendar.empty');
    expect(itemQueries()).toEqual([
      { desde: '2026-11-12', hasta: '2026-12-12' },
      { desde: '2026-11-12', hasta: '2026-12-12', tipos: 'evento,asamblea,reservacion,invitados' },
      { desde: '2026-12-13', hasta: '2027-01-12', tipos: 'evento,asamblea,reservacion,invitados' },
    ]);
    answer = ITEMS;
    fireEvent.click(screen.getByRole('button', { name: 'Hoy' }));
    await screen.findByText('6 elementos en este periodo');
  });

  it('tells someone who reads no EV section, and offers a retry when the server fails', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident'), {
      [HOME]: () => json({ success: false, code: 'FORBIDDEN', message: 'No tienes permiso para esta acción.' }, 403),
    });
    signedIn(<CalendarPage />, SCREEN);
    expect(await screen.findByText('No tienes acceso al calendario de eventos de este condominio.')).toBeTruthy();
    expect(page().getAttribute('data-calendar-state')).toBe('forbidden');
    vi.unstubAllGlobals();
    let fail = true;
    stubApi(sessionFor('resident'), {
      [HOME]: () => json(home()),
      [ITEMS_PATH]: () =>
        fail ? json({ success: false, code: 'INTERNAL', message: 'Ocurrió un error inesperado.' }, 500) : itemsAnswer(ITEMS),
    });
    signedIn(<CalendarPage />, SCREEN);
    expect(await screen.findByText('Ocurrió un error inesperado.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await screen.findByText('6 elementos en este periodo');
  });
});

describe('CalendarPage on a phone: the month', { timeout: 20_000 }, () => {
  it('draws the library’s mobile month, the chosen day’s items opening their screens', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident'), { [HOME]: () => json(RESIDENT_HOME), [ITEMS_PATH]: () => itemsAnswer(ITEMS) });
    signedIn(<CalendarPage />, SCREEN);
    await screen.findByText('6 elementos en este periodo');
    fireEvent.click(screen.getByRole('radio', { name: 'Mes' }));
    // The month's grid is its own chunk: on a loaded machine it takes more than waitFor's default second.
    await waitFor(() => expect(document.querySelector('[data-calendar-grid="month"]')).toBeTruthy(), { timeout: 5000 });
    expect(page().getAttribute('data-calendar-view')).toBe('month');
    expect(itemQueries().at(-1)).toEqual({ desde: '2026-10-26', hasta: '2026-12-06' });
    // The library's month view renders after the grid's frame; on a loaded machine a moment later.
    await waitFor(
      () => expect(document.querySelector('.mantine-MobileMonthView-mobileMonthView, [class*="MobileMonthView"]')).toBeTruthy(),
      { timeout: 5000 },
    );
  });
});

describe('CalendarPage on a wide screen: the month grid', { timeout: 20_000 }, () => {
  it('asks six weeks from Monday, draws the items as buttons that open their screens', async () => {
    useViewport('desktop');
    stubApi(sessionFor('resident'), {
      [HOME]: () => json(RESIDENT_HOME),
      [ITEMS_PATH]: () => itemsAnswer(ITEMS),
      [EVENT_PATH]: () => json({ success: true, evento: EVENT }),
    });
    const { location } = signedIn(<CalendarPage />, SCREEN);
    const posada = await screen.findByRole('button', {
      name: 'Posada navideña, Evento, 13/11/2026 07:00 PM – 10:00 PM en Casa club',
    });
    expect(page().getAttribute('data-calendar-view')).toBe('month');
    expect(document.querySelector('[data-calendar-grid="month"]')).toBeTruthy();
    expect(itemQueries()).toEqual([{ desde: '2026-10-26', hasta: '2026-12-06' }]);
    expect(screen.getByText('noviembre 2026')).toBeTruthy();
    // Others' reservations are there, grey, and open nothing.
    const busy = document.querySelector(`button[data-calendar-item="${BUSY.clave}"]`) as HTMLButtonElement;
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    expect(location.history).toEqual([SCREEN]);
    fireEvent.click(posada);
    await waitFor(() => expect(location.history.at(-1)).toBe(POSADA.ruta));
  });

  it('switches to the week grid', async () => {
    useViewport('desktop');
    stubApi(sessionFor('resident'), { [HOME]: () => json(RESIDENT_HOME), [ITEMS_PATH]: () => itemsAnswer(ITEMS) });
    signedIn(<CalendarPage />, SCREEN);
    await screen.findByText('6 elementos en este periodo');
    fireEvent.click(screen.getByRole('radio', { name: 'Semana' }));
    await waitFor(() => expect(document.querySelector('[data-calendar-grid="week"]')).toBeTruthy());
    expect(page().getAttribute('data-calendar-view')).toBe('week');
    expect(itemQueries().at(-1)).toEqual({ desde: '2026-11-09', hasta: '2026-11-15' });
    expect(screen.getByText('09/11/2026 – 15/11/2026')).toBeTruthy();
  });
});

describe('CalendarPage: one event', { timeout: 20_000 }, () => {
  it('shows its dates, place, guest link with its registrations', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident'), { [EVENT_PATH]: () => json({ success: true, evento: EVENT }) });
    signedIn(<CalendarPage />, `${SCREEN}?evento=21`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Posada navideña' })).toBeTruthy();
    expect(document.querySelector('[data-event-start]')!.textContent).toBe('13/11/2026 07:00 PM');
    expect(document.querySelector('[data-event-end]')!.textContent).toBe('13/11/2026 10:00 PM');
    expect(screen.getByText('Casa club')).toBeTruthy();
    expect(screen.getByText('3 de 50 invitados registrados')).toBeTruthy();
    expect(screen.getByText('Hasta 2 acompañantes por invitado')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar enlace' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Código QR del registro de invitados' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('shows a cancelled event with its reason', async () => {
    useViewport('phone');
    stubApi(sessionFor('resident'), {
      [EVENT_PATH]: () => json({ success: true, evento: event({ cancelado: true, motivo: 'Lluvia', puedeEditar: true }) }),
    });
    signedIn(<CalendarPage />, `${SCREEN}?evento=21`);
    expect(await screen.findByText('Evento cancelado: Lluvia')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('an administrator’s edit that meets someone else’s change shows the event as it is now', async () => {
    useViewport('phone');
    const fresh = event({ puedeEditar: true, Lugar: 'Jardín central', version: 2 });
    const { calls } = stubApi(sessionFor('admin'), {
      [EVENT_PATH]: () => json({ success: true, evento: EDITABLE_EVENT }),
      '/api/--calendario/editar': () =>
        json(
          {
            success: false,
            code: 'CONFLICT',
            message: 'Alguien más modificó el evento. Revisa la versión actual.',
            messageId: 'calendarNotices.refusal.changed',
            evento: fresh,
          },
          409,
        ),
    });
    signedIn(<CalendarPage />, `${SCREEN}?evento=21`);
    fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
    const title = screen.getByRole('textbox', { name: /Título/ });
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar evento' }));
    expect(await screen.findByText('Este campo es obligatorio.')).toBeTruthy();
    fireEvent.change(title, { target: { value: '  Posada 2026 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar evento' }));
    expect(await screen.findByText('Alguien más modificó el evento. Revisa la versión actual.')).toBeTruthy();
    expect(screen.getByText('Jardín central')).toBeTruthy();
    const sent = calls.find((c) => c.path === '/api/--calendario/editar')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      eventId: 21,
      version: 1,
      Titulo: 'Posada 2026',
      inicio: '2026-11-13T19:00',
      fin: '2026-11-13T22:00',
    });
  });
});

describe('CalendarPage: a new event', { timeout: 20_000 }, () => {
  it('an administrator publishes an assembly with a guest link, then sees its page', async () => {
    useViewport('phone');
    const created = event({
      EventId: 30,
      tipo: 'asamblea',
      Titulo: 'Asamblea extraordinaria',
      puedeEditar: true,
      registrados: 0,
    });
    const { calls } = stubApi(sessionFor('admin'), {
      [HOME]: () => json(ADMIN_HOME),
      '/api/--calendario/nuevo': () => json({ success: true, evento: created }),
      '/api/--calendario/evento/30': () => json({ success: true, evento: created }),
    });
    const { location } = signedIn(<CalendarPage />, `${SCREEN}?evento=nuevo`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuevo evento' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Asamblea' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Título/ }), { target: { value: ' Asamblea extraordinaria ' } });
    fireEvent.change(screen.getByLabelText(/^Fin/), { target: { value: '2026-11-13T17:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar evento' }));
    expect(await screen.findByText('El fin debe ser posterior al inicio.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Fin/), { target: { value: '2026-11-13T21:00' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Permitir registro de invitados' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar evento' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`${SCREEN}?evento=30`));
    expect(calls.find((c) => c.path === '/api/--calendario/nuevo')!.body).toEqual({
      sectionId: 40,
      tipo: 'asamblea',
      Titulo: 'Asamblea extraordinaria',
      Descripcion: '',
      Lugar: '',
      inicio: '2026-11-13T18:00',
      fin: '2026-11-13T21:00',
      invitados: { acompanantes: 0, limiteInvitados: null },
    });
  });
});

describe('CalendarPage: the subscription panel', { timeout: 20_000 }, () => {
  it('creates a link, shows it once with how to subscribe, replaces it after confirming, revokes it', async () => {
    useViewport('phone');
    const next = FEED_URL.replace('AbCdEf', 'ZyXwVu');
    let url = FEED_URL;
    const { calls } = stubApi(sessionFor('resident'), {
      [HOME]: () => json(RESIDENT_HOME),
      [ITEMS_PATH]: () => itemsAnswer([]),
      '/api/--calendario/feed/nuevo': () => json({ success: true, feedUrl: url }),
      '/api/--calendario/feed/revocar': () => json({ success: true, feedUrl: null }),
    });
    signedIn(<CalendarPage />, SCREEN);
    fireEvent.click(await screen.findByRole('button', { name: 'Crear enlace de suscripción' }));
    expect(((await screen.findByRole('textbox', { name: 'Tu enlace de suscripción' })) as HTMLInputElement).value).toBe(FEED_URL);
    expect(screen.getByText(/Otros calendarios → \+ → Desde URL/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Suscribirme en Apple Calendar' }).getAttribute('href')).toBe(
      FEED_URL.replace('https://', 'webcal://'),
    );
    url = next;
    fireEvent.click(screen.getByRole('button', { name: 'Generar un enlace nuevo' }));
    expect(screen.getByText(/El enlace actual dejará de funcionar/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sí, continuar' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Tu enlace de suscripción' }) as HTMLInputElement).value).toBe(next),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Revocar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sí, continuar' }));
    expect(await screen.findByRole('button', { name: 'Crear enlace de suscripción' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Tu enlace de suscripción' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/--calendario/feed')).map((c) => c.path)).toEqual([
      '/api/--calendario/feed/nuevo',
      '/api/--calendario/feed/nuevo',
      '/api/--calendario/feed/revocar',
    ]);
  });

  it('offers replacing or revoking a feed made before, whose URL is not kept', async () => {
    useViewport('phone');
    stubApi(sessionFor('admin'), { [HOME]: () => json({ ...ADMIN_HOME, tieneFeed: true }), [ITEMS_PATH]: () => itemsAnswer([]) });
    signedIn(<CalendarPage />, SCREEN);
    expect(await screen.findByText(/Tienes un enlace de suscripción activo/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revocar' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Crear enlace de suscripción' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Nuevo evento' }).getAttribute('href')).toBe(`${SCREEN}?evento=nuevo`);
  });
});
