// Contact and access requests from a condominium's public page (spec §3.3, §5, §8): the field rules with
// the spec's messages, then the captcha (spent once), then the request is stored and mailed to
// the condominium's administrators. Nothing is stored or mailed before the captcha is accepted.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  CONTACT_FIELDS,
  CONTACT_MESSAGES,
  type ContactForm,
  contactFormProblems,
  type PublicContactRequest,
} from '../../../src/api/publicPage';
import type { Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { type CaptchaVerdict, spendCaptcha } from '../../infra/captcha';
import type { Clock } from '../../infra/clock';
import type { Mailer } from '../../infra/mail/mailer';
import { recipientLanguages } from '../shared/recipientLanguages';
import { publicContactMail } from './publicContactMail';

/** What the page shows for a refused captcha (spec §8): the contact and the access request word it apart. */
export const CAPTCHA_REFUSED = {
  contact: 'public.contact.captchaFailed',
  access: 'public.access.captchaFailed',
} as const;

/** What the page shows once the request went out (the page shows the server's words, spec §8). */
export const CONTACT_SENT = {
  contact: 'documents.contactSent.contact',
  access: 'documents.contactSent.access',
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

/** 400 on the first field that breaks a rule, with the message the form shows for it. */
export function requireValidContact(request: PublicContactRequest): void {
  const problems = contactFormProblems(formOf(request), request.kind);
  const field = CONTACT_FIELDS.find((f) => problems[f]);
  if (field) throw new AppError(400, ErrorCodes.badRequest, CONTACT_MESSAGES[field][problems[field]!], field);
}

export interface ContactOutcome {
  verdict: CaptchaVerdict;
  /** The stored request's id when the captcha was accepted. */
  requestId: number | null;
  /** Where the mails go (the administrators, each in their profile language), for the caller to send after answering. */
  recipients: { email: string; language: Language }[];
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
  if (!condo) throw notFound('errors.notFound.condo');
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
    .select(['u.id', 'u.email'])
    .where('m.condo_id', '=', condo.id)
    .where('m.is_admin', '=', 1)
    .where('m.active', '=', 1)
    .orderBy('u.email')
    .execute();
  const languages = await recipientLanguages(
    db,
    admins.map((a) => a.id),
    { condoId: condo.id },
  );
  const recipients = admins.map((a) => ({ email: a.email, language: languages.get(a.id) ?? 'es' }));
  return { verdict, requestId: stored.id, recipients, condoName: condo.name };
}

/** Mails one stored request to each administrator (SMTP or the outbox), in their language. */
export async function mailPublicContact(mailer: Mailer, outcome: ContactOutcome, request: PublicContactRequest): Promise<void> {
  const form = formOf(request);
  for (const to of outcome.recipients) {
    await mailer.send(
      publicContactMail(to.email, to.language, {
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
