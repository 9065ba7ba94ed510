// The electorate of a poll, fixed the first time anything touches the poll while it is open (the poll-open
// job, a vote, a read of its results) and never again (docs/decisions.md "Surveys and votes"): votación, every
// dwelling of the condominium with its weight (indiviso units, or 1) and, when the section's TiempoMoroso is
// set, barred if the ledger gives it a debt older than that as of the opening day; encuesta, every person who
// reads the section then. Later changes to shares, the ledger or people never rewrite a result.
import { type Kysely, PostgresAdapter } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { canReadPolls } from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import { recordAudit } from '../shared/audit';
import { arrears } from '../shared/ledgerReports';
import { sectionFacts } from '../shared/sections';
import { loadMembers } from '../shared/viewer';
import { localDate, timeZoneOf } from '../shared/zonedTime';
import { dwellingSeat, findPoll, hasOpened, type PollRow, personSeat } from './rows';

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

type PollFacts = Pick<PollRow, 'condo_id' | 'section_id' | 'kind' | 'counting'>;

const byName = new Intl.Collator('es', { numeric: true }).compare;

/** Every dwelling of the condominium, weighed and checked against the ledger as of `asOf` (YYYY-MM-DD). */
async function dwellingSeats(db: Kysely<Database>, poll: PollFacts, section: Section, asOf: string): Promise<ElectorateSeat[]> {
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

async function personSeats(db: Kysely<Database>, poll: PollFacts, section: Section): Promise<ElectorateSeat[]> {
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
export async function electorateAsOf(db: Kysely<Database>, poll: PollFacts, asOf: string): Promise<ElectorateSeat[]> {
  const section = await sectionOf(db, poll.section_id);
  return poll.kind === 'votacion' ? dwellingSeats(db, poll, section, asOf) : personSeats(db, poll, section);
}

/** The day the arrears are read as of: the opening day in the condominium's zone (also when fixing late). */
export async function arrearsDay(db: Kysely<Database>, poll: Pick<PollRow, 'condo_id' | 'opens_at'>): Promise<string> {
  return localDate(poll.opens_at, await timeZoneOf(db, poll.condo_id));
}

/**
 * Takes the poll row for this transaction: on PostgreSQL a row lock (FOR UPDATE, or FOR SHARE for those that
 * only need it to stay as read: votes, against a close or a cancel); SQLite runs one writing transaction at a
 * time on its one connection, which is what BEGIN IMMEDIATE would give.
 */
export async function lockPoll(trx: Kysely<Database>, pollId: number, mode: 'update' | 'share'): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  const query = trx.selectFrom('polls').select('id').where('id', '=', pollId);
  await (mode === 'update' ? query.forUpdate() : query.forShare()).execute();
}

/**
 * Fixes the electorate once, in `trx`: under the poll's lock, only while fixed_at is still null (two callers
 * at once: the second waits, then finds it fixed). Answers whether this call fixed it.
 */
export async function fixElectorate(trx: Kysely<Database>, pollId: number, now: Date): Promise<boolean> {
  await lockPoll(trx, pollId, 'update');
  const poll = await findPoll(trx, null, pollId);
  if (!poll || poll.fixed_at !== null) return false;
  const seats = await electorateAsOf(trx, poll, await arrearsDay(trx, poll));
  const rows = seats.map((s) => ({
    poll_id: poll.id,
    seat_key: s.seatKey,
    apartment_id: s.apartmentId,
    user_id: s.userId,
    name: s.name,
    weight: s.weight,
    barred: s.barred ? (1 as const) : (0 as const),
    debt_cents: s.debtCents,
    debt_days: s.debtDays,
  }));
  // In chunks: PostgreSQL and SQLite both cap the parameters of one statement.
  for (let i = 0; i < rows.length; i += 200) {
    await trx
      .insertInto('poll_electorate')
      .values(rows.slice(i, i + 200))
      .execute();
  }
  const at = now.toISOString();
  await trx.updateTable('polls').set({ fixed_at: at }).where('id', '=', poll.id).execute();
  await recordAudit(trx, {
    condoId: poll.condo_id,
    actorUserId: null,
    entity: 'poll',
    entityId: poll.id,
    action: 'fijar_padron',
    after: {
      seats: seats.length,
      weight: seats.reduce((sum, s) => sum + s.weight, 0),
      barred: seats.filter((s) => s.barred).length,
    },
    at,
  });
  return true;
}

/**
 * The poll with its electorate fixed if it has opened and nobody fixed it yet: in its own transaction (or in
 * the caller's, when given one). Answers the row as it is now.
 */
export async function ensureFixed(db: Kysely<Database>, row: PollRow, now: Date): Promise<PollRow> {
  if (row.fixed_at !== null || !hasOpened(row, now)) return row;
  if (db.isTransaction) await fixElectorate(db, row.id, now);
  else await db.transaction().execute((trx) => fixElectorate(trx, row.id, now));
  return (await findPoll(db, row.condo_id, row.id))!;
}

export interface FixedSeat {
  seat_key: string;
  apartment_id: number | null;
  user_id: number | null;
  name: string;
  weight: number;
  barred: number;
  debt_cents: number | null;
  debt_days: number | null;
}

export async function fixedElectorate(db: Kysely<Database>, pollId: number): Promise<FixedSeat[]> {
  return db
    .selectFrom('poll_electorate')
    .select(['seat_key', 'apartment_id', 'user_id', 'name', 'weight', 'barred', 'debt_cents', 'debt_days'])
    .where('poll_id', '=', pollId)
    .orderBy('id')
    .execute();
}
