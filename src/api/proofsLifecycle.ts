// The lifecycle of a proof of payment (comprobantes de pago, issue 27; DESIGN.md §8 "Lifecycles as tables"): the one
// table of which action moves a proof from which state to which, and who may take it. A resident sends a proof
// (enviado); a reviewer (permissions.canReviewPaymentProofs) accepts it, which writes the payment to the ledger,
// or rejects it with a reason; the sender (or a resident of its dwelling) withdraws it while it waits. The server
// refuses what this table does not allow (409 with the proof as it is); the machines offer only what it lists.
// Pure: runs in the browser and on the server.

export const PROOF_STATES = ['enviado', 'aceptado', 'rechazado', 'retirado'] as const;
export type ProofState = (typeof PROOF_STATES)[number];

export const PROOF_ACTIONS = ['aceptar', 'rechazar', 'retirar'] as const;
export type ProofAction = (typeof PROOF_ACTIONS)[number];

/** reviewer: whoever records payments; owner: the sender, or a resident of the proof's dwelling. */
export const PROOF_ROLES = ['reviewer', 'owner'] as const;
export type ProofRole = (typeof PROOF_ROLES)[number];

export interface ProofTransition {
  action: ProofAction;
  from: readonly ProofState[];
  to: ProofState;
  roles: readonly ProofRole[];
  /** A reason the sender reads (rechazar). */
  needsReason?: boolean;
  /** The ledger account the money entered (aceptar). */
  needsAccount?: boolean;
}

export const PROOF_LIFECYCLE: readonly ProofTransition[] = [
  { action: 'aceptar', from: ['enviado'], to: 'aceptado', roles: ['reviewer'], needsAccount: true },
  { action: 'rechazar', from: ['enviado'], to: 'rechazado', roles: ['reviewer'], needsReason: true },
  { action: 'retirar', from: ['enviado'], to: 'retirado', roles: ['owner'] },
];

/** The transition an action takes from a state, or undefined when the table does not allow it. */
export const proofTransition = (state: ProofState, action: ProofAction): ProofTransition | undefined =>
  PROOF_LIFECYCLE.find((t) => t.action === action && t.from.includes(state));

/** Whether someone holding `roles` may take `action` on a proof in `state`. */
export const canTakeProofAction = (state: ProofState, action: ProofAction, roles: readonly ProofRole[]) =>
  proofTransition(state, action)?.roles.some((role) => roles.includes(role)) ?? false;

/** The actions someone holding `roles` may take on a proof in `state`, in the table's order. */
export const proofActionsFor = (state: ProofState, roles: readonly ProofRole[]): ProofAction[] =>
  PROOF_ACTIONS.filter((action) => canTakeProofAction(state, action, roles));

/** Settled: nothing moves it any more. */
export const isProofSettled = (state: ProofState) => PROOF_ACTIONS.every((action) => !proofTransition(state, action));
