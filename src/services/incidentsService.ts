// Browser side of incidents and the shift handover (src/api/incidents.ts). Every answer is checked against the
// contract; refusals come back as ApiError, and a 409 that carries the incident as it is now resolves as a
// 'conflict' result (the screen shows the fresh incident).
import {
  type Handover,
  HandoverAnswer,
  HandoversAnswer,
  INCIDENT_PATHS,
  type Incident,
  IncidentAnswer,
  type IncidentChangeRequest,
  IncidentConflictAnswer,
  type IncidentRaiseRequest,
  IncidentsPageAnswer,
  type IncidentsQuery,
  incidentChangePath,
  readHandoverPath,
} from '../api/incidents';
import { apiPath, call, http, keepingConflict } from './http';

export type IncidentChangeResult =
  | { kind: 'changed'; incident: Incident }
  | { kind: 'conflict'; message: string; incident: Incident };

export function fetchIncidents(query: IncidentsQuery, signal?: AbortSignal): Promise<IncidentsPageAnswer> {
  const searchParams: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query) as [string, string | number | undefined][]) {
    if (value !== undefined && value !== '') searchParams[key] = value;
  }
  return call(() => http.get(apiPath(INCIDENT_PATHS.list), { searchParams, signal }), IncidentsPageAnswer);
}

export async function raiseIncident(request: IncidentRaiseRequest, signal?: AbortSignal): Promise<Incident> {
  return (await call(() => http.post(apiPath(INCIDENT_PATHS.raise), { json: request, signal, timeout: 60_000 }), IncidentAnswer))
    .data;
}

export async function changeIncident(
  incidentId: number,
  request: IncidentChangeRequest,
  signal?: AbortSignal,
): Promise<IncidentChangeResult> {
  const kept = keepingConflict(
    () => http.post(apiPath(incidentChangePath(incidentId)), { json: request, signal, timeout: 60_000 }),
    IncidentConflictAnswer,
  );
  try {
    return { kind: 'changed', incident: (await call(kept.send, IncidentAnswer)).data };
  } catch (error) {
    const known = kept.conflict();
    if (known) return { kind: 'conflict', message: known.message, incident: known.incident };
    throw error;
  }
}

export async function fetchHandovers(signal?: AbortSignal): Promise<Handover[]> {
  return (await call(() => http.get(apiPath(INCIDENT_PATHS.handovers), { signal }), HandoversAnswer)).items;
}

export async function writeHandover(notes: string, signal?: AbortSignal): Promise<Handover> {
  return (await call(() => http.post(apiPath(INCIDENT_PATHS.writeHandover), { json: { notes }, signal }), HandoverAnswer)).data;
}

export async function readHandover(handoverId: number, signal?: AbortSignal): Promise<Handover> {
  return (await call(() => http.post(apiPath(readHandoverPath(handoverId)), { json: {}, signal }), HandoverAnswer)).data;
}
