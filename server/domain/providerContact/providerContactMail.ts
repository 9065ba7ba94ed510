// The e-mail the payment provider gets when an administrator uses the contact dialog (spec §2.4, §3.3):
// a meeting slot ('agendar') or a WhatsApp message / call ('llamar'). In Spanish, the product's language.
import type { ProviderContactRequest } from '../../../src/api/providerContact';
import type { OutgoingMail } from '../../infra/mail/mailer';

export interface ProviderContactDetails {
  request: ProviderContactRequest;
  condoName: string;
  adminEmail: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

const PREFERENCE = { whatsapp: 'WhatsApp', llamada: 'Llamada' } as const;

export function providerContactMail(to: string, { request, condoName, adminEmail }: ProviderContactDetails): OutgoingMail {
  const what = request.tab === 'agendar' ? 'Reunión solicitada' : 'Solicitud de contacto';
  const subject = oneLine(`${what} - ${condoName}: ${request.nombre}`).slice(0, 200);
  const rows: [string, string][] = [
    ['Condominio', condoName],
    ['Nombre', request.nombre.trim()],
    ['Teléfono', request.telefono],
    ['Correo electrónico', adminEmail],
    ...(request.prefieresContacto ? ([['Prefiere', PREFERENCE[request.prefieresContacto]]] as [string, string][]) : []),
    [request.tab === 'agendar' ? 'Fecha de la reunión' : 'Fecha de contacto', request.fechaContacto],
    [request.tab === 'agendar' ? 'Hora de la reunión' : 'Horario tentativo', request.horarioTentativo],
  ];
  const intro =
    request.tab === 'agendar'
      ? `El administrador de ${condoName} agendó una reunión para conocer los cobros en línea.`
      : `El administrador de ${condoName} pide que lo contacten para conocer los cobros en línea.`;
  const text = [intro, '', ...rows.map(([label, value]) => `${label}: ${value}`), ''].join('\n');
  const html = [
    '<!doctype html><html lang="es"><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(intro)}</p>`,
    '<table cellpadding="4">',
    ...rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}
