// Model-based testing's runtime over xstate/graph (see ../shared/STYLE.md, "Model-based tests"); the model
// itself (the events read from the machine, coverage by declared branch, names) is tests/support/machineModel.ts.
//
// - Paths: one shortest path to every traversal state, plus, for every transition no such path takes, the
//   shortest path to its source followed by that transition, so every state and transition of the
//   adjacency map is walked, loops included.
// - Headless walks: `providePromises` makes a machine's invoked actors controllable promises; `walkPath`
//   runs a path on the started actor, where `againstModel` checks in each state that the actor's value and
//   context are the model's before the state's own check, and `executors` sends the user events and
//   settles the calls. No test-runner import here (the browser suite uses this file too): the equality is
//   node:assert's deepStrictEqual.
import { deepStrictEqual } from 'node:assert/strict';
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  fromPromise,
  type SnapshotFrom,
  type StateNode,
} from 'xstate';
import type { TestModel, TestParam, TestPath } from 'xstate/graph';

export type Snapshot<M extends AnyStateMachine> = SnapshotFrom<M>;

/** An event the model may offer: user events and xstate.done/error.actor.* with their payloads. */
export type ModelEvent = { type: string; [key: string]: unknown };

type Model = TestModel<AnyMachineSnapshot, EventObject, unknown>;
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
      taken.add(`${serializeState(from as never)} -> ${JSON.stringify(step.event)}`);
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

/** Fails unless every state node of the machine has an assertion in `states`. (No test-runner import:
 * the browser suite uses this too.) */
export function requireStateTests(machine: AnyStateMachine, states: Record<string, unknown>): void {
  const missing = stateNodeKeys(machine).filter((key) => !(key in states));
  if (missing.length) throw new Error(`state nodes without an assertion: ${missing.join(', ')}`);
}

export type { TestParam };

/**
 * Controllable stand-ins for invoked promise actors: each invocation waits until the test resolves or
 * rejects it, so a path's xstate.done/error events become real completions of real actors.
 */
export function controllablePromises() {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown }>();
  return {
    start(src: string, input: unknown, signal?: AbortSignal): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const entry = { resolve, reject, input };
        pending.set(src, entry);
        // A call whose actor is stopped (its state left, e.g. a refresh cut short by signing out) waits no more.
        signal?.addEventListener('abort', () => {
          if (pending.get(src) === entry) pending.delete(src);
        });
      });
    },
    inputOf(src: string): unknown {
      return pending.get(src)?.input;
    },
    /** The srcs whose calls are waiting, sorted: what a state has asked the server and not heard back. */
    pending(): string[] {
      return [...pending.keys()].sort();
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

export type Calls = ReturnType<typeof controllablePromises>;

/** The machine with each of `srcs` invoked as a controllable promise of `calls`, which gets its input. */
export function providePromises<M extends AnyStateMachine>(machine: M, calls: Calls, srcs: string[]): M {
  const actors = Object.fromEntries(
    srcs.map((src) => [src, fromPromise(({ input, signal }) => calls.start(src, input, signal))]),
  );
  return machine.provide({ actors } as never) as M;
}

/** Each state node's own check, given the model's snapshot. */
export type StateChecks<S extends AnyMachineSnapshot> = Record<string, (expected: S) => void>;

/**
 * The checks a path runs in each state: the real actor is in the model's state with the model's context,
 * and then what the state promises holds. `compared` is the part of the context to compare (all of it
 * unless said), for a context that holds something each path makes anew.
 */
export function againstModel<S extends AnyMachineSnapshot>(
  actual: { getSnapshot(): S },
  states: StateChecks<S>,
  compared: (context: S['context']) => unknown = (context) => context,
): StateChecks<S> {
  return Object.fromEntries(
    Object.entries(states).map(([key, check]) => [
      key,
      (expected: S) => {
        deepStrictEqual(actual.getSnapshot().value, expected.value);
        deepStrictEqual(compared(actual.getSnapshot().context), compared(expected.context));
        check(expected);
      },
    ]),
  );
}

/** A step of a path, as its event's executor gets it. */
export type PathStep = { event: EventObject };
export type Executor = (step: PathStep) => void | Promise<void>;

export interface ExecutorSpec {
  /** The user events, sent to the actor as they are. */
  send: string[];
  /**
   * The invoked actors by id: the id alone where the src has the same name, else id → src. Their
   * xstate.done.actor.<id> / xstate.error.actor.<id> resolve / reject that src's call, then settle.
   */
  invoked: string[] | Record<string, string>;
  /** Executors of their own, for events that need more than a send (e.g. to check what it caused). */
  special?: Record<string, Executor>;
  /** Run after the executor of an event type, once it has settled (e.g. to count the saves done). */
  after?: Record<string, (step: PathStep) => void>;
}

/** The executors of a path's events on `actor`, whose invoked actors are the controllable `calls`. */
export function executors(actor: { send(event: never): void }, calls: Calls, spec: ExecutorSpec): Record<string, Executor> {
  const send: Executor = (step) => actor.send(step.event as never);
  const table: Record<string, Executor> = Object.fromEntries(spec.send.map((type) => [type, send]));
  const srcOf = Array.isArray(spec.invoked) ? Object.fromEntries(spec.invoked.map((id) => [id, id])) : spec.invoked;
  for (const [id, src] of Object.entries(srcOf)) {
    table[`xstate.done.actor.${id}`] = async (step) => {
      calls.resolve(src, (step.event as { output?: unknown }).output);
      await settle();
    };
    table[`xstate.error.actor.${id}`] = async (step) => {
      calls.reject(src, (step.event as { error?: unknown }).error);
      await settle();
    };
  }
  Object.assign(table, spec.special);
  for (const [type, hook] of Object.entries(spec.after ?? {})) {
    const run = table[type];
    if (!run) throw new Error(`no executor for ${type} to run a hook after`);
    table[type] = async (step) => {
      await run(step);
      hook(step);
    };
  }
  return table;
}

export interface Walk<S extends AnyMachineSnapshot> extends ExecutorSpec {
  /** The started actor, whose invoked actors are the controllable `calls`. */
  actor: { getSnapshot(): S; send(event: never): void; stop(): void };
  calls: Calls;
  states: StateChecks<S>;
  /** The part of the context compared with the model's: all of it unless said (see againstModel). */
  compared?: (context: S['context']) => unknown;
}

/** Walks `path` on the actor, each state checked against the model then by its own check; then stops it. */
export async function walkPath<S extends AnyMachineSnapshot>(path: Path, walk: Walk<S>): Promise<void> {
  await path.test({
    // path.test types its checks for any snapshot; these are for the snapshots of the walked machine.
    states: againstModel(walk.actor, walk.states, walk.compared) as StateChecks<AnyMachineSnapshot>,
    events: executors(walk.actor, walk.calls, walk),
  });
  walk.actor.stop();
}

/** The runner's test function (vitest's `it`, Playwright's `test`): a name and what to run. */
export type TestFunction = (name: string, run: () => void | Promise<void>) => void;
