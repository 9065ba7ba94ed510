// The personal calendar subscription, model-based: every event the machine declares offered from tests/models,
// every branch walked against a real actor whose calls are controllable promises. Each state checks what is
// asked of the server (the same call makes and replaces a feed) and that a URL is shown only once it was made
// in this visit, never after revoking.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { calendarFeedMachine } from '../../src/machines/calendarFeedMachine';
import { callFailure, NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { webcalUrl } from '../../src/views/calendar/CalendarFeedPanel';
import { calendarFeedModel, NEW_FEED_URL, SERVER_ERROR } from '../models/calendarFeedMachine.model';
import { FEED_URL } from '../support/calendarFixtures';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof calendarFeedMachine>;
const cover = coverModel(calendarFeedModel);

describe('calendarFeedMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof calendarFeedMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);
  const failures = [callFailure(SERVER_ERROR), NETWORK_FAILURE, null];

  const states: StateChecks<Snap> = {
    start: () => {
      throw new Error('start is never a resting state: it decides from home at once');
    },
    none: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.url).toBeNull();
      expect(failures).toContainEqual(s.context.failure);
      expect([can({ type: 'create' }), can({ type: 'revoke' }), can({ type: 'rotate' })]).toEqual([true, false, false]);
    },
    creating: () => {
      expect(calls.pending()).toEqual(['rotateCalendarFeed']);
      expect(can({ type: 'create' })).toBe(false);
    },
    active: (s) => {
      expect(calls.pending()).toEqual([]);
      expect([null, FEED_URL, NEW_FEED_URL]).toContain(s.context.url);
      expect(failures).toContainEqual(s.context.failure);
      expect([can({ type: 'rotate' }), can({ type: 'revoke' }), can({ type: 'create' })]).toEqual([true, true, false]);
    },
    confirmingRotate: (s) => {
      // Asking again clears the last failure.
      expect(s.context.failure).toBeNull();
      expect(calls.pending()).toEqual([]);
      expect([can({ type: 'confirm' }), can({ type: 'back' })]).toEqual([true, true]);
    },
    rotating: () => {
      expect(calls.pending()).toEqual(['rotateCalendarFeed']);
      expect(can({ type: 'revoke' })).toBe(false);
    },
    confirmingRevoke: (s) => {
      expect(calls.pending()).toEqual([]);
      // The URL made in this visit stays on screen until the feed is really gone.
      expect([null, FEED_URL, NEW_FEED_URL]).toContain(s.context.url);
      expect([can({ type: 'back' }), can({ type: 'create' })]).toEqual([true, false]);
    },
    revoking: () => {
      expect(calls.pending()).toEqual(['revokeCalendarFeed']);
      expect(can({ type: 'rotate' })).toBe(false);
    },
  };

  walkModel(it, cover, calendarFeedMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(calendarFeedMachine, calls), { input: input as { tieneFeed: boolean } }).start();
    return { actor, calls };
  });
});

describe('calendar feed addresses', () => {
  it('gives Apple the same feed on webcal://', () => {
    expect(webcalUrl(FEED_URL)).toBe(FEED_URL.replace('https://', 'webcal://'));
    expect(webcalUrl('http://localhost:3000/api/--calendario/ics/x.ics')).toBe(
      'webcal://localhost:3000/api/--calendario/ics/x.ics',
    );
  });
});
