// Spec §6 menu rules, role by role.
import { describe, expect, it } from 'vitest';
import { hasActivePermission, menuSections } from '../../src/api/permissions';
import type { SessionData, SessionSection } from '../../src/api/sessions';

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
