// One tab's live channel (issue 30), model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose stream, poll and tab-joining are controllable stand-ins and whose pauses
// run on a simulated clock (each checked to come exactly when it should). What it hands to this tab's screens and
// tells the other tabs is recorded. Plus its rules: a follower resumes from what it was relayed when it takes over;
// three failures in a row poll, and one more after a retry polls again; a tab that says hello hears the state.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import {
  LIVE_MAX_FAILURES,
  LIVE_POLL_MS,
  LIVE_READY_TIMEOUT_MS,
  LIVE_SILENCE_MS,
  LIVE_STREAM_RETRY_MS,
  type LiveEvent,
  liveBackoffMs,
} from '../../src/api/live';
import { liveChannelMachine, liveStatusOf } from '../../src/machines/liveChannelMachine';
import type { LiveTabMessage } from '../../src/services/liveService';
import { liveChannelModel, MESSAGE, NOTICE, POLLED, SCOPE } from '../models/liveChannelMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { type Calls, controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof liveChannelMachine>;
const cover = coverModel(liveChannelModel);

const AFTER = {
  readyTimeout: 'xstate.after.readyTimeout.liveChannel.leading.streaming.connecting',
  silence: 'xstate.after.silence.liveChannel.leading.streaming.live.listening',
  backoff: 'xstate.after.backoff.liveChannel.leading.retrying',
  pollEvery: 'xstate.after.pollEvery.liveChannel.leading.polling.waiting',
  streamRetry: 'xstate.after.streamRetry.liveChannel.leading.polling',
} as const;

/** What the machine did outside itself: events and resyncs handed to this tab's screens, messages to the others. */
interface Record {
  delivered: (LiveEvent | 'resync')[];
  told: LiveTabMessage[];
}

function recording(record: Record) {
  return liveChannelMachine.provide({
    actions: {
      deliver: (_, { event }) => void record.delivered.push(event),
      resync: () => void record.delivered.push('resync'),
      tell: (_, message) => void record.told.push(message),
    },
  });
}

function start(calls: Calls, clock = new SimulatedClock()) {
  const record: Record = { delivered: [], told: [] };
  const actor = createActor(provideCalls(recording(record), calls), { input: { scope: SCOPE }, clock }).start();
  return { actor, record, clock };
}

describe('liveChannelMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof liveChannelMachine>;
  let clock: SimulatedClock;
  const status = () => liveStatusOf(actor.getSnapshot());
  const states: StateChecks<Snap> = {
    // Only the tab-joining runs; the state shown is the leader's, as it said.
    following: (s) => {
      expect(calls.pending()).toEqual(['tabs']);
      expect(status()).toBe(s.context.leaderStatus);
    },
    leading: (s) => {
      expect(calls.pending()).toContain('tabs');
      expect(s.context.scope).toBe(SCOPE);
    },
    // The stream was asked for from the last event seen when it opened.
    'leading.streaming': (s) => {
      expect(calls.pending()).toEqual(['stream', 'tabs']);
      const asked = (calls.inputOf('stream') as { lastEventId: number | null }).lastEventId;
      expect(asked === null || asked <= (s.context.lastEventId ?? 0)).toBe(true);
    },
    'leading.streaming.connecting': (s) => {
      expect(status()).toBe('connecting');
      expect(s.context.failures).toBeLessThan(LIVE_MAX_FAILURES);
    },
    'leading.streaming.live': (s) => {
      expect(status()).toBe('live');
      expect(s.context.failures).toBe(0);
      expect(s.context.lastEventId).not.toBeNull();
    },
    'leading.streaming.live.listening': () => expect(actor.getSnapshot().can({ type: 'stream.activity' })).toBe(true),
    // The stream is closed; a pause that grows with the failures.
    'leading.retrying': (s) => {
      expect(calls.pending()).toEqual(['tabs']);
      expect(status()).toBe('retrying');
      expect(s.context.failures).toBeGreaterThan(0);
      expect(s.context.failures).toBeLessThan(LIVE_MAX_FAILURES);
    },
    'leading.polling': (s) => {
      expect(status()).toBe('polling');
      expect(s.context.failures).toBe(LIVE_MAX_FAILURES);
    },
    // The events since the last one seen.
    'leading.polling.fetching': (s) => {
      expect(calls.pending()).toEqual(['poll', 'tabs']);
      expect(calls.inputOf('poll')).toEqual({ after: s.context.lastEventId });
    },
    'leading.polling.waiting': () => expect(calls.pending()).toEqual(['tabs']),
  };

  /** A pause's event comes when its time has passed, not a millisecond before. */
  const exactly = (ms: () => number, state: object | string) => () => {
    clock.increment(ms() - 1);
    expect(actor.getSnapshot().matches(state as never)).toBe(true);
    clock.increment(1);
  };

  walkModel(it, cover, liveChannelMachine, states, () => {
    calls = controllablePromises();
    clock = new SimulatedClock();
    ({ actor } = start(calls, clock));
    return {
      actor,
      calls,
      special: {
        [AFTER.readyTimeout]: exactly(() => LIVE_READY_TIMEOUT_MS, { leading: { streaming: 'connecting' } }),
        [AFTER.silence]: exactly(() => LIVE_SILENCE_MS, { leading: { streaming: 'live' } }),
        [AFTER.backoff]: exactly(() => liveBackoffMs(actor.getSnapshot().context.failures), { leading: 'retrying' }),
        [AFTER.pollEvery]: exactly(() => LIVE_POLL_MS, { leading: { polling: 'waiting' } }),
        // Five minutes of polling, counted from entering it: the reads in between do not reset it.
        [AFTER.streamRetry]: () => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.matches({ leading: 'polling' })).toBe(true);
          clock.increment(LIVE_STREAM_RETRY_MS);
        },
      },
    };
  });
});

describe('liveChannelMachine rules', () => {
  const relayed = (message: LiveTabMessage) => ({ type: 'relayed' as const, message });

  it('hands on what the leading tab relays, and takes over from the last event it was relayed', () => {
    const calls = controllablePromises();
    const { actor, record } = start(calls);
    actor.send(relayed({ kind: 'event', event: MESSAGE }));
    actor.send(relayed({ kind: 'status', status: 'live' }));
    actor.send(relayed({ kind: 'resync' }));
    // Another tab's hello is not for a follower to answer.
    actor.send(relayed({ kind: 'hello' }));
    expect(record.delivered).toEqual([MESSAGE, 'resync']);
    expect(liveStatusOf(actor.getSnapshot())).toBe('live');
    actor.send({ type: 'lead' });
    expect(calls.inputOf('stream')).toEqual({ lastEventId: MESSAGE.id });
  });

  it('as leader, hands each event to this tab and to the others, and keeps the newest id', () => {
    const calls = controllablePromises();
    const { actor, record } = start(calls);
    actor.send({ type: 'lead' });
    actor.send({ type: 'stream.ready', ready: { lastEventId: 40, resync: false } });
    actor.send({ type: 'stream.event', event: NOTICE });
    actor.send({ type: 'stream.event', event: MESSAGE });
    expect(record.delivered).toEqual([NOTICE, MESSAGE]);
    expect(record.told).toEqual([
      { kind: 'status', status: 'connecting' },
      { kind: 'status', status: 'live' },
      { kind: 'event', event: NOTICE },
      { kind: 'event', event: MESSAGE },
    ]);
    // Out of order across transactions: the newest id is where a resume starts.
    expect(actor.getSnapshot().context.lastEventId).toBe(NOTICE.id);
    // A tab that just opened hears that the stream is live.
    actor.send(relayed({ kind: 'hello' }));
    expect(record.told.at(-1)).toEqual({ kind: 'status', status: 'live' });
  });

  it('polls after three failures in a row, and after a retry from polling one more failure polls again', async () => {
    const calls = controllablePromises();
    const clock = new SimulatedClock();
    const { actor, record } = start(calls, clock);
    actor.send({ type: 'lead' });
    actor.send({ type: 'stream.ready', ready: { lastEventId: 40, resync: false } });
    for (let failure = 1; failure < LIVE_MAX_FAILURES; failure++) {
      actor.send({ type: 'stream.failed' });
      expect(actor.getSnapshot().matches({ leading: 'retrying' })).toBe(true);
      clock.increment(liveBackoffMs(failure));
      expect(calls.inputOf('stream')).toEqual({ lastEventId: 40 });
    }
    // The third: a stream that never says ready (a proxy holds it).
    clock.increment(LIVE_READY_TIMEOUT_MS);
    expect(actor.getSnapshot().matches({ leading: { polling: 'fetching' } })).toBe(true);
    expect(calls.inputOf('poll')).toEqual({ after: 40 });
    calls.resolve('poll', POLLED);
    await Promise.resolve();
    await Promise.resolve();
    expect(record.delivered).toEqual([NOTICE]);
    expect(record.told).toContainEqual({ kind: 'event', event: NOTICE });
    expect(record.told).toContainEqual({ kind: 'status', status: 'polling' });
    expect(actor.getSnapshot().context.lastEventId).toBe(POLLED.lastEventId);
    clock.increment(LIVE_STREAM_RETRY_MS);
    expect(actor.getSnapshot().matches({ leading: { streaming: 'connecting' } })).toBe(true);
    expect(calls.inputOf('stream')).toEqual({ lastEventId: POLLED.lastEventId });
    actor.send({ type: 'stream.failed' });
    expect(actor.getSnapshot().matches({ leading: 'polling' })).toBe(true);
  });

  it('a stream that is caught up resets the failures; one that cannot replay tells every screen to read again', () => {
    const calls = controllablePromises();
    const clock = new SimulatedClock();
    const { actor, record } = start(calls, clock);
    actor.send({ type: 'lead' });
    actor.send({ type: 'stream.failed' });
    expect(actor.getSnapshot().context.failures).toBe(1);
    clock.increment(liveBackoffMs(1));
    actor.send({ type: 'stream.ready', ready: { lastEventId: 90, resync: true } });
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, lastEventId: 90 });
    expect(record.delivered).toEqual(['resync']);
    expect(record.told).toContainEqual({ kind: 'resync' });
  });
});
