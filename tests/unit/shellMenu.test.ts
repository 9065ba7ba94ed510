// The shell's menus from the §6 rules: what each role gets, that only built screens are linked, the
// top navigation's 'Más' split, the toggle's allowed paths and the stored layout.
import { describe, expect, it } from 'vitest';
import { INVOICING_BASE } from '../../src/api/invoicing';
import { canSeeFinanceMenu, PERMISSION } from '../../src/api/permissions';
import {
  chooseNavigation,
  chooseSidebarStyle,
  DEFAULT_LAYOUT,
  parseLayout,
  toggleSidebar,
} from '../../src/views/app/shell/layoutPreferences';
import {
  activeEntryKey,
  mainMenu,
  openableSections,
  profileMenu,
  sectionLink,
  splitTopNav,
} from '../../src/views/common/menuModel';
import { AVAILABLE_SCREENS, menuToggleEnabled, SCREENS } from '../../src/views/common/screens';
import { ROLES, type Role, sessionFor } from '../support/sessionFixtures';

/** Every screen the menus know of, as if all were built. */
const EVERY_SCREEN = new Set([
  ...AVAILABLE_SCREENS,
  '/comunicacion/seccion/:sectionId',
  '/comunicacion/tickets-administrador/:sectionId',
  '/comunicacion/instalaciones',
  '/comunicacion/encuestas',
  '/comunicacion/comunicacion-interpersonal/:sectionId',
  '/comunicacion/calendario-eventos',
  '/panel-del-administrador',
  '/panel-financiero',
]);

const keys = (role: Role, screens?: ReadonlySet<string>) => mainMenu(sessionFor(role), screens).map((e) => e.key);

describe('the main menu today (only built screens)', () => {
  it.each<[Role, string[]]>([
    // The generic section screen exists (issue 6): plain sections (code '') are linked; AC for the board;
    // SA and IC open their own screens (issue 13); the guard lacks COM-SOL, so no requests.
    [
      'admin',
      [
        'communication',
        'section-1',
        'section-2',
        'section-3',
        'section-4',
        'section-5',
        'section-6',
        'financeHome',
        'accountStatement',
        'welcome',
        'documents',
        'myGuests',
        'adminPanel',
        'employeePanel',
        'caseta',
        'movementLog',
        'parcels',
        'gateDevices',
        'rounds',
        'assemblies',
        'supervisorPanel',
        'blogConfiguration',
        'configuration',
        'management',
        'invoicing',
        'history',
      ],
    ],
    [
      'board',
      [
        'communication',
        'section-1',
        'section-2',
        'section-3',
        'section-4',
        'section-5',
        'section-6',
        'section-7',
        'financeHome',
        'accountStatement',
        'welcome',
        'documents',
        'assemblies',
        'management',
        'history',
      ],
    ],
    [
      'resident',
      [
        'communication',
        'section-1',
        'section-2',
        'section-3',
        'section-4',
        'section-5',
        'section-6',
        'financeHome',
        'accountStatement',
        'welcome',
        'documents',
      ],
    ],
    [
      'guard',
      [
        'communication',
        'section-1',
        'section-5',
        'section-6',
        'welcome',
        'documents',
        'employeePanel',
        'caseta',
        'movementLog',
        'parcels',
        'rounds',
      ],
    ],
    ['employee', ['welcome', 'employeePanel']],
    ['supervisor', ['welcome', 'employeePanel', 'caseta', 'movementLog', 'parcels', 'rounds', 'supervisorPanel']],
  ])('the %s gets %j', (role, expected) => {
    expect(keys(role)).toEqual(expected);
  });

  it('offers Mis invitados to members with a dwelling (and administrators, for the condo link)', () => {
    const session = sessionFor('guard');
    const withDwelling = {
      ...session,
      usuario: { ...session.usuario, apartments: [{ AptId: 1, AptName: '101', TorreName: 'Torre A' }] },
    };
    expect(mainMenu(withDwelling).map((e) => e.key)).toContain('myGuests');
    expect(mainMenu(session).map((e) => e.key)).not.toContain('myGuests');
  });

  it('offers Paquetería to gate staff and Mis paquetes to members with a dwelling, instead of the legacy parcel log', () => {
    const withHome = (role: Role) =>
      mainMenu(sessionFor(role, { usuario: { apartments: [{ AptId: 7, AptName: '101', TorreName: 'Torre A' }] } }));
    const parcels = (entries: ReturnType<typeof mainMenu>) =>
      entries.filter((e) => e.key.toLowerCase().includes('parcel')).map((e) => [e.key, e.href]);
    expect(parcels(withHome('resident'))).toEqual([['myParcels', '/paqueteria?vista=mios']]);
    // One's own parcels beside one's guests, the gate's list with the caseta.
    expect(parcels(withHome('admin'))).toEqual([
      ['myParcels', '/paqueteria?vista=mios'],
      ['parcels', '/paqueteria'],
    ]);
    expect(parcels(mainMenu(sessionFor('employee')))).toEqual([]);
    // With the legacy application configured, its parcel log is no longer offered: ours is built.
    const legacy = mainMenu(sessionFor('guard', { app: { legacyAppUrl: 'https://legacy.example.mx/app' } }));
    expect(legacy.some((e) => e.key === 'legacy-parcelLog')).toBe(false);
    expect(parcels(legacy)).toEqual([['parcels', '/paqueteria']]);
  });

  it('links only to screens that exist', () => {
    for (const role of ROLES) {
      for (const entry of mainMenu(sessionFor(role))) expect(AVAILABLE_SCREENS.has(entry.screen), entry.key).toBe(true);
    }
  });
});

describe('the main menu once every screen is built', () => {
  it('lists Comunicación, then the sections the user may see in their order, for non-employees', () => {
    const board = mainMenu(sessionFor('board'), EVERY_SCREEN);
    expect(board.map((e) => e.href)).toEqual([
      '/comunicacion',
      '/comunicacion/seccion/1',
      '/comunicacion/tickets-administrador/2',
      '/comunicacion/instalaciones',
      '/comunicacion/encuestas',
      '/comunicacion/comunicacion-interpersonal/5',
      '/comunicacion/calendario-eventos',
      '/comunicacion/seccion/7',
      '/financiero',
      '/estado-cta',
      '/welcome',
      '/others',
      '/asambleas',
      '/control-gerencial',
      '/historial',
    ]);
    // Reservations and the events calendar (issue 15) open their own screens (src/api/sections.ts).
    expect(board.filter((e) => e.depth === 1)).toHaveLength(7);
  });

  it('gives Dispositivos (the gate devices) to administrators only', () => {
    expect(keys('admin', EVERY_SCREEN)).toContain('gateDevices');
    for (const role of ROLES.filter((r) => r !== 'admin')) expect(keys(role, EVERY_SCREEN), role).not.toContain('gateDevices');
  });

  it('gives Panel del administrador to administrators only, and hides the board section from them', () => {
    expect(keys('admin', EVERY_SCREEN)).toContain('adminPanel');
    expect(keys('admin', EVERY_SCREEN)).not.toContain('section-7');
    for (const role of ROLES.filter((r) => r !== 'admin')) expect(keys(role, EVERY_SCREEN), role).not.toContain('adminPanel');
  });

  it('gives employees and supervisors no communication at all', () => {
    expect(keys('employee', EVERY_SCREEN)).toEqual(['welcome', 'employeePanel']);
    expect(keys('supervisor', EVERY_SCREEN)).toEqual([
      'welcome',
      'employeePanel',
      'caseta',
      'movementLog',
      'parcels',
      'rounds',
      'supervisorPanel',
    ]);
  });

  it('gives the caseta and the whole log to gate staff, and Mis visitas to a resident with a dwelling', () => {
    const withHome = (role: Role) =>
      mainMenu(sessionFor(role, { usuario: { apartments: [{ AptId: 7, AptName: '101', TorreName: 'Torre A' }] } }), EVERY_SCREEN);
    const resident = withHome('resident');
    expect(resident.find((e) => e.key === 'myVisits')).toMatchObject({
      href: '/bitacora-movimientos',
      label: { id: 'gate.log.ownTitle' },
    });
    expect(resident.map((e) => e.key)).not.toContain('caseta');
    expect(withHome('guard').map((e) => e.key)).not.toContain('myVisits');
    expect(keys('employee', EVERY_SCREEN)).not.toContain('caseta');
  });

  it('opens the native log instead of the legacy access-control/binnacle link once it is built', () => {
    const legacy = sessionFor('guard', { app: { legacyAppUrl: 'https://legacy.example.mx/' } });
    const entries = mainMenu(legacy, EVERY_SCREEN).map((e) => e.key);
    expect(entries).toContain('movementLog');
    expect(entries).not.toContain('legacy-accessLog');
    const without = new Set([...EVERY_SCREEN].filter((screen) => screen !== SCREENS.movementLog));
    expect(mainMenu(legacy, without).map((e) => e.key)).toContain('legacy-accessLog');
  });

  it('gives Panel del empleado to the staff and administrators, not to residents or the board', () => {
    for (const role of ROLES) {
      const expected = role !== 'board' && role !== 'resident';
      expect(keys(role, EVERY_SCREEN).includes('employeePanel'), role).toBe(expected);
    }
  });

  it('gives the guard the sections but not the requests one (inactive COM-SOL)', () => {
    const guard = keys('guard', EVERY_SCREEN);
    expect(guard).toContain('section-1');
    expect(guard).not.toContain('section-2');
  });
});

describe('a section link outside the menu (the communication home, the blogs summary)', () => {
  it('opens the section’s own screen by code once built, and nothing for a code without one', () => {
    const requests = { SectId: 2, SectCode: 'SA' };
    const withoutRequests = new Set([...EVERY_SCREEN].filter((s) => !s.startsWith('/comunicacion/tickets')));
    expect(sectionLink(requests, withoutRequests)).toBeNull();
    expect(sectionLink(requests, EVERY_SCREEN)).toBe('/comunicacion/tickets-administrador/2');
    expect(sectionLink({ SectId: 4, SectCode: 'EN' }, EVERY_SCREEN)).toBe('/comunicacion/encuestas');
    expect(sectionLink({ SectId: 5, SectCode: 'RI' }, EVERY_SCREEN)).toBe('/comunicacion/instalaciones');
    expect(sectionLink({ SectId: 6, SectCode: 'EV' }, EVERY_SCREEN)).toBe('/comunicacion/calendario-eventos');
    const withoutCalendar = new Set([...EVERY_SCREEN].filter((s) => s !== '/comunicacion/calendario-eventos'));
    expect(sectionLink({ SectId: 6, SectCode: 'EV' }, withoutCalendar)).toBeNull();
    expect(sectionLink({ SectId: 1, SectCode: '' }, EVERY_SCREEN)).toBe('/comunicacion/seccion/1');
    expect(sectionLink({ SectId: 7, SectCode: 'AC' }, EVERY_SCREEN)).toBe('/comunicacion/seccion/7');
  });

  it('lists on the home exactly the menu’s sections, in the same order', () => {
    for (const role of ROLES) {
      const session = sessionFor(role);
      const menu = mainMenu(session, EVERY_SCREEN)
        .filter((e) => e.depth === 1)
        .map((e) => e.href);
      expect(
        openableSections(session, EVERY_SCREEN).map((s) => s.href),
        role,
      ).toEqual(menu);
    }
  });
});

describe('the profile menu', () => {
  it('offers Mi Perfil to everyone, Reportes Financieros by the finance rule, Cargos automáticos in the one condominium that has them, and the directories', () => {
    for (const role of ROLES) {
      const reports = canSeeFinanceMenu(sessionFor(role)) ? ['/panel-financiero'] : [];
      // The fixtures' condominium shows R: administrators open both directories.
      const directories = role === 'admin' ? ['/directorio-principal', '/directorio-empleados'] : ['/directorio-principal'];
      expect(
        profileMenu(sessionFor(role)).map((e) => e.href),
        role,
      ).toEqual(['/mi-perfil', ...reports, '/cargos-automaticos', ...directories]);
      expect(
        profileMenu(sessionFor(role, { condo: { CondoId: 2 } })).map((e) => e.href),
        role,
      ).toEqual(['/mi-perfil', ...reports, ...directories]);
    }
  });

  it('links to the directories by displaydirectory: R residents, E employees, M both; administrators both', () => {
    const directories = (role: Role, displaydirectory: 'R' | 'E' | 'M') =>
      profileMenu(sessionFor(role, { condo: { displaydirectory } }))
        .filter((e) => e.key.endsWith('Directory'))
        .map((e) => [e.key, e.external ?? false]);
    expect(directories('resident', 'R')).toEqual([['residentsDirectory', false]]);
    expect(directories('resident', 'E')).toEqual([['employeesDirectory', false]]);
    expect(directories('guard', 'M')).toEqual([
      ['residentsDirectory', false],
      ['employeesDirectory', false],
    ]);
    for (const setting of ['R', 'E', 'M'] as const) expect(directories('admin', setting)).toHaveLength(2);
  });

  it('adds Reportes Financieros, once built, by the finance rule and MostrarIngresos', () => {
    const reports = (role: Role, MostrarIngresos: 'T' | 'M' | 'X') =>
      profileMenu(sessionFor(role, { condo: { MostrarIngresos } }), EVERY_SCREEN).some((e) => e.key === 'financialReports');
    expect(reports('resident', 'T')).toBe(true);
    expect(reports('resident', 'M')).toBe(false);
    expect(reports('board', 'M')).toBe(true);
    expect(reports('board', 'X')).toBe(false);
    expect(reports('admin', 'X')).toBe(true);
    expect(reports('employee', 'T')).toBe(false);
    expect(reports('guard', 'T')).toBe(false);
  });
});

describe('activeEntryKey', () => {
  const entries = mainMenu(sessionFor('board'), EVERY_SCREEN);

  it('picks the entry whose path is the longest prefix of the location', () => {
    expect(activeEntryKey(entries, '/comunicacion')).toBe('communication');
    expect(activeEntryKey(entries, '/comunicacion/comunicacion-interpersonal/5')).toBe('section-5');
    expect(activeEntryKey(entries, '/comunicacion/encuestas')).toBe('section-4');
    expect(activeEntryKey(entries, '/comunicacion/instalaciones')).toBe('section-3');
    expect(activeEntryKey(entries, '/comunicacion/instalaciones/mostrar/2')).toBe('section-3');
    expect(activeEntryKey(entries, '/comunicacion/calendario-eventos')).toBe('section-6');
    expect(activeEntryKey(entries, '/comunicacion/seccion/1')).toBe('section-1');
    expect(activeEntryKey(entries, '/comunicacion/ver-publicacion/9')).toBe('communication');
    expect(activeEntryKey(entries, '/comunicaciones')).toBeNull();
    expect(activeEntryKey(entries, '/mi-perfil')).toBeNull();
  });
});

describe('splitTopNav', () => {
  it('shows at most 4 entries and puts the rest under Más', () => {
    expect(splitTopNav([1, 2, 3])).toEqual({ shown: [1, 2, 3], more: [] });
    expect(splitTopNav([1, 2, 3, 4])).toEqual({ shown: [1, 2, 3, 4], more: [] });
    expect(splitTopNav([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4], more: [5, 6] });
  });
});

describe('menuToggleEnabled', () => {
  it('allows the listed paths and what is under them, nothing else', () => {
    expect(menuToggleEnabled('/comunicacion')).toBe(true);
    expect(menuToggleEnabled('/comunicacion/encuestas')).toBe(true);
    expect(menuToggleEnabled('/welcome')).toBe(true);
    expect(menuToggleEnabled('/mi-perfil')).toBe(true);
    expect(menuToggleEnabled('/configuracion/listado-blogs')).toBe(false);
    expect(menuToggleEnabled('/comunicacionx')).toBe(false);
  });
});

describe('layout preferences', () => {
  it('default to a full sidebar on the side', () => {
    expect(parseLayout(null)).toEqual({ sidebar: 'full', lastOpen: 'full', navigation: 'side' });
    expect(parseLayout('not json')).toEqual(DEFAULT_LAYOUT);
    expect(parseLayout('{"sidebar":"huge","navigation":"bottom"}')).toEqual(DEFAULT_LAYOUT);
  });

  it('read what was stored', () => {
    expect(parseLayout('{"sidebar":"compact-big","navigation":"top"}')).toEqual({
      sidebar: 'compact-big',
      lastOpen: 'compact-big',
      navigation: 'top',
    });
    expect(parseLayout('{"sidebar":"closed","lastOpen":"compact"}')).toMatchObject({ sidebar: 'closed', lastOpen: 'compact' });
  });

  it('toggle closes the sidebar and reopens it in the style it had', () => {
    const compact = chooseSidebarStyle(DEFAULT_LAYOUT, 'compact');
    const closed = toggleSidebar(compact);
    expect(closed).toMatchObject({ sidebar: 'closed', lastOpen: 'compact' });
    expect(toggleSidebar(closed)).toMatchObject({ sidebar: 'compact', lastOpen: 'compact' });
    expect(chooseSidebarStyle(compact, 'closed')).toMatchObject({ sidebar: 'closed', lastOpen: 'compact' });
  });

  it('switch the navigation position without touching the sidebar', () => {
    const top = chooseNavigation(chooseSidebarStyle(DEFAULT_LAYOUT, 'compact'), 'top');
    expect(top).toEqual({ sidebar: 'compact', lastOpen: 'compact', navigation: 'top' });
  });
});

describe('the invoicing module in the menu (issue 17)', () => {
  const invoicing = (data: ReturnType<typeof sessionFor>) => mainMenu(data).find((entry) => entry.key === 'invoicing');

  it('links Factura Comunidad under control-gerencial, the contract’s base', () => {
    expect(`/condominio${SCREENS.invoicing}`).toBe(INVOICING_BASE);
    expect(invoicing(sessionFor('admin'))).toMatchObject({ href: SCREENS.invoicing, label: { id: 'invoicing.module.title' } });
  });

  it('is for administrators and holders of the active FAC permission only', () => {
    expect(invoicing(sessionFor('board'))).toBeUndefined();
    expect(invoicing(sessionFor('resident'))).toBeUndefined();
    const fac = { Clave: PERMISSION.invoicing, Tipo: 'editar', Activa: 1 as const };
    const board = sessionFor('board');
    expect(invoicing(sessionFor('board', { usuarioPermisos: [...board.usuarioPermisos, fac] }))).toBeDefined();
    const inactive = { Clave: PERMISSION.invoicing, Tipo: 'editar', Activa: 0 as const };
    expect(invoicing(sessionFor('board', { usuarioPermisos: [...board.usuarioPermisos, inactive] }))).toBeUndefined();
  });
});
