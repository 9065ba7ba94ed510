// The CFDI to its client by e-mail: the XML as stamped and its PDF attached, through the app's mailer (SMTP,
// or the mail outbox with its attachments when SMTP is missing or refuses: the re-sender delivers it later).
// In Spanish, like the CFDI.
import type { Kysely } from 'kysely';
import type { CfdiMailed } from '../../../../src/api/invoicing';
import type { Database } from '../../../db/schema';
import type { Mailer, OutgoingMail } from '../../../infra/mail/mailer';
import { mailPage, mailSubject, paragraph } from '../../shared/mailHtml';
import { formatCents } from '../cfdi/amounts';
import { findCfdiRow } from './detail';
import { cfdiPdf } from './pdf';
import { conflict } from './refusals';
import { cfdiFacts } from './xmlFacts';
import { fileStem } from './zip';

export interface CfdiMailFacts {
  receiver: string;
  issuer: string;
  issuerRfc: string;
  /** Serie and folio, 'A-12'. */
  folio: string;
  uuid: string;
  totalCents: number;
  cancelled: boolean;
}

/** The mail's words and HTML (the attachments are the caller's). */
export function cfdiMail(to: string, facts: CfdiMailFacts, attachments: OutgoingMail['attachments']): OutgoingMail {
  const lines = [
    `Hola, ${facts.receiver}:`,
    '',
    `${facts.issuer} (RFC ${facts.issuerRfc}) te envía el CFDI ${facts.folio}, folio fiscal ${facts.uuid}, por $${formatCents(facts.totalCents)} MXN.`,
    ...(facts.cancelled ? ['Este CFDI está cancelado ante el SAT.'] : []),
    'Adjuntamos el XML y su representación impresa en PDF.',
  ];
  const text = lines.join('\n');
  const html = mailPage('es', lines.filter((line) => line !== '').map(paragraph));
  return { to, subject: mailSubject(`CFDI ${facts.folio} ${facts.issuer}`), text, html, attachments };
}

export async function mailCfdi(db: Kysely<Database>, mailer: Mailer, condoId: number, cfdiId: number): Promise<CfdiMailed> {
  const row = await findCfdiRow(db, condoId, cfdiId);
  const client = await db
    .selectFrom('invoicing_clients')
    .select('email')
    .where('id', '=', row.client_id)
    .executeTakeFirstOrThrow();
  if (!client.email) throw conflict('noEmail');
  const facts = cfdiFacts(row.xml);
  const stem = fileStem(row);
  const mail = cfdiMail(
    client.email,
    {
      receiver: facts.receiver.nombre,
      issuer: facts.issuer.nombre,
      issuerRfc: facts.issuer.rfc,
      folio: [row.serie, row.folio].filter(Boolean).join('-'),
      uuid: row.uuid,
      totalCents: row.total_cents,
      cancelled: row.status === 'cancelado',
    },
    [
      { filename: `${stem}.xml`, contentType: 'application/xml', content: Buffer.from(row.xml, 'utf8') },
      // The client's copy: in Spanish, like the CFDI itself.
      { filename: `${stem}.pdf`, contentType: 'application/pdf', content: await cfdiPdf(row, 'es') },
    ],
  );
  const outcome = await mailer.send(mail);
  return { to: client.email, outcome };
}
