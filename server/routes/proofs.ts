// Proofs of payment (src/api/proofs.ts, issue 27): the list and sending one, the form's options, one proof, and
// deciding it. Members with 'Estado de cuenta' and reviewers (permissions.canUsePaymentProofs) read and send;
// accepting and rejecting are the reviewers' (canReviewPaymentProofs, the rule of "Registrar pago"); withdrawing is
// the sender's, checked with the proof in the domain. Another condominium's proof, dwelling or account is 404. The
// file is served behind the signed links the answers carry.
import type { FastifyInstance } from 'fastify';
import { canReviewPaymentProofs, canUsePaymentProofs } from '../../src/api/permissions';
import {
  PROOF_FILE_MAX_BYTES,
  PROOF_PATHS,
  ProofAcceptRequest,
  type ProofAnswer,
  ProofDraft,
  type ProofListAnswer,
  ProofListQuery,
  type ProofOptionsAnswer,
  ProofParams,
  ProofRejectRequest,
} from '../../src/api/proofs';
import { checkProofFileLink, proofFile } from '../domain/proofs/files';
import { listProofs, readProof } from '../domain/proofs/read';
import { acceptProof, rejectProof, withdrawProof } from '../domain/proofs/review';
import { proofOptions, sendProof } from '../domain/proofs/send';
import { signedInRoutes } from './guards';
import { signedFileRoute } from './signedFileRoute';

/** A file of PROOF_FILE_MAX_BYTES as a base64 data URL, with the other fields: beyond the app's 1 MiB body limit. */
const PROOF_BODY_LIMIT = Math.ceil(PROOF_FILE_MAX_BYTES / 3) * 4 + 64_000;

export default async function proofRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const members = { allow: canUsePaymentProofs };
  const reviewers = { allow: canReviewPaymentProofs };
  const deps = { clock: app.clock, apiPrefix: app.prefix };

  routes.get<{ Querystring: ProofListQuery }>(
    PROOF_PATHS.list,
    { schema: { querystring: ProofListQuery }, ...members },
    async (request, reply): Promise<ProofListAnswer> => {
      reply.header('cache-control', 'no-store');
      return { success: true, ...(await listProofs(app.db, deps, request.auth, request.query)) };
    },
  );

  // 201 a new proof; 200 the first one again for a clientId already used (a retry); 404 a dwelling not the caller's.
  routes.post<{ Body: ProofDraft }>(
    PROOF_PATHS.list,
    { schema: { body: ProofDraft }, ...members, bodyLimit: PROOF_BODY_LIMIT },
    async (request, reply): Promise<ProofAnswer> => {
      const { proof, created } = await sendProof(app.db, deps, request.auth, request.body);
      reply.code(created ? 201 : 200);
      return { success: true, data: proof };
    },
  );

  routes.get(
    PROOF_PATHS.options,
    members,
    async (request): Promise<ProofOptionsAnswer> => ({
      success: true,
      data: await proofOptions(app.db, app.clock, request.auth),
    }),
  );

  routes.get<{ Params: ProofParams }>(
    PROOF_PATHS.proof,
    { schema: { params: ProofParams }, ...members },
    async (request, reply): Promise<ProofAnswer> => {
      reply.header('cache-control', 'no-store');
      return { success: true, data: await readProof(app.db, deps, request.auth, request.params.id) };
    },
  );

  routes.post<{ Params: ProofParams; Body: ProofAcceptRequest }>(
    PROOF_PATHS.accept,
    { schema: { params: ProofParams, body: ProofAcceptRequest }, ...reviewers },
    async (request): Promise<ProofAnswer> => ({
      success: true,
      data: await acceptProof(app.db, deps, request.auth, request.params.id, request.body.accountId),
    }),
  );

  routes.post<{ Params: ProofParams; Body: ProofRejectRequest }>(
    PROOF_PATHS.reject,
    { schema: { params: ProofParams, body: ProofRejectRequest }, ...reviewers },
    async (request): Promise<ProofAnswer> => ({
      success: true,
      data: await rejectProof(app.db, deps, request.auth, request.params.id, request.body.reason),
    }),
  );

  routes.post<{ Params: ProofParams }>(
    PROOF_PATHS.withdraw,
    { schema: { params: ProofParams }, ...members },
    async (request): Promise<ProofAnswer> => ({
      success: true,
      data: await withdrawProof(app.db, deps, request.auth, request.params.id),
    }),
  );

  signedFileRoute(app, {
    path: PROOF_PATHS.file,
    param: 'fileId',
    check: (link) => checkProofFileLink(app.db, app.clock, link),
    load: (id) => proofFile(app.db, id),
  });
}
