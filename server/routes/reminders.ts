// Payment reminders (src/api/reminders.ts, issue 27): their days, who was reminded, and today's sent now (what the
// daily job does). Administrators only (permissions.canManageReminders, checked before the body is read: 401
// without a session, 403 otherwise).
import type { FastifyInstance } from 'fastify';
import { ErrorCodes } from '../../src/api/errors';
import { canManageReminders } from '../../src/api/permissions';
import {
  REMINDER_PATHS,
  type ReminderListAnswer,
  ReminderListQuery,
  type ReminderRunAnswer,
  ReminderSettings,
  type ReminderSettingsAnswer,
  remindsNothing,
} from '../../src/api/reminders';
import { listReminders } from '../domain/reminders/list';
import { sendReminders } from '../domain/reminders/send';
import { readReminderSettings, saveReminderSettings } from '../domain/reminders/settings';
import { AppError } from '../errors';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';

export default async function reminderRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const admins = { allow: canManageReminders };

  routes.get(
    REMINDER_PATHS.settings,
    admins,
    async (request): Promise<ReminderSettingsAnswer> => ({
      success: true,
      settings: await readReminderSettings(app.db, request.auth.condoId),
    }),
  );

  // 400 on daysBefore when reminders are on and no moment is chosen.
  routes.post<{ Body: ReminderSettings }>(
    REMINDER_PATHS.settings,
    { schema: { body: ReminderSettings }, ...admins },
    async (request): Promise<ReminderSettingsAnswer> => {
      if (remindsNothing(request.body)) {
        throw new AppError(400, ErrorCodes.badRequest, 'reminders.error.nothingChosen', 'daysBefore');
      }
      return { success: true, settings: await saveReminderSettings(app.db, app.clock, request.auth, request.body) };
    },
  );

  routes.get<{ Querystring: ReminderListQuery }>(
    REMINDER_PATHS.list,
    { schema: { querystring: ReminderListQuery }, ...admins },
    async (request): Promise<ReminderListAnswer> => ({
      success: true,
      ...(await listReminders(app.db, request.auth, request.query)),
    }),
  );

  // Today's reminders now; those already sent today (or earlier) are not sent again.
  routes.post(REMINDER_PATHS.run, admins, async (request): Promise<ReminderRunAnswer> => {
    const baseUrl = appBaseUrl(app.config, request);
    const sent = await app.db.transaction().execute((trx) => sendReminders(trx, app.clock, request.auth.condoId, baseUrl));
    return { success: true, sent };
  });
}
