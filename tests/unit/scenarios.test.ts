// QA's view of the machines (issue 12 §3): every machine has a model, and docs/scenarios holds exactly
// what `npm run test:model -- --export` would write from the models today.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findModels, mermaidDiagram, ROOT, SCENARIOS_DIR, scenarioDocument } from '../support/scenarios';

const machineFiles = readdirSync(path.join(ROOT, 'src/machines'))
  .filter((file) => /Machine\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();
const found = await findModels();

describe('the machines for QA', () => {
  it('every machine has a model, a headless suite and its scenarios', () => {
    expect(found.map((model) => model.name)).toEqual(machineFiles);
    for (const name of machineFiles) expect(existsSync(path.join(ROOT, 'tests/machines', `${name}.test.ts`)), name).toBe(true);
  });

  it('no stale or stray file in docs/scenarios', () => {
    const written = readdirSync(SCENARIOS_DIR).filter((file) => file.endsWith('.md') && file !== 'README.md');
    expect(written.sort()).toEqual(machineFiles.map((name) => `${name}.md`));
  });

  for (const model of found) {
    it(`docs/scenarios/${model.name}.md is up to date (npm run test:model -- --export ${model.name})`, () => {
      const file = path.join(SCENARIOS_DIR, `${model.name}.md`);
      const committed = existsSync(file) ? readFileSync(file, 'utf8') : '';
      expect(committed === scenarioDocument(model), `${model.name}.md is stale`).toBe(true);
    });
  }

  it('draws a composite state with its initial child and a final state', async () => {
    const { setup } = await import('xstate');
    const machine = setup({}).createMachine({
      id: 'door',
      initial: 'closed',
      states: {
        closed: { initial: 'locked', states: { locked: { on: { unlock: 'unlocked' } }, unlocked: {} }, on: { open: 'open' } },
        open: { on: { close: { target: 'closed', guard: () => true } }, after: { 1000: 'gone' } },
        gone: { type: 'final' },
      },
    });
    expect(mermaidDiagram(machine)).toBe(
      [
        'stateDiagram-v2',
        '  state "closed" as door_closed {',
        '    state "locked" as door_closed_locked',
        '    state "unlocked" as door_closed_unlocked',
        '    [*] --> door_closed_locked',
        '    door_closed_locked --> door_closed_unlocked: unlock',
        '  }',
        '  state "open" as door_open',
        '  state "gone" as door_gone',
        '  door_gone --> [*]',
        '  [*] --> door_closed',
        '  door_closed --> door_open: open',
        '  door_open --> door_closed: close [guard]',
        '  door_open --> door_gone: after 1000',
      ].join('\n'),
    );
  });
});
