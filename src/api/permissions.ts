// The role and permission rules of spec §6, in one place: the server's guards and the client's menus
// both call these. Inputs are the session data's own shapes (spec §3.1).
import type { SessionData, SessionSection, UserPermission } from './sessions';

type User = SessionData['usuario'];

export const isAdmin = (user: Pick<User, 'UserIsAdmin'>) => user.UserIsAdmin === 'Y';
export const isBoard = (user: Pick<User, 'UserIsBoard'>) => user.UserIsBoard === 'Y';
export const isEmployee = (user: Pick<User, 'UserIsEmployed'>) => user.UserIsEmployed === 'Y';
export const isGuard = (user: Pick<User, 'UserIsGuard'>) => user.UserIsGuard === 'Y';

/** An active permission with the given key (usuarioPermisos: Clave, Activa). */
export function hasActivePermission(permissions: readonly UserPermission[], clave: string): boolean {
  return permissions.some((p) => p.Clave === clave && p.Activa === 1);
}

/** Section codes whose menu entry needs an active view permission. */
const SECTION_PERMISSION: Record<string, string> = { SA: 'COM-SOL', RI: 'COM-RES', EN: 'COM-ENC' };

/**
 * The sections a user sees in the menu: AC only for board members; exclusive sections only when the user
 * is attached; SA, RI and EN only with their active view permission; OR (works and repairs) never.
 */
export function menuSections(data: Pick<SessionData, 'usuario' | 'secciones' | 'usuarioPermisos'>): SessionSection[] {
  return data.secciones.filter((section) => {
    if (section.SectCode === 'OR') return false;
    if (section.SectCode === 'AC' && !isBoard(data.usuario)) return false;
    if (section.ExclusivaUsuarios === 'Y' && section.UserId === null) return false;
    const needed = SECTION_PERMISSION[section.SectCode];
    return needed === undefined || hasActivePermission(data.usuarioPermisos, needed);
  });
}
