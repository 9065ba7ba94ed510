// Assemblies (issue 32, first slice): calls (convocatorias) with their agenda and up to three calls with the quorum
// each needs (assemblyQuorum.ts), sent as an important notice in the condominium's notices section (read receipts),
// an e-mail to the owners, an 'asamblea' event in the calendar (and so its ICS feed), and the call's PDF; residents
// confirm attendance ahead; at the assembly those who manage it record who is present per dwelling (owners count for
// the quorum by their dwelling's indiviso; tenants attend without counting); the quorum of the current call live;
// the lifecycle of assembliesLifecycle.ts. Who sees assemblies: administrators, the board and residents with a
// dwelling (permissions.canSeeAssemblies); who manages them: administrators, and the board where the condominium's
// assembly settings allow it (boardMayCall, default off; the server answers 403 otherwise). Votes on the agenda's
// items, proxies and the acta come next; an item's kind and majority rule are kept now for them.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  refine,
  size,
  string,
  type,
} from 'superstruct';
import { ASSEMBLY_ACTIONS, ASSEMBLY_STATES } from './assembliesLifecycle';
import { ASSEMBLY_MAX_CALLS, QUORUM_RULE_SETS } from './assemblyQuorum';
import { DocumentAudience } from './documents';
import { CalendarDateTime, Id, NonEmpty, Version } from './validation';

export const ASSEMBLY_PATHS = {
  /** canSeeAssemblies: GET → AssembliesAnswer, upcoming first then past; drafts only for those who manage. */
  list: '/--asambleas/lista',
  /** canManageAssemblies (board: boardMayCall): POST AssemblyDraft → AssemblyAnswer (draft). */
  create: '/--asambleas/nueva',
  /** canManageAssemblies: GET → AssemblySettingsAnswer. */
  settings: '/--asambleas/ajustes',
  /** Administrators: POST AssemblySettings → AssemblySettingsAnswer. */
  saveSettings: '/--asambleas/ajustes/guardar',
  /** canSeeAssemblies: GET → AssemblyAnswer; 404 another condominium's (or a draft, for who does not manage). */
  detail: '/--asambleas/:assemblyId',
  /**
   * canManageAssemblies: POST AssemblyChangeRequest → AssemblyAnswer; 409 (AssemblyConflictAnswer) when the lifecycle
   * does not allow it (opening below the current call's quorum: assemblies.refusal.noQuorum), or the version is
   * stale. 'call' posts the notice, queues the owners' mail and writes the calendar's event.
   */
  change: '/--asambleas/:assemblyId/cambiar',
  /** canSeeAssemblies with a dwelling: POST ConfirmRequest → AssemblyAnswer; 409 once the assembly is open. */
  confirm: '/--asambleas/:assemblyId/confirmar',
  /** canManageAssemblies: POST AttendanceRequest → AssemblyAnswer (the quorum recomputed); 409 unless waiting or open. */
  attendance: '/--asambleas/:assemblyId/asistencia',
  /** canSeeAssemblies: GET → the call's PDF (agenda, calls with their times and quorums, the legal text). */
  pdf: '/--asambleas/:assemblyId/convocatoria.pdf',
} as const;

export const assemblyPath = (id: number) => `/--asambleas/${id}`;
export const assemblyChangePath = (id: number) => `/--asambleas/${id}/cambiar`;
export const assemblyConfirmPath = (id: number) => `/--asambleas/${id}/confirmar`;
export const assemblyAttendancePath = (id: number) => `/--asambleas/${id}/asistencia`;
export const assemblyPdfPath = (id: number) => `/--asambleas/${id}/convocatoria.pdf`;

/** The screen (under /condominio): the list, and one assembly at ?id=. */
export const ASSEMBLY_SCREEN = '/asambleas';
export const assemblyScreen = (id: number) => `${ASSEMBLY_SCREEN}?id=${id}`;

export const ASSEMBLY_KINDS = ['ordinary', 'extraordinary'] as const;
export type AssemblyKind = (typeof ASSEMBLY_KINDS)[number];
export const ITEM_KINDS = ['informative', 'voted'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const MAJORITY_RULES = ['simple', 'qualified', 'unanimity'] as const;
export type MajorityRule = (typeof MAJORITY_RULES)[number];
export const CONFIRM_ANSWERS = ['in_person', 'online', 'absent'] as const;
export type ConfirmAnswer = (typeof CONFIRM_ANSWERS)[number];
export const ATTENDANCE_MODES = ['in_person', 'online'] as const;
export type AttendanceMode = (typeof ATTENDANCE_MODES)[number];
/** Owners count for the quorum; tenants attend without counting. */
export const ATTENDEE_KINDS = ['owner', 'tenant'] as const;
export type AttendeeKind = (typeof ATTENDEE_KINDS)[number];

export const ASSEMBLY_TITLE_MAX = 120;
export const ASSEMBLY_PLACE_MAX = 200;
export const ASSEMBLY_LINK_MAX = 500;
export const ITEM_TITLE_MAX = 160;
export const ITEM_TEXT_MAX = 2000;
export const ASSEMBLY_MAX_ITEMS = 30;
export const LEGAL_TEXT_MAX = 8000;
export const ATTENDEE_NAME_MAX = 120;
export const PROXY_LIMIT_MAX = 50;
export const ARREARS_DAYS_MAX = 3650;

const Percent = refine(integer(), 'Percent', (value) => (value >= 0 && value <= 100) || 'must be from 0 to 100');
const QualifiedPercent = refine(integer(), 'Percent', (value) => (value >= 51 && value <= 100) || 'must be from 51 to 100');
const VideoLink = refine(
  size(string(), 0, ASSEMBLY_LINK_MAX),
  'Link',
  (value) => value === '' || /^https:\/\/\S+$/.test(value) || 'must be an https link',
);

export const AgendaItemDraft = object({
  title: NonEmpty(ITEM_TITLE_MAX),
  description: size(string(), 0, ITEM_TEXT_MAX),
  kind: enums(ITEM_KINDS),
  majority: enums(MAJORITY_RULES),
  /** Qualified majority only: the percent of the indiviso. */
  qualifiedPercent: optional(nullable(QualifiedPercent)),
});
export type AgendaItemDraft = Infer<typeof AgendaItemDraft>;

export const CallDraft = object({
  /** Wall clock in the condominium's zone; each call after the previous. */
  at: CalendarDateTime,
  percent: Percent,
  strict: boolean(),
});
export type CallDraft = Infer<typeof CallDraft>;

export const AssemblyDraft = object({
  kind: enums(ASSEMBLY_KINDS),
  title: NonEmpty(ASSEMBLY_TITLE_MAX),
  place: size(string(), 0, ASSEMBLY_PLACE_MAX),
  videoLink: VideoLink,
  items: size(array(AgendaItemDraft), 1, ASSEMBLY_MAX_ITEMS),
  calls: size(array(CallDraft), 1, ASSEMBLY_MAX_CALLS),
});
export type AssemblyDraft = Infer<typeof AssemblyDraft>;

/** What a draft lacks beyond its shape: a place or a link; calls in order; a qualified item's percent. */
export function assemblyDraftProblems(draft: AssemblyDraft): string[] {
  const problems: string[] = [];
  if (draft.place.trim() === '' && draft.videoLink.trim() === '') problems.push('place');
  for (let i = 1; i < draft.calls.length; i++) {
    if (draft.calls[i]!.at <= draft.calls[i - 1]!.at) problems.push(`calls.${i}.at`);
  }
  draft.items.forEach((item, i) => {
    if (item.majority === 'qualified' && !item.qualifiedPercent) problems.push(`items.${i}.qualifiedPercent`);
  });
  return problems;
}

export const AssemblyChangeRequest = object({ version: Version, action: enums(ASSEMBLY_ACTIONS) });
export type AssemblyChangeRequest = Infer<typeof AssemblyChangeRequest>;

export const ConfirmRequest = object({ answer: enums(CONFIRM_ANSWERS) });
export type ConfirmRequest = Infer<typeof ConfirmRequest>;

export const AttendanceRequest = object({
  apartmentId: Id,
  kind: enums(ATTENDEE_KINDS),
  /** null: no longer present. */
  mode: nullable(enums(ATTENDANCE_MODES)),
  name: optional(size(string(), 0, ATTENDEE_NAME_MAX)),
});
export type AttendanceRequest = Infer<typeof AttendanceRequest>;

export const AssemblySettings = object({
  boardMayCall: boolean(),
  ruleSet: enums(QUORUM_RULE_SETS),
  /** The legal text printed on the call (the condominium's rules, the law it follows). */
  legalText: size(string(), 0, LEGAL_TEXT_MAX),
  /** Accepted proxies (cartas poder) one holder may carry; Puebla's law: 3. */
  proxyLimit: size(integer(), 0, PROXY_LIMIT_MAX),
  /** A dwelling whose oldest unpaid charge is older than this many days may not vote; 0: no bar. */
  arrearsDays: size(integer(), 0, ARREARS_DAYS_MAX),
  /** Tenants vote (for a dwelling whose owner is absent); the law's default: they attend without vote. */
  tenantsVote: boolean(),
  /** Who reads the book of minutes (a documents audience). */
  minutesAudience: DocumentAudience,
});
export type AssemblySettings = Infer<typeof AssemblySettings>;
export const AssemblySettingsAnswer = object({ success: literal(true), data: AssemblySettings });
export type AssemblySettingsAnswer = Infer<typeof AssemblySettingsAnswer>;

export const AgendaItem = object({
  id: number(),
  position: number(),
  title: string(),
  description: string(),
  kind: enums(ITEM_KINDS),
  majority: enums(MAJORITY_RULES),
  qualifiedPercent: nullable(number()),
});
export type AgendaItem = Infer<typeof AgendaItem>;

export const AssemblyCall = object({ number: number(), at: string(), percent: number(), strict: boolean() });
export type AssemblyCall = Infer<typeof AssemblyCall>;

/** One dwelling as the attendance list shows it. */
export const AttendanceRow = object({
  apartmentId: number(),
  name: string(),
  /** Parts per million. */
  indiviso: number(),
  owner: nullable(object({ mode: enums(ATTENDANCE_MODES), name: nullable(string()) })),
  tenant: nullable(object({ mode: enums(ATTENDANCE_MODES), name: nullable(string()) })),
  /** What its residents answered ahead (the first answer of each, by name). */
  confirmations: array(object({ name: string(), answer: enums(CONFIRM_ANSWERS) })),
  /** The holder of the dwelling's accepted proxy (carta poder), who attends as its owner; null without one. */
  proxyHolder: nullable(string()),
});
export type AttendanceRow = Infer<typeof AttendanceRow>;

export const QuorumState = object({
  /** The indiviso present (owners), and the whole of the condominium's dwellings, in parts per million. */
  present: number(),
  total: number(),
  percent: number(),
  /** The current call's quorum is met (false before the assembly convenes). */
  met: boolean(),
  dwellingsPresent: number(),
  dwellingsTotal: number(),
});
export type QuorumState = Infer<typeof QuorumState>;

export const AssemblySummary = object({
  id: number(),
  kind: enums(ASSEMBLY_KINDS),
  title: string(),
  state: enums(ASSEMBLY_STATES),
  /** The first call's time, wall clock in the condominium's zone. */
  startsAt: string(),
  place: string(),
});
export type AssemblySummary = Infer<typeof AssemblySummary>;

export const Assembly = object({
  ...AssemblySummary.schema,
  videoLink: string(),
  currentCall: number(),
  calls: array(AssemblyCall),
  items: array(AgendaItem),
  quorum: QuorumState,
  /** The notice the call was posted as (its screen under /condominio), once called. */
  noticeScreen: nullable(string()),
  /** The caller's own answer ahead; null when none or no dwelling. */
  myAnswer: nullable(enums(CONFIRM_ANSWERS)),
  /** The caller may answer ahead (a dwelling, before the assembly opens). */
  mayConfirm: boolean(),
  /** The caller manages it: the actions the lifecycle allows now and the attendance list. */
  manages: boolean(),
  actions: array(enums(ASSEMBLY_ACTIONS)),
  attendance: nullable(array(AttendanceRow)),
  version: number(),
});
export type Assembly = Infer<typeof Assembly>;

export const AssemblyAnswer = object({ success: literal(true), data: Assembly });
export type AssemblyAnswer = Infer<typeof AssemblyAnswer>;
export const AssemblyConflictAnswer = type({ success: literal(false), message: string(), assembly: Assembly });
export type AssemblyConflictAnswer = Infer<typeof AssemblyConflictAnswer>;
export const AssembliesAnswer = object({ success: literal(true), items: array(AssemblySummary), manages: boolean() });
export type AssembliesAnswer = Infer<typeof AssembliesAnswer>;
