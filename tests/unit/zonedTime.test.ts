// The zoned-time module (server/domain/shared/zonedTime.ts) across four zones of Mexico: America/Mexico_City
// (no daylight saving since October 2022), America/Tijuana (the US's: a spring-forward gap in March, a
// fall-back overlap in November), America/Cancun (UTC−5 all year) and America/Hermosillo (UTC−7 all year).
// Examples of the documented gap and overlap resolutions, and properties over instants and wall times of
// 2000–2099: round trips, days from local midnight to local midnight, today agreeing with Intl.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  endOfLocalDay,
  inZone,
  lastMinuteOfLocalDay,
  localDate,
  localDateTimeText,
  localTimestamp,
  localToUtc,
  startOfLocalDay,
  utcToLocal,
} from '../../server/domain/shared/zonedTime';

const ZONES = ['America/Mexico_City', 'America/Tijuana', 'America/Cancun', 'America/Hermosillo'] as const;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const zone = fc.constantFrom(...ZONES);
/** Whole minutes of 2000–2099 (wall times are written to the minute). */
const instant = fc
  .integer({ min: Date.UTC(2000, 0, 1) / MINUTE, max: Date.UTC(2099, 11, 31) / MINUTE })
  .map((minutes) => new Date(minutes * MINUTE));
/** Tijuana's years on the US's rules (2002–2009 it kept Mexico's). */
const tijuanaYear = fc.integer({ min: 2010, max: 2099 });
/** Instants within a day and a half of Tijuana's changes, where the interesting cases are. */
const nearTijuanaChange = fc
  .tuple(tijuanaYear, fc.boolean(), fc.integer({ min: -36 * 60, max: 36 * 60 }))
  .map(([year, spring, minutes]) => new Date(tijuanaMidnight(year, spring) + minutes * MINUTE));
const day = instant.map((at) => at.toISOString().slice(0, 10));
const wallTime = instant.map((at) => at.toISOString().slice(0, 16));

const ms = (iso: string) => Date.parse(iso);
/** How far the zone's clock is ahead of UTC at an instant (as the module's own readings show it). */
const offsetAt = (at: number, z: string) => Date.parse(`${utcToLocal(new Date(at), z)}Z`) - at;

/** Tijuana's change day of a year (the US's rules since 2007: the second Sunday of March, the first of
 * November), worked out here without the module. */
function tijuanaChangeDay(year: number, spring: boolean): string {
  const [month, nth] = spring ? [2, 2] : [10, 1];
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return new Date(Date.UTC(year, month, 1 + ((7 - firstWeekday) % 7) + 7 * (nth - 1))).toISOString().slice(0, 10);
}

/** The instant that day begins in Tijuana: midnight still on standard time (UTC−8) in March, on daylight
 * time (UTC−7) in November. */
const tijuanaMidnight = (year: number, spring: boolean) =>
  Date.parse(`${tijuanaChangeDay(year, spring)}T00:00:00Z`) + (spring ? 8 : 7) * HOUR;

describe('the documented resolutions, in Tijuana', () => {
  const TJ = 'America/Tijuana';

  it('reads a wall time the clocks skip as the later instant (02:30 on 8 March 2026 is 03:30 daylight time)', () => {
    expect(localToUtc('2026-03-08T01:59', TJ)).toBe('2026-03-08T09:59:00.000Z'); // 01:59 PST
    expect(localToUtc('2026-03-08T02:00', TJ)).toBe('2026-03-08T10:00:00.000Z'); // = 03:00 PDT
    expect(localToUtc('2026-03-08T02:30', TJ)).toBe('2026-03-08T10:30:00.000Z');
    expect(utcToLocal('2026-03-08T10:30:00.000Z', TJ)).toBe('2026-03-08T03:30');
    expect(localToUtc('2026-03-08T03:30', TJ)).toBe('2026-03-08T10:30:00.000Z');
  });

  it('reads a wall time the clocks show twice as the earlier instant (the first 01:30 on 1 November 2026)', () => {
    expect(localToUtc('2026-11-01T01:30', TJ)).toBe('2026-11-01T08:30:00.000Z'); // PDT, UTC−7
    expect(utcToLocal('2026-11-01T09:30:00.000Z', TJ)).toBe('2026-11-01T01:30'); // the second one, PST
    expect(localToUtc('2026-11-01T02:00', TJ)).toBe('2026-11-01T10:00:00.000Z'); // PST from here
  });

  it('has a 23-hour day in March and a 25-hour day in November, each from local midnight', () => {
    expect(startOfLocalDay('2026-03-08', TJ)).toBe('2026-03-08T08:00:00.000Z');
    expect(endOfLocalDay('2026-03-08', TJ)).toBe('2026-03-09T07:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', TJ)).toBe('2026-11-01T07:00:00.000Z');
    expect(endOfLocalDay('2026-11-01', TJ)).toBe('2026-11-02T08:00:00.000Z');
    expect(lastMinuteOfLocalDay('2026-03-08', TJ)).toBe('2026-03-09T06:59:00.000Z');
  });

  it('writes the wall clock for documents, mails and the CFDI, seconds kept', () => {
    const at = new Date('2026-03-08T10:30:45.678Z');
    expect(localTimestamp(at, TJ)).toBe('2026-03-08T03:30:45');
    expect(localTimestamp(at, 'America/Cancun')).toBe('2026-03-08T05:30:45');
    expect(localDateTimeText(at, TJ)).toBe('2026-03-08 03:30');
    expect(inZone(at, TJ)).toEqual({ date: '2026-03-08', time: '03:30' });
  });
});

describe('properties across Mexico City, Tijuana, Cancún and Hermosillo', () => {
  it('instant → wall time → instant gives the instant back, or the first of two instants the clocks show alike', () => {
    fc.assert(
      fc.property(zone, fc.oneof(instant, nearTijuanaChange), (z, at) => {
        const local = utcToLocal(at, z);
        const back = ms(localToUtc(local, z));
        expect(utcToLocal(new Date(back), z)).toBe(local);
        if (back !== at.getTime()) {
          // Only in a fall-back overlap: the same wall time an hour earlier, and nothing else reads so.
          expect(back).toBe(at.getTime() - HOUR);
          expect(offsetAt(back, z) - offsetAt(at.getTime(), z)).toBe(HOUR);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('wall time → instant → wall time gives the wall time back, or one gap later when the clocks skip it', () => {
    const nearChangeWall = nearTijuanaChange.map((at) => at.toISOString().slice(0, 16));
    fc.assert(
      fc.property(zone, fc.oneof(wallTime, nearChangeWall), (z, local) => {
        const at = ms(localToUtc(local, z));
        const shown = utcToLocal(new Date(at), z);
        if (shown !== local) {
          // Skipped: it reads as the later instant, the gap's length after the typed time (US: one hour).
          expect(ms(`${shown}Z`) - ms(`${local}Z`)).toBe(HOUR);
          expect(offsetAt(at, z) - offsetAt(at - 2 * HOUR, z)).toBe(HOUR);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('starts a day at local midnight and ends it at the next, 24 hours apart or 23 / 25 on the change days', () => {
    const tijuanaChange = fc.tuple(tijuanaYear, fc.boolean()).map(([year, spring]) => tijuanaChangeDay(year, spring));
    fc.assert(
      fc.property(zone, fc.oneof(day, tijuanaChange), (z, d) => {
        const start = ms(startOfLocalDay(d, z));
        const end = ms(endOfLocalDay(d, z));
        expect(utcToLocal(new Date(start), z)).toBe(`${d}T00:00`);
        expect(localDate(new Date(start - MINUTE), z)).not.toBe(d);
        expect(localDate(new Date(end - MINUTE), z)).toBe(d);
        expect(utcToLocal(new Date(end - MINUTE), z)).toBe(`${d}T23:59`);
        expect(ms(lastMinuteOfLocalDay(d, z))).toBe(end - MINUTE);
        // The length is 24 hours less what the clocks moved forward during the day.
        expect(end - start).toBe(24 * HOUR - (offsetAt(end, z) - offsetAt(start, z)));
        expect([23 * HOUR, 24 * HOUR, 25 * HOUR]).toContain(end - start);
      }),
      { numRuns: 1500 },
    );
  });

  it("makes Tijuana's change days 23 and 25 hours long, and every day of the three zones without daylight saving 24", () => {
    fc.assert(
      fc.property(tijuanaYear, (year) => {
        const length = (spring: boolean) =>
          ms(endOfLocalDay(tijuanaChangeDay(year, spring), 'America/Tijuana')) -
          ms(startOfLocalDay(tijuanaChangeDay(year, spring), 'America/Tijuana'));
        expect(ms(startOfLocalDay(tijuanaChangeDay(year, true), 'America/Tijuana'))).toBe(tijuanaMidnight(year, true));
        expect(ms(startOfLocalDay(tijuanaChangeDay(year, false), 'America/Tijuana'))).toBe(tijuanaMidnight(year, false));
        expect(length(true)).toBe(23 * HOUR);
        expect(length(false)).toBe(25 * HOUR);
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom('America/Mexico_City', 'America/Cancun', 'America/Hermosillo'), day, (z, d) => {
        fc.pre(d >= '2023-01-01');
        expect(ms(endOfLocalDay(d, z)) - ms(startOfLocalDay(d, z))).toBe(24 * HOUR);
      }),
    );
  });

  it('agrees with Intl on the calendar day (today in the zone) and the wall clock of any instant', () => {
    fc.assert(
      fc.property(zone, fc.oneof(instant, nearTijuanaChange), fc.integer({ min: 0, max: 59_999 }), (z, at, extra) => {
        const moment = new Date(at.getTime() + extra);
        const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: z }).format(moment);
        expect(localDate(moment, z)).toBe(intlDay);
        const intlTime = new Intl.DateTimeFormat('en-GB', { timeZone: z, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
        expect(inZone(moment, z)).toEqual({ date: intlDay, time: intlTime.format(moment) });
      }),
      { numRuns: 2000 },
    );
  });
});
