// The booking flow, model-based: every event the machine declares offered from tests/models, every branch
// walked against a real actor whose booking call is a controllable promise. Each state checks what is asked
// of the server and what the snapshot allows; plus the pure rules (ends of a free range, early refusals).
import { describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { bookingRequest, earlyRefusal, endChoices, peopleLimit, reservationMachine } from '../../src/machines/reservationMachine';
import { NETWORK_FAILURE } from '../../src/machines/shared/callFailure';
import { FREE, FREE_RANGE, PAST, ROOM, reservationModel } from '../models/reservationMachine.model';
import { coverModel, MODEL_COMPLETE, provideCalls, walkModel } from '../support/machineModel';
import { controllablePromises, type Snapshot, type StateChecks } from '../support/modelTesting';
import { dwelling, NOW_LOCAL } from '../support/reservationFixtures';

type Snap = Snapshot<typeof reservationMachine>;
const cover = coverModel(reservationModel);

describe('reservationMachine model', () => {
  it('offers every declared event and walks every branch', () => expect(cover.gaps()).toEqual(MODEL_COMPLETE));

  let calls = controllablePromises();
  let actor: Actor<typeof reservationMachine>;
  const can = (event: Parameters<Snap['can']>[0]) => actor.getSnapshot().can(event);

  const states: StateChecks<Snap> = {
    choosing: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.choice).toBeNull();
      expect(s.context.acepta).toBe(false);
      expect(can({ type: 'confirm' })).toBe(false);
    },
    details: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.choice).not.toBeNull();
      expect(earlyRefusal(s.context)).toBeNull();
      expect(can({ type: 'confirm' })).toBe(false);
    },
    confirming: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.personas).toBeGreaterThanOrEqual(1);
      expect(s.context.personas).toBeLessThanOrEqual(peopleLimit(s.context));
      expect(s.context.ApmtId).not.toBeNull();
      expect(can({ type: 'confirm' })).toBe(s.context.acepta);
    },
    submitting: (s) => {
      expect(calls.pending()).toEqual(['bookFacility']);
      expect(calls.inputOf('bookFacility')).toEqual(bookingRequest(s.context));
      expect((calls.inputOf('bookFacility') as { aceptaReglamento: boolean }).aceptaReglamento).toBe(true);
    },
    failed: (s) => {
      expect(calls.pending()).toEqual([]);
      // No answer, or a 409 without a reason in the server's words.
      expect([
        { failure: NETWORK_FAILURE, message: null },
        { failure: null, message: 'La instalación cambió.' },
      ]).toContainEqual({ failure: s.context.failure, message: s.context.message });
      expect(s.context.acepta).toBe(true);
      expect(can({ type: 'retry' })).toBe(true);
    },
    confirmed: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.booked?.estado).toBe('confirmada');
      expect(can({ type: 'choose', choice: FREE })).toBe(false);
    },
    pending: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(s.context.booked?.estado).toBe('pendiente');
    },
    refused: (s) => {
      expect(calls.pending()).toEqual([]);
      expect(['ocupado', 'pasado', 'moroso']).toContain(s.context.refusal);
      expect(can({ type: 'startOver' })).toBe(true);
    },
  };

  walkModel(it, cover, reservationMachine, states, (input) => {
    calls = controllablePromises();
    actor = createActor(provideCalls(reservationMachine, calls), { input: input as never }).start();
    return { actor, calls };
  });
});

describe('reservationMachine rules', () => {
  it('offers the ends of a free range on the grid, up to the longest and the closing', () => {
    expect(endChoices(FREE_RANGE, { fecha: '2026-11-28', desde: '18:00' }, '22:00')).toEqual(['19:00', '19:30', '20:00']);
    expect(endChoices(FREE_RANGE, { fecha: '2026-11-28', desde: '21:00' }, '22:00')).toEqual(['22:00']);
    expect(endChoices(ROOM, { fecha: '2026-11-28', desde: '18:00' }, '22:00')).toEqual([]);
  });

  it('refuses early what the facility’s own rules refuse', () => {
    const base = { facility: ROOM, now: NOW_LOCAL };
    expect(earlyRefusal({ ...base, choice: FREE })).toBeNull();
    expect(earlyRefusal({ ...base, choice: PAST })).toBe('pasado');
    expect(earlyRefusal({ ...base, choice: { ...FREE, fecha: '2027-02-01' } })).toBe('muy_anticipado');
    expect(earlyRefusal({ ...base, choice: { ...FREE, desde: '19:00', hasta: '23:00' } })).toBe('fuera_de_horario');
    expect(earlyRefusal({ facility: { ...ROOM, activa: false }, now: NOW_LOCAL, choice: FREE })).toBe('cerrada');
  });

  it('limits the people to the places left of a shared facility', () => {
    expect(peopleLimit({ facility: { ...ROOM, exclusiva: false }, choice: { ...FREE, lugares: 7 } })).toBe(7);
    expect(peopleLimit({ facility: ROOM, choice: null })).toBe(40);
  });

  it('books for the only dwelling without asking, and refuses a dwelling in arrears before asking', async () => {
    const one = createActor(reservationMachine, { input: { facility: ROOM, dwellings: [dwelling()], now: NOW_LOCAL } }).start();
    expect(one.getSnapshot().context.ApmtId).toBe(101);
    const barred = createActor(reservationMachine, {
      input: { facility: ROOM, dwellings: [dwelling({ moroso: true })], now: NOW_LOCAL },
    }).start();
    barred.send({ type: 'choose', choice: FREE });
    barred.send({ type: 'next' });
    expect(barred.getSnapshot().value).toBe('refused');
    expect(barred.getSnapshot().context.refusal).toBe('moroso');
  });
});
