// A proof of payment's file (an image or a PDF), stored in `files` and served behind short-lived signed links
// (infra/files/fileLinks.ts) that only the proof's answers carry, to those who may see the proof.
import type { Kysely } from 'kysely';
import { proofFilePath } from '../../../src/api/proofs';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { checkFileLink, type FileLinkKind, fileLinkSigner } from '../../infra/files/fileLinks';

const PROOF_FILE: FileLinkKind = { secret: 'finance-file-url', purpose: 'payment-proof-file', path: proofFilePath };

export const proofFileSigner = (db: Kysely<Database>, clock: Clock, apiPrefix: string) =>
  fileLinkSigner(db, clock, apiPrefix, PROOF_FILE);

export const checkProofFileLink = (db: Kysely<Database>, clock: Clock, link: { id: number; exp: number; sig: string }) =>
  checkFileLink(db, clock, PROOF_FILE, link);

/** The file when it is a proof's; undefined otherwise. An image opens in the browser, a PDF downloads. */
export async function proofFile(db: Kysely<Database>, fileId: number) {
  const row = await db
    .selectFrom('payment_proofs as p')
    .innerJoin('files as f', 'f.id', 'p.file_id')
    .select(['p.file_name', 'f.content_type', 'f.data'])
    .where('p.file_id', '=', fileId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    content_type: row.content_type,
    file_name: row.file_name,
    data: row.data,
    kind: row.content_type.startsWith('image/') ? 'image' : 'file',
  };
}
