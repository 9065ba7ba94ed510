// guestRegistrationMachine's paths walked through the real UI in Chromium at 390×844 with the demo tokens
// (DESIGN.md §6), built from the same model as the headless walk (tests/models/guestRegistrationMachine.model.ts).
// The form info a path loads decides which demo link the page opens; the browser holds each
// call until the path says how it ends: through to the real server, cut (xstate.error…), or, for answers
// the demo data cannot give at that moment (a link of a type the form does not know, a registration refused
// because someone else took the last place), answered with what the server would say. Every state node has
// a screen check of its own.
import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { GUEST_MESSAGES, guestProblems } from '../../src/api/guests';
import { guestRegistrationMachine } from '../../src/machines/guestRegistrationMachine';
import type { RegisterResult } from '../../src/services/guestsService';
import { guestRegistrationModel, loadKind } from '../models/guestRegistrationMachine.model';
import { coverModel, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { expect, test } from './fixtures';

type Snap = Snapshot<typeof guestRegistrationMachine>;
type ModelEvent = EventObject & { output?: unknown; field?: string; value?: unknown };

/** The demo link that answers each kind of form info (unknownType: demo-usuario's answer with another type). */
const TOKEN_OF: Record<string, string> = {
  notFound: 'no-existe-este-link',
  unknownType: 'demo-usuario',
  cancelled: 'demo-evento-cancelado',
  ended: 'demo-evento-terminado',
  full: 'demo-evento-lleno',
  event: 'demo-evento',
  noParking: 'demo-evento-sin-autos',
  user: 'demo-usuario',
  condo: 'demo-condominio',
  error: 'demo-evento',
};

// The scenarios of docs/scenarios: the fewest of the headless model's paths that still take every branch,
// named as the headless suite names them (their start first).
const cover = coverModel(guestRegistrationModel);
const paths = cover.browserPaths();
const names = paths.map((path) => cover.names[cover.paths.indexOf(path)]!);

/** The registration answers the demo data cannot give on demand, as the server words them. */
const REFUSAL_STATUS: Record<string, number> = { vehicleLimit: 409, guestLimit: 409, cancelled: 409, ended: 409, invalid: 404 };

const CALLS = {
  loadForm: '**/api/--invitados/formulario/*',
  submitGuest: '**/api/--invitados/registrar/*',
} as const;

class HeldCalls {
  private readonly held = new Map<string, Route[]>();
  /** Holds each call of `names` until a step settles it; the others go through. */
  constructor(page: Page, names: (keyof typeof CALLS)[]) {
    for (const name of names) {
      void page.route(CALLS[name], (route) => {
        this.held.set(name, [...(this.held.get(name) ?? []), route]);
      });
    }
  }
  private async next(name: string): Promise<Route> {
    await expect.poll(() => this.held.get(name)?.length ?? 0, { message: `waiting for the ${name} call` }).toBeGreaterThan(0);
    return this.held.get(name)!.shift()!;
  }
  async settle(event: ModelEvent) {
    const name = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
    const route = await this.next(name);
    if (event.type.startsWith('xstate.error.')) return route.abort('internetdisconnected');
    if (name === 'loadForm' && loadKind(event.output) === 'unknownType') {
      const response = await route.fetch();
      return route.fulfill({ response, json: { ...(await response.json()), type: 'otro' } });
    }
    const kind = name === 'submitGuest' ? (event.output as RegisterResult).kind : 'registered';
    if (kind === 'registered') return route.continue();
    return route.fulfill({
      status: REFUSAL_STATUS[kind]!,
      json: {
        success: false,
        code: kind === 'invalid' ? 'NOT_FOUND' : 'CONFLICT',
        message: GUEST_MESSAGES[kind as 'ended'],
        field: kind,
      },
    });
  }
}

/** Serves the guest pages' HTML without the answer the server painted them from (`<script id="page-answers">`). */
async function withoutPageAnswers(page: Page) {
  await page.route('**/registro-invitados/**', async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const body = (await response.text()).replace(/<script type="application\/json" id="page-answers">[^<]*<\/script>/, '');
    return route.fulfill({ response, body });
  });
}

const FIELD_LABELS: Record<string, string> = {
  nombre: 'Nombre completo',
  email: 'Correo electrónico',
  confirmEmail: 'Confirma tu correo electrónico',
  telefono: 'Teléfono (opcional)',
  placas: 'Placas del vehículo',
  numDeInvitados: 'Número de acompañantes',
  torre: 'Torre',
  apartment: 'Vivienda',
  user: 'Residente',
};
/** A field by its label; required fields' labels end with Mantine's asterisk. */
const field = (page: Page, name: string) =>
  page.getByLabel(new RegExp(`^${FIELD_LABELS[name]!.replace(/[()]/g, '\\$&')}\\s*\\*?$`));
const submitButton = (page: Page) => page.getByRole('button', { name: 'Registrarme' });
async function refused(page: Page, message: string) {
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
}

const STATES: Record<string, (page: Page, s: Snap) => Promise<void>> = {
  loading: async (page) => {
    await expect(page.getByRole('status').getByText('Cargando el registro…')).toBeVisible();
  },
  invalid: (page) => refused(page, GUEST_MESSAGES.invalid),
  cancelled: (page) => refused(page, GUEST_MESSAGES.cancelled),
  ended: (page) => refused(page, GUEST_MESSAGES.ended),
  guestLimit: (page) => refused(page, GUEST_MESSAGES.guestLimit),
  form: async (page, s) => {
    await expect(page).toHaveTitle(/^Formulario \| /);
    for (const name of ['nombre', 'email', 'confirmEmail'] as const) {
      await expect(field(page, name)).toHaveValue(s.context.values[name]);
    }
    if (s.context.shape?.type === 'event') await expect(page.getByTestId('event-name')).toBeVisible();
    const car = page.getByRole('radio', { name: 'En auto' });
    if (s.context.parkingFull) {
      await expect(page.getByTestId('parking-full')).toHaveText(GUEST_MESSAGES.vehicleLimit);
      await expect(car).toBeDisabled();
      await expect(page.getByRole('radio', { name: 'A pie' })).toBeChecked();
    } else {
      await expect(page.getByTestId('parking-full')).toHaveCount(0);
    }
    const problems = s.context.showErrors ? guestProblems(s.context.values, s.context.shape!) : {};
    for (const message of Object.values(problems)) await expect(page.getByText(GUEST_MESSAGES[message]).first()).toBeVisible();
    if (!s.context.showErrors) await expect(page.getByText(GUEST_MESSAGES.nombreRequired)).toHaveCount(0);
    if (s.context.shape?.type === 'condo') await expect(field(page, 'apartment')).toBeVisible();
  },
  'form.editing': async (page) => {
    await expect(submitButton(page)).toBeEnabled();
  },
  // Spec §8: a failed submission shows no message; the same form, enabled, to try again.
  'form.failed': async (page) => {
    await expect(submitButton(page)).toBeEnabled();
    await expect(submitButton(page)).not.toHaveAttribute('data-loading', 'true');
    await expect(field(page, 'nombre')).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
  },
  submitting: async (page) => {
    await expect(submitButton(page)).toHaveAttribute('data-loading', 'true');
    await expect(field(page, 'nombre')).toBeDisabled();
  },
  success: async (page) => {
    await expect(page.getByRole('status').getByText('¡Registro exitoso!')).toBeVisible();
    await expect(page.getByTestId('manual-key')).toHaveText(/^[A-Z2-9]{8}$/);
    const qr = page.getByRole('img', { name: 'Código QR del pase' });
    await expect(qr).toHaveAttribute('width', '256');
    await expect(page.getByRole('link', { name: 'Ver mi pase' })).toHaveAttribute('href', /^\/invitacion\/\d+\/[\w-]+$/);
  },
};

async function perform(page: Page, calls: HeldCalls, event: ModelEvent) {
  if (event.type.startsWith('xstate.')) return calls.settle(event);
  if (event.type === 'submit') return submitButton(page).click();
  const name = String(event.field);
  switch (name) {
    case 'formaDeAcceso':
      return page.getByRole('radio', { name: event.value === 'auto' ? 'En auto' : 'A pie' }).check();
    case 'numDeInvitados':
      return field(page, name).selectOption(String(event.value));
    // The demo condominium's own dwellings: Torre A - 101, where residente@demo.mx lives.
    case 'torre':
      return field(page, name).selectOption({ label: 'Torre A' });
    case 'apartment':
      return field(page, name).selectOption({ label: '101' });
    case 'user':
      return field(page, name).selectOption({ index: 1 });
    default:
      return field(page, name).fill(String(event.value));
  }
}

// The spec's Spanish messages: the visitor picked Español (fixtures.ts keptLanguage).
test.use({ keptLanguage: 'es' });

test.describe('guestRegistrationMachine walked in Chromium', () => {
  test('every state node has a screen check of its own, and the walk reaches every state node', () => {
    requireDistinctChecks(guestRegistrationMachine, STATES);
    expect(reachedStateNodes(guestRegistrationMachine, paths)).toEqual(stateNodeKeys(guestRegistrationMachine));
  });

  for (const [index, path] of paths.entries()) {
    test(names[index]!, async ({ page }) => {
      // The page that came with the link's answer (input.preloaded): painted by the server with it, or (a refusal
      // the server leaves to the browser) the early call goes through; the first screen is the refusal or the form.
      // Else the call is held until the path's first step says its answer.
      const { preloaded } = path.input as { preloaded?: unknown };
      const first = path.steps[1]?.event as ModelEvent | undefined;
      const kind = preloaded
        ? loadKind(preloaded)
        : first?.type === 'xstate.error.actor.loadForm'
          ? 'error'
          : loadKind(first?.output);
      const calls = new HeldCalls(page, preloaded ? ['submitGuest'] : ['loadForm', 'submitGuest']);
      // The server paints a link's page with its answer (server/infra/firstPaint.ts): the page that came with it.
      // A path of the page asking for it is walked on the same page without that answer (as when the server
      // could not paint it), so the app makes the call the path holds.
      if (!preloaded) await withoutPageAnswers(page);
      await page.goto(`/registro-invitados/${TOKEN_OF[kind] ?? 'demo-evento'}`);
      for (const step of path.steps) {
        if (step.event.type !== 'xstate.init') await perform(page, calls, step.event as ModelEvent);
        const state = step.state as Snap;
        for (const key of stateNodeKeys(guestRegistrationMachine))
          if (state.matches(key as never)) await STATES[key]!(page, state);
      }
    });
  }
});
