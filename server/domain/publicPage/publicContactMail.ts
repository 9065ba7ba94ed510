// The e-mail an administrator gets when a visitor uses the public page's "Contactar admin" or
// "Solicitar acceso" (spec §2.5, §3.3), in the administrator's profile language
// (src/i18n/<lang>/documents.json, documents.contactMail.*); the visitor's words verbatim.
import type { ContactKind } from '../../../src/api/publicPage';
import type { Language } from '../../../src/i18n/languages';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { wordsIn } from '../../messages';
import { factsTable, mailPage, mailSubject, paragraph } from '../shared/mailHtml';

export interface PublicContactDetails {
  kind: ContactKind;
  condoName: string;
  nombre: string;
  email: string;
  tel: string;
  comentarios: string;
  vivienda: string | null;
}

export function publicContactMail(to: string, language: Language, details: PublicContactDetails): OutgoingMail {
  const t = wordsIn(language);
  const what = t(details.kind === 'access' ? 'documents.contactMail.access' : 'documents.contactMail.contact');
  const subject = mailSubject(t('documents.contactMail.subject', { what, condo: details.condoName, name: details.nombre }));
  const rows: [string, string][] = [
    [t('documents.contactMail.name'), details.nombre],
    [t('documents.contactMail.email'), details.email],
    [t('documents.contactMail.phone'), details.tel],
    ...(details.vivienda !== null ? ([[t('documents.contactMail.dwelling'), details.vivienda]] as [string, string][]) : []),
    [t('documents.contactMail.comments'), details.comentarios],
  ];
  const intro = t(details.kind === 'access' ? 'documents.contactMail.introAccess' : 'documents.contactMail.introContact', {
    condo: details.condoName,
    email: details.email,
  });
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), ''].join('\n');
  const html = mailPage(language, [paragraph(intro), factsTable(rows, { long: true })]);
  return { to, subject, text, html };
}
