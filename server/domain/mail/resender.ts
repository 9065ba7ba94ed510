// Re-sends what waits in mail_outbox (outbox.ts) while SMTP_URL is set: every `intervalMs` it claims each
// due row, hands it to the SMTP server, and forgets it once taken or schedules the next attempt. Any
// number of processes may run one on the same database; the claim keeps each mail to one sender.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../clock';
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

export interface Resender {
  /** One pass over every due row; answers how many were delivered. Tests call it directly. */
  runOnce(): Promise<number>;
  /** A pass now, then one every intervalMs after the previous one ends. */
  start(): void;
  /** No new pass or row; resolves once the row being sent (if any) is settled. */
  stop(): Promise<void>;
}

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
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  /** 'taken': another process holds it; 'tried': refused or expired. */
  async function sendOne(id: number): Promise<'delivered' | 'tried' | 'taken'> {
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
    return 'delivered';
  }

  async function pass(): Promise<number> {
    let delivered = 0;
    while (!stopping) {
      const ids = await dueMailIds(db, clock.now(), BATCH);
      let claimedAny = false;
      for (const id of ids) {
        if (stopping) break;
        const outcome = await sendOne(id);
        if (outcome === 'delivered') delivered += 1;
        if (outcome !== 'taken') claimedAny = true;
      }
      // A short batch was the last; a batch others took from under us leaves the rest to them.
      if (ids.length < BATCH || !claimedAny) break;
    }
    return delivered;
  }

  function runOnce(): Promise<number> {
    // One pass at a time per process: a tick that finds one running waits for it instead.
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((error: unknown) => log.broken(error))
        .finally(() => schedule(deps.intervalMs));
    }, delayMs);
  }

  return {
    runOnce,
    start: () => schedule(0),
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}
