#!/usr/bin/env node
// `npm test`: every layer the project relies on, in order, with one summary line at the end:
// typecheck, lint, vitest (unit + machines, views, server on SQLite and on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser suite in Chromium. Without a Chromium the browser suite
// is skipped LOUDLY, and under CI=true that is a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const results = path.join(root, '.test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A step that is one check (typecheck, lint): one pass or one failure. */
function check(label, command, args) {
  if (run(label, command, args)) passed++;
  else {
    failed++;
    failures.push(label);
  }
}

/** A test runner step: its own counts from its JSON report. */
function suite(label, command, args, report, count, env) {
  const ok = run(label, command, args, env);
  let counts = null;
  try {
    counts = count(JSON.parse(fs.readFileSync(report, 'utf8')));
  } catch {
    // No report: the runner itself broke.
  }
  if (!counts) {
    failed++;
    failures.push(`${label} (no report)`);
    return;
  }
  passed += counts.passed;
  failed += counts.failed;
  if (!ok || counts.failed > 0) failures.push(label);
  if (!ok && counts.failed === 0) {
    failed++; // the runner failed outside any test (a suite that did not load, an unhandled error)
  }
}

check('typecheck (browser and server)', process.execPath, [
  path.join(root, 'node_modules/typescript/bin/tsc'),
  '-p',
  'tsconfig.json',
]);
check('typecheck (server)', process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json']);
check('lint and format (biome)', bin('biome'), ['check', '.']);

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nℹ TEST_DATABASE_URL is not set: the server suite runs on SQLite only.');
}
const vitestReport = path.join(results, 'vitest.json');
suite(
  'vitest: unit, machines, views, server',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  vitestReport,
  (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) }),
);

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (fs.existsSync(chromium)) {
  if (
    run('build the browser app', process.execPath, [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
    ])
  ) {
    const e2eReport = path.join(results, 'e2e.json');
    suite('playwright: browser suite in Chromium', bin('playwright'), ['test'], e2eReport, (r) => ({
      passed: r.stats.expected,
      failed: r.stats.unexpected + r.stats.flaky,
    }));
  } else {
    failed++;
    failures.push('build');
  }
} else {
  const banner = '!'.repeat(78);
  console.log(`\n${banner}\n!! NO CHROMIUM at ${chromium}: THE BROWSER SUITE DID NOT RUN.`);
  console.log('!! Install it (apt-get install -y chromium) or set CHROME_PATH.');
  console.log(`${banner}`);
  if (process.env.CI === 'true') {
    failed++;
    failures.push('browser suite (no Chromium under CI)');
  }
}

if (failures.length) console.log(`\n✗ failed: ${failures.join('; ')}`);
const summary = `tests: ${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(results, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed > 0 ? 1 : 0);
