// The events calendar in Chromium (issue 15). A resident with a pool reservation (made through the API) opens the
// calendar from the communication home: on a wide screen the month grid (and the week), on a phone the agenda;
// both show the administration's events, the assembly and the resident's own reservation; the kind filter takes
// the reservations out; an event opens its own page. Then the resident creates their personal subscription and
// the ICS file it points to is read by a real calendar parser (ical.js) with the same events. Screenshots go to
// /tmp/calendar-shots.
//
// Accounts (accounts.ts): vecino016 on desktop, vecino017 on the phone — each books the pool and makes a feed,
// so each project has its own.
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import ICAL from 'ical.js';
import { DEMO_CALENDAR, DEMO_RESERVATIONS, demoReservationDay } from '../../server/db/seed/demoFacts';
import { CALENDAR_PATHS } from '../../src/api/calendar';
import { type HomeAnswer, RESERVATIONS_PATHS, type ReservationAnswer } from '../../src/api/reservations';
import { savedToken, signedInByProject } from '../support/e2e/accounts';
import { expect, shotsIn, test } from './fixtures';

const SHOTS = '/tmp/calendar-shots';
const shot = shotsIn(SHOTS);

const ACCOUNTS = { desktop: ['vecino016@demo.mx'], phone: ['vecino017@demo.mx'] } as const;
test.use({ storageState: signedInByProject(ACCOUNTS) });

const emailOf = (testInfo: TestInfo) => ACCOUNTS[testInfo.project.name as keyof typeof ACCOUNTS][0];

/** Books two places of the pool on the first day from +4 its rules allow, at 10:00 (API set-up). */
async function bookPool(request: APIRequestContext, email: string) {
  const headers = { 'app-token': savedToken(email) };
  const home = (await (await request.get(`/api${RESERVATIONS_PATHS.home}`, { headers })).json()) as HomeAnswer;
  const pool = home.instalaciones.find((f) => f.Nombre === DEMO_RESERVATIONS.facilities.pool)!;
  const dwelling = home.viviendas[0]!;
  for (let days = 4; days < 12; days++) {
    const booked = await request.post(`/api${RESERVATIONS_PATHS.book}`, {
      headers,
      data: {
        facilityId: pool.FacilityId,
        ApmtId: dwelling.ApmtId,
        fecha: demoReservationDay(new Date(), days),
        desde: '10:00',
        hasta: '12:00',
        personas: 2,
        aceptaReglamento: true,
        nota: '',
      },
    });
    if (booked.status() === 201) return ((await booked.json()) as ReservationAnswer).reservacion;
  }
  throw new Error('the pool had no free morning in a week');
}

/** A view of the segmented control, by its label (the radio itself is hidden behind it). */
const chooseView = (page: Page, name: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();

/** An item of the calendar, moving to the next period until it shows (a month or an agenda may end first). The
 * month and week grids load their own chunk after the items: each period gets some seconds to draw. */
async function item(page: Page, key: string) {
  const found = page.locator(`[data-calendar-item="${key}"]`).filter({ visible: true }).first();
  for (let step = 0; step < 2; step++) {
    const shown = await found
      .waitFor({ state: 'visible', timeout: 15_000 })
      .then(() => true)
      .catch(() => false);
    if (shown) break;
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(page.locator('[data-calendar-state="calendar.shown"]')).toBeVisible();
  }
  await expect(found).toBeVisible();
  return found;
}

/** Opens an item: the agenda's items are links inside their row, the grids' are buttons. */
async function openItem(found: Locator) {
  const link = found.getByRole('link');
  await ((await link.count()) > 0 ? link.first() : found).click();
}

test(
  'the calendar gathers events, the assembly and the resident’s reservation; the feed says the same',
  { tag: '@phone-only' },
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const phone = testInfo.project.name === 'phone';
    const reservation = await bookPool(request, emailOf(testInfo));

    await page.goto('/condominio/comunicacion');
    await page
      .getByRole('list', { name: 'Secciones de tu condominio' })
      .getByRole('link', { name: 'Calendario de eventos' })
      .click();
    await expect(page.getByRole('heading', { name: 'Calendario de eventos', level: 1 })).toBeVisible();
    const calendar = page.locator('[data-calendar-view]');
    await expect(calendar).toHaveAttribute('data-calendar-view', phone ? 'agenda' : 'month');
    await expect(page.locator('[data-calendar-state="calendar.shown"]')).toBeVisible();

    // The administration's event two days ahead.
    await expect(await item(page, `evento-${await eventId(page, DEMO_CALENDAR.cleaning.title)}`)).toBeVisible();
    await shot(page, testInfo, phone ? 'agenda' : 'month');
    if (phone) {
      // Phones also have the month.
      await chooseView(page, 'Mes');
      await expect(calendar).toHaveAttribute('data-calendar-view', 'month');
      await expect(page.locator('[data-calendar-state="calendar.shown"]')).toBeVisible();
      await expect(page.locator('[data-calendar-grid="month"]')).toBeVisible();
      await shot(page, testInfo, 'month');
    } else {
      await chooseView(page, 'Semana');
      await expect(calendar).toHaveAttribute('data-calendar-view', 'week');
      await expect(page.locator('[data-calendar-state="calendar.shown"]')).toBeVisible();
      await expect(page.locator('[data-calendar-grid="week"]')).toBeVisible();
      await shot(page, testInfo, 'week');
    }
    // The agenda lists every item of the next 31 days (a month cell folds a busy day's items under "+n").
    await chooseView(page, 'Agenda');
    await expect(calendar).toHaveAttribute('data-calendar-view', 'agenda');
    await expect(page.locator('[data-calendar-state="calendar.shown"]')).toBeVisible();

    // The resident's own reservation, in full.
    const own = await item(page, `reservacion-${reservation.ReservationId}`);
    await expect(own).toHaveAttribute('data-calendar-kind', 'reservacion');
    await expect(own).not.toContainText('Ocupado');

    // The kind filter takes the reservations out.
    // (A chip: its input is hidden behind its label, which is what a person clicks.)
    const chip = page.locator(`label[for="${await page.getByRole('checkbox', { name: 'Reservaciones' }).getAttribute('id')}"]`);
    await chip.click();
    await expect(page.getByRole('checkbox', { name: 'Reservaciones' })).not.toBeChecked();
    await expect(page.locator(`[data-calendar-item="reservacion-${reservation.ReservationId}"]`)).toHaveCount(0);
    await chip.click();
    await expect(page.locator(`[data-calendar-item="reservacion-${reservation.ReservationId}"]`).first()).toBeVisible();

    // The assembly opens its own page.
    await openItem(await item(page, `evento-${await eventId(page, DEMO_CALENDAR.assembly.title)}`));
    await expect(page).toHaveURL(/\/condominio\/comunicacion\/calendario-eventos\?evento=\d+$/);
    await expect(page.getByRole('heading', { name: DEMO_CALENDAR.assembly.title })).toBeVisible();
    await shot(page, testInfo, 'event');

    // The personal subscription: a secret URL whose file a calendar parser reads with the same events.
    await page.goto('/condominio/comunicacion/calendario-eventos');
    await page.getByRole('button', { name: 'Crear enlace de suscripción' }).click();
    const url = await page.getByRole('textbox', { name: 'Tu enlace de suscripción' }).inputValue();
    expect(url).toMatch(/^https?:\/\/.+\/--calendario\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    await shot(page, testInfo, 'feed');
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const bySummary = (summary: string) => events.find((e) => e.summary === summary);
    expect(bySummary(DEMO_CALENDAR.assembly.title)?.location).toBe(DEMO_CALENDAR.assembly.place);
    expect(bySummary(DEMO_CALENDAR.cleaning.title)).toBeDefined();
    const pool = events.find((e) => e.uid.startsWith(`reservacion-${reservation.ReservationId}@`));
    expect(pool?.startDate.toJSDate().toISOString()).toBe(new Date(reservation.inicio).toISOString());
    expect(pool?.endDate.toJSDate().toISOString()).toBe(new Date(reservation.fin).toISOString());
  },
);

/** The id of a published event, read from the calendar's items (the clave is 'evento-<id>'). */
async function eventId(page: Page, title: string): Promise<number> {
  const token = await page.evaluate(() => window.localStorage.getItem('app-token'));
  const today = demoReservationDay(new Date(), 0);
  const until = demoReservationDay(new Date(), 40);
  const answer = (await (
    await page.request.get(`/api${CALENDAR_PATHS.items}?desde=${today}&hasta=${until}&tipos=evento,asamblea`, {
      headers: { 'app-token': token ?? '' },
    })
  ).json()) as { items: { clave: string; Titulo: string }[] };
  const found = answer.items.find((i) => i.Titulo === title);
  if (!found) throw new Error(`no event ${title}`);
  return Number(found.clave.replace('evento-', ''));
}
