// A facility's page, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose calls are controllable promises. Each state checks what is asked (the
// first day, how many days); plus the rules of days and weeks.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  availabilityQuery,
  firstDay,
  nothingToChoose,
  reservationFacilityMachine,
} from '../../src/machines/reservationFacilityMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { daysFor, reservationFacilityModel } from '../models/reservationFacilityMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { availability, CLOSED_DAY } from '../support/reservationFixtures';

type Snap = Snapshot<typeof reservationFacilityMachine>;
const cover = coverModel(reservationFacilityModel);

describe('reservationFacilityMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof reservationFacilityMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    loading: (s) => {
      expect(calls.pending()).toEqual(['loadFacilityPage']);
      expect(calls.inputOf('loadFacilityPage')).toBe(s.context.facilityId);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect([can({ type: 'retry' }), can({ type: 'next' })]).toEqual([true, false]);
    },
    notFound: () => {
      expect(calls.pending()).toEqual([]);
      expect(can({ type: 'retry' })).toBe(false);
    },
    ready: (s) => {
      expect(s.context.page).not.toBeNull();
      // Never before today's day or week.
      expect(s.context.desde! >= firstDay(s.context.vista, '2026-11-27')).toBe(true);
      if (s.context.vista === 'semana') expect(s.context.desde).toBe('2026-11-23');
    },
    'ready.loading': (s) => {
      expect(calls.pending()).toEqual(['fetchAvailability']);
      expect(calls.inputOf('fetchAvailability')).toEqual(availabilityQuery(s.context));
      expect((calls.inputOf('fetchAvailability') as { dias: number }).dias).toBe(s.context.vista === 'semana' ? 7 : 1);
    },
    'ready.shown': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.answer).toEqual(daysFor(s));
      expect(can({ type: 'previous' })).toBe(s.context.desde !== firstDay(s.context.vista, '2026-11-27'));
    },
    'ready.empty': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(nothingToChoose(s.context.answer!)).toBe(true);
      expect(can({ type: 'next' })).toBe(true);
    },
    'ready.failed': (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      // The navigation stays: another day may be asked instead.
      expect([can({ type: 'retry' }), can({ type: 'next' })]).toEqual([true, true]);
    },
  };

  walkModel(it, cover, reservationFacilityMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(reservationFacilityMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('reservationFacilityMachine rules', () => {
  it('starts a week on its Monday', () => {
    expect(firstDay('semana', '2026-11-27')).toBe('2026-11-23');
    expect(firstDay('dia', '2026-11-27')).toBe('2026-11-27');
  });

  it('calls a day with nothing to choose empty', () => {
    expect(nothingToChoose(CLOSED_DAY)).toBe(true);
    expect(nothingToChoose(availability())).toBe(false);
  });
});
