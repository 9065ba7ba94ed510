// The communication home (/condominio/comunicacion): each section the member sees (the menu's, through
// src/api/sections.ts) with what waits for them there: open requests in SA sections, unread messages in IC
// sections, open polls to answer in EN sections, reservations in RI sections (administrators: requests to
// approve; others: their upcoming ones), events of the next UPCOMING_EVENT_DAYS days in EV sections, posts of the
// last NEW_POSTS_DAYS days by others in the rest.
import { array, type Infer, literal, number, object } from 'superstruct';

export const COMMUNICATION_HOME_PATHS = {
  /** Signed in, not an employee: GET the counts of every section the caller may read. */
  summary: '/--comunicacion/home-summary',
} as const;

/** A post counts as new on the home for this many days. */
export const NEW_POSTS_DAYS = 7;
/** An EV section counts the events starting within this many days. */
export const UPCOMING_EVENT_DAYS = 7;

export const HomeSectionCounts = object({
  SectId: number(),
  /** SA: the open requests the caller sees (their own; administrators: all). */
  abiertas: number(),
  /** IC: messages to the caller's side not read yet. */
  noLeidos: number(),
  /** EN: open polls in which the caller has a seat that has not answered yet. */
  porContestar: number(),
  /** RI: administrators, the requests waiting for approval; others, their dwellings' upcoming reservations. */
  reservaciones: number(),
  /** EV: events and assemblies starting in the next UPCOMING_EVENT_DAYS days. */
  proximos: number(),
  /** Other codes: posts by others published in the last NEW_POSTS_DAYS days that the caller may read. */
  nuevas: number(),
});
export type HomeSectionCounts = Infer<typeof HomeSectionCounts>;

export const HomeSummaryAnswer = object({ success: literal(true), sections: array(HomeSectionCounts) });
export type HomeSummaryAnswer = Infer<typeof HomeSummaryAnswer>;
