// A machine's test model, read from the machine's own definition (issue 12 §1).
//
// The traversal offers, in each snapshot, every event type that the active state nodes (the state and
// its ancestors) declare, with the payloads the model file gives for that type; delayed events are
// offered bare, since they carry none. A declared event without payloads is reported by name, and so is
// every declared transition branch (each guarded alternative, `always` included) that no path takes,
// unless the model lists it as unreachable with a reason. Adding a transition, an event or a branch to a
// machine therefore fails its suite until the model offers it and a path walks it.
//
// No test-runner import here: the browser walks and `npm run test:model` use this file too.
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventFromLogic,
  type EventObject,
  getInitialMicrosteps,
  getMicrosteps,
  type InputFrom,
  type SnapshotFrom,
  type StateNode,
} from 'xstate';
import { TestModel, type TestPath } from 'xstate/graph';
import {
  type Calls,
  coveringPaths,
  type ExecutorSpec,
  providePromises,
  requireStateTests,
  type StateChecks,
  stateNodeKeys,
  type TestFunction,
  type Walk,
  walkPath,
} from './modelTesting';

/** An event's fields other than its type, as the traversal handles them whatever the machine. */
export type Payload = Record<string, unknown>;

/** The payload of an event that has nothing but its type: `{}` and no field. */
export type Bare = Record<string, never>;

/** The payloads of one event type: a list, or a function of the snapshot when they depend on it. */
export type Payloads<S, P = Payload> = P[] | ((snapshot: S) => P[]);

/** For an event that has nothing but its type. */
export const BARE: Bare[] = [{}];

/** The fields of the machine's event `E` other than its type (Bare when it has none). */
type FieldsOf<E> = E extends EventObject ? (Exclude<keyof E, 'type'> extends never ? Bare : Omit<E, 'type'>) : never;

/** The machine's own events that may have type `T` (an event may declare several types at once). */
type EventOfType<M extends AnyStateMachine, T> =
  EventFromLogic<M> extends infer E ? (E extends EventObject ? (T extends E['type'] ? E : never) : never) : never;

/**
 * What a model offers, by event type: for each event the machine declares in its types, that event's fields
 * (a field it does not have, or a type it does not have, fails to compile); for an invoked actor's
 * `xstate.done.actor.<id>` its output (none for a call that answers nothing), for `xstate.error.actor.<id>` its error; a delayed event
 * (`xstate.after.…`) is bare.
 */
export type EventPayloads<M extends AnyStateMachine> = {
  [T in EventFromLogic<M>['type']]?: Payloads<SnapshotFrom<M>, FieldsOf<EventOfType<M, T>>>;
} & {
  [T: `xstate.done.actor.${string}`]: Payloads<SnapshotFrom<M>, { output?: unknown }>;
  [T: `xstate.error.actor.${string}`]: Payloads<SnapshotFrom<M>, { error: unknown }>;
  [T: `xstate.after.${string}`]: Payloads<SnapshotFrom<M>, Bare>;
};

export interface ScenarioWords<S> {
  /** What the screen shows in each state node (its dotted key), for docs/scenarios. */
  states: Record<string, string>;
  /** What the user (or the server, for done/error events) does, by event type; bare types need none. */
  events: Record<string, (event: EventObject & Payload, before: S) => string>;
}

export interface MachineModel<M extends AnyStateMachine> {
  machine: M;
  input?: InputFrom<M>;
  /**
   * For a machine that decides from its input at once (a link's kind, who may see a dialog): the inputs
   * that together take every branch, by a short label that starts their paths' names. Instead of `input`.
   */
  inputs?: Record<string, InputFrom<M>>;
  /** Per event type the machine declares (xstate.done.actor.<id> included), what to offer. */
  payloads: NoInfer<EventPayloads<M>>;
  /** Declared branches no path can take, by their key (see branchKey), each with the reason. */
  unreachable?: Record<string, string>;
  /** An event's short name in test names and in the browser cover (default: eventLabel). */
  label?: (event: EventObject) => string;
  /** Plain words for the scenarios in docs/scenarios (`npm run test:model -- --export`). */
  words: ScenarioWords<SnapshotFrom<M>>;
}

export function defineModel<M extends AnyStateMachine>(model: MachineModel<M>): MachineModel<M> {
  return model;
}

/** A path of the traversal, with the input its actor starts from. */
export type Path = TestPath<AnyMachineSnapshot, EventObject> & { input?: unknown };

/** 'xstate.done.actor.save' → 'done save', 'xstate.after.savedMessage.editor.saved' → 'after savedMessage'. */
export function eventTypeLabel(type: string): string {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(type);
  if (actor) return `${actor[1]} ${actor[2]}`;
  const delayed = /^xstate\.after\.([^.]+)\./.exec(type);
  if (delayed) return `after ${delayed[1]}`;
  return type;
}

const short = (value: unknown): string => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 24 ? `${text.slice(0, 21)}…` : text;
};

/**
 * An event in a few words: its type, then the kind of a call's answer or the values of the event's plain
 * fields (`change password "corta"`, `done save:refused`, `error load`).
 */
export function eventLabel(event: EventObject): string {
  const { type, ...fields } = event as EventObject & Payload;
  const name = eventTypeLabel(type);
  if (type.startsWith('xstate.error.')) return name;
  if (type.startsWith('xstate.done.')) {
    const output = fields.output as { kind?: unknown } | undefined;
    return output && typeof output === 'object' && typeof output.kind === 'string' ? `${name}:${output.kind}` : name;
  }
  const plain = Object.entries(fields).filter(([, v]) => v === null || typeof v !== 'object');
  return [name, ...plain.map(([key, value]) => (key === 'field' ? String(value) : short(value)))].join(' ');
}

/** A path's test name: its events' labels, `start` for a path of no event. */
export function pathName(path: Path, label: (event: EventObject) => string = eventLabel): string {
  const events = path.steps.slice(1).map((step) => label(step.event as EventObject));
  return events.length ? events.join(' → ') : 'start';
}

/** Path names made unique by numbering the repeats (`… (2)`), in path order. */
export function pathNames(paths: Path[], label?: (event: EventObject) => string): string[] {
  const seen = new Map<string, number>();
  return paths.map((path) => {
    const name = pathName(path, label);
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

type Node = StateNode<never, never>;

/** Every state node of the machine, the root first. */
function allNodes(machine: AnyStateMachine): Node[] {
  const nodes: Node[] = [];
  const visit = (node: Node) => {
    nodes.push(node);
    for (const child of Object.values(node.states) as Node[]) visit(child);
  };
  visit(machine.root as unknown as Node);
  return nodes;
}

const nodeKey = (node: { path: string[] }) => node.path.join('.') || '(machine)';

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string')
    return (guard as { type: string }).type;
  const name = (guard as { name?: string }).name;
  return name && name !== 'guard' ? name : 'inline guard';
}

function describeBranch(transition: AnyTransitionDefinition, eventType: string): string {
  const targets = (transition.target ?? []).map((target) => nodeKey(target as never)).join(', ') || '(stays)';
  const guard = guardName(transition.guard);
  const event = eventType === '' ? 'always' : eventTypeLabel(eventType);
  return `${nodeKey(transition.source as never)}: ${event}${guard ? ` [${guard}]` : ''} → ${targets}`;
}

/**
 * Every transition branch the machine declares, keyed for people: `editing: save [amountValid] → saving`
 * (`#2` added where two branches read the same).
 */
export function declaredBranches(machine: AnyStateMachine): Map<AnyTransitionDefinition, string> {
  const branches = new Map<AnyTransitionDefinition, string>();
  const used = new Map<string, number>();
  const add = (transition: AnyTransitionDefinition, eventType: string) => {
    const base = describeBranch(transition, eventType);
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    branches.set(transition, count === 1 ? base : `${base} #${count}`);
  };
  for (const node of allNodes(machine)) {
    for (const [eventType, transitions] of node.transitions) for (const t of transitions) add(t as never, eventType);
    for (const t of node.always ?? []) add(t as never, '');
  }
  return branches;
}

/** The event types the active state nodes of `snapshot` declare (the state's and its ancestors'). */
export function declaredEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const types = new Set<string>();
  for (const node of (snapshot as unknown as { _nodes: Node[] })._nodes)
    for (const type of node.transitions.keys()) types.add(type);
  return [...types];
}

const activeNodes = (snapshot: AnyMachineSnapshot) => new Set((snapshot as unknown as { _nodes: Node[] })._nodes);

/**
 * The eventless branch that took `before` to `after` in one microstep: the first `always` branch of an
 * active node whose targets are all active afterwards (xstate selects in document order).
 */
function alwaysTaken(before: AnyMachineSnapshot, after: AnyMachineSnapshot): AnyTransitionDefinition[] {
  const now = activeNodes(after);
  for (const node of activeNodes(before)) {
    for (const t of node.always ?? []) {
      const targets = (t.target ?? []) as unknown as Node[];
      if (targets.length && targets.every((target) => now.has(target))) return [t as never];
    }
  }
  return [];
}

/** The branches taken by a macrostep: the event's own, then each eventless one its microsteps took. */
function branchesOfMicrosteps(
  machine: AnyStateMachine,
  before: AnyMachineSnapshot | null,
  event: EventObject | null,
  microsteps: AnyMachineSnapshot[],
): AnyTransitionDefinition[] {
  const taken: AnyTransitionDefinition[] = [];
  if (before && event) taken.push(...(machine.getTransitionData(before as never, event as never) as AnyTransitionDefinition[]));
  // The first microstep is the event's own transition (or the initial one); the rest are eventless.
  for (let i = 1; i < microsteps.length; i++) taken.push(...alwaysTaken(microsteps[i - 1]!, microsteps[i]!));
  return taken;
}

/** One macrostep of the paths: an event on a snapshot (none for the start) and the microsteps it makes. */
interface Macrostep {
  before: AnyMachineSnapshot | null;
  event: EventObject | null;
  microsteps: AnyMachineSnapshot[];
}

const initialMicrosteps = getInitialMicrosteps as (m: AnyStateMachine, input?: unknown) => [AnyMachineSnapshot, unknown][];
const microstepsOf = getMicrosteps as (
  m: AnyStateMachine,
  s: AnyMachineSnapshot,
  e: EventObject,
) => [AnyMachineSnapshot, unknown][];

/** Every distinct macrostep of `paths`: the start once per input, then each (state, event) once. */
function macrosteps(machine: AnyStateMachine, paths: Path[]): Macrostep[] {
  const steps: Macrostep[] = [];
  const started = new Set<unknown>();
  const seen = new Set<string>();
  for (const path of paths) {
    if (!started.has(path.input)) {
      started.add(path.input);
      steps.push({ before: null, event: null, microsteps: initialMicrosteps(machine, path.input).map(([s]) => s) });
    }
    for (let i = 1; i < path.steps.length; i++) {
      const before = path.steps[i - 1]!.state;
      const event = path.steps[i]!.event as EventObject;
      const key = serializeState(before) + JSON.stringify(event);
      if (seen.has(key)) continue;
      seen.add(key);
      steps.push({ before, event, microsteps: microstepsOf(machine, before, event).map(([s]) => s) });
    }
  }
  return steps;
}

/** Every branch some step of `paths` takes, start-up `always` included. */
export function walkedBranches(machine: AnyStateMachine, paths: Path[]): Set<AnyTransitionDefinition> {
  const walked = new Set<AnyTransitionDefinition>();
  for (const { before, event, microsteps } of macrosteps(machine, paths))
    for (const t of branchesOfMicrosteps(machine, before, event, microsteps)) walked.add(t);
  return walked;
}

/** The traversal's event function for a model, and what it met that the model gives no payloads for. */
function offering<M extends AnyStateMachine>(model: MachineModel<M>) {
  const missing = new Map<string, Set<string>>();
  const events = (snapshot: AnyMachineSnapshot): EventObject[] => {
    const offered: EventObject[] = [];
    for (const type of declaredEventTypes(snapshot)) {
      const given = (model.payloads as Record<string, Payloads<SnapshotFrom<M>> | undefined>)[type];
      let payloads: Payload[];
      if (type.startsWith('xstate.after.')) payloads = BARE;
      else if (!given) {
        if (!missing.has(type)) missing.set(type, new Set());
        missing.get(type)!.add(JSON.stringify(snapshot.value));
        continue;
      } else payloads = typeof given === 'function' ? given(snapshot as SnapshotFrom<M>) : given;
      for (const payload of payloads) {
        const event = { ...payload, type } as EventObject;
        if (snapshot.can(event as never)) offered.push(event);
      }
    }
    return offered;
  };
  return { events, missing };
}

/** What a model leaves out; a suite expects all of it empty (see MODEL_COMPLETE). */
export interface ModelGaps {
  /** Event types a reached state declares that the model has no payloads for, with where. */
  eventsWithoutPayloads: string[];
  /** Payload entries for event types the machine does not declare (a renamed event). */
  payloadsForNoEvent: string[];
  /** Declared state nodes no path reaches. */
  unreachedStateNodes: string[];
  /** Declared branches no path takes and the model does not list as unreachable. */
  unwalkedBranches: string[];
  /** Listed as unreachable, yet walked or no longer declared. */
  staleUnreachable: string[];
  /** Traversal states or transitions (with their payloads) the paths leave out. */
  unwalkedStates: string[];
  missingTransitions: string[];
}

export const MODEL_COMPLETE: ModelGaps = {
  eventsWithoutPayloads: [],
  payloadsForNoEvent: [],
  unreachedStateNodes: [],
  unwalkedBranches: [],
  staleUnreachable: [],
  unwalkedStates: [],
  missingTransitions: [],
};

/** The serialization of a traversal state: value, status and the whole context (see buildModel). */
export const serializeState = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, status: snapshot.status, context: snapshot.context });

/**
 * The model's traversal and its covering paths (shortest to every state, plus every transition), with
 * what they leave out. Built once per model and kept: the suite, the lister and the exporter share it.
 */
/** The most traversal states a model may have. */
export const TRAVERSAL_LIMIT = 20_000;

export function coverModel<M extends AnyStateMachine>(model: MachineModel<M>) {
  const { events, missing } = offering(model);
  const inputs: [string | null, unknown][] = model.inputs ? Object.entries(model.inputs) : [[null, model.input]];
  const paths: Path[] = [];
  const names: string[] = [];
  const transitions = { unwalkedStates: [] as string[], missingTransitions: [] as string[] };
  for (const [label, input] of inputs) {
    const testModel = new TestModel(model.machine, {
      events: (snapshot: AnyMachineSnapshot) => events(snapshot),
      serializeState: (snapshot: AnyMachineSnapshot) => serializeState(snapshot),
      serializeEvent: (event: EventObject) => JSON.stringify(event),
      stateMatcher: (snapshot: AnyMachineSnapshot, key: string) => snapshot.matches(key as never),
      ...(input !== undefined ? { input } : {}),
      // A machine whose state space never ends (a mutant that keeps adding to its context) fails fast
      // with "Traversal limit exceeded" instead of filling the memory; our largest model has a few thousand.
      limit: TRAVERSAL_LIMIT,
    } as never);
    const own = coveringPaths(testModel as never, serializeState as never) as Path[];
    for (const path of own) path.input = input;
    paths.push(...own);
    names.push(...pathNames(own, model.label).map((name) => (label === null ? name : `${label}: ${name}`)));
    const left = coverageOfTransitions(testModel as never, own);
    transitions.unwalkedStates.push(...left.unwalkedStates);
    transitions.missingTransitions.push(...left.missingTransitions);
  }
  const gaps = (): ModelGaps => {
    const declared = declaredBranches(model.machine);
    const walked = walkedBranches(model.machine, paths);
    const unreachable = model.unreachable ?? {};
    const keys = new Set(declared.values());
    const walkedKeys = new Set([...walked].map((t) => declared.get(t)).filter(Boolean) as string[]);
    const declaredTypes = new Set<string>();
    for (const t of declared.keys()) if (t.eventType) declaredTypes.add(t.eventType);
    const reached = new Set(reachedStateNodes(model.machine, paths));
    return {
      eventsWithoutPayloads: [...missing].map(([type, where]) => `${type} (declared in ${[...where].join(', ')})`),
      payloadsForNoEvent: Object.keys(model.payloads).filter((type) => !declaredTypes.has(type)),
      unreachedStateNodes: stateNodeKeys(model.machine).filter((key) => !reached.has(key)),
      unwalkedBranches: [...keys].filter((key) => !walkedKeys.has(key) && !(key in unreachable)),
      staleUnreachable: Object.keys(unreachable).filter((key) => !keys.has(key) || walkedKeys.has(key)),
      ...transitions,
    };
  };
  // The scenarios QA reads and the browser walks: the fewest of the paths that take every branch.
  const browserPaths = () => branchCover(model.machine, paths);
  return { paths, names, gaps, browserPaths };
}

/**
 * The fewest of `paths` (shortest first, then greedily) that together take every branch the paths take:
 * each declared transition once, which is what a reader (and a browser walk, where a path costs seconds)
 * needs; the headless suite walks all of `paths`.
 */
export function branchCover(machine: AnyStateMachine, paths: Path[]): Path[] {
  const taken = new Set<AnyTransitionDefinition>();
  const chosen: Path[] = [];
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const branches = walkedBranches(machine, [path]);
    if ([...branches].some((branch) => !taken.has(branch))) {
      chosen.push(path);
      for (const branch of branches) taken.add(branch);
    }
  }
  // In the order a reader expects: by where they lead, shortest first among equals.
  return chosen;
}

function coverageOfTransitions(testModel: TestModel<AnyMachineSnapshot, EventObject, unknown>, paths: Path[]) {
  const walkedStates = new Set<string>();
  const taken = new Set<string>();
  for (const path of paths) {
    for (const [i, step] of path.steps.entries()) {
      walkedStates.add(serializeState(step.state));
      if (i > 0) taken.add(`${serializeState(path.steps[i - 1]!.state)} -> ${JSON.stringify(step.event)}`);
    }
  }
  const adjacency = testModel.getAdjacencyMap();
  const missingTransitions: string[] = [];
  for (const [stateKey, { transitions }] of Object.entries(adjacency))
    for (const eventKey of Object.keys(transitions))
      if (!taken.has(`${stateKey} -> ${eventKey}`)) missingTransitions.push(`${stateKey} -> ${eventKey}`);
  return { unwalkedStates: Object.keys(adjacency).filter((key) => !walkedStates.has(key)), missingTransitions };
}

/**
 * The state nodes a set of paths reaches, in declaration order: every step's snapshot and every
 * microstep it passes through (a state left at once by `always`, like `checking`, counts).
 */
export function reachedStateNodes(machine: AnyStateMachine, paths: Path[]): string[] {
  const snapshots = macrosteps(machine, paths).flatMap((step) => step.microsteps);
  return stateNodeKeys(machine).filter((key) => snapshots.some((snapshot) => snapshot.matches(key as never)));
}

/** The machine's invoked actors, id → src (each invoke has an id and a named src, STYLE.md). */
export function invokedActors(machine: AnyStateMachine): Record<string, string> {
  const actors: Record<string, string> = {};
  for (const node of allNodes(machine)) {
    for (const invoke of node.invoke) {
      if (typeof invoke.src !== 'string') throw new Error(`${nodeKey(node)}: invoke ${invoke.id} needs a named src`);
      actors[invoke.id] = invoke.src;
    }
  }
  return actors;
}

/** The event types the user (or the view) sends: every declared type that is not xstate's own. */
export function userEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of allNodes(machine))
    for (const type of node.transitions.keys()) if (!type.startsWith('xstate.')) types.add(type);
  return [...types];
}

/** Fails unless every state node has a check and no two checks are the same code. */
export function requireDistinctChecks(machine: AnyStateMachine, states: Record<string, unknown>): void {
  requireStateTests(machine, states);
  const bySource = new Map<string, string[]>();
  for (const [key, check] of Object.entries(states)) {
    const source = String(check).replace(/\s+/g, ' ');
    bySource.set(source, [...(bySource.get(source) ?? []), key]);
  }
  const alike = [...bySource.values()].filter((keys) => keys.length > 1);
  if (alike.length) throw new Error(`states with the same check: ${alike.map((keys) => keys.join(' = ')).join('; ')}`);
}

export interface ModelWalk<S extends AnyMachineSnapshot> extends Partial<ExecutorSpec> {
  actor: Walk<S>['actor'];
  calls: Calls;
  compared?: Walk<S>['compared'];
}

/**
 * The suite's walks: one check that every state node has its own check, then one test per covering path,
 * named by its events, run on what `start` makes afresh (the started actor and its controllable calls).
 * User events are sent as they are and the invoked actors' results settle their calls, read from the
 * machine; `special` and `after` as in ExecutorSpec.
 */
export function walkModel<S extends AnyMachineSnapshot>(
  it: TestFunction,
  cover: { paths: Path[]; names: string[] },
  machine: AnyStateMachine,
  states: StateChecks<S>,
  start: (input: unknown) => ModelWalk<S>,
): void {
  it('has a check of its own for every state node', () => requireDistinctChecks(machine, states));
  for (const [index, path] of cover.paths.entries()) {
    it(cover.names[index]!, () => {
      const walk = start(cover.paths[index]!.input);
      return walkPath(path, { send: userEventTypes(machine), invoked: invokedActors(machine), ...walk, states });
    });
  }
}

/** The machine with every invoked src a controllable promise of `calls` (see providePromises). */
export function provideCalls<M extends AnyStateMachine>(machine: M, calls: Calls): M {
  return providePromises(machine, calls, [...new Set(Object.values(invokedActors(machine)))]);
}
