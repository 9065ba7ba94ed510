#!/usr/bin/env node
// `npm run test:mutation -- [machineName] [--no-verify] [stryker options]`: Stryker over src/machines
// (stryker.config.mjs), or over src/machines/<machineName>.ts alone; then, read from the JSON report, each
// surviving mutant and the score of each mutated file. Not part of `npm test` or CI: it takes minutes.
//
// Survivors are verified: the machine tests run again for each one, in Stryker's sandbox with that mutant
// switched on from the start (__STRYKER_ACTIVE_MUTANT__), outside Stryker's runner. Stryker 9.6's Vitest
// runner calls a mutant "survived" when the run collected no test, e.g. when the mutant makes the test
// file fail to load (stryker-js issues 6150, 6213); those are killed, and the scores printed here count them
// so. `--no-verify` skips this and prints Stryker's verdicts as they are.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const args = process.argv.slice(2);
const machine = args[0] && !args[0].startsWith('-') ? args.shift() : undefined;
const verify = !args.includes('--no-verify');
const strykerArgs = args.filter((arg) => arg !== '--no-verify');
const tempDir = path.join(root, '.stryker-tmp');
const machineTestsConfig = 'tests/machines/vitest.mutation.config.ts';

if (machine && !fs.existsSync(path.join(root, 'src', 'machines', `${machine}.ts`))) {
  const known = fs
    .readdirSync(path.join(root, 'src', 'machines'))
    .filter((name) => name.endsWith('Machine.ts'))
    .map((name) => name.replace(/\.ts$/, ''));
  console.error(`No src/machines/${machine}.ts. Machines: ${known.join(', ')}`);
  process.exit(2);
}

const report = path.join(root, 'reports', 'mutation', `${machine ?? 'machines'}.json`);
fs.rmSync(report, { force: true });
// The sandbox is kept for the verification, so the one left must be this run's.
if (verify) fs.rmSync(tempDir, { recursive: true, force: true });
const startedAt = performance.now();
const stryker = spawnSync(
  bin('stryker'),
  ['run', 'stryker.config.mjs', ...(verify ? ['--cleanTempDir', 'false'] : []), ...strykerArgs],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...(machine ? { STRYKER_MACHINE: machine } : {}) },
  },
);
const strykerSeconds = (performance.now() - startedAt) / 1000;
if (!fs.existsSync(report)) {
  console.error(`Stryker ended (exit ${stryker.status}) without a report at ${path.relative(root, report)}.`);
  process.exit(stryker.status || 1);
}

const { files } = JSON.parse(fs.readFileSync(report, 'utf8'));
const survivors = Object.entries(files).flatMap(([file, { mutants }]) =>
  mutants
    .filter((mutant) => mutant.status === 'Survived' || mutant.status === 'NoCoverage')
    .map((mutant) => ({ file: path.relative(root, path.resolve(root, file)), mutant })),
);
const killedByHand = verify ? verifySurvivors() : new Set();
if (verify) fs.rmSync(tempDir, { recursive: true, force: true });

/** The ids of the survivors whose machine tests fail when the mutant is on from the start. */
function verifySurvivors() {
  const sandboxes = fs.existsSync(tempDir) ? fs.readdirSync(tempDir).filter((name) => name.startsWith('sandbox-')) : [];
  if (sandboxes.length !== 1) throw new Error(`expected one sandbox in ${tempDir}, found ${sandboxes.length}`);
  const sandbox = path.join(tempDir, sandboxes[0]);
  const killed = new Set();
  const survived = survivors.filter(({ mutant }) => mutant.status === 'Survived');
  const passes = (file, mutantId) =>
    spawnSync(bin('vitest'), ['related', '--run', '--config', machineTestsConfig, '--reporter', 'dot', file], {
      cwd: sandbox,
      encoding: 'utf8',
      env: { ...process.env, __STRYKER_ACTIVE_MUTANT__: mutantId },
    }).status === 0;
  console.log(`\nVerifying the ${survived.length} survivor(s), one vitest run each:`);
  // With no mutant on, the sandbox's tests must pass, or a failure below would prove nothing.
  for (const file of new Set(survived.map((survivor) => survivor.file))) {
    if (!passes(file, 'none')) throw new Error(`the tests related to ${file} fail in the sandbox with no mutant on`);
  }
  for (const survivor of survived) {
    if (!passes(survivor.file, survivor.mutant.id)) {
      killed.add(survivor.mutant.id);
      console.log(`  killed after all: ${describe(survivor)}`);
    }
  }
  console.log(`  ${survived.length - killed.size} confirmed, ${killed.size} killed after all`);
  return killed;
}

function describe({ file, mutant }) {
  const flat = (mutant.replacement ?? '').replace(/\s+/g, ' ');
  const replacement = flat.length > 100 ? `${flat.slice(0, 97)}...` : flat;
  return `${file}:${mutant.location.start.line}:${mutant.location.start.column}  ${mutant.mutatorName}  → ${replacement}`;
}

const undetected = survivors.filter(({ mutant }) => !killedByHand.has(mutant.id));
console.log(`\nSurviving mutants (${undetected.length}):`);
for (const survivor of undetected) {
  console.log(`  ${describe(survivor)}${survivor.mutant.status === 'NoCoverage' ? '  (no test reaches it)' : ''}`);
}

// Detected: Killed, Timeout, and the survivors killed after all. Left out of the score: Ignored, and the
// mutants that do not even run (CompileError, RuntimeError), as in Stryker's own score.
const LEFT_OUT = new Set(['Ignored', 'CompileError', 'RuntimeError']);
const rows = Object.entries(files).map(([file, { mutants }]) => {
  const count = (test) => mutants.filter(test).length;
  const afterAll = count((m) => killedByHand.has(m.id));
  const row = {
    file: path.relative(root, path.resolve(root, file)),
    mutants: mutants.length,
    killed: count((m) => m.status === 'Killed'),
    timeout: count((m) => m.status === 'Timeout'),
    ...(verify ? { 'killed after all': afterAll } : {}),
    survived: count((m) => m.status === 'Survived') - afterAll,
    'no coverage': count((m) => m.status === 'NoCoverage'),
    'left out': count((m) => LEFT_OUT.has(m.status)),
  };
  const counted = row.mutants - row['left out'];
  const detected = row.killed + row.timeout + afterAll;
  return { ...row, score: counted ? `${((100 * detected) / counted).toFixed(1)} %` : '-' };
});
console.log('\nMutation score per file: (killed + timeout) / (mutants - left out)');
console.table(rows);
const minutes = Math.floor(strykerSeconds / 60);
const took = `${minutes ? `${minutes}m` : ''}${Math.round(strykerSeconds % 60)}s`;
const total = (performance.now() - startedAt) / 1000;
console.log(
  `Stryker took ${took}${verify ? `, with the verification ${Math.round(total)}s` : ''}; report: ${path.relative(root, report)}`,
);
process.exit(stryker.status ?? 1);
