// One reservation and what the caller may do with it (issue 15, RI): the detail a notification opens
// (?reservacion=ID), a row of "Mis reservaciones", the administration's queue and list. The actions offered are
// the ones the server listed (acciones, accionesDeposito from reservationLifecycle.ts): cancel (the resident,
// within the deadline, after confirming), approve, reject with a reason, cancel by the administration with a
// reason, mark a no-show, settle a held deposit (devolver, or cobrar with a reason). A 409 (a lost race, a
// stale version) refreshes the reservation and says why; a failed call is retried with the same reason.
import { assign, fromPromise, setup } from 'xstate';
import type { DepositAction, ReservationAction } from '../api/reservationLifecycle';
import { RESERVATION_REASON_MAX, type Reservation, type ReservationAnswer } from '../api/reservations';
import { type ChangeResult, changeReservation, fetchReservation, settleDeposit } from '../services/reservationsService';
import { type CallFailure, callFailure, isAccessRefusal } from './shared/callFailure';

export type AnyReservationAction = ReservationAction | DepositAction;

export interface ActionRequest {
  reservationId: number;
  version: number;
  action: AnyReservationAction;
  motivo?: string;
}

export interface ReservationActionsContext {
  reservationId: number;
  /** The caller administers the condominium: a cancellation is then the administration's, with a reason. */
  admin: boolean;
  reservation: Reservation | null;
  action: AnyReservationAction | null;
  motivo: string;
  /** The reason is required and missing (or too long). */
  problem: boolean;
  /** The last outcome said on screen: the action done, or the server's words on a refusal. */
  done: AnyReservationAction | null;
  /** The server's words on a refusal (409), kept until another action is chosen. */
  message: string | null;
  /** A failed call: why. */
  failure: CallFailure | null;
}

export type ReservationActionsEvent =
  | { type: 'choose'; action: AnyReservationAction }
  | { type: 'setReason'; motivo: string }
  | { type: 'confirm' }
  | { type: 'dismiss' }
  | { type: 'retry' };

const isDepositAction = (action: AnyReservationAction): action is DepositAction => action === 'devolver' || action === 'cobrar';

/** The actions offered now: the server's lists for this caller. */
export const offeredActions = (reservation: Reservation | null): AnyReservationAction[] =>
  reservation ? [...reservation.acciones, ...reservation.accionesDeposito] : [];

/** Whether an action needs a reason the resident reads. */
export const needsReason = (action: AnyReservationAction | null, admin: boolean) =>
  action === 'rechazar' || action === 'cobrar' || (action === 'cancelar' && admin);

export const actionRequest = (context: ReservationActionsContext): ActionRequest => {
  const request: ActionRequest = {
    reservationId: context.reservationId,
    version: context.reservation?.version ?? 1,
    action: context.action ?? 'cancelar',
  };
  if (needsReason(context.action, context.admin)) request.motivo = context.motivo.trim();
  return request;
};

export const reservationActionsMachine = setup({
  types: {
    input: {} as { reservationId: number; admin: boolean; reservation?: Reservation | null },
    context: {} as ReservationActionsContext,
    events: {} as ReservationActionsEvent,
  },
  actors: {
    fetchReservation: fromPromise<ReservationAnswer, number>(({ input, signal }) => fetchReservation(input, signal)),
    sendAction: fromPromise<ChangeResult, ActionRequest>(({ input, signal }) => {
      const { action, ...rest } = input;
      return isDepositAction(action)
        ? settleDeposit({ ...rest, action }, signal)
        : changeReservation({ ...rest, action }, signal);
    }),
  },
  guards: {
    known: ({ context }) => context.reservation !== null,
    refused: (_, { error }: { error: unknown }) => isAccessRefusal(error),
    offered: ({ context }, { action }: { action: AnyReservationAction }) => offeredActions(context.reservation).includes(action),
    reasonMissing: ({ context }) =>
      needsReason(context.action, context.admin) &&
      (context.motivo.trim() === '' || context.motivo.trim().length > RESERVATION_REASON_MAX),
    changed: (_, { result }: { result: ChangeResult }) => result.kind === 'changed',
    /** A refusal that brought the reservation as it is now. */
    refreshed: (_, { result }: { result: ChangeResult }) => result.kind === 'refused' && result.reservacion !== null,
  },
  actions: {
    keep: assign((_, { reservation }: { reservation: Reservation }) => ({ reservation, failure: null })),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    choose: assign((_, { action }: { action: AnyReservationAction }) => ({
      action,
      motivo: '',
      problem: false,
      done: null,
      message: null,
      failure: null,
    })),
    setReason: assign((_, { motivo }: { motivo: string }) => ({ motivo, problem: false })),
    flagReason: assign({ problem: true }),
    forget: assign({ action: null, motivo: '', problem: false, failure: null }),
    applied: assign(({ context }, { result }: { result: ChangeResult }) =>
      result.kind === 'changed'
        ? { reservation: result.reservacion, done: context.action, action: null, motivo: '', message: null, failure: null }
        : {},
    ),
    refusedNow: assign(({ context }, { result }: { result: ChangeResult }) =>
      result.kind === 'refused'
        ? {
            reservation: result.reservacion ?? context.reservation,
            message: result.message,
            action: null,
            motivo: '',
            done: null,
            failure: null,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'reservationActions',
  context: ({ input }) => ({
    reservationId: input.reservationId,
    admin: input.admin,
    reservation: input.reservation ?? null,
    action: null,
    motivo: '',
    problem: false,
    done: null,
    message: null,
    failure: null,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'known', target: 'idle' }, { target: 'loading' }] },
    loading: {
      invoke: {
        id: 'reservation',
        src: 'fetchReservation',
        input: ({ context }) => context.reservationId,
        onDone: { target: 'idle', actions: { type: 'keep', params: ({ event }) => ({ reservation: event.output.reservacion }) } },
        onError: [
          { guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    notFound: {},
    idle: {
      on: {
        choose: {
          guard: { type: 'offered', params: ({ event }) => ({ action: event.action }) },
          target: 'asking',
          actions: { type: 'choose', params: ({ event }) => ({ action: event.action }) },
        },
      },
    },
    asking: {
      on: {
        setReason: { actions: { type: 'setReason', params: ({ event }) => ({ motivo: event.motivo }) } },
        confirm: [{ guard: 'reasonMissing', actions: 'flagReason' }, { target: 'sending' }],
        dismiss: { target: 'idle', actions: 'forget' },
      },
    },
    sending: {
      invoke: {
        id: 'action',
        src: 'sendAction',
        input: ({ context }) => actionRequest(context),
        onDone: [
          {
            guard: { type: 'changed', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: { type: 'applied', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'refreshed', params: ({ event }) => ({ result: event.output }) },
            target: 'idle',
            actions: { type: 'refusedNow', params: ({ event }) => ({ result: event.output }) },
          },
          // A stale version without the reservation: say why, then read it again.
          { target: 'loading', actions: { type: 'refusedNow', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'sending', dismiss: { target: 'idle', actions: 'forget' } } },
  },
});
