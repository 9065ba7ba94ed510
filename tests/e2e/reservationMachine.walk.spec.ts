// reservationMachine's scenarios (tests/models/reservationMachine.model.ts, docs/scenarios/reservationMachine.md:
// the fewest of the headless paths that take every declared branch) walked through the real facility page in
// Chromium at 390×844, against the demo's Las Palmas facilities (server/db/seed/reservations.ts):
// - the model's room (input `one`) is the Cancha de pádel (1-hour blocks, capacity 4, no approval), or the Salón
//   de eventos where the path ends waiting for approval (pendiente);
// - the free-range facility (`free`) and the room that refuses dwellings in arrears (`two`) are the Salón.
// Each path has its own time (days +4… after today, 10:00 onwards: reservations.spec.ts keeps to days +2 and
// +3), so no two paths collide. A path that reaches the server's booking signs in as its own neighbour
// (WRITERS; the pádel court allows two a week per dwelling, the Salón one a month) and cancels what it booked
// at the end; the others only read, as READER. The page's other calls go to the real server.
//
// The booking call is held until the path says how it ends: through to the real server (confirmada on the
// court, pendiente on the Salón), 'ocupado' for real (the same hour booked through the API first, the race the
// server settles under the facility's lock), cut (the connection fails), or answered with the server's plain
// 409 without a reason (errors.conflict, the shape of server/plugins/errors.ts) — which the booking route never
// sends today: the machine keeps the branch for it, so the walk answers it. Two screens the server cannot
// provoke on demand are made from its real answers, one field changed: the `two` home lists a second dwelling,
// barred for arrears (never sent to the server: the machine refuses before asking), and for the early 'pasado'
// refusal the day's availability still offers today's first hour as free while its now has passed it (a stale
// screen: the server's own answers are always consistent, so only a stale one reaches that branch).
//
// The machine's `clock` (the availability read again) is the page reading the day again: a day forward and
// back. Numbers of people go in by typing and Enter (the browser's number field: nothing clamps them, the machine
// refuses what is out of range).
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { DEMO_BARRED_VOTER, DEMO_RESERVATIONS } from '../../server/db/seed/demoFacts';
import { addDays, weekdayIndex } from '../../src/api/reservationRules';
import {
  type AvailabilityAnswer,
  type BookingRequest,
  type Facility,
  type HomeAnswer,
  type MyDwelling,
  RESERVATIONS_PATHS,
  type ReservationPage,
} from '../../src/api/reservations';
import {
  type ChosenTime,
  endChoices,
  type ReservationInput,
  type reservationMachine,
} from '../../src/machines/reservationMachine';
import type { BookingResult } from '../../src/services/reservationsService';
import { PAST, reservationModel } from '../models/reservationMachine.model';
import { coverModel, type Path, type Payload, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { expect, sessionTokens, test } from './fixtures';

type Snap = Snapshot<typeof reservationMachine>;
type ModelEvent = EventObject & Payload;

const PALMAS = 'Residencial Las Palmas';
/** Reads only (every path that never reaches the server's booking). */
const READER = 'vecino067@demo.mx';
/** One per path that books (or races) for real, in the order of the paths. */
const WRITERS = ['vecino068@demo.mx', 'vecino069@demo.mx', 'vecino071@demo.mx', 'vecino072@demo.mx', 'vecino073@demo.mx'];

const { machine } = reservationModel;
const cover = coverModel(reservationModel);
const paths = cover.browserPaths();
/** Named as docs/scenarios/reservationMachine.md numbers and names them. */
const nameOf = (index: number) => `${index + 1}. ${cover.names[cover.paths.indexOf(paths[index]!)]!}`;

// ── How each path runs against the demo data

const outputs = (path: Path) =>
  path.steps.flatMap((step) =>
    step.event.type === 'xstate.done.actor.book' ? [(step.event as ModelEvent).output as BookingResult] : [],
  );
/** Whether the path's booking reaches the server (booked, or refused as taken: a real race). */
const writes = (path: Path) => outputs(path).some((r) => r.kind === 'booked' || r.motivo === 'ocupado');
const waitsForApproval = (path: Path) => outputs(path).some((r) => r.kind === 'booked' && r.reservacion.estado === 'pendiente');
const inputOf = (path: Path) => path.input as ReservationInput;
const isTwo = (path: Path) => inputOf(path).dwellings.length > 1;
const isFree = (path: Path) => inputOf(path).facility.unidad === 'libre';
const usesSalon = (path: Path) => isTwo(path) || isFree(path) || waitsForApproval(path);
const isPast = (choice: ChosenTime) => choice.fecha === PAST.fecha && choice.desde === PAST.desde;
const choicesOf = (path: Path) =>
  path.steps.flatMap((step) => (step.event.type === 'choose' ? [(step.event as ModelEvent).choice as ChosenTime] : []));
const choosesPast = (path: Path) => choicesOf(path).some(isPast);

const writerPaths = paths.filter(writes);
const accountOf = (path: Path) => (writes(path) ? WRITERS[writerPaths.indexOf(path)]! : READER);

/** The path's own time: days +4, +5, +6 after today, hours 10:00–17:00 (a start both facilities offer). */
const slotOf = (index: number, today: string) => ({
  fecha: addDays(today, 4 + Math.floor(index / 8)),
  desde: `${String(10 + (index % 8)).padStart(2, '0')}:00`,
});

const sessionToken = sessionTokens();
const api = (request: APIRequestContext, token: string) => ({
  get: async <T>(path: string): Promise<T> => {
    const answer = await request.get(`/api${path}`, { headers: { 'app-token': token } });
    expect(answer.status(), path).toBe(200);
    return (await answer.json()) as T;
  },
  post: (path: string, data: unknown) => request.post(`/api${path}`, { headers: { 'app-token': token }, data }),
});

/** Cancels every upcoming reservation and request of the account's dwelling (what the path booked). */
async function cancelAll(request: APIRequestContext, token: string) {
  const as = api(request, token);
  const mine = await as.get<ReservationPage>(`${RESERVATIONS_PATHS.mine}?fase=proximas`);
  for (const r of mine.items.filter((item) => item.acciones.includes('cancelar'))) {
    const answer = await as.post(RESERVATIONS_PATHS.change, {
      reservationId: r.ReservationId,
      version: r.version,
      action: 'cancelar',
    });
    expect(answer.status(), `cancelling reservation ${r.ReservationId}`).toBe(200);
  }
}

/** The server's answer to a booking call it refuses with the plain 409 (no reason): server/plugins/errors.ts. */
const PLAIN_CONFLICT = {
  success: false,
  code: 'CONFLICT',
  message: 'La solicitud choca con el estado actual. Recarga e inténtalo de nuevo.',
  messageId: 'errors.conflict',
};

/** What the path runs against: the real facility, the real dwellings (and the barred one of `two`), its time. */
interface Scene {
  facility: Facility;
  dwellings: MyDwelling[];
  /** The model's dwelling ids → the screen's. */
  dwellingOf: Map<number, MyDwelling>;
  /** The path's free time, and the stale first hour of today for the early refusal. */
  free: { fecha: string; desde: string };
  stale: { fecha: string; desde: string };
}

/** The calls the page makes that the path settles: the booking (held), and the two answers made from real ones. */
class Calls {
  private readonly bookings: Route[] = [];
  static async on(page: Page, path: Path, scene: Scene): Promise<Calls> {
    const calls = new Calls();
    if (isTwo(path)) {
      await page.route('**/api/--instalaciones/home', async (route) => {
        const home = (await (await route.fetch()).json()) as HomeAnswer;
        await route.fulfill({ json: { ...home, viviendas: scene.dwellings } satisfies HomeAnswer });
      });
    }
    if (choosesPast(path)) {
      // The first read of today only: the page's reads after the refusal are the server's own.
      await page.route(
        '**/api/--instalaciones/disponibilidad?*',
        async (route) => {
          const answer = (await (await route.fetch()).json()) as AvailabilityAnswer;
          const { fecha, desde } = scene.stale;
          const dias = answer.dias.map((day) =>
            day.fecha !== fecha
              ? day
              : {
                  ...day,
                  opciones: day.opciones.map((c) =>
                    c.desde === desde ? { ...c, estado: 'libre' as const, lugares: scene.facility.capacidad } : c,
                  ),
                },
          );
          const passed = `${fecha}T${desde}`;
          const ahoraLocal = answer.ahoraLocal > passed ? answer.ahoraLocal : passed;
          await route.fulfill({ json: { ...answer, ahoraLocal, dias } satisfies AvailabilityAnswer });
        },
        { times: 1 },
      );
    }
    await page.route('**/api/--instalaciones/reservar', (route) => void calls.bookings.push(route));
    return calls;
  }
  /** The next booking call, once it is the request the path's choices make. */
  async next(expected: Partial<BookingRequest>): Promise<Route> {
    await expect.poll(() => this.bookings.length, { message: 'waiting for the booking call' }).toBeGreaterThan(0);
    const route = this.bookings.shift()!;
    expect(route.request().postDataJSON()).toMatchObject(expected);
    return route;
  }
}

// ── The screen of each state node

const flowState = (page: Page) => page.locator('[data-booking-state]');
const dialog = (page: Page) => page.getByRole('dialog');
const people = (page: Page) => dialog(page).getByRole('spinbutton', { name: 'Número de personas' });
const accept = (page: Page) => dialog(page).getByRole('checkbox', { name: 'Leí y acepto el reglamento' });
const confirmButton = (page: Page) => dialog(page).getByRole('button', { name: 'Confirmar reservación' });

const REFUSALS: Record<string, string> = {
  ocupado: 'Horario no disponible: ya está reservado.',
  pasado: 'Ese horario ya pasó.',
  moroso: 'Tu vivienda tiene adeudos y esta instalación no admite reservaciones con adeudo.',
};

function checksFor(scene: Scene) {
  const booked = async (page: Page, state: 'confirmed' | 'pending', words: string) => {
    await expect(flowState(page)).toHaveAttribute('data-booking-state', state);
    const status = dialog(page).getByRole('status');
    await expect(status).toContainText(words);
    // The reservation as the server made it: for the path's dwelling.
    await expect(status).toContainText(scene.dwellings[0]!.Nombre);
  };
  const STATES: Record<string, (page: Page, s: Snap) => Promise<void>> = {
    choosing: async (page) => {
      await expect(flowState(page)).toHaveAttribute('data-booking-state', 'choosing');
      await expect(dialog(page)).toHaveCount(0);
    },
    details: async (page, s) => {
      await expect(flowState(page)).toHaveAttribute('data-booking-state', 'details');
      await expect(dialog(page).getByRole('heading', { name: `Reservar ${scene.facility.Nombre}` })).toBeVisible();
      await expect(people(page)).toHaveValue(String(s.context.personas));
      await expect(dialog(page).getByText(`El número de personas debe ser de 1 a ${scene.facility.capacidad}.`)).toHaveCount(
        s.context.problem === 'personas' ? 1 : 0,
      );
      await expect(dialog(page).getByText('Elige para qué vivienda es la reservación.')).toHaveCount(
        s.context.problem === 'vivienda' ? 1 : 0,
      );
      await expect(dialog(page).getByRole('combobox', { name: 'Vivienda' })).toHaveCount(s.context.dwellings.length > 1 ? 1 : 0);
      await expect(dialog(page).getByRole('combobox', { name: 'Hasta' })).toHaveCount(scene.facility.unidad === 'libre' ? 1 : 0);
    },
    confirming: async (page, s) => {
      await expect(flowState(page)).toHaveAttribute('data-booking-state', 'confirming');
      await expect(dialog(page).getByText(scene.facility.reglamento.split('\n')[0]!)).toBeVisible();
      await expect(accept(page)).toBeChecked({ checked: s.context.acepta });
      await (s.context.acepta ? expect(confirmButton(page)).toBeEnabled() : expect(confirmButton(page)).toBeDisabled());
    },
    submitting: async (page) => {
      await expect(flowState(page)).toHaveAttribute('data-booking-state', 'submitting');
      await expect(confirmButton(page)).toHaveAttribute('data-loading', 'true');
      await expect(accept(page)).toBeDisabled();
    },
    failed: async (page, s) => {
      await expect(flowState(page)).toHaveAttribute('data-booking-state', 'failed');
      const alert = dialog(page).getByRole('alert');
      await expect(alert).toContainText('No pudimos enviar tu reservación');
      await expect(alert).toContainText(s.context.failure ? 'No pudimos comunicarnos con el servidor.' : PLAIN_CONFLICT.message);
      // Everything filled is kept.
      await expect(accept(page)).toBeChecked({ checked: s.context.acepta });
      await expect(dialog(page).getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    },
    confirmed: (page) => booked(page, 'confirmed', '¡Reservación confirmada!'),
    pending: (page) => booked(page, 'pending', 'Tu solicitud quedó en espera de aprobación.'),
    refused: async (page, s) => {
      await expect(flowState(page)).toHaveAttribute('data-booking-state', 'refused');
      const alert = dialog(page).getByRole('alert');
      await expect(alert).toContainText('No se pudo reservar');
      await expect(alert.locator(`[data-refusal="${s.context.refusal}"]`)).toHaveText(REFUSALS[s.context.refusal!]!);
      await expect(dialog(page).getByRole('button', { name: 'Elegir otro horario' })).toBeVisible();
    },
  };
  return STATES;
}

async function check(STATES: ReturnType<typeof checksFor>, page: Page, s: Snap) {
  for (const key of stateNodeKeys(machine)) if (s.matches(key as never)) await STATES[key]!(page, s);
}

// ── Moving the page

const shownDay = async (page: Page) => {
  await expect(page.locator('[data-availability-state]')).toHaveAttribute('data-availability-state', /^(shown|empty)$/);
  return (await page.locator('[data-day]').first().getAttribute('data-day'))!;
};

/** Moves the day view to `fecha` (the availability read again on each move). */
async function showDay(page: Page, fecha: string) {
  for (let step = 0; step < 15; step++) {
    const shown = await shownDay(page);
    if (shown === fecha) return;
    await page.getByRole('button', { name: shown < fecha ? 'Día siguiente' : 'Día anterior' }).click();
    await expect(page.locator(`[data-day="${shown}"]`)).toHaveCount(0);
  }
  throw new Error(`the day view never showed ${fecha}`);
}

test.describe('reservationMachine walked in Chromium', () => {
  test.describe.configure({ timeout: 60_000 });

  test('every state node has a screen assertion of its own, and the scenarios reach every one; one neighbour per booking', () => {
    const none = { reglamento: '' } as Facility;
    requireDistinctChecks(machine, checksFor({ facility: none } as Scene));
    expect(reachedStateNodes(machine, paths)).toEqual(stateNodeKeys(machine));
    expect(writerPaths.length).toBeLessThanOrEqual(WRITERS.length);
  });

  paths.forEach((path, index) => {
    const account = accountOf(path);
    test(`${account}: ${nameOf(index)}`, async ({ page }) => {
      const token = await sessionToken(page.request, account, PALMAS);
      const home = await api(page.request, token).get<HomeAnswer>(RESERVATIONS_PATHS.home);
      const name = usesSalon(path) ? DEMO_RESERVATIONS.facilities.salon : DEMO_RESERVATIONS.facilities.padel;
      const facility = home.instalaciones.find((f) => f.Nombre === name)!;
      expect(home.viviendas).toHaveLength(1);
      const own = home.viviendas[0]!;
      expect(own.moroso).toBe(false);
      const today = home.ahoraLocal.slice(0, 10);
      // The barred second dwelling of `two` (its id no dwelling's: it is never sent).
      const barred: MyDwelling = { ...own, ApmtId: own.ApmtId + 100_000, Nombre: DEMO_BARRED_VOTER.dwelling, moroso: true };
      const model = inputOf(path).dwellings;
      const dwellings = isTwo(path) ? [own, barred] : [own];
      const scene: Scene = {
        facility,
        dwellings,
        dwellingOf: new Map(model.map((d, i) => [d.ApmtId, dwellings[i]!])),
        free: slotOf(index, today),
        stale: { fecha: today, desde: facility.horario[weekdayIndex(today)]!.abre },
      };
      const STATES = checksFor(scene);
      const calls = await Calls.on(page, path, scene);
      // The request the screen sends for the snapshot's choices, on the path's own time.
      const sent = (s: Snap): Partial<BookingRequest> => ({
        facilityId: facility.FacilityId,
        ApmtId: own.ApmtId,
        fecha: scene.free.fecha,
        desde: scene.free.desde,
        personas: s.context.personas,
        nota: s.context.nota.trim(),
        aceptaReglamento: true,
      });

      await page.addInitScript((value) => window.localStorage.setItem('app-token', value), token);
      await page.goto(`/condominio/comunicacion/instalaciones/mostrar/${facility.FacilityId}`);
      await expect(page.getByRole('heading', { name: facility.Nombre, level: 1 })).toBeVisible();
      await shownDay(page);

      try {
        let before = path.steps[0]!.state as Snap;
        let chosen = scene.free;
        for (const step of path.steps) {
          const event = step.event as ModelEvent;
          switch (event.type) {
            case 'xstate.init':
              break;
            case 'clock': {
              // The day read again: a day forward and back.
              const day = await shownDay(page);
              await page.getByRole('button', { name: 'Día siguiente' }).click();
              await expect(page.locator(`[data-day="${day}"]`)).toHaveCount(0);
              await showDay(page, day);
              break;
            }
            case 'choose': {
              chosen = isPast(event.choice as ChosenTime) ? scene.stale : scene.free;
              await showDay(page, chosen.fecha);
              const time = page.locator(`[data-choice-time="${chosen.fecha}T${chosen.desde}"]`);
              await expect(time).toHaveAttribute('data-choice-state', 'libre');
              await time.click();
              break;
            }
            case 'setEnd': {
              // The longest stay the facility allows from the chosen start (the model lengthens to its maximum).
              const close = facility.horario[weekdayIndex(chosen.fecha)]!.cierra;
              const ends = endChoices(facility, chosen, close);
              await dialog(page).getByRole('combobox', { name: 'Hasta' }).selectOption(ends.at(-1)!);
              break;
            }
            case 'setPeople':
              await people(page).fill(String(event.personas));
              break;
            case 'setDwelling':
              await dialog(page)
                .getByRole('combobox', { name: 'Vivienda' })
                .selectOption(String(scene.dwellingOf.get(event.ApmtId as number)!.ApmtId));
              break;
            case 'setNote':
              await dialog(page)
                .getByRole('textbox', { name: 'Nota para la administración (opcional)' })
                .fill(event.nota as string);
              break;
            case 'next':
              // Enter sends the details from the field, as a person typing the number would.
              await people(page).press('Enter');
              break;
            case 'back':
              await dialog(page)
                .getByRole('button', { name: before.matches('details') ? 'Elegir otro horario' : 'Atrás' })
                .click();
              break;
            case 'accept':
              await accept(page).setChecked(event.accepted as boolean);
              break;
            case 'confirm':
              await confirmButton(page).click();
              break;
            case 'retry':
              await dialog(page).getByRole('button', { name: 'Reintentar' }).click();
              break;
            case 'startOver':
              await dialog(page).getByRole('button', { name: 'Elegir otro horario' }).click();
              break;
            case 'close':
              if (before.matches('confirmed') || before.matches('pending'))
                await dialog(page).getByRole('button', { name: 'Cerrar', exact: true }).click();
              else await dialog(page).getByRole('button', { name: 'Cerrar ventana de reservación' }).click();
              break;
            case 'xstate.done.actor.book': {
              const result = event.output as BookingResult;
              const route = await calls.next(sent(before));
              if (result.kind === 'booked') await route.continue();
              else if (result.motivo === 'ocupado') {
                // The same hour taken a moment earlier (through the API, for the path's own dwelling).
                const first = await api(page.request, token).post(RESERVATIONS_PATHS.book, route.request().postDataJSON());
                expect(first.status()).toBe(201);
                await route.continue();
              } else await route.fulfill({ status: 409, json: PLAIN_CONFLICT });
              break;
            }
            case 'xstate.error.actor.book':
              await (await calls.next(sent(before))).abort('internetdisconnected');
              break;
            default:
              throw new Error(`no executor for ${event.type}`);
          }
          const state = step.state as Snap;
          await check(STATES, page, state);
          before = state;
        }
      } finally {
        if (writes(path)) await cancelAll(page.request, token);
      }
    });
  });
});
