// The desk's office hours and away message (one row of support_settings): agents change them; administrators'
// panels say whether the desk is in hours and, outside them, the away message.
import type { Kysely } from 'kysely';
import { type OfficeDay, type SupportHours, type SupportSettings, withinOfficeHours } from '../../../src/api/support';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';

const WEEKDAY: OfficeDay = { abre: '09:00', cierra: '18:00' };
/** Before any agent chose: Monday to Friday, 9:00 to 18:00 in Mexico City. */
export const DEFAULT_SUPPORT_SETTINGS: SupportSettings = {
  timeZone: 'America/Mexico_City',
  dias: [WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, null, null],
  mensajeAusencia: '',
};

export async function supportSettings(db: Kysely<Database>): Promise<SupportSettings> {
  const row = await db
    .selectFrom('support_settings')
    .select(['time_zone', 'hours', 'away_message'])
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return DEFAULT_SUPPORT_SETTINGS;
  return { timeZone: row.time_zone, dias: JSON.parse(row.hours) as OfficeDay[], mensajeAusencia: row.away_message };
}

export async function saveSupportSettings(
  db: Kysely<Database>,
  clock: Clock,
  settings: SupportSettings,
): Promise<SupportSettings> {
  const values = {
    time_zone: settings.timeZone,
    hours: JSON.stringify(settings.dias),
    away_message: settings.mensajeAusencia.trim(),
    updated_at: clock.now().toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('support_settings').select('id').orderBy('id').executeTakeFirst();
    if (row) await trx.updateTable('support_settings').set(values).where('id', '=', row.id).execute();
    else await trx.insertInto('support_settings').values(values).execute();
  });
  return supportSettings(db);
}

/** What an administrator's panel shows: in hours or not, and the away message the desk wrote (null: none). */
export async function supportHours(db: Kysely<Database>, clock: Clock): Promise<SupportHours> {
  const settings = await supportSettings(db);
  return {
    disponible: withinOfficeHours(settings, clock.now()),
    mensajeAusencia: settings.mensajeAusencia || null,
    timeZone: settings.timeZone,
    dias: settings.dias,
  };
}
