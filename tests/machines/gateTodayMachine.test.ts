// The caseta's lists, model-based: every event offered from tests/models, every branch walked against a real
// actor whose calls are controllable promises and whose debounce and refresh run on a simulated clock (each
// checked to take exactly its time). Plus its rules: a search asks with its text, an exit has a fresh UUID
// per attempt and the same one on retry, and only a row inside can be let out.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { GATE_REFRESH_MS, GATE_SEARCH_DEBOUNCE_MS } from '../../src/api/gate';
import { gateTodayMachine } from '../../src/machines/gateTodayMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { gateTodayModel, gateTodayModelMachine } from '../models/gateTodayMachine.model';
import { CLIENT_ID, EMPTY_TODAY, EXIT, MARIO_INSIDE, TODAY } from '../support/gateFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof gateTodayMachine>;
const cover = coverModel(gateTodayModel);
const DEBOUNCED = 'xstate.after.debounce.gateToday.lists.waiting';
const REFRESHED = 'xstate.after.refresh.gateToday.lists.ready';

describe('gateTodayMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let clock = new SimulatedClock();
  let actor: Actor<typeof gateTodayMachine>;
  let told: unknown[] = [];
  let queued: unknown[] = [];
  let exits = 0;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    lists: (s) => expect(['', 'ruiz']).toContain(s.context.q),
    'lists.waiting': (s) => {
      expect(calls.pending()).not.toContain('fetchToday');
      expect(s.context.q).toBe('ruiz');
    },
    'lists.loading': (s) => {
      expect(calls.pending()).toContain('fetchToday');
      expect(calls.inputOf('fetchToday')).toBe(s.context.q);
    },
    'lists.ready': (s) => {
      expect(calls.pending()).not.toContain('fetchToday');
      expect([TODAY, EMPTY_TODAY]).toContainEqual(s.context.answer);
      expect(s.context.failure).toBeNull();
    },
    'lists.failed': (s) => {
      expect(calls.pending()).not.toContain('fetchToday');
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    // The page hears of each exit recorded, once.
    exits: () => expect(told).toHaveLength(exits),
    'exits.idle': (s) => {
      expect(calls.pending()).not.toContain('recordExit');
      expect(s.context.exit).toBeNull();
      // Only somebody inside in the last answer can be let out, and not twice while the exit waits offline.
      expect(can({ type: 'exit', entryId: MARIO_INSIDE.id })).toBe(
        (s.context.answer?.inside.some((m) => m.id === MARIO_INSIDE.id) ?? false) &&
          !s.context.queuedExits.includes(MARIO_INSIDE.id),
      );
      expect(can({ type: 'exit', entryId: 9999 })).toBe(false);
    },
    'exits.exiting': (s) => {
      expect(calls.pending()).toContain('recordExit');
      expect(calls.inputOf('recordExit')).toEqual({ clientId: CLIENT_ID, entryId: MARIO_INSIDE.id });
      expect(s.context.exitFailure).toBeNull();
      expect(can({ type: 'exit', entryId: MARIO_INSIDE.id })).toBe(false);
    },
    'exits.failed': (s) => {
      expect(calls.pending()).not.toContain('recordExit');
      expect(s.context.exitFailure).toEqual(NETWORK_FAILURE);
      expect(s.context.exit).toEqual({ clientId: CLIENT_ID, entryId: MARIO_INSIDE.id });
      expect(can({ type: 'retryExit' })).toBe(true);
    },
  };

  /** A delay fires exactly when it has passed, not a millisecond before. */
  const afterExactly = (ms: number, state: object) => () => {
    clock.increment(ms - 1);
    expect(actor.getSnapshot().matches(state as never)).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, gateTodayModelMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    told = [];
    queued = [];
    exits = 0;
    actor = createActor(provideCalls(gateTodayModelMachine, calls), { clock });
    actor.on('exited', (event) => told.push(event));
    actor.on('exitQueued', (event) => queued.push(event));
    actor.start();
    return {
      actor,
      calls,
      special: {
        [DEBOUNCED]: afterExactly(GATE_SEARCH_DEBOUNCE_MS, { lists: 'waiting' }),
        [REFRESHED]: afterExactly(GATE_REFRESH_MS, { lists: 'ready' }),
      },
      after: {
        'xstate.done.actor.exit': (step) => {
          if ('queued' in (step.event as unknown as { output: object }).output) {
            // Kept offline: the page is told, the row is marked, nothing is read again (there is no network).
            expect(queued.at(-1)).toEqual({ type: 'exitQueued', entryId: MARIO_INSIDE.id });
            expect(actor.getSnapshot().context.queuedExits).toContain(MARIO_INSIDE.id);
            return;
          }
          exits++;
          // …and the lists are read again at once.
          expect(calls.pending()).toContain('fetchToday');
        },
      },
    };
  });
});

describe('gateTodayMachine rules', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('makes a new clientId for each exit attempt and sends the same one on retry', async () => {
    const calls = controllablePromises();
    const actor = createActor(provideCalls(gateTodayMachine, calls)).start();
    calls.resolve('fetchToday', TODAY);
    await settle();
    actor.send({ type: 'exit', entryId: MARIO_INSIDE.id });
    const first = calls.inputOf('recordExit') as { clientId: string; entryId: number };
    expect(first.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    calls.reject('recordExit', new Error('offline'));
    await settle();
    actor.send({ type: 'retryExit' });
    expect(calls.inputOf('recordExit')).toEqual(first);
    calls.reject('recordExit', new Error('offline'));
    await settle();
    actor.send({ type: 'exit', entryId: MARIO_INSIDE.id });
    expect((calls.inputOf('recordExit') as { clientId: string }).clientId).not.toBe(first.clientId);
    calls.resolve('recordExit', { movement: EXIT, duplicate: false });
    await settle();
    expect(actor.getSnapshot().matches({ exits: 'idle', lists: 'loading' })).toBe(true);
    actor.stop();
  });
});
