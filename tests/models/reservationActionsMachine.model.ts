// One reservation and its actions as a test model: a notification opening it by id (read first; not the
// caller's, or a failed read), a resident cancelling within the deadline, and an administrator on a pending
// request (approve; reject with a reason) and on a concluded one (keep the deposit with a reason). The server
// applies the change, refuses it with the reservation as it is now, refuses a stale version without it (read
// again), or fails. The words its scenarios are told in: docs/scenarios/reservationActionsMachine.md.
import type { EventObject } from 'xstate';
import type { Reservation } from '../../src/api/reservations';
import { type ReservationActionsContext, reservationActionsMachine } from '../../src/machines/reservationActionsMachine';
import { ApiError } from '../../src/services/http';
import type { ChangeResult } from '../../src/services/reservationsService';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { reservation } from '../support/reservationFixtures';

export const MINE = reservation();
export const REQUEST = reservation({
  ReservationId: 71,
  estado: 'pendiente',
  fase: 'pendiente',
  acciones: ['aprobar', 'rechazar', 'cancelar'],
});
export const OVER = reservation({
  ReservationId: 72,
  fase: 'concluida',
  acciones: ['no_asistio'],
  accionesDeposito: ['devolver', 'cobrar'],
});

export const CANCELLED: ChangeResult = {
  kind: 'changed',
  reservacion: reservation({ estado: 'cancelada', fase: 'cancelada', acciones: [], deposito: 'devuelto', version: 2 }),
};
export const APPROVED: ChangeResult = {
  kind: 'changed',
  reservacion: { ...REQUEST, estado: 'confirmada', fase: 'proxima', acciones: ['cancelar'], version: 2 },
};
export const LOST_RACE: ChangeResult = {
  kind: 'refused',
  message: 'Horario no disponible: ya está reservado.',
  motivo: 'ocupado',
  reservacion: { ...REQUEST, version: 2 },
};
export const STALE: ChangeResult = { kind: 'refused', message: 'La reservación cambió.', motivo: null, reservacion: null };
export const KEPT: ChangeResult = {
  kind: 'changed',
  reservacion: { ...OVER, deposito: 'cobrado', accionesDeposito: [], version: 2 },
};
export const NOT_YOURS = new ApiError(404, 'NOT_FOUND', 'No encontrada.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof reservationActionsMachine>;
const ctx = (s: Snap): ReservationActionsContext => s.context;
const which = (s: Snap) => ctx(s).reservationId;

const outcome = (r: ChangeResult) =>
  r.kind === 'changed'
    ? `changed ${r.reservacion.estado}/${r.reservacion.deposito}`
    : r.reservacion
      ? 'refused with it'
      : 'refused stale';

export const reservationActionsModel = defineModel({
  machine: reservationActionsMachine,
  inputs: {
    link: { reservationId: 70, admin: false },
    mine: { reservationId: 70, admin: false, reservation: MINE },
    request: { reservationId: 71, admin: true, reservation: REQUEST },
    over: { reservationId: 72, admin: true, reservation: OVER },
  },
  payloads: {
    'xstate.done.actor.reservation': (s) => [
      { output: { success: true, reservacion: which(s) === 71 ? { ...REQUEST, version: 3 } : MINE } },
    ],
    'xstate.error.actor.reservation': (s) =>
      which(s) === 70 && ctx(s).reservation === null ? [{ error: NOT_YOURS }, { error: NO_CONNECTION }] : [],
    retry: BARE,
    choose: (s) =>
      ctx(s).done || ctx(s).message
        ? []
        : which(s) === 71
          ? [{ action: 'aprobar' }, { action: 'rechazar' }, { action: 'devolver' }]
          : which(s) === 72
            ? [{ action: 'cobrar' }]
            : [{ action: 'cancelar' }],
    setReason: (s) => (ctx(s).motivo === '' && ctx(s).problem ? [{ motivo: 'Sin cupo ese día' }] : []),
    confirm: BARE,
    dismiss: (s) => (which(s) === 70 ? BARE : []),
    'xstate.done.actor.action': (s) =>
      which(s) === 70
        ? [{ output: CANCELLED }]
        : which(s) === 72
          ? [{ output: KEPT }]
          : ctx(s).action === 'aprobar'
            ? [{ output: APPROVED }, { output: LOST_RACE }, { output: STALE }]
            : [],
    'xstate.error.actor.action': (s) =>
      which(s) === 71 && ctx(s).action === 'rechazar'
        ? [{ error: NO_CONNECTION }]
        : which(s) === 70
          ? [{ error: NO_CONNECTION }]
          : [],
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: ChangeResult | { reservacion: Reservation } };
    if (e.type === 'xstate.done.actor.action') return `done action:${outcome(e.output as ChangeResult)}`;
    if (e.type === 'xstate.done.actor.reservation')
      return `done reservation:v${(e.output as { reservacion: Reservation }).reservacion.version}`;
    return eventLabel(event);
  },
  words: {
    states: {
      starting: 'Passing: a reservation handed in is shown at once; one opened by a link is read first.',
      loading: 'Grey placeholder lines under “Reservación”.',
      loadFailed: 'An alert with Reintentar.',
      notFound: '“No encontramos esta reservación o no tienes acceso a ella.”',
      idle: 'The card: facility, day and time, dwelling, people, phase, fee and deposit, and a button per action allowed (Cancelar reservación, Aprobar, Rechazar, Marcar no asistió, Devolver depósito, Cobrar depósito); what was done as a status, or the server’s refusal as an alert.',
      asking:
        'The question (e.g. “¿Cancelar esta reservación?…”), a Motivo field where the resident must read one, Sí, … and No, volver.',
      sending: 'The Sí button is busy.',
      failed: 'The question stays with the reason typed, an alert, Reintentar and No, volver.',
    },
    events: {
      'xstate.done.actor.reservation': () => 'the reservation arrives',
      'xstate.error.actor.reservation': (e) =>
        (e.error as ApiError).status ? 'the server says it is not the caller’s' : 'the connection fails',
      retry: () => 'presses Reintentar',
      choose: (e) => `presses ${e.action}`,
      setReason: (e) => `writes the reason “${e.motivo}”`,
      confirm: () => 'presses Sí',
      dismiss: () => 'presses No, volver',
      'xstate.done.actor.action': (e) => `the server answers: ${outcome(e.output as ChangeResult)}`,
      'xstate.error.actor.action': () => 'the connection fails',
    },
  },
});
