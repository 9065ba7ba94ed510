// The machines' models for QA (issue 12 §3): found in tests/models, listed with their counts, and
// written as docs/scenarios/<machine>.md — each scenario as numbered steps in plain words and a Mermaid
// diagram of the machine from xstate/graph's directed graph. `npm run test:model` uses this; a unit test
// checks the committed files are what it would write.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, EventObject } from 'xstate';
import { type DirectedGraphNode, toDirectedGraph } from 'xstate/graph';
import { coverModel, declaredBranches, eventTypeLabel, type MachineModel, type Path, type Payload } from './machineModel';
import { stateNodeKeys } from './modelTesting';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const MODELS_DIR = path.join(ROOT, 'tests/models');
export const SCENARIOS_DIR = path.join(ROOT, 'docs/scenarios');

export interface FoundModel {
  /** The machine file's name, e.g. changePasswordMachine. */
  name: string;
  model: MachineModel<AnyStateMachine>;
  /** tests/e2e/<name>.walk.spec.ts, when the machine is also walked in Chromium. */
  browserSpec: string | null;
}

const isModel = (value: unknown): value is MachineModel<AnyStateMachine> =>
  typeof value === 'object' && value !== null && 'machine' in value && 'payloads' in value && 'words' in value;

/** Every tests/models/<name>.model.ts, with the model it exports, by name. */
export async function findModels(only: string[] = []): Promise<FoundModel[]> {
  const files = readdirSync(MODELS_DIR)
    .filter((file) => file.endsWith('.model.ts'))
    .sort();
  const found: FoundModel[] = [];
  for (const file of files) {
    const name = file.replace(/\.model\.ts$/, '');
    if (only.length && !only.includes(name)) continue;
    const exports = (await import(pathToFileURL(path.join(MODELS_DIR, file)).href)) as Record<string, unknown>;
    const models = Object.values(exports).filter(isModel);
    if (models.length !== 1) throw new Error(`${file} must export exactly one model (defineModel), it exports ${models.length}`);
    const spec = path.join(ROOT, 'tests/e2e', `${name}.walk.spec.ts`);
    found.push({ name, model: models[0]!, browserSpec: existsSync(spec) ? path.relative(ROOT, spec) : null });
  }
  return found;
}

type Cover = ReturnType<typeof coverModel>;

/** One machine's counts for the listing, from its cover (built here unless given). */
export function summarize(found: FoundModel, cover: Cover = coverModel(found.model), scenarios: Path[] = cover.browserPaths()) {
  return {
    machine: found.name,
    states: stateNodeKeys(found.model.machine).length,
    transitions: declaredBranches(found.model.machine).size,
    unreachable: Object.keys(found.model.unreachable ?? {}).length,
    paths: cover.paths.length,
    scenarios: scenarios.length,
    browser: found.browserSpec ? scenarios.length : 0,
  };
}

// ---- Mermaid --------------------------------------------------------------------------------------

const mermaidId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

function guardText(transition: AnyTransitionDefinition): string {
  const guard = transition.guard as unknown;
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? ` [${type}]` : ' [guard]';
}

/** stateDiagram-v2 of the machine: composite states nest, `always` shows as "always", self-loops kept. */
export function mermaidDiagram(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const render = (node: DirectedGraphNode, indent: string) => {
    const stateNode = node.stateNode;
    const children = node.children;
    for (const child of children) {
      const id = mermaidId(child.id);
      const key = child.stateNode.key;
      if (child.children.length) {
        lines.push(`${indent}state "${key}" as ${id} {`);
        render(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else lines.push(`${indent}state "${key}" as ${id}`);
      if (child.stateNode.type === 'final') lines.push(`${indent}${id} --> [*]`);
    }
    if (stateNode.type !== 'parallel' && stateNode.initial?.target?.length) {
      for (const target of stateNode.initial.target) lines.push(`${indent}[*] --> ${mermaidId(target.id)}`);
    }
    for (const child of children) {
      for (const edge of child.edges) {
        const event = edge.transition.eventType === '' ? 'always' : eventTypeLabel(edge.transition.eventType);
        lines.push(
          `${indent}${mermaidId(edge.source.id)} --> ${mermaidId(edge.target.id)}: ${event}${guardText(edge.transition)}`,
        );
      }
    }
  };
  render(toDirectedGraph(machine), '  ');
  return lines.join('\n');
}

// ---- Scenarios in words -----------------------------------------------------------------------------

/** The deepest state nodes the snapshot is in, by their dotted keys (what the screen shows). */
function activeLeaves(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): string[] {
  const keys = stateNodeKeys(machine).filter((key) => snapshot.matches(key as never));
  return keys.filter((key) => !keys.some((other) => other.startsWith(`${key}.`)));
}

function screenWords(found: FoundModel, snapshot: AnyMachineSnapshot): string {
  return activeLeaves(found.model.machine, snapshot)
    .map((key) => {
      const words = found.model.words.states[key];
      if (!words) throw new Error(`${found.name}: words.states has nothing for ${key}`);
      return words;
    })
    .join(' ');
}

function actionWords(found: FoundModel, event: EventObject, before: AnyMachineSnapshot): string {
  const words = found.model.words.events[event.type];
  if (words) return words(event as EventObject & Payload, before as never);
  if (event.type.startsWith('xstate.after.')) return `waits (${eventTypeLabel(event.type).replace('after ', '')})`;
  throw new Error(`${found.name}: words.events has nothing for ${event.type}`);
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** docs/scenarios/<name>.md as `--export` writes it. */
export function scenarioDocument(found: FoundModel): string {
  const cover = coverModel(found.model);
  const scenarios: Path[] = cover.browserPaths();
  // Their names as the headless suite gives them (the input's label first, for a model with several).
  const names = scenarios.map((scenario) => cover.names[cover.paths.indexOf(scenario)]!);
  const counts = summarize(found, cover, scenarios);
  const out: string[] = [];
  out.push(`# ${found.name}`);
  out.push('');
  out.push(
    `Written by \`npm run test:model -- --export\` from [tests/models/${found.name}.model.ts](../../tests/models/${found.name}.model.ts); ` +
      'a unit test fails when this file is stale. Do not edit it by hand.',
  );
  out.push('');
  out.push(
    `${counts.states} states, ${counts.transitions} declared transitions` +
      (counts.unreachable ? ` (${counts.unreachable} unreachable, below)` : '') +
      `. The headless suite (tests/machines/${found.name}.test.ts) walks ${counts.paths} paths; ` +
      `the ${counts.scenarios} scenarios below are the fewest of them that still take every declared transition` +
      (found.browserSpec ? `, and each is also walked in Chromium by ${found.browserSpec}.` : '.'),
  );
  out.push('');
  out.push('```mermaid');
  out.push(mermaidDiagram(found.model.machine));
  out.push('```');
  out.push('');
  out.push('## States');
  out.push('');
  for (const key of stateNodeKeys(found.model.machine))
    out.push(`- **${key}**: ${found.model.words.states[key] ?? '(a state made of the ones inside it)'}`);
  const unreachable = Object.entries(found.model.unreachable ?? {});
  if (unreachable.length) {
    out.push('');
    out.push('## Transitions no path can take');
    out.push('');
    for (const [key, reason] of unreachable) out.push(`- \`${key}\`: ${reason}`);
  }
  out.push('');
  out.push('## Scenarios');
  for (const [index, scenario] of scenarios.entries()) {
    out.push('');
    out.push(`### ${index + 1}. ${names[index]}`);
    out.push('');
    let screen = screenWords(found, scenario.steps[0]!.state);
    out.push(`1. At the start: ${screen}`);
    for (let i = 1; i < scenario.steps.length; i++) {
      const step = scenario.steps[i]!;
      const action = capital(actionWords(found, step.event as EventObject, scenario.steps[i - 1]!.state));
      const now = screenWords(found, step.state);
      // The screen's words only where the state changes; else the step is the action alone.
      out.push(now === screen ? `${i + 1}. ${action}.` : `${i + 1}. ${action}. The screen: ${now}`);
      screen = now;
    }
  }
  out.push('');
  return out.join('\n');
}
