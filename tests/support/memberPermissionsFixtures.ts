// Members of the permissions tab as the server answers them (src/api/memberPermissions.ts), for the machine
// models and the view test: a guard without 'Verificar pase', the same after a save, as someone else left it
// (stale), and the condominium's only administrator (the caller).
import { completeSet, type MemberPermissions, type MemberRow, type PermissionSet } from '../../src/api/memberPermissions';

const NO_ROLES = { admin: false, board: false, employee: false, guard: false, supervisor: false };

export const guardSet = (
  changes: { permisos?: Record<string, boolean>; funciones?: Record<string, number> } = {},
): PermissionSet =>
  completeSet(
    { ...NO_ROLES, guard: true },
    [
      { clave: 'ACC-PAS', tipo: 'ver', activa: changes.permisos?.['ACC-PAS'] ?? false },
      { clave: 'COM-SOL', tipo: 'ver', activa: changes.permisos?.['COM-SOL'] ?? false },
    ],
    Object.entries(changes.funciones ?? {}).map(([funcion, tipo]) => ({ funcion, tipo })),
  );

export const GUARD: MemberPermissions = {
  membershipId: 21,
  nombre: 'Víctor Navarro Ríos',
  email: 'vigilante1@demo.mx',
  activo: true,
  esYo: false,
  version: 'a1',
  set: guardSet(),
};

export const GUARD_SAVED: MemberPermissions = { ...GUARD, version: 'b2', set: guardSet({ permisos: { 'ACC-PAS': true } }) };
/** Someone else gave COM-SOL meanwhile. */
export const GUARD_FRESH: MemberPermissions = { ...GUARD, version: 'c3', set: guardSet({ permisos: { 'COM-SOL': true } }) };
export const GUARD_REDONE: MemberPermissions = {
  ...GUARD,
  version: 'd4',
  set: guardSet({ permisos: { 'COM-SOL': true, 'ACC-PAS': true } }),
};

export const ADMIN_SELF: MemberPermissions = {
  membershipId: 1,
  nombre: 'Ana Martínez Ruiz',
  email: 'admin@demo.mx',
  activo: true,
  esYo: true,
  version: 'e5',
  set: completeSet(
    { ...NO_ROLES, admin: true },
    [
      { clave: 'ADEUDOS', tipo: 'alto', activa: true },
      { clave: 'COM-EDO', tipo: 'ver', activa: true },
    ],
    [{ funcion: 'Ingresos', tipo: 3 }],
  ),
};

export const STALE_MESSAGE = 'Alguien más cambió los permisos de esta persona mientras los editabas.';
export const LAST_ADMIN_MESSAGE =
  'El condominio debe conservar al menos un administrador activo: no se le puede quitar el rol al último.';

export const row = (m: MemberPermissions, viviendas: string[] = []): MemberRow => ({
  membershipId: m.membershipId,
  nombre: m.nombre,
  email: m.email,
  roles: m.set.roles,
  activo: m.activo,
  viviendas,
});

export const RESIDENT_ROW: MemberRow = {
  membershipId: 30,
  nombre: 'Rosa Hernández Díaz',
  email: 'residente@demo.mx',
  roles: NO_ROLES,
  activo: true,
  viviendas: ['Torre A - 101'],
};
