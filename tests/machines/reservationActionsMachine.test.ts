// One reservation's actions, model-based: every event the machine declares offered from tests/models, every
// branch walked against a real actor whose calls are controllable promises. Each state checks what is sent
// (the version, the reason only where one is needed) and what the snapshot offers; plus the reason rules.
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  actionRequest,
  needsReason,
  offeredActions,
  reservationActionsMachine,
} from '../../src/machines/reservationActionsMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { MINE, OVER, REQUEST, reservationActionsModel } from '../models/reservationActionsMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';

type Snap = Snapshot<typeof reservationActionsMachine>;
const cover = coverModel(reservationActionsModel);

describe('reservationActionsMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof reservationActionsMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    starting: () => {
      throw new Error('starting is left at once');
    },
    loading: (s) => {
      expect(calls.pending()).toEqual(['fetchReservation']);
      expect(calls.inputOf('fetchReservation')).toBe(s.context.reservationId);
    },
    loadFailed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(can({ type: 'retry' })).toBe(true);
    },
    notFound: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.reservation).toBeNull();
    },
    idle: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.action).toBeNull();
      for (const action of ['aprobar', 'rechazar', 'cancelar', 'no_asistio', 'devolver', 'cobrar'] as const)
        expect(can({ type: 'choose', action })).toBe(offeredActions(s.context.reservation).includes(action));
    },
    asking: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(offeredActions(s.context.reservation)).toContain(s.context.action);
      if (s.context.problem) expect(needsReason(s.context.action, s.context.admin)).toBe(true);
    },
    sending: (s) => {
      expect(calls.pending()).toEqual(['sendAction']);
      const sent = calls.inputOf('sendAction') as ReturnType<typeof actionRequest>;
      expect(sent).toEqual(actionRequest(s.context));
      expect(sent.version).toBe(s.context.reservation!.version);
      expect(sent.motivo === undefined).toBe(!needsReason(s.context.action, s.context.admin));
      if (sent.motivo !== undefined) expect(sent.motivo).not.toBe('');
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.failure).toEqual(NETWORK_FAILURE);
      expect(s.context.action).not.toBeNull();
      expect(can({ type: 'retry' })).toBe(true);
    },
  };

  walkModel(it, cover, reservationActionsMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(reservationActionsMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('reservationActionsMachine rules', () => {
  it('asks a reason for a rejection, a kept deposit and the administration’s cancellation', () => {
    expect(needsReason('rechazar', true)).toBe(true);
    expect(needsReason('cobrar', true)).toBe(true);
    expect(needsReason('cancelar', true)).toBe(true);
    expect(needsReason('cancelar', false)).toBe(false);
    expect(needsReason('aprobar', true)).toBe(false);
    expect(needsReason('devolver', true)).toBe(false);
  });

  it('offers what the server listed, reservation and deposit actions together', () => {
    expect(offeredActions(MINE)).toEqual(['cancelar']);
    expect(offeredActions(REQUEST)).toEqual(['aprobar', 'rechazar', 'cancelar']);
    expect(offeredActions(OVER)).toEqual(['no_asistio', 'devolver', 'cobrar']);
    expect(offeredActions(null)).toEqual([]);
  });

  it('does not send a rejection without its reason', () => {
    const actor = createActor(reservationActionsMachine, {
      input: { reservationId: 71, admin: true, reservation: REQUEST },
    }).start();
    actor.send({ type: 'choose', action: 'rechazar' });
    actor.send({ type: 'setReason', motivo: '   ' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.problem).toBe(true);
  });
});
