// Session data (spec §3.1) for each role, with the permissions the demo data gives that role
// (server/db/seed/demo.ts), so unit and view tests speak about the same people as the e2e suite.
import type { RoleFunction, SessionData, SessionSection, UserPermission } from '../../src/api/sessions';

export type Role = 'admin' | 'board' | 'resident' | 'employee' | 'guard' | 'supervisor';
export const ROLES: readonly Role[] = ['admin', 'board', 'resident', 'employee', 'guard', 'supervisor'];

const grant = (Clave: string, Tipo: string, Activa: 0 | 1 = 1): UserPermission => ({ Clave, Tipo, Activa });
const fn = (Funcion: string, Tipo: number): RoleFunction => ({ Funcion, Tipo });
const FINANCE = ['Bancos', 'Consolidado', 'Egresos', 'Fondos', 'Ingresos', 'Morosos', 'Presupuestos'];

const PERMISSIONS: Record<Role, { permisos: UserPermission[]; funciones: RoleFunction[] }> = {
  admin: {
    permisos: [
      grant('ADEUDOS', 'alto'),
      grant('COM-EDO', 'ver'),
      grant('COM-ENC', 'ver'),
      grant('COM-REP', 'ver'),
      grant('COM-RES', 'ver'),
      grant('COM-SOL', 'ver'),
    ],
    funciones: FINANCE.map((f) => fn(f, 3)),
  },
  board: {
    permisos: [
      grant('ADEUDOS', 'ver'),
      grant('COM-EDO', 'ver'),
      grant('COM-ENC', 'ver'),
      grant('COM-REP', 'ver'),
      grant('COM-RES', 'ver'),
      grant('COM-SOL', 'ver'),
    ],
    funciones: FINANCE.map((f) => fn(f, 1)),
  },
  resident: {
    permisos: [
      grant('COM-EDO', 'ver'),
      grant('COM-ENC', 'ver'),
      grant('COM-REP', 'ver'),
      grant('COM-RES', 'ver'),
      grant('COM-SOL', 'ver'),
    ],
    funciones: [fn('Consolidado', 1), fn('Egresos', 1), fn('Ingresos', 1)],
  },
  employee: { permisos: [grant('COM-SOL', 'ver')], funciones: [] },
  guard: { permisos: [grant('ACC-PAS', 'ver'), grant('COM-SOL', 'ver', 0)], funciones: [] },
  supervisor: { permisos: [grant('ACC-PAS', 'ver'), grant('COM-SOL', 'ver')], funciones: [] },
};

const FLAGS: Record<
  Role,
  Pick<SessionData['usuario'], 'UserIsAdmin' | 'UserIsBoard' | 'UserIsEmployed' | 'UserIsGuard' | 'UserIsSupervisor'>
> = {
  admin: { UserIsAdmin: 'Y', UserIsBoard: 'N', UserIsEmployed: 'N', UserIsGuard: 'N', UserIsSupervisor: 'N' },
  board: { UserIsAdmin: 'N', UserIsBoard: 'Y', UserIsEmployed: 'N', UserIsGuard: 'N', UserIsSupervisor: 'N' },
  resident: { UserIsAdmin: 'N', UserIsBoard: 'N', UserIsEmployed: 'N', UserIsGuard: 'N', UserIsSupervisor: 'N' },
  employee: { UserIsAdmin: 'N', UserIsBoard: 'N', UserIsEmployed: 'Y', UserIsGuard: 'N', UserIsSupervisor: 'N' },
  guard: { UserIsAdmin: 'N', UserIsBoard: 'N', UserIsEmployed: 'N', UserIsGuard: 'Y', UserIsSupervisor: 'N' },
  supervisor: { UserIsAdmin: 'N', UserIsBoard: 'N', UserIsEmployed: 'Y', UserIsGuard: 'N', UserIsSupervisor: 'Y' },
};

const NAMES: Record<Role, string> = {
  admin: 'Ana Martínez Ruiz',
  board: 'Carlos Ramírez Soto',
  resident: 'Rosa Hernández Díaz',
  employee: 'Emilio Torres Vega',
  guard: 'Gabriel Flores Luna',
  supervisor: 'Sofía Vargas Peña',
};

export const section = (SectId: number, SectCode: string, extra: Partial<SessionSection> = {}): SessionSection => ({
  SectId,
  SectCode,
  SectName: `${SectCode || 'blog'} ${SectId}`,
  SectPosition: SectId,
  ExclusivaUsuarios: 'N',
  UserId: null,
  ...extra,
});

/** Las Palmas' sections as the demo loads them (the inactive one is not in session data). */
export const PALMAS_SECTIONS: SessionSection[] = [
  section(1, '', { SectName: 'Avisos de la administración' }),
  section(2, 'SA', { SectName: 'Solicitudes a la administración' }),
  section(3, 'RI', { SectName: 'Reservación de áreas comunes' }),
  section(4, 'EN', { SectName: 'Encuestas y votaciones' }),
  section(5, 'IC', { SectName: 'Comunicación entre vecinos' }),
  section(6, 'EV', { SectName: 'Calendario de eventos' }),
  section(7, 'AC', { SectName: 'Asuntos del consejo' }),
  section(8, 'OR', { SectName: 'Obras y reparaciones' }),
  section(9, '', { SectName: 'Comité de jardinería', ExclusivaUsuarios: 'Y', UserId: null }),
];

/** Las Palmas's time zone in the demo (the default one); a test of another zone passes condo.timeZone. */
export const PALMAS_TIME_ZONE = 'America/Mexico_City';

export interface SessionOptions {
  condo?: Partial<SessionData['condo']>;
  usuario?: Partial<SessionData['usuario']>;
  secciones?: SessionSection[];
  usuarioPermisos?: UserPermission[];
  permisosRoles?: RoleFunction[];
  app?: SessionData['app'];
}

export function sessionFor(role: Role, options: SessionOptions = {}): SessionData {
  return {
    app: options.app ?? { legacyAppUrl: null },
    condo: {
      CondoId: 1,
      CondoName: 'Residencial Las Palmas',
      CondoStatus: 'A',
      endsubscription: '2027-12-31',
      MostrarIngresos: 'T',
      displaydirectory: 'R',
      TipoDescarga: 'pdf',
      tipoAvisos: 'email',
      AvisoPrivacidad: null,
      AvisoActivo: 0,
      timeZone: PALMAS_TIME_ZONE,
      ...options.condo,
    },
    condoLogo: { FileName: null },
    usuario: {
      UserId: 10,
      UserName: NAMES[role],
      UserEmail: `${role}@demo.mx`,
      user_hash: 'hash',
      AptId: null,
      ...FLAGS[role],
      AvisoPrivacidad: '2026-01-01T00:00:00.000Z',
      fotoSignedUrl: null,
      language: 'es',
      apartments: [],
      ...options.usuario,
    },
    secciones: options.secciones ?? PALMAS_SECTIONS,
    usuarioPermisos: options.usuarioPermisos ?? PERMISSIONS[role].permisos,
    permisosRoles: options.permisosRoles ?? PERMISSIONS[role].funciones,
  };
}
