// The public condominium page's data (spec §3.3 Public condo, §7 pagina-publica calls).
import {
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  size,
  string,
  type,
  union,
} from 'superstruct';
import type { MessageId } from '../i18n/messages';
import { EMAIL_PATTERN, IdParam } from './validation';

// Subdomains are [a-z0-9-] only (SubdomainParams), so the path needs no encoding.
export const PUBLIC_PAGE_PATHS = {
  condoById: (id: number | string) => `/--pagina-publica/condo/${id}`,
  condoBySubdomain: (subdomain: string) => `/--pagina-publica/CondoXid/${subdomain}`,
} as const;

export const CondoIdParams = object({ id: IdParam });
export const SubdomainParams = object({ subdomain: size(pattern(string(), /^[a-z0-9-]+$/i), 1, 63) });

export const PublicCondo = object({
  CondoId: number(),
  CondoName: string(),
  CondoAdminCmpny: nullable(string()),
  CondoAddress1: nullable(string()),
  CondoAddress2: nullable(string()),
  CondoCity: nullable(string()),
  CondoState: nullable(string()),
  CondoZip: nullable(string()),
  CondoCountry: nullable(string()),
  CondoPhone1: nullable(string()),
  CondoPhone2: nullable(string()),
  CondoPhoneCountry1: nullable(string()),
  CondoPhoneCountry2: nullable(string()),
  Mapa: nullable(string()),
  LogoFileName: nullable(string()),
  publicidad: nullable(string()),
  MasInformacion: nullable(string()),
  CondoBackgroundColor: string(),
});
export type PublicCondo = Infer<typeof PublicCondo>;

export const PublicCondoAnswer = object({ success: literal(true), data: PublicCondo });

// ── Which condominium a host names (spec §1) ────────────────────────────────────────────────────────────

/**
 * The subdomain a host names: relative to the base domain when one is configured (a host outside it, or
 * the base itself, names none); otherwise the first label when the host has more than two labels.
 * "www" names none either. Ports are ignored.
 */
export function subdomainOfHost(host: string, baseDomain: string | null): string | null {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  // Names only: an IPv4 address has four labels but no subdomain.
  if (!/^[a-z0-9.-]+$/.test(name) || /^\d+(\.\d+){3}$/.test(name)) return null;
  let label: string | undefined;
  if (baseDomain) {
    const base = baseDomain.toLowerCase();
    if (!name.endsWith(`.${base}`)) return null;
    const rest = name.slice(0, -(base.length + 1)).split('.');
    label = rest[rest.length - 1];
  } else {
    const labels = name.split('.');
    label = labels.length > 2 ? labels[0] : undefined;
  }
  if (!label || label === 'www' || !/^[a-z0-9-]{1,63}$/.test(label)) return null;
  return label;
}

export const HostCondoAnswer = object({ success: literal(true), data: PublicCondo, subdomain: string() });

// ── Contact the administration / request access (spec §3.3 Public contact form, §5, §7, §8) ──────────────

export const PUBLIC_CONTACT_PATHS = {
  /** POST: a contact or access request with its captcha solution. */
  contact: '/--pagina-publica/contactar',
  /** GET: a fresh ALTCHA challenge to solve before sending. */
  captcha: '/--pagina-publica/captcha',
  /** GET: the condominium the request's host names (its subdomain). */
  condoByHost: '/--pagina-publica/condo-del-host',
} as const;

export const CONTACT_KINDS = ['contact', 'access'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const CONTACT_FIELDS = ['nombre', 'email', 'tel', 'comentarios', 'vivienda'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactForm = Record<ContactField, string>;

export const CONTACT_LIMITS: Record<ContactField, number> = {
  nombre: 120,
  email: 254,
  tel: 30,
  comentarios: 2000,
  vivienda: 80,
};

export type ContactProblem = 'required' | 'invalid' | 'tooLong';

/** The message of each problem (the spec's §5 words where it has them): the form shows it under the field,
 * and the server's 400 says the same. */
export const CONTACT_MESSAGES: Record<ContactField, Record<ContactProblem, MessageId>> = {
  nombre: {
    required: 'public.error.nombreRequired',
    invalid: 'public.error.nombreRequired',
    tooLong: 'public.error.nombreTooLong',
  },
  email: { required: 'public.error.emailInvalid', invalid: 'public.error.emailInvalid', tooLong: 'public.error.emailInvalid' },
  tel: { required: 'public.error.telRequired', invalid: 'public.error.telInvalid', tooLong: 'public.error.telInvalid' },
  comentarios: {
    required: 'public.error.comentariosRequired',
    invalid: 'public.error.comentariosRequired',
    tooLong: 'public.error.comentariosTooLong',
  },
  vivienda: {
    required: 'public.error.viviendaRequired',
    invalid: 'public.error.viviendaRequired',
    tooLong: 'public.error.viviendaTooLong',
  },
};

/**
 * The form's rules (spec §5): nombre, a valid email, tel and comentarios are required; an access request
 * also needs vivienda. Every field has a length limit; a phone is digits with spaces, dashes, dots,
 * parentheses and a leading +.
 */
export function contactFormProblems(form: ContactForm, kind: ContactKind): Partial<Record<ContactField, ContactProblem>> {
  const problems: Partial<Record<ContactField, ContactProblem>> = {};
  const fields: ContactField[] = kind === 'access' ? [...CONTACT_FIELDS] : ['nombre', 'email', 'tel', 'comentarios'];
  for (const field of fields) {
    const value = form[field].trim();
    if (value === '') problems[field] = field === 'email' ? 'invalid' : 'required';
    else if (value.length > CONTACT_LIMITS[field]) problems[field] = 'tooLong';
    else if (field === 'email' && !EMAIL_PATTERN.test(value)) problems[field] = 'invalid';
    else if (field === 'tel' && !/^\+?[\d\s().-]{7,}$/.test(value)) problems[field] = 'invalid';
  }
  return problems;
}

/** Free text up to a generous bound; the field rules above give the messages. */
const Text = (max: number) => size(string(), 0, max);

export const PublicContactRequest = object({
  kind: enums(CONTACT_KINDS),
  condoId: IdParam,
  nombre: Text(1000),
  email: Text(1000),
  tel: Text(1000),
  comentarios: Text(10_000),
  vivienda: optional(Text(1000)),
  /** The solved ALTCHA payload (base64 JSON of challenge and solution); the spec's field name. */
  cf_capcha: optional(Text(8000)),
  // Sent by the legacy page; accepted and ignored (the server writes its own subject and logo).
  subject: optional(Text(300)),
  logo: optional(nullable(Text(300))),
  country: optional(nullable(Text(100))),
});
export type PublicContactRequest = Infer<typeof PublicContactRequest>;

export const PublicContactAnswer = object({ success: boolean(), message: string() });
export type PublicContactAnswer = Infer<typeof PublicContactAnswer>;

/** An ALTCHA v2 challenge's parameters (altcha-lib's), as handed out and as sent back solved. */
export const CaptchaParameters = type({
  algorithm: string(),
  nonce: string(),
  salt: string(),
  cost: number(),
  keyLength: number(),
  keyPrefix: string(),
  keySignature: optional(string()),
  expiresAt: optional(number()),
  data: optional(record(string(), union([string(), number()]))),
});

/** An ALTCHA v2 challenge as the server hands it out (altcha-lib's Challenge). */
export const CaptchaChallenge = type({ parameters: CaptchaParameters, signature: optional(string()) });
export const CaptchaChallengeAnswer = object({ success: literal(true), challenge: CaptchaChallenge });
