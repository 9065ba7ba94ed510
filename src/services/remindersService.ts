// Browser side of payment reminders (src/api/reminders.ts, issue 27): the condominium's days, saving them, who was
// reminded (a page at a time) and sending today's now. Each answer is checked against the contract; refusals throw
// ApiError with the server's words.
import {
  REMINDER_PATHS,
  ReminderListAnswer,
  ReminderRunAnswer,
  type ReminderSettings,
  ReminderSettingsAnswer,
  type SentReminder,
} from '../api/reminders';
import { apiPath, call, http } from './http';

export async function loadReminderSettings(signal?: AbortSignal): Promise<ReminderSettings> {
  return (await call(() => http.get(apiPath(REMINDER_PATHS.settings), { signal }), ReminderSettingsAnswer)).settings;
}

export async function saveReminderSettings(settings: ReminderSettings, signal?: AbortSignal): Promise<ReminderSettings> {
  return (await call(() => http.post(apiPath(REMINDER_PATHS.settings), { json: settings, signal }), ReminderSettingsAnswer))
    .settings;
}

export async function listSentReminders(
  page: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<{ items: SentReminder[]; total: number }> {
  const { items, total } = await call(
    () => http.get(apiPath(REMINDER_PATHS.list), { searchParams: page, signal }),
    ReminderListAnswer,
  );
  return { items, total };
}

export async function sendRemindersNow(signal?: AbortSignal): Promise<number> {
  return (await call(() => http.post(apiPath(REMINDER_PATHS.run), { signal }), ReminderRunAnswer)).sent;
}
