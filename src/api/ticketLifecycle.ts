// The lifecycle of a request to the administrator (issue 13, DESIGN.md §8 "Lifecycles as tables"): the one
// table of which action moves a request from which state to which, and who may take it. The server refuses
// any action this table does not list for the caller (409 with the current request); the ticket-detail
// machine offers only what it lists. Pure: runs in the browser and on the server alike.

/** nuevo → asignado → en_proceso ⇄ en_espera (waiting on the resident) → resuelto → cerrado; cancelado
 * only before work starts. */
export const TICKET_STATES = ['nuevo', 'asignado', 'en_proceso', 'en_espera', 'resuelto', 'cerrado', 'cancelado'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** States in which the request still waits on someone (counted as open, may become overdue). */
export const OPEN_STATES: readonly TicketState[] = ['nuevo', 'asignado', 'en_proceso', 'en_espera'];
export const isOpenState = (state: TicketState) => OPEN_STATES.includes(state);

/**
 * The parts a person plays on one request (several at once: an administrator who filed their own request is
 * also its requester). 'system' is the scheduled job that closes a resolution nobody answered.
 */
export const TICKET_ROLES = ['requester', 'admin', 'assignee', 'system'] as const;
export type TicketRole = (typeof TICKET_ROLES)[number];

export const TICKET_ACTIONS = [
  'asignar',
  'iniciar',
  'esperar',
  'resolver',
  'confirmar',
  'reabrir',
  'cerrar',
  'cancelar',
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export interface TicketTransition {
  action: TicketAction;
  from: readonly TicketState[];
  to: TicketState;
  roles: readonly TicketRole[];
  /** Only within this many days of the resolution (the requester's answer to a resolution). */
  withinDaysOfResolution?: number;
  /** Only after this many days of the resolution (the system's automatic close). */
  afterDaysOfResolution?: number;
  /** The action names an employee to assign (asignar). */
  needsAssignee?: boolean;
}

/** The requester confirms or reopens a resolution within 7 days; after that it closes by itself. */
export const RESOLUTION_ANSWER_DAYS = 7;

export const TICKET_LIFECYCLE: readonly TicketTransition[] = [
  { action: 'asignar', from: ['nuevo'], to: 'asignado', roles: ['admin'], needsAssignee: true },
  { action: 'iniciar', from: ['asignado', 'en_espera'], to: 'en_proceso', roles: ['admin', 'assignee'] },
  { action: 'esperar', from: ['en_proceso'], to: 'en_espera', roles: ['admin', 'assignee'] },
  { action: 'resolver', from: ['asignado', 'en_proceso', 'en_espera'], to: 'resuelto', roles: ['admin', 'assignee'] },
  {
    action: 'confirmar',
    from: ['resuelto'],
    to: 'cerrado',
    roles: ['requester'],
    withinDaysOfResolution: RESOLUTION_ANSWER_DAYS,
  },
  {
    action: 'reabrir',
    from: ['resuelto'],
    to: 'en_proceso',
    roles: ['requester'],
    withinDaysOfResolution: RESOLUTION_ANSWER_DAYS,
  },
  { action: 'cerrar', from: ['resuelto'], to: 'cerrado', roles: ['admin'] },
  { action: 'cerrar', from: ['resuelto'], to: 'cerrado', roles: ['system'], afterDaysOfResolution: RESOLUTION_ANSWER_DAYS },
  { action: 'cancelar', from: ['nuevo', 'asignado'], to: 'cancelado', roles: ['requester', 'admin'] },
];

/** What the table reads of a request. */
export interface TicketFacts {
  state: TicketState;
  /** ISO-8601 UTC of the last move to resuelto; null while never resolved. */
  resolvedAt: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function timeAllows(transition: TicketTransition, ticket: TicketFacts, now: Date): boolean {
  if (transition.withinDaysOfResolution === undefined && transition.afterDaysOfResolution === undefined) return true;
  if (!ticket.resolvedAt) return false;
  const elapsed = now.getTime() - new Date(ticket.resolvedAt).getTime();
  if (transition.withinDaysOfResolution !== undefined && elapsed > transition.withinDaysOfResolution * DAY_MS) return false;
  if (transition.afterDaysOfResolution !== undefined && elapsed < transition.afterDaysOfResolution * DAY_MS) return false;
  return true;
}

/** The transition the table lists for this action, state, roles and moment; null when it lists none. */
export function ticketTransition(
  ticket: TicketFacts,
  action: TicketAction,
  roles: readonly TicketRole[],
  now: Date,
): TicketTransition | null {
  return (
    TICKET_LIFECYCLE.find(
      (t) =>
        t.action === action &&
        t.from.includes(ticket.state) &&
        t.roles.some((role) => roles.includes(role)) &&
        timeAllows(t, ticket, now),
    ) ?? null
  );
}

/** Every action the table offers these roles now, in the table's order, each once. */
export function ticketActions(ticket: TicketFacts, roles: readonly TicketRole[], now: Date): TicketAction[] {
  const offered = new Set<TicketAction>();
  for (const action of TICKET_ACTIONS) if (ticketTransition(ticket, action, roles, now)) offered.add(action);
  return [...offered];
}

/** When a resolution closes by itself (resolvedAt + RESOLUTION_ANSWER_DAYS). */
export const autoCloseAt = (resolvedAt: string) => new Date(new Date(resolvedAt).getTime() + RESOLUTION_ANSWER_DAYS * DAY_MS);

/** Priorities, lowest first, and the default hours to the due date of each (administrators may change them). */
export const TICKET_PRIORITIES = ['baja', 'media', 'alta', 'urgente'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_DUE_HOURS: Readonly<Record<TicketPriority, number>> = { baja: 168, media: 72, alta: 24, urgente: 4 };
