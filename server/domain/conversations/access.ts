// Who is asking about interpersonal messages and for which side: their viewer (the shared rules' shape), the
// dwellings they live in, the IC sections they may use, and the conversations they speak in. Every rule is
// src/api/permissions.ts's (canUseConversations, conversationSideOf…); the SQL below only mirrors them so
// lists and counts are right.
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Party } from '../../../src/api/conversations';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type CommunicationViewer,
  type ConversationParties,
  canUseConversations,
  conversationSideOf,
  speaksForAdministration,
} from '../../../src/api/permissions';
import type { Language } from '../../../src/i18n/languages';
import type { Database, Section } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { formatMessage } from '../../messages';
import type { Auth } from '../shared/auth';
import { requireCommunication, sectionFacts } from '../shared/sections';
import { loadViewer } from '../shared/viewer';

export interface Caller {
  auth: Auth;
  viewer: CommunicationViewer;
  /** The dwellings of the condominium the caller lives in (the sides they write for as a resident). */
  own: number[];
}

export type ConversationRow = Selectable<Database['conversations']>;

/** The caller, refused (403) when they have no Comunicación (employees). */
export async function loadCaller(db: Kysely<Database>, auth: Auth): Promise<Caller> {
  const viewer = await loadViewer(db, auth);
  requireCommunication(viewer);
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select('a.id')
    .where('r.membership_id', '=', auth.membershipId)
    .where('a.condo_id', '=', auth.condoId)
    .orderBy('a.id')
    .execute();
  return { auth, viewer, own: rows.map((r) => r.id) };
}

async function assignedSections(db: Kysely<Database>, auth: Auth): Promise<Set<number>> {
  const rows = await db
    .selectFrom('section_users as su')
    .innerJoin('sections as s', 's.id', 'su.section_id')
    .select('su.section_id')
    .where('s.condo_id', '=', auth.condoId)
    .where('su.user_id', '=', auth.userId)
    .execute();
  return new Set(rows.map((r) => r.section_id));
}

/** The condominium's IC sections the caller may use (canUseConversations), by id, in menu order. */
export async function usableSections(db: Kysely<Database>, caller: Caller): Promise<Map<number, Section>> {
  const sections = await db
    .selectFrom('sections')
    .selectAll()
    .where('condo_id', '=', caller.auth.condoId)
    .where('code', '=', 'IC')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const assigned = await assignedSections(db, caller.auth);
  return new Map(
    sections.filter((s) => canUseConversations(caller.viewer, sectionFacts(s, assigned.has(s.id)))).map((s) => [s.id, s]),
  );
}

export const sectionNotFound = () => notFound('errors.notFound.section');

/** One IC section of the caller's condominium: 404 when there is no such IC section there, 403 when it is
 * not theirs to use. */
export async function usableSection(db: Kysely<Database>, caller: Caller, sectionId: number): Promise<Section> {
  const section = await db
    .selectFrom('sections')
    .selectAll()
    .where('id', '=', sectionId)
    .where('condo_id', '=', caller.auth.condoId)
    .where('code', '=', 'IC')
    .executeTakeFirst();
  if (!section) throw sectionNotFound();
  const assigned = (await assignedSections(db, caller.auth)).has(section.id);
  if (!canUseConversations(caller.viewer, sectionFacts(section, assigned))) throw forbidden();
  return section;
}

export const partiesOf = (c: Pick<ConversationRow, 'party_a_apartment_id' | 'party_b_apartment_id'>): ConversationParties => ({
  partyA: c.party_a_apartment_id,
  partyB: c.party_b_apartment_id,
});

/** The caller's side in a conversation (permissions.conversationSideOf). */
export const sideIn = (caller: Caller, conversation: ConversationRow) =>
  conversationSideOf(caller.viewer, caller.own, partiesOf(conversation));

/** The party facing `side` in a conversation. */
export const otherSide = (
  conversation: Pick<ConversationRow, 'party_a_apartment_id' | 'party_b_apartment_id'>,
  side: number | null,
) =>
  side === null || side !== conversation.party_a_apartment_id
    ? conversation.party_a_apartment_id
    : conversation.party_b_apartment_id;

export const conversationNotFound = () => new AppError(404, ErrorCodes.notFound, 'conversationsNotices.notFound.conversation');

/**
 * The conversations the caller speaks in (conversationSideOf in SQL): of their condominium, in the given
 * sections, with one of their dwellings as a party, or the administration when they speak for it.
 */
export function callerConversations(caller: Caller, sectionIds: readonly number[]) {
  const own = caller.own.length ? caller.own : [-1];
  const admin = speaksForAdministration(caller.viewer);
  return (eb: ExpressionBuilder<Database & { c: Database['conversations'] }, 'c'>) =>
    eb.and([
      eb('c.condo_id', '=', caller.auth.condoId),
      eb('c.section_id', 'in', sectionIds.length ? [...sectionIds] : [-1]),
      eb.or([
        eb('c.party_a_apartment_id', 'in', own),
        eb('c.party_b_apartment_id', 'in', own),
        ...(admin ? [eb('c.party_b_apartment_id', 'is', null)] : []),
      ]),
    ]);
}

/**
 * A conversation the caller speaks in, with their side and its section. Another condominium's, or one
 * between other parties (administrators included), is 404 as if it did not exist; one whose section is
 * closed to the caller is 403.
 */
export async function openConversation(
  db: Kysely<Database>,
  caller: Caller,
  conversationId: number,
): Promise<{ conversation: ConversationRow; side: number | null; section: Section }> {
  const conversation = await db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', conversationId)
    .where('condo_id', '=', caller.auth.condoId)
    .executeTakeFirst();
  if (!conversation) throw conversationNotFound();
  const side = sideIn(caller, conversation);
  if (side === undefined) throw conversationNotFound();
  const section = await usableSection(db, caller, conversation.section_id);
  return { conversation, side, section };
}

/** "Torre A - 101", or the house's own name ("Casa 12"). */

export const administrationName = (language: Language) => formatMessage(language, 'conversationsNotices.administration');

/** The names of dwellings, by id. */
export async function dwellingNames(db: Kysely<Database>, apartmentIds: readonly number[]): Promise<Map<number, string>> {
  const ids = [...new Set(apartmentIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, dwellingName(r.tower, r.name)]));
}

/** A side as answers show it: its dwelling's name, or the administration in the reader's language. */
export const partyOf = (side: number | null, names: Map<number, string>, language: Language): Party =>
  side === null ? { ApmtId: null, Nombre: administrationName(language) } : { ApmtId: side, Nombre: names.get(side) ?? '' };

/** A dwelling of the caller's condominium, or 404. */
export async function dwellingOfCondo(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<number> {
  const row = await db
    .selectFrom('apartments')
    .select('id')
    .where('id', '=', apartmentId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row) throw notFound('errors.notFound.dwelling');
  return row.id;
}
