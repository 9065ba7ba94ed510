// What the scheduled jobs of polls do when due (scheduled in schedule.ts, run by scheduledJobs.ts). Each
// re-checks the poll with the job's clock: the job was scheduled when things were otherwise (an edit moved the
// opening, an administrator closed it early, it was cancelled).
import type { Kysely } from 'kysely';
import { pollTransition } from '../../../src/api/pollLifecycle';
import type { Database, Section } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { DueJob, JobHandlers } from '../../infra/scheduledJobs';
import { fixElectorate } from './electorate';
import { applyPollTransition, closesLocal, electoratePeople, SYSTEM_ACTOR } from './lifecycle';
import { tellOpened, tellReminder } from './notices';
import { findPoll, type PollRow, phaseOf } from './rows';
import { POLL_CLOSE_JOB, POLL_OPEN_JOB, POLL_REMINDER_JOB } from './schedule';

async function pollOf(db: Kysely<Database>, job: DueJob): Promise<{ row: PollRow; section: Section } | undefined> {
  const id = Number(job.key);
  if (!Number.isSafeInteger(id)) return undefined;
  const row = await findPoll(db, null, id);
  if (!row) return undefined;
  const section = await db.selectFrom('sections').selectAll().where('id', '=', row.section_id).executeTakeFirstOrThrow();
  return { row, section };
}

/** At `abre`, still open: the electorate is fixed (if a vote has not done it) and its people are told. */
async function open(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const found = await pollOf(trx, job);
  const now = clock.now();
  if (!found || phaseOf(found.row, now) !== 'abierta') return;
  await fixElectorate(trx, found.row.id, now);
  const row = (await findPoll(trx, null, found.row.id))!;
  await tellOpened(trx, clock, row, await electoratePeople(trx, row, found.section));
}

/** POLL_REMINDER_HOURS before closing, still open: the people of the seats that have not voted and may. */
async function remind(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const found = await pollOf(trx, job);
  const now = clock.now();
  if (!found || phaseOf(found.row, now) !== 'abierta') return;
  await fixElectorate(trx, found.row.id, now);
  const row = (await findPoll(trx, null, found.row.id))!;
  const people = await electoratePeople(trx, row, found.section, true);
  await tellReminder(trx, clock, row, people, await closesLocal(trx, row));
}

/** At `cierra`: the lifecycle's system 'cerrar' (the count is final, those who may see it hear). */
async function close(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const found = await pollOf(trx, job);
  if (found?.row.state !== 'publicada') return;
  const transition = pollTransition(
    { estado: 'publicada', abre: found.row.opens_at, cierra: found.row.closes_at },
    'cerrar',
    SYSTEM_ACTOR.roles,
    // The table lets the system close an open poll: asked a moment before its time, it is.
    new Date(Date.parse(found.row.closes_at) - 1),
  );
  if (!transition || clock.now().getTime() < Date.parse(found.row.closes_at)) return;
  // Should an administrator change it meanwhile (StalePoll), the job is tried again and finds it as they left it.
  await applyPollTransition(trx, clock, found.row, found.section, transition, SYSTEM_ACTOR);
}

export const POLL_JOB_HANDLERS: JobHandlers = {
  [POLL_OPEN_JOB]: open,
  [POLL_REMINDER_JOB]: remind,
  [POLL_CLOSE_JOB]: close,
};
