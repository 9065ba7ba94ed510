// Which SA section and which request the caller is asking about, and whether it is theirs to see: always
// through the shared rules of src/api/permissions.ts. Another condominium's section or request, and a request
// the caller may not see, answer 404 (nothing tells them it exists).
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type CommunicationViewer,
  canReadSection,
  canSeeTicket,
  canWorkTickets,
  type SectionFacts,
} from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Auth } from '../shared/auth';
import { condoSections, sectionFacts } from '../shared/sections';
import { findTicket, peopleOf, type TicketRow } from './rows';

export const ticketNotFound = () => new AppError(404, ErrorCodes.notFound, 'ticketsNotices.refusal.notFound');

/** The SA section of the caller's condominium with its facts for the caller; 404 for any other section. */
export async function requestSection(
  db: Kysely<Database>,
  auth: Auth,
  sectionId: number,
): Promise<{ section: Section; facts: SectionFacts }> {
  const { sections, assigned } = await condoSections(db, auth);
  const section = sections.find((s) => s.id === sectionId && s.code === 'SA');
  if (!section) throw notFound('errors.notFound.section');
  return { section, facts: sectionFacts(section, assigned.has(section.id)) };
}

/** The SA section, readable by the caller (permissions.canReadSection); 403 when it is not theirs to read. */
export async function readableRequestSection(db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer, sectionId: number) {
  const found = await requestSection(db, auth, sectionId);
  if (!canReadSection(viewer, found.facts)) throw forbidden();
  return found;
}

/**
 * Lists are for those who deal with requests somewhere: employees (their task list), and whoever reads an SA
 * section of the condominium. With a section named, that section (its readers, and employees for the requests
 * assigned to them there).
 */
export async function requireListAccess(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  sectionId: number | undefined,
): Promise<void> {
  if (sectionId !== undefined) {
    const { facts } = await requestSection(db, auth, sectionId);
    if (!canReadSection(viewer, facts) && !canWorkTickets(viewer)) throw forbidden();
    return;
  }
  if (canWorkTickets(viewer)) return;
  const { sections, assigned } = await condoSections(db, auth);
  for (const section of sections) {
    if (section.code === 'SA' && canReadSection(viewer, sectionFacts(section, assigned.has(section.id)))) return;
  }
  throw forbidden();
}

/** The request, when the caller may see it (permissions.canSeeTicket); 404 otherwise. */
export async function visibleTicket(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  ticketId: number,
): Promise<TicketRow> {
  const row = await findTicket(db, auth.condoId, ticketId);
  if (!row || !canSeeTicket(viewer, peopleOf(row))) throw ticketNotFound();
  return row;
}

/** The active employees of the condominium: whom a request may be assigned to. */
export async function employeesOf(db: Kysely<Database>, condoId: number): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name'])
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .where('m.is_employee', '=', 1)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** The employee named as assignee; 400 naming the field when it is not an active employee of the condominium. */
export async function assigneeFor(db: Kysely<Database>, condoId: number, userId: number, field = 'asignadoId') {
  const employee = (await employeesOf(db, condoId)).find((e) => e.id === userId);
  if (!employee) throw new AppError(400, ErrorCodes.badRequest, 'ticketsNotices.refusal.assignee', field);
  return employee;
}

export async function userName(db: Kysely<Database>, userId: number): Promise<string> {
  return (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow()).name;
}
