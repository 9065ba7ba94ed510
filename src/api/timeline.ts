// The welcome timeline ('Bienvenido - Linea del tiempo'): what happened in the condominium, newest first.
import { array, enums, type Infer, literal, nullable, number, object, string } from 'superstruct';
import { PageQueryOf } from './validation';

export const TIMELINE_PATHS = {
  /** Signed in: GET ?limit=&offset= (limit 1..50, default 20). */
  list: '/--comunicacion/timeline',
} as const;

export const TIMELINE_PAGE_SIZE = 20;
export const TIMELINE_MAX_PAGE_SIZE = 50;

/** GET ?limit=&offset=: limit 1..50 (default TIMELINE_PAGE_SIZE), offset 0 or more (default 0). */
export const TimelineQuery = PageQueryOf(TIMELINE_MAX_PAGE_SIZE);
export type TimelineQuery = Infer<typeof TimelineQuery>;

/**
 * What can happen. Later issues add kinds (posts, reservations, payments) with a migration-free string;
 * the client shows an unknown kind with its title alone.
 */
export const TIMELINE_KINDS = ['member.joined', 'section.created', 'privacy.updated', 'condo.created'] as const;

export const TimelineItem = object({
  id: number(),
  kind: string(),
  /** What the event is about: the member's or the section's name. The client words the sentence per kind
   * ("timeline.<kind>" with {subject}); an unknown kind shows the subject alone. */
  subject: string(),
  detail: nullable(string()),
  actorName: nullable(string()),
  /** ISO-8601 UTC. */
  at: string(),
});
export type TimelineItem = Infer<typeof TimelineItem>;

export const TimelineAnswer = object({ success: literal(true), items: array(TimelineItem), total: number() });
export type TimelineAnswer = Infer<typeof TimelineAnswer>;

export const TimelineKind = enums(TIMELINE_KINDS);
