// The loop every lease-based worker shares (the mail re-sender, the scheduled jobs): every interval, a pass
// over the due rows, a batch at a time, each row handled by whoever claims it first. Any number of processes
// may run one on the same database; the claim (the caller's) keeps each row to one of them.

/** What handling one due row came to: done, tried (claimed and refused, or given up), or taken by another. */
export type PollOutcome = 'done' | 'tried' | 'taken';

export interface Poller {
  /**
   * One pass over every due row; answers how many were done. Tests call it directly, and work that wants its
   * rows handled at once (not at the next tick) kicks it. While a pass runs, a call waits for it and then one
   * more pass (so a row committed after the running pass read its due rows is not left to the next tick).
   */
  runOnce(): Promise<number>;
  /** A pass after firstDelayMs, then one every intervalMs after the previous one ends. */
  start(): void;
  /** No new pass or row; resolves once the row being handled (if any) is settled. */
  stop(): Promise<void>;
}

export function createLeasedPoller(deps: {
  /** Up to `batch` due row ids, oldest first. */
  dueIds(batch: number): Promise<number[]>;
  handle(id: number): Promise<PollOutcome>;
  batch: number;
  /** How many rows of a batch are handled at once (default 1, one after the other): work that waits on another
   * server, such as a push service, goes faster side by side. */
  concurrency?: number;
  intervalMs: number;
  firstDelayMs: number;
  /** The pass itself broke (the database went away): logged, and the next pass tries again. */
  broken(error: unknown): void;
}): Poller {
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let again: Promise<number> | null = null;

  async function pass(): Promise<number> {
    let done = 0;
    while (!stopping) {
      const ids = await deps.dueIds(deps.batch);
      let claimedAny = false;
      const width = Math.max(1, deps.concurrency ?? 1);
      for (let i = 0; i < ids.length && !stopping; i += width) {
        const outcomes = await Promise.all(ids.slice(i, i + width).map((id) => deps.handle(id)));
        for (const outcome of outcomes) {
          if (outcome === 'done') done += 1;
          if (outcome !== 'taken') claimedAny = true;
        }
      }
      // A short batch was the last; a batch others took from under us leaves the rest to them. A row that
      // was tried is due again only after its backoff, so it is not met again in this pass.
      if (ids.length < deps.batch || !claimedAny) break;
    }
    return done;
  }

  function runOnce(): Promise<number> {
    // One pass at a time per poller. A call that finds one running may come from work committed after that
    // pass read its due rows (a payment's invoice kicked right after the payment): it gets one more pass after
    // the running one, shared by every call that arrives meanwhile, and answers what that pass did.
    if (running) {
      again ??= running
        .catch(() => 0)
        .then(() => {
          again = null;
          return runOnce();
        });
      return again;
    }
    running = pass().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((error: unknown) => deps.broken(error))
        .finally(() => schedule(deps.intervalMs));
    }, delayMs);
  }

  return {
    runOnce,
    start: () => schedule(deps.firstDelayMs),
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => {});
      // A pass asked for meanwhile starts, sees `stopping` and ends at once.
      await again?.catch(() => {});
    },
  };
}
