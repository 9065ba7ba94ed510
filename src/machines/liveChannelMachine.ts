// The live channel of one browser tab (issue 30, src/api/live.ts). Every tab of the session joins the others
// (services/liveService.ts): the one holding the lock leads — it reads the stream and relays what arrives, and its
// state, to the others — and the rest follow, handing on what they are relayed. A leader connects (the stream is
// live once the server says `ready`), reads it while bytes keep coming (a heartbeat at least every LIVE_HEARTBEAT_MS),
// and after a drop retries with backoff, resuming after the last event id. A stream that fails LIVE_MAX_FAILURES times
// in a row (a proxy that buffers it never says `ready`) gives way to polling: the same events read every LIVE_POLL_MS,
// and the stream tried again every LIVE_STREAM_RETRY_MS. What arrives goes to this tab's screens (deliverLive);
// a resync (too much missed to replay) tells them all to read themselves again.
import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import {
  LIVE_MAX_FAILURES,
  LIVE_POLL_MS,
  LIVE_READY_TIMEOUT_MS,
  LIVE_SILENCE_MS,
  LIVE_STREAM_RETRY_MS,
  type LiveEvent,
  type LiveEventsAnswer,
  type LiveReady,
  type LiveStatus,
  liveBackoffMs,
} from '../api/live';
import { deliverLive, deliverResync, joinLiveTabs, type LiveTabMessage, postToTabs } from '../services/liveService';
import { fetchLiveEvents, readLiveStream } from '../services/liveStream';

export interface LiveChannelContext {
  /** Names the session's tabs (its lock and relay): the condominium and the user. */
  scope: string;
  /** The last event seen (streamed, polled or relayed): where the next stream or poll resumes. */
  lastEventId: number | null;
  /** Streams that failed in a row. */
  failures: number;
  /** A follower: the leading tab's state, as it last said (null until it has). */
  leaderStatus: LiveStatus | null;
}

export type LiveChannelEvent =
  | { type: 'lead' }
  | { type: 'relayed'; message: LiveTabMessage }
  | { type: 'stream.ready'; ready: LiveReady }
  | { type: 'stream.event'; event: LiveEvent }
  | { type: 'stream.activity' }
  | { type: 'stream.ended' }
  | { type: 'stream.failed' };

/** The 'tell' action saying this tab's state to the others. */
const tellStatus = (status: LiveStatus) => ({ type: 'tell' as const, params: { kind: 'status' as const, status } });

/** The highest id seen: events of two transactions may arrive out of order. */
const latest = (current: number | null, id: number) => (current === null ? id : Math.max(current, id));

export const liveChannelMachine = setup({
  types: {
    input: {} as { scope: string },
    context: {} as LiveChannelContext,
    events: {} as LiveChannelEvent,
  },
  actors: {
    /** This tab among the session's others: 'lead' once it holds the stream's lock, and what the others relay. */
    tabs: fromCallback<LiveChannelEvent, { scope: string }>(({ input, sendBack }) => {
      const tabs = joinLiveTabs(
        input.scope,
        () => sendBack({ type: 'lead' }),
        (message) => sendBack({ type: 'relayed', message }),
      );
      return () => tabs.leave();
    }),
    /** The stream itself, from `lastEventId`; leaving the state closes it. */
    stream: fromCallback<LiveChannelEvent, { lastEventId: number | null }>(({ input, sendBack }) => {
      const abort = new AbortController();
      readLiveStream(input.lastEventId, abort.signal, {
        onReady: (ready) => sendBack({ type: 'stream.ready', ready }),
        onEvent: (event) => sendBack({ type: 'stream.event', event }),
        onActivity: () => sendBack({ type: 'stream.activity' }),
      }).then(
        () => sendBack({ type: 'stream.ended' }),
        () => {
          if (!abort.signal.aborted) sendBack({ type: 'stream.failed' });
        },
      );
      return () => abort.abort();
    }),
    poll: fromPromise<LiveEventsAnswer, { after: number | null }>(({ input, signal }) => fetchLiveEvents(input.after, signal)),
  },
  delays: {
    readyTimeout: LIVE_READY_TIMEOUT_MS,
    silence: LIVE_SILENCE_MS,
    backoff: ({ context }) => liveBackoffMs(context.failures),
    pollEvery: LIVE_POLL_MS,
    streamRetry: LIVE_STREAM_RETRY_MS,
  },
  guards: {
    tooManyFailures: ({ context }) => context.failures >= LIVE_MAX_FAILURES,
    isRelayedEvent: ({ event }) => event.type === 'relayed' && event.message.kind === 'event',
    isRelayedStatus: ({ event }) => event.type === 'relayed' && event.message.kind === 'status',
    isRelayedResync: ({ event }) => event.type === 'relayed' && event.message.kind === 'resync',
    isHello: ({ event }) => event.type === 'relayed' && event.message.kind === 'hello',
    resyncs: ({ event }) => event.type === 'stream.ready' && event.ready.resync,
  },
  actions: {
    /** To this tab's screens. */
    deliver: (_, { event }: { event: LiveEvent }) => deliverLive(event),
    resync: () => deliverResync(),
    /** To the session's other tabs. */
    tell: ({ context }, message: LiveTabMessage) => postToTabs(context.scope, message),
    seen: assign(({ context }, { id }: { id: number }) => ({ lastEventId: latest(context.lastEventId, id) })),
    /** Caught up: from the server's id on (after a resync, its id whatever this tab had seen). */
    keepReady: assign(({ context, event }) => {
      assertEvent(event, 'stream.ready');
      const { lastEventId, resync } = event.ready;
      return { lastEventId: resync ? lastEventId : latest(context.lastEventId, lastEventId), failures: 0 };
    }),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    /** Back to the stream from polling: one more failure and it polls again. */
    lastChance: assign({ failures: LIVE_MAX_FAILURES - 1 }),
    keepLeaderStatus: assign(({ event }) => {
      assertEvent(event, 'relayed');
      return event.message.kind === 'status' ? { leaderStatus: event.message.status } : {};
    }),
    keepPolled: assign(({ context }, { answer }: { answer: LiveEventsAnswer }) => ({
      lastEventId: Math.max(context.lastEventId ?? 0, answer.lastEventId),
    })),
  },
}).createMachine({
  id: 'liveChannel',
  context: ({ input }) => ({ scope: input.scope, lastEventId: null, failures: 0, leaderStatus: null }),
  invoke: { id: 'tabs', src: 'tabs', input: ({ context }) => ({ scope: context.scope }) },
  initial: 'following',
  states: {
    /** Another tab holds the stream: what it relays goes to this tab's screens. */
    following: {
      on: {
        lead: 'leading',
        relayed: [
          {
            guard: 'isRelayedEvent',
            actions: [
              {
                type: 'deliver',
                params: ({ event }) => ({ event: (event.message as Extract<LiveTabMessage, { kind: 'event' }>).event }),
              },
              {
                type: 'seen',
                params: ({ event }) => ({ id: (event.message as Extract<LiveTabMessage, { kind: 'event' }>).event.id }),
              },
            ],
          },
          { guard: 'isRelayedStatus', actions: 'keepLeaderStatus' },
          { guard: 'isRelayedResync', actions: 'resync' },
        ],
      },
    },
    /** This tab holds the stream for the session's tabs. */
    leading: {
      initial: 'streaming',
      states: {
        streaming: {
          invoke: { id: 'stream', src: 'stream', input: ({ context }) => ({ lastEventId: context.lastEventId }) },
          initial: 'connecting',
          on: {
            'stream.event': {
              actions: [
                { type: 'deliver', params: ({ event }) => ({ event: event.event }) },
                { type: 'tell', params: ({ event }) => ({ kind: 'event', event: event.event }) },
                { type: 'seen', params: ({ event }) => ({ id: event.event.id }) },
              ],
            },
            'stream.ended': { target: 'retrying', actions: 'countFailure' },
            'stream.failed': { target: 'retrying', actions: 'countFailure' },
          },
          states: {
            /** Asked; the server has not said `ready` yet. */
            connecting: {
              entry: tellStatus('connecting'),
              after: { readyTimeout: { target: '#liveChannel.leading.retrying', actions: 'countFailure' } },
              on: {
                relayed: { guard: 'isHello', actions: tellStatus('connecting') },
                'stream.ready': [
                  {
                    guard: 'resyncs',
                    target: 'live',
                    actions: ['keepReady', 'resync', { type: 'tell', params: { kind: 'resync' } as const }],
                  },
                  { target: 'live', actions: 'keepReady' },
                ],
              },
            },
            /** Events arrive as they happen; silence longer than two heartbeats is a dead connection. */
            live: {
              entry: tellStatus('live'),
              initial: 'listening',
              on: { relayed: { guard: 'isHello', actions: tellStatus('live') } },
              states: {
                listening: {
                  after: { silence: { target: '#liveChannel.leading.retrying', actions: 'countFailure' } },
                  on: { 'stream.activity': { target: 'listening', reenter: true } },
                },
              },
            },
          },
        },
        /** Dropped: again after a pause that grows with each failure, or polling after too many. */
        retrying: {
          entry: tellStatus('retrying'),
          always: { guard: 'tooManyFailures', target: 'polling' },
          on: { relayed: { guard: 'isHello', actions: tellStatus('retrying') } },
          after: { backoff: 'streaming' },
        },
        /** The stream cannot be held: the same events read every minute, the stream tried again now and then. */
        polling: {
          entry: tellStatus('polling'),
          after: { streamRetry: { target: 'streaming', actions: 'lastChance' } },
          on: { relayed: { guard: 'isHello', actions: tellStatus('polling') } },
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'poll',
                src: 'poll',
                input: ({ context }) => ({ after: context.lastEventId }),
                onDone: {
                  target: 'waiting',
                  actions: [
                    { type: 'keepPolled', params: ({ event }) => ({ answer: event.output }) },
                    // What it brought: to this tab's screens and to the other tabs.
                    enqueueActions(({ event, enqueue }) => {
                      if (event.output.resync) {
                        enqueue('resync');
                        enqueue({ type: 'tell', params: { kind: 'resync' } });
                      }
                      for (const live of event.output.events) {
                        enqueue({ type: 'deliver', params: { event: live } });
                        enqueue({ type: 'tell', params: { kind: 'event', event: live } });
                      }
                    }),
                  ],
                },
                // The next read tries again.
                onError: { target: 'waiting' },
              },
            },
            waiting: { after: { pollEvery: 'fetching' } },
          },
        },
      },
    },
  },
});

/** The state the screens show: this tab's as leader, or the leading tab's as follower (null: not known yet). */
export function liveStatusOf(snapshot: {
  matches(state: never): boolean;
  context: Pick<LiveChannelContext, 'leaderStatus'>;
}): LiveStatus | null {
  const is = (state: unknown) => snapshot.matches(state as never);
  if (is('following')) return snapshot.context.leaderStatus;
  if (is({ leading: { streaming: 'live' } })) return 'live';
  if (is({ leading: 'polling' })) return 'polling';
  if (is({ leading: 'retrying' })) return 'retrying';
  return 'connecting';
}
