// The CFDI to its client by e-mail: the XML as stamped and its PDF attached, through the app's mailer (SMTP,
// or the mail outbox with its attachments when SMTP is missing or refuses: the re-sender delivers it later).
// In Spanish, like the CFDI.
import type { Kysely } from 'kysely';
import type { CfdiMailed } from '../../../../src/api/invoicing';
import type { Database } from '../../../db/schema';
import type { Mailer } from '../../../infra/mail/mailer';
import { formatCents } from '../cfdi/amounts';
import { findCfdiRow } from './detail';
import { cfdiPdf } from './pdf';
import { conflict } from './refusals';
import { cfdiFacts } from './xmlFacts';
import { fileStem } from './zip';

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
  const folio = [row.serie, row.folio].filter(Boolean).join('-');
  const text = [
    `Hola, ${facts.receiver.nombre}:`,
    '',
    `${facts.issuer.nombre} (RFC ${facts.issuer.rfc}) te envía el CFDI ${folio}, folio fiscal ${row.uuid}, por $${formatCents(row.total_cents)} MXN.`,
    row.status === 'cancelado' ? 'Este CFDI está cancelado ante el SAT.' : '',
    'Adjuntamos el XML y su representación impresa en PDF.',
  ]
    .filter((line, i) => line !== '' || i === 1)
    .join('\n');
  const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const outcome = await mailer.send({
    to: client.email,
    subject: `CFDI ${folio} ${facts.issuer.nombre}`,
    text,
    html: text
      .split('\n')
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join(''),
    attachments: [
      { filename: `${stem}.xml`, contentType: 'application/xml', content: Buffer.from(row.xml, 'utf8') },
      { filename: `${stem}.pdf`, contentType: 'application/pdf', content: await cfdiPdf(row) },
    ],
  });
  return { to: client.email, outcome };
}
