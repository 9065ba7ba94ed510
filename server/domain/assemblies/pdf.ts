// The call's PDF (ASSEMBLY_PATHS.pdf): the condominium, the assembly's kind and title, its place or link, each call
// with its time and quorum, the agenda (each item informative or voted, with its majority rule), and the legal text
// the condominium keeps (assembly settings). pdfkit with the standard Helvetica and uncompressed, like the polls'
// acta, so tests can read its text. In the reader's language.
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import { type Language, LOCALE } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import type { Auth } from '../shared/auth';
import { documentWords } from '../shared/documentWords';
import { recipientLanguage } from '../shared/recipientLanguages';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { assemblyOf, callsOf } from './rows';
import { readSettings } from './settings';

const MARGIN = 56;

export async function callPdf(db: Kysely<Database>, auth: Auth, id: number, manages: boolean) {
  const row = await assemblyOf(db, auth.condoId, id, manages);
  const language: Language = await recipientLanguage(db, auth.userId);
  const t = documentWords(language);
  const timeZone = await timeZoneOf(db, auth.condoId);
  const condo = await db.selectFrom('condominiums').select('name').where('id', '=', auth.condoId).executeTakeFirstOrThrow();
  const calls = await callsOf(db, id);
  const items = await db.selectFrom('assembly_items').selectAll().where('assembly_id', '=', id).orderBy('position').execute();
  const settings = await readSettings(db, auth.condoId);
  const when = (at: string) => {
    const local = utcToLocal(at, timeZone);
    return `${t.date(local.slice(0, 10))} ${t.hour(local.slice(11, 16))}`;
  };
  const title = t.t('assemblies.mail.title', { kind: t.t(`assemblies.kind.${row.kind as 'ordinary'}`), title: row.title });

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: false,
    lang: LOCALE[language],
    info: { Title: title, Author: condo.name, Subject: t.t('assemblies.pdf.subject') },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(14).text(condo.name);
  doc.moveDown(0.3).fontSize(12).text(t.t('assemblies.pdf.subject'));
  doc.moveDown(0.3).font('Helvetica').fontSize(11).text(title);
  if (row.place) doc.text(`${t.t('assemblies.field.place')}: ${row.place}`);
  if (row.video_link) doc.text(`${t.t('assemblies.field.videoLink')}: ${row.video_link}`);
  doc.moveDown().font('Helvetica-Bold').text(t.t('assemblies.pdf.calls')).font('Helvetica');
  for (const c of calls) {
    const quorum = t.t(c.strict === 1 ? 'assemblies.quorum.moreThan' : 'assemblies.quorum.atLeast', { percent: c.percent });
    doc.text(t.t('assemblies.pdf.callLine', { number: c.number, at: when(c.starts_at), quorum }));
  }
  doc.moveDown().font('Helvetica-Bold').text(t.t('assemblies.pdf.agenda')).font('Helvetica');
  items.forEach((item, i) => {
    const kind = t.t(`assemblies.itemKind.${item.kind as 'voted'}`);
    const majority =
      item.kind === 'voted'
        ? ` · ${t.t(`assemblies.majority.${item.majority as 'simple'}`, { percent: item.qualified_percent ?? 0 })}`
        : '';
    doc
      .font('Helvetica-Bold')
      .text(`${i + 1}. ${item.title}`)
      .font('Helvetica');
    doc.fontSize(9).text(`${kind}${majority}`).fontSize(11);
    if (item.description) doc.text(item.description);
    doc.moveDown(0.4);
  });
  if (settings.legalText) {
    doc.moveDown().fontSize(9).text(settings.legalText).fontSize(11);
  }
  doc.end();
  return { name: `convocatoria-${id}.pdf`, body: await done };
}
