// Who hears of what happens to a poll, from src/i18n/<lang>/pollsNotices.json, worded in each reader's language
// when read (shared/notify.ts keeps the ids and values), each notice opening the poll (module encuesta, Props { pollID,
// SectId }). Called in the change's transaction, or in the job's.
import type { Kysely } from 'kysely';
import type { VerResultados } from '../../../src/api/pollLifecycle';
import type { Message, MessageId } from '../../../src/i18n/messages';
import type { Database, Section } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { sectionReaders } from '../shared/electorate';
import { administratorsOf, notify } from '../shared/notify';
import { noticeProps, type PollRow } from './rows';

type Subject = Pick<PollRow, 'id' | 'condo_id' | 'section_id' | 'title' | 'kind' | 'proposer_id'>;

interface Notice {
  title: MessageId;
  text: MessageId;
  values?: Message['values'];
}

/** Each recipient (once) is told; each reads it in their language. */
async function tell(db: Kysely<Database>, clock: Clock, to: readonly number[], poll: Subject, notice: Notice) {
  const values = { title: poll.title, kind: { id: `pollsNotices.kind.${poll.kind}` as MessageId }, ...notice.values };
  await notify(db, clock, to, {
    condoId: poll.condo_id,
    title: { id: notice.title, values },
    text: { id: notice.text, values },
    modulo: 'encuesta',
    props: noticeProps(poll),
  });
}

const others = (ids: readonly number[], actorId: number | null) => ids.filter((id) => id !== actorId);

/**
 * The people of these seats who read the poll's section now: a dwelling's active members, or the person
 * (encuesta). Someone who may not open the poll is not told of it.
 */
export async function peopleOfSeats(
  db: Kysely<Database>,
  poll: Pick<PollRow, 'condo_id' | 'kind'>,
  section: Section,
  seatKeys: readonly string[],
): Promise<number[]> {
  const readers = new Set((await sectionReaders(db, poll.condo_id, section)).map((r) => r.id));
  if (poll.kind === 'encuesta') {
    return seatKeys.map((k) => Number(k.slice(2))).filter((id) => readers.has(id));
  }
  const apartments = seatKeys.map((k) => Number(k.slice(2)));
  const people: number[] = [];
  for (let i = 0; i < apartments.length; i += 500) {
    const rows = await db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .select('m.user_id')
      .where('r.apartment_id', 'in', apartments.slice(i, i + 500))
      .where('m.condo_id', '=', poll.condo_id)
      .where('m.active', '=', 1)
      .execute();
    people.push(...rows.map((r) => r.user_id).filter((id) => readers.has(id)));
  }
  return [...new Set(people)].sort((a, b) => a - b);
}

/** A resident proposed a survey: the administrators. */
export async function tellProposed(db: Kysely<Database>, clock: Clock, poll: Subject, proposerName: string) {
  await tell(db, clock, others(await administratorsOf(db, poll.condo_id), poll.proposer_id), poll, {
    title: 'pollsNotices.notify.proposed.title',
    text: 'pollsNotices.notify.proposed.text',
    values: { proposer: proposerName },
  });
}

/** An administrator published or rejected a proposal: its proposer. */
export async function tellProposer(
  db: Kysely<Database>,
  clock: Clock,
  poll: Subject,
  outcome: 'published' | 'rejected',
  reason: string | null,
  actorId: number | null,
) {
  if (poll.proposer_id === null) return;
  await tell(db, clock, others([poll.proposer_id], actorId), poll, {
    title: `pollsNotices.notify.${outcome}.title`,
    text: `pollsNotices.notify.${outcome}.text`,
    values: { reason: reason ?? '' },
  });
}

/** The poll opened: the people of its electorate. */
export async function tellOpened(db: Kysely<Database>, clock: Clock, poll: Subject, people: readonly number[]) {
  await tell(db, clock, people, poll, { title: 'pollsNotices.notify.opened.title', text: 'pollsNotices.notify.opened.text' });
}

/** POLL_REMINDER_HOURS before closing: the people of the seats that have not voted. */
export async function tellReminder(db: Kysely<Database>, clock: Clock, poll: Subject, people: readonly number[], closes: string) {
  await tell(db, clock, people, poll, {
    title: 'pollsNotices.notify.reminder.title',
    text: 'pollsNotices.notify.reminder.text',
    values: { closes },
  });
}

/** Cancelled: with the reason, to those who would have voted (but whoever cancelled it). */
export async function tellCancelled(
  db: Kysely<Database>,
  clock: Clock,
  poll: Subject,
  people: readonly number[],
  reason: string,
  actorId: number | null,
) {
  await tell(db, clock, others(people, actorId), poll, {
    title: 'pollsNotices.notify.cancelled.title',
    text: 'pollsNotices.notify.cancelled.text',
    values: { reason },
  });
}

/** The closing date moved: the people of the electorate (or the section's readers, before opening). */
export async function tellExtended(
  db: Kysely<Database>,
  clock: Clock,
  poll: Subject,
  people: readonly number[],
  closes: string,
  actorId: number | null,
) {
  await tell(db, clock, others(people, actorId), poll, {
    title: 'pollsNotices.notify.extended.title',
    text: 'pollsNotices.notify.extended.text',
    values: { closes },
  });
}

/**
 * Closed: those who may now see the results (pollLifecycle.canSeeResults): VerResultados 2 everyone who
 * reads the section, 1 the people of the seats that voted, 0 nobody but the administrators (always told).
 */
export async function tellResults(
  db: Kysely<Database>,
  clock: Clock,
  poll: Subject,
  setting: VerResultados,
  readers: readonly number[],
  voters: readonly number[],
) {
  const admins = await administratorsOf(db, poll.condo_id);
  const to = setting === 2 ? [...readers, ...admins] : setting === 1 ? [...voters, ...admins] : admins;
  await tell(db, clock, to, poll, { title: 'pollsNotices.notify.results.title', text: 'pollsNotices.notify.results.text' });
}
