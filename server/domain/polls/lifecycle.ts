// Applying one transition of the lifecycle table (src/api/pollLifecycle.ts) that the caller already found
// allowed: the row moves only if nobody changed it since it was read (WHERE version = the one read, then one
// more), and the same transaction writes the audit row, moves or drops the jobs and tells whoever must hear of
// it. Used by administrators' and proposers' changes (change.ts) and by the system's closing (jobs.ts).
import type { Kysely, Updateable } from 'kysely';
import type { PollRole, PollTransition } from '../../../src/api/pollLifecycle';
import type { Database, PollTable, Section } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import { sectionReaders } from '../shared/electorate';
import { localDateTimeText, timeZoneOf } from '../shared/zonedTime';
import { ballotsOf } from './ballots';
import { fixElectorate, fixedElectorate } from './electorate';
import { peopleOfSeats, tellCancelled, tellExtended, tellProposer, tellResults } from './notices';
import { verResultadosOf } from './results';
import { findPoll, type PollRow, phaseOf } from './rows';
import { dropPollJobs, scheduleClosing, schedulePollJobs } from './schedule';

/** The poll changed since the caller read it (its version moved): the caller answers 409. */
export class StalePoll extends Error {}

export interface PollActor {
  /** null: the system. */
  userId: number | null;
  roles: readonly PollRole[];
}

export const SYSTEM_ACTOR: PollActor = { userId: null, roles: ['system'] };

/** Writes version + 1 where the version is still the one read; StalePoll when it is not. */
export async function bumpVersion(
  trx: Kysely<Database>,
  row: Pick<PollRow, 'id' | 'version'>,
  changes: Omit<Updateable<PollTable>, 'id' | 'version' | 'updated_at'>,
  at: string,
): Promise<void> {
  const result = await trx
    .updateTable('polls')
    .set({ ...changes, version: row.version + 1, updated_at: at })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new StalePoll();
}

/** The people of the fixed electorate who read the section now. */
export async function electoratePeople(trx: Kysely<Database>, row: PollRow, section: Section, onlyNotVoted = false) {
  let seats = (await fixedElectorate(trx, row.id)).filter((s) => !onlyNotVoted || s.barred === 0);
  if (onlyNotVoted) {
    const voted = new Set((await ballotsOf(trx, row.id)).map((b) => b.seat_key));
    seats = seats.filter((s) => !voted.has(s.seat_key));
  }
  return peopleOfSeats(
    trx,
    row,
    section,
    seats.map((s) => s.seat_key),
  );
}

/** When the poll closes, as its people read it: the condominium's wall clock. */
export async function closesLocal(trx: Kysely<Database>, row: Pick<PollRow, 'condo_id' | 'closes_at'>) {
  return localDateTimeText(row.closes_at, await timeZoneOf(trx, row.condo_id));
}

/** Closed (early by an administrator, or at its time by the system): the count is final; who may see it hears. */
async function tellClosed(trx: Kysely<Database>, clock: Clock, row: PollRow, section: Section) {
  const voted = (await ballotsOf(trx, row.id)).map((b) => b.seat_key);
  const voters = await peopleOfSeats(trx, row, section, voted);
  const readers = (await sectionReaders(trx, row.condo_id, section)).map((r) => r.id);
  await tellResults(trx, clock, row, verResultadosOf(section.ver_resultados), readers, voters);
}

export async function applyPollTransition(
  trx: Kysely<Database>,
  clock: Clock,
  row: PollRow,
  section: Section,
  transition: PollTransition,
  actor: PollActor,
  extra: { reason?: string; closesAt?: string } = {},
): Promise<void> {
  const now = clock.now();
  const at = now.toISOString();
  const action = transition.action;
  const phase = phaseOf(row, now);
  // Closing or cancelling an open poll: its electorate is what was there at opening, fixed now if nobody did.
  if ((action === 'cerrar' || action === 'cancelar') && row.fixed_at === null && phase !== 'propuesta' && phase !== 'proxima') {
    await fixElectorate(trx, row.id, now);
    row = (await findPoll(trx, null, row.id))!;
  }
  const reason = extra.reason?.trim() || null;
  const changes: Omit<Updateable<PollTable>, 'id' | 'version' | 'updated_at'> = { state: transition.to };
  if (transition.needsReason) changes.reason = reason;
  if (action === 'extender' && extra.closesAt) changes.closes_at = extra.closesAt;
  if (action === 'cerrar') {
    // At its time, the system closes it as of that time; an administrator closes it now.
    changes.closed_at = actor.userId === null && Date.parse(row.closes_at) <= now.getTime() ? row.closes_at : at;
    // Closed early, the poll's closing time is when it closed (the list, the screen and the acta say so).
    changes.closes_at = changes.closed_at;
    changes.results_notified = 1;
  }
  if (action === 'cancelar') changes.closed_at = at;
  await bumpVersion(trx, row, changes, at);
  await recordAudit(trx, {
    condoId: row.condo_id,
    actorUserId: actor.userId,
    entity: 'poll',
    entityId: row.id,
    action,
    before: { state: row.state, closes: row.closes_at },
    after: { state: transition.to, closes: changes.closes_at ?? row.closes_at, ...(reason ? { reason } : {}) },
    at,
  });
  const moved: PollRow = { ...row, ...changes } as PollRow;

  switch (action) {
    case 'publicar':
      await schedulePollJobs(trx, moved, now);
      await tellProposer(trx, clock, moved, 'published', null, actor.userId);
      return;
    case 'rechazar':
      await tellProposer(trx, clock, moved, 'rejected', reason, actor.userId);
      return;
    case 'cerrar':
      // Closed early, its reminder and closing are not due any more; the system's close is the closing job
      // itself, which must stay to be marked done (the reminder came before it).
      if (actor.userId !== null) await dropPollJobs(trx, row.id);
      await tellClosed(trx, clock, moved, section);
      return;
    case 'extender': {
      await scheduleClosing(trx, moved, now);
      if (moved.fixed_at !== null) {
        const people = await electoratePeople(trx, moved, section);
        await tellExtended(trx, clock, moved, people, await closesLocal(trx, moved), actor.userId);
      }
      return;
    }
    case 'cancelar': {
      await dropPollJobs(trx, row.id);
      let people: number[];
      if (phase === 'propuesta') people = row.proposer_id !== null ? [row.proposer_id] : [];
      else if (moved.fixed_at !== null) people = await electoratePeople(trx, moved, section);
      else people = (await sectionReaders(trx, row.condo_id, section)).map((r) => r.id);
      await tellCancelled(trx, clock, moved, people, reason ?? '', actor.userId);
      return;
    }
  }
}
