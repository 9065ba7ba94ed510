// The lifecycle of an incident (issue 31; DESIGN.md §8 "Lifecycles as tables"): the one table of which action moves
// an incident from which state to which, and who may take it. A guard, a supervisor or an administrator raises it
// (open); the guard on duty, the supervisor or an administrator attends it (attended); the supervisor or an
// administrator closes it. A maintenance incident is turned into a request to the administration (a ticket) by an
// administrator (who files requests; the supervisor need not hold the requests' permission), once: it is then attended, and linked both ways. The server refuses what this
// table does not allow (409 with the incident as it is); the machines offer only what it lists. Pure: runs in the
// browser and on the server.

export const INCIDENT_STATES = ['open', 'attended', 'closed'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

export const INCIDENT_ACTIONS = ['attend', 'close', 'request'] as const;
export type IncidentAction = (typeof INCIDENT_ACTIONS)[number];

/** guard: gate staff on duty; supervisor; admin: the condominium's administrators. */
export const INCIDENT_ROLES = ['guard', 'supervisor', 'admin'] as const;
export type IncidentRole = (typeof INCIDENT_ROLES)[number];

export interface IncidentTransition {
  action: IncidentAction;
  from: readonly IncidentState[];
  to: IncidentState;
  roles: readonly IncidentRole[];
  /** Only for a maintenance incident not yet turned into a request. */
  maintenanceOnly?: boolean;
}

export const INCIDENT_LIFECYCLE: readonly IncidentTransition[] = [
  { action: 'attend', from: ['open'], to: 'attended', roles: ['guard', 'supervisor', 'admin'] },
  { action: 'close', from: ['open', 'attended'], to: 'closed', roles: ['supervisor', 'admin'] },
  { action: 'request', from: ['open', 'attended'], to: 'attended', roles: ['admin'], maintenanceOnly: true },
];

/** What the table reads of an incident. */
export interface IncidentFacts {
  state: IncidentState;
  category: string;
  ticketId: number | null;
}

/** The transition an action takes from an incident as it is, or undefined when the table does not allow it. */
export function incidentTransition(incident: IncidentFacts, action: IncidentAction): IncidentTransition | undefined {
  const transition = INCIDENT_LIFECYCLE.find((t) => t.action === action && t.from.includes(incident.state));
  if (transition?.maintenanceOnly && (incident.category !== 'maintenance' || incident.ticketId !== null)) return undefined;
  return transition;
}

/** Whether someone holding `roles` may take `action` on the incident. */
export const canTakeIncidentAction = (incident: IncidentFacts, action: IncidentAction, roles: readonly IncidentRole[]) =>
  incidentTransition(incident, action)?.roles.some((role) => roles.includes(role)) ?? false;

/** The actions someone holding `roles` may take on the incident, in the table's order. */
export const incidentActionsFor = (incident: IncidentFacts, roles: readonly IncidentRole[]): IncidentAction[] =>
  INCIDENT_ACTIONS.filter((action) => canTakeIncidentAction(incident, action, roles));
