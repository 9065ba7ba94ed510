// The condominium's settings (src/api/condoSettings.ts): read, and saved against the version the administrator
// read (a digest of the settings; a stale save gets 409 with the settings now). One transaction writes the row,
// the history row of the fields that changed, and, when the privacy notice's text changes or the notice is
// switched on, forgets every member's acceptance so everyone is asked again (spec §4); the administrator who
// saved it has accepted it by writing it.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CONDO_COLORS,
  type CondoSettings,
  type CondoSettingsField,
  type CondoSettingsFields,
  DISPLAY_DIRECTORY,
  isTimeZone,
  MOSTRAR_INGRESOS,
  type SaveCondoSettingsRequest,
  settingsProblems,
  TIPO_AVISOS,
  TIPO_DESCARGA,
} from '../../../src/api/condoSettings';
import { ErrorCodes } from '../../../src/api/errors';
import type { Condominium, Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { sanitizeMapEmbed } from '../../infra/mapSanitizer';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';

function pick<T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

const text = (value: string | null) => value ?? '';
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The editable fields of a row, as the contract names them. */
export function fieldsOf(row: Condominium): CondoSettingsFields {
  return {
    name: row.name,
    adminCompany: text(row.admin_company),
    backgroundColor: pick(row.background_color, CONDO_COLORS, 'gris'),
    address1: text(row.address1),
    address2: text(row.address2),
    city: text(row.city),
    state: text(row.state),
    zip: text(row.zip),
    country: text(row.country),
    phone1: text(row.phone1),
    phoneCountry1: text(row.phone_country1),
    phone2: text(row.phone2),
    phoneCountry2: text(row.phone_country2),
    mapa: text(row.mapa),
    publicidad: text(row.publicidad),
    masInformacion: text(row.mas_informacion),
    avisoPrivacidad: text(row.aviso_privacidad),
    avisoActivo: row.aviso_activo === 1,
    mostrarIngresos: pick(row.mostrar_ingresos, MOSTRAR_INGRESOS, 'X'),
    displayDirectory: pick(row.display_directory, DISPLAY_DIRECTORY, 'R'),
    tipoAvisos: pick(row.tipo_avisos, TIPO_AVISOS, 'email'),
    tipoDescarga: pick(row.tipo_descarga, TIPO_DESCARGA, 'pdf'),
    timeZone: row.time_zone,
    walkInAnswerMinutes: row.walk_in_answer_minutes,
    parcelReminderDays: row.parcel_reminder_days,
    photoRetentionDays: row.photo_retention_days,
  };
}

/** The digest a save is made against: every editable field and the logo, as stored. */
export function versionOf(row: Condominium): string {
  const stored = { fields: fieldsOf(row), logo: row.logo_file_name };
  return createHash('sha256').update(JSON.stringify(stored)).digest('hex').slice(0, 32);
}

export function settingsOf(row: Condominium): CondoSettings {
  return { condoId: row.id, fields: fieldsOf(row), logoFileName: row.logo_file_name, version: versionOf(row) };
}

async function condoRow(db: Kysely<Database>, condoId: number): Promise<Condominium> {
  return db.selectFrom('condominiums').selectAll().where('id', '=', condoId).executeTakeFirstOrThrow();
}

export async function readSettings(db: Kysely<Database>, auth: Auth): Promise<CondoSettings> {
  return settingsOf(await condoRow(db, auth.condoId));
}

/** The fields trimmed as they are stored ('' stays '' in the contract, null in the row). */
function cleaned(fields: CondoSettingsFields): CondoSettingsFields {
  const out = { ...fields };
  for (const key of Object.keys(out) as CondoSettingsField[]) {
    const value = out[key];
    if (typeof value === 'string') (out as Record<string, unknown>)[key] = value.trim();
  }
  return out;
}

/** 400 for what the struct lets through but the rules refuse: the browser's own checks, and the map. */
function refuseProblems(fields: CondoSettingsFields): void {
  const problems = settingsProblems(fields);
  const first = Object.entries(problems)[0];
  if (first) throw new AppError(400, ErrorCodes.badRequest, first[1]!, `fields.${first[0]}`);
  if (fields.mapa !== '' && sanitizeMapEmbed(fields.mapa) === null) {
    throw new AppError(400, ErrorCodes.badRequest, 'condoSettings.error.mapa', 'fields.mapa');
  }
  if (!isTimeZone(fields.timeZone))
    throw new AppError(400, ErrorCodes.badRequest, 'condoSettings.error.timeZone', 'fields.timeZone');
}

export interface SaveOutcome {
  settings: CondoSettings;
  /** Every member must accept the privacy notice again. */
  privacyReset: boolean;
}

export async function saveSettings(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: SaveCondoSettingsRequest,
): Promise<SaveOutcome> {
  const next = cleaned(request.fields);
  refuseProblems(next);
  return db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const row = await condoRow(trx, auth.condoId);
    if (versionOf(row) !== request.version) {
      throw new AppError(409, ErrorCodes.conflict, 'condoSettings.error.stale', undefined, { settings: settingsOf(row) });
    }
    const before = fieldsOf(row);
    const changed = (Object.keys(next) as CondoSettingsField[]).filter((key) => before[key] !== next[key]);
    if (changed.length === 0) return { settings: settingsOf(row), privacyReset: false };

    const privacyReset =
      next.avisoActivo && next.avisoPrivacidad !== '' && (next.avisoPrivacidad !== before.avisoPrivacidad || !before.avisoActivo);
    await trx
      .updateTable('condominiums')
      .set({
        name: next.name,
        admin_company: orNull(next.adminCompany),
        background_color: next.backgroundColor,
        address1: orNull(next.address1),
        address2: orNull(next.address2),
        city: orNull(next.city),
        state: orNull(next.state),
        zip: orNull(next.zip),
        country: orNull(next.country),
        phone1: orNull(next.phone1),
        phone_country1: orNull(next.phoneCountry1),
        phone2: orNull(next.phone2),
        phone_country2: orNull(next.phoneCountry2),
        mapa: orNull(next.mapa),
        publicidad: orNull(next.publicidad),
        mas_informacion: orNull(next.masInformacion),
        aviso_privacidad: orNull(next.avisoPrivacidad),
        aviso_activo: next.avisoActivo ? 1 : 0,
        mostrar_ingresos: next.mostrarIngresos,
        display_directory: next.displayDirectory,
        tipo_avisos: next.tipoAvisos,
        tipo_descarga: next.tipoDescarga,
        time_zone: next.timeZone,
        walk_in_answer_minutes: next.walkInAnswerMinutes,
        parcel_reminder_days: next.parcelReminderDays,
        photo_retention_days: next.photoRetentionDays,
      })
      .where('id', '=', auth.condoId)
      .execute();
    if (privacyReset) {
      // Everyone is asked again but the administrator who wrote it: saving the text is accepting it.
      await trx
        .updateTable('memberships')
        .set({ privacy_accepted_at: null })
        .where('condo_id', '=', auth.condoId)
        .where('id', '!=', auth.membershipId)
        .execute();
      await trx
        .updateTable('memberships')
        .set({ privacy_accepted_at: clock.now().toISOString() })
        .where('id', '=', auth.membershipId)
        .execute();
    }
    const pickOf = (fields: CondoSettingsFields) =>
      Object.fromEntries(changed.map((key) => [key, fields[key]])) as Partial<CondoSettingsFields>;
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'condo_settings',
      entityId: auth.condoId,
      action: 'update',
      before: pickOf(before),
      after: { ...pickOf(next), ...(privacyReset ? { privacyAcceptancesReset: true } : {}) },
      at: clock.now(),
    });
    return { settings: settingsOf(await condoRow(trx, auth.condoId)), privacyReset };
  });
}
