// The lifecycle table of reservations (src/api/reservationLifecycle.ts): phases by the clock, what each role
// may do in each phase, the owner's cancellation deadline, and the deposit's settlement.
import { describe, expect, it } from 'vitest';
import {
  depositActions,
  type RESERVATION_STATES,
  reservationActions,
  reservationPhase,
  reservationTransition,
  withinCancelDeadline,
} from '../../src/api/reservationLifecycle';

const inicio = '2026-11-28T00:00:00.000Z';
const fin = '2026-11-28T06:00:00.000Z';
const r = (estado: (typeof RESERVATION_STATES)[number]) => ({ estado, inicio, fin });
const BEFORE = '2026-11-20T00:00:00.000Z';
const DURING = '2026-11-28T01:00:00.000Z';
const AFTER = '2026-11-29T00:00:00.000Z';

describe('reservation phases', () => {
  it('follow the clock for confirmed and pending reservations', () => {
    expect(reservationPhase(r('confirmada'), BEFORE)).toBe('proxima');
    expect(reservationPhase(r('confirmada'), inicio)).toBe('en_curso');
    expect(reservationPhase(r('confirmada'), DURING)).toBe('en_curso');
    expect(reservationPhase(r('confirmada'), fin)).toBe('concluida');
    expect(reservationPhase(r('pendiente'), BEFORE)).toBe('pendiente');
    expect(reservationPhase(r('pendiente'), inicio)).toBe('vencida');
    for (const estado of ['rechazada', 'cancelada', 'no_asistio'] as const)
      expect(reservationPhase(r(estado), DURING)).toBe(estado);
  });
});

describe('the table per role', () => {
  it('administrators approve, reject and cancel requests; owners withdraw them', () => {
    expect(reservationActions(r('pendiente'), ['admin'], 72, BEFORE)).toEqual(['aprobar', 'rechazar', 'cancelar']);
    expect(reservationActions(r('pendiente'), ['owner'], 72, BEFORE)).toEqual(['cancelar']);
    expect(reservationActions(r('pendiente'), [], 72, BEFORE)).toEqual([]);
    // Nobody approved it in time: nothing is left to do.
    expect(reservationActions(r('pendiente'), ['admin', 'owner'], 72, DURING)).toEqual([]);
    expect(reservationTransition(r('pendiente'), 'rechazar', ['admin'], 72, BEFORE)?.needsReason).toBe(true);
    expect(reservationTransition(r('pendiente'), 'cancelar', ['owner'], 72, BEFORE)?.needsReason).toBeUndefined();
  });

  it('owners cancel a confirmed reservation only until the deadline; administrators until it ends, with a reason', () => {
    const deadline = new Date(Date.parse(inicio) - 72 * 3_600_000).toISOString();
    const late = new Date(Date.parse(deadline) + 1).toISOString();
    expect(withinCancelDeadline(r('confirmada'), 72, deadline)).toBe(true);
    expect(withinCancelDeadline(r('confirmada'), 72, late)).toBe(false);
    expect(reservationActions(r('confirmada'), ['owner'], 72, deadline)).toEqual(['cancelar']);
    expect(reservationActions(r('confirmada'), ['owner'], 72, late)).toEqual([]);
    expect(reservationActions(r('confirmada'), ['owner'], 0, DURING)).toEqual([]);
    expect(reservationActions(r('confirmada'), ['admin'], 72, late)).toEqual(['cancelar']);
    expect(reservationTransition(r('confirmada'), 'cancelar', ['admin'], 72, late)?.needsReason).toBe(true);
    expect(reservationActions(r('confirmada'), ['admin'], 72, DURING)).toEqual(['cancelar', 'no_asistio']);
    expect(reservationActions(r('confirmada'), ['admin'], 72, AFTER)).toEqual(['no_asistio']);
    expect(reservationActions(r('confirmada'), ['owner'], 72, AFTER)).toEqual([]);
  });

  it('nothing moves a reservation that is over', () => {
    for (const estado of ['rechazada', 'cancelada', 'no_asistio'] as const) {
      for (const now of [BEFORE, DURING, AFTER]) expect(reservationActions(r(estado), ['admin', 'owner'], 72, now)).toEqual([]);
    }
  });
});

describe('deposits', () => {
  it('are settled by administrators once the reservation is over or nobody came', () => {
    const held = { ...r('confirmada'), deposito: 'retenido' as const };
    expect(depositActions(held, ['admin'], DURING)).toEqual([]);
    expect(depositActions(held, ['admin'], AFTER)).toEqual(['devolver', 'cobrar']);
    expect(depositActions(held, ['owner'], AFTER)).toEqual([]);
    expect(depositActions({ ...held, estado: 'no_asistio' }, ['admin'], DURING)).toEqual(['devolver', 'cobrar']);
    expect(depositActions({ ...held, deposito: 'devuelto' }, ['admin'], AFTER)).toEqual([]);
    expect(depositActions({ ...held, deposito: 'ninguno' }, ['admin'], AFTER)).toEqual([]);
  });
});
