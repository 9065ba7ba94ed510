// The app under its Content-Security-Policy in Chromium (server/infra/contentSecurityPolicy.ts): the page's
// own styles (index.html's, Mantine's, a Modal's scroll lock) apply with the page's nonce, and what the
// policy is there to stop is stopped, and heard by the guard every spec runs with (fixtures.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The public page's Spanish words: the visitor picked Español (fixtures.ts keptLanguage).
test.use({ keptLanguage: 'es' });

async function palmasPage(page: Page): Promise<string> {
  const res = await page.request.get('/api/--pagina-publica/CondoXid/palmas');
  expect(res.ok()).toBe(true);
  return `/pagina-publica?id=${((await res.json()) as { data: { CondoId: number } }).data.CondoId}`;
}

/** Every <style> of the page with whether the browser applied it (a refused one has no sheet). */
const styleElements = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('style')].map((style) => ({
      owner: style.getAttribute('data-mantine-styles') ?? style.textContent?.slice(0, 30) ?? '',
      applied: (style.sheet?.cssRules.length ?? 0) > 0,
    })),
  );

test('the page’s own style elements apply under the policy, a Modal’s too', async ({ page }) => {
  const answer = await page.goto(await palmasPage(page));
  const policy = (await answer?.allHeaders())?.['content-security-policy'] ?? '';
  expect(policy).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(policy).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: 'Residencial Las Palmas' })).toBeVisible();
  const styles = await styleElements(page);
  // Mantine's CSS variables and its responsive classes, at least.
  expect(styles.filter((style) => style.owner !== '').length).toBeGreaterThanOrEqual(2);
  expect(styles.filter((style) => !style.applied)).toEqual([]);
  // Mantine's variables reached the page: its font, not the browser's default serif.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('system-ui');

  await page.getByRole('button', { name: 'Contactar admin' }).click();
  await expect(page.getByRole('dialog', { name: 'Contactar admin' })).toBeVisible();
  const withModal = await styleElements(page);
  expect(withModal.length).toBeGreaterThan(styles.length);
  expect(withModal.filter((style) => !style.applied)).toEqual([]);
});

test('an inline script or a style without the nonce is refused, and the guard hears it', async ({ page, cspViolations }) => {
  await page.goto(await palmasPage(page));
  await expect(page.getByRole('heading', { name: 'Residencial Las Palmas' })).toBeVisible();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    const style = document.createElement('style');
    style.textContent = 'body { color: rgb(255, 0, 0) !important; }';
    document.head.append(style);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return { script: 'injected' in window, color: getComputedStyle(document.body).color };
  });
  expect(ran.script).toBe(false);
  expect(ran.color).not.toBe('rgb(255, 0, 0)');
  await expect
    .poll(() => cspViolations.map((violation) => violation.split(' blocked ')[0]).sort())
    .toEqual(['script-src-elem', 'style-src-elem']);
  expect(cspViolations.every((violation) => violation.includes('blocked inline'))).toBe(true);
  // Provoked on purpose: out of the list, so that the guard passes this test.
  cspViolations.length = 0;
});

test('every spec runs under the guard: it takes `test` from fixtures.ts', () => {
  const dir = path.dirname(test.info().file);
  const specs = fs.readdirSync(dir).filter((name) => name.endsWith('.spec.ts'));
  expect(specs.length).toBeGreaterThan(10);
  const unguarded = specs.filter((name) => {
    const source = fs.readFileSync(path.join(dir, name), 'utf8');
    return !/import \{[^}]*\btest\b[^}]*\} from '\.\/fixtures'/.test(source);
  });
  expect(unguarded).toEqual([]);
});
