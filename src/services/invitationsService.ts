// Browser side of residents, invitations and the access-request inbox (src/api/invitations.ts): one function per
// call of INVITATIONS_PATHS. A decided access request's 409 comes back as a typed result with the request as it
// is now; the link's calls turn a refused token into a typed result too (the page says why the link fails).

import { literal, object } from 'superstruct';
import {
  AcceptInvitationAnswer,
  type AcceptInvitationRequest,
  type AccessRequest,
  AccessRequestAnswer,
  AccessRequestConflict,
  AccessRequestsAnswer,
  type ApproveAccessRequest,
  DwellingChoicesAnswer,
  INVITATIONS_PATHS,
  type Invitation,
  InvitationAnswer,
  type InvitationInfo,
  InvitationInfoAnswer,
  InvitationsAnswer,
  type InviteRequest,
  MoveOutAnswer,
  type RejectAccessRequest,
  ResidentsAnswer,
  type ResidentsQuery,
} from '../api/invitations';
import { ApiError, apiPath, call, http, keepingConflict } from './http';

const Ok = object({ success: literal(true) });

const query = (params: object): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<
    string,
    string | number
  >;

export function fetchResidents(params: ResidentsQuery, signal?: AbortSignal): Promise<ResidentsAnswer> {
  return call(() => http.get(apiPath(INVITATIONS_PATHS.residents), { searchParams: query(params), signal }), ResidentsAnswer);
}

export async function fetchDwellingChoices(signal?: AbortSignal) {
  return (await call(() => http.get(apiPath(INVITATIONS_PATHS.dwellings), { signal }), DwellingChoicesAnswer)).items;
}

export async function fetchInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return (await call(() => http.get(apiPath(INVITATIONS_PATHS.invitations), { signal }), InvitationsAnswer)).items;
}

export async function sendInvitation(request: InviteRequest, signal?: AbortSignal): Promise<Invitation> {
  return (await call(() => http.post(apiPath(INVITATIONS_PATHS.invite), { json: request, signal }), InvitationAnswer)).invitation;
}

export async function resendInvitation(id: number, signal?: AbortSignal): Promise<Invitation> {
  return (await call(() => http.post(apiPath(INVITATIONS_PATHS.resend), { json: { id }, signal }), InvitationAnswer)).invitation;
}

export async function revokeInvitation(id: number, signal?: AbortSignal): Promise<void> {
  await call(() => http.post(apiPath(INVITATIONS_PATHS.revoke), { json: { id }, signal }), Ok);
}

export function moveOutResident(residencyId: number, signal?: AbortSignal): Promise<MoveOutAnswer> {
  return call(() => http.post(apiPath(INVITATIONS_PATHS.moveOut), { json: { residencyId }, signal }), MoveOutAnswer);
}

export function fetchAccessRequests(signal?: AbortSignal): Promise<AccessRequestsAnswer> {
  return call(() => http.get(apiPath(INVITATIONS_PATHS.accessRequests), { signal }), AccessRequestsAnswer);
}

/** Decided, or refused because someone decided first (409: the request as it is now, and why). */
export type DecisionResult =
  | { kind: 'decided'; request: AccessRequest }
  | { kind: 'alreadyDecided'; request: AccessRequest; message: string };

async function decide(path: string, body: object, signal?: AbortSignal): Promise<DecisionResult> {
  const request = keepingConflict(() => http.post(apiPath(path), { json: body, signal }), AccessRequestConflict);
  try {
    return { kind: 'decided', request: (await call(request.send, AccessRequestAnswer)).request };
  } catch (error) {
    const conflict = request.conflict();
    if (error instanceof ApiError && error.status === 409 && conflict) {
      return { kind: 'alreadyDecided', request: conflict.request, message: error.message };
    }
    throw error;
  }
}

export const approveAccessRequest = (body: ApproveAccessRequest, signal?: AbortSignal) =>
  decide(INVITATIONS_PATHS.approve, body, signal);

export const rejectAccessRequest = (body: RejectAccessRequest, signal?: AbortSignal) =>
  decide(INVITATIONS_PATHS.reject, body, signal);

/** Why a link does not work (the server's words), or the invitation. */
export type InvitationInfoResult = { kind: 'invitation'; invitation: InvitationInfo } | { kind: 'invalid'; message: string };

const tokenRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 400 && error.field === 'token' ? error : null;

export async function fetchInvitationInfo(token: string, signal?: AbortSignal): Promise<InvitationInfoResult> {
  try {
    const answer = await call(
      () => http.post(apiPath(INVITATIONS_PATHS.info), { json: { token }, signal }),
      InvitationInfoAnswer,
    );
    return { kind: 'invitation', invitation: answer.invitation };
  } catch (error) {
    const refused = tokenRefusal(error);
    if (refused) return { kind: 'invalid', message: refused.message };
    throw error;
  }
}

export type AcceptResult =
  | { kind: 'accepted'; token: string }
  | { kind: 'invalid'; message: string }
  /** The password (a new one the rule refuses, or not the account's), or the condominium refuses sign-in. */
  | { kind: 'refused'; message: string }
  | { kind: 'tooManyAttempts' };

export async function acceptInvitation(request: AcceptInvitationRequest, signal?: AbortSignal): Promise<AcceptResult> {
  try {
    const answer = await call(
      () => http.post(apiPath(INVITATIONS_PATHS.accept), { json: request, signal }),
      AcceptInvitationAnswer,
    );
    return { kind: 'accepted', token: answer.token };
  } catch (error) {
    const refused = tokenRefusal(error);
    if (refused) return { kind: 'invalid', message: refused.message };
    // The password (a new one the rule refuses, or not the account's), or a condominium that refuses sign-in.
    if (error instanceof ApiError && ((error.status === 400 && error.field === 'password') || error.status === 403)) {
      return { kind: 'refused', message: error.message };
    }
    if (error instanceof ApiError && error.status === 429) return { kind: 'tooManyAttempts' };
    throw error;
  }
}
