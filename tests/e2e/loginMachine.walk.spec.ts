// loginMachine's scenarios (tests/models/loginMachine.model.ts: the fewest of the headless paths that take
// every declared branch) walked through the real UI in Chromium with the demo accounts. The model's sign-in
// answers follow from what is typed, as the demo server answers them, so the browser lets the real server
// answer; only the answer without a token, which the server never gives, is the server's answer with its
// token taken out. The browser holds each call until the path says how it ends: through to the real server
// (xstate.done…) or cut (xstate.error…). Every state node has a screen assertion of its own.
import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { signInFormErrors } from '../../src/api/sessions';
import type { loginMachine } from '../../src/machines/loginMachine';
import type { SignInResult } from '../../src/services/sessionsService';
import { CONDOS, loginModel } from '../models/loginMachine.model';
import { coverModel, type Payload, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { expect, test } from './fixtures';

type Snap = Snapshot<typeof loginMachine>;

const { machine } = loginModel;
const cover = coverModel(loginModel);
const paths = cover.browserPaths();
const nameOf = (index: number) => cover.names[cover.paths.indexOf(paths[index]!)]!;

/** The calls the machine invokes, held by the browser until the path settles them. */
class HeldCalls {
  private readonly held = new Map<string, Route[]>();
  constructor(page: Page) {
    for (const [name, pattern] of [
      ['signIn', '**/api/--sesiones/sign-in'],
      ['condoLogin', '**/api/--sesiones/condo-login'],
    ] as const) {
      void page.route(pattern, (route) => {
        this.held.set(name, [...(this.held.get(name) ?? []), route]);
      });
    }
  }
  private async next(name: string): Promise<Route> {
    await expect.poll(() => this.held.get(name)?.length ?? 0, { message: `waiting for the ${name} call` }).toBeGreaterThan(0);
    return this.held.get(name)!.shift()!;
  }
  async settle(name: string, how: 'continue' | 'abort') {
    const route = await this.next(name);
    if (how === 'continue') await route.continue();
    else await route.abort('internetdisconnected');
  }
  /** The real server's answer without its token: what the demo server never sends. */
  async withoutToken(name: string) {
    const route = await this.next(name);
    const response = await route.fetch();
    const { token: _dropped, ...answer } = (await response.json()) as { token?: string };
    await route.fulfill({ response, json: answer });
  }
}

const form = (page: Page) => ({
  email: page.getByRole('textbox', { name: 'Correo electrónico' }),
  password: page.getByRole('textbox', { name: 'Contraseña', exact: true }),
  rememberMe: page.getByRole('checkbox', { name: 'Recordarme' }),
  submit: page.getByRole('button', { name: 'Ingresar' }),
});
const MESSAGES = {
  email: 'Por favor ingresa un email válido',
  password: 'La contraseña es requerida',
  wrongCredentials: 'Usuario o Contraseña incorrecta',
};

const STATES: Record<string, (page: Page, expected: Snap) => Promise<void>> = {
  editing: async (page, s) => {
    const { email, password, rememberMe, touched, credentialsError } = s.context;
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(form(page).email).toBeEnabled();
    // An e-mail field drops the blanks around what is typed.
    await expect(form(page).email).toHaveValue(email.trim());
    await expect(form(page).password).toHaveValue(password);
    await (rememberMe ? expect(form(page).rememberMe).toBeChecked() : expect(form(page).rememberMe).not.toBeChecked());
    // The messages of the fields left (or sent), and the server's words for wrong credentials.
    const errors = signInFormErrors(email, password);
    await expect(page.getByText(MESSAGES.email)).toHaveCount(touched.email && errors.email ? 1 : 0);
    await expect(page.getByText(MESSAGES.password)).toHaveCount(!credentialsError && touched.password && errors.password ? 1 : 0);
    await expect(page.getByText(MESSAGES.wrongCredentials)).toHaveCount(credentialsError ? 1 : 0);
    await (s.can({ type: 'submit' }) ? expect(form(page).submit).toBeEnabled() : expect(form(page).submit).toBeDisabled());
  },
  signingIn: async (page) => {
    await expect(form(page).submit).toHaveAttribute('data-loading', 'true');
    await expect(form(page).email).toBeDisabled();
    await expect(form(page).rememberMe).toBeDisabled();
  },
  noActiveCondo: async (page) => {
    await expect(page.getByRole('dialog').getByText('Al parecer no tienes ningún condominio activo.')).toBeVisible();
  },
  choosingCondo: async (page) => {
    const dialog = page.getByRole('dialog', { name: 'Selecciona un condominio' });
    for (const condo of CONDOS) await expect(dialog.getByRole('button', { name: new RegExp(condo.CondoName) })).toBeVisible();
  },
  condoError: async (page) => {
    const dialog = page.getByRole('dialog', { name: 'No es posible ingresar' });
    await expect(dialog.getByText('Villas del Mar: Suscripción vencida')).toBeVisible();
  },
  loggingIntoCondo: async (page) => {
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(form(page).submit).toHaveAttribute('data-loading', 'true');
  },
  failed: async (page, s) => {
    const dialog = page.getByRole('dialog', { name: 'Error' });
    const message =
      s.context.failure === 'missingToken'
        ? 'Ha ocurrido un error al ingresar, intentalo de nuevo.'
        : 'No pudimos iniciar tu sesión. Revisa tu conexión e inténtalo de nuevo.';
    await expect(dialog.getByText(message)).toBeVisible();
  },
  signedIn: async (page) => {
    await expect(page).toHaveURL(/\/condominio\/comunicacion$/);
    await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
  },
};

async function perform(page: Page, calls: HeldCalls, event: EventObject & Payload) {
  const dialog = page.getByRole('dialog');
  switch (event.type) {
    case 'email.change':
      return form(page).email.fill(String(event.value));
    case 'password.change':
      return form(page).password.fill(String(event.value));
    case 'rememberMe.change':
      return form(page).rememberMe.setChecked(Boolean(event.value));
    case 'email.blur':
      await form(page).email.focus();
      return form(page).email.blur();
    case 'password.blur':
      await form(page).password.focus();
      return form(page).password.blur();
    case 'submit':
      return form(page).submit.click();
    case 'choose': {
      const name = CONDOS.find((c) => c.CondoId === event.condoId)!.CondoName;
      return dialog.getByRole('button', { name: new RegExp(name) }).click();
    }
    case 'cancel':
      return dialog.getByRole('button', { name: 'Cancelar' }).click();
    case 'dismiss':
      return dialog.getByRole('button', { name: 'Aceptar' }).click();
    case 'xstate.done.actor.signIn':
      return (event.output as SignInResult).kind === 'ok' && (event.output as { token: unknown }).token === null
        ? calls.withoutToken('signIn')
        : calls.settle('signIn', 'continue');
    case 'xstate.error.actor.signIn':
      return calls.settle('signIn', 'abort');
    case 'xstate.done.actor.condoLogin':
      return calls.settle('condoLogin', 'continue');
    case 'xstate.error.actor.condoLogin':
      return calls.settle('condoLogin', 'abort');
    default:
      throw new Error(`no user action for ${event.type}`);
  }
}

test.describe('loginMachine walked in Chromium', () => {
  test('every state node has a screen assertion of its own, and the scenarios reach every one', () => {
    requireDistinctChecks(machine, STATES);
    expect(reachedStateNodes(machine, paths)).toEqual(stateNodeKeys(machine));
  });

  paths.forEach((path, index) => {
    test(nameOf(index), async ({ page }) => {
      const calls = new HeldCalls(page);
      await page.goto('/sessions/signin');
      for (const step of path.steps) {
        if (step.event.type !== 'xstate.init') await perform(page, calls, step.event as EventObject & Payload);
        const state = step.state as Snap;
        for (const key of stateNodeKeys(machine)) if (state.matches(key as never)) await STATES[key]!(page, state);
      }
    });
  });
});
