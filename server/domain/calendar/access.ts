// Which sections of the caller's condominium feed their calendar, always through the shared rules of
// src/api/permissions.ts: the EV sections they read (canReadCalendar) open the calendar at all; an RI section
// they read (canReadReservations) adds reservations; an EN section they read (canReadPolls) adds poll closings.
import type { Kysely } from 'kysely';
import {
  type CommunicationViewer,
  canReadCalendar,
  canReadPolls,
  canReadReservations,
  type SectionFacts,
} from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Auth } from '../shared/auth';
import { sectionFacts } from '../shared/sections';

export interface ReadableSection {
  section: Section;
  facts: SectionFacts;
}

type SectionRule = (viewer: CommunicationViewer, facts: SectionFacts) => boolean;

/** The sections of these codes in the condominium the rule lets the viewer read, in the menu's order. */
async function readableSections(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  code: string,
  rule: SectionRule,
): Promise<ReadableSection[]> {
  const sections = await db
    .selectFrom('sections')
    .selectAll()
    .where('condo_id', '=', auth.condoId)
    .where('code', '=', code)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (sections.length === 0) return [];
  const assigned = new Set(
    (
      await db
        .selectFrom('section_users')
        .select('section_id')
        .where('user_id', '=', auth.userId)
        .where(
          'section_id',
          'in',
          sections.map((s) => s.id),
        )
        .execute()
    ).map((r) => r.section_id),
  );
  return sections
    .map((section) => ({ section, facts: sectionFacts(section, assigned.has(section.id)) }))
    .filter((s) => rule(viewer, s.facts));
}

export const readableCalendarSections = (db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer) =>
  readableSections(db, auth, viewer, 'EV', canReadCalendar);

export const readableReservationSections = (db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer) =>
  readableSections(db, auth, viewer, 'RI', canReadReservations);

export const readablePollSectionsOf = (db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer) =>
  readableSections(db, auth, viewer, 'EN', canReadPolls);

/** The calendar is for whoever reads an EV section of the condominium; 403 for anyone else. */
export async function requireCalendarReader(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
): Promise<ReadableSection[]> {
  const sections = await readableCalendarSections(db, auth, viewer);
  if (sections.length === 0) throw forbidden();
  return sections;
}
