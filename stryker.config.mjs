// Mutation testing of the statecharts (issue 12 §2, docs/decisions.md "Mutation testing"): Stryker changes
// src/machines/*.ts one small edit at a time and runs the machine tests against each change; a change no
// test notices "survives". Run it with `npm run test:mutation [machineName]` (scripts/test-mutation.mjs),
// which sets STRYKER_MACHINE to mutate one machine and keep its report apart. Not part of `npm test` or CI.
const machine = process.env.STRYKER_MACHINE;
const reportName = machine ?? 'machines';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The `unit` project's machine tests only (no views, no server), and of those, with `related`, the
  // files that import the mutated machine. Not `testFiles`: see tests/machines/vitest.mutation.config.ts.
  vitest: { configFile: 'tests/machines/vitest.mutation.config.ts', related: true },
  mutate: machine ? [`src/machines/${machine}.ts`] : ['src/machines/**/*.ts'],
  // Each mutant runs only the tests that reached it in the first run. The machine config objects are
  // built when their module loads, and the model-based suites build their paths while collecting, so
  // most mutants of a machine are "static": they run every related test file, once per mutant.
  coverageAnalysis: 'perTest',
  // setup({ types }) and setup({ actors }) are out of the score: see scripts/stryker-xstate-ignorer.mjs.
  plugins: ['@stryker-mutator/*', './scripts/stryker-xstate-ignorer.mjs'],
  ignorers: ['xstate-setup'],
  // The machine has two cores shared with others: one test runner, and waits generous enough that a
  // slow moment is not taken for an endless loop (a timeout counts as killed).
  concurrency: 1,
  timeoutMS: 20_000,
  timeoutFactor: 2,
  dryRunTimeoutMinutes: 10,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: `reports/mutation/${reportName}.json` },
  htmlReporter: { fileName: `reports/mutation/${reportName}.html` },
  // The survivors are listed by scripts/test-mutation.mjs once verified (Stryker's own list has false ones).
  clearTextReporter: { allowEmojis: false, logTests: false, reportMutants: false, reportTests: false },
  // Static mutants are most of a machine and the point of the exercise: no advice to ignore them.
  warnings: { slow: false },
  thresholds: { high: 90, low: 75, break: null },
  tempDirName: '.stryker-tmp',
  // What the sandbox copy does not need (Stryker copies the project, not git's view of it).
  ignorePatterns: ['dist', 'data', 'reports', '.test-results', 'test-results', 'playwright-report', '.tmp', 'tests/e2e', 'bench'],
};
