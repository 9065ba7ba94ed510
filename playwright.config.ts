// Browser tests in the system Chromium against the app started exactly as `npm start` starts it, on a
// random port with a fresh DATA_DIR (tests/e2e/globalSetup.ts). Phone and desktop sizes both run.
import { defineConfig, devices } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['json', { outputFile: '.test-results/e2e.json' }]],
  use: {
    headless: true,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /\.walk\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
    },
    {
      name: 'phone',
      testIgnore: /\.walk\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, launchOptions },
    },
    // The machines' model-based walks (*.walk.spec.ts) run once, on a phone: the screen visitors and
    // residents use most. They change demo data (privacy acceptances), so never twice in one run.
    {
      name: 'walks',
      testMatch: /\.walk\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, launchOptions },
    },
  ],
});
