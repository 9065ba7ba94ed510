// The base URL comes from globalSetup (the app listens on a random port), and helpers every spec uses.
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type PageScreenshotOptions,
  type TestInfo,
} from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';

// ── Content-Security-Policy guard ────────────────────────────────────────────────────────────────────────
// Every page of every spec runs under the app's CSP (server/infra/contentSecurityPolicy.ts), and a test
// fails on any violation in the app's own pages, naming the directive and what was blocked. Pages from
// another origin (a map provider's frame) answer to their own policies and are not ours to judge.

const VIOLATION_BINDING = '__reportCspViolation';

/** Reports every `securitypolicyviolation` of the app's origin in this context's pages to `violations`. */
export async function watchPolicy(context: BrowserContext, appOrigin: string, violations: string[]): Promise<void> {
  await context.exposeBinding(VIOLATION_BINDING, (_source, violation: string) => {
    violations.push(violation);
  });
  await context.addInitScript(
    ({ origin, binding }) => {
      if (location.origin !== origin) return;
      const report = (window as unknown as Record<string, (violation: string) => void>)[binding];
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          const sample = event.sample ? ` "${event.sample}"` : '';
          const at = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
          report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}${sample}${at} on ${location.pathname}`);
        },
        true,
      );
    },
    { origin: appOrigin, binding: VIOLATION_BINDING },
  );
}

const guarded = base.extend<{ cspViolations: string[] }>({
  /** The violations seen so far; a spec that provokes one on purpose takes it out of this list. */
  cspViolations: [
    async ({ context, browser }, use) => {
      const url = process.env.E2E_BASE_URL;
      if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
      const appOrigin = new URL(url).origin;
      const violations: string[] = [];
      await watchPolicy(context, appOrigin, violations);
      // Pages a spec opens in contexts of its own (browser.newPage, browser.newContext) are watched too.
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const created = await newContext.call(browser, options);
        await watchPolicy(created, appOrigin, violations);
        return created;
      };
      try {
        await use(violations);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
// ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export const test = guarded.extend<{ keptLanguage: 'es' | 'en' | 'fr' | null }>({
  /**
   * A language the visitor picked earlier on a visitor page's switch (kept in localStorage and its cookie),
   * unless the page stores another. The browsers here speak es-MX, which the spec's rule shows visitor pages in English for
   * (src/i18n/languages.ts): specs that read the visitor pages' Spanish messages set `keptLanguage: 'es'`.
   */
  keptLanguage: [null, { option: true }],
  context: async ({ context, keptLanguage }, use) => {
    if (keptLanguage) {
      await context.addInitScript((language) => {
        if (!window.localStorage.getItem('language')) window.localStorage.setItem('language', language);
      }, keptLanguage);
      // And for the server, as the switch keeps it (LanguageProvider): a painted page comes in it.
      const url = process.env.E2E_BASE_URL;
      if (url) await context.addCookies([{ name: 'language', value: keptLanguage, url }]);
    }
    await use(context);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
    await use(url);
  },
});

export { expect };

/**
 * A screenshot for a person to look at, never an assertion. Skipped with E2E_SCREENSHOTS=off, as .ci/run
 * sets it: nobody looks at CI's, and they cost about a tenth of the browser suite's time.
 */
export async function screenshotForPeople(page: Page, options: PageScreenshotOptions): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await page.screenshot(options);
}

/** A spec's screenshots for people: `<dir>/<name>-<project>.png`, the whole page unless told otherwise. */
export const shotsIn =
  (dir: string) =>
  (page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> =>
    screenshotForPeople(page, { path: `${dir}/${name}-${testInfo.project.name}.png`, fullPage });

/** Whether the test runs at the phone's size (the phone and blogs-phone projects). */
export const isPhone = (testInfo: TestInfo) => testInfo.project.name.endsWith('phone');

/** The page's own content (the shell around it repeats the user's name, hidden on phones). */
export const main = (page: Page) => page.getByRole('main');

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
