// The lifecycle of a survey or vote (issue 14, DESIGN.md §8 "Lifecycles as tables"): the one table of which
// action moves a poll from which phase to which, and who may take it, plus the rules that decide whether a
// seat may vote now and who sees the results. The server refuses what this file does not allow (409 with
// the current poll); the machines offer only what it lists. Pure: runs in the browser and on the server.

/** What is stored: a resident's proposal, published, closed (early or at its time), cancelled, or a
 * proposal an administrator rejected. */
export const POLL_STATES = ['propuesta', 'publicada', 'cerrada', 'cancelada', 'rechazada'] as const;
export type PollState = (typeof POLL_STATES)[number];

/** What a person sees: a published poll is upcoming before `abre`, open until `cierra`, then closed, even
 * before the closing job has run (server time decides, never the job). */
export const POLL_PHASES = ['propuesta', 'proxima', 'abierta', 'cerrada', 'cancelada', 'rechazada'] as const;
export type PollPhase = (typeof POLL_PHASES)[number];

export const POLL_ROLES = ['admin', 'proposer', 'system'] as const;
export type PollRole = (typeof POLL_ROLES)[number];

export const POLL_ACTIONS = ['publicar', 'rechazar', 'cerrar', 'extender', 'cancelar'] as const;
export type PollAction = (typeof POLL_ACTIONS)[number];

export interface PollTransition {
  action: PollAction;
  from: readonly PollPhase[];
  /** The stored state after the action (extender keeps it). */
  to: PollState;
  roles: readonly PollRole[];
  /** A reason shown to everyone (cancelar) or to the proposer (rechazar). */
  needsReason?: boolean;
  /** A new closing time later than the current one and than now (extender). */
  needsClosing?: boolean;
}

export const POLL_LIFECYCLE: readonly PollTransition[] = [
  { action: 'publicar', from: ['propuesta'], to: 'publicada', roles: ['admin'] },
  { action: 'rechazar', from: ['propuesta'], to: 'rechazada', roles: ['admin'], needsReason: true },
  // Closing early: only while open. The system closes at `cierra` (the poll-close job records it).
  { action: 'cerrar', from: ['abierta'], to: 'cerrada', roles: ['admin', 'system'] },
  { action: 'extender', from: ['proxima', 'abierta'], to: 'publicada', roles: ['admin'], needsClosing: true },
  { action: 'cancelar', from: ['propuesta', 'proxima', 'abierta'], to: 'cancelada', roles: ['admin'], needsReason: true },
  // The proposer withdraws their own proposal.
  { action: 'cancelar', from: ['propuesta'], to: 'cancelada', roles: ['proposer'], needsReason: true },
];

/** What the rules read of a poll. Times are ISO-8601 UTC. */
export interface PollTimes {
  estado: PollState;
  abre: string;
  cierra: string;
}

/** The phase of a poll at `now` (ISO-8601 UTC or a Date). */
export function pollPhase(poll: PollTimes, now: Date | string): PollPhase {
  if (poll.estado !== 'publicada') return poll.estado;
  const at = typeof now === 'string' ? Date.parse(now) : now.getTime();
  if (at < Date.parse(poll.abre)) return 'proxima';
  if (at < Date.parse(poll.cierra)) return 'abierta';
  return 'cerrada';
}

/** The transitions the table lists for these roles from this phase (one per action). */
export function pollTransitions(poll: PollTimes, roles: readonly PollRole[], now: Date | string): PollTransition[] {
  const phase = pollPhase(poll, now);
  const seen = new Set<PollAction>();
  return POLL_LIFECYCLE.filter((t) => {
    if (seen.has(t.action) || !t.from.includes(phase) || !t.roles.some((r) => roles.includes(r))) return false;
    seen.add(t.action);
    return true;
  });
}

/** The actions the caller may take now. */
export const pollActions = (poll: PollTimes, roles: readonly PollRole[], now: Date | string): PollAction[] =>
  pollTransitions(poll, roles, now).map((t) => t.action);

/** The transition of one action, or null when the table refuses it. */
export function pollTransition(
  poll: PollTimes,
  action: PollAction,
  roles: readonly PollRole[],
  now: Date | string,
): PollTransition | null {
  return pollTransitions(poll, roles, now).find((t) => t.action === action) ?? null;
}

/** A poll's questions and settings may be edited only before anyone could vote: by administrators while
 * proposed or upcoming, by the proposer while proposed. */
export function canEditPoll(poll: PollTimes, roles: readonly PollRole[], now: Date | string): boolean {
  const phase = pollPhase(poll, now);
  if (roles.includes('admin')) return phase === 'propuesta' || phase === 'proxima';
  return roles.includes('proposer') && phase === 'propuesta';
}

// ── Voting

/** Why a seat may not vote now (the vote machine's "not allowed" states; the server's 409 `motivo`). */
export const VOTE_REFUSALS = ['cerrada', 'no_abierta', 'moroso', 'ya_voto', 'no_elegible'] as const;
export type VoteRefusal = (typeof VOTE_REFUSALS)[number];

/** One place a caller votes from: a dwelling (votación) or the person (encuesta). */
export interface SeatFacts {
  /** In the electorate fixed when the poll opened (a dwelling in arrears is in it, barred). */
  enElectorado: boolean;
  /** Barred at opening: its debt was older than the section's TiempoMoroso. */
  moroso: boolean;
  /** A ballot of this seat is counted. */
  votado: boolean;
}

/** Whether this seat may cast (or, where the poll allows it, change) its vote now; null = it may. */
export function voteRefusal(poll: PollTimes & { cambiable: boolean }, seat: SeatFacts, now: Date | string): VoteRefusal | null {
  const phase = pollPhase(poll, now);
  if (phase === 'proxima' || phase === 'propuesta') return 'no_abierta';
  if (phase !== 'abierta') return 'cerrada';
  if (!seat.enElectorado) return 'no_elegible';
  if (seat.moroso) return 'moroso';
  if (seat.votado && !poll.cambiable) return 'ya_voto';
  return null;
}

// ── Results (the section's VerResultados)

export type VerResultados = 0 | 1 | 2;

/**
 * Who sees the results, and when (docs/decisions.md, "Poll results"):
 * - administrators: always, from opening (never who chose what on a secret ballot);
 * - 2: everyone who reads the poll, at all times;
 * - 1: a person once one of their seats has voted (they keep seeing them after closing);
 * - 0: nobody else, ever (the administration presents the acta).
 * A proposal, a rejected proposal and an upcoming poll have no results yet.
 */
export function canSeeResults(setting: VerResultados, viewer: { admin: boolean; hasVoted: boolean }, phase: PollPhase): boolean {
  if (phase === 'propuesta' || phase === 'rechazada' || phase === 'proxima') return false;
  if (viewer.admin) return true;
  if (setting === 2) return true;
  return setting === 1 && viewer.hasVoted;
}
