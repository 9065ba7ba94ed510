// Browser side of walk-ins (src/api/gateWalkIns.ts): the caseta asks, reads the answer and decides; a resident
// reads their dwellings' pending walk-ins and answers. Every answer is checked against the contract; refusals
// come back as ApiError.
import {
  PendingWalkInsAnswer,
  WALK_IN_PATHS,
  type WalkIn,
  WalkInAnswer,
  type WalkInAnswerKind,
  WalkInAskAnswer,
  type WalkInAskRequest,
  WalkInDecidedAnswer,
  type WalkInDecideRequest,
  walkInDecidePath,
  walkInRespondPath,
  walkInStatusPath,
} from '../api/gateWalkIns';
import { apiPath, call, http } from './http';

/** Asks the dwelling; the same request sent twice (same clientId) asks once. */
export function askWalkIn(request: WalkInAskRequest, signal?: AbortSignal): Promise<WalkInAskAnswer> {
  return call(() => http.post(apiPath(WALK_IN_PATHS.ask), { json: request, signal }), WalkInAskAnswer);
}

export async function fetchWalkIn(id: number, signal?: AbortSignal): Promise<WalkIn> {
  return (await call(() => http.get(apiPath(walkInStatusPath(id)), { signal }), WalkInAnswer)).data;
}

/** The guard's decision; the same request sent twice (same clientId) records once. */
export function decideWalkIn(id: number, request: WalkInDecideRequest, signal?: AbortSignal): Promise<WalkInDecidedAnswer> {
  return call(() => http.post(apiPath(walkInDecidePath(id)), { json: request, signal }), WalkInDecidedAnswer);
}

export async function fetchPendingWalkIns(signal?: AbortSignal): Promise<WalkIn[]> {
  return (await call(() => http.get(apiPath(WALK_IN_PATHS.pending), { signal }), PendingWalkInsAnswer)).items;
}

export async function respondToWalkIn(id: number, answer: WalkInAnswerKind, signal?: AbortSignal): Promise<WalkIn> {
  return (await call(() => http.post(apiPath(walkInRespondPath(id)), { json: { answer }, signal }), WalkInAnswer)).data;
}
