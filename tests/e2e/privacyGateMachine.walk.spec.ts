// privacyGateMachine's scenarios (tests/models/privacyGateMachine.model.ts: the fewest of the headless paths
// that take every declared branch) walked through the real UI in Chromium. A path of the asked input signs
// in as its own neighbour who has not accepted the notice yet (vecino001…005@demo.mx), because accepting
// changes the demo data; the alreadyAccepted input signs in as vecino006, who has. The acceptance call is
// held by the browser until the path lets it through to the real server or cuts the network. What the
// machine tells the session (refresh after an acceptance, sign out after a rejection) shows on the screen:
// the area once accepted, the sign-in page once rejected.
import type { Page, Route } from '@playwright/test';
import type { PrivacyGateInput, privacyGateMachine } from '../../src/machines/privacyGateMachine';
import { privacyGateModel } from '../models/privacyGateMachine.model';
import { coverModel, reachedStateNodes, requireDistinctChecks } from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { expect, submitSignIn, test } from './fixtures';

type Snap = Snapshot<typeof privacyGateMachine>;

const { machine } = privacyGateModel;
const cover = coverModel(privacyGateModel);
const paths = cover.browserPaths();
const nameOf = (index: number) => cover.names[cover.paths.indexOf(paths[index]!)]!;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Aviso de privacidad' });
const greeting = (page: Page) => page.getByRole('heading', { name: /^Hola, / });

const STATES: Record<string, (page: Page, expected: Snap) => Promise<void>> = {
  deciding: async () => {
    throw new Error('deciding is transient and must never be observed');
  },
  asking: async (page, s) => {
    await expect(dialog(page).getByText(/Residencial Las Palmas, A\.C\./)).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Aceptar aviso de privacidad' })).toBeEnabled();
    await expect(dialog(page).getByRole('button', { name: 'Rechazar y salir' })).toBeEnabled();
    // Nothing of the condominium area is behind the dialog.
    await expect(greeting(page)).toHaveCount(0);
    if (s.context.failure) await expect(dialog(page).getByRole('alert')).toBeVisible();
    else await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  },
  accepting: async (page) => {
    await expect(dialog(page).getByText('Actualizando datos...')).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Rechazar y salir' })).toBeDisabled();
  },
  passed: async (page) => {
    await expect(dialog(page)).toHaveCount(0);
    await expect(greeting(page)).toBeVisible();
  },
  rejected: async (page) => {
    await expect(page).toHaveURL(/\/sessions\/signin/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  },
};

test.describe('privacyGateMachine walked in Chromium', () => {
  test('every state node has a screen assertion of its own, and the scenarios reach every one', () => {
    requireDistinctChecks(machine, STATES);
    expect(reachedStateNodes(machine, paths)).toEqual(stateNodeKeys(machine));
    // One neighbour without the acceptance per path of the asked input: there are five.
    expect(paths.filter((path) => !(path.input as PrivacyGateInput).accepted).length).toBeLessThanOrEqual(5);
  });

  let asked = 0;
  paths.forEach((path, index) => {
    const alreadyAccepted = (path.input as PrivacyGateInput).accepted;
    const account = alreadyAccepted ? 'vecino006@demo.mx' : `vecino00${++asked}@demo.mx`;
    test(`${account}: ${nameOf(index)}`, async ({ page }) => {
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
        switch (step.event.type) {
          case 'xstate.init':
            break;
          case 'accept':
            await dialog(page).getByRole('button', { name: 'Aceptar aviso de privacidad' }).click();
            break;
          case 'reject':
            await dialog(page).getByRole('button', { name: 'Rechazar y salir' }).click();
            break;
          case 'xstate.done.actor.acceptNotice':
            await settle('continue');
            break;
          case 'xstate.error.actor.acceptNotice':
            await settle('abort');
            break;
          default:
            throw new Error(`no user action for ${step.event.type}`);
        }
        const state = step.state as Snap;
        for (const key of stateNodeKeys(machine)) if (state.matches(key as never)) await STATES[key]!(page, state);
      }
    });
  });
});
