// A facility's page as a test model: the facility and the home arrive (or fail, or are not the caller's), then
// the availability of a day or a week, moved back and forth, to today, switched between day and week, read
// again after a booking; a day may have nothing to choose, a read may fail and be retried. The words its
// scenarios are told in: docs/scenarios/reservationFacilityMachine.md.
import type { EventObject } from 'xstate';
import type { AvailabilityAnswer } from '../../src/api/reservations';
import { availabilityQuery, type FacilityPage, reservationFacilityMachine } from '../../src/machines/reservationFacilityMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { availability, CLOSED_DAY, facility, home } from '../support/reservationFixtures';

export const PAGE: FacilityPage = { home: home(), facility: facility() };
export const NOT_YOURS = new ApiError(404, 'NOT_FOUND', 'No encontrado.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof reservationFacilityMachine>;

/** What the server answers for the days asked: Monday the 30th is closed in the day view. */
export function daysFor(s: Snap): AvailabilityAnswer {
  const q = availabilityQuery(s.context);
  return q.desde === '2026-11-30' && q.dias === 1 ? CLOSED_DAY : availability(q.desde, q.dias ?? 1);
}

export const reservationFacilityModel = defineModel({
  machine: reservationFacilityMachine,
  inputs: { phone: { facilityId: 3, vista: 'dia' }, desktop: { facilityId: 3, vista: 'semana' } },
  payloads: {
    'xstate.done.actor.page': [{ output: PAGE }],
    'xstate.error.actor.page': (s) => (s.context.vista === 'dia' ? [{ error: NOT_YOURS }, { error: NO_CONNECTION }] : []),
    retry: BARE,
    'xstate.done.actor.days': (s) => [{ output: daysFor(s) }],
    'xstate.error.actor.days': (s) => (s.context.desde === '2026-11-27' ? [{ error: NO_CONNECTION }] : []),
    // Moving is walked on the phone, within three days of today; the desktop switches to the day view.
    previous: (s) => (s.context.vista === 'dia' ? BARE : []),
    next: (s) => (s.context.vista === 'dia' && (s.context.desde ?? '') < '2026-11-30' ? BARE : []),
    today: BARE,
    setView: (s) =>
      s.context.desde === '2026-11-27' || s.context.desde === '2026-11-23' ? [{ vista: 'dia' }, { vista: 'semana' }] : [],
    refresh: (s) => (s.context.desde === '2026-11-27' && s.context.vista === 'dia' ? BARE : []),
    reload: (s) => (s.context.desde === '2026-11-27' && s.context.vista === 'dia' ? BARE : []),
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: AvailabilityAnswer };
    if (e.type === 'xstate.done.actor.days') return `done days:${e.output!.dias[0]!.fecha}x${e.output!.dias.length}`;
    return eventLabel(event);
  },
  words: {
    states: {
      loading: 'Grey placeholder lines while the facility loads.',
      failed: 'An alert “No pudimos cargar las reservaciones” with Reintentar.',
      notFound: '“No encontramos esta instalación o no tienes acceso a ella.”',
      ready:
        'The facility: photos, description, capacity, fee, hours table, rules; the Disponibilidad header with Día / Semana, ‹ Hoy ›.',
      'ready.loading': '“Cargando horarios…” beside the navigation.',
      'ready.shown': 'The day’s time buttons (Libre, Ocupado…), or seven columns in the week view.',
      'ready.empty': '“La instalación no tiene horarios para reservar este día.” (or esta semana).',
      'ready.failed': 'An alert “No pudimos cargar la disponibilidad” with Reintentar.',
    },
    events: {
      'xstate.done.actor.page': () => 'the facility and the home arrive',
      'xstate.error.actor.page': (e) =>
        (e.error as ApiError).status ? 'the server says it is not the caller’s' : 'the connection fails',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.days': (e) =>
        `the server sends ${(e.output as AvailabilityAnswer).dias.length} day(s) from ${(e.output as AvailabilityAnswer).dias[0]!.fecha}`,
      'xstate.error.actor.days': () => 'the connection fails',
      previous: () => 'presses ‹ (Día anterior)',
      next: () => 'presses › (Día siguiente)',
      today: () => 'presses Hoy',
      setView: (e) => `switches to ${e.vista === 'dia' ? 'Día' : 'Semana'}`,
      refresh: () => 'a booking was made or refused: the availability is read again',
      reload: () => 'the facility was edited: it is read again',
    },
  },
});
