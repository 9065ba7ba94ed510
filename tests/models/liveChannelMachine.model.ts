// One tab's live channel (issue 30) as a test model: the tab follows the one holding the stream (handing on what it
// relays: an event, its state, a resync; a hello of another tab is not for a follower) until it gets the lock; then it
// connects, is live once the server says ready (or says resync), reads events and heartbeats, and after a drop, a
// silence or a stream that never gets ready, retries with backoff; the third failure in a row polls instead (events
// read every minute, the stream tried again every five). Its scenarios: docs/scenarios/liveChannelMachine.md.
import type { LiveEvent, LiveEventsAnswer } from '../../src/api/live';
import { liveChannelMachine } from '../../src/machines/liveChannelMachine';
import { ApiError } from '../../src/services/http';
import type { LiveTabMessage } from '../../src/services/liveService';
import { BARE, defineModel } from '../support/machineModel';

export const SCOPE = '1:17';
/** A new message in a conversation, as the stream (or another tab) brings it. */
export const MESSAGE: LiveEvent = { id: 41, type: 'conversation', data: { conversationId: 7 } };
/** A notification, as a poll brings it. */
export const NOTICE: LiveEvent = { id: 44, type: 'notification', data: { modulo: 'mensaje' } };
export const POLLED: LiveEventsAnswer = { success: true, events: [NOTICE], lastEventId: 44, resync: false };
export const POLLED_RESYNC: LiveEventsAnswer = { success: true, events: [], lastEventId: 90, resync: true };
export const OFFLINE = new ApiError(0, 'NETWORK', 'Failed to fetch');

const RELAYED: LiveTabMessage[] = [
  { kind: 'event', event: MESSAGE },
  { kind: 'status', status: 'polling' },
  { kind: 'resync' },
  { kind: 'hello' },
];

const relayedWords = (message: LiveTabMessage) =>
  message.kind === 'event'
    ? `the tab holding the stream relays event ${message.event.id} (${message.event.type})`
    : message.kind === 'status'
      ? `the tab holding the stream says it is ${message.status}`
      : message.kind === 'resync'
        ? 'the tab holding the stream says everything must be read again'
        : 'a tab that just opened asks how the stream is';

export const liveChannelModel = defineModel({
  machine: liveChannelMachine,
  input: { scope: SCOPE },
  payloads: {
    lead: BARE,
    relayed: RELAYED.map((message) => ({ message })),
    'stream.ready': [{ ready: { lastEventId: 40, resync: false } }, { ready: { lastEventId: 90, resync: true } }],
    'stream.event': [{ event: MESSAGE }],
    'stream.activity': BARE,
    'stream.ended': BARE,
    'stream.failed': BARE,
    'xstate.done.actor.poll': [{ output: POLLED }, { output: POLLED_RESYNC }],
    'xstate.error.actor.poll': [{ error: OFFLINE }],
  },
  words: {
    states: {
      following: 'Another tab of the session holds the stream; this one shows what it relays (no notice while it is live).',
      leading: 'This tab holds the session’s stream and relays what arrives to the other tabs.',
      'leading.streaming': 'The stream is open (fetch with the app-token header, after the last event id).',
      'leading.streaming.connecting': 'Asked for the stream; the screens work as before while it connects.',
      'leading.streaming.live': 'Live: a new message, notification, request change or walk-in answer shows at once.',
      'leading.streaming.live.listening': 'Live; a heartbeat arrives at least every 20 seconds.',
      'leading.retrying': 'The stream dropped; it is asked for again after a pause (1 s, 2 s, 4 s …).',
      'leading.polling': '“Sin conexión en vivo, actualizando cada minuto” above the page.',
      'leading.polling.fetching': 'The notice stays while the events since the last one are read.',
      'leading.polling.waiting': 'The notice stays until the next minute’s read.',
    },
    events: {
      lead: () => 'the tab holding the stream closes (or there was none): this tab gets the lock',
      relayed: (e) => relayedWords(e.message as LiveTabMessage),
      'stream.ready': (e) =>
        (e.ready as { resync: boolean }).resync
          ? 'the server says it could not replay what was missed: every screen reads itself again'
          : 'the server says the stream is caught up',
      'stream.event': () => 'the stream brings a new message in conversation 7',
      'stream.activity': () => 'a heartbeat arrives',
      'stream.ended': () => 'the server ends the stream (it restarts)',
      'stream.failed': () => 'the connection fails',
      'xstate.done.actor.poll': (e) =>
        (e.output as LiveEventsAnswer).resync ? 'the poll says everything must be read again' : 'the poll brings a notification',
      'xstate.error.actor.poll': () => 'the poll cannot reach the server',
      'xstate.after.readyTimeout.liveChannel.leading.streaming.connecting': () =>
        '10 seconds without ready: something between buffers the stream',
      'xstate.after.silence.liveChannel.leading.streaming.live.listening': () => '45 seconds without a byte',
      'xstate.after.backoff.liveChannel.leading.retrying': () => 'the pause passes',
      'xstate.after.pollEvery.liveChannel.leading.polling.waiting': () => 'a minute passes',
      'xstate.after.streamRetry.liveChannel.leading.polling': () => 'five minutes pass',
    },
  },
});
