// Sending a proof of payment (src/api/proofs.ts): the dwellings the caller may send for, and the proof itself. A
// resident sends for a dwelling they live in (permissions.canSendPaymentProof), a reviewer for any of the
// condominium's: another dwelling or condominium is 404. The day paid is checked in the condominium's zone (not
// after today, not more than a year before), the file by its bytes (an image or a PDF of at most 10 MB, whatever its
// name says). The screen's clientId makes a second press, or a retry after a lost answer, answer the first proof.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canSendPaymentProof } from '../../../src/api/permissions';
import {
  PROOF_FILE_MAX_BYTES,
  type Proof,
  type ProofDraft,
  type ProofOptions,
  paidOnProblem,
  referenceKey,
} from '../../../src/api/proofs';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import type { Auth } from '../shared/auth';
import { loadAccess } from '../shared/sessionData';
import { decodeAttachment } from '../shared/uploads';
import { condoToday } from '../shared/zonedTime';
import { proofReader, readProof } from './read';

const byName = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

const dwellingNotFound = () => notFound('errors.notFound.dwelling');

/** What the form offers the caller: their dwellings (any active one for a reviewer), and a reviewer's accounts. */
export async function proofOptions(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<ProofOptions> {
  const access = await loadAccess(db, auth);
  const reader = await proofReader(db, auth, access);
  let dwellings = db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.condo_id', '=', auth.condoId)
    .where('a.active', '=', 1);
  if (!reader.reviewer) {
    if (reader.own.length === 0) dwellings = dwellings.where('a.id', '=', 0);
    else dwellings = dwellings.where('a.id', 'in', reader.own);
  }
  const rows = (await dwellings.execute()).map((r) => ({ id: r.id, nombre: r.tower ? `${r.tower} - ${r.name}` : r.name }));
  const accounts = reader.reviewer
    ? (await db.selectFrom('ledger_accounts').select(['id', 'name']).where('condo_id', '=', auth.condoId).execute()).map((a) => ({
        id: a.id,
        nombre: a.name,
      }))
    : [];
  return {
    dwellings: rows.sort((a, b) => byName.compare(a.nombre, b.nombre) || a.id - b.id),
    reviewer: reader.reviewer,
    accounts: accounts.sort((a, b) => byName.compare(a.nombre, b.nombre) || a.id - b.id),
    today: await condoToday(db, clock, auth.condoId),
  };
}

const badDay = (problem: 'future' | 'tooOld') =>
  new AppError(
    400,
    ErrorCodes.badRequest,
    problem === 'future' ? 'proofs.error.paidOnFuture' : 'proofs.error.paidOnTooOld',
    'paidOn',
  );
const badFile = () => new AppError(400, ErrorCodes.badRequest, 'proofs.error.badFile', 'file');
const clientIdReused = () => new AppError(409, ErrorCodes.conflict, 'proofs.error.clientIdReused');

/** Thrown inside the transaction when another request with the same clientId wrote first: nothing of ours is kept. */
class SentMeanwhile extends Error {}

export async function sendProof(
  db: Kysely<Database>,
  deps: { clock: Clock; apiPrefix: string },
  auth: Auth,
  draft: ProofDraft,
): Promise<{ proof: Proof; created: boolean }> {
  const access = await loadAccess(db, auth);
  const own = access.usuario.apartments.map((a) => a.AptId);
  if (!canSendPaymentProof(access, own, draft.apartmentId)) throw dwellingNotFound();
  const apartment = await db
    .selectFrom('apartments')
    .select('id')
    .where('id', '=', draft.apartmentId)
    .where('condo_id', '=', auth.condoId)
    .where('active', '=', 1)
    .executeTakeFirst();
  if (!apartment) throw dwellingNotFound();

  const again = async () => {
    const first = await db
      .selectFrom('payment_proofs')
      .select(['id', 'user_id'])
      .where('condo_id', '=', auth.condoId)
      .where('client_id', '=', draft.clientId)
      .executeTakeFirst();
    if (!first) return null;
    if (first.user_id !== auth.userId) throw clientIdReused();
    return { proof: await readProof(db, deps, auth, first.id), created: false };
  };
  const earlier = await again();
  if (earlier) return earlier;

  const problem = paidOnProblem(draft.paidOn, await condoToday(db, deps.clock, auth.condoId));
  if (problem) throw badDay(problem);
  let file: ReturnType<typeof decodeAttachment>;
  try {
    file = decodeAttachment(draft.file.dataUrl, 0, { maxBytes: PROOF_FILE_MAX_BYTES, field: 'file' });
  } catch {
    throw badFile();
  }

  const now = deps.clock.now().toISOString();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const fileId = await saveFile(trx, {
        ownerUserId: auth.userId,
        contentType: file.contentType,
        data: file.data,
        createdAt: now,
      });
      const sha = await trx.selectFrom('files').select('sha256').where('id', '=', fileId).executeTakeFirstOrThrow();
      const inserted = await trx
        .insertInto('payment_proofs')
        .values({
          condo_id: auth.condoId,
          apartment_id: apartment.id,
          user_id: auth.userId,
          client_id: draft.clientId,
          state: 'enviado',
          method: draft.method,
          amount_cents: draft.amountCents,
          paid_on: draft.paidOn,
          bank: draft.bank,
          reference: draft.reference.trim(),
          reference_key: referenceKey(draft.reference),
          note: draft.note.trim(),
          file_id: fileId,
          file_name: draft.file.name.trim(),
          file_sha256: sha.sha256,
          reviewed_by: null,
          reviewed_at: null,
          reject_reason: null,
          payment_id: null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['condo_id', 'client_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new SentMeanwhile();
      return inserted.id;
    });
    return { proof: await readProof(db, deps, auth, id), created: true };
  } catch (error) {
    if (!(error instanceof SentMeanwhile)) throw error;
    const first = await again();
    if (!first) throw error;
    return first;
  }
}
