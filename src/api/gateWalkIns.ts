// Walk-ins (visitas sin pase, issue 26): somebody comes to the caseta without a pass. The guard picks the dwelling
// and says who it is and why; the dwelling's residents are told at once and approve or refuse from their phone;
// the first answer wins. The caseta reads the answer again as soon as the live channel (issue 30) says the walk-in
// moved, and every WALK_IN_POLL_MS besides.
// Nobody answering within the condominium's walkInAnswerMinutes (default WALK_IN_ANSWER_MS) reads as 'noAnswer' (computed from expiresAt when read, no job), and
// the guard decides. Whatever the guard decides is recorded in the movement log (src/api/gate.ts) as an entry or a
// refusal (reason 'guardDecision') with a note saying who answered what.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
} from 'superstruct';
import { ClientId, GATE_LIMITS, GateMovement } from './gate';
import { LIVE_FALLBACK_REFRESH_MS } from './live';
import { Id, NonEmpty } from './validation';

export const WALK_IN_PATHS = {
  /** canUseGate (gate shift too): POST WalkInAskRequest → WalkInAskAnswer; a replayed clientId: the same walk-in. */
  ask: '/--caseta/visitas-sin-pase',
  /** canUseGate (gate shift too): GET → WalkInAnswer, polled by the caseta until it is answered or expires. */
  status: '/--caseta/visitas-sin-pase/:id',
  /** canUseGate (gate shift too): POST WalkInDecideRequest → WalkInDecidedAnswer; 409 still asking / refused. */
  decide: '/--caseta/visitas-sin-pase/:id/decidir',
  /** Any member: GET their dwellings' walk-ins still asking → PendingWalkInsAnswer. */
  pending: '/--visitas/pendientes',
  /** A resident of the walk-in's dwelling: POST WalkInRespondRequest → WalkInAnswer; 409 answered or expired. */
  respond: '/--visitas/:id/responder',
} as const;

export const walkInStatusPath = (id: number) => `/--caseta/visitas-sin-pase/${id}`;
export const walkInDecidePath = (id: number) => `/--caseta/visitas-sin-pase/${id}/decidir`;
export const walkInRespondPath = (id: number) => `/--visitas/${id}/responder`;

/** Why somebody came. */
export const WALK_IN_REASONS = ['delivery', 'technician', 'guest', 'other'] as const;
export type WalkInReason = (typeof WALK_IN_REASONS)[number];
/** asking → approved | refused | noAnswer (expired while asking) → decided (the guard recorded the movement). */
export const WALK_IN_STATUSES = ['asking', 'approved', 'refused', 'noAnswer', 'decided'] as const;
export type WalkInStatus = (typeof WALK_IN_STATUSES)[number];
export const WALK_IN_ANSWERS = ['approve', 'refuse'] as const;
export type WalkInAnswerKind = (typeof WALK_IN_ANSWERS)[number];
export const WALK_IN_DECISIONS = ['entry', 'refusal'] as const;
export type WalkInDecision = (typeof WALK_IN_DECISIONS)[number];

/**
 * How long the residents have to answer by default: three minutes. Each condominium sets its own
 * (walkInAnswerMinutes, src/api/condoSettings.ts); the walk-in's expiresAt is fixed when it is asked.
 */
export const WALK_IN_ANSWER_MS = 3 * 60_000;
/** The caseta asks for the answer this often while it waits: behind the live channel (issue 30), which brings the
 * answer at once, a safety net, and how the end of the answer time shows. */
export const WALK_IN_POLL_MS = 10_000;
/** A resident's pending walk-ins are read again this often while their screen is open (the live channel brings a new
 * one at once). */
export const PENDING_WALK_INS_POLL_MS = LIVE_FALLBACK_REFRESH_MS;

const OptionalText = (max: number) => optional(nullable(size(string(), 0, max)));

export const WalkInAskRequest = object({
  /** The id the caseta made (crypto.randomUUID): a retry after a lost answer asks once. */
  clientId: ClientId,
  apartmentId: Id,
  visitorName: NonEmpty(GATE_LIMITS.visitorName),
  reason: enums(WALK_IN_REASONS),
  note: OptionalText(GATE_LIMITS.note),
  people: refine(
    integer(),
    'People',
    (value) => (value >= 1 && value <= GATE_LIMITS.people) || `must be 1 to ${GATE_LIMITS.people}`,
  ),
  plates: OptionalText(GATE_LIMITS.plates),
});
export type WalkInAskRequest = Infer<typeof WalkInAskRequest>;

export const WalkIn = object({
  id: number(),
  clientId: string(),
  apartmentId: number(),
  /** 'Torre A - 101', or the dwelling's name without a tower. */
  dwelling: string(),
  visitorName: string(),
  reason: enums(WALK_IN_REASONS),
  note: nullable(string()),
  people: number(),
  plates: nullable(string()),
  status: enums(WALK_IN_STATUSES),
  /** ISO-8601 UTC. */
  askedAt: string(),
  /** 'YYYY-MM-DD HH:mm' in the condominium's zone. */
  askedLocal: string(),
  /** ISO-8601 UTC: after it, nobody answering reads as noAnswer. */
  expiresAt: string(),
  answer: nullable(enums(WALK_IN_ANSWERS)),
  /** The resident who answered (their name). */
  answeredBy: nullable(string()),
  answeredAt: nullable(string()),
  decision: nullable(enums(WALK_IN_DECISIONS)),
  movementId: nullable(number()),
});
export type WalkIn = Infer<typeof WalkIn>;

export const WalkInAnswer = object({ success: literal(true), data: WalkIn });
export type WalkInAnswer = Infer<typeof WalkInAnswer>;

export const WalkInAskAnswer = object({
  success: literal(true),
  data: WalkIn,
  /** The clientId was asked before: nothing was written, nobody told again. */
  replayed: boolean(),
  /** How many residents were told (0: nobody lives registered there, the answer will be noAnswer). */
  told: number(),
});
export type WalkInAskAnswer = Infer<typeof WalkInAskAnswer>;

export const WalkInDecideRequest = object({
  /** The movement's id, made once per attempt: a retry records once. */
  clientId: ClientId,
  decision: enums(WALK_IN_DECISIONS),
  accessPoint: OptionalText(GATE_LIMITS.accessPoint),
  note: OptionalText(GATE_LIMITS.note),
});
export type WalkInDecideRequest = Infer<typeof WalkInDecideRequest>;

export const WalkInDecidedAnswer = object({
  success: literal(true),
  data: WalkIn,
  movement: GateMovement,
  /** Decided before (a retry): the movement recorded then. */
  duplicate: boolean(),
});
export type WalkInDecidedAnswer = Infer<typeof WalkInDecidedAnswer>;

export const WalkInRespondRequest = object({ answer: enums(WALK_IN_ANSWERS) });
export type WalkInRespondRequest = Infer<typeof WalkInRespondRequest>;

export const PendingWalkInsAnswer = object({ success: literal(true), items: array(WalkIn) });
export type PendingWalkInsAnswer = Infer<typeof PendingWalkInsAnswer>;
