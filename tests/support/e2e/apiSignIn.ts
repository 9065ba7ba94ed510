// Signing in for the money specs through the API (the sign-in page has its own spec): a session token per
// account, put where the app reads it before the first page loads.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect } from '../../e2e/fixtures';

export async function apiToken(request: APIRequestContext, email: string, condo?: string): Promise<string> {
  const signIn = await request.post('/api/--sesiones/sign-in', { data: { username: email, password: DEMO_PASSWORD } });
  expect(signIn.status(), `sign-in of ${email}`).toBe(200);
  const answer = (await signIn.json()) as { token: string; condos: { CondoId: number; UserId: number; CondoName: string }[] };
  const choice = condo ? answer.condos.find((c) => c.CondoName === condo) : answer.condos[0];
  if (!choice) throw new Error(`${email} has no condominium ${condo ?? ''}`);
  const login = await request.post('/api/--sesiones/condo-login', {
    data: { CondoId: choice.CondoId, UserId: choice.UserId, token: answer.token },
  });
  expect(login.status(), `condo-login of ${email}`).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** Opens `path` signed in as the account. */
export async function openSignedIn(page: Page, email: string, path: string, condo?: string): Promise<string> {
  const token = await apiToken(page.request, email, condo);
  await page.addInitScript((value) => window.localStorage.setItem('app-token', value), token);
  await page.goto(path);
  return token;
}
