// The rounds' documents, in the reader's language (documentWords): the checkpoints' sheet (one page per checkpoint:
// its name, place and instructions, and its QR code large enough to read from a phone at arm's length, to stick on
// the wall), and the weekly report for the administration (each day's rounds by status, the late and missed ones,
// and the week's incidents by category and state where the incidents' table has any).
import { type Kysely, sql } from 'kysely';
import PDFDocument from 'pdfkit';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { documentWords } from '../shared/documentWords';
import { drawQr } from '../shared/pdfQr';
import { localDate, startOfLocalDay, timeZoneOf, utcToLocal } from '../shared/zonedTime';

type Db = Kysely<Database>;
const DAY_MS = 24 * 3_600_000;
const winAnsi = (text: string) => text.replace(/\u202f/g, '\u00a0');

function render(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 48, compress: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

export async function checkpointSheet(db: Db, auth: Auth, ids: readonly number[]): Promise<Buffer> {
  let query = db.selectFrom('round_checkpoints').selectAll().where('condo_id', '=', auth.condoId).where('active', '=', 1);
  if (ids.length > 0) query = query.where('id', 'in', ids);
  const rows = await query.orderBy('name').orderBy('id').execute();
  if (rows.length === 0) throw new AppError(404, 'NOT_FOUND', 'rounds.refusal.noCheckpoints');
  const words = documentWords(auth.language);
  return render((doc) => {
    rows.forEach((row, index) => {
      if (index > 0) doc.addPage();
      doc.font('Helvetica-Bold').fontSize(28).text(winAnsi(row.name), { align: 'center' });
      if (row.place) doc.moveDown(0.3).font('Helvetica').fontSize(16).text(winAnsi(row.place), { align: 'center' });
      drawQr(doc, row.code, (doc.page.width - 340) / 2, 190, 340);
      doc.y = 560;
      doc
        .font('Helvetica')
        .fontSize(12)
        .text(winAnsi(words.t('rounds.sheet.scan')), { align: 'center' });
      if (row.instructions) doc.moveDown(0.5).fontSize(11).text(winAnsi(row.instructions), { align: 'center' });
      doc.moveDown(0.5).fontSize(8).fillColor('#666666').text(row.code, { align: 'center' }).fillColor('#000000');
    });
  });
}

/** The Monday (YYYY-MM-DD) of the week that holds `day`. */
export const mondayOf = (day: string) => {
  const at = Date.parse(`${day}T00:00:00Z`);
  const weekday = (new Date(at).getUTCDay() + 6) % 7;
  return new Date(at - weekday * DAY_MS).toISOString().slice(0, 10);
};

export async function weeklyReport(
  db: Db,
  clock: Clock,
  auth: Auth,
  week: string | undefined,
): Promise<{ name: string; body: Buffer }> {
  const timeZone = await timeZoneOf(db, auth.condoId);
  const monday = mondayOf(week ?? localDate(new Date(clock.now().getTime() - 7 * DAY_MS), timeZone));
  const days = Array.from({ length: 7 }, (_, i) =>
    new Date(Date.parse(`${monday}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10),
  );
  const from = startOfLocalDay(days[0]!, timeZone);
  const to = startOfLocalDay(new Date(Date.parse(`${monday}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10), timeZone);
  const rounds = await db
    .selectFrom('rounds as r')
    .innerJoin('round_plans as p', 'p.id', 'r.plan_id')
    .select(['r.id', 'r.slot_at', 'r.status', 'p.name'])
    .where('r.condo_id', '=', auth.condoId)
    .where('r.slot_at', '>=', from)
    .where('r.slot_at', '<', to)
    .orderBy('r.slot_at')
    .execute();
  const condo = await db.selectFrom('condominiums').select('name').where('id', '=', auth.condoId).executeTakeFirstOrThrow();
  // The incidents' table (issue 31's other half) where this database has it.
  let incidents: { category: string; state: string; n: number }[] = [];
  try {
    const result = await sql<{ category: string; state: string; n: number | string }>`
      select category, state, count(*) as n from incidents
      where condo_id = ${auth.condoId} and created_at >= ${from} and created_at < ${to}
      group by category, state order by category, state`.execute(db);
    incidents = result.rows.map((r) => ({ category: r.category, state: r.state, n: Number(r.n) }));
  } catch {
    incidents = [];
  }
  const words = documentWords(auth.language);
  const statuses = ['done', 'late', 'missed', 'walking', 'scheduled'] as const;
  const body = await render((doc) => {
    doc
      .font('Helvetica-Bold')
      .fontSize(18)
      .text(winAnsi(words.t('rounds.weekly.title')));
    doc
      .font('Helvetica')
      .fontSize(11)
      .text(winAnsi(`${condo.name} · ${words.date(days[0]!)} – ${words.date(days[6]!)}`));
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(winAnsi(words.t('rounds.weekly.byDay')));
    doc.font('Helvetica').fontSize(10);
    for (const day of days) {
      const ofDay = rounds.filter((r) => localDate(r.slot_at, timeZone) === day);
      const counts = statuses.map((s) => `${words.t(`rounds.status.${s}`)}: ${ofDay.filter((r) => r.status === s).length}`);
      doc.text(winAnsi(`${words.date(day)} — ${counts.join(' · ')}`));
    }
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(winAnsi(words.t('rounds.weekly.exceptions')));
    doc.font('Helvetica').fontSize(10);
    const exceptions = rounds.filter((r) => r.status === 'late' || r.status === 'missed');
    if (exceptions.length === 0) doc.text(winAnsi(words.t('rounds.weekly.none')));
    for (const r of exceptions) {
      doc.text(
        winAnsi(
          `${utcToLocal(r.slot_at, timeZone).replace('T', ' ')} · ${r.name} · ${words.t(`rounds.status.${r.status as 'late'}`)}`,
        ),
      );
    }
    doc.moveDown();
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(winAnsi(words.t('rounds.weekly.incidents')));
    doc.font('Helvetica').fontSize(10);
    if (incidents.length === 0) doc.text(winAnsi(words.t('rounds.weekly.none')));
    for (const i of incidents) doc.text(winAnsi(`${i.category} · ${i.state}: ${i.n}`));
  });
  return { name: `recorridos-${monday}.pdf`, body };
}
