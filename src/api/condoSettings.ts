// The condominium's settings (configuracion tab 'condominio', issue 16; spec §2.5, §3.1, §3.3, §4): name, logo,
// colour, the public page's fields, the privacy notice, MostrarIngresos, displaydirectory, tipoAvisos,
// TipoDescarga, the time zone and the gate's settings (issue 26: the walk-in's answer time, the parcels' reminder
// days, how long an entry's photo is kept). Administrators only (permissions.canEditCondoSettings). A save names the
// version it was made against (a digest of the settings as read): a stale one gets 409 with the settings now.
import { boolean, enums, type Infer, literal, nullable, object, pattern, refine, size, string, type } from 'superstruct';
import type { MessageId } from '../i18n/messages';
import { condoLogoPath } from './condoSettingsLogo';
import { ENTRY_PHOTO_RETENTION_DAYS } from './gate';
import { WALK_IN_ANSWER_MS } from './gateWalkIns';
import { PARCEL_REMINDER_DAYS } from './parcels';
import { Id, IdParam, NonEmpty, WholeNumber } from './validation';

export const CONDO_SETTINGS_PATHS = {
  /** GET, administrators: the settings with their version. */
  settings: '/--configuracion/condominio',
  /** POST, administrators: save every field against a version (409 with the fresh settings when stale). */
  save: '/--configuracion/condominio/guardar',
  /** POST, administrators: a new logo (data URL, PNG/JPEG/WebP). */
  uploadLogo: '/--configuracion/condominio/logo',
  /** POST, administrators: no logo any more. */
  deleteLogo: '/--configuracion/condominio/quitar-logo',
  /** GET, anyone: the logo's bytes (the public page shows it before anyone signs in). */
  logoFile: condoLogoPath,
} as const;

/** The public page's gradients (src/views/public/background.ts). */
export const CONDO_COLORS = ['azul', 'gris', 'verde', 'naranja'] as const;
/** Who sees the income reports: T everyone but employees and guards, M board and administrators, X administrators. */
export const MOSTRAR_INGRESOS = ['T', 'M', 'X'] as const;
/** Which directories members open (permissions.directoriesFor): R residents, E employees, M both. */
export const DISPLAY_DIRECTORY = ['R', 'E', 'M'] as const;
/** How notices reach people: by e-mail, only in the app, or both. */
export const TIPO_AVISOS = ['email', 'app', 'ambos'] as const;
/** How bulk statements download: one PDF, or a ZIP of one file per dwelling. */
export const TIPO_DESCARGA = ['pdf', 'zip'] as const;

export const SETTINGS_LIMITS = {
  name: 120,
  adminCompany: 120,
  address: 200,
  city: 100,
  state: 100,
  zip: 10,
  country: 80,
  phone: 20,
  phoneCountry: 4,
  mapa: 4000,
  publicidad: 500,
  masInformacion: 2000,
  avisoPrivacidad: 20_000,
  timeZone: 64,
} as const;

/** The gate's settings ('Caseta'): their ranges, and their defaults, the constants they replaced. */
export const GATE_SETTING_RANGES = {
  walkInAnswerMinutes: { min: 1, max: 30, byDefault: WALK_IN_ANSWER_MS / 60_000 },
  parcelReminderDays: { min: 1, max: 30, byDefault: PARCEL_REMINDER_DAYS },
  photoRetentionDays: { min: 1, max: 365, byDefault: ENTRY_PHOTO_RETENTION_DAYS },
} as const;
export type GateSettingField = keyof typeof GATE_SETTING_RANGES;

export const LOGO_MAX_BYTES = 1_500_000;
export const LOGO_DATA_URL = /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/;

/** Whether the runtime knows an IANA zone name (Intl throws a RangeError for anything else). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value) && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A phone of the public page: digits with spaces, dashes, dots and parentheses, or empty. */
export const PUBLIC_PHONE = /^[\d\s().-]{7,20}$/;
/** A country calling code: 1 to 4 digits, without the +. */
export const PHONE_COUNTRY = /^\d{1,4}$/;

const Text = (max: number) => size(string(), 0, max);
const PhoneText = refine(Text(SETTINGS_LIMITS.phone), 'Phone', (v) => v === '' || PUBLIC_PHONE.test(v) || 'not a phone');
const CountryText = refine(
  Text(SETTINGS_LIMITS.phoneCountry),
  'PhoneCountry',
  (v) => v === '' || PHONE_COUNTRY.test(v) || 'not a code',
);
const TimeZone = refine(size(string(), 1, SETTINGS_LIMITS.timeZone), 'TimeZone', (v) => isTimeZone(v) || 'not an IANA zone');

/** Every editable field; text fields are '' when empty (the server stores null). */
export const CondoSettingsFields = object({
  name: NonEmpty(SETTINGS_LIMITS.name),
  adminCompany: Text(SETTINGS_LIMITS.adminCompany),
  backgroundColor: enums(CONDO_COLORS),
  address1: Text(SETTINGS_LIMITS.address),
  address2: Text(SETTINGS_LIMITS.address),
  city: Text(SETTINGS_LIMITS.city),
  state: Text(SETTINGS_LIMITS.state),
  zip: Text(SETTINGS_LIMITS.zip),
  country: Text(SETTINGS_LIMITS.country),
  phone1: PhoneText,
  phoneCountry1: CountryText,
  phone2: PhoneText,
  phoneCountry2: CountryText,
  /** The map embed as the administrator pastes it (an <iframe> or its URL); the server keeps it only when
   * server/infra/mapSanitizer.ts accepts it. */
  mapa: Text(SETTINGS_LIMITS.mapa),
  publicidad: Text(SETTINGS_LIMITS.publicidad),
  masInformacion: Text(SETTINGS_LIMITS.masInformacion),
  avisoPrivacidad: Text(SETTINGS_LIMITS.avisoPrivacidad),
  avisoActivo: boolean(),
  mostrarIngresos: enums(MOSTRAR_INGRESOS),
  displayDirectory: enums(DISPLAY_DIRECTORY),
  tipoAvisos: enums(TIPO_AVISOS),
  tipoDescarga: enums(TIPO_DESCARGA),
  timeZone: TimeZone,
  // The gate's three: their ranges are GATE_SETTING_RANGES, checked and worded by the settings' own rule; the
  // struct keeps them within what their INTEGER columns hold.
  /** Minutes a walk-in waits for the residents' answer before it reads 'sin respuesta'. */
  walkInAnswerMinutes: WholeNumber(),
  /** Days a parcel waits before its residents are reminded. */
  parcelReminderDays: WholeNumber(),
  /** Days an entry's photo of plates or ID is kept before the gate's job deletes it. */
  photoRetentionDays: WholeNumber(),
});
export type CondoSettingsFields = Infer<typeof CondoSettingsFields>;
export type CondoSettingsField = keyof CondoSettingsFields;

export const CondoSettings = object({
  condoId: Id,
  fields: CondoSettingsFields,
  /** condoLogo.FileName: the stored logo's name, or null. */
  logoFileName: nullable(string()),
  /** The digest of the settings as read; a save names it. */
  version: string(),
});
export type CondoSettings = Infer<typeof CondoSettings>;

export const CondoSettingsAnswer = object({ success: literal(true), settings: CondoSettings });
export type CondoSettingsAnswer = Infer<typeof CondoSettingsAnswer>;

export const SaveCondoSettingsRequest = object({
  version: size(pattern(string(), /^[0-9a-f]{16,64}$/), 16, 64),
  fields: CondoSettingsFields,
});
export type SaveCondoSettingsRequest = Infer<typeof SaveCondoSettingsRequest>;

/** A 409 of a stale save: the error's fields and the settings as they are now. */
export const CondoSettingsConflict = type({ success: literal(false), message: string(), settings: CondoSettings });

export const UploadLogoRequest = object({ dataUrl: size(pattern(string(), LOGO_DATA_URL), 30, 2_100_000) });
export type UploadLogoRequest = Infer<typeof UploadLogoRequest>;

/** The logo's file name: its file id and type, e.g. "42.png". */
export const LOGO_FILE_NAME = /^(\d{1,10})\.(png|jpg|webp)$/;
export const LogoFileParams = object({
  condoId: IdParam,
  fileName: pattern(string(), LOGO_FILE_NAME),
});

export const COLOR_MESSAGES: Record<(typeof CONDO_COLORS)[number], MessageId> = {
  azul: 'condoSettings.color.azul',
  gris: 'condoSettings.color.gris',
  verde: 'condoSettings.color.verde',
  naranja: 'condoSettings.color.naranja',
};

/** The fields a browser form checks before saving, with the message under each (the server checks the same). */
export function settingsProblems(fields: CondoSettingsFields): Partial<Record<CondoSettingsField, MessageId>> {
  const problems: Partial<Record<CondoSettingsField, MessageId>> = {};
  if (fields.name.trim() === '') problems.name = 'condoSettings.error.name';
  else if (fields.name.length > SETTINGS_LIMITS.name) problems.name = 'condoSettings.error.tooLong';
  for (const key of ['phone1', 'phone2'] as const) {
    const value = fields[key].trim();
    if (value !== '' && !PUBLIC_PHONE.test(value)) problems[key] = 'condoSettings.error.phone';
  }
  for (const key of ['phoneCountry1', 'phoneCountry2'] as const) {
    const value = fields[key].trim();
    if (value !== '' && !PHONE_COUNTRY.test(value)) problems[key] = 'condoSettings.error.phoneCountry';
  }
  if (!isTimeZone(fields.timeZone.trim())) problems.timeZone = 'condoSettings.error.timeZone';
  if (fields.avisoActivo && fields.avisoPrivacidad.trim() === '') problems.avisoPrivacidad = 'condoSettings.error.avisoEmpty';
  for (const [key, range] of Object.entries(GATE_SETTING_RANGES) as [GateSettingField, { min: number; max: number }][]) {
    const value = fields[key];
    if (!Number.isInteger(value) || value < range.min || value > range.max) problems[key] = 'condoSettings.error.gateRange';
  }
  const limits: Partial<Record<CondoSettingsField, number>> = {
    adminCompany: SETTINGS_LIMITS.adminCompany,
    address1: SETTINGS_LIMITS.address,
    address2: SETTINGS_LIMITS.address,
    city: SETTINGS_LIMITS.city,
    state: SETTINGS_LIMITS.state,
    zip: SETTINGS_LIMITS.zip,
    country: SETTINGS_LIMITS.country,
    mapa: SETTINGS_LIMITS.mapa,
    publicidad: SETTINGS_LIMITS.publicidad,
    masInformacion: SETTINGS_LIMITS.masInformacion,
    avisoPrivacidad: SETTINGS_LIMITS.avisoPrivacidad,
  };
  for (const [key, max] of Object.entries(limits) as [CondoSettingsField, number][]) {
    if (String(fields[key]).length > max && !problems[key]) problems[key] = 'condoSettings.error.tooLong';
  }
  return problems;
}
