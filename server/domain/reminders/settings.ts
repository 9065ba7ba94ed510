// A condominium's payment-reminder days (src/api/reminders.ts), for administrators (the route checks
// permissions.canManageReminders). Saving writes its history row ('reminder_settings') in the same transaction
// and, when reminders are on, asks for the daily job (jobs.ts).
import type { Kysely } from 'kysely';
import { NO_REMINDERS, type ReminderSettings } from '../../../src/api/reminders';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { scheduleReminderJob } from './schedule';

export function settingsOf(
  row: Pick<Database['reminder_settings'], 'enabled' | 'days_before' | 'on_due' | 'days_after'>,
): ReminderSettings {
  return {
    enabled: Number(row.enabled) === 1,
    daysBefore: row.days_before === null ? null : Number(row.days_before),
    onDue: Number(row.on_due) === 1,
    daysAfter: row.days_after === null ? null : Number(row.days_after),
  };
}

export async function readReminderSettings(db: Kysely<Database>, condoId: number): Promise<ReminderSettings> {
  const row = await db.selectFrom('reminder_settings').selectAll().where('condo_id', '=', condoId).executeTakeFirst();
  return row ? settingsOf(row) : NO_REMINDERS;
}

export async function saveReminderSettings(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const before = await trx.selectFrom('reminder_settings').selectAll().where('condo_id', '=', auth.condoId).executeTakeFirst();
    const values = {
      enabled: settings.enabled ? 1 : 0,
      days_before: settings.daysBefore,
      on_due: settings.onDue ? 1 : 0,
      days_after: settings.daysAfter,
      updated_at: now.toISOString(),
      updated_by: auth.userId,
    };
    let id: number;
    if (before) {
      id = before.id;
      await trx.updateTable('reminder_settings').set(values).where('id', '=', id).execute();
    } else {
      id = (
        await trx
          .insertInto('reminder_settings')
          .values({ condo_id: auth.condoId, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'reminder_settings',
      entityId: id,
      action: before ? 'update' : 'create',
      before: before ? settingsOf(before) : undefined,
      after: settings,
      at: now,
    });
    if (settings.enabled) await scheduleReminderJob(trx, now);
  });
  return settings;
}
