// The personal calendar subscription (an ICS feed at a secret URL). Only the digest of its secret is kept, so
// its URL is shown once, right after it is made: none → creating → active with the URL; a new link (the old one
// stops working) and revoking each ask to confirm first. `tieneFeed` from home says whether one exists already
// (then it is active without a URL to show, and may be replaced or revoked).
import { assign, fromPromise, setup } from 'xstate';
import { revokeCalendarFeed, rotateCalendarFeed } from '../services/calendarService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface CalendarFeedContext {
  /** The URL made in this visit; null when there is none or it was made before (only its digest is kept). */
  url: string | null;
  /** The last call failed: why. */
  failure: CallFailure | null;
  /** Home said a feed existed when the screen opened. */
  hadFeed: boolean;
}

export type CalendarFeedEvent =
  | { type: 'create' }
  | { type: 'rotate' }
  | { type: 'revoke' }
  | { type: 'confirm' }
  | { type: 'back' };

export const calendarFeedMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as { tieneFeed: boolean },
    context: {} as CalendarFeedContext,
    events: {} as CalendarFeedEvent,
  },
  actors: {
    rotateCalendarFeed: fromPromise<string>(({ signal }) => rotateCalendarFeed(signal)),
    revokeCalendarFeed: fromPromise<void>(({ signal }) => revokeCalendarFeed(signal)),
  },
  guards: {
    hadFeed: ({ context }) => context.hadFeed,
  },
  actions: {
    showUrl: assign((_, { url }: { url: string }) => ({ url, failure: null })),
    forgetUrl: assign({ url: null, failure: null }),
    clearFailure: assign({ failure: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'calendarFeed',
  context: ({ input }) => ({ url: null, failure: null, hadFeed: input.tieneFeed }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hadFeed', target: 'active' }, { target: 'none' }],
    },
    none: { on: { create: { target: 'creating', actions: 'clearFailure' } } },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'rotateCalendarFeed',
        onDone: { target: 'active', actions: { type: 'showUrl', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'none', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    active: {
      on: {
        rotate: { target: 'confirmingRotate', actions: 'clearFailure' },
        revoke: { target: 'confirmingRevoke', actions: 'clearFailure' },
      },
    },
    confirmingRotate: { on: { confirm: 'rotating', back: 'active' } },
    rotating: {
      tags: ['busy'],
      invoke: {
        id: 'rotate',
        src: 'rotateCalendarFeed',
        onDone: { target: 'active', actions: { type: 'showUrl', params: ({ event }) => ({ url: event.output }) } },
        onError: { target: 'active', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    confirmingRevoke: { on: { confirm: 'revoking', back: 'active' } },
    revoking: {
      tags: ['busy'],
      invoke: {
        id: 'revoke',
        src: 'revokeCalendarFeed',
        onDone: { target: 'none', actions: 'forgetUrl' },
        onError: { target: 'active', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
