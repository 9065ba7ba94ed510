// The electorate: who may answer a poll (and, next, an assembly). Votación: every dwelling of the condominium
// with its weight (indiviso units, or 1), barred when the section's TiempoMoroso is set and the ledger gives it
// a debt older than that as of the opening day; encuesta: every person who reads the section. The caller's
// seats are their dwellings (with their share) and themselves. Shared: polls fix it and vote from it,
// reservations bar and count by the caller's dwellings, and management counts participation against it.
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { canReadPolls } from '../../../src/api/permissions';
import type { PollCounting, PollKind } from '../../../src/api/polls';
import type { Database, Section } from '../../db/schema';
import { arrears } from './ledgerReports';
import { sectionFacts } from './sections';
import { loadMembers } from './viewer';
import { localDate, timeZoneOf } from './zonedTime';

/** Dwelling seats are 'A:<apartmentId>', person seats 'U:<userId>'. */
export const dwellingSeat = (apartmentId: number) => `A:${apartmentId}`;
export const personSeat = (userId: number) => `U:${userId}`;

export interface ElectorateSeat {
  seatKey: string;
  apartmentId: number | null;
  userId: number | null;
  name: string;
  weight: number;
  barred: boolean;
  /** What the dwelling owed and the age of its oldest unpaid charge; null when it owed nothing. */
  debtCents: number | null;
  debtDays: number | null;
}

/** What the electorate depends on: the poll's condominium and section, its kind and how it counts. */
export interface ElectorateFacts {
  condo_id: number;
  section_id: number;
  kind: PollKind;
  counting: PollCounting;
}

const byName = new Intl.Collator('es', { numeric: true }).compare;

/** Every dwelling of the condominium, weighed and checked against the ledger as of `asOf` (YYYY-MM-DD). */
async function dwellingSeats(
  db: Kysely<Database>,
  poll: ElectorateFacts,
  section: Section,
  asOf: string,
): Promise<ElectorateSeat[]> {
  const dwellings = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 'a.indiviso', 't.name as tower'])
    .where('a.condo_id', '=', poll.condo_id)
    .orderBy('a.id')
    .execute();
  const owed = await arrears(db, poll.condo_id, asOf);
  const limit = section.tiempo_moroso;
  return dwellings.map((d) => {
    const debt = owed.get(d.id);
    return {
      seatKey: dwellingSeat(d.id),
      apartmentId: d.id,
      userId: null,
      name: dwellingName(d.tower, d.name),
      weight: poll.counting === 'indiviso' ? Number(d.indiviso) : 1,
      barred: limit > 0 && debt !== undefined && debt.dias > limit,
      debtCents: debt?.adeudo ?? null,
      debtDays: debt?.dias ?? null,
    };
  });
}

/** Every active member who reads the section now (permissions.canReadPolls), by name. */
export async function sectionReaders(
  db: Kysely<Database>,
  condoId: number,
  section: Section,
): Promise<{ id: number; name: string }[]> {
  const members = await loadMembers(db, condoId, section.id);
  const ids = members
    .filter((m) => canReadPolls(m.viewer, sectionFacts(section, m.assigned)))
    .map((m) => m.viewer.usuario.UserId);
  if (ids.length === 0) return [];
  const users = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute();
  return users.sort((a, b) => byName(a.name, b.name) || a.id - b.id);
}

async function personSeats(db: Kysely<Database>, poll: ElectorateFacts, section: Section): Promise<ElectorateSeat[]> {
  return (await sectionReaders(db, poll.condo_id, section)).map((u) => ({
    seatKey: personSeat(u.id),
    apartmentId: null,
    userId: u.id,
    name: u.name,
    weight: 1,
    barred: false,
    debtCents: null,
    debtDays: null,
  }));
}

async function sectionOf(db: Kysely<Database>, sectionId: number): Promise<Section> {
  return db.selectFrom('sections').selectAll().where('id', '=', sectionId).executeTakeFirstOrThrow();
}

/** The electorate as it would be fixed with the ledger as of `asOf` (an upcoming poll's seats show it). */
export async function electorateAsOf(db: Kysely<Database>, poll: ElectorateFacts, asOf: string): Promise<ElectorateSeat[]> {
  const section = await sectionOf(db, poll.section_id);
  return poll.kind === 'votacion' ? dwellingSeats(db, poll, section, asOf) : personSeats(db, poll, section);
}

/** The day the arrears are read as of: the opening day in the condominium's zone (also when fixing late). */
export async function arrearsDay(db: Kysely<Database>, poll: { condo_id: number; opens_at: string }): Promise<string> {
  return localDate(poll.opens_at, await timeZoneOf(db, poll.condo_id));
}
