// `npm run test:model` — the machines for QA (issue 12 §3).
//
//   npm run test:model                      list every machine, then run its paths headless (vitest)
//   npm run test:model -- --browser         list, build, then run the Chromium walks (Playwright)
//   npm run test:model -- --list            list only
//   npm run test:model -- --export          write docs/scenarios/<machine>.md (steps in words, a diagram)
//   npm run test:model -- loginMachine …    any of the above for the machines named
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findModels, ROOT, SCENARIOS_DIR, scenarioDocument, summarize } from '../tests/support/scenarios';

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const names = args.filter((arg) => !arg.startsWith('--'));
const known = new Set(['--browser', '--list', '--export']);
for (const flag of flags) if (!known.has(flag)) fail(`unknown option ${flag} (use --list, --browser or --export)`);

function fail(message: string): never {
  console.error(`test:model: ${message}`);
  process.exit(2);
}

const found = await findModels(names);
const missing = names.filter((name) => !found.some((model) => model.name === name));
if (missing.length) fail(`no model for ${missing.join(', ')} in tests/models`);

if (flags.has('--export')) {
  mkdirSync(SCENARIOS_DIR, { recursive: true });
  for (const model of found) {
    const file = path.join(SCENARIOS_DIR, `${model.name}.md`);
    writeFileSync(file, scenarioDocument(model));
    console.log(`wrote ${path.relative(ROOT, file)}`);
  }
  process.exit(0);
}

const rows = found.map((model) => summarize(model));
const header = ['machine', 'states', 'transitions', 'unreachable', 'paths', 'scenarios', 'in Chromium'];
const table = [
  header,
  ...rows.map((r) => [r.machine, r.states, r.transitions, r.unreachable, r.paths, r.scenarios, r.browser || '–'].map(String)),
];
const widths = header.map((_, column) => Math.max(...table.map((row) => row[column]!.length)));
for (const [i, row] of table.entries()) {
  console.log(
    row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '),
  );
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
const total = (key: 'states' | 'transitions' | 'paths' | 'scenarios' | 'browser') => rows.reduce((sum, r) => sum + r[key], 0);
console.log(
  `\n${rows.length} machines: ${total('states')} states, ${total('transitions')} transitions, ${total('paths')} paths headless, ` +
    `${total('browser')} of their scenarios walked in Chromium. Scenarios in words: docs/scenarios/<machine>.md.`,
);
if (flags.has('--list')) process.exit(0);

const run = (command: string, commandArgs: string[]) => {
  console.log(`\n$ ${command} ${commandArgs.join(' ')}`);
  const result = spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (flags.has('--browser')) {
  const specs = found.flatMap((model) => (model.browserSpec ? [model.browserSpec] : []));
  if (!specs.length) fail('none of these machines is walked in Chromium');
  run('npx', ['vite', 'build']);
  run('npx', ['playwright', 'test', '--project=setup', '--project=walks', ...specs]);
} else {
  run('npx', ['vitest', 'run', '--project', 'unit', ...found.map((model) => `tests/machines/${model.name}.test.ts`)]);
}
