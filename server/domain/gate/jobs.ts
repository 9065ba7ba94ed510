// The gate's scheduled job (server/infra/scheduledJobs.ts): once a day, entries' photos past their condominium's
// retention are deleted, the file and the movement's columns, in the job's one transaction. A photo is past it when
// its photo_expires_at (fixed when it was taken) has come, or when an administrator has since shortened
// photoRetentionDays and the entry is older than the new number of days. It records nothing about what it deleted
// (no history row, no names): the movement itself stays, as the log never loses a row. Two server processes never
// run it twice: each due row is claimed by one conditional UPDATE (claimJob), and the work commits with the row
// marked done. Every photo asks for the next day's run; a run that leaves photos asks for the next day's; a full
// batch asks for a sequel at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { deleteFiles } from '../../infra/files/store';
import { type DueJob, dailySlot, type JobHandlers, scheduleJobOnce, sequelKey } from '../../infra/scheduledJobs';
import { ENTRY_PHOTO_JOB } from './photos';

/** Photos deleted by one run, at most. */
export const ENTRY_PHOTO_BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;

/** Deletes a batch of photos past their retention; answers how many went and whether the batch was full. */
export async function deleteExpiredPhotos(trx: Kysely<Database>, clock: Clock): Promise<{ deleted: number; full: boolean }> {
  const now = clock.now();
  // The condominiums that keep photos now, with their retention (only rows with a photo have an expiry: a short
  // range of gate_movements_photo_expiry).
  const condos = await trx
    .selectFrom('gate_movements as m')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select(['c.id', 'c.photo_retention_days'])
    .where('m.photo_expires_at', 'is not', null)
    .distinct()
    .execute();
  const due: { id: number; photo_file_id: number | null }[] = [];
  for (const condo of condos) {
    if (due.length >= ENTRY_PHOTO_BATCH) break;
    const takenBefore = new Date(now.getTime() - condo.photo_retention_days * DAY_MS).toISOString();
    const rows = await trx
      .selectFrom('gate_movements')
      .select(['id', 'photo_file_id'])
      .where('condo_id', '=', condo.id)
      .where('photo_expires_at', 'is not', null)
      .where((eb) => eb.or([eb('photo_expires_at', '<=', now.toISOString()), eb('occurred_at', '<=', takenBefore)]))
      .orderBy('id')
      .limit(ENTRY_PHOTO_BATCH - due.length)
      .execute();
    due.push(...rows);
  }
  if (due.length === 0) return { deleted: 0, full: false };
  await trx
    .updateTable('gate_movements')
    .set({ photo_file_id: null, photo_expires_at: null })
    .where(
      'id',
      'in',
      due.map((r) => r.id),
    )
    .execute();
  await deleteFiles(
    trx,
    due.flatMap((r) => (r.photo_file_id === null ? [] : [r.photo_file_id])),
  );
  return { deleted: due.length, full: due.length === ENTRY_PHOTO_BATCH };
}

async function purgePhotos(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const now = clock.now();
  const { full } = await deleteExpiredPhotos(trx, clock);
  if (full) {
    await scheduleJobOnce(trx, ENTRY_PHOTO_JOB, sequelKey(job.key), now, now);
    return;
  }
  const kept = await trx
    .selectFrom('gate_movements')
    .select('id')
    .where('photo_expires_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  if (kept) {
    // Tomorrow's run (a minute on, so a run at midnight itself does not name its own slot).
    const next = dailySlot(new Date(now.getTime() + 60_000));
    await scheduleJobOnce(trx, ENTRY_PHOTO_JOB, next.key, next.dueAt, now);
  }
}

export const GATE_JOB_HANDLERS: JobHandlers = { [ENTRY_PHOTO_JOB]: purgePhotos };
