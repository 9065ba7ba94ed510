// The permissions (usuarioPermisos) and role functions (permisosRoles) a person gets on joining a condominium
// through an invitation, the union when the invitation names several; the one table of them (the demo data
// gives its people the same, server/db/seed/demo.ts). The administrator edits them afterwards in 'permisos'.
import type { StaffRole } from '../../../src/api/invitations';
import { PERMISSION } from '../../../src/api/permissions';

type Grant = readonly [clave: string, tipo: string, activa: 0 | 1];
export interface Grants {
  permisos: readonly Grant[];
  funciones: readonly (readonly [funcion: string, tipo: number])[];
}

/** A resident's grants (a membership through a dwelling). */
export const RESIDENT_GRANTS: Grants = {
  permisos: [
    ['COM-EDO', 'ver', 1],
    ['COM-ENC', 'ver', 1],
    ['COM-REP', 'ver', 1],
    ['COM-RES', 'ver', 1],
    ['COM-SOL', 'ver', 1],
  ],
  funciones: [
    ['Consolidado', 1],
    ['Egresos', 1],
    ['Ingresos', 1],
  ],
};

const ALL_FUNCTIONS = ['Bancos', 'Consolidado', 'Egresos', 'Fondos', 'Ingresos', 'Morosos', 'Presupuestos'];

/**
 * Each staff role's grants. The gate's staff get 'Verificar pase' (ACC-PAS) as an inactive key: an administrator
 * switches it on in the 'permisos' tab (the demo's guard and supervisor have it on, server/db/seed/demo.ts).
 */
export const ROLE_GRANTS: Readonly<Record<StaffRole, Grants>> = {
  admin: {
    permisos: [['ADEUDOS', 'alto', 1], ...RESIDENT_GRANTS.permisos],
    funciones: ALL_FUNCTIONS.map((f) => [f, 3] as const),
  },
  board: {
    permisos: [['ADEUDOS', 'ver', 1], ...RESIDENT_GRANTS.permisos],
    funciones: ALL_FUNCTIONS.map((f) => [f, 1] as const),
  },
  employee: { permisos: [['COM-SOL', 'ver', 1]], funciones: [] },
  guard: {
    permisos: [
      [PERMISSION.passCheck, 'ver', 0],
      ['COM-SOL', 'ver', 0],
    ],
    funciones: [],
  },
  supervisor: {
    permisos: [
      [PERMISSION.passCheck, 'ver', 0],
      ['COM-SOL', 'ver', 1],
    ],
    funciones: [],
  },
};

/** How much a key grants: any active one over an inactive one, then the higher level (ver < editar < alto). */
const LEVELS = ['ver', 'editar', 'alto'];
const rank = ([, tipo, activa]: Grant) => activa * 10 + LEVELS.indexOf(tipo);

/** The grants of a resident (when `resident`) and of each role; for a key given twice, the active one at the
 * higher level; for a function, the highest level. */
export function grantsFor(resident: boolean, roles: readonly StaffRole[]): Grants {
  const sources = [...(resident ? [RESIDENT_GRANTS] : []), ...roles.map((role) => ROLE_GRANTS[role])];
  const permisos = new Map<string, Grant>();
  const funciones = new Map<string, number>();
  for (const source of sources) {
    for (const grant of source.permisos) {
      const had = permisos.get(grant[0]);
      if (!had || rank(grant) > rank(had)) permisos.set(grant[0], grant);
    }
    for (const [funcion, tipo] of source.funciones) funciones.set(funcion, Math.max(funciones.get(funcion) ?? 0, tipo));
  }
  return { permisos: [...permisos.values()], funciones: [...funciones.entries()] };
}
