// The polls screen's start (GET home: the EN sections the caller reads and what they may do) and its lists
// (GET list): the polls of those sections the caller may see (proposals only to administrators and their
// proposer), by phase as the server's clock puts them, newest first, a page at a time.
import type { Kysely } from 'kysely';
import { type CommunicationViewer, canCreatePoll, canManagePolls, canProposePoll } from '../../../src/api/permissions';
import { POLLS_PAGE_SIZE, type PollListAnswer, type PollListQuery, type PollsHomeAnswer } from '../../../src/api/polls';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { dwellingSeat, personSeat } from '../shared/electorate';
import { callerDwellings, loadViewer } from '../shared/viewer';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { readablePollSection, readablePollSections, requirePollReader } from './access';
import { sectionInfo, summaryOf } from './answers';
import { POLL_COLUMNS, type PollRow, pollsQuery } from './rows';

export async function pollsHome(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<PollsHomeAnswer> {
  const viewer = await loadViewer(db, auth);
  const sections = await requirePollReader(db, auth, viewer);
  const timeZone = await timeZoneOf(db, auth.condoId);
  return {
    success: true,
    secciones: sections.map((s) => sectionInfo(s.section)),
    zonaHoraria: timeZone,
    ahoraLocal: utcToLocal(clock.now(), timeZone),
    canCreate: sections.some((s) => canCreatePoll(viewer, s.facts)),
    proposeIn: sections.filter((s) => canProposePoll(viewer, s.facts)).map((s) => s.section.id),
    canManage: canManagePolls(viewer),
  };
}

/** The polls of these sections the viewer may see (access.canSeePoll written as SQL). */
function visibleIn(db: Kysely<Database>, auth: Auth, viewer: CommunicationViewer, sectionIds: readonly number[]) {
  let query = pollsQuery(db)
    .where('p.condo_id', '=', auth.condoId)
    .where('p.section_id', 'in', [...sectionIds]);
  if (!canManagePolls(viewer)) {
    query = query.where((eb) =>
      eb.or([eb('p.state', 'not in', ['propuesta', 'rechazada']), eb('p.proposer_id', '=', auth.userId)]),
    );
  }
  return query;
}

/** The seats the caller votes from, in any poll of the condominium: their dwellings and themselves. */
async function ownSeatKeys(db: Kysely<Database>, auth: Auth): Promise<string[]> {
  return [personSeat(auth.userId), ...(await callerDwellings(db, auth)).map((d) => dwellingSeat(d.id))];
}

export async function listPolls(db: Kysely<Database>, clock: Clock, auth: Auth, filters: PollListQuery): Promise<PollListAnswer> {
  const viewer = await loadViewer(db, auth);
  const sectionIds =
    filters.sectionId !== undefined
      ? [(await readablePollSection(db, auth, viewer, filters.sectionId)).section.id]
      : (await requirePollReader(db, auth, viewer)).map((s) => s.section.id);
  const now = clock.now();
  const at = now.toISOString();
  let query = visibleIn(db, auth, viewer, sectionIds);
  switch (filters.fase) {
    case 'abiertas':
      query = query.where('p.state', '=', 'publicada').where('p.opens_at', '<=', at).where('p.closes_at', '>', at);
      break;
    case 'proximas':
      query = query.where('p.state', '=', 'publicada').where('p.opens_at', '>', at);
      break;
    case 'cerradas':
      query = query.where((eb) =>
        eb.or([
          eb('p.state', 'in', ['cerrada', 'cancelada']),
          eb.and([eb('p.state', '=', 'publicada'), eb('p.closes_at', '<=', at)]),
        ]),
      );
      break;
    case 'propuestas':
      query = query.where('p.state', 'in', ['propuesta', 'rechazada']);
      break;
  }
  const total = await query.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = (await query
    .select([...POLL_COLUMNS])
    .orderBy('p.opens_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(filters.limit ?? POLLS_PAGE_SIZE)
    .offset(filters.offset ?? 0)
    .execute()) as PollRow[];
  const seats = await ownSeatKeys(db, auth);
  const voted =
    rows.length === 0
      ? []
      : await db
          .selectFrom('poll_ballots')
          .select('poll_id')
          .where(
            'poll_id',
            'in',
            rows.map((r) => r.id),
          )
          .where('seat_key', 'in', seats)
          .execute();
  const votedIn = new Set(voted.map((v) => v.poll_id));
  return {
    success: true,
    items: rows.map((r) => summaryOf(viewer, r, now, votedIn.has(r.id))),
    total: Number(total.n),
  };
}

/**
 * Open polls the caller has not voted in, per EN section they read (for the menu and the communication home):
 * published, between opening and closing by the server's clock, no ballot from any seat of theirs, and (once the
 * electorate is fixed) a seat of theirs in it that arrears do not bar.
 */
export async function openPollsToAnswer(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<Map<number, number>> {
  const viewer = await loadViewer(db, auth);
  const sections = (await readablePollSections(db, auth, viewer)).map((s) => s.section.id);
  if (sections.length === 0) return new Map();
  const at = clock.now().toISOString();
  const seats = await ownSeatKeys(db, auth);
  const rows = await visibleIn(db, auth, viewer, sections)
    .where('p.state', '=', 'publicada')
    .where('p.opens_at', '<=', at)
    .where('p.closes_at', '>', at)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('poll_ballots as b').select('b.id').whereRef('b.poll_id', '=', 'p.id').where('b.seat_key', 'in', seats),
        ),
      ),
    )
    // …and in which one of those seats may vote: once the electorate is fixed, a seat of it not barred by arrears.
    .where(({ or, eb, exists, selectFrom }) =>
      or([
        eb('p.fixed_at', 'is', null),
        exists(
          selectFrom('poll_electorate as e')
            .select('e.id')
            .whereRef('e.poll_id', '=', 'p.id')
            .where('e.seat_key', 'in', seats)
            .where('e.barred', '=', 0),
        ),
      ]),
    )
    .select(['p.section_id', db.fn.countAll<number>().as('n')])
    .groupBy('p.section_id')
    .execute();
  return new Map(rows.map((r) => [r.section_id, Number(r.n)]));
}
