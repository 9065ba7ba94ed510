// Reading proofs of payment (src/api/proofs.ts): who sees which (reviewers the condominium's; others the proofs of
// the dwellings they live in and those they sent), each as the contract shapes it with a signed link to its file,
// the actions the caller may take (proofsLifecycle.ts) and whether it looks like a proof already accepted.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { canReviewPaymentProofs, canSeeAccountStatement } from '../../../src/api/permissions';
import {
  PROOF_TAB_STATE,
  PROOFS_PAGE_SIZE,
  type Proof,
  type ProofListQuery,
  type ProofMethod,
  referenceKey,
  sameProof,
} from '../../../src/api/proofs';
import { type ProofRole, type ProofState, proofActionsFor } from '../../../src/api/proofsLifecycle';
import type { Database } from '../../db/schema';
import { notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { type AccessData, loadAccess } from '../shared/sessionData';
import { proofFileSigner } from './files';

export const proofNotFound = () => notFound('errors.notFound.resource');

/** Who is reading: whether they review, and the dwellings they live in. */
export interface ProofReader {
  auth: Auth;
  reviewer: boolean;
  /** Their dwellings, when they have 'Estado de cuenta' (empty otherwise). */
  own: number[];
}

export async function proofReader(db: Kysely<Database>, auth: Auth, access?: AccessData): Promise<ProofReader> {
  const data = access ?? (await loadAccess(db, auth));
  return {
    auth,
    reviewer: canReviewPaymentProofs(data),
    own: canSeeAccountStatement(data) ? data.usuario.apartments.map((a) => a.AptId) : [],
  };
}

export const rolesOf = (reader: ProofReader, proof: { user_id: number; apartment_id: number }): ProofRole[] => [
  ...(reader.reviewer ? (['reviewer'] as const) : []),
  ...(proof.user_id === reader.auth.userId || reader.own.includes(proof.apartment_id) ? (['owner'] as const) : []),
];

function proofsQuery(db: Kysely<Database>, reader: ProofReader) {
  let query = db
    .selectFrom('payment_proofs as p')
    .innerJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .innerJoin('users as s', 's.id', 'p.user_id')
    .innerJoin('files as f', 'f.id', 'p.file_id')
    .leftJoin('users as r', 'r.id', 'p.reviewed_by')
    .where('p.condo_id', '=', reader.auth.condoId);
  if (!reader.reviewer) {
    const own = reader.own;
    query = query.where((eb) =>
      own.length > 0
        ? eb.or([eb('p.user_id', '=', reader.auth.userId), eb('p.apartment_id', 'in', own)])
        : eb('p.user_id', '=', reader.auth.userId),
    );
  }
  return query;
}

const COLUMNS = [
  'p.id',
  'p.apartment_id',
  'p.user_id',
  'p.state',
  'p.method',
  'p.amount_cents',
  'p.paid_on',
  'p.bank',
  'p.reference',
  'p.note',
  'p.file_id',
  'p.file_name',
  'p.file_sha256',
  'p.reviewed_at',
  'p.reject_reason',
  'p.payment_id',
  'p.created_at',
  'a.name as dwelling',
  't.name as tower',
  's.name as sender',
  'r.name as reviewer',
  'f.content_type',
] as const;

type ProofRow = {
  id: number;
  apartment_id: number;
  user_id: number;
  state: string;
  method: string;
  amount_cents: number;
  paid_on: string;
  bank: string;
  reference: string;
  note: string;
  file_id: number;
  file_name: string;
  file_sha256: string;
  reviewed_at: string | null;
  reject_reason: string | null;
  payment_id: number | null;
  created_at: string;
  dwelling: string;
  tower: string | null;
  sender: string;
  reviewer: string | null;
  content_type: string;
};

/** The ids of the waiting proofs among `rows` that match a proof already accepted in the condominium. */
async function duplicatesAmong(db: Kysely<Database>, condoId: number, rows: readonly ProofRow[]): Promise<Set<number>> {
  const waiting = rows.filter((r) => r.state === 'enviado');
  if (waiting.length === 0) return new Set();
  const keyOf = (r: { bank: string; reference: string; amount_cents: number; paid_on: string; file_sha256: string }) => ({
    bank: r.bank,
    reference: r.reference,
    amountCents: Number(r.amount_cents),
    paidOn: r.paid_on,
    sha256: r.file_sha256,
  });
  const shas = [...new Set(waiting.map((r) => r.file_sha256))];
  const references = [...new Set(waiting.map((r) => referenceKey(r.reference)))];
  const accepted = await db
    .selectFrom('payment_proofs')
    .select(['bank', 'reference', 'amount_cents', 'paid_on', 'file_sha256'])
    .where('condo_id', '=', condoId)
    .where('state', '=', 'aceptado')
    .where((eb) => eb.or([eb('file_sha256', 'in', shas), eb('reference_key', 'in', references)]))
    .execute();
  return new Set(waiting.filter((w) => accepted.some((a) => sameProof(keyOf(w), keyOf(a)))).map((w) => w.id));
}

async function toProofs(db: Kysely<Database>, clock: Clock, apiPrefix: string, reader: ProofReader, rows: ProofRow[]) {
  const sign = await proofFileSigner(db, clock, apiPrefix);
  const duplicates = await duplicatesAmong(db, reader.auth.condoId, rows);
  return rows.map(
    (r): Proof => ({
      id: r.id,
      apartmentId: r.apartment_id,
      vivienda: dwellingName(r.tower, r.dwelling),
      estado: r.state as ProofState,
      method: r.method as ProofMethod,
      amountCents: Number(r.amount_cents),
      paidOn: r.paid_on,
      bank: r.bank,
      reference: r.reference,
      note: r.note,
      sentBy: r.sender,
      sentAt: r.created_at,
      fileName: r.file_name,
      fileType: r.content_type,
      fileUrl: sign(r.file_id),
      duplicate: duplicates.has(r.id),
      reviewedBy: r.reviewer,
      reviewedAt: r.reviewed_at,
      rejectReason: r.reject_reason,
      paymentId: r.payment_id,
      actions: proofActionsFor(r.state as ProofState, rolesOf(reader, r)),
    }),
  );
}

/** A page of the proofs the caller sees: one tab (waiting ones oldest first, the rest newest first), or all. */
export async function listProofs(
  db: Kysely<Database>,
  deps: { clock: Clock; apiPrefix: string },
  auth: Auth,
  query: ProofListQuery,
): Promise<{ items: Proof[]; total: number }> {
  const reader = await proofReader(db, auth);
  let base = proofsQuery(db, reader);
  if (query.estado) base = base.where('p.state', '=', PROOF_TAB_STATE[query.estado]);
  const direction = query.estado === 'pendientes' ? 'asc' : 'desc';
  const rows = await base
    .select(COLUMNS)
    .orderBy('p.created_at', direction)
    .orderBy('p.id', direction)
    .limit(query.limit ?? PROOFS_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return { items: await toProofs(db, deps.clock, deps.apiPrefix, reader, rows), total: Number(count.n) };
}

/** One proof the caller sees; 404 otherwise (another condominium's, another dwelling's). */
export async function readProof(
  db: Kysely<Database>,
  deps: { clock: Clock; apiPrefix: string },
  auth: Auth,
  id: number,
  reader?: ProofReader,
): Promise<Proof> {
  const who = reader ?? (await proofReader(db, auth));
  const row = await proofsQuery(db, who).select(COLUMNS).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw proofNotFound();
  return (await toProofs(db, deps.clock, deps.apiPrefix, who, [row]))[0]!;
}
