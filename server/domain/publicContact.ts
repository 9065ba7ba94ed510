// Contact and access requests from a condominium's public page (spec §3.3, §5, §8): the field rules with
// the spec's Spanish messages, then the captcha (spent once), then the request is stored and mailed to
// the condominium's administrators. Nothing is stored or mailed before the captcha is accepted.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../src/api/errors';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactForm,
  type ContactProblem,
  contactFormProblems,
  type PublicContactRequest,
} from '../../src/api/publicPage';
import type { Database } from '../db/schema';
import { AppError, notFound } from '../errors';
import { type CaptchaVerdict, spendCaptcha } from './captcha';
import type { Clock } from './clock';
import type { Mailer } from './mail/mailer';
import { publicContactMail } from './mail/publicContactMail';

/** The spec's messages (§5) and, for the fields it does not word, the same style. */
export const CONTACT_MESSAGES: Record<ContactField, Record<ContactProblem, string>> = {
  nombre: {
    required: 'El nombre completo es requerido.',
    invalid: 'El nombre completo es requerido.',
    tooLong: 'El nombre completo debe tener máximo 120 caracteres.',
  },
  email: {
    required: 'Por favor, ingresa un correo electrónico válido.',
    invalid: 'Por favor, ingresa un correo electrónico válido.',
    tooLong: 'Por favor, ingresa un correo electrónico válido.',
  },
  tel: {
    required: 'El teléfono es requerido.',
    invalid: 'Por favor, ingresa un teléfono válido.',
    tooLong: 'Por favor, ingresa un teléfono válido.',
  },
  comentarios: {
    required: 'Los comentarios son requeridos.',
    invalid: 'Los comentarios son requeridos.',
    tooLong: 'Los comentarios deben tener máximo 2000 caracteres.',
  },
  vivienda: {
    required: 'La vivienda es requerida.',
    invalid: 'La vivienda es requerida.',
    tooLong: 'La vivienda debe tener máximo 80 caracteres.',
  },
};

/** What the page shows for a refused captcha (spec §8): the contact and the access request word it apart. */
export const CAPTCHA_REFUSED = {
  contact: 'Error al enviar el correo, por favor intente más tarde.',
  access: 'Hubo un error al enviar el formulario',
} as const;

export const CONTACT_SENT = {
  contact: 'Tu mensaje fue enviado a la administración. Te responderán a tu correo.',
  access: 'Tu solicitud de acceso fue enviada a la administración. Te responderán a tu correo.',
} as const;

export function formOf(request: PublicContactRequest): ContactForm {
  return {
    nombre: request.nombre,
    email: request.email,
    tel: request.tel,
    comentarios: request.comentarios,
    vivienda: request.vivienda ?? '',
  };
}

/** 400 on the first field that breaks a rule, with its Spanish message. */
export function requireValidContact(request: PublicContactRequest): void {
  const problems = contactFormProblems(formOf(request), request.kind);
  const field = CONTACT_FIELDS.find((f) => problems[f]);
  if (field) throw new AppError(400, ErrorCodes.badRequest, CONTACT_MESSAGES[field][problems[field]!], field);
}

export interface ContactOutcome {
  verdict: CaptchaVerdict;
  /** The stored request's id when the captcha was accepted. */
  requestId: number | null;
  /** Where the mails go (the administrators), for the caller to send after answering. */
  recipients: string[];
  condoName: string;
}

/**
 * Checks the condominium (404 when it has no public page) and spends the captcha; only then stores the
 * request. Answers the verdict, and what to mail.
 */
export async function receivePublicContact(
  db: Kysely<Database>,
  clock: Clock,
  request: PublicContactRequest,
  clientAddress: string,
): Promise<ContactOutcome> {
  const condo = await db
    .selectFrom('condominiums')
    .select(['id', 'name'])
    .where('id', '=', request.condoId)
    .where('status', '!=', 'I')
    .executeTakeFirst();
  if (!condo) throw notFound('El condominio');
  const verdict = await spendCaptcha(db, clock, request.cf_capcha);
  if (verdict !== 'ok') return { verdict, requestId: null, recipients: [], condoName: condo.name };

  const form = formOf(request);
  const stored = await db
    .insertInto('public_contact_requests')
    .values({
      condo_id: condo.id,
      kind: request.kind,
      nombre: form.nombre.trim(),
      email: form.email.trim(),
      tel: form.tel.trim(),
      comentarios: form.comentarios.trim(),
      vivienda: request.kind === 'access' ? form.vivienda.trim() : null,
      client_address: clientAddress,
      created_at: clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const admins = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.condo_id', '=', condo.id)
    .where('m.is_admin', '=', 1)
    .where('m.active', '=', 1)
    .orderBy('u.email')
    .execute();
  return { verdict, requestId: stored.id, recipients: admins.map((a) => a.email), condoName: condo.name };
}

/** Mails one stored request to each administrator (SMTP or the outbox). */
export async function mailPublicContact(mailer: Mailer, outcome: ContactOutcome, request: PublicContactRequest): Promise<void> {
  const form = formOf(request);
  for (const to of outcome.recipients) {
    await mailer.send(
      publicContactMail(to, {
        kind: request.kind,
        condoName: outcome.condoName,
        nombre: form.nombre.trim(),
        email: form.email.trim(),
        tel: form.tel.trim(),
        comentarios: form.comentarios.trim(),
        vivienda: request.kind === 'access' ? form.vivienda.trim() : null,
      }),
    );
  }
}
