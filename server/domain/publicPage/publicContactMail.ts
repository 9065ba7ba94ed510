// The e-mail an administrator gets when a visitor uses the public page's "Contactar admin" or
// "Solicitar acceso" (spec §2.5, §3.3). In Spanish, the product's language; the visitor's words verbatim.
import type { ContactKind } from '../../../src/api/publicPage';
import type { OutgoingMail } from '../../infra/mail/mailer';
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

export function publicContactMail(to: string, details: PublicContactDetails): OutgoingMail {
  const what = details.kind === 'access' ? 'Solicitud de acceso' : 'Mensaje para la administración';
  const subject = mailSubject(`${what} - ${details.condoName}: ${details.nombre}`);
  const rows: [string, string][] = [
    ['Nombre', details.nombre],
    ['Correo electrónico', details.email],
    ['Teléfono', details.tel],
    ...(details.vivienda !== null ? ([['Vivienda', details.vivienda]] as [string, string][]) : []),
    ['Comentarios', details.comentarios],
  ];
  const intro = `${what} enviada desde la página pública de ${details.condoName}. Responde directamente a ${details.email}.`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), ''].join('\n');
  const html = mailPage('es', [paragraph(intro), factsTable(rows, { long: true })]);
  return { to, subject, text, html };
}
