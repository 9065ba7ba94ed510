// A walk-in at the caseta as a test model: the guard fills the form (a dwelling and a name are needed) and asks;
// the ask fails and is retried with the same clientId, or arrives (somebody told, or nobody lives registered
// there); the caseta asks again every few seconds: still asking, approved, refused or no answer in time, or the
// connection fails and it keeps asking; the guard decides (a refused walk-in only refused), and a failed decision
// is retried with the same clientId. The model's clientIds are fixed (the real ones are crypto.randomUUID).
// The words: docs/scenarios/walkInMachine.md.
import { assign } from 'xstate';
import { WALK_IN_POLL_MS } from '../../src/api/gateWalkIns';
import { askOf, walkInMachine } from '../../src/machines/walkInMachine';
import { ApiError } from '../../src/services/http';
import { CLIENT_ID } from '../support/gateFixtures';
import { BARE, defineModel } from '../support/machineModel';
import {
  APPROVED,
  ASKED,
  ASKED_NOBODY,
  ASKING,
  decidedAnswer,
  NO_ANSWER,
  REFUSED,
  WALK_IN_DRAFT,
} from '../support/walkInFixtures';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const DECISION_ID = '99999999-2222-4333-8444-555555555555';

/** The machine with fixed clientIds, so the traversal's states repeat. */
export const walkInModelMachine = walkInMachine.provide({
  actions: {
    makeAsk: assign(({ event }) =>
      event.type === 'ask' ? { ask: askOf(event.draft, CLIENT_ID), accessPoint: event.draft.accessPoint.trim() || null } : {},
    ),
    makeDecision: assign(({ context, event }) =>
      event.type === 'decide'
        ? { decision: { clientId: DECISION_ID, decision: event.decision, accessPoint: context.accessPoint } }
        : {},
    ),
  },
});

export const walkInModel = defineModel({
  machine: walkInModelMachine,
  payloads: {
    ask: [{ draft: WALK_IN_DRAFT }],
    decide: [{ decision: 'entry' }, { decision: 'refusal' }],
    retry: BARE,
    cancel: BARE,
    refresh: BARE,
    'xstate.done.actor.ask': [{ output: ASKED }, { output: ASKED_NOBODY }],
    'xstate.error.actor.ask': [{ error: NO_CONNECTION }],
    'xstate.done.actor.poll': [ASKING, APPROVED, REFUSED, NO_ANSWER].map((output) => ({ output })),
    'xstate.error.actor.poll': [{ error: NO_CONNECTION }],
    'xstate.done.actor.decide': (s) => [
      { output: decidedAnswer(s.context.decision?.decision ?? 'entry', s.context.walkIn ?? APPROVED) },
    ],
    'xstate.error.actor.decide': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      form: 'Visita sin pase: Vivienda (searchable), Nombre del visitante, Motivo, Personas, Placas, Acceso, Nota; Preguntar a la vivienda and Cancelar.',
      asking: 'Enviando el aviso a la vivienda…; the form is busy.',
      askFailed: 'No se envió el aviso, and why, with Reintentar and Cancelar.',
      waiting:
        'Esperando respuesta de Torre A - 101: who and why, the seconds left; “Nadie está registrado…” when nobody was told; “Sin conexión: seguimos intentando.” after a failed read.',
      polling: 'The same card while the caseta asks the server again.',
      approved: 'A green card: Aprobada — Rosa Hernández Díaz aprobó la visita, with Dejar pasar and No dejar pasar.',
      refused: 'A red card: Rechazada — Rosa Hernández Díaz rechazó la visita, with No dejar pasar only.',
      noAnswer: 'A yellow card: Sin respuesta — Nadie respondió a tiempo. Decide tú., with Dejar pasar and No dejar pasar.',
      deciding: 'Registrando…; the buttons are busy.',
      decideFailed: 'No se registró la decisión, and why, with Reintentar.',
      decided: 'A toast (Entrada registrada / Rechazo registrado); the caseta is ready for the next visitor.',
      cancelled: 'The caseta is ready again; nobody was asked.',
    },
    events: {
      ask: () => 'picks Torre A - 101, types Paquetería DHL (Entrega) and presses Preguntar a la vivienda',
      decide: (e) => (e.decision === 'entry' ? 'presses Dejar pasar' : 'presses No dejar pasar'),
      retry: () => 'presses Reintentar',
      cancel: () => 'presses Cancelar',
      refresh: () => 'the live channel says the walk-in moved (a resident answered)',
      'xstate.done.actor.ask': (e) =>
        (e.output as typeof ASKED).told ? 'the server tells the residents' : 'the server answers: nobody lives registered there',
      'xstate.error.actor.ask': () => 'the connection fails',
      'xstate.done.actor.poll': (e) => `the server answers: ${(e.output as typeof ASKING).status}`,
      'xstate.error.actor.poll': () => 'the connection fails',
      'xstate.done.actor.decide': (e) => `the server records the ${(e.output as ReturnType<typeof decidedAnswer>).movement.kind}`,
      'xstate.error.actor.decide': () => 'the connection fails',
      'xstate.after.poll.walkIn.waiting': () => `${WALK_IN_POLL_MS / 1000} seconds pass`,
    },
  },
});
