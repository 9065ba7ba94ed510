// The payment-provider contact dialog (spec §2.4, §3.3, §5, §8): an administrator asks the payment
// provider for a meeting ('agendar', a slot picked on a calendar) or for a WhatsApp message or a call
// ('llamar'). Stored, and mailed to the provider.
import { enums, type Infer, literal, nullable, object, pattern, string } from 'superstruct';
import { CalendarDate, isCalendarDate, NonEmpty } from './validation';

export const PROVIDER_CONTACT_PATHS = {
  /** Administrators: POST the form → { success, message }. */
  contact: '/--proveedor-pagos/contacto',
} as const;

/** Where the requests are mailed: the payment provider's sales desk. */
export const PROVIDER_CONTACT_EMAIL = 'afiliaciones@pagos-comunidad.mx';

export const CONTACT_TABS = ['agendar', 'llamar'] as const;
export type ContactTab = (typeof CONTACT_TABS)[number];

/** Spec §9: contact times. */
export const CONTACT_HOURS = ['9:00', '10:00', '11:00'] as const;
export type ContactHour = (typeof CONTACT_HOURS)[number];

export const CONTACT_PREFERENCES = ['whatsapp', 'llamada'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];

/** Spec §9: a phone of exactly 10 digits. */
export const PHONE_PATTERN = /^\d{10}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The spec's success and failure dialogs (§8). */
export const CONTACT_SUCCESS = { title: 'Éxito', message: 'Información recibida con éxito' } as const;
export const CONTACT_FAILURE = { title: 'Error', message: 'Ocurrió un error inesperado' } as const;

/** How far ahead a meeting or a call may be asked for. */
export const CONTACT_MAX_DAYS_AHEAD = 60;

export interface ProviderContactForm {
  nombre: string;
  telefono: string;
  /** Only for 'llamar'; a meeting is a video call. */
  prefieresContacto: ContactPreference | null;
  /** YYYY-MM-DD. */
  fechaContacto: string | null;
  horarioTentativo: ContactHour | null;
}

export type ContactFormField = keyof ProviderContactForm;

/** A YYYY-MM-DD day that exists, from `today` (included) to CONTACT_MAX_DAYS_AHEAD days after. */
export function dateIsOffered(date: string, today: string): boolean {
  if (!isCalendarDate(date) || !DATE_PATTERN.test(today)) return false;
  const day = Date.parse(`${date}T00:00:00Z`);
  const from = Date.parse(`${today}T00:00:00Z`);
  return day >= from && day <= from + CONTACT_MAX_DAYS_AHEAD * 86_400_000;
}

/**
 * The fields that break the §5 rules for the tab: nombre, telefono (exactly 10 digits), fechaContacto and
 * horarioTentativo always; prefieresContacto for 'llamar'. `today` is the viewer's YYYY-MM-DD.
 */
export function contactFormProblems(tab: ContactTab, form: ProviderContactForm, today: string): ContactFormField[] {
  const problems: ContactFormField[] = [];
  if (form.nombre.trim() === '' || form.nombre.length > 120) problems.push('nombre');
  if (!PHONE_PATTERN.test(form.telefono)) problems.push('telefono');
  if (tab === 'llamar' && !(CONTACT_PREFERENCES as readonly string[]).includes(form.prefieresContacto ?? '')) {
    problems.push('prefieresContacto');
  }
  if (!form.fechaContacto || !dateIsOffered(form.fechaContacto, today)) problems.push('fechaContacto');
  if (!(CONTACT_HOURS as readonly string[]).includes(form.horarioTentativo ?? '')) problems.push('horarioTentativo');
  return problems;
}

export const ProviderContactRequest = object({
  tab: enums(CONTACT_TABS),
  nombre: NonEmpty(120),
  telefono: pattern(string(), PHONE_PATTERN),
  prefieresContacto: nullable(enums(CONTACT_PREFERENCES)),
  fechaContacto: CalendarDate,
  horarioTentativo: enums(CONTACT_HOURS),
});
export type ProviderContactRequest = Infer<typeof ProviderContactRequest>;

export const ProviderContactAnswer = object({ success: literal(true), message: string() });
export type ProviderContactAnswer = Infer<typeof ProviderContactAnswer>;
