// The booking flow as a test model: a resident with one dwelling booking the party room (blocks), a resident
// with two dwellings (one in arrears) booking a room that does not admit arrears, and a free-range facility
// whose end may be lengthened. A free time goes through the details and the rules to the server, which
// confirms, queues, refuses (ocupado, or a stale facility without a reason) or fails; a past time is refused
// early. The words its scenarios are told in: docs/scenarios/reservationMachine.md. The browser walk
// (tests/e2e/reservationMachine.walk.spec.ts) walks each scenario through the real facility page, on the demo's
// pádel court and Salón de eventos.
import type { EventObject } from 'xstate';
import type { BookingRefusal } from '../../src/api/reservationLifecycle';
import { type ReservationContext, reservationMachine } from '../../src/machines/reservationMachine';
import { ApiError } from '../../src/services/http';
import type { BookingResult } from '../../src/services/reservationsService';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { dwelling, facility, NOW_LOCAL, reservation } from '../support/reservationFixtures';

export const ROOM = facility();
export const FREE_RANGE = facility({ FacilityId: 4, Nombre: 'Asador', unidad: 'libre', minMinutos: 60, maxMinutos: 120 });
export const TWO_DWELLINGS = [dwelling(), dwelling({ ApmtId: 102, Nombre: 'Torre A - 102', moroso: true })];

export const FREE = { fecha: '2026-11-28', desde: '18:00', hasta: '22:00', lugares: 40 };
export const PAST = { fecha: '2026-11-27', desde: '06:00', hasta: '10:00', lugares: 40 };
export const FREE_HOUR = { fecha: '2026-11-28', desde: '18:00', hasta: '19:00', lugares: 40 };

export const BOOKED: BookingResult = {
  kind: 'booked',
  reservacion: reservation({ fecha: '2026-11-28', desde: '18:00', hasta: '22:00' }),
};
export const QUEUED: BookingResult = { kind: 'booked', reservacion: reservation({ estado: 'pendiente', fase: 'pendiente' }) };
export const TAKEN: BookingResult = {
  kind: 'refused',
  message: 'Horario no disponible: ya está reservado.',
  motivo: 'ocupado',
  reservacion: null,
};
export const STALE: BookingResult = { kind: 'refused', message: 'La instalación cambió.', motivo: null, reservacion: null };
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof reservationMachine>;
const ctx = (s: Snap): ReservationContext => s.context;
const isFree = (s: Snap) => ctx(s).facility.unidad === 'libre';
const two = (s: Snap) => ctx(s).dwellings.length > 1;

const resultName = (r: BookingResult) =>
  r.kind === 'booked' ? r.reservacion.estado : r.motivo ? `refused ${r.motivo}` : 'refused stale';

export const reservationModel = defineModel({
  machine: reservationMachine,
  inputs: {
    one: { facility: ROOM, dwellings: [dwelling()], now: NOW_LOCAL },
    two: { facility: ROOM, dwellings: TWO_DWELLINGS, now: NOW_LOCAL },
    free: { facility: FREE_RANGE, dwellings: [dwelling()], now: NOW_LOCAL },
  },
  payloads: {
    choose: (s) => (isFree(s) ? [{ choice: FREE_HOUR }] : two(s) ? [{ choice: FREE }] : [{ choice: FREE }, { choice: PAST }]),
    clock: (s) => (two(s) || isFree(s) ? [] : [{ now: NOW_LOCAL, facility: ROOM }]),
    setEnd: (s) => (isFree(s) ? [{ hasta: '20:00' }, { hasta: '23:00' }] : []),
    setPeople: (s) => (isFree(s) || two(s) ? [] : ctx(s).personas === 1 ? [{ personas: 50 }] : [{ personas: 2 }]),
    setDwelling: (s) => (two(s) ? [{ ApmtId: 101 }, { ApmtId: 102 }] : []),
    setNote: (s) => (!two(s) && !isFree(s) && ctx(s).nota === '' && ctx(s).personas === 2 ? [{ nota: 'Cumpleaños' }] : []),
    accept: (s) => [{ accepted: !ctx(s).acepta }],
    next: BARE,
    back: (s) => (two(s) || isFree(s) ? [] : BARE),
    confirm: BARE,
    retry: BARE,
    startOver: BARE,
    close: (s) => (two(s) || isFree(s) ? [] : BARE),
    'xstate.done.actor.book': (s) =>
      two(s) || isFree(s) ? [{ output: QUEUED }] : [{ output: BOOKED }, { output: QUEUED }, { output: TAKEN }, { output: STALE }],
    'xstate.error.actor.book': (s) => (two(s) || isFree(s) ? [] : [{ error: NO_CONNECTION }]),
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: BookingResult; choice?: typeof FREE };
    if (e.type === 'xstate.done.actor.book') return `done book:${resultName(e.output!)}`;
    if (e.type === 'choose') return `choose ${e.choice!.fecha} ${e.choice!.desde}`;
    if (e.type === 'clock') return 'clock';
    return eventLabel(event);
  },
  words: {
    states: {
      choosing: 'The availability: time buttons saying Libre, Ocupado, Tu reservación, Cerrado; no dialog open.',
      details:
        'The dialog “Reservar Salón de fiestas” on step Datos: Número de personas (De 1 a 40), Vivienda when there are several, Hasta for free ranges, a note, Continuar.',
      confirming:
        'Step Reglamento: the rules, the PDF link, “Leí y acepto el reglamento”, Confirmar reservación (enabled once accepted).',
      submitting: 'Confirmar reservación is busy.',
      failed: 'An alert “No pudimos enviar tu reservación” with the reason and Reintentar; everything filled is kept.',
      confirmed: 'A status “¡Reservación confirmada!” with the day, time and dwelling.',
      pending: 'A status “Tu solicitud quedó en espera de aprobación.”',
      refused:
        'An alert “No se pudo reservar” with the reason (e.g. “Horario no disponible: ya está reservado.”, “Ese horario ya pasó.”) and Elegir otro horario.',
    },
    events: {
      choose: (e) => `chooses ${(e.choice as typeof FREE).fecha} ${(e.choice as typeof FREE).desde}`,
      clock: () => 'the availability is read again',
      setEnd: (e) => `chooses Hasta ${e.hasta}`,
      setPeople: (e) => `types ${e.personas} people`,
      setDwelling: (e) => `chooses the dwelling ${e.ApmtId}`,
      setNote: (e) => `writes the note “${e.nota}”`,
      accept: (e) => (e.accepted ? 'ticks “Leí y acepto el reglamento”' : 'unticks the rules'),
      next: () => 'presses Continuar',
      back: () => 'presses Atrás / Elegir otro horario',
      confirm: () => 'presses Confirmar reservación',
      retry: () => 'presses Reintentar',
      startOver: () => 'presses Elegir otro horario',
      close: () => 'closes the dialog',
      'xstate.done.actor.book': (e) => `the server answers ${resultName(e.output as BookingResult)}`,
      'xstate.error.actor.book': () => 'the connection fails',
    },
  },
});

export const refusalOf = (s: Snap): BookingRefusal | null => ctx(s).refusal;
