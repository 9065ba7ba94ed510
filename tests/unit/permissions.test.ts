// Spec §6 menu rules, role by role.
import { describe, expect, it } from 'vitest';
import {
  AUTOMATIC_CHARGES_CONDO_ID,
  canEmailStatements,
  canSeeAccountStatement,
  canSeeAdminPanel,
  canSeeAutomaticCharges,
  canSeeCommunication,
  canSeeFinanceMenu,
  canSeePaymentProviderIntro,
  canSeeSupportChat,
  financialReportsAccess,
  hasActivePermission,
  hasRoleFunction,
  menuSections,
  trialDaysLeft,
} from '../../src/api/permissions';
import type { SessionData, SessionSection } from '../../src/api/sessions';
import { ROLES, type Role, sessionFor } from '../support/sessionFixtures';

const section = (SectId: number, SectCode: string, extra: Partial<SessionSection> = {}): SessionSection => ({
  SectId,
  SectCode,
  SectName: `${SectCode || 'blog'} ${SectId}`,
  SectPosition: SectId,
  ExclusivaUsuarios: 'N',
  UserId: null,
  ...extra,
});

const SECTIONS = [
  section(1, ''),
  section(2, 'SA'),
  section(3, 'RI'),
  section(4, 'EN'),
  section(5, 'IC'),
  section(6, 'EV'),
  section(7, 'AC'),
  section(8, 'OR'),
  section(9, '', { ExclusivaUsuarios: 'Y', UserId: null }),
  section(10, '', { ExclusivaUsuarios: 'Y', UserId: 42 }),
];

const ALL_VIEW = ['COM-SOL', 'COM-RES', 'COM-ENC'].map((Clave) => ({ Clave, Tipo: 'ver', Activa: 1 as const }));

function user(flags: Partial<SessionData['usuario']> = {}) {
  return { UserIsAdmin: 'N', UserIsBoard: 'N', UserIsEmployed: 'N', UserIsGuard: 'N', ...flags } as SessionData['usuario'];
}

const ids = (data: Parameters<typeof menuSections>[0]) => menuSections(data).map((s) => s.SectId);

describe('menuSections (spec §6)', () => {
  it('shows a resident everything but AC, OR and exclusive sections they are not in', () => {
    expect(ids({ usuario: user(), secciones: SECTIONS, usuarioPermisos: ALL_VIEW })).toEqual([1, 2, 3, 4, 5, 6, 10]);
  });

  it('shows AC to board members only', () => {
    expect(ids({ usuario: user({ UserIsBoard: 'Y' }), secciones: SECTIONS, usuarioPermisos: ALL_VIEW })).toContain(7);
    expect(ids({ usuario: user({ UserIsAdmin: 'Y' }), secciones: SECTIONS, usuarioPermisos: ALL_VIEW })).not.toContain(7);
  });

  it('needs the active view permission for SA, RI and EN', () => {
    const onlyRequests = [{ Clave: 'COM-SOL', Tipo: 'ver', Activa: 1 as const }];
    expect(ids({ usuario: user(), secciones: SECTIONS, usuarioPermisos: onlyRequests })).toEqual([1, 2, 5, 6, 10]);
    const inactive = ALL_VIEW.map((p) => ({ ...p, Activa: 0 as const }));
    expect(ids({ usuario: user(), secciones: SECTIONS, usuarioPermisos: inactive })).toEqual([1, 5, 6, 10]);
  });

  it('never lists works and repairs (OR)', () => {
    expect(
      ids({ usuario: user({ UserIsBoard: 'Y', UserIsAdmin: 'Y' }), secciones: SECTIONS, usuarioPermisos: ALL_VIEW }),
    ).not.toContain(8);
  });
});

describe('hasActivePermission', () => {
  it('needs the key and Activa 1', () => {
    expect(hasActivePermission([{ Clave: 'COM-EDO', Tipo: 'ver', Activa: 1 }], 'COM-EDO')).toBe(true);
    expect(hasActivePermission([{ Clave: 'COM-EDO', Tipo: 'ver', Activa: 0 }], 'COM-EDO')).toBe(false);
    expect(hasActivePermission([], 'COM-EDO')).toBe(false);
  });
});

describe('hasRoleFunction', () => {
  it('needs the function at the given type or higher (1 by default)', () => {
    expect(hasRoleFunction([{ Funcion: 'Ingresos', Tipo: 1 }], 'Ingresos')).toBe(true);
    expect(hasRoleFunction([{ Funcion: 'Ingresos', Tipo: 0 }], 'Ingresos')).toBe(false);
    expect(hasRoleFunction([{ Funcion: 'Egresos', Tipo: 3 }], 'Ingresos')).toBe(false);
    expect(hasRoleFunction([{ Funcion: 'Ingresos', Tipo: 2 }], 'Ingresos', 3)).toBe(false);
  });
});

/** One row per role: what §6 lets that role see with the demo data's permissions (MostrarIngresos T). */
const EXPECTED: Record<
  Role,
  { admin: boolean; communication: boolean; statement: boolean; finance: boolean; chat: boolean; email: boolean }
> = {
  admin: { admin: true, communication: true, statement: true, finance: true, chat: true, email: true },
  board: { admin: false, communication: true, statement: true, finance: true, chat: false, email: false },
  resident: { admin: false, communication: true, statement: true, finance: true, chat: false, email: false },
  employee: { admin: false, communication: false, statement: false, finance: false, chat: false, email: false },
  guard: { admin: false, communication: true, statement: false, finance: false, chat: false, email: false },
  supervisor: { admin: false, communication: false, statement: false, finance: false, chat: false, email: false },
};

describe.each(ROLES)('the %s', (role) => {
  const data = sessionFor(role);
  const expected = EXPECTED[role];

  it(`${expected.admin ? 'sees' : 'does not see'} Panel del administrador and the payment-provider intro`, () => {
    expect(canSeeAdminPanel(data)).toBe(expected.admin);
    expect(canSeePaymentProviderIntro(data)).toBe(expected.admin);
  });

  it(`${expected.communication ? 'sees' : 'does not see'} Comunicación`, () => {
    expect(canSeeCommunication(data)).toBe(expected.communication);
  });

  it(`${expected.statement ? 'sees' : 'does not see'} Estado de cuenta`, () => {
    expect(canSeeAccountStatement(data)).toBe(expected.statement);
  });

  it(`${expected.finance ? 'sees' : 'does not see'} the finance menu with MostrarIngresos T`, () => {
    expect(canSeeFinanceMenu(data)).toBe(expected.finance);
  });

  it(`${expected.chat ? 'gets' : 'does not get'} the support chat launcher`, () => {
    expect(canSeeSupportChat(data)).toBe(expected.chat);
  });

  it(`${expected.email ? 'may' : 'may not'} e-mail bulk statements`, () => {
    expect(canEmailStatements(data)).toBe(expected.email);
  });
});

describe('Estado de cuenta (COM-EDO)', () => {
  it('needs the permission active', () => {
    const inactive = sessionFor('resident', { usuarioPermisos: [{ Clave: 'COM-EDO', Tipo: 'ver', Activa: 0 }] });
    expect(canSeeAccountStatement(inactive)).toBe(false);
    const missing = sessionFor('board', { usuarioPermisos: [] });
    expect(canSeeAccountStatement(missing)).toBe(false);
  });

  it('is not offered to employees even with the permission', () => {
    const employee = sessionFor('employee', { usuarioPermisos: [{ Clave: 'COM-EDO', Tipo: 'ver', Activa: 1 }] });
    expect(canSeeAccountStatement(employee)).toBe(false);
  });
});

describe('the finance menu by MostrarIngresos', () => {
  const REP = [{ Clave: 'COM-REP', Tipo: 'ver', Activa: 1 as const }];
  const table: [Role, { T: boolean; M: boolean; X: boolean }][] = [
    ['admin', { T: true, M: true, X: true }],
    ['board', { T: true, M: true, X: false }],
    ['resident', { T: true, M: false, X: false }],
    ['employee', { T: false, M: false, X: false }],
    ['guard', { T: false, M: false, X: false }],
    ['supervisor', { T: false, M: false, X: false }],
  ];

  it.each(table)('the %s, with T, M and X', (role, expected) => {
    for (const setting of ['T', 'M', 'X'] as const) {
      const data = sessionFor(role, { condo: { MostrarIngresos: setting }, usuarioPermisos: REP });
      expect(canSeeFinanceMenu(data), `${role} with ${setting}`).toBe(expected[setting]);
    }
  });

  it('needs COM-REP active whatever the setting', () => {
    for (const setting of ['T', 'M', 'X'] as const) {
      const inactive = sessionFor('admin', {
        condo: { MostrarIngresos: setting },
        usuarioPermisos: [{ Clave: 'COM-REP', Tipo: 'ver', Activa: 0 }],
      });
      expect(canSeeFinanceMenu(inactive), setting).toBe(false);
    }
  });
});

describe('the financial reports guard', () => {
  const REP = [{ Clave: 'COM-REP', Tipo: 'ver', Activa: 1 as const }];
  const access = (role: Role, setting: 'T' | 'M' | 'X', extra: Parameters<typeof sessionFor>[1] = {}) =>
    financialReportsAccess(sessionFor(role, { usuarioPermisos: REP, ...extra, condo: { MostrarIngresos: setting } }));

  it('sends employees, supervisors and guards to the employee panel, whatever they hold', () => {
    for (const role of ['employee', 'supervisor', 'guard'] as const) {
      for (const setting of ['T', 'M', 'X'] as const) expect(access(role, setting), `${role} ${setting}`).toBe('employeePanel');
    }
  });

  it('lets residents in with T only', () => {
    expect(access('resident', 'T')).toBe('allowed');
    expect(access('resident', 'M')).toBe('communication');
    expect(access('resident', 'X')).toBe('communication');
  });

  it('lets board members in with T or M', () => {
    expect(access('board', 'T')).toBe('allowed');
    expect(access('board', 'M')).toBe('allowed');
    expect(access('board', 'X')).toBe('communication');
  });

  it('lets administrators in with any setting when Ingresos is type 1 or higher', () => {
    for (const setting of ['T', 'M', 'X'] as const) {
      expect(access('admin', setting, { permisosRoles: [{ Funcion: 'Ingresos', Tipo: 1 }] }), setting).toBe('allowed');
      expect(access('admin', setting, { permisosRoles: [{ Funcion: 'Ingresos', Tipo: 0 }] }), setting).toBe('communication');
      expect(access('admin', setting, { permisosRoles: [] }), setting).toBe('communication');
    }
  });

  it('sends anyone without an active COM-REP to communication', () => {
    for (const role of ['admin', 'board', 'resident'] as const) {
      const inactive = [{ Clave: 'COM-REP', Tipo: 'ver', Activa: 0 as const }];
      expect(access(role, 'T', { usuarioPermisos: inactive }), role).toBe('communication');
    }
  });

  it('agrees with the demo data: admin, board and resident of Las Palmas (T) are allowed', () => {
    expect(financialReportsAccess(sessionFor('admin'))).toBe('allowed');
    expect(financialReportsAccess(sessionFor('board'))).toBe('allowed');
    expect(financialReportsAccess(sessionFor('resident'))).toBe('allowed');
    expect(financialReportsAccess(sessionFor('guard'))).toBe('employeePanel');
  });
});

describe('the trial countdown', () => {
  const trial = { CondoStatus: 'P', endsubscription: '2026-12-31' };

  it('counts the days left to endsubscription for administrators of a condominium in trial', () => {
    expect(trialDaysLeft(sessionFor('admin', { condo: trial }), '2026-12-01')).toBe(30);
    expect(trialDaysLeft(sessionFor('admin', { condo: trial }), '2026-12-30')).toBe(1);
    expect(trialDaysLeft(sessionFor('admin', { condo: trial }), '2026-12-31')).toBe(0);
  });

  it('never counts below zero once the end date has passed', () => {
    expect(trialDaysLeft(sessionFor('admin', { condo: trial }), '2027-01-15')).toBe(0);
  });

  it('counts calendar days across a daylight-saving change and a leap day', () => {
    const end = { CondoStatus: 'P', endsubscription: '2028-03-31' };
    expect(trialDaysLeft(sessionFor('admin', { condo: end }), '2028-02-28')).toBe(32);
  });

  it('is not shown to anyone but administrators', () => {
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      expect(trialDaysLeft(sessionFor(role, { condo: trial }), '2026-12-01'), role).toBeNull();
    }
  });

  it('is not shown outside the trial, or without an end date', () => {
    expect(trialDaysLeft(sessionFor('admin', { condo: { ...trial, CondoStatus: 'A' } }), '2026-12-01')).toBeNull();
    expect(trialDaysLeft(sessionFor('admin', { condo: { ...trial, endsubscription: null } }), '2026-12-01')).toBeNull();
  });
});

describe('Cargos automáticos', () => {
  it('is offered in the one configured condominium, to every role', () => {
    for (const role of ROLES) {
      expect(canSeeAutomaticCharges(sessionFor(role, { condo: { CondoId: AUTOMATIC_CHARGES_CONDO_ID } })), role).toBe(true);
    }
  });

  it('is not offered in any other condominium', () => {
    expect(canSeeAutomaticCharges(sessionFor('admin', { condo: { CondoId: AUTOMATIC_CHARGES_CONDO_ID + 1 } }))).toBe(false);
  });
});

describe('e-mailing bulk statements (ADEUDOS)', () => {
  it('needs the high level, active', () => {
    const withGrant = (Tipo: string, Activa: 0 | 1) =>
      canEmailStatements(sessionFor('board', { usuarioPermisos: [{ Clave: 'ADEUDOS', Tipo, Activa }] }));
    expect(withGrant('alto', 1)).toBe(true);
    expect(withGrant('alto', 0)).toBe(false);
    expect(withGrant('editar', 1)).toBe(false);
    expect(withGrant('ver', 1)).toBe(false);
  });
});

describe('menu sections role by role', () => {
  const names = (role: Role) => menuSections(sessionFor(role)).map((s) => s.SectName);

  it('shows Asuntos del consejo to the board only', () => {
    expect(names('board')).toContain('Asuntos del consejo');
    for (const role of ROLES.filter((r) => r !== 'board')) expect(names(role), role).not.toContain('Asuntos del consejo');
  });

  it('shows the guard, whose COM-SOL is inactive, no requests section', () => {
    expect(names('guard')).not.toContain('Solicitudes a la administración');
    expect(names('employee')).toContain('Solicitudes a la administración');
  });
});
