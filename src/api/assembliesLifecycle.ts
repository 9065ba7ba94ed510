// The lifecycle of an assembly (issue 32; DESIGN.md §8 "Lifecycles as tables"): the one table of which action moves
// an assembly from which state to which. Those who manage assemblies (administrators; the board where the
// condominium allows it) take every action. draft → called (the call is sent: notice, mail, calendar) → waiting
// (for the quorum of the current call, 1..3; `nextCall` moves to the next) → open (only when the current call's
// quorum is met: assemblyQuorum.ts) → closed; cancelled from any state before open. The agenda's votes (next) open
// and close items inside `open`. The server refuses what this table does not allow (409 with the assembly as it
// is); the machines offer only what it lists. Pure: runs in the browser and on the server.

export const ASSEMBLY_STATES = ['draft', 'called', 'waiting', 'open', 'closed', 'cancelled'] as const;
export type AssemblyState = (typeof ASSEMBLY_STATES)[number];

export const ASSEMBLY_ACTIONS = ['call', 'convene', 'nextCall', 'open', 'close', 'cancel'] as const;
export type AssemblyAction = (typeof ASSEMBLY_ACTIONS)[number];

export interface AssemblyTransition {
  action: AssemblyAction;
  from: readonly AssemblyState[];
  to: AssemblyState;
  /** Only while a later call exists. */
  laterCall?: boolean;
  /** Only when the current call's quorum is met. */
  quorum?: boolean;
}

export const ASSEMBLY_LIFECYCLE: readonly AssemblyTransition[] = [
  { action: 'call', from: ['draft'], to: 'called' },
  { action: 'convene', from: ['called'], to: 'waiting' },
  { action: 'nextCall', from: ['waiting'], to: 'waiting', laterCall: true },
  { action: 'open', from: ['waiting'], to: 'open', quorum: true },
  { action: 'close', from: ['open'], to: 'closed' },
  { action: 'cancel', from: ['draft', 'called', 'waiting'], to: 'cancelled' },
];

/** What the table reads of an assembly. */
export interface AssemblyFacts {
  state: AssemblyState;
  /** 1..3 while waiting or open; 0 before. */
  currentCall: number;
  callCount: number;
  quorumMet: boolean;
}

/** Why the table refuses: not from this state, no later call, or the quorum is not met. */
export type AssemblyRefusal = 'notAllowed' | 'noLaterCall' | 'noQuorum';

export function assemblyTransition(
  facts: AssemblyFacts,
  action: AssemblyAction,
): { transition: AssemblyTransition } | { refusal: AssemblyRefusal } {
  const transition = ASSEMBLY_LIFECYCLE.find((t) => t.action === action && t.from.includes(facts.state));
  if (!transition) return { refusal: 'notAllowed' };
  if (transition.laterCall && facts.currentCall >= facts.callCount) return { refusal: 'noLaterCall' };
  if (transition.quorum && !facts.quorumMet) return { refusal: 'noQuorum' };
  return { transition };
}

/** The actions the table allows now, in its order. */
export const assemblyActionsFor = (facts: AssemblyFacts): AssemblyAction[] =>
  ASSEMBLY_ACTIONS.filter((action) => 'transition' in assemblyTransition(facts, action));

/** Attendance is recorded while waiting for the quorum and while open; residents confirm until then. */
export const takesAttendance = (state: AssemblyState) => state === 'waiting' || state === 'open';
export const takesConfirmations = (state: AssemblyState) => state === 'called' || state === 'waiting';
