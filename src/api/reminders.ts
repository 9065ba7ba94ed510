// Payment reminders (issue 27, "Reminders per condominium"): N days before a charge's due date, on it, and N days
// after it, each dwelling that still owes is told by notification and e-mail; a charge paid is never reminded again
// (only open charges are read), and each charge gets each kind of reminder once. The administrators set the days
// and read who was reminded, with a ready WhatsApp message per dwelling. The rule that decides which reminder a
// charge is due on a day is here, pure, shared by the daily job, the tests and the screen's explanation.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  size,
  string,
} from 'superstruct';
import { IdParam, PageQueryOf } from './validation';

export const REMINDER_PATHS = {
  /** canManageReminders: GET → ReminderSettingsAnswer; POST ReminderSettings → ReminderSettingsAnswer. */
  settings: '/--recordatorios/ajustes',
  /** canManageReminders: GET ?limit=&offset=&vivienda= → ReminderListAnswer, newest first. */
  list: '/--recordatorios',
  /** canManageReminders: POST → ReminderRunAnswer, today's reminders sent now (what the daily job does). */
  run: '/--recordatorios/enviar',
} as const;

/** Before the due date, on it, after it. */
export const REMINDER_KINDS = ['antes', 'vence', 'vencido'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_MAX_DAYS_BEFORE = 30;
export const REMINDER_MAX_DAYS_AFTER = 90;
/**
 * A reminder before the due date, or on it, whose day passed while no job ran (the server was down) still goes out
 * this many days late; later than that it would speak of a date gone by. The one after the due date has no such
 * limit: a charge still unpaid is told once that it is overdue, however long ago (reminders just turned on).
 */
export const REMINDER_CATCH_UP_DAYS = 2;

export const ReminderSettings = object({
  enabled: boolean(),
  /** Days before the due date; null: no reminder before. */
  daysBefore: nullable(size(integer(), 1, REMINDER_MAX_DAYS_BEFORE)),
  onDue: boolean(),
  /** Days after the due date; null: no reminder after. */
  daysAfter: nullable(size(integer(), 1, REMINDER_MAX_DAYS_AFTER)),
});
export type ReminderSettings = Infer<typeof ReminderSettings>;
/** Reminders on with no moment chosen would send nothing: the one thing the struct alone cannot refuse. */
export const remindsNothing = (settings: ReminderSettings) =>
  settings.enabled && settings.daysBefore === null && !settings.onDue && settings.daysAfter === null;

export const NO_REMINDERS: ReminderSettings = { enabled: false, daysBefore: null, onDue: false, daysAfter: null };

export const ReminderSettingsAnswer = object({ success: literal(true), settings: ReminderSettings });
export type ReminderSettingsAnswer = Infer<typeof ReminderSettingsAnswer>;

export const SentReminder = object({
  id: number(),
  apartmentId: number(),
  vivienda: string(),
  kind: enums(REMINDER_KINDS),
  /** The condominium's day it was sent on. */
  sentOn: string(),
  /** What the dwelling owed on the charges reminded. */
  owedCents: number(),
  /** The earliest due date among them. */
  dueOn: string(),
  charges: number(),
  /** Residents told (notification; e-mail to those with an address). */
  recipients: number(),
  /** A resident's phone for the WhatsApp message, when one was given in mi-perfil. */
  phone: nullable(string()),
});
export type SentReminder = Infer<typeof SentReminder>;

export const REMINDERS_MAX_PAGE_SIZE = 100;
export const ReminderListQuery = object({ ...PageQueryOf(REMINDERS_MAX_PAGE_SIZE).schema, vivienda: optional(IdParam) });
export type ReminderListQuery = Infer<typeof ReminderListQuery>;
export const ReminderListAnswer = object({ success: literal(true), items: array(SentReminder), total: number() });
export type ReminderListAnswer = Infer<typeof ReminderListAnswer>;
export const ReminderRunAnswer = object({ success: literal(true), sent: number() });
export type ReminderRunAnswer = Infer<typeof ReminderRunAnswer>;

/** Whole days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The reminder a charge due on `dueOn` is due on `today`, or null. Before and on the due date a window opens on its
 * day and stays open REMINDER_CATCH_UP_DAYS more, never past the next kind's day; after it, from daysAfter on. The
 * job sends each kind of a charge once, so a window open several days still sends one reminder.
 */
export function reminderDue(settings: ReminderSettings, dueOn: string, today: string): ReminderKind | null {
  if (!settings.enabled) return null;
  const late = daysBetween(dueOn, today);
  if (settings.daysAfter !== null && late >= settings.daysAfter) return 'vencido';
  const beforeAfter = settings.daysAfter === null || late < settings.daysAfter;
  if (settings.onDue && late >= 0 && late <= REMINDER_CATCH_UP_DAYS && beforeAfter) return 'vence';
  if (
    settings.daysBefore !== null &&
    late < 0 &&
    -late <= settings.daysBefore &&
    -late >= settings.daysBefore - REMINDER_CATCH_UP_DAYS
  ) {
    return 'antes';
  }
  return null;
}

/** Mexican numbers as WhatsApp wants them: 52 and the ten digits; other lengths as given (digits only). */
export function whatsappNumber(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `52${digits}` : digits;
}

/** A wa.me link with the message written; without a phone WhatsApp asks whom to send it to. */
export function whatsappLink(phone: string | null, text: string): string {
  const number = phone ? whatsappNumber(phone) : '';
  return `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
}
