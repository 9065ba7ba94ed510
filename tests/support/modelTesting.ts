// Model-based testing helpers over xstate/graph (see ../shared/STYLE.md, "Model-based tests").
//
// - Machines with `invoke` need `new TestModel(machine, …)` rather than createTestModel, and the results
//   of invoked actors are offered to the traversal as the events xstate.done.actor.<id> /
//   xstate.error.actor.<id> with realistic outputs.
// - Events are offered as a function of the snapshot and filtered with snapshot.can(event).
// - Paths: one shortest path to every state of the model, plus, for every transition no such path takes,
//   the shortest path to its source followed by that transition. So every state and every transition of
//   the adjacency map is walked, loops included; `coverageGaps` proves it, and that every state node the
//   machine declares is reachable.
// - Every state node needs an assertion: `requireStateTests` fails when one is missing.
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, SnapshotFrom, StateNode } from 'xstate';
import { TestModel, type TestParam, type TestPath } from 'xstate/graph';

export type Snapshot<M extends AnyStateMachine> = SnapshotFrom<M>;

/** An event the model may offer: user events and xstate.done/error.actor.* with their payloads. */
export type ModelEvent = { type: string; [key: string]: unknown };

export interface ModelOptions<M extends AnyStateMachine> {
  /** The events worth trying in a snapshot; those it cannot take are filtered out. */
  events: (snapshot: Snapshot<M>) => ModelEvent[];
  input?: unknown;
}

export function serializeEvent(event: EventObject): string {
  return JSON.stringify(event);
}

export function buildModel<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>) {
  // Value and the whole context: an abstraction of the context would let xstate/graph pick a snapshot
  // with another context as the representative of a state, and the paths would stop being replayable.
  // Keep the offered events few instead, so the state space stays small.
  const serializeState = (snapshot: AnyMachineSnapshot) =>
    JSON.stringify({ value: snapshot.value, status: snapshot.status, context: snapshot.context });
  const model = new TestModel(machine, {
    events: (snapshot: AnyMachineSnapshot) =>
      options.events(snapshot as Snapshot<M>).filter((event) => snapshot.can(event as never)),
    serializeState: (snapshot: AnyMachineSnapshot) => serializeState(snapshot),
    serializeEvent,
    stateMatcher: (snapshot: AnyMachineSnapshot, key: string) => snapshot.matches(key as never),
    ...(options.input !== undefined ? { input: options.input } : {}),
  } as never);
  return { model, serializeState };
}

type Model = ReturnType<typeof buildModel>['model'];
type Path = TestPath<AnyMachineSnapshot, EventObject>;

/** Shortest paths to every state, then one extra path for each transition those paths do not take. */
export function coveringPaths(model: Model, serializeState: (s: never) => string): Path[] {
  // Every state's own shortest path (no de-duplication), to extend with the transitions left over.
  const toEveryState = model.getShortestPaths({ allowDuplicatePaths: true }) as unknown as Path[];
  const paths = model.getShortestPaths() as unknown as Path[];
  const taken = takenTransitions(paths, serializeState);
  const shortestTo = new Map(toEveryState.map((p) => [serializeState(p.state as never), p]));
  const adjacency = model.getAdjacencyMap() as unknown as Record<
    string,
    { transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
  for (const [stateKey, { transitions }] of Object.entries(adjacency)) {
    for (const [eventKey, { event, state }] of Object.entries(transitions)) {
      if (taken.has(`${stateKey} -> ${eventKey}`)) continue;
      const prefix = shortestTo.get(stateKey);
      if (!prefix) continue; // unreachable: coverageGaps reports it
      // Built here rather than with getPathsFromEvents, which ignores the model's options (input,
      // events with their payloads) and so walks a different machine.
      const statePath = {
        state,
        steps: [...prefix.steps, { event, state }],
        weight: prefix.steps.length + 1,
      };
      const extended = {
        ...statePath,
        description: `${prefix.description} → ${event.type}`,
        test: (params: TestParam<never, never>) => model.testPath(statePath as never, params as never),
      } as unknown as Path;
      paths.push(extended);
      taken.add(`${stateKey} -> ${eventKey}`);
    }
  }
  return paths;
}

function takenTransitions(paths: Path[], serializeState: (s: never) => string): Set<string> {
  const taken = new Set<string>();
  for (const path of paths) {
    for (let i = 1; i < path.steps.length; i++) {
      const from = path.steps[i - 1]!.state;
      const step = path.steps[i]!;
      taken.add(`${serializeState(from as never)} -> ${serializeEvent(step.event as EventObject)}`);
    }
  }
  return taken;
}

/** Every state node's dotted path (e.g. "signedIn.idle"), for coverage and the assertion map. */
export function stateNodeKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  const visit = (node: StateNode) => {
    for (const child of Object.values(node.states) as StateNode[]) {
      keys.push(child.path.join('.'));
      visit(child);
    }
  };
  visit(machine.root as StateNode);
  return keys;
}

/** What the paths leave out: state nodes never reached, adjacency states and transitions never walked. */
export function coverageGaps(machine: AnyStateMachine, model: Model, paths: Path[], serializeState: (s: never) => string) {
  const reachedNodes = new Set<string>();
  const walkedStates = new Set<string>();
  for (const path of paths) {
    for (const step of path.steps) {
      const snapshot = step.state as unknown as Snapshot<AnyStateMachine>;
      walkedStates.add(serializeState(step.state as never));
      for (const key of stateNodeKeys(machine)) if (snapshot.matches(key as never)) reachedNodes.add(key);
    }
  }
  const taken = takenTransitions(paths, serializeState);
  const adjacency = model.getAdjacencyMap();
  const missingTransitions: string[] = [];
  for (const [stateKey, { transitions }] of Object.entries(adjacency)) {
    for (const eventKey of Object.keys(transitions)) {
      if (!taken.has(`${stateKey} -> ${eventKey}`)) missingTransitions.push(`${stateKey} -> ${eventKey}`);
    }
  }
  return {
    unreachedStateNodes: stateNodeKeys(machine).filter((key) => !reachedNodes.has(key)),
    unwalkedStates: Object.keys(adjacency).filter((key) => !walkedStates.has(key)),
    missingTransitions,
  };
}

/** Fails unless every state node of the machine has an assertion in `states`. (No test-runner import:
 * the browser suite uses this too.) */
export function requireStateTests(machine: AnyStateMachine, states: Record<string, unknown>): void {
  const missing = stateNodeKeys(machine).filter((key) => !(key in states));
  if (missing.length) throw new Error(`state nodes without an assertion: ${missing.join(', ')}`);
}

/**
 * For the browser, where a path costs seconds: the fewest of `paths` (shortest first) that still take
 * every abstract transition, i.e. every (state value, event label, state value) triple, whatever the
 * context. `label` names an event for this purpose (e.g. a sign-in answer by its kind).
 */
export function abstractCover(paths: Path[], label: (event: EventObject) => string): Path[] {
  const edgeOf = (from: AnyMachineSnapshot, event: EventObject, to: AnyMachineSnapshot) =>
    `${JSON.stringify(from.value)} --${label(event)}--> ${JSON.stringify(to.value)}`;
  const chosen: Path[] = [];
  const covered = new Set<string>();
  for (const path of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const edges = path.steps
      .slice(1)
      .map((step, i) => edgeOf(path.steps[i]!.state as never, step.event as EventObject, step.state as never));
    if (edges.some((edge) => !covered.has(edge))) {
      chosen.push(path);
      for (const edge of edges) covered.add(edge);
    }
  }
  return chosen;
}

export type { TestParam };

/**
 * Controllable stand-ins for invoked promise actors: each invocation waits until the test resolves or
 * rejects it, so a path's xstate.done/error events become real completions of real actors.
 */
export function controllablePromises() {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown }>();
  return {
    start(src: string, input: unknown): Promise<unknown> {
      return new Promise((resolve, reject) => pending.set(src, { resolve, reject, input }));
    },
    inputOf(src: string): unknown {
      return pending.get(src)?.input;
    },
    resolve(src: string, value: unknown): void {
      const entry = pending.get(src);
      if (!entry) throw new Error(`no ${src} call is waiting`);
      pending.delete(src);
      entry.resolve(value);
    },
    reject(src: string, error: unknown): void {
      const entry = pending.get(src);
      if (!entry) throw new Error(`no ${src} call is waiting`);
      pending.delete(src);
      entry.reject(error);
    },
  };
}

/** Lets promise callbacks and the actor's reaction to them run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
