// Browser side of proofs of payment (src/api/proofs.ts, issue 27): the form's options, sending a proof, the list
// (a tab, a page), and accepting, rejecting or withdrawing one. Each answer is checked against the contract;
// refusals throw ApiError with the server's words.
import {
  PROOF_PATHS,
  PROOFS_PAGE_SIZE,
  type Proof,
  ProofAnswer,
  type ProofDraft,
  ProofListAnswer,
  type ProofOptions,
  ProofOptionsAnswer,
  type ProofTab,
  proofPath,
} from '../api/proofs';
import { apiPath, call, http } from './http';

export async function loadProofOptions(signal?: AbortSignal): Promise<ProofOptions> {
  return (await call(() => http.get(apiPath(PROOF_PATHS.options), { signal }), ProofOptionsAnswer)).data;
}

/** Sends a proof; the same draft again (its clientId) answers the first proof. A 10 MB file may take a while. */
export async function sendProof(draft: ProofDraft, signal?: AbortSignal): Promise<Proof> {
  return (await call(() => http.post(apiPath(PROOF_PATHS.list), { json: draft, signal, timeout: 120_000 }), ProofAnswer)).data;
}

export async function listProofs(
  query: { tab: ProofTab | null; page: number },
  signal?: AbortSignal,
): Promise<{ items: Proof[]; total: number }> {
  const searchParams: Record<string, string> = {
    limit: String(PROOFS_PAGE_SIZE),
    offset: String((query.page - 1) * PROOFS_PAGE_SIZE),
  };
  if (query.tab) searchParams.estado = query.tab;
  const { items, total } = await call(() => http.get(apiPath(PROOF_PATHS.list), { searchParams, signal }), ProofListAnswer);
  return { items, total };
}

export async function acceptProof(id: number, accountId: number, signal?: AbortSignal): Promise<Proof> {
  return (await call(() => http.post(apiPath(proofPath(PROOF_PATHS.accept, id)), { json: { accountId }, signal }), ProofAnswer))
    .data;
}

export async function rejectProof(id: number, reason: string, signal?: AbortSignal): Promise<Proof> {
  return (await call(() => http.post(apiPath(proofPath(PROOF_PATHS.reject, id)), { json: { reason }, signal }), ProofAnswer))
    .data;
}

export async function withdrawProof(id: number, signal?: AbortSignal): Promise<Proof> {
  return (await call(() => http.post(apiPath(proofPath(PROOF_PATHS.withdraw, id)), { signal }), ProofAnswer)).data;
}
