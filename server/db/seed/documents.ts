// The document library's demo (issue 32) in Residencial Las Palmas: the reglamento for everyone in two versions (the
// first kept in the list) and the building's insurance policy for owners; the actas folder holds the past assembly's
// signed acta, filed by the book of minutes (assemblyMinutes.ts). Each file a small PDF made here with pdfkit;
// deterministic for a given seed clock.
import type { Kysely } from 'kysely';
import PDFDocument from 'pdfkit';
import type { DocumentAudience, DocumentFolderCode } from '../../../src/api/documents';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import type { Database } from '../schema';

const DAY = 86_400_000;

interface DemoDocument {
  folder: DocumentFolderCode;
  name: string;
  audience: DocumentAudience;
  /** Each version: its file's name, its lines, how many days ago it was uploaded; the last is the current one. */
  versions: { fileName: string; lines: string[]; daysAgo: number; note?: string }[];
}

/** The demo's documents (tests find them by their names). */
export const DEMO_DOCUMENTS: readonly DemoDocument[] = [
  {
    folder: 'reglamento',
    name: 'Reglamento interno del condominio',
    audience: 'everyone',
    versions: [
      {
        fileName: 'reglamento-2023.pdf',
        lines: ['Reglamento interno', 'Residencial Las Palmas', 'Versión aprobada en 2023.'],
        daysAgo: 700,
      },
      {
        fileName: 'reglamento-2025.pdf',
        lines: ['Reglamento interno', 'Residencial Las Palmas', 'Reforma de los horarios de la alberca y de mascotas.'],
        daysAgo: 120,
        note: 'Reforma aprobada en asamblea.',
      },
    ],
  },
  {
    folder: 'seguros',
    name: 'Póliza de seguro del edificio',
    audience: 'owners',
    versions: [
      {
        fileName: 'poliza-seguro.pdf',
        lines: ['Póliza de seguro de daños', 'Residencial Las Palmas', 'Vigencia de un año; cubre áreas comunes.'],
        daysAgo: 60,
      },
    ],
  },
] as const;

/** A one-page PDF with these lines. */
export function smallPdf(lines: readonly string[], at: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 72, info: { Title: lines[0] ?? '', CreationDate: at } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const [title, ...rest] = lines;
  doc.fontSize(18).text(title ?? '');
  doc.moveDown();
  for (const line of rest) doc.fontSize(12).text(line);
  doc.end();
  return ended;
}

export async function seedDocuments(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now().getTime();
  const condo = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
  const admin = (await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow()).id;
  for (const demo of DEMO_DOCUMENTS) {
    const first = new Date(now - demo.versions[0]!.daysAgo * DAY).toISOString();
    const last = new Date(now - demo.versions.at(-1)!.daysAgo * DAY).toISOString();
    const { id } = await db
      .insertInto('documents')
      .values({
        condo_id: condo.id,
        folder_code: demo.folder,
        folder_id: null,
        name: demo.name,
        audience: demo.audience,
        current_version: demo.versions.length,
        created_by: admin,
        created_at: first,
        updated_at: last,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, version] of demo.versions.entries()) {
      const at = new Date(now - version.daysAgo * DAY);
      const fileId = await saveFile(db, {
        ownerUserId: admin,
        contentType: 'application/pdf',
        data: await smallPdf(version.lines, at),
        createdAt: at.toISOString(),
      });
      await db
        .insertInto('document_versions')
        .values({
          document_id: id,
          number: index + 1,
          file_id: fileId,
          file_name: version.fileName,
          note: version.note ?? null,
          uploaded_by: admin,
          uploaded_at: at.toISOString(),
        })
        .execute();
    }
  }
}
