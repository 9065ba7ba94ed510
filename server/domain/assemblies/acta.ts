// The acta of an assembly as a PDF (MINUTES_PATHS.acta, and the demo's signed copy): the call (kind, title, place
// or link, each call with its time and quorum), the attendance list per dwelling (indiviso, in person or online,
// "por carta poder: <holder>" for an accepted proxy, tenants without vote), the quorum reached (the call it opened
// at, the indiviso present), each agenda item (informative, or its vote: majority rule, yes/no/abstain weights as %
// of the indiviso, the seats, the barred dwellings, the outcome; a public item lists each dwelling's vote, a secret
// one only the totals) and the signatures to collect. pdfkit with the standard Helvetica, uncompressed like the
// call's PDF, so tests read its text. In the reader's language.
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import { type ItemOutcome, itemOutcome, type VoteChoice } from '../../../src/api/assemblyMajority';
import { dwellingName } from '../../../src/api/dwellings';
import { type Language, LOCALE } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import { type DocumentWords, documentWords } from '../shared/documentWords';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { type AssemblyRow, callsOf, dwellingsOf, quorumOf } from './rows';
import { itemTally } from './tally';

const MARGIN = 56;

/** The facts the acta prints, read once. */
async function actaFacts(db: Kysely<Database>, row: AssemblyRow) {
  const dwellings = await dwellingsOf(db, row.condo_id);
  const nameOf = new Map(dwellings.map((d) => [d.id, dwellingName(d.tower, d.name)]));
  const attendance = await db.selectFrom('assembly_attendance').selectAll().where('assembly_id', '=', row.id).execute();
  const proxies = await db
    .selectFrom('assembly_proxies')
    .select(['apartment_id', 'holder_name'])
    .where('assembly_id', '=', row.id)
    .where('state', '=', 'accepted')
    .execute();
  const items = await db.selectFrom('assembly_items').selectAll().where('assembly_id', '=', row.id).orderBy('position').execute();
  return {
    condo: await db.selectFrom('condominiums').select('name').where('id', '=', row.condo_id).executeTakeFirstOrThrow(),
    calls: await callsOf(db, row.id),
    quorum: await quorumOf(db, row),
    dwellings,
    nameOf,
    attendance,
    holderOf: new Map(proxies.map((p) => [p.apartment_id, p.holder_name])),
    items,
    timeZone: await timeZoneOf(db, row.condo_id),
  };
}

/** The acta's bytes and file name, in `language` (its creation date given: the demo's is fixed by its clock). */
export async function actaPdfBytes(db: Kysely<Database>, row: AssemblyRow, language: Language, createdAt = new Date()) {
  const facts = await actaFacts(db, row);
  const t = documentWords(language);
  const percent = new Intl.NumberFormat(LOCALE[language], { maximumFractionDigits: 2, minimumFractionDigits: 2 });
  const share = (weight: number, total: number) => `${percent.format(total > 0 ? (weight * 100) / total : 0)} %`;
  const when = (at: string) => {
    const local = utcToLocal(at, facts.timeZone);
    return `${t.date(local.slice(0, 10))} ${t.hour(local.slice(11, 16))}`;
  };
  const title = t.t('assemblies.mail.title', { kind: t.t(`assemblies.kind.${row.kind as 'ordinary'}`), title: row.title });

  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: false,
    lang: LOCALE[language],
    info: { Title: title, Author: facts.condo.name, Subject: t.t('assemblyMinutes.acta.subject'), CreationDate: createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const heading = (text: string) => doc.moveDown().font('Helvetica-Bold').fontSize(12).text(text).font('Helvetica').fontSize(10);

  doc.font('Helvetica-Bold').fontSize(14).text(facts.condo.name);
  doc.moveDown(0.3).fontSize(13).text(t.t('assemblyMinutes.acta.subject'));
  doc.moveDown(0.3).font('Helvetica').fontSize(11).text(title);
  if (row.place) doc.text(`${t.t('assemblies.field.place')}: ${row.place}`);
  if (row.video_link) doc.text(`${t.t('assemblies.field.videoLink')}: ${row.video_link}`);

  heading(t.t('assemblies.pdf.calls'));
  for (const c of facts.calls) {
    const quorum = t.t(c.strict === 1 ? 'assemblies.quorum.moreThan' : 'assemblies.quorum.atLeast', { percent: c.percent });
    doc.text(t.t('assemblies.pdf.callLine', { number: c.number, at: when(c.starts_at), quorum }));
  }

  heading(t.t('assemblyMinutes.acta.attendance'));
  for (const d of facts.dwellings) {
    const present = facts.attendance.filter((a) => a.apartment_id === d.id);
    if (present.length === 0) continue;
    const owner = present.find((a) => a.kind === 'owner');
    const tenant = present.find((a) => a.kind === 'tenant');
    const parts = [`${facts.nameOf.get(d.id)} · ${share(Number(d.indiviso), facts.quorum.total)}`];
    if (owner) {
      parts.push(t.t(`assemblies.attendance.${owner.mode as 'in_person'}`));
      const holder = facts.holderOf.get(d.id);
      if (holder) parts.push(t.t('assemblyMinutes.acta.byProxy', { holder }));
      else if (owner.name) parts.push(owner.name);
    } else if (tenant) {
      parts.push(t.t('assemblyMinutes.acta.tenantOnly', { mode: t.t(`assemblies.attendance.${tenant.mode as 'in_person'}`) }));
    }
    doc.text(parts.join(' · '));
  }
  if (!facts.attendance.length) doc.text(t.t('assemblyMinutes.acta.nobody'));

  heading(t.t('assemblyMinutes.acta.quorum'));
  doc.text(
    t.t('assemblyMinutes.acta.quorumLine', {
      number: row.current_call,
      percent: share(facts.quorum.present, facts.quorum.total),
      present: facts.quorum.dwellingsPresent,
      total: facts.quorum.dwellingsTotal,
    }),
  );
  if (row.opened_at) doc.text(t.t('assemblyMinutes.acta.openedAt', { at: when(row.opened_at) }));
  if (row.closed_at) doc.text(t.t('assemblyMinutes.acta.closedAt', { at: when(row.closed_at) }));

  heading(t.t('assemblies.pdf.agenda'));
  for (const [index, item] of facts.items.entries()) {
    doc
      .moveDown(0.4)
      .font('Helvetica-Bold')
      .text(`${index + 1}. ${item.title}`)
      .font('Helvetica');
    if (item.description) doc.text(item.description);
    if (item.kind !== 'voted') {
      doc.text(t.t('assemblies.itemKind.informative'));
      continue;
    }
    doc.text(t.t(`assemblies.majority.${item.majority as 'simple'}`, { percent: item.qualified_percent ?? 0 }));
    if (item.vote_state === 'pending') {
      doc.text(t.t('assemblyMinutes.acta.notVoted'));
      continue;
    }
    await writeVote(doc, db, t, { row, item, facts, share });
  }

  heading(t.t('assemblyMinutes.acta.signatures'));
  for (const role of ['president', 'secretary', 'scrutineer', 'scrutineer'] as const) {
    doc.moveDown(1.6).text('_______________________________________');
    doc.text(t.t(`assemblyMinutes.acta.sign.${role}`));
  }
  doc.end();
  return { name: `acta-${row.id}.pdf`, body: await done };
}

type Facts = Awaited<ReturnType<typeof actaFacts>>;

/** One voted item's result: weights, seats, barred dwellings, outcome, and each dwelling's vote when public. */
async function writeVote(
  doc: PDFKit.PDFDocument,
  db: Kysely<Database>,
  t: DocumentWords,
  input: {
    row: AssemblyRow;
    item: Facts['items'][number];
    facts: Facts;
    share: (weight: number, total: number) => string;
  },
) {
  const { row, item, facts, share } = input;
  const tally = await itemTally(db, row.condo_id, item.id);
  const outcome = (item.outcome ??
    itemOutcome(tally, { majority: item.majority as 'simple', qualifiedPercent: item.qualified_percent })) as ItemOutcome;
  doc.text(t.t(item.secret === 1 ? 'assemblyMinutes.acta.secret' : 'assemblyMinutes.acta.public'));
  doc.text(
    t.t('assemblyMinutes.acta.weights', {
      yes: share(tally.yes, tally.total),
      no: share(tally.no, tally.total),
      abstain: share(tally.abstain, tally.total),
    }),
  );
  doc.text(t.t('assemblyMinutes.acta.seats', { seats: tally.seats, electorate: share(tally.electorate, tally.total) }));
  const barred = await db
    .selectFrom('assembly_item_seats')
    .select('apartment_id')
    .where('item_id', '=', item.id)
    .where('barred', '=', 1)
    .orderBy('apartment_id')
    .execute();
  if (barred.length > 0) {
    const names = barred.map((b) => facts.nameOf.get(b.apartment_id) ?? String(b.apartment_id)).join(', ');
    doc.text(t.t('assemblyMinutes.acta.barred', { dwellings: names }));
  }
  if (item.vote_state === 'closed' || item.outcome) {
    doc
      .font('Helvetica-Bold')
      .text(t.t(`assemblyMinutes.acta.outcome.${outcome}`))
      .font('Helvetica');
  } else {
    doc.text(t.t('assemblyMinutes.acta.stillOpen'));
  }
  if (item.secret === 1) return;
  const votes = await db
    .selectFrom('assembly_item_votes')
    .select(['apartment_id', 'choice'])
    .where('item_id', '=', item.id)
    .orderBy('apartment_id')
    .execute();
  for (const vote of votes) {
    const choice = t.t(`assemblyMinutes.choice.${vote.choice as VoteChoice}`);
    doc
      .fontSize(9)
      .text(`   ${facts.nameOf.get(vote.apartment_id) ?? vote.apartment_id}: ${choice}`)
      .fontSize(10);
  }
}
