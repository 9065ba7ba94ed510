// What the shell's menus offer, from the session data and the rules of spec §6 (src/api/permissions.ts).
// Entries whose screen is not built yet are left out (screens.ts), so the menu never has a dead link.
import { type LegacyLink, type LegacyLinkKey, legacyLinks } from '../../api/legacyLinks';
import {
  canConfigureBlogs,
  canInviteGuests,
  canInvoice,
  canManageGateDevices,
  canManagePeople,
  canManageRounds,
  canReadHistory,
  canSeeAccountStatement,
  canSeeAdminPanel,
  canSeeAssemblies,
  canSeeAutomaticCharges,
  canSeeCommunication,
  canSeeEmployeePanel,
  canSeeFinanceMenu,
  canSeeManagementControl,
  canSeeMyGuests,
  canSeeMyParcels,
  canUseGate,
  canWalkRounds,
  directoriesFor,
  menuSections,
} from '../../api/permissions';
import { sectionScreen } from '../../api/sections';
import type { SessionData, SessionSection } from '../../api/sessions';
import { AVAILABLE_SCREENS, SCREENS } from './screens';

/** Menu item names are cut at 30 characters (spec §9). */
export const MENU_NAME_LIMIT = 30;
/** The top navigation shows at most 4 items; the rest go under 'Más' (spec §9). */
export const TOP_NAV_VISIBLE_ITEMS = 4;

export type MenuIcon =
  | 'communication'
  | 'section'
  | 'timeline'
  | 'adminPanel'
  | 'finance'
  | 'money'
  | 'profile'
  | 'myGuests'
  | 'gate'
  | 'parcels'
  | 'devices';

export interface MenuEntry {
  key: string;
  /** A message id, or a section's own name. */
  label: { id: string } | { text: string };
  /** Relative to /condominio. */
  href: string;
  /** The route pattern of the screen it opens. */
  screen: string;
  icon: MenuIcon;
  /** 1 for a section listed under Comunicación. */
  depth: 0 | 1;
  /** A screen of the legacy application: href is absolute and opens in a new tab. */
  external?: boolean;
  /** A section's entry: which section, of which code (its badge counts by code). */
  section?: { id: number; code: string };
}

const LEGACY_ICONS: Record<LegacyLinkKey, MenuIcon> = {
  accountStatement: 'finance',
  paymentReceipts: 'finance',
  accessLog: 'section',
  parcelLog: 'section',
  penalties: 'adminPanel',
};

function legacyEntry(link: LegacyLink): MenuEntry {
  return {
    key: `legacy-${link.key}`,
    label: { id: `shell.legacy.${link.key}` },
    href: link.url,
    screen: link.url,
    icon: LEGACY_ICONS[link.key],
    depth: 0,
    external: true,
  };
}

/** The legacy application's screens for this user in one of the menus (none without LEGACY_APP_URL). */
const legacyEntries = (data: SessionData, place: LegacyLink['place']) =>
  legacyLinks(data)
    .filter((link) => link.place === place)
    .map(legacyEntry);

/** A section's menu entry; null while its code has no screen (src/api/sections.ts) or that screen is not built. */
function sectionEntry(section: SessionSection, available: ReadonlySet<string>): MenuEntry | null {
  const screen = sectionScreen(section.SectCode);
  const href = sectionLink(section, available);
  if (!screen || !href) return null;
  return {
    key: `section-${section.SectId}`,
    label: { text: section.SectName },
    href,
    screen,
    icon: 'section',
    depth: 1,
    section: { id: section.SectId, code: section.SectCode },
  };
}

/** Where a section's link goes outside the menu (home, blogs summary): its screen by code; null when not built. */
export function sectionLink(
  section: Pick<SessionSection, 'SectId' | 'SectCode'>,
  available: ReadonlySet<string> = AVAILABLE_SCREENS,
): string | null {
  const screen = sectionScreen(section.SectCode);
  return screen && available.has(screen) ? screen.replace(':sectionId', String(section.SectId)) : null;
}

/** The sections a user sees (spec §6) that open a screen of their own, by position, with where each goes. */
export function openableSections(
  data: Pick<SessionData, 'usuario' | 'secciones' | 'usuarioPermisos'>,
  available: ReadonlySet<string> = AVAILABLE_SCREENS,
): { section: SessionSection; href: string }[] {
  if (!canSeeCommunication(data)) return [];
  return [...menuSections(data)]
    .sort((a, b) => a.SectPosition - b.SectPosition)
    .flatMap((section) => {
      const entry = sectionEntry(section, available);
      return entry ? [{ section, href: entry.href }] : [];
    });
}

/** The left (or top) menu: Comunicación and the user's sections, the timeline, Mis invitados, the admin and employee panels. */
export function mainMenu(data: SessionData, available: ReadonlySet<string> = AVAILABLE_SCREENS): MenuEntry[] {
  const entries: MenuEntry[] = [];
  if (canSeeCommunication(data)) {
    entries.push({
      key: 'communication',
      label: { id: 'shell.menuCommunication' },
      href: SCREENS.communication,
      screen: SCREENS.communication,
      icon: 'communication',
      depth: 0,
    });
    entries.push(...openableSections(data, available).flatMap(({ section }) => sectionEntry(section, available) ?? []));
  }
  // 'Estado de cuenta' (spec §6), built here rather than left to the legacy application, after the money home
  // (financiero, issue 27) that the same permission opens: what each dwelling owes, Pagar, receipts.
  if (canSeeAccountStatement(data)) {
    entries.push({
      key: 'financeHome',
      label: { id: 'shell.menuFinanceHome' },
      href: SCREENS.financeHome,
      screen: SCREENS.financeHome,
      icon: 'money',
      depth: 0,
    });
    entries.push({
      key: 'accountStatement',
      label: { id: 'shell.menuAccountStatement' },
      href: SCREENS.accountStatement,
      screen: SCREENS.accountStatement,
      icon: 'finance',
      depth: 0,
    });
  }
  entries.push({
    key: 'welcome',
    label: { id: 'shell.menuTimeline' },
    href: SCREENS.welcome,
    screen: SCREENS.welcome,
    icon: 'timeline',
    depth: 0,
  });
  // The condominium's documents (issue 32): every member but the staff who see no communication.
  if (canSeeCommunication(data)) {
    entries.push({
      key: 'documents',
      label: { id: 'library.menu' },
      href: SCREENS.documents,
      screen: SCREENS.documents,
      icon: 'section',
      depth: 0,
    });
  }
  if (canSeeMyGuests(data)) {
    entries.push({
      key: 'myGuests',
      label: { id: 'invites.title' },
      href: SCREENS.myGuests,
      screen: SCREENS.myGuests,
      icon: 'myGuests',
      depth: 0,
    });
  }
  // What the gate recorded for one's own dwellings (issue 26), beside one's guests: their visits (the movement
  // log's own rows, for whoever does not read all of it) and their parcels.
  if (!canUseGate(data) && canInviteGuests(data)) {
    entries.push({
      key: 'myVisits',
      label: { id: 'gate.log.ownTitle' },
      href: SCREENS.movementLog,
      screen: SCREENS.movementLog,
      icon: 'gate',
      depth: 0,
    });
  }
  if (canSeeMyParcels(data)) {
    entries.push({
      key: 'myParcels',
      label: { id: 'parcels.menuMine' },
      href: `${SCREENS.parcels}?vista=mios`,
      screen: SCREENS.parcels,
      icon: 'parcels',
      depth: 0,
    });
  }
  if (canSeeAdminPanel(data)) {
    entries.push({
      key: 'adminPanel',
      label: { id: 'shell.menuAdminPanel' },
      href: SCREENS.adminPanel,
      screen: SCREENS.adminPanel,
      icon: 'adminPanel',
      depth: 0,
    });
  }
  // The staff's home; administrators may open it too (their pass check lives there).
  if (canSeeEmployeePanel(data)) {
    entries.push({
      key: 'employeePanel',
      label: { id: 'staff.menuEntry' },
      href: SCREENS.employeePanel,
      screen: SCREENS.employeePanel,
      icon: 'adminPanel',
      depth: 0,
    });
  }
  // The gate (issue 26): the caseta, the whole movement log and the parcels waiting, for gate staff and
  // administrators; the gate's devices for administrators.
  if (canUseGate(data)) {
    entries.push({
      key: 'caseta',
      label: { id: 'gate.caseta.title' },
      href: SCREENS.caseta,
      screen: SCREENS.caseta,
      icon: 'gate',
      depth: 0,
    });
    entries.push({
      key: 'movementLog',
      label: { id: 'gate.log.title' },
      href: SCREENS.movementLog,
      screen: SCREENS.movementLog,
      icon: 'timeline',
      depth: 0,
    });
    entries.push({
      key: 'parcels',
      label: { id: 'parcels.menu' },
      href: SCREENS.parcels,
      screen: SCREENS.parcels,
      icon: 'parcels',
      depth: 0,
    });
  }
  if (canManageGateDevices(data)) {
    entries.push({
      key: 'gateDevices',
      label: { id: 'gateDevices.menu' },
      href: SCREENS.gateDevices,
      screen: SCREENS.gateDevices,
      icon: 'devices',
      depth: 0,
    });
  }
  // Supervisor rounds (issue 31): the walk for guards, supervisors and administrators; the supervisor's panel for
  // supervisors and administrators.
  if (canWalkRounds(data)) {
    entries.push({
      key: 'rounds',
      label: { id: 'rounds.menu' },
      href: SCREENS.rounds,
      screen: SCREENS.rounds,
      icon: 'gate',
      depth: 0,
    });
  }
  // Assemblies (issue 32): administrators, the board and residents with a dwelling.
  if (canSeeAssemblies(data)) {
    entries.push({
      key: 'assemblies',
      label: { id: 'assemblies.menu' },
      href: SCREENS.assemblies,
      screen: SCREENS.assemblies,
      icon: 'adminPanel',
      depth: 0,
    });
  }
  if (canManageRounds(data)) {
    entries.push({
      key: 'supervisorPanel',
      label: { id: 'rounds.menuPanel' },
      href: SCREENS.supervisorPanel,
      screen: SCREENS.supervisorPanel,
      icon: 'adminPanel',
      depth: 0,
    });
  }
  if (canConfigureBlogs(data)) {
    entries.push({
      key: 'blogConfiguration',
      label: { id: 'blogs.menu' },
      href: SCREENS.blogConfiguration,
      screen: SCREENS.blogConfiguration,
      icon: 'adminPanel',
      depth: 0,
    });
  }
  // Administration (issue 16): people and settings for administrators; management control and the history
  // for administrators and the board. Each shows once its screen is built (screens.ts).
  if (canManagePeople(data)) {
    entries.push({
      key: 'configuration',
      label: { id: 'configuration.menuEntry' },
      href: SCREENS.configuration,
      screen: SCREENS.configuration,
      icon: 'adminPanel',
      depth: 0,
    });
  }
  if (canSeeManagementControl(data)) {
    entries.push({
      key: 'management',
      label: { id: 'shell.menuManagement' },
      href: SCREENS.managementControl,
      screen: SCREENS.managementControl,
      icon: 'finance',
      depth: 0,
    });
  }
  // E-invoicing (issue 17), beside management control: administrators and holders of the FAC permission.
  if (canInvoice(data)) {
    entries.push({
      key: 'invoicing',
      label: { id: 'invoicing.module.title' },
      href: SCREENS.invoicing,
      screen: SCREENS.invoicing,
      icon: 'finance',
      depth: 0,
    });
  }
  if (canReadHistory(data)) {
    entries.push({
      key: 'history',
      label: { id: 'shell.menuHistory' },
      href: '/historial',
      screen: '/historial',
      icon: 'timeline',
      depth: 0,
    });
  }
  // The legacy statement and access-log links only while our own screens are not there.
  const legacy = legacyEntries(data, 'menu').filter(
    (entry) =>
      (entry.key !== 'legacy-accountStatement' || !available.has(SCREENS.accountStatement)) &&
      (entry.key !== 'legacy-accessLog' || !available.has(SCREENS.movementLog)) &&
      (entry.key !== 'legacy-parcelLog' || !available.has(SCREENS.parcels)) &&
      (entry.key !== 'legacy-penalties' || !available.has(SCREENS.lateFees)) &&
      (entry.key !== 'legacy-paymentReceipts' || !available.has(SCREENS.proofs)),
  );
  return [...entries.filter((entry) => available.has(entry.screen)), ...legacy];
}

/** The profile menu's links: Mi Perfil, Reportes Financieros for those the finance rule lets in, Cargos
 * automáticos in the one condominium that has them, and the directories the member opens (directoriesFor:
 * displaydirectory R residents, E employees, M both; administrators both). */
export function profileMenu(data: SessionData, available: ReadonlySet<string> = AVAILABLE_SCREENS): MenuEntry[] {
  const entries: MenuEntry[] = [
    {
      key: 'profile',
      label: { id: 'shell.myProfile' },
      href: SCREENS.profile,
      screen: SCREENS.profile,
      icon: 'profile',
      depth: 0,
    },
  ];
  if (canSeeFinanceMenu(data)) {
    entries.push({
      key: 'financialReports',
      label: { id: 'shell.menuFinancialReports' },
      href: '/panel-financiero',
      screen: '/panel-financiero',
      icon: 'finance',
      depth: 0,
    });
  }
  if (canSeeAutomaticCharges(data)) {
    entries.push({
      key: 'automaticCharges',
      label: { id: 'charges.menuEntry' },
      href: SCREENS.automaticCharges,
      screen: SCREENS.automaticCharges,
      icon: 'finance',
      depth: 0,
    });
  }
  const directories = directoriesFor(data);
  if (directories.residents) {
    entries.push({
      key: 'residentsDirectory',
      label: { id: 'directory.residents.title' },
      href: SCREENS.residentsDirectory,
      screen: SCREENS.residentsDirectory,
      icon: 'profile',
      depth: 0,
    });
  }
  if (directories.employees) {
    entries.push({
      key: 'employeesDirectory',
      label: { id: 'directory.staff.title' },
      href: SCREENS.employeesDirectory,
      screen: SCREENS.employeesDirectory,
      icon: 'profile',
      depth: 0,
    });
  }
  return [...entries.filter((entry) => available.has(entry.screen)), ...legacyEntries(data, 'profile')];
}

/** The entry for the current path: the one whose href is the longest prefix of it. */
export function activeEntryKey(entries: readonly MenuEntry[], path: string): string | null {
  let best: MenuEntry | null = null;
  for (const entry of entries) {
    const matches = path === entry.href || path.startsWith(`${entry.href}/`);
    if (matches && (!best || entry.href.length > best.href.length)) best = entry;
  }
  return best?.key ?? null;
}

/** The top navigation: the first 4 entries shown, the rest under 'Más'. */
export function splitTopNav<T>(entries: readonly T[], visible = TOP_NAV_VISIBLE_ITEMS): { shown: T[]; more: T[] } {
  return { shown: entries.slice(0, visible), more: entries.slice(visible) };
}
