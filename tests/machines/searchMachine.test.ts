// The search page's machine, model-based: every event offered from tests/models, every branch walked against a
// real actor whose searches are controllable promises and whose debounce runs on a simulated clock (checked to
// take exactly SEARCH_DEBOUNCE_MS). Plus its rules: what a search asks, and how "ver más" adds to a group.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { SEARCH_DEBOUNCE_MS, searchable } from '../../src/api/globalSearch';
import { foundAny, searchMachine, withMore } from '../../src/machines/searchMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { FOUND, MORE_POSTS, NOTHING, searchModel } from '../models/searchMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof searchMachine>;
const cover = coverModel(searchModel);
const DEBOUNCED = 'xstate.after.debounce.search.debouncing';

describe('searchMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof searchMachine>;
  let clock = new SimulatedClock();
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    // Transient: never rests here.
    start: () => expect.unreachable(),
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toBeNull();
      expect(searchable(s.context.q)).toBe(false);
      expect(can({ type: 'submit' })).toBe(false);
    },
    debouncing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(searchable(s.context.q)).toBe(true);
    },
    searching: (s) => {
      // Only one search at a time: a new one replaced any before it.
      expect(calls.pending()).toEqual(['search']);
      expect(calls.inputOf('search')).toEqual({ q: s.context.q });
    },
    results: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(foundAny(s.context.answer!)).toBe(true);
      const posts = s.context.answer!.groups.find((g) => g.kind === 'posts')!;
      expect(can({ type: 'more', kind: 'posts' })).toBe(posts.hasMore);
      expect(can({ type: 'more', kind: 'requests' })).toBe(false);
      if (s.context.failure) expect(s.context.failure).toEqual(NETWORK_FAILURE);
    },
    loadingMore: (s) => {
      expect(calls.pending()).toEqual(['searchMore']);
      expect(calls.inputOf('searchMore')).toEqual({ q: s.context.q, kind: 'posts', offset: 5 });
    },
    empty: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(NOTHING);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
  };

  /** The debounce fires exactly when it has passed, not a millisecond before. */
  const afterExactly = () => {
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(actor.getSnapshot().matches('debouncing')).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, searchMachine, states, (input) => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    actor = createActor(provideCalls(searchMachine, calls), { input: input as never, clock }).start();
    return { actor, calls, special: { [DEBOUNCED]: afterExactly } };
  });
});

describe('searchMachine rules', () => {
  it('adds a kind’s next page to its group and keeps the others', () => {
    const merged = withMore(FOUND, MORE_POSTS);
    expect(merged.groups[0]!.items.map((i) => i.title)).toEqual([
      'Jardín vertical',
      'Poda del jardín',
      'Jardinero',
      'Riego',
      'Pasto',
      'Macetas',
    ]);
    expect(merged.groups[0]!.hasMore).toBe(false);
    expect(merged.groups[1]).toEqual(FOUND.groups[1]);
    expect(withMore(FOUND, { ...MORE_POSTS, groups: [] })).toBe(FOUND);
  });

  it('searches two characters or more, and drops a search when the text changes', async () => {
    expect(searchable(' j ')).toBe(false);
    expect(searchable('ja')).toBe(true);
    const calls = controllablePromises();
    const clock = new SimulatedClock();
    const actor = createActor(provideCalls(searchMachine, calls), { input: { q: 'jardin' }, clock }).start();
    expect(calls.inputOf('search')).toEqual({ q: 'jardin' });
    actor.send({ type: 'type', q: 'jardinero' });
    expect(calls.pending()).toEqual([]);
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(calls.inputOf('search')).toEqual({ q: 'jardinero' });
    actor.stop();
  });
});
