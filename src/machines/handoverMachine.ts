// The shift handover (issue 31): the latest handovers; the outgoing guard writes the notes (never blank), the
// incoming one marks someone else's unread handover read. After either the list is read again (who read it, when);
// a refusal (read already: 409) or a broken connection is kept to read.
import { assign, fromPromise, setup } from 'xstate';
import type { Handover } from '../api/incidents';
import { fetchHandovers, readHandover, writeHandover } from '../services/incidentsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface HandoverContext {
  items: Handover[];
  notes: string;
  handoverId: number | null;
  failure: CallFailure | null;
}

export type HandoverEvent =
  | { type: 'write'; notes: string }
  | { type: 'markRead'; handoverId: number }
  | { type: 'refresh' }
  | { type: 'retry' };

export const canMarkRead = (handover: Handover) => handover.readAt === null && !handover.writtenByMe;

export const handoverMachine = setup({
  types: {
    context: {} as HandoverContext,
    events: {} as HandoverEvent,
  },
  actors: {
    load: fromPromise<Handover[]>(({ signal }) => fetchHandovers(signal)),
    write: fromPromise<Handover, string>(({ input, signal }) => writeHandover(input, signal)),
    markRead: fromPromise<Handover, number>(({ input, signal }) => readHandover(input, signal)),
  },
  guards: {
    notBlank: ({ event }) => event.type === 'write' && event.notes.trim() !== '',
    unread: ({ context, event }) => {
      if (event.type !== 'markRead') return false;
      const handover = context.items.find((h) => h.id === event.handoverId);
      return handover !== undefined && canMarkRead(handover);
    },
  },
  actions: {
    setItems: assign((_, items: Handover[]) => ({ items, failure: null })),
    takeNotes: assign(({ event }) => (event.type === 'write' ? { notes: event.notes.trim(), failure: null } : {})),
    takeHandover: assign(({ event }) => (event.type === 'markRead' ? { handoverId: event.handoverId, failure: null } : {})),
    forgetNotes: assign({ notes: '' }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'handover',
  context: { items: [], notes: '', handoverId: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      // A change told while this page loads: ask again, or the list keeps what the earlier answer held.
      on: { refresh: { target: 'loading', reenter: true } },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'setItems', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      on: {
        write: { guard: 'notBlank', target: 'writing', actions: 'takeNotes' },
        markRead: { guard: 'unread', target: 'marking', actions: 'takeHandover' },
        refresh: 'loading',
      },
    },
    writing: {
      invoke: {
        id: 'write',
        src: 'write',
        input: ({ context }) => context.notes,
        onDone: { target: 'loading', actions: 'forgetNotes' },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    marking: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => context.handoverId!,
        onDone: 'loading',
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
