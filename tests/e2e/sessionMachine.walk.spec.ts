// sessionMachine's paths walked through the real UI in Chromium, as neighbours of Las Palmas who have
// accepted the privacy notice (one per path, so paths never share a session). Calls are held by the
// browser until the path settles them: let through to the real server, answered 401 by the real server
// after the token is revoked, or cut off. `refresh` (fired by profile edits) is walked headless only.
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { sessionMachine } from '../../src/machines/sessionMachine';
import {
  abstractCover,
  buildModel,
  coveringPaths,
  type ModelEvent,
  requireStateTests,
  type Snapshot,
} from '../support/modelTesting';
import { DEMO_PASSWORD, expect, submitSignIn, test } from './fixtures';

type Snap = Snapshot<typeof sessionMachine>;

function eventsFor(snapshot: Snap): ModelEvent[] {
  return [
    { type: 'signedIn', token: 't', rememberMe: true },
    { type: 'signOut' },
    { type: 'retry' },
    // Another tab's sign-in is noticed by this tab's next request: walked from a settled signed-in page.
    ...(snapshot.matches({ signedIn: 'idle' }) ? [{ type: 'tokenChanged' }] : []),
    { type: 'xstate.done.actor.loadSession', output: { usuario: {} } },
    { type: 'xstate.done.actor.loadSession', output: null },
    { type: 'xstate.error.actor.loadSession', error: new Error('network down') },
    { type: 'xstate.done.actor.signOut', output: undefined },
    { type: 'xstate.error.actor.signOut', error: new Error('network down') },
  ].filter(() => !snapshot.matches({ signedIn: 'refreshing' }));
}

const label = (event: EventObject) => {
  const e = event as ModelEvent;
  return e.type === 'xstate.done.actor.loadSession' ? `${e.type}:${e.output === null ? 'refused' : 'data'}` : e.type;
};

/** Two starts: a visitor with no saved token, and a returning user whose token is saved. */
const walks = [null, 'saved'].map((token) => {
  const { model, serializeState } = buildModel(sessionMachine, { input: { token }, events: eventsFor });
  return { token, paths: abstractCover(coveringPaths(model, serializeState as never), label) };
});

const STATES: Record<string, (page: Page) => Promise<void>> = {
  checking: async () => {
    throw new Error('checking is transient and must never be observed');
  },
  loading: async (page) => {
    // The guard's loader, or the sign-in button still busy while the session data loads after sign-in.
    await expect(page.getByRole('status').or(page.locator('button[data-loading="true"]')).first()).toBeVisible();
  },
  unavailable: async (page) => {
    await expect(page.getByRole('alert').getByText('Sin conexión con el servidor')).toBeVisible();
  },
  signedIn: async (page) => {
    await expect(page).toHaveURL(/\/condominio\//);
  },
  'signedIn.idle': async (page) => {
    await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
  },
  'signedIn.refreshing': async () => {
    throw new Error('refresh is not walked in the browser');
  },
  signingOut: async (page) => {
    await expect(page).toHaveURL(/\/condominio\//);
  },
  signedOut: async (page) => {
    await expect(page).toHaveURL(/\/sessions\/signin/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  },
};

class HeldCalls {
  private readonly held = new Map<string, Route[]>();
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
  async next(name: string): Promise<Route> {
    await expect.poll(() => this.held.get(name)?.length ?? 0, { message: `waiting for the ${name} call` }).toBeGreaterThan(0);
    return this.held.get(name)!.shift()!;
  }
}

async function apiSignIn(request: APIRequestContext, email: string): Promise<string> {
  const signIn = await request.post('/api/--sesiones/sign-in', { data: { username: email, password: DEMO_PASSWORD } });
  const { token, condos } = await signIn.json();
  const login = await request.post('/api/--sesiones/condo-login', {
    data: { CondoId: condos[0].CondoId, UserId: condos[0].UserId, token },
  });
  return (await login.json()).token;
}

test.describe('sessionMachine walked in Chromium', () => {
  test('every state node has a screen assertion', () => {
    requireStateTests(sessionMachine, STATES);
    for (const { paths } of walks) expect(paths.length).toBeGreaterThan(3);
  });

  // vecino040… : accounts no other spec uses (account.spec.ts edits vecino030/031).
  let account = 40;
  for (const { token: saved, paths } of walks) {
    for (const path of paths) {
      const email = `vecino0${account++}@demo.mx`;
      const title = `${saved ? 'saved token' : 'no token'} (${email}): ${path.steps.map((s) => label(s.event as EventObject)).join(' → ')}`;
      test(title, async ({ page, context, request }) => {
        const calls = new HeldCalls(page);
        if (saved) {
          const token = await apiSignIn(request, email);
          await context.addInitScript((value) => {
            if (!window.sessionStorage.getItem('walk-started')) window.localStorage.setItem('app-token', value);
            window.sessionStorage.setItem('walk-started', '1');
          }, token);
          await page.goto('/condominio/comunicacion');
        } else {
          await page.goto('/condominio/comunicacion');
        }
        for (const step of path.steps) {
          const event = step.event as EventObject as ModelEvent;
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
                await page.getByRole('button', { name: /^Menú de / }).click();
                await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
              }
              break;
            case 'retry':
              await page.getByRole('button', { name: 'Reintentar' }).click();
              break;
            case 'tokenChanged': {
              // Another tab of the same browser signs in as somebody else: it writes its token where every
              // tab of the site reads it. This tab's next request notices.
              const theirs = await apiSignIn(request, 'vecino070@demo.mx');
              await page.evaluate((token) => window.localStorage.setItem('app-token', token), theirs);
              const url = page.url();
              calls.passThrough = true;
              await page.evaluate(() => {
                window.history.pushState(null, '', '/condominio/welcome');
                window.dispatchEvent(new PopStateEvent('popstate'));
              });
              await expect(page).toHaveURL(/reloadTime=\d+/);
              await page.goto(url);
              await expect(page.getByRole('heading', { name: /^Hola, / })).toBeVisible();
              calls.passThrough = false;
              break;
            }
            case 'xstate.done.actor.loadSession': {
              const route = await calls.next('loadSession');
              if (event.output === null) {
                // Revoke the token so the real server refuses it.
                const token = route.request().headers()['app-token'] ?? '';
                await request.post('/api/--sesiones/sign-out', { headers: { 'app-token': token } });
              }
              await route.continue();
              break;
            }
            case 'xstate.error.actor.loadSession':
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
          const value = step.state.value as Snap['value'];
          const keys = typeof value === 'string' ? [value] : Object.entries(value).flatMap(([k, v]) => [k, `${k}.${v}`]);
          for (const key of keys) await STATES[key]!(page);
        }
      });
    }
  }
});
