// Browser tests in the system Chromium against the app started exactly as `npm start` starts it, on a
// random port with a fresh DATA_DIR (tests/e2e/globalSetup.ts). Phone and desktop sizes both run; a test
// tagged @desktop-only or @phone-only runs at that size alone (what it checks does not depend on the
// layout, or the phone's side is walked elsewhere: docs/decisions.md, "A fast browser suite").
//
// The setup project signs in each account the specs need once (tests/e2e/auth.setup.ts); specs take the
// saved session with test.use({ storageState: signedIn(...) }) (tests/support/e2e/accounts.ts).
import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium.mjs';

export const CHROMIUM_PATH = chromiumPath();

export const launchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // A test's page lives seconds: V8's optimizing tiers (Maglev, TurboFan) compile in the background for code
    // that is gone before it pays back, on the same two cores. Interpreter and Sparkplug only: the model walks
    // took about a tenth less (docs/decisions.md, "The browser suite without V8's optimizing tiers").
    '--js-flags=--no-opt --no-maglev',
  ],
};

const WALKS = /\.walk\.spec\.ts$/;
/** The specs that create, toggle and move Las Palmas' blogs. */
const BLOG_CHANGES = /(blogs\.spec|newBlogMachine\.walk\.spec)\.ts$/;
/** The specs that sign in through saved sessions wait for the setup project to save them. */
const SETUP = ['setup'];
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/globalSetup.ts',
  // A test's whole budget: a walk or a two-role story takes 5–10 s on a quiet machine and three times that when
  // the 2-core machine is loaded; the waits inside it (expect, 7 s) are what the user would wait for.
  timeout: 60_000,
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
    // The browser asks for reduced motion, which the app honours (theme.ts): no test waits on a modal's or a
    // toast's transition, and the setting itself is walked on every screen.
    reducedMotion: 'reduce',
    // Recording a trace costs about a quarter of every test's time, passing or not; a failure still leaves
    // its screenshot and error-context.md (the page's accessibility tree). For a trace, run the failing spec
    // again with --trace on.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The built app registers a service worker (src/sw.ts) that would answer from its caches in every context
    // of every spec: blocked here, allowed only where it is what a spec checks (pwa.spec.ts).
    serviceWorkers: 'block',
    launchOptions,
  },
  projects: [
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'desktop',
      testIgnore: [WALKS, BLOG_CHANGES],
      grepInvert: /@phone-only/,
      dependencies: SETUP,
      use: { ...DESKTOP, launchOptions },
    },
    {
      name: 'phone',
      testIgnore: [WALKS, BLOG_CHANGES],
      grepInvert: /@desktop-only/,
      dependencies: SETUP,
      use: { ...PHONE, launchOptions },
    },
    // The machines' model-based walks (*.walk.spec.ts) run once, on a phone: the screen visitors and
    // residents use most. They change demo data (privacy acceptances), so never twice in one run.
    {
      name: 'walks',
      testMatch: WALKS,
      testIgnore: BLOG_CHANGES,
      use: { ...PHONE, launchOptions },
    },
    // Creating and reordering blogs changes every member's menu (each active public blog is an entry), so
    // these run after everything that checks exact menus, on the same server.
    {
      name: 'blogs-desktop',
      testMatch: /blogs\.spec\.ts$/,
      dependencies: ['desktop', 'phone', 'walks'],
      use: { ...DESKTOP, launchOptions },
    },
    {
      name: 'blogs-phone',
      testMatch: BLOG_CHANGES,
      dependencies: ['desktop', 'phone', 'walks'],
      use: { ...PHONE, launchOptions },
    },
  ],
});
