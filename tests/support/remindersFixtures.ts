// Payment reminders' shared fixtures (issue 27): the demo's days and a page of reminders sent, for the machine's
// model, its tests and the screen's tests.
import type { ReminderSettings, SentReminder } from '../../src/api/reminders';

export const SETTINGS: ReminderSettings = { enabled: true, daysBefore: 3, onDue: true, daysAfter: 5 };
export const CHANGED: ReminderSettings = { enabled: true, daysBefore: 5, onDue: false, daysAfter: 10 };

export const SENT: SentReminder[] = [
  {
    id: 30,
    apartmentId: 86,
    vivienda: 'Casa 57',
    kind: 'vencido',
    sentOn: '2026-11-30',
    owedCents: 1_300_000,
    dueOn: '2026-07-10',
    charges: 5,
    recipients: 1,
    phone: '55 1234 5678',
  },
  {
    id: 29,
    apartmentId: 20,
    vivienda: 'Torre A - 101',
    kind: 'antes',
    sentOn: '2026-11-30',
    owedCents: 260_000,
    dueOn: '2026-12-03',
    charges: 1,
    recipients: 2,
    phone: null,
  },
];
/** A second page's worth: 25 in all. */
export const TOTAL = 25;
export const PAGE_TWO: SentReminder[] = [{ ...SENT[1]!, id: 5, vivienda: 'Casa 3' }];
