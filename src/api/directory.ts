// The directories (directorio-principal: residents by tower and dwelling; directorio-empleados: the staff with
// their roles), issue 16, and each person's choice in mi-perfil to show their phone and e-mail there.
// Who opens which: permissions.directoriesFor (the condominium's displaydirectory; administrators both). A phone
// or an e-mail leaves the server only when its person chose to show it in this condominium.
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
} from 'superstruct';
import type { MessageId } from '../i18n/messages';
import { QueryInteger } from './validation';

export const DIRECTORY_PATHS = {
  /** GET, members whose directoriesFor gives residents: dwellings with their residents (?q, ?torreId, paging). */
  residents: '/--directorio/residentes',
  /** GET, members whose directoriesFor gives employees: administrators, board, employees, guards, supervisors. */
  staff: '/--directorio/empleados',
  /** GET, any signed-in member: their phone and their show choices in this condominium (mi-perfil). */
  myContact: '/--directorio/mi-contacto',
  /** POST, any signed-in member: save them. */
  saveMyContact: '/--directorio/mi-contacto/guardar',
} as const;

export const DIRECTORY_PAGE_SIZE = 25;
export const DIRECTORY_SEARCH_MAX = 100;

export const ResidentsQuery = object({
  q: optional(size(string(), 0, DIRECTORY_SEARCH_MAX)),
  torreId: optional(QueryInteger(0, 2_147_483_647)),
  limit: optional(QueryInteger(1, 100)),
  offset: optional(QueryInteger(0, 1_000_000)),
});
export type ResidentsQuery = Infer<typeof ResidentsQuery>;

export const StaffQuery = object({ q: optional(size(string(), 0, DIRECTORY_SEARCH_MAX)) });
export type StaffQuery = Infer<typeof StaffQuery>;

export const RESIDENCY_KINDS = ['owner', 'tenant'] as const;
export type ResidencyKind = (typeof RESIDENCY_KINDS)[number];

/** One person as the directory shows them: phone and e-mail null unless they chose to show them. */
export const DirectoryPerson = object({
  membershipId: number(),
  name: string(),
  photoUrl: nullable(string()),
  phone: nullable(string()),
  email: nullable(string()),
});
export type DirectoryPerson = Infer<typeof DirectoryPerson>;

export const DirectoryResident = object({
  membershipId: number(),
  name: string(),
  photoUrl: nullable(string()),
  phone: nullable(string()),
  email: nullable(string()),
  kind: enums(RESIDENCY_KINDS),
});
export type DirectoryResident = Infer<typeof DirectoryResident>;

export const DirectoryDwelling = object({
  aptId: number(),
  aptName: string(),
  torreId: nullable(number()),
  torreName: nullable(string()),
  residents: array(DirectoryResident),
});
export type DirectoryDwelling = Infer<typeof DirectoryDwelling>;

export const DirectoryTower = object({ torreId: number(), torreName: string() });

export const ResidentsAnswer = object({
  success: literal(true),
  towers: array(DirectoryTower),
  dwellings: array(DirectoryDwelling),
  total: number(),
  offset: number(),
  limit: number(),
});
export type ResidentsAnswer = Infer<typeof ResidentsAnswer>;

export const STAFF_ROLES = ['admin', 'board', 'employee', 'guard', 'supervisor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const StaffMember = object({
  membershipId: number(),
  name: string(),
  photoUrl: nullable(string()),
  phone: nullable(string()),
  email: nullable(string()),
  roles: array(enums(STAFF_ROLES)),
});
export type StaffMember = Infer<typeof StaffMember>;

export const StaffAnswer = object({ success: literal(true), staff: array(StaffMember) });
export type StaffAnswer = Infer<typeof StaffAnswer>;

export const ROLE_MESSAGES: Record<StaffRole, MessageId> = {
  admin: 'directory.role.admin',
  board: 'directory.role.board',
  employee: 'directory.role.employee',
  guard: 'directory.role.guard',
  supervisor: 'directory.role.supervisor',
};

// ── mi-perfil: one's phone and the two switches ─────────────────────────────────────────────────────────

/**
 * A personal phone: 10 digits (a Mexican number) or + and a country code with the number, 8 to 15 digits in
 * all (E.164). Spaces, dashes, dots and parentheses are allowed while typing and dropped when stored.
 */
export function normalizePhone(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[\s().-]/g, '');
  if (/^\d{10}$/.test(digits)) return digits;
  if (/^\+[1-9]\d{7,14}$/.test(digits)) return digits;
  return null;
}

export const PHONE_MAX_LENGTH = 24;

export const MyContact = object({
  /** '' when none. */
  phone: string(),
  showPhone: boolean(),
  showEmail: boolean(),
});
export type MyContact = Infer<typeof MyContact>;

export const SaveMyContactRequest = object({
  phone: refine(
    size(string(), 0, PHONE_MAX_LENGTH),
    'Phone',
    (v) => v.trim() === '' || normalizePhone(v) !== null || 'not a phone',
  ),
  showPhone: boolean(),
  showEmail: boolean(),
});
export type SaveMyContactRequest = Infer<typeof SaveMyContactRequest>;

export const MyContactAnswer = object({ success: literal(true), contact: MyContact });
export type MyContactAnswer = Infer<typeof MyContactAnswer>;

/** tel: link of a stored phone (10 digits are dialled as they are). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
