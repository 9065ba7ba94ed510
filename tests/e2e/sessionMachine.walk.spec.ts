// sessionMachine's paths walked through the real UI in Chromium: the scenarios of its model
// (tests/models/sessionMachine.model.ts), the fewest of the headless paths that take every declared
// transition, each as a neighbour of Las Palmas who has accepted the privacy notice, returning with a saved
// token or coming without one (one account per path, so paths never share a session). Calls are held by the browser
// until the path settles them: let through to the real server, answered 401 by the real server after the
// token is revoked, or cut off. A refresh is what saving one's name on Mi perfil causes; a call refused
// for a pending privacy notice is the one answer made up here (activating a notice would change the
// whole condominium for every other spec).
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { SessionData } from '../../src/api/sessions';
import { TIMELINE_PATHS } from '../../src/api/timeline';
import { sessionMachine } from '../../src/machines/sessionMachine';
import { answerName, sessionModel } from '../models/sessionMachine.model';
import {
  coverModel,
  type Path,
  type Payload,
  pathNames,
  reachedStateNodes,
  requireDistinctChecks,
} from '../support/machineModel';
import { type Snapshot, stateNodeKeys } from '../support/modelTesting';
import { DEMO_PASSWORD, expect, main, submitSignIn, test } from './fixtures';

type Snap = Snapshot<typeof sessionMachine>;
type CallName = 'loadSession' | 'signOut';

const cover = coverModel(sessionModel);
const paths = cover.browserPaths();
/** A start's label in the model (`saved`, `none`): whether the member's token is saved when the page opens. */
const startOf = (path: Path) => Object.entries(sessionModel.inputs ?? {}).find(([, input]) => input === path.input)![0];
const names = pathNames(paths, sessionModel.label).map((name, index) => `${startOf(paths[index]!)}: ${name}`);

/** The calls the walk holds, by name: what a state waits on the server for. */
class HeldCalls {
  private readonly held = new Map<CallName, Route[]>();
  /** While set, calls go straight through (what another tab causes is not part of the path). */
  passThrough = false;
  constructor(page: Page) {
    for (const [name, pattern] of [
      ['loadSession', '**/api/--sesiones/session-data'],
      ['signOut', '**/api/--sesiones/sign-out'],
    ] as const) {
      void page.route(pattern, (route) => {
        if (this.passThrough) return void route.continue();
        this.held.set(name, [...(this.held.get(name) ?? []), route]);
      });
    }
  }
  count(name: CallName): number {
    return this.held.get(name)?.length ?? 0;
  }
  /** Passes once the page has asked the server for `name` and waits for its answer. */
  async waiting(name: CallName): Promise<void> {
    await expect.poll(() => this.count(name), { message: `waiting for the ${name} call` }).toBeGreaterThan(0);
  }
  async next(name: CallName): Promise<Route> {
    await this.waiting(name);
    return this.held.get(name)!.shift()!;
  }
}

const userMenu = (page: Page) => page.getByRole('button', { name: /^Menú de / });

/** What each state shows, and the call it waits on (the browser's side of the headless `calls.pending()`). */
const STATES: Record<string, (page: Page, calls: HeldCalls) => Promise<void>> = {
  checking: async () => {
    throw new Error('checking is transient and must never be observed');
  },
  loading: async (page, calls) => {
    // The guard's loader, or the sign-in button still busy while the session data loads after sign-in.
    await expect(page.getByRole('status').or(page.locator('button[data-loading="true"]')).first()).toBeVisible();
    await calls.waiting('loadSession');
  },
  unavailable: async (page, calls) => {
    await expect(page.getByRole('alert').getByText('Sin conexión con el servidor')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reintentar' })).toBeEnabled();
    expect(calls.count('loadSession')).toBe(0);
  },
  signedIn: async (page) => {
    await expect(page).toHaveURL(/\/condominio\//);
    await expect(userMenu(page)).toBeVisible();
  },
  'signedIn.idle': async (page, calls) => {
    await expect(main(page)).toBeVisible();
    await expect(main(page)).not.toHaveAttribute('aria-busy', 'true');
    expect(calls.count('loadSession')).toBe(0);
  },
  'signedIn.refreshing': async (page, calls) => {
    // The page stays, and says (to a screen reader too) that it is being brought up to date.
    await expect(main(page)).toHaveAttribute('aria-busy', 'true');
    await calls.waiting('loadSession');
  },
  signingOut: async (page, calls) => {
    await expect(page).toHaveURL(/\/condominio\//);
    await expect(page.getByRole('status')).toBeVisible();
    await expect(userMenu(page)).toHaveCount(0);
    await calls.waiting('signOut');
  },
  signedOut: async (page) => {
    await expect(page).toHaveURL(/\/sessions\/signin/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  },
};

async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  const signIn = await request.post('/api/--sesiones/sign-in', { data: { username: email, password: DEMO_PASSWORD } });
  const { token, condos } = await signIn.json();
  const login = await request.post('/api/--sesiones/condo-login', {
    data: { CondoId: condos[0].CondoId, UserId: condos[0].UserId, token },
  });
  return (await login.json()).token;
}

/** Moves to `path` the way the app's links do, without loading the page again (the session actor stays). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** The session data's answer: let through, or refused by the real server once the token is revoked. */
async function answerSessionData(calls: HeldCalls, request: APIRequestContext, output: SessionData | null) {
  const route = await calls.next('loadSession');
  if (answerName(output) === 'noticePending') throw new Error('session data with a pending notice is walked headless only');
  if (output === null) {
    const token = route.request().headers()['app-token'] ?? '';
    await request.post('/api/--sesiones/sign-out', { headers: { 'app-token': token } });
  }
  await route.continue();
}

test.describe('sessionMachine walked in Chromium', () => {
  test('every state node has a screen check of its own, and the scenarios reach every one', () => {
    requireDistinctChecks(sessionMachine, STATES);
    // "checking" counts too: the scenarios pass through it, though it is left at once (always).
    expect(reachedStateNodes(sessionMachine, paths)).toEqual(stateNodeKeys(sessionMachine));
  });

  // vecino040… : accounts no other spec uses (account.spec.ts edits vecino030/031); vecino070 is the other tab.
  for (const [index, path] of paths.entries()) {
    const email = `vecino0${40 + index}@demo.mx`;
    test(`${names[index]} (${email})`, async ({ page, context, request }) => {
      const calls = new HeldCalls(page);
      if (startOf(path) === 'saved') {
        const token = await apiSignIn(request, email);
        await context.addInitScript((value) => {
          if (!window.sessionStorage.getItem('walk-started')) window.localStorage.setItem('app-token', value);
          window.sessionStorage.setItem('walk-started', '1');
        }, token);
      }
      await page.goto('/condominio/comunicacion');

      for (const step of path.steps) {
        const event = step.event as EventObject & Payload;
        switch (event.type) {
          case 'xstate.init':
            break;
          case 'signedIn':
            await page.getByLabel('Recordarme').check();
            await submitSignIn(page, email);
            break;
          case 'signOut':
            if (await page.getByRole('alert').count()) {
              await page.getByRole('button', { name: 'Cerrar sesión' }).click();
            } else {
              await userMenu(page).click();
              await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
            }
            break;
          case 'retry':
            await page.getByRole('button', { name: 'Reintentar' }).click();
            break;
          case 'refresh':
            // Saving a new name refreshes the session data (the header shows the new name).
            await navigateInApp(page, '/condominio/mi-perfil');
            await page.getByRole('button', { name: 'Editar nombre' }).click();
            await page.getByRole('textbox', { name: 'Nombre' }).fill(`Vecino ${40 + index} Prueba`);
            await page.getByRole('button', { name: 'Guardar', exact: true }).click();
            break;
          case 'privacyNoticePending':
            // The timeline's call comes back refused because a privacy notice waits for the member.
            await page.route(
              `**/api${TIMELINE_PATHS.list}**`,
              (route) =>
                route.fulfill({
                  status: 403,
                  json: { success: false, code: 'PRIVACY_NOTICE_PENDING', message: 'Acepta el aviso de privacidad.' },
                }),
              { times: 1 },
            );
            await navigateInApp(page, '/condominio/welcome');
            break;
          case 'sessionEnded': {
            // Another device ends this session (as mi-perfil's "Sesiones activas" does); the page's next
            // request is refused and the app lands on the sign-in page saying so.
            const token = await page.evaluate(
              () => window.localStorage.getItem('app-token') ?? window.sessionStorage.getItem('app-token'),
            );
            await request.post('/api/--sesiones/sign-out', { headers: { 'app-token': token ?? '' } });
            await navigateInApp(page, '/condominio/welcome');
            await expect(
              page.getByRole('alert').getByText('Tu sesión terminó. Inicia sesión de nuevo para continuar.'),
            ).toBeVisible();
            await expect(page).toHaveURL(/returnUrl=%2Fcondominio%2Fwelcome/);
            break;
          }
          case 'tokenChanged': {
            // Another tab of the same browser signs in as somebody else: it writes its token where every
            // tab of the site reads it. This tab's next request notices.
            const theirs = await apiSignIn(request, 'vecino070@demo.mx');
            await page.evaluate((value) => window.localStorage.setItem('app-token', value), theirs);
            const url = page.url();
            calls.passThrough = true;
            await navigateInApp(page, '/condominio/welcome');
            await expect(page).toHaveURL(/reloadTime=\d+/);
            await page.goto(url);
            await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
            calls.passThrough = false;
            break;
          }
          case 'xstate.done.actor.loadSession':
          case 'xstate.done.actor.refreshSession':
            await answerSessionData(calls, request, event.output as SessionData | null);
            break;
          case 'xstate.error.actor.loadSession':
          case 'xstate.error.actor.refreshSession':
            await (await calls.next('loadSession')).abort('internetdisconnected');
            break;
          case 'xstate.done.actor.signOut':
            await (await calls.next('signOut')).continue();
            break;
          case 'xstate.error.actor.signOut':
            await (await calls.next('signOut')).abort('internetdisconnected');
            break;
          default:
            throw new Error(`no user action for ${event.type}`);
        }
        const state = step.state as Snap;
        for (const key of stateNodeKeys(sessionMachine)) if (state.matches(key as never)) await STATES[key]!(page, calls);
      }
    });
  }
});
