// configuracion, tab 'permisos' (issue 16, spec §6): the members of the condominium (staff first, then
// residents) and, for one of them, the role flags (memberships.is_*), the permission keys of
// EDITABLE_PERMISSIONS (user_permissions: active and level) and the role functions of EDITABLE_ROLE_FUNCTIONS
// (role_functions: 0 none … 3 full). Administrators only (permissions.canManagePeople); another condominium's
// membership is not found. A save sends the whole set with the version it was read at; a lost race answers
// 409 with the set as it is now, and so does a change that would leave the condominium without an active
// administrator (permissions.removesLastAdmin).
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
  pattern,
  refine,
  size,
  string,
} from 'superstruct';
import { EDITABLE_PERMISSIONS, EDITABLE_ROLE_FUNCTIONS, ROLE_FUNCTION_MAX } from './permissions';
import { Id, IdParam, QueryInteger } from './validation';

export const MEMBER_PERMISSIONS_PATHS = {
  /** GET MemberListQuery → MemberPage: staff first (administrators, board, employees, guards, supervisors),
   * then residents; each group by name. */
  list: '/--configuracion/permisos/miembros',
  /** GET one membership's set → MemberPermissionsAnswer. */
  member: (membershipId: number | string) => `/--configuracion/permisos/miembro/${membershipId}`,
  /** POST SavePermissionsRequest → MemberPermissionsAnswer; 409 PermissionsConflict (stale, lastAdmin). */
  save: '/--configuracion/permisos/guardar',
} as const;

export const MEMBER_PAGE_SIZE = 25;
export const MEMBER_MAX_PAGE_SIZE = 100;
export const MEMBER_SEARCH_MAX = 100;

/** The role flags, in the order the editor shows them (memberships.is_admin … is_supervisor). */
export const MEMBER_ROLES = ['admin', 'board', 'employee', 'guard', 'supervisor'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The list's role filter: one flag, any staff role, or residents (members without a staff role). */
export const MEMBER_FILTERS = [...MEMBER_ROLES, 'staff', 'resident'] as const;
export type MemberFilter = (typeof MEMBER_FILTERS)[number];

export const MemberListQuery = object({
  q: optional(size(string(), 0, MEMBER_SEARCH_MAX)),
  rol: optional(enums(MEMBER_FILTERS)),
  limit: optional(QueryInteger(1, MEMBER_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});
export type MemberListQuery = Infer<typeof MemberListQuery>;

export const MemberRoles = object({
  admin: boolean(),
  board: boolean(),
  employee: boolean(),
  guard: boolean(),
  supervisor: boolean(),
});
export type MemberRoles = Infer<typeof MemberRoles>;

export const MemberRow = object({
  membershipId: Id,
  nombre: string(),
  email: string(),
  roles: MemberRoles,
  /** memberships.active: a deactivated member is listed but counts for nothing. */
  activo: boolean(),
  /** "Torre A - 101", in the order of their dwellings. */
  viviendas: array(string()),
});
export type MemberRow = Infer<typeof MemberRow>;

export const MemberPage = object({
  success: literal(true),
  miembros: array(MemberRow),
  total: integer(),
  limit: integer(),
  offset: integer(),
});
export type MemberPage = Infer<typeof MemberPage>;

const PERMISSION_KEYS = EDITABLE_PERMISSIONS.map((p) => p.clave) as [string, ...string[]];
const LEVELS = [...new Set(EDITABLE_PERMISSIONS.flatMap((p) => p.levels))] as [string, ...string[]];

/** One editable permission key: active or not, and its level (one of the key's levels). */
export const PermissionGrant = object({
  clave: enums(PERMISSION_KEYS),
  activa: boolean(),
  tipo: enums(LEVELS),
});
export type PermissionGrant = Infer<typeof PermissionGrant>;

export const FunctionGrant = object({
  funcion: enums(EDITABLE_ROLE_FUNCTIONS as [string, ...string[]]),
  tipo: refine(number(), 'Range', (v) => (Number.isInteger(v) && v >= 0 && v <= ROLE_FUNCTION_MAX) || 'must be 0 to 3'),
});
export type FunctionGrant = Infer<typeof FunctionGrant>;

/** Every editable part of one membership: each EDITABLE_PERMISSIONS key and EDITABLE_ROLE_FUNCTIONS function
 * exactly once, in their order (the server refuses another shape with 400). */
export const PermissionSet = object({
  roles: MemberRoles,
  permisos: array(PermissionGrant),
  funciones: array(FunctionGrant),
});
export type PermissionSet = Infer<typeof PermissionSet>;

/** The opaque version of a set as read (a digest of the stored rows): a save names the one it was made on. */
export const SetVersion = pattern(size(string(), 1, 128), /^[0-9a-f]+$/);

export const MemberPermissions = object({
  membershipId: Id,
  nombre: string(),
  email: string(),
  activo: boolean(),
  /** The caller's own membership. */
  esYo: boolean(),
  version: string(),
  set: PermissionSet,
});
export type MemberPermissions = Infer<typeof MemberPermissions>;

export const MemberPermissionsAnswer = object({ success: literal(true), miembro: MemberPermissions });
export type MemberPermissionsAnswer = Infer<typeof MemberPermissionsAnswer>;

export const MemberParams = object({ membershipId: IdParam });

export const SavePermissionsRequest = object({
  membershipId: Id,
  version: SetVersion,
  set: PermissionSet,
});
export type SavePermissionsRequest = Infer<typeof SavePermissionsRequest>;

/** Why a save was refused with 409: the set changed since it was read, or it would leave the condominium
 * without an active administrator. Either way the answer carries the set as it is now. */
export const PERMISSIONS_REFUSALS = ['stale', 'lastAdmin'] as const;
export type PermissionsRefusal = (typeof PERMISSIONS_REFUSALS)[number];

export const PermissionsConflict = object({
  success: literal(false),
  code: literal('CONFLICT'),
  message: string(),
  messageId: optional(string()),
  field: optional(nullable(string())),
  motivo: enums(PERMISSIONS_REFUSALS),
  miembro: MemberPermissions,
});
export type PermissionsConflict = Infer<typeof PermissionsConflict>;

/** The set with every editable key and function in order, filling what the stored rows lack (inactive at the
 * key's first level; function 0). Both sides use it: the server to read rows, the editor to compare. */
export function completeSet(
  roles: MemberRoles,
  permisos: readonly { clave: string; tipo: string; activa: boolean }[],
  funciones: readonly { funcion: string; tipo: number }[],
): PermissionSet {
  return {
    roles: { ...roles },
    permisos: EDITABLE_PERMISSIONS.map(({ clave, levels }) => {
      const stored = permisos.find((p) => p.clave === clave);
      const tipo = stored && levels.includes(stored.tipo) ? stored.tipo : levels[0]!;
      return { clave, activa: stored?.activa ?? false, tipo };
    }),
    funciones: EDITABLE_ROLE_FUNCTIONS.map((funcion) => {
      const stored = funciones.find((f) => f.funcion === funcion);
      return { funcion, tipo: Math.max(0, Math.min(ROLE_FUNCTION_MAX, stored?.tipo ?? 0)) };
    }),
  };
}

/** Whether a set names each editable key and function once, in order, with a level the key offers. */
export function isCompleteSet(set: PermissionSet): boolean {
  return (
    set.permisos.length === EDITABLE_PERMISSIONS.length &&
    set.permisos.every(
      (p, i) => p.clave === EDITABLE_PERMISSIONS[i]!.clave && EDITABLE_PERMISSIONS[i]!.levels.includes(p.tipo),
    ) &&
    set.funciones.length === EDITABLE_ROLE_FUNCTIONS.length &&
    set.funciones.every((f, i) => f.funcion === EDITABLE_ROLE_FUNCTIONS[i])
  );
}

/** Two sets say the same (whatever the order of their objects' properties). */
export function sameSet(a: PermissionSet, b: PermissionSet): boolean {
  return (
    MEMBER_ROLES.every((role) => a.roles[role] === b.roles[role]) &&
    a.permisos.length === b.permisos.length &&
    a.permisos.every((p, i) => {
      const q = b.permisos[i]!;
      return p.clave === q.clave && p.activa === q.activa && p.tipo === q.tipo;
    }) &&
    a.funciones.length === b.funciones.length &&
    a.funciones.every((f, i) => f.funcion === b.funciones[i]!.funcion && f.tipo === b.funciones[i]!.tipo)
  );
}
