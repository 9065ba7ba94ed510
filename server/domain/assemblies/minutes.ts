// The book of minutes (src/api/assemblyMinutes.ts): filing a closed assembly's signed acta once, the addenda that
// correct it afterwards, the book as its readers see it, and the check that recomputes each stored file's hash.
// Filing takes the condominium (condoLock) so the next number is read and written by one filer at a time; the unique
// indexes (one entry per assembly, one number per condominium) make two filings at once one anyway. The acta enters
// the library through fileDocument (folder 'actas', source the assembly, the settings' minutes audience). Nothing of
// an entry is updated afterwards: a correction is an addendum (its text and optional file hashed together).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type MinutesAddendumRequest,
  type MinutesCheck,
  type MinutesEntry,
  mayReadMinutes,
} from '../../../src/api/assemblyMinutes';
import { type DocumentAudience, MINUTES_FOLDER } from '../../../src/api/documents';
import { ErrorCodes } from '../../../src/api/errors';
import type { AttachmentUpload } from '../../../src/api/uploads';
import type { Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { decodeDocumentFile, fileDocument } from '../shared/documentLibrary';
import { documentWords } from '../shared/documentWords';
import { utcToLocal } from '../shared/zonedTime';
import { type AssemblyRow, assemblyOf, callsOf } from './rows';
import { readSettings } from './settings';

export const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** An addendum's hash: its text, then its file's bytes if any. */
export const addendumHash = (text: string, file: Uint8Array | null) => {
  const hash = createHash('sha256').update(Buffer.from(text, 'utf8'));
  if (file) hash.update(file);
  return hash.digest('hex');
};

const minutesNotFound = () => new AppError(404, ErrorCodes.notFound, 'assemblyMinutes.refusal.notFound');

export interface FileActaInput {
  condoId: number;
  actorUserId: number | null;
  at: string;
  language: Language;
  file: { contentType: string; data: Buffer; fileName: string };
}

/**
 * Files the signed acta of a closed assembly in the book (inside the caller's transaction, which holds the
 * condominium): the library document and the entry with the next number. 409 if it is not closed or already filed.
 */
export async function fileActaIn(trx: Kysely<Database>, row: AssemblyRow, input: FileActaInput): Promise<number> {
  if (row.state !== 'closed') throw new AppError(409, ErrorCodes.conflict, 'assemblyMinutes.refusal.notClosed');
  const filed = await trx.selectFrom('assembly_minutes').select('id').where('assembly_id', '=', row.id).executeTakeFirst();
  if (filed) throw new AppError(409, ErrorCodes.conflict, 'assemblyMinutes.refusal.alreadyFiled');
  const last = await trx
    .selectFrom('assembly_minutes')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('condo_id', '=', input.condoId)
    .executeTakeFirst();
  const number = Number(last?.n ?? 0) + 1;
  const settings = await readSettings(trx, input.condoId);
  const t = documentWords(input.language);
  const { documentId } = await fileDocument(trx, {
    condoId: input.condoId,
    actorUserId: input.actorUserId,
    at: input.at,
    file: input.file,
    folder: MINUTES_FOLDER,
    name: t.t('assemblyMinutes.documentName', { number, title: row.title }).slice(0, 120),
    audience: settings.minutesAudience,
    source: { kind: 'assembly', id: row.id },
  });
  const { id } = await trx
    .insertInto('assembly_minutes')
    .values({
      condo_id: input.condoId,
      assembly_id: row.id,
      number,
      document_id: documentId,
      sha256: sha256Hex(input.file.data),
      filed_by: input.actorUserId,
      filed_at: input.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    condoId: input.condoId,
    actorUserId: input.actorUserId,
    entity: 'assembly',
    entityId: row.id,
    action: 'create',
    after: { folio: number, title: row.title },
    at: input.at,
  });
  return id;
}

/** The route's filing: the upload checked to be the PDF or image it says before anything is written. */
export async function fileActa(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  assemblyId: number,
  upload: AttachmentUpload,
  language: Language,
): Promise<number> {
  const file = decodeDocumentFile(upload);
  try {
    return await db.transaction().execute(async (trx) => {
      await lockCondo(trx, auth.condoId);
      const row = await assemblyOf(trx, auth.condoId, assemblyId);
      return fileActaIn(trx, row, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        at: clock.now().toISOString(),
        language,
        file,
      });
    });
  } catch (error) {
    // Two filings at once that both passed the read: the unique index kept one.
    if (error instanceof AppError) throw error;
    const filed = await db.selectFrom('assembly_minutes').select('id').where('assembly_id', '=', assemblyId).executeTakeFirst();
    if (filed) throw new AppError(409, ErrorCodes.conflict, 'assemblyMinutes.refusal.alreadyFiled');
    throw error;
  }
}

async function entryRow(db: Kysely<Database>, condoId: number, minutesId: number) {
  const row = await db
    .selectFrom('assembly_minutes')
    .selectAll()
    .where('id', '=', minutesId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row) throw minutesNotFound();
  return row;
}

/** A correction: its text and optional file, hashed, numbered after the last one. */
export async function addAddendum(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  minutesId: number,
  request: MinutesAddendumRequest,
): Promise<void> {
  const file = request.file ? decodeDocumentFile(request.file) : null;
  const text = request.text.trim();
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const entry = await entryRow(trx, auth.condoId, minutesId);
    const at = clock.now().toISOString();
    const fileId = file
      ? await saveFile(trx, { ownerUserId: auth.userId, contentType: file.contentType, data: file.data, createdAt: at })
      : null;
    const last = await trx
      .selectFrom('assembly_minute_addenda')
      .select((eb) => eb.fn.max('position').as('n'))
      .where('minutes_id', '=', minutesId)
      .executeTakeFirst();
    const position = Number(last?.n ?? 0) + 1;
    await trx
      .insertInto('assembly_minute_addenda')
      .values({
        minutes_id: minutesId,
        position,
        text,
        file_id: fileId,
        sha256: addendumHash(text, file?.data ?? null),
        created_by: auth.userId,
        created_at: at,
      })
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: entry.assembly_id,
      action: 'update',
      after: { folio: entry.number, nota: text.slice(0, 200) },
      at,
    });
  });
}

/** Who may read the book: the library's rule on the settings' minutes audience (403 otherwise). */
export async function requireBookReader(db: Kysely<Database>, condoId: number, audiences: readonly DocumentAudience[]) {
  const { minutesAudience } = await readSettings(db, condoId);
  if (!mayReadMinutes(audiences, minutesAudience)) throw forbidden();
}

export interface BookLinks {
  timeZone: string;
  /** A signed link to a library version's file. */
  documentFile(fileId: number): string;
  addendumFile(fileId: number): string;
}

/** The book, newest entry first; or one entry. */
export async function minutesBook(
  db: Kysely<Database>,
  condoId: number,
  links: BookLinks,
  only?: number,
): Promise<MinutesEntry[]> {
  let query = db
    .selectFrom('assembly_minutes as m')
    .innerJoin('assemblies as a', 'a.id', 'm.assembly_id')
    .leftJoin('documents as d', 'd.id', 'm.document_id')
    .leftJoin('document_versions as v', (j) => j.onRef('v.document_id', '=', 'd.id').onRef('v.number', '=', 'd.current_version'))
    .leftJoin('users as u', 'u.id', 'm.filed_by')
    .select([
      'm.id',
      'm.number',
      'm.assembly_id',
      'm.sha256',
      'm.filed_at',
      'a.title',
      'v.file_id',
      'v.file_name',
      'u.name as filed_by',
    ])
    .where('m.condo_id', '=', condoId);
  if (only !== undefined) query = query.where('m.id', '=', only);
  const rows = await query.orderBy('m.number', 'desc').execute();
  if (rows.length === 0) return [];
  const addenda = await db
    .selectFrom('assembly_minute_addenda as x')
    .leftJoin('users as u', 'u.id', 'x.created_by')
    .select(['x.minutes_id', 'x.position', 'x.text', 'x.file_id', 'x.sha256', 'x.created_at', 'u.name'])
    .where(
      'x.minutes_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('x.position')
    .execute();
  const entries: MinutesEntry[] = [];
  for (const r of rows) {
    const first = (await callsOf(db, r.assembly_id))[0];
    entries.push({
      id: r.id,
      number: r.number,
      assemblyId: r.assembly_id,
      assemblyTitle: r.title,
      assemblyDate: first ? utcToLocal(first.starts_at, links.timeZone) : '',
      sha256: r.sha256,
      fileUrl: r.file_id ? links.documentFile(r.file_id) : null,
      fileName: r.file_name ?? null,
      filedAt: r.filed_at,
      filedBy: r.filed_by ?? null,
      addenda: addenda
        .filter((x) => x.minutes_id === r.id)
        .map((x) => ({
          position: x.position,
          text: x.text,
          fileUrl: x.file_id ? links.addendumFile(x.file_id) : null,
          sha256: x.sha256,
          createdAt: x.created_at,
          createdBy: x.name ?? null,
        })),
    });
  }
  return entries;
}

/** One entry for its filer or corrector (404 when gone). */
export async function minutesEntry(db: Kysely<Database>, condoId: number, links: BookLinks, minutesId: number) {
  const [entry] = await minutesBook(db, condoId, links, minutesId);
  if (!entry) throw minutesNotFound();
  return entry;
}

export async function minutesIdOf(db: Kysely<Database>, assemblyId: number): Promise<number> {
  const row = await db
    .selectFrom('assembly_minutes')
    .select('id')
    .where('assembly_id', '=', assemblyId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The hashes recomputed from the stored bytes: the filed acta's (the document's current version) and each addendum's. */
export async function checkMinutes(db: Kysely<Database>, condoId: number, minutesId: number): Promise<MinutesCheck> {
  const entry = await entryRow(db, condoId, minutesId);
  const stored = entry.document_id
    ? await db
        .selectFrom('documents as d')
        .innerJoin('document_versions as v', (j) =>
          j.onRef('v.document_id', '=', 'd.id').onRef('v.number', '=', 'd.current_version'),
        )
        .innerJoin('files as f', 'f.id', 'v.file_id')
        .select('f.data')
        .where('d.id', '=', entry.document_id)
        .executeTakeFirst()
    : undefined;
  const addenda = await db
    .selectFrom('assembly_minute_addenda as x')
    .leftJoin('files as f', 'f.id', 'x.file_id')
    .select(['x.position', 'x.text', 'x.file_id', 'x.sha256', 'f.data'])
    .where('x.minutes_id', '=', minutesId)
    .orderBy('x.position')
    .execute();
  return {
    intact: stored !== undefined && sha256Hex(stored.data) === entry.sha256,
    addenda: addenda.map((x) => ({
      position: x.position,
      intact: (x.file_id === null || x.data !== null) && addendumHash(x.text, x.data ?? null) === x.sha256,
    })),
  };
}

/** The addendum's file when it is one; undefined otherwise. */
export async function addendumFile(db: Kysely<Database>, fileId: number) {
  const row = await db
    .selectFrom('assembly_minute_addenda as x')
    .innerJoin('files as f', 'f.id', 'x.file_id')
    .select(['f.content_type', 'f.data', 'x.position'])
    .where('x.file_id', '=', fileId)
    .executeTakeFirst();
  if (!row) return undefined;
  const extension = row.content_type === 'application/pdf' ? 'pdf' : row.content_type.split('/')[1];
  return {
    content_type: row.content_type,
    file_name: `adenda-${row.position}.${extension}`,
    data: row.data,
    kind: row.content_type.startsWith('image/') ? 'image' : 'file',
  };
}
