// Facility reservations in Chromium (issue 15). A resident books the pádel court through the whole flow
// (reservationMachine: choosing → details → confirming → submitting → confirmed), while a neighbour who opened
// the same day a moment earlier asks for the same hour and is refused as taken — the race the server settles
// under the facility's lock. The administrator approves one of the two pending Salón requests for the same
// evening (the other is then refused as taken), and the fee and the deposit appear on that dwelling's account
// statement. Screenshots go to /tmp/reservations-shots.
//
// Accounts (accounts.ts lists who uses which): the bookers are this spec's own, one pair per project
// (vecino032 and vecino038 on desktop, vecino033 and vecino039 on the phone) because the court's weekly limit
// and the taken hour are per dwelling and per slot; vecino028 and vecino029 are the demo's two Salón requests
// (desktop only: an approval happens once).
import type { Browser, Page, TestInfo } from '@playwright/test';
import { DEMO_RESERVATIONS, demoPendingSalonDate, demoReservationDay } from '../../server/db/seed/demoFacts';
import { RESERVATIONS_PATHS, type ReservationPage } from '../../src/api/reservations';
import { savedToken, signedIn } from '../support/e2e/accounts';
import { expect, shotsIn, test } from './fixtures';

const SHOTS = '/tmp/reservations-shots';

const shot = shotsIn(SHOTS);

/** Per project: who books, who races for the same hour, and which hour of which free day. */
const BOOKINGS: Record<string, { booker: string; rival: string; days: number; hour: string }> = {
  desktop: { booker: 'vecino032@demo.mx', rival: 'vecino038@demo.mx', days: DEMO_RESERVATIONS.freePadelDays[0], hour: '18:00' },
  phone: { booker: 'vecino033@demo.mx', rival: 'vecino039@demo.mx', days: DEMO_RESERVATIONS.freePadelDays[1], hour: '19:00' },
};

async function pageAs(browser: Browser, testInfo: TestInfo, email: string) {
  const context = await browser.newContext({
    ...testInfo.project.use,
    storageState: signedIn(email),
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
  });
  return context.newPage();
}

/** From the communication home, the reservations section, then one facility's page. */
async function openFacility(page: Page, name: string) {
  await page.goto('/condominio/comunicacion');
  await page
    .getByRole('list', { name: 'Secciones de tu condominio' })
    .getByRole('link', { name: 'Reservación de áreas comunes' })
    .click();
  await expect(page).toHaveURL(/\/condominio\/comunicacion\/instalaciones$/);
  await page.getByRole('link', { name: `${name}: Reservar` }).click();
  await expect(page).toHaveURL(/\/condominio\/comunicacion\/instalaciones\/mostrar\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
}

/** The time button of that moment, moving the day or week view forward until it shows. */
async function timeChoice(page: Page, moment: string) {
  const choice = page.locator(`[data-choice-time="${moment}"]`);
  for (let step = 0; step < 7 && !(await choice.isVisible()); step++) {
    await expect(page.locator('[data-availability-state]')).not.toHaveAttribute('data-availability-state', 'loading');
    if (await choice.isVisible()) break;
    await page.getByRole('button', { name: /^(Día|Semana) siguiente$/ }).click();
    await expect(page.locator('[data-availability-state="shown"]')).toBeVisible();
  }
  await expect(choice).toBeVisible();
  return choice;
}

const bookingState = (page: Page) => page.locator('[data-booking-state]');

/** Choose the time, the people and accept the rules, stopping before confirming. */
async function fillBooking(page: Page, moment: string, people: number) {
  await (await timeChoice(page, moment)).click();
  await expect(bookingState(page)).toHaveAttribute('data-booking-state', 'details');
  await page.getByLabel('Número de personas').fill(String(people));
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(bookingState(page)).toHaveAttribute('data-booking-state', 'confirming');
  await page.getByLabel('Leí y acepto el reglamento').check();
}

test(
  'a resident books the pádel court; a neighbour racing for the same hour is refused as taken',
  { tag: '@phone-only' },
  async ({ browser }, testInfo) => {
    test.setTimeout(120_000);
    const { booker, rival, days, hour } = BOOKINGS[testInfo.project.name]!;
    const moment = `${demoReservationDay(new Date(), days)}T${hour}`;
    const padel = DEMO_RESERVATIONS.facilities.padel;

    const mine = await pageAs(browser, testInfo, booker);
    const theirs = await pageAs(browser, testInfo, rival);
    await openFacility(mine, padel);
    await openFacility(theirs, padel);
    // Both see the hour free.
    await expect(await timeChoice(mine, moment)).toHaveAttribute('data-choice-state', 'libre');
    await expect(await timeChoice(theirs, moment)).toHaveAttribute('data-choice-state', 'libre');
    await fillBooking(theirs, moment, 2);
    await fillBooking(mine, moment, 4);
    await shot(mine, testInfo, 'padel-confirming');

    await mine.getByRole('button', { name: 'Confirmar reservación' }).click();
    await expect(bookingState(mine)).toHaveAttribute('data-booking-state', 'confirmed');
    await expect(mine.getByRole('status').filter({ hasText: '¡Reservación confirmada!' })).toBeVisible();
    await shot(mine, testInfo, 'padel-confirmed');

    // The neighbour confirms a moment later, on a screen that still showed the hour free.
    await theirs.getByRole('button', { name: 'Confirmar reservación' }).click();
    await expect(bookingState(theirs)).toHaveAttribute('data-booking-state', 'refused');
    await expect(theirs.locator('[data-refusal="ocupado"]')).toBeVisible();
    await expect(theirs.getByText('Horario no disponible: ya está reservado.')).toBeVisible();
    await shot(theirs, testInfo, 'padel-refused');

    // The booker finds it under Mis reservaciones.
    await mine.goto('/condominio/comunicacion/instalaciones');
    await mine.getByRole('tab', { name: 'Mis reservaciones' }).click();
    await expect(mine.locator('[data-reservation-phase="proxima"]').filter({ hasText: padel }).first()).toBeVisible();
    await mine.context().close();
    await theirs.context().close();
  },
);

test.describe('the administration', { tag: '@desktop-only' }, () => {
  test.use({ storageState: signedIn('admin@demo.mx', 'Residencial Las Palmas') });

  test('approves a Salón request; the other for that evening is refused as taken; the fee reaches the statement', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const salon = DEMO_RESERVATIONS.facilities.salon;
    const requestOf = async (email: string) => {
      const headers = { 'app-token': savedToken(email) };
      const answer = (await (
        await request.get(`/api${RESERVATIONS_PATHS.mine}?fase=proximas`, { headers })
      ).json()) as ReservationPage;
      const found = answer.items.find((r) => r.Instalacion === salon && r.estado === 'pendiente');
      if (!found) throw new Error(`no pending Salón request of ${email}`);
      return found;
    };
    const approved = await requestOf(DEMO_RESERVATIONS.pendingSalon.email);
    const refused = await requestOf(DEMO_RESERVATIONS.pendingSalon.otherEmail);
    expect(approved.fecha).toBe(demoPendingSalonDate(new Date()));

    await page.goto('/condominio/comunicacion/instalaciones');
    await page.getByRole('tab', { name: /^Por aprobar/ }).click();
    const card = page.locator(`[data-reservation-id="${approved.ReservationId}"]`);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Aprobar' }).click();
    await page.getByRole('button', { name: 'Sí, aprobar' }).click();
    await expect(page.locator(`[data-reservation-id="${approved.ReservationId}"]`)).toHaveCount(0);
    await shot(page, testInfo, 'queue-after-approval');

    const other = page.locator(`[data-reservation-id="${refused.ReservationId}"]`);
    await other.getByRole('button', { name: 'Aprobar' }).click();
    await page.getByRole('button', { name: 'Sí, aprobar' }).click();
    await expect(page.getByText('Horario no disponible: ya está reservado.').first()).toBeVisible();
    await shot(page, testInfo, 'queue-refused');

    // The dwelling's statement now carries the fee and the deposit.
    const resident = await pageAs(browser, testInfo, DEMO_RESERVATIONS.pendingSalon.email);
    await resident.goto('/condominio/estado-cta');
    await expect(resident.getByRole('heading', { name: 'Estado de cuenta', level: 1 })).toBeVisible();
    const day = approved.fecha.split('-').reverse().join('/');
    await expect(resident.getByRole('row', { name: new RegExp(`Reservación ${salon} ${day}`) })).toContainText('$1,500.00');
    await expect(resident.getByRole('row', { name: new RegExp(`Depósito ${salon} ${day}`) })).toContainText('$2,000.00');
    await shot(resident, testInfo, 'statement-with-fee');
    await resident.context().close();
  });
});
