// privacyGateMachine's paths walked through the real UI in Chromium. Each path signs in as its own
// neighbour who has not accepted the notice yet (vecino001…005@demo.mx), because accepting changes the
// demo data. The acceptance call is held by the browser until the path lets it through to the real
// server or cuts the network. What the machine tells the session (refresh after an acceptance, sign out
// after a rejection) shows on the screen: the area once accepted, the sign-in page once rejected.
import type { Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { privacyGateMachine } from '../../src/machines/privacyGateMachine';
import { sessionRecorder } from '../machines/sessionRecorder';
import {
  abstractCover,
  buildModel,
  coveringPaths,
  type ModelEvent,
  requireStateTests,
  type Snapshot,
} from '../support/modelTesting';
import { expect, submitSignIn, test } from './fixtures';

type Snap = Snapshot<typeof privacyGateMachine>;

const { model, serializeState } = buildModel(privacyGateMachine, {
  // The model's session is a stand-in; in the browser the app's own session actor gets the events.
  input: { notice: 'Aviso', active: true, accepted: false, session: sessionRecorder().ref },
  events: () => [
    { type: 'accept' },
    { type: 'reject' },
    { type: 'xstate.done.actor.acceptNotice', output: 'now' },
    { type: 'xstate.error.actor.acceptNotice', error: new Error('network down') },
  ],
});
const paths = abstractCover(coveringPaths(model, serializeState as never), (event) => event.type);

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Aviso de privacidad' });

const STATES: Record<string, (page: Page, expected: Snap) => Promise<void>> = {
  deciding: async () => {
    throw new Error('deciding is transient and must never be observed');
  },
  asking: async (page, s) => {
    await expect(dialog(page).getByText(/Residencial Las Palmas, A\.C\./)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Aceptar aviso de privacidad' })).toBeEnabled();
    await expect(dialog(page).getByRole('button', { name: 'Rechazar y salir' })).toBeEnabled();
    // Nothing of the condominium area is behind the dialog.
    await expect(page.getByRole('heading', { name: /^Hola, / })).toHaveCount(0);
    if (s.context.failed) await expect(dialog(page).getByRole('alert')).toBeVisible();
    else await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  },
  accepting: async (page) => {
    await expect(dialog(page).getByText('Actualizando datos...')).toBeVisible();
  },
  passed: async (page) => {
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
  },
  rejected: async (page) => {
    await expect(page).toHaveURL(/\/sessions\/signin/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  },
};

test.describe('privacyGateMachine walked in Chromium', () => {
  test('every state node has a screen assertion; one neighbour per path is enough', () => {
    requireStateTests(privacyGateMachine, STATES);
    expect(paths.length).toBeGreaterThanOrEqual(3);
    expect(paths.length).toBeLessThanOrEqual(5);
  });

  paths.forEach((path, index) => {
    const account = `vecino00${index + 1}@demo.mx`;
    test(`${account}: ${path.steps.map((step) => step.event.type).join(' → ')}`, async ({ page }) => {
      const held: Route[] = [];
      await page.route('**/api/--sesiones/accept-privacy-notice', (route) => void held.push(route));
      const settle = async (how: 'continue' | 'abort') => {
        await expect.poll(() => held.length, { message: 'waiting for the acceptance call' }).toBeGreaterThan(0);
        const route = held.shift()!;
        await (how === 'continue' ? route.continue() : route.abort('internetdisconnected'));
      };
      await page.goto('/sessions/signin');
      await submitSignIn(page, account);
      for (const step of path.steps) {
        const event = step.event as EventObject as ModelEvent;
        if (event.type === 'accept') await dialog(page).getByRole('button', { name: 'Aceptar aviso de privacidad' }).click();
        if (event.type === 'reject') await dialog(page).getByRole('button', { name: 'Rechazar y salir' }).click();
        if (event.type === 'xstate.done.actor.acceptNotice') await settle('continue');
        if (event.type === 'xstate.error.actor.acceptNotice') await settle('abort');
        await STATES[step.state.value as string]!(page, step.state as Snap);
      }
    });
  });
});
