// Session data tells the browser where the legacy application lives (LEGACY_APP_URL), or null so its
// links stay hidden; and, to anyone, where login-redirect?logout=1 ends: its login page with the logout flag.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

async function legacyUrlSeenBy(t: TestApp): Promise<unknown> {
  const token = await signInAs(t.app, 'consejo@demo.mx');
  const res = await t.app.inject({ method: 'GET', url: '/api/--sesiones/session-data', headers: { 'app-token': token } });
  expect(res.statusCode).toBe(200);
  return res.json().data.app.legacyAppUrl;
}

describe(`session data: legacy application (${dialect})`, () => {
  let withLegacy: TestApp;
  let without: TestApp;
  beforeAll(async () => {
    withLegacy = await createTestApp({ env: { LEGACY_APP_URL: 'https://legacy.example.mx/app' } });
    without = await createTestApp();
  });

  it('carries LEGACY_APP_URL when it is set', async () => {
    expect(await legacyUrlSeenBy(withLegacy)).toBe('https://legacy.example.mx/app');
  });

  it('is null when it is not', async () => {
    expect(await legacyUrlSeenBy(without)).toBeNull();
  });

  it('names the legacy login page with its logout flag to anyone, or null without a legacy app', async () => {
    const login = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/--sesiones/legacy-login' });
    const res = await login(withLegacy);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, url: 'https://legacy.example.mx/app/login?logout=1' });
    expect((await login(without)).json()).toEqual({ success: true, url: null });
  });
});
