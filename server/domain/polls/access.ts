// Which EN section and which poll the caller asks about, and whether it is theirs to see: always through the
// shared rules of src/api/permissions.ts. Another condominium's section or poll, and a poll the caller may not
// see, answer 404 (nothing tells them it exists).
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { type CommunicationViewer, canManagePolls, canReadPolls, type SectionFacts } from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Auth } from '../shared/auth';
import { condoSections, sectionFacts } from '../shared/sections';
import { findPoll, type PollRow } from './rows';

export const pollNotFound = () => new AppError(404, ErrorCodes.notFound, 'pollsNotices.refusal.notFound');

export interface PollSection {
  section: Section;
  facts: SectionFacts;
}

/** The EN section of the caller's condominium with its facts for the caller; 404 for any other section. */
export async function pollSection(db: Kysely<Database>, auth: Auth, sectionId: number): Promise<PollSection> {
  const { sections, assigned } = await condoSections(db, auth);
  const section = sections.find((s) => s.id === sectionId && s.code === 'EN');
  if (!section) throw notFound('errors.notFound.section');
  return { section, facts: sectionFacts(section, assigned.has(section.id)) };
}

/** The EN section, readable by the caller (permissions.canReadPolls); 403 when it is not theirs to read. */
export async function readablePollSection(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  sectionId: number,
): Promise<PollSection> {
  const found = await pollSection(db, auth, sectionId);
  if (!canReadPolls(viewer, found.facts)) throw forbidden();
  return found;
}

/** Every EN section of the condominium the caller reads, in the menu's order. */
export async function readablePollSections(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
): Promise<PollSection[]> {
  const { sections, assigned } = await condoSections(db, auth);
  const found: PollSection[] = [];
  for (const section of sections) {
    if (section.code !== 'EN') continue;
    const facts = sectionFacts(section, assigned.has(section.id));
    if (canReadPolls(viewer, facts)) found.push({ section, facts });
  }
  return found;
}

/** The area is for whoever reads an EN section of the condominium; 403 for anyone else. */
export async function requirePollReader(db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer): Promise<PollSection[]> {
  const sections = await readablePollSections(db, auth, viewer);
  if (sections.length === 0) throw forbidden();
  return sections;
}

/** Proposals and rejected proposals are for administrators and their proposer; the rest for the section's readers. */
export const canSeePoll = (viewer: CommunicationViewer, row: Pick<PollRow, 'state' | 'proposer_id'>) =>
  (row.state !== 'propuesta' && row.state !== 'rechazada') || canManagePolls(viewer) || row.proposer_id === viewer.usuario.UserId;

/** The poll with its section, when the caller may see it; 404 otherwise (another condominium's, too). */
export async function visiblePoll(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  pollId: number,
): Promise<{ row: PollRow } & PollSection> {
  const row = await findPoll(db, auth.condoId, pollId);
  if (!row) throw pollNotFound();
  const found = await pollSection(db, auth, row.section_id).catch(() => null);
  if (!found || !canReadPolls(viewer, found.facts) || !canSeePoll(viewer, row)) throw pollNotFound();
  return { row, ...found };
}
