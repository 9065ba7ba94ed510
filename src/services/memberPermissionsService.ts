// Browser side of configuracion, tab 'permisos' (src/api/memberPermissions.ts): one function per call of
// MEMBER_PERMISSIONS_PATHS. A save's 409 (the set changed meanwhile, or it would leave the condominium without
// an active administrator) is an expected answer, resolved as a typed result with the set as it is now.
import {
  MEMBER_PERMISSIONS_PATHS,
  type MemberListQuery,
  MemberPage,
  type MemberPermissions,
  MemberPermissionsAnswer,
  PermissionsConflict,
  type PermissionsRefusal,
  type SavePermissionsRequest,
} from '../api/memberPermissions';
import { apiPath, call, http, keepingConflict } from './http';

export type SavePermissionsResult =
  | { kind: 'saved'; miembro: MemberPermissions }
  | { kind: 'refused'; motivo: PermissionsRefusal; message: string; miembro: MemberPermissions };

const query = (params: MemberListQuery): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<
    string,
    string | number
  >;

export function fetchMembers(params: MemberListQuery, signal?: AbortSignal): Promise<MemberPage> {
  return call(() => http.get(apiPath(MEMBER_PERMISSIONS_PATHS.list), { searchParams: query(params), signal }), MemberPage);
}

export async function fetchMemberPermissions(membershipId: number, signal?: AbortSignal): Promise<MemberPermissions> {
  return (await call(() => http.get(apiPath(MEMBER_PERMISSIONS_PATHS.member(membershipId)), { signal }), MemberPermissionsAnswer))
    .miembro;
}

export async function saveMemberPermissions(
  request: SavePermissionsRequest,
  signal?: AbortSignal,
): Promise<SavePermissionsResult> {
  const kept = keepingConflict(
    () => http.post(apiPath(MEMBER_PERMISSIONS_PATHS.save), { json: request, signal }),
    PermissionsConflict,
  );
  try {
    return { kind: 'saved', miembro: (await call(kept.send, MemberPermissionsAnswer)).miembro };
  } catch (error) {
    const conflict = kept.conflict();
    if (conflict) return { kind: 'refused', motivo: conflict.motivo, message: conflict.message, miembro: conflict.miembro };
    throw error;
  }
}
