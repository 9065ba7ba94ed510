#!/usr/bin/env node
// `npm test`: every layer the project relies on, in order, with one summary line at the end:
// typecheck, lint, vitest (unit + machines, views, server on SQLite and on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser suite in Chromium. Without a Chromium the browser suite
// is skipped LOUDLY, and under CI=true that is a failure.
//
// Each layer is timed; the table (also in .test-results/layers.txt and layers.json) comes before the
// last line, `tests: N passed, N failed`, which .ci/run repeats and must stay the very last.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** The whole CI run (npm ci and all) is meant to stay under this; .ci/run says when it started. */
const BUDGET_MINUTES = 20;
const startedAt = Date.now();

let passed = 0;
let failed = 0;
const failures = [];
/** One row per layer: { label, seconds, tests?, failed?, detail? }; `detail` rows are summed test time. */
const layers = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const start = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { ok: result.status === 0, seconds: (performance.now() - start) / 1000 };
}

/** A step that is one check (typecheck, lint): one pass or one failure. */
function check(label, command, args) {
  const { ok, seconds } = run(label, command, args);
  layers.push({ label, seconds, failed: ok ? 0 : 1 });
  if (ok) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

/** A test runner step: its own counts from its JSON report. Answers the parsed report, if any. */
function suite(label, command, args, report, count, env) {
  fs.rmSync(report, { force: true });
  const { ok, seconds } = run(label, command, args, env);
  let json = null;
  let counts = null;
  try {
    json = JSON.parse(fs.readFileSync(report, 'utf8'));
    counts = count(json);
  } catch {
    // No report: the runner itself broke.
  }
  if (!counts) {
    failed++;
    failures.push(`${label} (no report)`);
    layers.push({ label, seconds, failed: 1 });
    return null;
  }
  // The runner failed outside any test (a suite that did not load, an unhandled error): one failure more.
  const outside = !ok && counts.failed === 0 ? 1 : 0;
  passed += counts.passed;
  failed += counts.failed + outside;
  if (!ok || counts.failed > 0) failures.push(label);
  layers.push({ label, seconds, tests: counts.passed + counts.failed, failed: counts.failed + outside });
  return json;
}

/**
 * Checks that share nothing, side by side (the two typechecks wait on each other's CPU less than on their
 * own file reads): one row each, with its own time.
 */
async function checksTogether(steps) {
  console.log(`\n▶ ${steps.map((s) => s.label).join(', ')}`);
  const ends = steps.map(
    ({ label, command, args }) =>
      new Promise((resolve) => {
        const start = performance.now();
        const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
        child.on('close', (code) => resolve({ label, ok: code === 0, seconds: (performance.now() - start) / 1000 }));
        child.on('error', () => resolve({ label, ok: false, seconds: (performance.now() - start) / 1000 }));
      }),
  );
  for (const { label, ok, seconds } of await Promise.all(ends)) {
    layers.push({ label, seconds, failed: ok ? 0 : 1 });
    if (ok) passed++;
    else {
      failed++;
      failures.push(label);
    }
  }
}

const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
await checksTogether([
  { label: 'typecheck (browser and server)', command: process.execPath, args: [tsc, '-p', 'tsconfig.json'] },
  { label: 'typecheck (server)', command: process.execPath, args: [tsc, '-p', 'tsconfig.server.json'] },
]);
check('lint and format (biome)', bin('biome'), ['check', '.']);

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nℹ TEST_DATABASE_URL is not set: the server suite runs on SQLite only.');
}
// One vitest run per project (vitest.config.ts), so each has its own time and its own failures.
const vitestProjects = ['unit', 'views', 'server', ...(process.env.TEST_DATABASE_URL ? ['server-pg'] : [])];
for (const project of vitestProjects) {
  const report = path.join(results, `vitest-${project}.json`);
  suite(
    `vitest ${project}`,
    bin('vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    report,
    (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) }),
  );
}

const chromium = chromiumPath();
if (fs.existsSync(chromium)) {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const build = run('build the browser app', process.execPath, [vite, 'build', '--logLevel', 'warn']);
  layers.push({ label: 'build (vite)', seconds: build.seconds, failed: build.ok ? 0 : 1 });
  if (build.ok) {
    const e2eReport = path.join(results, 'e2e.json');
    const report = suite('playwright: browser suite in Chromium', bin('playwright'), ['test'], e2eReport, (r) => ({
      passed: r.stats.expected,
      failed: r.stats.unexpected + r.stats.flaky,
    }));
    if (report) layers.push(...playwrightProjects(report));
  } else {
    failed++;
    failures.push('build');
  }
} else {
  const banner = '!'.repeat(78);
  console.log(`\n${banner}\n!! NO CHROMIUM at ${chromium}: THE BROWSER SUITE DID NOT RUN.`);
  console.log('!! Install it (apt-get install -y chromium-headless-shell, or chromium) or set CHROME_PATH.');
  console.log(`${banner}`);
  if (process.env.CI === 'true') {
    failed++;
    failures.push('browser suite (no Chromium under CI)');
  }
}

/**
 * Playwright's projects run side by side on its workers, so a project has no wall time of its own: its
 * row is the sum of its tests' durations (what a project costs; compare runs with it, not the wall time).
 */
function playwrightProjects(report) {
  const byProject = new Map();
  const walk = (suiteNode) => {
    for (const spec of suiteNode.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const row = byProject.get(t.projectName) ?? { seconds: 0, tests: 0, failed: 0 };
        for (const r of t.results ?? []) row.seconds += (r.duration ?? 0) / 1000;
        if (t.status !== 'skipped') row.tests += 1;
        if (t.status === 'unexpected' || t.status === 'flaky') row.failed += 1;
        byProject.set(t.projectName, row);
      }
    }
    for (const child of suiteNode.suites ?? []) walk(child);
  };
  for (const s of report.suites ?? []) walk(s);
  return [...byProject].map(([name, row]) => ({ label: `  playwright ${name}`, ...row, detail: true }));
}

const total = (Date.now() - startedAt) / 1000;
const ciStarted = Number(process.env.CI_STARTED_AT);
const table = layerTable(total, Number.isFinite(ciStarted) && ciStarted > 0 ? Date.now() / 1000 - ciStarted : null);
console.log(`\n${table}`);
fs.writeFileSync(path.join(results, 'layers.txt'), `${table}\n`);
fs.writeFileSync(path.join(results, 'layers.json'), `${JSON.stringify({ totalSeconds: total, layers }, null, 2)}\n`);

function layerTable(totalSeconds, ciSeconds) {
  const time = (s) => (s >= 60 ? `${Math.floor(s / 60)}m${String(Math.round(s % 60)).padStart(2, '0')}s` : `${s.toFixed(1)}s`);
  const ciLabel = '.ci/run so far (npm ci and all)';
  const width = Math.max(...layers.map((l) => l.label.length), ciLabel.length);
  const line = (label, seconds, tests = '', note = '') =>
    `${label.padEnd(width)}  ${time(seconds).padStart(7)}  ${String(tests).padStart(6)}  ${note}`.trimEnd();
  const rows = [`${'layer'.padEnd(width)}  ${'time'.padStart(7)}  ${'tests'.padStart(6)}`];
  for (const l of layers) {
    const note = [l.detail ? 'summed test time' : '', l.failed ? `${l.failed} failed` : ''].filter(Boolean).join(', ');
    rows.push(line(l.label, l.seconds, l.tests ?? '', note));
  }
  rows.push(line('npm test, all layers', totalSeconds));
  if (ciSeconds !== null) {
    const over = ciSeconds > BUDGET_MINUTES * 60 ? '  OVER BUDGET' : '';
    rows.push(line(ciLabel, ciSeconds, '', `budget ${BUDGET_MINUTES}m${over}`));
  } else {
    rows.push(`(budget: the whole .ci/run, npm ci included, under ${BUDGET_MINUTES} minutes)`);
  }
  return rows.join('\n');
}

if (failures.length) console.log(`\n✗ failed: ${failures.join('; ')}`);
const summary = `tests: ${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(results, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed > 0 ? 1 : 0);
