// The role and permission rules of spec §6, in one place: the server's guards and the client's menus
// both call these. Inputs are the session data's own shapes (spec §3.1). Pure functions only: this file
// runs in the browser and on the server alike.
import type { IncidentRole } from './incidentsLifecycle';
import { isNoticeSection } from './noticeReads';
import { sectionTakesPosts } from './sections';
import type { RoleFunction, SessionData, SessionSection, UserPermission } from './sessions';

type User = SessionData['usuario'];
type Roles = Pick<User, 'UserIsAdmin' | 'UserIsBoard' | 'UserIsEmployed' | 'UserIsGuard'>;
type Condo = SessionData['condo'];
/** What a rule reads from the session data. */
type Session = Pick<SessionData, 'usuario' | 'usuarioPermisos'>;

export const isAdmin = (user: Pick<User, 'UserIsAdmin'>) => user.UserIsAdmin === 'Y';
export const isBoard = (user: Pick<User, 'UserIsBoard'>) => user.UserIsBoard === 'Y';
export const isEmployee = (user: Pick<User, 'UserIsEmployed'>) => user.UserIsEmployed === 'Y';
export const isGuard = (user: Pick<User, 'UserIsGuard'>) => user.UserIsGuard === 'Y';

/** Permission keys (usuarioPermisos.Clave) the rules below read. */
export const PERMISSION = {
  /** Account statement ("Estado de cuenta"). */
  accountStatement: 'COM-EDO',
  /** Financial reports. */
  financialReports: 'COM-REP',
  /** Debts: the high level may e-mail statements in bulk. */
  debts: 'ADEUDOS',
  requests: 'COM-SOL',
  reservations: 'COM-RES',
  surveys: 'COM-ENC',
  /** 'Verificar pase' at the gate (issue 16): guards and supervisors hold it, given in configuracion. */
  passCheck: 'ACC-PAS',
  /** E-invoicing (issue 17): issuers, catalogues, CFDI, stamps; given in configuracion like the others. */
  invoicing: 'FAC',
} as const;

/** The usuarioPermisos.Tipo of the high level (the levels are ver, editar, alto). */
export const HIGH_LEVEL = 'alto';

/** An active permission with the given key (usuarioPermisos: Clave, Activa). */
export function hasActivePermission(permissions: readonly UserPermission[], clave: string): boolean {
  return permissions.some((p) => p.Clave === clave && p.Activa === 1);
}

/** A role function (permisosRoles: Funcion, Tipo) at the given type or higher. */
export function hasRoleFunction(functions: readonly RoleFunction[], funcion: string, minimum = 1): boolean {
  return functions.some((f) => f.Funcion === funcion && f.Tipo >= minimum);
}

/** Section codes whose menu entry needs an active view permission. */
const SECTION_PERMISSION: Record<string, string> = {
  SA: PERMISSION.requests,
  RI: PERMISSION.reservations,
  EN: PERMISSION.surveys,
};

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

/** 'Panel del administrador' and the payment-provider intro: administrators. */
export const canSeeAdminPanel = (data: Pick<SessionData, 'usuario'>) => isAdmin(data.usuario);
export const canSeePaymentProviderIntro = (data: Pick<SessionData, 'usuario'>) => isAdmin(data.usuario);

/** The floating support chat launcher: administrators only. */
export const canSeeSupportChat = (data: Pick<SessionData, 'usuario'>) => isAdmin(data.usuario);

/** 'Comunicación': everyone but employees. */
export const canSeeCommunication = (data: Pick<SessionData, 'usuario'>) => !isEmployee(data.usuario);

/** 'Estado de cuenta': those who see Comunicación and hold the active COM-EDO permission. */
export function canSeeAccountStatement(data: Session): boolean {
  return canSeeCommunication(data) && hasActivePermission(data.usuarioPermisos, PERMISSION.accountStatement);
}

/**
 * Who the condominium's income-visibility setting (MostrarIngresos) lets see the finances:
 * T non-employee, non-guard users; M board members or administrators; X administrators only.
 */
export function incomeVisibleTo(setting: Condo['MostrarIngresos'], user: Roles): boolean {
  switch (setting) {
    case 'T':
      return !isEmployee(user) && !isGuard(user);
    case 'M':
      return isBoard(user) || isAdmin(user);
    case 'X':
      return isAdmin(user);
  }
}

/** The finance menu: active COM-REP plus the income-visibility setting. */
export function canSeeFinanceMenu(data: Pick<SessionData, 'condo' | 'usuario' | 'usuarioPermisos'>): boolean {
  return (
    hasActivePermission(data.usuarioPermisos, PERMISSION.financialReports) &&
    incomeVisibleTo(data.condo.MostrarIngresos, data.usuario)
  );
}

/** The role function administrators need (type 1 or higher) to open the financial reports. */
export const INCOME_FUNCTION = 'Ingresos';

export type FinancialReportsAccess = 'allowed' | 'employeePanel' | 'communication';

/**
 * The financial reports guard: employees and guards go to the employee panel; everyone else needs the
 * active COM-REP permission and the income-visibility setting (T everyone, M board members, any setting
 * for administrators), and administrators also the role function 'Ingresos' at type 1 or higher;
 * otherwise they go to the communication area.
 */
export function financialReportsAccess(
  data: Pick<SessionData, 'condo' | 'usuario' | 'usuarioPermisos' | 'permisosRoles'>,
): FinancialReportsAccess {
  const { usuario, condo } = data;
  if (isEmployee(usuario) || isGuard(usuario)) return 'employeePanel';
  if (!hasActivePermission(data.usuarioPermisos, PERMISSION.financialReports)) return 'communication';
  if (isAdmin(usuario)) return hasRoleFunction(data.permisosRoles, INCOME_FUNCTION) ? 'allowed' : 'communication';
  const visible = condo.MostrarIngresos === 'T' || (condo.MostrarIngresos === 'M' && isBoard(usuario));
  return visible ? 'allowed' : 'communication';
}

/** CondoStatus of a condominium in its trial period. */
export const TRIAL_STATUS = 'P';

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** Whole calendar days from one YYYY-MM-DD date to another (time of day ignored). */
function daysBetween(from: string, to: string): number | null {
  const a = DATE.exec(from);
  const b = DATE.exec(to);
  if (!a || !b) return null;
  const utc = (m: RegExpExecArray) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Math.round((utc(b) - utc(a)) / DAY_MS);
}

/**
 * The trial countdown: for administrators of a condominium in trial (CondoStatus 'P'), the days left
 * from `today` (YYYY-MM-DD, the viewer's calendar day) to endsubscription, never below 0; null when the
 * countdown is not shown.
 */
export function trialDaysLeft(data: Pick<SessionData, 'condo' | 'usuario'>, today: string): number | null {
  if (!isAdmin(data.usuario) || data.condo.CondoStatus !== TRIAL_STATUS || !data.condo.endsubscription) return null;
  const days = daysBetween(today, data.condo.endsubscription);
  return days === null ? null : Math.max(0, days);
}

/**
 * Who may buy a plan (spec §1, §6: the trial's pay button, src/api/pricing.ts): an administrator of a condominium
 * in trial, or whose subscription or trial has ended. `today` is YYYY-MM-DD.
 */
export function canBuyPlan(data: Pick<SessionData, 'condo' | 'usuario'>, today: string): boolean {
  if (!isAdmin(data.usuario)) return false;
  if (data.condo.CondoStatus === TRIAL_STATUS) return true;
  const end = data.condo.endsubscription;
  return typeof end === 'string' && DATE.test(end) && end.slice(0, 10) < today;
}

/**
 * The one condominium whose users get the 'Cargos automáticos' entry (spec §6: "shown for one specific
 * condominium only"). This is the only place that names it. In the demo data it is Residencial Las
 * Palmas, CondoId 1 (ids start at 1 on every load, and Las Palmas is loaded first).
 */
export const AUTOMATIC_CHARGES_CONDO_ID = 1;

export const canSeeAutomaticCharges = (data: { condo: Pick<Condo, 'CondoId'> }) =>
  data.condo.CondoId === AUTOMATIC_CHARGES_CONDO_ID;

/** Bulk statements: e-mailing them needs the high level on ADEUDOS (active); generating files is for all. */
export function canEmailStatements(data: Pick<SessionData, 'usuarioPermisos'>): boolean {
  return data.usuarioPermisos.some((p) => p.Clave === PERMISSION.debts && p.Tipo === HIGH_LEVEL && p.Activa === 1);
}

/** The role function (permisosRoles.Funcion) each financial report needs, by Clave (spec §6 "the permission
 * for the Clave"); listado-de-bancos needs Bancos and listado-de-fondos Fondos. */
export const REPORT_FUNCTION: Record<string, string> = {
  DetIng: 'Ingresos',
  DetEg: 'Egresos',
  Presup: 'Presupuestos',
  Bancos: 'Bancos',
  Fondos: 'Fondos',
  IngEg: 'Consolidado',
  Morosos: 'Morosos',
};

/** One financial report (or the banks/funds listings by their Clave): the guard plus the Clave's function. */
export function canOpenReport(
  data: Pick<SessionData, 'condo' | 'usuario' | 'usuarioPermisos' | 'permisosRoles'>,
  clave: string,
): boolean {
  const funcion = REPORT_FUNCTION[clave];
  return funcion !== undefined && financialReportsAccess(data) === 'allowed' && hasRoleFunction(data.permisosRoles, funcion);
}

/** Account statements of any dwelling in the condominium (and the bulk statements): administrators and the
 * board. Everyone else who sees 'Estado de cuenta' gets their own dwellings only. */
export const canSeeAllStatements = (data: Pick<SessionData, 'usuario'>) => isAdmin(data.usuario) || isBoard(data.usuario);

/** One dwelling's statement: staff for any dwelling; others with 'Estado de cuenta' for the dwellings they live in. */
export function canSeeStatementOf(
  data: Pick<SessionData, 'usuario' | 'usuarioPermisos'>,
  ownApartmentIds: readonly number[],
  apartmentId: number,
): boolean {
  if (canSeeAllStatements(data)) return true;
  return canSeeAccountStatement(data) && ownApartmentIds.includes(apartmentId);
}

// ── Communication: sections and posts (issue 6). The server enforces each of these on every call; the
// browser uses the same functions to offer only what will be accepted.

/** Who is reading or writing: their role flags, permissions, and the towers of their dwellings. */
export interface CommunicationViewer {
  usuario: Roles & Pick<User, 'UserId'>;
  usuarioPermisos: readonly UserPermission[];
  towerIds: readonly number[];
}

/** The section facts the rules read (spec §3.2); `assigned` = the viewer is one of its exclusive users. */
export interface SectionFacts {
  SectCode: string;
  SectStatus: string;
  SectPosting: string;
  CommentsDisplay: string;
  VistaxTorre: number;
  SolPrivada: number;
  PublicoPrivado: number;
  ExclusivaUsuarios: string;
  assigned: boolean;
}

export interface PostFacts {
  authorId: number;
  towerId: number | null;
  isPrivate: boolean;
  /** 'A' published, 'P' waiting for approval, 'R' rejected. */
  status: string;
}

/**
 * Reading a section: never employees (no Comunicación); administrators read every section of their
 * condominium, inactive and exclusive ones too, because they configure and moderate them. Everyone else:
 * active sections only, with the menu's rules (menuSections): AC for board members, exclusive sections for
 * their users, SA/RI/EN with their view permission, OR never.
 */
export function canReadSection(viewer: CommunicationViewer, section: SectionFacts): boolean {
  if (isEmployee(viewer.usuario)) return false;
  if (isAdmin(viewer.usuario)) return true;
  if (section.SectStatus !== 'A' || section.SectCode === 'OR') return false;
  if (section.SectCode === 'AC' && !isBoard(viewer.usuario)) return false;
  if (section.ExclusivaUsuarios === 'Y' && !section.assigned) return false;
  const needed = SECTION_PERMISSION[section.SectCode];
  return needed === undefined || hasActivePermission(viewer.usuarioPermisos, needed);
}

/** Posting: SectPosting A and B anyone who reads the section (B waits for approval); R administrators only.
 * Nobody posts in an inactive section, nor in SA and IC sections, which have flows of their own (sections.ts). */
export function canPostInSection(viewer: CommunicationViewer, section: SectionFacts): boolean {
  if (!sectionTakesPosts(section.SectCode)) return false;
  if (!canReadSection(viewer, section) || section.SectStatus !== 'A') return false;
  return section.SectPosting !== 'R' || isAdmin(viewer.usuario);
}

/** A new post waits for an administrator in SectPosting B, unless an administrator wrote it. */
export const postNeedsApproval = (viewer: CommunicationViewer, section: Pick<SectionFacts, 'SectPosting'>) =>
  section.SectPosting === 'B' && !isAdmin(viewer.usuario);

/** Approving and rejecting posts: administrators. */
export const canModeratePosts = (viewer: CommunicationViewer) => isAdmin(viewer.usuario);

/** Private posts where the section allows them (SolPrivada 1). */
export const canMarkPostPrivate = (section: Pick<SectionFacts, 'SolPrivada'>) => section.SolPrivada === 1;

/** The private box starts checked when PublicoPrivado is 1 or the section is SA (requests to the administrator). */
export const postPrivateByDefault = (section: Pick<SectionFacts, 'SolPrivada' | 'PublicoPrivado' | 'SectCode'>) =>
  canMarkPostPrivate(section) && (section.PublicoPrivado === 1 || section.SectCode === 'SA');

/**
 * Reading a post: the section must be readable; its author and administrators always read it; others only
 * when it is published, not private, and (per-tower sections) for everyone or for one of their towers.
 */
export function canReadPost(viewer: CommunicationViewer, section: SectionFacts, post: PostFacts): boolean {
  if (!canReadSection(viewer, section)) return false;
  if (isAdmin(viewer.usuario) || post.authorId === viewer.usuario.UserId) return true;
  if (post.status !== 'A' || post.isPrivate) return false;
  if (section.VistaxTorre === 1 && post.towerId !== null) return viewer.towerIds.includes(post.towerId);
  return true;
}

/** Commenting: on a published post one may read, in a section that shows comments (CommentsDisplay Y). */
export function canCommentOnPost(viewer: CommunicationViewer, section: SectionFacts, post: PostFacts): boolean {
  return section.CommentsDisplay === 'Y' && post.status === 'A' && canReadPost(viewer, section, post);
}

// ── Official notices with read receipts (issue 30, src/api/noticeReads.ts). The administration publishes notices and
// reads who read them; the board sees how far a notice reached (counts per tower, no one named, as with the requests'
// overview); residents see their own reading only. Decided in docs/decisions.md.

/** Reads are recorded for members, not for the administration that publishes the notices. */
export const recordsNoticeReads = (viewer: Pick<CommunicationViewer, 'usuario'>) => !isAdmin(viewer.usuario);

/** Publishing notices, and marking them important: administrators (only they post where SectPosting is R). */
export const canPublishNotices = (viewer: Pick<CommunicationViewer, 'usuario'>) => isAdmin(viewer.usuario);

/** Marking a notice important (it then asks each reader for "Enterado"): those who publish notices, in a notices section. */
export const canMarkNoticeImportant = (
  viewer: Pick<CommunicationViewer, 'usuario'>,
  section: Pick<SectionFacts, 'SectPosting' | 'SectCode'>,
) => canPublishNotices(viewer) && isNoticeSection(section);

/** "Enterado": a member (not the administration, not its author) who reads an important published notice. */
export function canAcknowledgeNotice(
  viewer: CommunicationViewer,
  section: SectionFacts,
  post: PostFacts & { important: boolean },
): boolean {
  return (
    post.important &&
    post.status === 'A' &&
    isNoticeSection(section) &&
    recordsNoticeReads(viewer) &&
    post.authorId !== viewer.usuario.UserId &&
    canReadPost(viewer, section, post)
  );
}

/** How far a notice reached (the share read per tower, counts): administrators and the board. */
export const canSeeNoticeReach = (viewer: Pick<CommunicationViewer, 'usuario'>) =>
  isAdmin(viewer.usuario) || isBoard(viewer.usuario);

/** Who read and acknowledged a notice, by dwelling and name: administrators. */
export const canSeeNoticeReaders = (viewer: Pick<CommunicationViewer, 'usuario'>) => isAdmin(viewer.usuario);

/** "Reenviar a quienes no lo han leído": administrators. */
export const canResendNotice = (viewer: Pick<CommunicationViewer, 'usuario'>) => isAdmin(viewer.usuario);

/** Mis invitados: passes, guest links and events are for members with a dwelling in the condominium. */
export const canInviteGuests = (data: { usuario: Pick<User, 'apartments'> }) => data.usuario.apartments.length > 0;

/** Mis invitados: the condo-type guest link (anyone may register to any dwelling) is the administrators'. */
export const canManageCondoLink = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);

/** The 'Mis invitados' screen: for those who may do either. */
export const canSeeMyGuests = (data: { usuario: Pick<User, 'apartments' | 'UserIsAdmin'> }) =>
  canInviteGuests(data) || canManageCondoLink(data);

/** Blog configuration (listado-blogs) and its comunicacion calls: administrators only (spec §6). */
export const canConfigureBlogs = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);

/**
 * Recurring charges (domiciliations): a member of the condominium that has the feature sees their own
 * charges and only the owner edits or cancels one; not even an administrator touches another member's
 * card arrangement.
 */
export function canManageRecurringCharge(
  data: { condo: Pick<Condo, 'CondoId'>; usuario: Pick<User, 'UserId'> },
  charge: { UserId: number; CondoId: number },
): boolean {
  return canSeeAutomaticCharges(data) && charge.CondoId === data.condo.CondoId && charge.UserId === data.usuario.UserId;
}

/** The payment-provider contact dialog goes with the provider intro: administrators. */
export const canContactPaymentProvider = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);

// ── The employee panel (/condominio/panel-del-empleado). The spec names the route and says employees and guards
// are sent there from the money screens; who else opens it and what it holds is ours (docs/decisions.md).

export const isSupervisor = (user: Pick<User, 'UserIsSupervisor'>) => user.UserIsSupervisor === 'Y';

export type StaffRole = 'supervisor' | 'guard' | 'employee' | 'admin';

/**
 * The role the employee panel names for this person, the most specific first (a supervisor is also an
 * employee); administrators who are not staff open it as 'admin'. null: residents and the board, who are
 * sent to their home (communication) like on other guarded screens.
 */
export function staffRole(data: { usuario: Roles & Pick<User, 'UserIsSupervisor'> }): StaffRole | null {
  const user = data.usuario;
  if (isSupervisor(user)) return 'supervisor';
  if (isGuard(user)) return 'guard';
  if (isEmployee(user)) return 'employee';
  if (isAdmin(user)) return 'admin';
  return null;
}

/** The employee panel: staff (employees, guards, supervisors) and administrators. */
export const canSeeEmployeePanel = (data: { usuario: Roles & Pick<User, 'UserIsSupervisor'> }) => staffRole(data) !== null;

/** 'Verificar pase' (a visitor pass looked up by its manual key or QR text): administrators of the condominium
 * always; guards and supervisors while they hold the active permission ACC-PAS (given in configuracion, tab
 * permisos); never plain employees, who do not keep the gate. */
export const canCheckPasses = (data: {
  usuario: Pick<User, 'UserIsAdmin' | 'UserIsGuard' | 'UserIsSupervisor'>;
  usuarioPermisos: readonly UserPermission[];
}) =>
  isAdmin(data.usuario) ||
  ((isGuard(data.usuario) || isSupervisor(data.usuario)) && hasActivePermission(data.usuarioPermisos, PERMISSION.passCheck));

// ── The gate (issue 26, src/api/gate.ts). The caseta (checking passes, entries, exits, refusals, parcels at the
// gate) is the pass check's rule: administrators, and guards or supervisors with ACC-PAS. The whole movement log
// is theirs too; any other member reads only their own dwellings' visits (the domain scopes it).

/** The caseta screen and its calls: the same people who check passes. */
export const canUseGate = canCheckPasses;

/** Registering, pairing and revoking the condominium's gate devices: administrators. */
export const canManageGateDevices = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);

/** 'Mis paquetes' (parcels at the gate for one's dwellings): members who live in a dwelling of the condominium. */
export const canSeeMyParcels = (data: { usuario: Pick<User, 'apartments'> }) => data.usuario.apartments.length > 0;

/** The whole movement log (every dwelling): gate staff and administrators; others see their own dwellings'. */
export const canReadWholeMovementLog = canCheckPasses;

/** The entries' photos of plates or ID in the log: administrators, and supervisors with the gate's permission
 * (not the guards who took them, nor residents in "Mis visitas"). */
export const canSeeEntryPhotos = (data: Parameters<typeof canCheckPasses>[0] & { usuario: Pick<User, 'UserIsSupervisor'> }) =>
  isAdmin(data.usuario) || (isSupervisor(data.usuario) && canCheckPasses(data));

// ── Supervisor rounds (issue 31, src/api/rounds.ts): guards, supervisors and administrators walk rounds (on their
// phone or a paired device's shift); supervisors and administrators keep the checkpoints and plans, read the
// supervisor's panel and the weekly report.
type RoundsUser = { usuario: Pick<User, 'UserIsAdmin' | 'UserIsGuard' | 'UserIsSupervisor'> };
export const canWalkRounds = (data: RoundsUser) => isAdmin(data.usuario) || isGuard(data.usuario) || isSupervisor(data.usuario);
export const canManageRounds = (data: RoundsUser) => isAdmin(data.usuario) || isSupervisor(data.usuario);

// ── Incidents and the shift handover (issue 31, src/api/incidents.ts): gate staff (guards), supervisors and
// administrators see and raise incidents; what each may do to one is incidentsLifecycle.ts's table by the roles
// below. Guards and supervisors write and read the shift handover; administrators read it.
type IncidentUser = { usuario: Pick<User, 'UserIsAdmin' | 'UserIsGuard' | 'UserIsSupervisor'> };
export const canSeeIncidents = (data: IncidentUser) =>
  isAdmin(data.usuario) || isGuard(data.usuario) || isSupervisor(data.usuario);
export const canWriteHandover = (data: IncidentUser) => isGuard(data.usuario) || isSupervisor(data.usuario);
/** The lifecycle roles a person holds on incidents. */
export function incidentRolesOf(data: IncidentUser): IncidentRole[] {
  const roles: IncidentRole[] = [];
  if (isGuard(data.usuario)) roles.push('guard');
  if (isSupervisor(data.usuario)) roles.push('supervisor');
  if (isAdmin(data.usuario)) roles.push('admin');
  return roles;
}

// ── Assemblies (issue 32, src/api/assemblies.ts): administrators, the board and residents with a dwelling see them;
// administrators manage them, and the board where the condominium's assembly settings allow it (the server reads the
// setting: 403 otherwise). Only administrators change the settings.
type AssemblyUser = { usuario: Pick<User, 'UserIsAdmin' | 'UserIsBoard' | 'apartments'> };
export const canSeeAssemblies = (data: AssemblyUser) =>
  isAdmin(data.usuario) || isBoard(data.usuario) || data.usuario.apartments.length > 0;
export const canManageAssemblies = (data: AssemblyUser, boardMayCall: boolean) =>
  isAdmin(data.usuario) || (boardMayCall && isBoard(data.usuario));
/** Who reaches the managing routes at all (the board's setting is read by the domain). */
export const mayManageAssemblies = (data: AssemblyUser) => isAdmin(data.usuario) || isBoard(data.usuario);
export const canSetUpAssemblies = (data: AssemblyUser) => isAdmin(data.usuario);
// Proxies and item votes (src/api/assemblyVotes.ts): whoever sees assemblies reaches the routes; the domain decides
// the rest by the dwelling (an owner of it gives and withdraws its proxy; a seat's owner or holder votes) and by
// who manages the assembly (accepting proxies, opening and closing items, a show of hands: 403 otherwise).
/** A resident who holds a dwelling as its owner may give its proxy (the server checks the dwelling). */
export const canGiveProxy = (owner: boolean, assemblyState: string) =>
  owner && (assemblyState === 'called' || assemblyState === 'waiting');

// ── Requests to the administrator (SA) and interpersonal messages (IC), issue 13. The server enforces these on
// every call of src/api/tickets.ts and src/api/conversations.ts; the screens offer only what they allow.

/** Filing a request in an SA section: whoever reads the section (resident, board member, administrator) and
 * has a dwelling to file it for or names a common area; never in an inactive section. */
export const canFileTicket = (viewer: CommunicationViewer, section: SectionFacts) =>
  section.SectCode === 'SA' && section.SectStatus === 'A' && canReadSection(viewer, section);

/** Assigning, prioritising, internal notes, categories and due hours: administrators. */
export const canManageTickets = (viewer: Pick<CommunicationViewer, 'usuario'>) => isAdmin(viewer.usuario);

/** The overview: administrators in full, board members as counts by category and state (no personal text). */
export const canSeeTicketOverview = (viewer: Pick<CommunicationViewer, 'usuario'>) =>
  isAdmin(viewer.usuario) || isBoard(viewer.usuario);

/** Employees' task list (panel-del-empleado): the requests assigned to them. */
export const canWorkTickets = (viewer: Pick<CommunicationViewer, 'usuario'>) => isEmployee(viewer.usuario);

export interface TicketFactsOfPeople {
  requesterId: number;
  assigneeId: number | null;
}

/** The parts the viewer plays on one request (ticketLifecycle.ts TicketRole); empty: they may not see it. */
export function ticketRolesOf(
  viewer: Pick<CommunicationViewer, 'usuario'>,
  ticket: TicketFactsOfPeople,
): ('requester' | 'admin' | 'assignee')[] {
  const roles: ('requester' | 'admin' | 'assignee')[] = [];
  if (ticket.requesterId === viewer.usuario.UserId) roles.push('requester');
  if (isAdmin(viewer.usuario)) roles.push('admin');
  if (ticket.assigneeId !== null && ticket.assigneeId === viewer.usuario.UserId) roles.push('assignee');
  return roles;
}

/** Seeing one request: its requester, its assignee, administrators. The board sees counts only. */
export const canSeeTicket = (viewer: Pick<CommunicationViewer, 'usuario'>, ticket: TicketFactsOfPeople) =>
  ticketRolesOf(viewer, ticket).length > 0;

/** Internal notes (written and read): administrators and the assignee, never the requester as such. */
export const canSeeInternalNotes = (viewer: Pick<CommunicationViewer, 'usuario'>, ticket: TicketFactsOfPeople) =>
  isAdmin(viewer.usuario) || (ticket.assigneeId !== null && ticket.assigneeId === viewer.usuario.UserId);

/** Interpersonal messages in an IC section: whoever reads the section (the menu's rules). */
export const canUseConversations = (viewer: CommunicationViewer, section: SectionFacts) =>
  section.SectCode === 'IC' && section.SectStatus === 'A' && canReadSection(viewer, section);

/** Administrators read the administration's conversations and the reported messages, never others'. */
export const canReviewReportedMessages = (viewer: Pick<CommunicationViewer, 'usuario'>) => isAdmin(viewer.usuario);

/** Administrators speak for the administration in interpersonal messages: they read and write its
 * conversations with dwellings, and no conversation between two dwellings. */
export const speaksForAdministration = (viewer: Pick<CommunicationViewer, 'usuario'>) => isAdmin(viewer.usuario);

/** A conversation's two parties: dwellings by id, partyB null for the administration. */
export interface ConversationParties {
  partyA: number;
  partyB: number | null;
}

/**
 * The side the viewer speaks for in a conversation: one of their dwellings, or the administration (null);
 * undefined when no party is theirs, as in every conversation between two other dwellings, for
 * administrators too. An administrator who also lives in the dwelling of an administration conversation
 * speaks for the administration there.
 */
export function conversationSideOf(
  viewer: Pick<CommunicationViewer, 'usuario'>,
  ownApartmentIds: readonly number[],
  conversation: ConversationParties,
): number | null | undefined {
  if (conversation.partyB === null && speaksForAdministration(viewer)) return null;
  if (ownApartmentIds.includes(conversation.partyA)) return conversation.partyA;
  if (conversation.partyB !== null && ownApartmentIds.includes(conversation.partyB)) return conversation.partyB;
  return undefined;
}

/** Reading and writing in a conversation: the viewer speaks for one of its parties. */
export const canReadConversation = (
  viewer: Pick<CommunicationViewer, 'usuario'>,
  ownApartmentIds: readonly number[],
  conversation: ConversationParties,
) => conversationSideOf(viewer, ownApartmentIds, conversation) !== undefined;

/** Writing for a side (null: the administration): residents for a dwelling of theirs, administrators for
 * the administration. */
export const canWriteFor = (
  viewer: Pick<CommunicationViewer, 'usuario'>,
  ownApartmentIds: readonly number[],
  from: number | null,
) => (from === null ? speaksForAdministration(viewer) : ownApartmentIds.includes(from));

/** Writing to a party (null: the administration): any party the viewer does not belong to. With
 * canWriteFor this is the whole rule: a dwelling writes to another dwelling or to the administration, and the
 * administration only to dwellings. */
export const canWriteTo = (
  viewer: Pick<CommunicationViewer, 'usuario'>,
  ownApartmentIds: readonly number[],
  to: number | null,
) => (to === null ? !speaksForAdministration(viewer) : !ownApartmentIds.includes(to));

/** Blocking a dwelling's messages: for a dwelling of one's own, so members with a dwelling. */
export const canBlockDwellings = (ownApartmentIds: readonly number[]) => ownApartmentIds.length > 0;

/** Reporting a message to the administration: one the viewer reads, written by the other side (the
 * sender's side: a dwelling, or null for the administration). */
export function canReportMessage(
  viewer: Pick<CommunicationViewer, 'usuario'>,
  ownApartmentIds: readonly number[],
  conversation: ConversationParties,
  senderSide: number | null,
): boolean {
  const side = conversationSideOf(viewer, ownApartmentIds, conversation);
  return side !== undefined && side !== senderSide;
}

// ── Surveys and votes (EN), issue 14. The server enforces these on every call of src/api/polls.ts; the
// screens offer only what they allow.

/** Reading the polls of an EN section: whoever reads the section (COM-ENC ver, the menu's rules). */
export const canReadPolls = (viewer: CommunicationViewer, section: SectionFacts) =>
  section.SectCode === 'EN' && canReadSection(viewer, section);

/** Creating and publishing polls, closing, extending, cancelling, exporting, editing before opening:
 * administrators. */
export const canManagePolls = (viewer: Pick<CommunicationViewer, 'usuario'>) => isAdmin(viewer.usuario);

export const canCreatePoll = (viewer: CommunicationViewer, section: SectionFacts) =>
  canManagePolls(viewer) && canReadPolls(viewer, section) && section.SectStatus === 'A';

/** Proposing a survey for an administrator to publish: anyone else who reads an active EN section with
 * SectPosting A (spec §4: B is not offered for EN; R is administrators only). */
export const canProposePoll = (viewer: CommunicationViewer, section: SectionFacts) =>
  !canManagePolls(viewer) && canReadPolls(viewer, section) && section.SectStatus === 'A' && section.SectPosting === 'A';

/** What a proposal may be: an encuesta (opinion). A votación binds the assembly, so only administrators create
 * one. */
export const canProposeKind = (kind: string) => kind === 'encuesta';

/** The parts the viewer plays on one poll (pollLifecycle.ts PollRole). */
export function pollRolesOf(
  viewer: Pick<CommunicationViewer, 'usuario'>,
  poll: { proposerId: number | null },
): ('admin' | 'proposer')[] {
  const roles: ('admin' | 'proposer')[] = [];
  if (canManagePolls(viewer)) roles.push('admin');
  if (poll.proposerId !== null && poll.proposerId === viewer.usuario.UserId) roles.push('proposer');
  return roles;
}

// ── Facility reservations (RI) and the events calendar (EV), issue 15. The server enforces these on every call
// of src/api/reservations.ts and src/api/calendar.ts; the screens offer only what they allow.

/** Reading the facilities and booking them: whoever reads an RI section (COM-RES ver, the menu's rules). */
export const canReadReservations = (viewer: CommunicationViewer, section: SectionFacts) =>
  section.SectCode === 'RI' && canReadSection(viewer, section);

/** Managing facilities, approving, rejecting, cancelling any reservation, no-shows, deposits, export:
 * administrators. */
export const canManageFacilities = (viewer: Pick<CommunicationViewer, 'usuario'>) => isAdmin(viewer.usuario);

/** Booking: a reader of an RI section with a dwelling to book for (the server checks the dwelling is theirs). */
export const canBookFacilities = (viewer: CommunicationViewer, section: SectionFacts, dwellingCount: number) =>
  canReadReservations(viewer, section) && section.SectStatus === 'A' && dwellingCount > 0;

/** The parts the viewer plays on one reservation (reservationLifecycle.ts ReservationRole). */
export function reservationRolesOf(
  viewer: Pick<CommunicationViewer, 'usuario'>,
  reservation: { apartmentId: number },
  ownApartmentIds: readonly number[],
): ('admin' | 'owner')[] {
  const roles: ('admin' | 'owner')[] = [];
  if (canManageFacilities(viewer)) roles.push('admin');
  if (ownApartmentIds.includes(reservation.apartmentId)) roles.push('owner');
  return roles;
}

/** Who sees a reservation in full (names, dwelling): administrators and its dwelling's residents; everyone
 * else who reads the facilities sees only that the time is taken ("Ocupado"). */
export const seesReservationInFull = (roles: readonly ('admin' | 'owner')[]) => roles.length > 0;

/** Reading the events calendar: whoever reads an EV section. */
export const canReadCalendar = (viewer: CommunicationViewer, section: SectionFacts) =>
  section.SectCode === 'EV' && canReadSection(viewer, section);

/** Publishing, editing and cancelling events: administrators. */
export const canPublishEvents = (viewer: Pick<CommunicationViewer, 'usuario'>) => isAdmin(viewer.usuario);

// ── Administration (issue 16): configuracion, the directories, control-gerencial, historial, search.

/** The permission keys configuracion edits, with the levels each offers (usuarioPermisos.Tipo). */
export const EDITABLE_PERMISSIONS: readonly { clave: string; levels: readonly string[] }[] = [
  { clave: PERMISSION.accountStatement, levels: ['ver'] },
  { clave: PERMISSION.financialReports, levels: ['ver'] },
  { clave: PERMISSION.requests, levels: ['ver'] },
  { clave: PERMISSION.reservations, levels: ['ver'] },
  { clave: PERMISSION.surveys, levels: ['ver'] },
  { clave: PERMISSION.debts, levels: ['ver', 'editar', HIGH_LEVEL] },
  { clave: PERMISSION.passCheck, levels: ['ver'] },
  { clave: PERMISSION.invoicing, levels: ['ver'] },
];

/** The role functions configuracion edits (permisosRoles.Funcion), each 0 none … 3 full. */
export const EDITABLE_ROLE_FUNCTIONS: readonly string[] = [INCOME_FUNCTION, 'Egresos', 'Bancos', 'Fondos'];
export const ROLE_FUNCTION_MAX = 3;

/** People (dwellings, residents, invitations, staff, permissions, access requests) and the condominium's
 * settings: administrators. */
export const canManagePeople = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);
export const canEditCondoSettings = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);

/** The document library (issue 32, condominio/others): uploading, new versions, archiving, folders: administrators. */
export const canManageDocuments = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);

/**
 * Which documents of the library a member sees, by audience: everyone's to every member; the owners' to owners
 * (a dwelling held as 'owner'), the board and administrators; the board's to the board and administrators; the
 * administrators' to administrators. Archived ones: administrators only.
 */
export function documentAudiencesFor(viewer: {
  usuario: Pick<User, 'UserIsAdmin' | 'UserIsBoard'>;
  owner: boolean;
}): ('everyone' | 'owners' | 'board' | 'admins')[] {
  const admin = isAdmin(viewer.usuario);
  const board = admin || isBoard(viewer.usuario);
  const audiences: ('everyone' | 'owners' | 'board' | 'admins')[] = ['everyone'];
  if (viewer.owner || board) audiences.push('owners');
  if (board) audiences.push('board');
  if (admin) audiences.push('admins');
  return audiences;
}

/** Management control (control-gerencial) and the history (historial): administrators and the board. */
export const canSeeManagementControl = (data: { usuario: Pick<User, 'UserIsAdmin' | 'UserIsBoard'> }) =>
  isAdmin(data.usuario) || isBoard(data.usuario);
export const canReadHistory = (data: { usuario: Pick<User, 'UserIsAdmin' | 'UserIsBoard'> }) =>
  isAdmin(data.usuario) || isBoard(data.usuario);

/**
 * Which directories a member opens (spec §3.1 displaydirectory; the rule is ours, docs/decisions.md):
 * R the residents' directory, E the employees' directory, M both. Administrators open both whatever the
 * setting, since they keep the people.
 */
export function directoriesFor(data: { condo: Pick<Condo, 'displaydirectory'>; usuario: Pick<User, 'UserIsAdmin'> }): {
  residents: boolean;
  employees: boolean;
} {
  if (isAdmin(data.usuario)) return { residents: true, employees: true };
  const setting = data.condo.displaydirectory;
  return { residents: setting === 'R' || setting === 'M', employees: setting === 'E' || setting === 'M' };
}

/**
 * Whether a change of one membership's administrator flag (or its removal from the condominium) would leave
 * the condominium without an active administrator. `activeAdmins` counts before the change.
 */
export const removesLastAdmin = (activeAdmins: number, targetIsAdmin: boolean, targetStaysAdmin: boolean) =>
  targetIsAdmin && !targetStaysAdmin && activeAdmins <= 1;

/**
 * E-invoicing (issue 17, control-gerencial/modulos-adicionales): administrators, and any member given the
 * active FAC permission. Another condominium's invoicing is never reached (the server scopes by session).
 */
export const canInvoice = (data: Pick<SessionData, 'usuario' | 'usuarioPermisos'>) =>
  isAdmin(data.usuario) || hasActivePermission(data.usuarioPermisos, PERMISSION.invoicing);

/** Spec §4: invoice mode 'A' (each recorded payment is invoiced by a job) hides 'Crear factura'. */
export const canCreateInvoiceByHand = (data: Pick<SessionData, 'usuario' | 'usuarioPermisos'>, modoInvoice: 'A' | 'M' | null) =>
  canInvoice(data) && modoInvoice !== 'A';

/**
 * Recording a dwelling's payment in the ledger (estado-cta, "Registrar pago"): administrators, and members
 * holding ADEUDOS at 'editar' or the high level (active). In invoice mode A the payment is then invoiced by a
 * job (spec §4), so this is also what starts an automatic invoice.
 */
/**
 * Paying a dwelling's charges online (issue 27): a member with 'Estado de cuenta' for a dwelling they live in.
 * Staff record payments instead ("Registrar pago"); they do not pay for residents.
 */
export function canPayOnline(data: Session, ownApartmentIds: readonly number[], apartmentId: number): boolean {
  return canSeeAccountStatement(data) && ownApartmentIds.includes(apartmentId);
}

/**
 * The condominium's online-payment settings (issue 27): the provider, taking payments or not, who bears the
 * commission, each method's commission and the account the money lands in. Administrators only.
 */
export const canManagePayments = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);

export const canRecordPayment = (data: Pick<SessionData, 'usuario' | 'usuarioPermisos'>) =>
  isAdmin(data.usuario) ||
  data.usuarioPermisos.some(
    (p) => p.Clave === PERMISSION.debts && p.Activa === 1 && (p.Tipo === 'editar' || p.Tipo === HIGH_LEVEL),
  );

/**
 * Late fees (recargos, issue 27; the legacy automatic/penalties): the rule, its exemptions, applying and waiving
 * fees. Administrators only.
 */
export const canManageLateFees = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);

/** Payment reminders (issue 27): their days, who was reminded, sending today's now. Administrators only. */
export const canManageReminders = (data: { usuario: Pick<User, 'UserIsAdmin'> }) => isAdmin(data.usuario);

/**
 * Proofs of payment (comprobantes de pago, issue 27): reviewing them (the queue, accepting one, which records the
 * payment, rejecting one) is recording payments, so it follows "Registrar pago" (canRecordPayment).
 */
export const canReviewPaymentProofs = (data: Pick<SessionData, 'usuario' | 'usuarioPermisos'>) => canRecordPayment(data);

/** The proofs screen and its calls: members with 'Estado de cuenta' (their own dwellings') and reviewers. */
export const canUsePaymentProofs = (data: Session) => canSeeAccountStatement(data) || canReviewPaymentProofs(data);

/** Sending a proof for a dwelling: a member with 'Estado de cuenta' who lives in it, or a reviewer for any. */
export function canSendPaymentProof(data: Session, ownApartmentIds: readonly number[], apartmentId: number): boolean {
  return canReviewPaymentProofs(data) || (canSeeAccountStatement(data) && ownApartmentIds.includes(apartmentId));
}
