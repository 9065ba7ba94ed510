// The base URL comes from globalSetup (the app listens on a random port), and helpers every spec uses.
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
});

export { expect };

/** Fills the sign-in form and submits it (the button must be enabled by then). */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

type SignInAnswer = { token: string; condos: { CondoId: number; UserId: number; CondoName: string }[] };

/**
 * A spec's sign-in through the API: a session token per account (and condominium: the first one unless
 * named), signed in once per worker and kept. Each call makes its own cache, so one spec's sign-outs
 * never revoke another spec's tokens.
 */
export function sessionTokens() {
  const tokens = new Map<string, string>();
  return async function sessionToken(request: APIRequestContext, email: string, condo?: string): Promise<string> {
    const key = `${email} ${condo ?? ''}`;
    const known = tokens.get(key);
    if (known) return known;
    const signIn = await request.post('/api/--sesiones/sign-in', {
      data: { username: email, password: DEMO_PASSWORD, rememberMe: true },
    });
    expect(signIn.status(), `sign-in of ${email}`).toBe(200);
    const answer = (await signIn.json()) as SignInAnswer;
    const choice = condo ? answer.condos.find((c) => c.CondoName === condo) : answer.condos[0];
    if (!choice) throw new Error(`${email} has no condominium ${condo ?? ''}`);
    const login = await request.post('/api/--sesiones/condo-login', {
      data: { CondoId: choice.CondoId, UserId: choice.UserId, token: answer.token },
    });
    expect(login.status(), `condo-login of ${email}`).toBe(200);
    const { token } = (await login.json()) as { token: string };
    tokens.set(key, token);
    return token;
  };
}
