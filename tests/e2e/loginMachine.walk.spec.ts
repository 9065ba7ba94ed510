// loginMachine's paths walked through the real UI in Chromium with the demo accounts. The model offers
// only what the real server can answer: the sign-in answer follows from the credentials typed (the
// demo facts below). The browser holds each call until the path says how it ends: let it through to the
// real server (xstate.done…) or cut the network (xstate.error…). Every state node has a screen assertion.
import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { CondoChoice } from '../../src/api/sessions';
import { loginMachine } from '../../src/machines/loginMachine';
import type { SignInResult } from '../../src/services/sessionService';
import { sessionRecorder } from '../machines/sessionRecorder';
import {
  abstractCover,
  buildModel,
  coveringPaths,
  type ModelEvent,
  requireStateTests,
  type Snapshot,
} from '../support/modelTesting';
import { DEMO_PASSWORD, expect, test } from './fixtures';

type Snap = Snapshot<typeof loginMachine>;

const PALMAS: CondoChoice = { CondoId: 1, UserId: 0, CondoName: 'Residencial Las Palmas', error: null };
const BOSQUE: CondoChoice = { CondoId: 2, UserId: 0, CondoName: 'Torres del Bosque', error: null };
const VILLAS: CondoChoice = { CondoId: 3, UserId: 0, CondoName: 'Villas del Mar', error: 'Suscripción vencida' };

/** What the demo server answers for each account with the right password (DESIGN.md §6). */
const CONDOS_OF: Record<string, CondoChoice[]> = {
  'consejo@demo.mx': [PALMAS],
  'admin@demo.mx': [PALMAS, BOSQUE, VILLAS],
  'inactivo@demo.mx': [],
  'villas@demo.mx': [VILLAS],
};

function answerFor(email: string, password: string): SignInResult {
  if (password !== DEMO_PASSWORD) return { kind: 'invalidCredentials', message: 'Usuario o Contraseña incorrecta' };
  return { kind: 'ok', token: 'sign-in-token', condos: CONDOS_OF[email] ?? [] };
}

function eventsFor(snapshot: Snap): ModelEvent[] {
  const { email, password } = snapshot.context;
  if (snapshot.matches('editing')) {
    return [
      ...Object.keys(CONDOS_OF).map((value) => ({ type: 'email.change', value })),
      { type: 'email.change', value: 'no-es-correo' },
      { type: 'password.change', value: DEMO_PASSWORD },
      { type: 'password.change', value: 'incorrecta' },
      { type: 'submit' },
    ];
  }
  if (snapshot.matches('signingIn')) {
    return [
      { type: 'xstate.done.actor.signIn', output: answerFor(email, password) },
      { type: 'xstate.error.actor.signIn', error: new Error('network down') },
    ];
  }
  if (snapshot.matches('choosingCondo')) {
    return [{ type: 'choose', condoId: BOSQUE.CondoId }, { type: 'choose', condoId: VILLAS.CondoId }, { type: 'cancel' }];
  }
  if (snapshot.matches('loggingIntoCondo')) {
    return [
      { type: 'xstate.done.actor.condoLogin', output: { token: 't', productToken: 'p' } },
      { type: 'xstate.error.actor.condoLogin', error: new Error('network down') },
    ];
  }
  return [{ type: 'dismiss' }];
}

/** Events are told apart by what changes the path, not by every value typed. */
function label(event: EventObject): string {
  const e = event as ModelEvent;
  if (e.type === 'xstate.done.actor.signIn') {
    const output = e.output as SignInResult;
    return `${e.type}:${output.kind === 'ok' ? `${output.condos.length}:${output.condos[0]?.error ?? ''}` : output.kind}`;
  }
  if (e.type === 'choose') return `choose:${e.condoId}`;
  return e.type;
}

// The model's session is a stand-in; in the browser the app's own session actor gets the token.
const { model, serializeState } = buildModel(loginMachine, { input: { session: sessionRecorder().ref }, events: eventsFor });
const paths = abstractCover(coveringPaths(model, serializeState as never), label);

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
  async settle(name: string, how: 'continue' | 'abort') {
    await expect.poll(() => this.held.get(name)?.length ?? 0, { message: `waiting for the ${name} call` }).toBeGreaterThan(0);
    const route = this.held.get(name)!.shift()!;
    if (how === 'continue') await route.continue();
    else await route.abort('internetdisconnected');
  }
}

const form = (page: Page) => ({
  email: page.getByRole('textbox', { name: 'Correo electrónico' }),
  password: page.getByRole('textbox', { name: 'Contraseña', exact: true }),
  submit: page.getByRole('button', { name: 'Ingresar' }),
});

const STATES: Record<string, (page: Page, expected: Snap) => Promise<void>> = {
  editing: async (page, s) => {
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(form(page).email).toBeEnabled();
    await expect(form(page).email).toHaveValue(s.context.email);
    if (s.context.credentialsError) await expect(page.getByText('Usuario o Contraseña incorrecta')).toBeVisible();
    if (s.can({ type: 'submit' })) await expect(form(page).submit).toBeEnabled();
    else await expect(form(page).submit).toBeDisabled();
  },
  signingIn: async (page) => {
    await expect(form(page).submit).toHaveAttribute('data-loading', 'true');
    await expect(form(page).email).toBeDisabled();
  },
  noActiveCondo: async (page) => {
    await expect(page.getByRole('dialog').getByText('Al parecer no tienes ningún condominio activo.')).toBeVisible();
  },
  choosingCondo: async (page) => {
    const dialog = page.getByRole('dialog', { name: 'Selecciona un condominio' });
    for (const name of ['Residencial Las Palmas', 'Torres del Bosque', 'Villas del Mar']) {
      await expect(dialog.getByRole('button', { name: new RegExp(name) })).toBeVisible();
    }
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

async function perform(page: Page, calls: HeldCalls, event: ModelEvent) {
  const dialog = page.getByRole('dialog');
  switch (event.type) {
    case 'email.change':
      return form(page).email.fill(String(event.value));
    case 'password.change':
      return form(page).password.fill(String(event.value));
    case 'submit':
      return form(page).submit.click();
    case 'choose': {
      const name = [PALMAS, BOSQUE, VILLAS].find((c) => c.CondoId === event.condoId)?.CondoName ?? '';
      return dialog.getByRole('button', { name: new RegExp(name) }).click();
    }
    case 'cancel':
      return dialog.getByRole('button', { name: 'Cancelar' }).click();
    case 'dismiss':
      return dialog.getByRole('button', { name: 'Aceptar' }).click();
    case 'xstate.done.actor.signIn':
      return calls.settle('signIn', 'continue');
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
  test('every state node has a screen assertion, and the walk takes every abstract transition', () => {
    requireStateTests(loginMachine, STATES);
    expect(paths.length).toBeGreaterThan(8);
    const reached = new Set(paths.flatMap((p) => p.steps.map((step) => JSON.stringify(step.state.value))));
    for (const key of Object.keys(STATES)) expect(reached, key).toContain(JSON.stringify(key));
  });

  for (const path of paths) {
    test(path.steps.map((step) => label(step.event as EventObject)).join(' → '), async ({ page }) => {
      const calls = new HeldCalls(page);
      await page.goto('/sessions/signin');
      for (const step of path.steps) {
        if (step.event.type !== 'xstate.init') await perform(page, calls, step.event as ModelEvent);
        const state = step.state as Snap;
        const key = typeof state.value === 'string' ? state.value : Object.keys(state.value)[0]!;
        await STATES[key]!(page, state);
      }
    });
  }
});
