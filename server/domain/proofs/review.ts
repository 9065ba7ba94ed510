// Deciding a proof of payment (src/api/proofsLifecycle.ts): a reviewer accepts it (the payment through the one way
// in, insertLedgerPayment: the payment, its receipt and its history row; mode A's invoice; the proof accepted, its
// own history row and the resident told, all in one transaction) or rejects it with a reason; its sender (or a
// resident of its dwelling) withdraws it while it waits. The condominium is taken first (condoLock.ts) and the
// state is read and changed under it, the change itself conditional on the proof still waiting: of two accepts at
// once, one writes the payment and the other is 409 with the proof as it is, having written nothing.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { Proof, ProofMethod } from '../../../src/api/proofs';
import { canTakeProofAction, type ProofAction, type ProofState, proofTransition } from '../../../src/api/proofsLifecycle';
import type { Database } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { insertLedgerPayment } from '../shared/ledgerPayments';
import { invoicePaymentIfAutomatic } from '../shared/paymentInvoicing';
import { tellProofOutcome } from './notices';
import { type ProofReader, proofNotFound, proofReader, readProof, rolesOf } from './read';

type Deps = { clock: Clock; apiPrefix: string };

/** What the proof row is read as while it is decided. */
interface DecidedProof {
  id: number;
  condo_id: number;
  apartment_id: number;
  user_id: number;
  amount_cents: number;
  method: string;
  paid_on: string;
  bank: string;
  reference: string;
}

/** What a decision writes beside the state, and what its history row adds. */
interface Decision {
  columns: { reviewed_by?: number; reviewed_at?: string; reject_reason?: string; payment_id?: number };
  history: Record<string, unknown>;
}

/** The proof has moved on (accepted, rejected or withdrawn meanwhile): 409 with it as it is now. */
class NotWaiting extends Error {}

async function decide(
  db: Kysely<Database>,
  deps: Deps,
  auth: Auth,
  id: number,
  action: ProofAction,
  write: (trx: Kysely<Database>, proof: DecidedProof, now: Date) => Promise<Decision>,
): Promise<Proof> {
  const reader: ProofReader = await proofReader(db, auth);
  const to = proofTransition('enviado', action)!.to;
  try {
    await db.transaction().execute(async (trx) => {
      await lockCondo(trx, auth.condoId);
      const proof = await trx
        .selectFrom('payment_proofs')
        .select(['id', 'condo_id', 'apartment_id', 'user_id', 'state', 'amount_cents', 'method', 'paid_on', 'bank', 'reference'])
        .where('id', '=', id)
        .where('condo_id', '=', auth.condoId)
        .executeTakeFirst();
      const roles = proof ? rolesOf(reader, proof) : [];
      // Nothing says a proof the caller may not see exists.
      if (!proof || roles.length === 0) throw proofNotFound();
      const state = proof.state as ProofState;
      if (!proofTransition(state, action)) throw new NotWaiting();
      if (!canTakeProofAction(state, action, roles)) throw forbidden();
      const now = deps.clock.now();
      const after = await write(trx, proof, now);
      const moved = await trx
        .updateTable('payment_proofs')
        .set({ state: to, updated_at: now.toISOString(), ...after.columns })
        .where('id', '=', proof.id)
        .where('state', '=', 'enviado')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new NotWaiting();
      await recordAudit(trx, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        entity: 'payment_proof',
        entityId: proof.id,
        action,
        before: { estado: state },
        after: { estado: to, ...after.history },
        at: now,
      });
    });
  } catch (error) {
    if (!(error instanceof NotWaiting)) throw error;
    const proof = await readProof(db, deps, auth, id, reader);
    throw new AppError(409, ErrorCodes.conflict, 'proofs.error.notWaiting', undefined, { proof });
  }
  return readProof(db, deps, auth, id, reader);
}

/** Accepts a waiting proof into the account chosen (404 another condominium's account). */
export function acceptProof(db: Kysely<Database>, deps: Deps, auth: Auth, id: number, accountId: number): Promise<Proof> {
  return decide(db, deps, auth, id, 'aceptar', async (trx, proof, now) => {
    const account = await trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('id', '=', accountId)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!account) throw notFound('errors.notFound.ledgerAccount');
    const paymentId = await insertLedgerPayment(
      trx,
      {
        condoId: proof.condo_id,
        apartmentId: proof.apartment_id,
        accountId: account.id,
        paidOn: proof.paid_on,
        reference: `${proof.bank} ${proof.reference}`,
        method: proof.method as ProofMethod,
      },
      Number(proof.amount_cents),
      { actorUserId: auth.userId, at: now, after: { proofId: proof.id, accountId: account.id } },
    );
    await invoicePaymentIfAutomatic(trx, proof.condo_id, proof.apartment_id, paymentId, now);
    await tellProofOutcome(trx, deps.clock, proof, { kind: 'aceptado', paymentId, actorUserId: auth.userId });
    return {
      columns: { reviewed_by: auth.userId, reviewed_at: now.toISOString(), payment_id: paymentId },
      history: { pago: paymentId, monto: Number(proof.amount_cents), cuenta: account.id },
    };
  });
}

/** Rejects a waiting proof with a reason its sender reads. */
export function rejectProof(db: Kysely<Database>, deps: Deps, auth: Auth, id: number, reason: string): Promise<Proof> {
  const why = reason.trim();
  return decide(db, deps, auth, id, 'rechazar', async (trx, proof, now) => {
    await tellProofOutcome(trx, deps.clock, proof, { kind: 'rechazado', reason: why, actorUserId: auth.userId });
    return {
      columns: { reviewed_by: auth.userId, reviewed_at: now.toISOString(), reject_reason: why },
      history: { motivo: why },
    };
  });
}

/** Withdraws a waiting proof: its sender's or a resident of its dwelling's. */
export function withdrawProof(db: Kysely<Database>, deps: Deps, auth: Auth, id: number): Promise<Proof> {
  return decide(db, deps, auth, id, 'retirar', async (): Promise<Decision> => ({ columns: {}, history: {} }));
}
