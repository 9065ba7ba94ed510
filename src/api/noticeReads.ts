// Official notices with read receipts (issue 30): who has read each notice of the administration (by dwelling and
// person, with time), the share read per tower, "resend to those who have not read it", and for notices marked
// important an explicit "Enterado" recorded with time, once. Residents see nothing of others' reading: only their
// own read and acknowledgement come back to them (PostAnswer.notice). Who may do what is in permissions.ts
// (canSeeNoticeReach, canSeeNoticeReaders, canResendNotice, canMarkNoticeImportant, canAcknowledgeNotice).
import { array, boolean, enums, type Infer, literal, nullable, number, object, optional, string } from 'superstruct';
import { GENERIC_SECTION_SCREEN, sectionScreen } from './sections';
import { Id, IdParam, QueryInteger } from './validation';

export const NOTICE_READS_PATHS = {
  /** A member who may acknowledge (canAcknowledgeNotice): POST { postId } → AcknowledgeAnswer; again: the first time. */
  acknowledge: '/--comunicacion/notice-acknowledge',
  /** Administrators (canMarkNoticeImportant): POST { postId, important } → ImportanceAnswer. */
  importance: '/--comunicacion/notice-importance',
  /** Administrators and the board (canSeeNoticeReach): GET ?limit=&offset= → ReachAnswer, counts only. */
  reach: (postId: number | string) => `/--comunicacion/notice-reach/${postId}`,
  /** Administrators (canSeeNoticeReaders): GET ?limit=&offset=&filter= → ReadersAnswer, names and times. */
  readers: (postId: number | string) => `/--comunicacion/notice-readers/${postId}`,
  /** Administrators (canResendNotice): POST { postId } → ResendAnswer; within NOTICE_RESEND_COOLDOWN_MS of the last, 409. */
  resend: '/--comunicacion/notice-resend',
} as const;

/**
 * The notices section: a section of posts (the generic screen: no flow of its own) where only the administration
 * posts (SectPosting 'R'): the demo's "Avisos de la administración", and "Asuntos del consejo" for the board. This is
 * the one place that says so.
 */
export const isNoticeSection = (section: { SectPosting: string; SectCode: string }) =>
  section.SectPosting === 'R' && sectionScreen(section.SectCode) === GENERIC_SECTION_SCREEN;

/** A second resend of one notice waits this long after the first (a double press, two administrators at once). */
export const NOTICE_RESEND_COOLDOWN_MS = 60 * 60_000;

export const NOTICE_TOWERS_PAGE_SIZE = 10;
export const NOTICE_TOWERS_MAX_PAGE_SIZE = 50;
export const NOTICE_READERS_PAGE_SIZE = 20;
export const NOTICE_READERS_MAX_PAGE_SIZE = 100;

/** Which readers: everyone who read it, those who pressed Enterado, those who read it and did not. */
export const READER_FILTERS = ['all', 'acknowledged', 'notAcknowledged'] as const;
export type ReaderFilter = (typeof READER_FILTERS)[number];

export const NoticeParams = object({ postId: IdParam });

export const TowersQuery = object({
  limit: optional(QueryInteger(1, NOTICE_TOWERS_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});
export type TowersQuery = Infer<typeof TowersQuery>;

export const ReadersQuery = object({
  limit: optional(QueryInteger(1, NOTICE_READERS_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
  filter: optional(enums(READER_FILTERS)),
});
export type ReadersQuery = Infer<typeof ReadersQuery>;

export const NoticeRequest = object({ postId: Id });
export type NoticeRequest = Infer<typeof NoticeRequest>;

export const ImportanceRequest = object({ postId: Id, important: boolean() });
export type ImportanceRequest = Infer<typeof ImportanceRequest>;

/** What the reader of a notice gets with the post (PostAnswer.notice): their own reading only, and what they may do. */
export const NoticeState = object({
  important: boolean(),
  /** When this member first opened it (ISO-8601 UTC); null for the administration, whose openings are not reads. */
  readAt: nullable(string()),
  acknowledgedAt: nullable(string()),
  canAcknowledge: boolean(),
  canMarkImportant: boolean(),
  canSeeReach: boolean(),
  canSeeReaders: boolean(),
});
export type NoticeState = Infer<typeof NoticeState>;

/** One tower's share: dwellings with at least one reader of the active dwellings in it; towerId null: houses. */
export const TowerShare = object({
  towerId: nullable(number()),
  name: nullable(string()),
  dwellings: number(),
  read: number(),
});
export type TowerShare = Infer<typeof TowerShare>;

export const ReachAnswer = object({
  success: literal(true),
  postId: number(),
  important: boolean(),
  /** The members who may read it (the administration and the author aside), and those who have. */
  people: number(),
  readers: number(),
  acknowledged: number(),
  /** Active dwellings the notice is for (its tower's, when it names one) and those with at least one reader. */
  dwellings: number(),
  readDwellings: number(),
  towers: array(TowerShare),
  /** How many towers (with "no tower" as one), for the pages. */
  total: number(),
  lastResendAt: nullable(string()),
});
export type ReachAnswer = Infer<typeof ReachAnswer>;

export const NoticeReader = object({
  userId: number(),
  name: string(),
  /** 'Torre A - 101'; null: a reader who lives in no dwelling. */
  dwelling: nullable(string()),
  readAt: string(),
  acknowledgedAt: nullable(string()),
});
export type NoticeReader = Infer<typeof NoticeReader>;

export const ReadersAnswer = object({ success: literal(true), readers: array(NoticeReader), total: number() });
export type ReadersAnswer = Infer<typeof ReadersAnswer>;

export const AcknowledgeAnswer = object({ success: literal(true), acknowledgedAt: string() });
export type AcknowledgeAnswer = Infer<typeof AcknowledgeAnswer>;

export const ImportanceAnswer = object({ success: literal(true), important: boolean() });
export type ImportanceAnswer = Infer<typeof ImportanceAnswer>;

export const ResendAnswer = object({
  success: literal(true),
  /** People told by notification (every one who has not read it), and of them those sent an e-mail. */
  notified: number(),
  mailed: number(),
  /** When it was sent; null when nobody was left to tell (nothing sent, nothing kept). */
  sentAt: nullable(string()),
});
export type ResendAnswer = Infer<typeof ResendAnswer>;

// ── Pure rules, shared by the server (which counts) and the screen (which shows).

/** A dwelling as the share reads it. */
export interface ShareDwelling {
  id: number;
  towerId: number | null;
  towerName: string | null;
}

/**
 * The share read per tower: for each tower (houses without a tower as one more, last), its active dwellings and
 * those with at least one reader among `readDwellingIds`. Towers in name order; a reader's dwelling outside
 * `dwellings` (inactive, or of another tower than the notice's) counts nowhere.
 */
export function towerShares(dwellings: readonly ShareDwelling[], readDwellingIds: Iterable<number>): TowerShare[] {
  const read = new Set(readDwellingIds);
  const byTower = new Map<number | null, TowerShare>();
  for (const dwelling of dwellings) {
    const row = byTower.get(dwelling.towerId) ?? { towerId: dwelling.towerId, name: dwelling.towerName, dwellings: 0, read: 0 };
    row.dwellings += 1;
    if (read.has(dwelling.id)) row.read += 1;
    byTower.set(dwelling.towerId, row);
  }
  return [...byTower.values()].sort((a, b) => {
    if (a.towerId === null || b.towerId === null) return a.towerId === null ? (b.towerId === null ? 0 : 1) : -1;
    return (a.name ?? '').localeCompare(b.name ?? '', 'es', { numeric: true }) || a.towerId - b.towerId;
  });
}

/** The share as a whole percentage, rounded down so 199 of 200 never reads as 100 %; 0 of 0 is 0. */
export const sharePercent = (read: number, total: number): number => (total > 0 ? Math.floor((read * 100) / total) : 0);

/** Whole minutes until a resend is allowed again, given the last one (ISO) and now; 0 when it is allowed. */
export function resendWaitMinutes(lastResendAt: string | null, now: Date): number {
  if (!lastResendAt) return 0;
  const left = Date.parse(lastResendAt) + NOTICE_RESEND_COOLDOWN_MS - now.getTime();
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}
