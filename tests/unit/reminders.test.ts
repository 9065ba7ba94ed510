// The payment reminders' pure rules (src/api/reminders.ts): which reminder a charge is due on a day, with the
// catch-up windows; the settings that remind nothing; WhatsApp's number and link.
import { describe, expect, it } from 'vitest';
import {
  daysBetween,
  NO_REMINDERS,
  REMINDER_CATCH_UP_DAYS,
  type ReminderSettings,
  reminderDue,
  remindsNothing,
  whatsappLink,
  whatsappNumber,
} from '../../src/api/reminders';

const ALL: ReminderSettings = { enabled: true, daysBefore: 3, onDue: true, daysAfter: 5 };
const DUE = '2026-12-10';
/** The reminder due on each day from 6 days before the due date to 10 after. */
const calendar = (settings: ReminderSettings) =>
  Array.from({ length: 17 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 11, 4 + i)).toISOString().slice(0, 10);
    return [day.slice(8), reminderDue(settings, DUE, day)] as const;
  });

describe('reminderDue', () => {
  it('reminds 3 days before (and 2 more days to catch up), on the day (and 2 after), and from 5 days late on', () => {
    expect(REMINDER_CATCH_UP_DAYS).toBe(2);
    expect(calendar(ALL)).toEqual([
      ['04', null],
      ['05', null],
      ['06', null],
      ['07', 'antes'],
      ['08', 'antes'],
      ['09', 'antes'],
      ['10', 'vence'],
      ['11', 'vence'],
      ['12', 'vence'],
      ['13', null],
      ['14', null],
      ['15', 'vencido'],
      ['16', 'vencido'],
      ['17', 'vencido'],
      ['18', 'vencido'],
      ['19', 'vencido'],
      ['20', 'vencido'],
    ]);
  });

  it('never speaks of a due date long gone before it, and the overdue reminder takes over the day it comes', () => {
    const soon = { ...ALL, daysBefore: 10, daysAfter: 1 };
    expect(reminderDue(soon, DUE, '2026-11-29')).toBeNull();
    expect(reminderDue(soon, DUE, '2026-11-30')).toBe('antes');
    expect(reminderDue(soon, DUE, '2026-12-02')).toBe('antes');
    expect(reminderDue(soon, DUE, '2026-12-03')).toBeNull();
    expect(reminderDue(soon, DUE, '2026-12-10')).toBe('vence');
    expect(reminderDue(soon, DUE, '2026-12-11')).toBe('vencido');
    // A charge due months ago and still unpaid is told it is overdue.
    expect(reminderDue(ALL, '2026-07-10', '2026-11-30')).toBe('vencido');
  });

  it('reminds only what is chosen, and nothing when off', () => {
    expect(calendar({ ...ALL, daysBefore: null, daysAfter: null }).filter(([, k]) => k !== null)).toEqual([
      ['10', 'vence'],
      ['11', 'vence'],
      ['12', 'vence'],
    ]);
    expect(calendar({ ...ALL, enabled: false }).every(([, k]) => k === null)).toBe(true);
    expect(calendar(NO_REMINDERS).every(([, k]) => k === null)).toBe(true);
  });

  it('counts whole days across months and years', () => {
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
  });
});

describe('remindsNothing', () => {
  it('is true only for reminders on with no moment chosen', () => {
    expect(remindsNothing({ enabled: true, daysBefore: null, onDue: false, daysAfter: null })).toBe(true);
    expect(remindsNothing(NO_REMINDERS)).toBe(false);
    expect(remindsNothing({ ...NO_REMINDERS, enabled: true, onDue: true })).toBe(false);
  });
});

describe('WhatsApp', () => {
  it('writes a Mexican ten-digit number with 52, others as digits, and encodes the message', () => {
    expect(whatsappNumber('55 1234 5678')).toBe('525512345678');
    expect(whatsappNumber('+52 (55) 1234-5678')).toBe('525512345678');
    expect(whatsappLink('5512345678', 'Hola, ¿pagas?')).toBe('https://wa.me/525512345678?text=Hola%2C%20%C2%BFpagas%3F');
    expect(whatsappLink(null, 'Hola')).toBe('https://wa.me/?text=Hola');
  });
});
