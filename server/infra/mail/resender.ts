// Re-sends what waits in mail_outbox (outbox.ts) while SMTP_URL is set: every `intervalMs` it claims each
// due row, hands it to the SMTP server, and forgets it once taken or schedules the next attempt. Any
// number of processes may run one on the same database; the claim keeps each mail to one sender.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
import { createLeasedPoller, type Poller, type PollOutcome } from '../leasedPoller';
import { failureText, type OutgoingMail } from './mailer';
import { claimMail, dueMailIds, forgetDelivered, giveUpExpired, recordFailure } from './outbox';

export interface ResendLog {
  /** A refused attempt; `retry` says whether another will follow. Never the message itself. */
  failed(error: unknown, to: string, retry: boolean): void;
  /** Dropped unsent because it expired (a reset link past its time). */
  expired(to: string): void;
  /** The pass itself broke (the database went away): logged, and the next pass tries again. */
  broken(error: unknown): void;
}

/** runOnce answers how many mails were delivered; the first pass comes at once. */
export type Resender = Poller;

const BATCH = 20;

export function createResender(deps: {
  db: Kysely<Database>;
  clock: Clock;
  deliver: (mail: OutgoingMail) => Promise<void>;
  intervalMs: number;
  log: ResendLog;
}): Resender {
  const { db, clock, deliver, log } = deps;
  /** This process's name on its claims. */
  const owner = randomUUID();
  /** 'done': delivered; 'tried': refused or expired; 'taken': another process holds it. */
  async function sendOne(id: number): Promise<PollOutcome> {
    const now = clock.now();
    const claimed = await claimMail(db, id, owner, now);
    if (!claimed) return 'taken';
    const { mail } = claimed;
    if (mail.validUntil && mail.validUntil <= now) {
      await giveUpExpired(db, id, owner);
      log.expired(mail.to);
      return 'tried';
    }
    try {
      await deliver(mail);
    } catch (error) {
      const retry = await recordFailure(db, id, owner, clock.now(), claimed, failureText(error));
      log.failed(error, mail.to, retry);
      return 'tried';
    }
    await forgetDelivered(db, id, owner);
    return 'done';
  }

  return createLeasedPoller({
    dueIds: (batch) => dueMailIds(db, clock.now(), batch),
    handle: sendOne,
    batch: BATCH,
    intervalMs: deps.intervalMs,
    firstDelayMs: 0,
    broken: (error) => log.broken(error),
  });
}
