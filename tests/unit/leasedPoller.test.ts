// The lease pollers' pass (server/infra/leasedPoller.ts): one pass at a time per poller, and a call made while a
// pass runs (a payment kicking its invoice's job) gets one more pass after it, so a row committed after the
// running pass read its due rows is handled now, not at the next tick.
import { describe, expect, it } from 'vitest';
import { createLeasedPoller, type PollOutcome } from '../../server/infra/leasedPoller';

function harness() {
  const due = new Set<number>();
  const handled: number[] = [];
  let passes = 0;
  let gate: (() => void) | null = null;
  let blockNext = false;
  const poller = createLeasedPoller({
    dueIds: async (batch) => {
      passes += 1;
      return [...due].sort((a, b) => a - b).slice(0, batch);
    },
    handle: async (id): Promise<PollOutcome> => {
      if (blockNext) {
        blockNext = false;
        await new Promise<void>((resolve) => {
          gate = resolve;
        });
      }
      due.delete(id);
      handled.push(id);
      return 'done';
    },
    batch: 20,
    intervalMs: 60_000,
    firstDelayMs: 60_000,
    broken: () => {},
  });
  const until = async (test: () => boolean) => {
    while (!test()) await new Promise((resolve) => setTimeout(resolve, 1));
  };
  return {
    poller,
    due,
    handled,
    passes: () => passes,
    /** The next row handled waits until release(). */
    block: () => {
      blockNext = true;
    },
    held: () => until(() => gate !== null),
    release: () => gate?.(),
  };
}

describe('a lease poller', () => {
  it('handles a row that became due while a pass ran, for the call made meanwhile', async () => {
    const h = harness();
    h.due.add(1);
    h.block();
    const first = h.poller.runOnce();
    await h.held();
    h.due.add(2);
    const kicked = h.poller.runOnce();
    h.release();
    expect(await first).toBe(1);
    expect(await kicked).toBe(1);
    expect(h.handled).toEqual([1, 2]);
  });

  it('shares one more pass among every call made while a pass runs', async () => {
    const h = harness();
    h.due.add(1);
    h.block();
    const first = h.poller.runOnce();
    await h.held();
    h.due.add(2);
    h.due.add(3);
    const kicks = [h.poller.runOnce(), h.poller.runOnce(), h.poller.runOnce()];
    expect(kicks[1]).toBe(kicks[0]);
    h.release();
    await first;
    expect(await Promise.all(kicks)).toEqual([2, 2, 2]);
    expect(h.passes()).toBe(2);
    expect(h.handled).toEqual([1, 2, 3]);
  });

  it('starts no further pass once stopped, even one asked for while the last ran', async () => {
    const h = harness();
    h.due.add(1);
    h.block();
    void h.poller.runOnce();
    await h.held();
    h.due.add(2);
    const kicked = h.poller.runOnce();
    const stopped = h.poller.stop();
    h.release();
    await stopped;
    expect(await kicked).toBe(0);
    expect(h.passes()).toBe(1);
    expect(h.handled).toEqual([1]);
  });

  it('handles up to `concurrency` rows of a batch side by side, every row once (the push sender)', async () => {
    const due = new Set(Array.from({ length: 7 }, (_, i) => i + 1));
    const handled: number[] = [];
    let running = 0;
    let widest = 0;
    const poller = createLeasedPoller({
      dueIds: async (batch) => [...due].sort((a, b) => a - b).slice(0, batch),
      handle: async (id): Promise<PollOutcome> => {
        running += 1;
        widest = Math.max(widest, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running -= 1;
        due.delete(id);
        handled.push(id);
        return 'done';
      },
      batch: 5,
      concurrency: 3,
      intervalMs: 60_000,
      firstDelayMs: 60_000,
      broken: () => {},
    });
    expect(await poller.runOnce()).toBe(7);
    expect(widest).toBe(3);
    expect([...handled].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
