// The e-mail an administrator gets when a visitor uses the public page's "Contactar admin" or
// "Solicitar acceso" (spec §2.5, §3.3). In Spanish, the product's language; the visitor's words verbatim.
import type { ContactKind } from '../../../src/api/publicPage';
import type { OutgoingMail } from '../../infra/mail/mailer';

export interface PublicContactDetails {
  kind: ContactKind;
  condoName: string;
  nombre: string;
  email: string;
  tel: string;
  comentarios: string;
  vivienda: string | null;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Keeps a header free of line breaks (the visitor's name goes into the subject). */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

export function publicContactMail(to: string, details: PublicContactDetails): OutgoingMail {
  const what = details.kind === 'access' ? 'Solicitud de acceso' : 'Mensaje para la administración';
  const subject = oneLine(`${what} - ${details.condoName}: ${details.nombre}`).slice(0, 200);
  const rows: [string, string][] = [
    ['Nombre', details.nombre],
    ['Correo electrónico', details.email],
    ['Teléfono', details.tel],
    ...(details.vivienda !== null ? ([['Vivienda', details.vivienda]] as [string, string][]) : []),
    ['Comentarios', details.comentarios],
  ];
  const intro = `${what} enviada desde la página pública de ${details.condoName}. Responde directamente a ${details.email}.`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), ''].join('\n');
  const html = [
    '<!doctype html><html lang="es"><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(intro)}</p>`,
    '<table cellpadding="4">',
    ...rows.map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td style="white-space: pre-wrap">${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
