// The late-fee job (server/infra/scheduledJobs.ts): once a day, every condominium with an active rule gets this
// period's fees (apply.ts), in the job's one transaction; a fee already applied this period is never applied again
// (the unique key of late_fees), so the daily runs of a month charge a dwelling once. Saving an active rule asks for
// the next day's run, and every run that finds an active rule asks for the following day's; two server processes
// never run one slot twice (claimJob), and if they did the unique key would still charge nothing twice.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { dailySlot, type JobHandlers, scheduleJobOnce } from '../../infra/scheduledJobs';
import { applyLateFees, condosWithActiveRule } from './apply';

export const LATE_FEE_JOB = 'late-fees';

/** Asks for the next daily run (a minute on, so a run at midnight does not name its own slot). */
export async function scheduleLateFeeJob(db: Kysely<Database>, now: Date): Promise<void> {
  const slot = dailySlot(new Date(now.getTime() + 60_000));
  await scheduleJobOnce(db, LATE_FEE_JOB, slot.key, slot.dueAt, now);
}

/** Applies this period's fees in every condominium with an active rule; answers how many fees were written. */
export async function applyAllLateFees(trx: Kysely<Database>, now: Date): Promise<number> {
  let applied = 0;
  for (const condoId of await condosWithActiveRule(trx)) applied += (await applyLateFees(trx, condoId, now, null)).applied;
  return applied;
}

async function runLateFees(trx: Kysely<Database>, _job: unknown, clock: Clock): Promise<void> {
  const now = clock.now();
  await applyAllLateFees(trx, now);
  if ((await condosWithActiveRule(trx)).length > 0) await scheduleLateFeeJob(trx, now);
}

export const LATE_FEE_JOB_HANDLERS: JobHandlers = { [LATE_FEE_JOB]: runLateFees };
