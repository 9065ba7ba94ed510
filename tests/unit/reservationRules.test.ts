// The pure time rules of facilities (src/api/reservationRules.ts): examples of every refusal the rules give,
// and properties: fitsCapacity and placesLeft agree with a minute-by-minute count of the people present, and
// bookingRuleRefusal allows exactly the day's choices of a bookable day.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingRuleRefusal,
  dayBlocks,
  dayChoices,
  type FacilityRules,
  fitsCapacity,
  type HeldTime,
  momentOf,
  placesLeft,
  timeOf,
  weekdayIndex,
  weekStart,
} from '../../src/api/reservationRules';

const DAY = '2026-11-20'; // a Friday
const NOW = '2026-11-18T10:00';
const every = (abre: string, cierra: string) => Array.from({ length: 7 }, () => ({ abre, cierra }));

const padel: FacilityRules = {
  activa: true,
  capacidad: 4,
  exclusiva: true,
  horario: every('07:00', '22:00'),
  unidad: 'bloques',
  duracionBloque: 60,
  minMinutos: 60,
  maxMinutos: 60,
  diasAnticipacion: 14,
  cierres: [],
};
const salon: FacilityRules = {
  ...padel,
  capacidad: 80,
  horario: every('10:00', '24:00'),
  unidad: 'libre',
  minMinutos: 240,
  maxMinutos: 480,
  diasAnticipacion: 60,
};

const booking = (fecha: string, desde: string, hasta: string, personas = 2) => ({ fecha, desde, hasta, personas });

describe('calendar helpers', () => {
  it('weeks start on Monday; 24:00 is the next midnight', () => {
    expect(weekdayIndex('2026-11-16')).toBe(0);
    expect(weekdayIndex('2026-11-22')).toBe(6);
    expect(weekStart('2026-11-22')).toBe('2026-11-16');
    expect(weekStart('2026-11-16')).toBe('2026-11-16');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(momentOf('2026-11-30', '24:00')).toBe('2026-12-01T00:00');
  });
  it('blocks run from the opening and end by the closing', () => {
    expect(dayBlocks({ ...padel, duracionBloque: 240, horario: every('12:00', '24:00') }, DAY)).toEqual([
      { desde: '12:00', hasta: '16:00' },
      { desde: '16:00', hasta: '20:00' },
      { desde: '20:00', hasta: '24:00' },
    ]);
    expect(dayBlocks({ ...padel, duracionBloque: 90, horario: every('07:00', '10:00') }, DAY)).toHaveLength(2);
    expect(dayChoices({ ...padel, horario: [null, null, null, null, null, null, null] }, DAY)).toEqual([]);
    expect(dayChoices(salon, DAY)[0]).toEqual({ desde: '10:00', hasta: '14:00' });
    expect(dayChoices(salon, DAY).at(-1)).toEqual({ desde: '20:00', hasta: '24:00' });
  });
});

describe('bookingRuleRefusal', () => {
  it('names every refusal of the rules, in its order', () => {
    expect(bookingRuleRefusal(padel, booking(DAY, '07:00', '08:00'), NOW)).toBeNull();
    expect(bookingRuleRefusal({ ...padel, activa: false }, booking(DAY, '07:00', '08:00'), NOW)).toBe('cerrada');
    expect(bookingRuleRefusal(padel, booking(DAY, '07:00', '08:00', 5), NOW)).toBe('personas');
    expect(bookingRuleRefusal(padel, booking(DAY, '07:00', '08:00', 0), NOW)).toBe('personas');
    expect(bookingRuleRefusal(padel, booking('2026-11-18', '10:00', '11:00'), NOW)).toBe('pasado');
    expect(bookingRuleRefusal(padel, booking('2026-11-18', '11:00', '12:00'), NOW)).toBeNull();
    expect(bookingRuleRefusal(padel, booking('2026-12-02', '07:00', '08:00'), NOW)).toBeNull();
    expect(bookingRuleRefusal(padel, booking('2026-12-03', '07:00', '08:00'), NOW)).toBe('muy_anticipado');
    const closed = { ...padel, cierres: [{ desde: `${DAY}T07:30`, hasta: `${DAY}T09:00` }] };
    expect(bookingRuleRefusal(closed, booking(DAY, '07:00', '08:00'), NOW)).toBe('cerrada');
    expect(bookingRuleRefusal(closed, booking(DAY, '09:00', '10:00'), NOW)).toBeNull();
    expect(bookingRuleRefusal(padel, booking(DAY, '06:00', '07:00'), NOW)).toBe('fuera_de_horario');
    expect(bookingRuleRefusal(padel, booking(DAY, '07:30', '08:30'), NOW)).toBe('fuera_de_horario');
    expect(bookingRuleRefusal(padel, booking(DAY, '07:00', '09:00'), NOW)).toBe('fuera_de_horario');
    const sundaysClosed = { ...padel, horario: [...padel.horario.slice(0, 6), null] };
    expect(bookingRuleRefusal(sundaysClosed, booking('2026-11-22', '07:00', '08:00'), NOW)).toBe('fuera_de_horario');
    expect(bookingRuleRefusal(salon, booking(DAY, '18:00', '24:00'), NOW)).toBeNull();
    expect(bookingRuleRefusal(salon, booking(DAY, '10:00', '12:00'), NOW)).toBe('duracion');
    expect(bookingRuleRefusal(salon, booking(DAY, '10:00', '19:00'), NOW)).toBe('duracion');
    expect(bookingRuleRefusal(salon, booking(DAY, '10:15', '14:15'), NOW)).toBe('fuera_de_horario');
    expect(bookingRuleRefusal(salon, booking(DAY, '09:00', '14:00'), NOW)).toBe('fuera_de_horario');
  });

  it('allows exactly the choices of a bookable day (bloques), whatever the hours and the slot length', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 24 }),
        fc.constantFrom(30, 60, 90, 120, 240),
        fc.integer({ min: 0, max: 47 }),
        fc.integer({ min: 1, max: 48 }),
        (openHour, hours, slot, fromHalf, lengthHalves) => {
          const close = Math.min(24, openHour + hours);
          const facility = { ...padel, duracionBloque: slot, horario: every(timeOf(openHour * 60), timeOf(close * 60)) };
          const from = fromHalf * 30;
          const to = Math.min(1440, from + lengthHalves * 30);
          if (to <= from) return;
          const asked = booking(DAY, timeOf(from), timeOf(to));
          const isChoice = dayChoices(facility, DAY).some((c) => c.desde === asked.desde && c.hasta === asked.hasta);
          expect(bookingRuleRefusal(facility, asked, NOW) === null).toBe(isChoice);
        },
      ),
    );
  });

  it('a free range is allowed exactly when it is on the grid, within the hours and between the shortest and longest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 47 }), fc.integer({ min: 1, max: 48 }), (fromHalf, lengthHalves) => {
        const from = fromHalf * 30;
        const to = Math.min(1440, from + lengthHalves * 30);
        if (to <= from) return;
        const refusal = bookingRuleRefusal(salon, booking(DAY, timeOf(from), timeOf(to)), NOW);
        const inHours = from >= 600 && to <= 1440;
        const length = to - from;
        const expected = !inHours ? 'fuera_de_horario' : length < 240 || length > 480 ? 'duracion' : null;
        expect(refusal).toBe(expected);
      }),
    );
  });
});

// ── Capacity against a minute-by-minute count

const at = (minute: number) => momentOf(DAY, timeOf(minute));
const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 46 }), fc.integer({ min: 1, max: 8 }))
  .map(([startHalf, halves]) => ({ start: startHalf * 30, end: Math.min(1440, startHalf * 30 + halves * 30) }));
const heldArb = fc.array(
  fc.tuple(rangeArb, fc.integer({ min: 1, max: 10 })).map(([r, personas]) => ({ ...r, personas })),
  { maxLength: 8 },
);
const asHeld = (r: { start: number; end: number; personas: number }): HeldTime => ({
  desde: at(r.start),
  hasta: at(r.end),
  personas: r.personas,
});

function peak(held: readonly { start: number; end: number; personas: number }[], start: number, end: number): number {
  let most = 0;
  for (let m = start; m < end; m++) {
    most = Math.max(
      most,
      held.filter((h) => h.start <= m && m < h.end).reduce((s, h) => s + h.personas, 0),
    );
  }
  return most;
}

describe('fitsCapacity and placesLeft', () => {
  it('a shared facility fits a booking while, at every minute, the people present stay within capacity', () => {
    fc.assert(
      fc.property(
        heldArb,
        rangeArb,
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 30 }),
        (held, r, personas, capacidad) => {
          const facility = { capacidad, exclusiva: false };
          const asked = { desde: at(r.start), hasta: at(r.end), personas };
          const most = peak(held, r.start, r.end);
          expect(fitsCapacity(facility, asked, held.map(asHeld))).toBe(most + personas <= capacidad);
          const left = placesLeft(facility, asked, held.map(asHeld));
          expect(left).toBe(Math.max(0, capacidad - most));
          expect(fitsCapacity(facility, asked, held.map(asHeld))).toBe(personas <= left);
        },
      ),
    );
  });

  it('an exclusive facility fits a booking exactly when nothing overlaps it; touching ends do not', () => {
    fc.assert(
      fc.property(heldArb, rangeArb, (held, r) => {
        const facility = { capacidad: 4, exclusiva: true };
        const asked = { desde: at(r.start), hasta: at(r.end), personas: 1 };
        const clash = held.some((h) => h.start < r.end && r.start < h.end);
        expect(fitsCapacity(facility, asked, held.map(asHeld))).toBe(!clash);
        expect(placesLeft(facility, asked, held.map(asHeld))).toBe(clash ? 0 : 4);
      }),
    );
  });

  it('adding what fits never takes any minute beyond capacity', () => {
    fc.assert(
      fc.property(heldArb, fc.integer({ min: 1, max: 30 }), (requests, capacidad) => {
        const facility = { capacidad, exclusiva: false };
        const accepted: { start: number; end: number; personas: number }[] = [];
        for (const r of requests) {
          if (fitsCapacity(facility, asHeld(r), accepted.map(asHeld))) accepted.push(r);
        }
        expect(peak(accepted, 0, 1440)).toBeLessThanOrEqual(capacidad);
      }),
    );
  });
});
