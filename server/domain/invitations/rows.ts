// What the invitations' domain shares: refusals, the roles of an invitation or membership row, dwelling names,
// and the answer shapes built from rows.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type AccessRequest,
  type AccessRequestState,
  type Invitation,
  type ResidencyKind,
  STAFF_ROLES,
  type StaffRole,
} from '../../../src/api/invitations';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';

export const notFoundRefusal = (
  id:
    | 'invitationsNotices.refusal.dwellingNotFound'
    | 'invitationsNotices.refusal.invitationNotFound'
    | 'invitationsNotices.refusal.residentNotFound'
    | 'invitationsNotices.refusal.requestNotFound',
) => new AppError(404, ErrorCodes.notFound, id);

type RoleFlags = { is_admin: number; is_board: number; is_employee: number; is_guard: number; is_supervisor: number };

const FLAG: Record<StaffRole, keyof RoleFlags> = {
  admin: 'is_admin',
  board: 'is_board',
  employee: 'is_employee',
  guard: 'is_guard',
  supervisor: 'is_supervisor',
};

export const rolesOf = (row: RoleFlags): StaffRole[] => STAFF_ROLES.filter((role) => row[FLAG[role]] === 1);

/** The membership flags of roles; a supervisor is an employee too (as the demo data has them). */
export function flagsOf(roles: readonly StaffRole[]): Record<keyof RoleFlags, 0 | 1> {
  const has = (role: StaffRole): 0 | 1 => (roles.includes(role) ? 1 : 0);
  return {
    is_admin: has('admin'),
    is_board: has('board'),
    is_employee: roles.includes('employee') || roles.includes('supervisor') ? 1 : 0,
    is_guard: has('guard'),
    is_supervisor: has('supervisor'),
  };
}

export const asKind = (kind: string | null): ResidencyKind | null => (kind === 'owner' || kind === 'tenant' ? kind : null);

/** An active dwelling of the condominium with its name, or 404. */
export async function activeDwelling(db: Kysely<Database>, condoId: number, apartmentId: number) {
  const row = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower', 'a.active', 't.active as towerActive'])
    .where('a.id', '=', apartmentId)
    .where('a.condo_id', '=', condoId)
    .executeTakeFirst();
  if (row?.active !== 1 || row.towerActive === 0) throw notFoundRefusal('invitationsNotices.refusal.dwellingNotFound');
  return { id: row.id, name: dwellingName(row.tower, row.name) };
}

export async function invitationAnswer(db: Kysely<Database>, id: number, now: string): Promise<Invitation> {
  const row = await db
    .selectFrom('invitations as i')
    .leftJoin('apartments as a', 'a.id', 'i.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .selectAll('i')
    .select(['a.name as apartment', 't.name as tower'])
    .where('i.id', '=', id)
    .executeTakeFirstOrThrow();
  return toInvitation(row, now);
}

export function toInvitation(
  row: {
    id: number;
    email: string;
    name: string;
    apartment_id: number | null;
    apartment: string | null;
    tower: string | null;
    kind: string | null;
    sent_count: number;
    last_sent_at: string;
    expires_at: string;
    access_request_id: number | null;
  } & RoleFlags,
  now: string,
): Invitation {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    ApmtId: row.apartment_id,
    dwelling: row.apartment === null ? null : dwellingName(row.tower, row.apartment),
    kind: asKind(row.kind),
    roles: rolesOf(row),
    sentCount: row.sent_count,
    lastSentAt: row.last_sent_at,
    expiresAt: row.expires_at,
    expired: row.expires_at <= now,
    accessRequestId: row.access_request_id,
  };
}

const STATES: readonly AccessRequestState[] = ['pendiente', 'aprobada', 'rechazada'];

export function toAccessRequest(
  row: {
    id: number;
    nombre: string;
    email: string;
    tel: string;
    comentarios: string;
    vivienda: string | null;
    created_at: string;
    status: string;
    decided_at: string | null;
    decision_message: string | null;
  },
  suggestedApmtId: number | null,
): AccessRequest {
  return {
    id: row.id,
    nombre: row.nombre,
    email: row.email,
    tel: row.tel,
    comentarios: row.comentarios,
    vivienda: row.vivienda ?? '',
    createdAt: row.created_at,
    status: STATES.find((s) => s === row.status) ?? 'pendiente',
    decidedAt: row.decided_at,
    decisionMessage: row.decision_message,
    suggestedApmtId,
  };
}
