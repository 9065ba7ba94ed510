// Paying online's scheduled job (server/infra/scheduledJobs.ts): checkouts still open (creado, pendiente) whose
// expires_at has passed are moved to expirado, a batch per run, and their residents told (notices.ts), in the job's
// one transaction. Each checkout, when created, asks for the run of the minute it expires in (so an idle server
// polls nothing); each run asks for the run of the next open checkout's expiry, and a full batch for a sequel at
// once. Two server processes never run one slot twice (claimJob); two slots that run at once (a sequel, a late one)
// take each condominium as the provider's webhooks do (condoLock) and move only what is still open, so a checkout
// is expired, and its resident told, once, and a webhook that settled it first wins.
import type { Kysely } from 'kysely';
import { OPEN_CHECKOUT_STATES } from '../../../src/api/checkout';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { type DueJob, type JobHandlers, scheduleJobOnce, sequelKey } from '../../infra/scheduledJobs';
import { lockCondo } from '../shared/condoLock';
import { tellPayer } from './notices';

export const CHECKOUT_EXPIRY_JOB = 'checkout-expiry';
/** Checkouts expired by one run, at most. */
export const CHECKOUT_EXPIRY_BATCH = 200;

/** The run that expires a checkout: the first whole minute (UTC) at or after its expiry, keyed by that minute. */
export function expirySlot(expiresAt: Date): { key: string; dueAt: Date } {
  const dueAt = new Date(Math.ceil(expiresAt.getTime() / 60_000) * 60_000);
  return { key: dueAt.toISOString().slice(0, 16), dueAt };
}

/** Asks for the run that expires a checkout at `expiresAt`, unless that minute's run is asked for already. */
export async function scheduleCheckoutExpiry(db: Kysely<Database>, expiresAt: Date, now: Date): Promise<void> {
  const slot = expirySlot(expiresAt);
  await scheduleJobOnce(db, CHECKOUT_EXPIRY_JOB, slot.key, slot.dueAt, now);
}

/** Expires a batch of open checkouts past their time; answers how many it moved and whether the batch was full. */
export async function expireCheckouts(trx: Kysely<Database>, clock: Clock): Promise<{ expired: number; full: boolean }> {
  const at = clock.now().toISOString();
  const due = await trx
    .selectFrom('checkouts')
    .select(['id', 'condo_id'])
    .where('state', 'in', [...OPEN_CHECKOUT_STATES])
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(CHECKOUT_EXPIRY_BATCH)
    .execute();
  const byCondo = new Map<number, number[]>();
  for (const row of due) byCondo.set(row.condo_id, [...(byCondo.get(row.condo_id) ?? []), row.id]);
  let expired = 0;
  // Condominiums in one order, so two runs at once on PostgreSQL wait for each other instead of deadlocking.
  for (const condoId of [...byCondo.keys()].sort((a, b) => a - b)) {
    await lockCondo(trx, condoId);
    // Only what is still open: a webhook (or another run) that came first keeps its state.
    const moved = await trx
      .updateTable('checkouts')
      .set({ state: 'expirado', updated_at: at })
      .where('id', 'in', byCondo.get(condoId)!)
      .where('state', 'in', [...OPEN_CHECKOUT_STATES])
      .where('expires_at', '<=', at)
      .returning(['id', 'condo_id', 'apartment_id', 'user_id', 'amount_cents', 'total_cents'])
      .execute();
    for (const checkout of moved) await tellPayer(trx, clock, checkout, 'expirado');
    expired += moved.length;
  }
  return { expired, full: due.length === CHECKOUT_EXPIRY_BATCH };
}

async function runExpiry(trx: Kysely<Database>, job: DueJob, clock: Clock): Promise<void> {
  const now = clock.now();
  const { full } = await expireCheckouts(trx, clock);
  if (full) {
    await scheduleJobOnce(trx, CHECKOUT_EXPIRY_JOB, sequelKey(job.key), now, now);
    return;
  }
  const next = await trx
    .selectFrom('checkouts')
    .select('expires_at')
    .where('state', 'in', [...OPEN_CHECKOUT_STATES])
    .orderBy('expires_at')
    .limit(1)
    .executeTakeFirst();
  // The next one's minute; one still open and past its time (another run holds it now) asks for the next minute,
  // never this run's own slot.
  if (next) await scheduleCheckoutExpiry(trx, new Date(Math.max(Date.parse(next.expires_at), now.getTime() + 1)), now);
}

export const CHECKOUT_JOB_HANDLERS: JobHandlers = { [CHECKOUT_EXPIRY_JOB]: runExpiry };
