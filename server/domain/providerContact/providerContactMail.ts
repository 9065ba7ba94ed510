// The e-mail the payment provider gets when an administrator uses the contact dialog (spec §2.4, §3.3):
// a meeting slot ('agendar') or a WhatsApp message / call ('llamar'). In Spanish, the product's language.
import type { ProviderContactRequest } from '../../../src/api/providerContact';
import type { OutgoingMail } from '../../infra/mail/mailer';
import { factsTable, mailPage, mailSubject, paragraph } from '../shared/mailHtml';

export interface ProviderContactDetails {
  request: ProviderContactRequest;
  condoName: string;
  adminEmail: string;
}

const PREFERENCE = { whatsapp: 'WhatsApp', llamada: 'Llamada' } as const;

export function providerContactMail(to: string, { request, condoName, adminEmail }: ProviderContactDetails): OutgoingMail {
  const what = request.tab === 'agendar' ? 'Reunión solicitada' : 'Solicitud de contacto';
  const subject = mailSubject(`${what} - ${condoName}: ${request.nombre}`);
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
  const html = mailPage('es', [paragraph(intro), factsTable(rows)]);
  return { to, subject, text, html };
}
