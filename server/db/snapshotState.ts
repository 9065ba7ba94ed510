// PostgreSQL's data state (DatabaseHandle.dataState): the server's current snapshot, xmin:xmax:in-progress ids.
// Two equal snapshots mean no transaction that wrote ended between them (xmax moves past every ended one; one
// running at the first is listed until it ends), so every read made between them saw the same committed rows.
// Read-only transactions take no id and change nothing.
//
// One query answers everyone who asked before it was sent: under load a request waits for the next query to
// start rather than sending its own (PostgreSQL answered thousands of these a second, one per request). Never
// one sent before the caller asked: a state taken before a person's own write committed would give them back
// the answer kept from before it.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema';

const currentSnapshot = sql<{ snapshot: string }>`select pg_current_snapshot()::text as snapshot`;

interface Waiting {
  resolve(state: string): void;
  reject(error: unknown): void;
}

export function snapshotState(db: Kysely<Database>, read = async () => (await currentSnapshot.execute(db)).rows[0]!.snapshot) {
  let waiting: Waiting[] = [];
  let reading = false;

  async function readForEveryoneWaiting(): Promise<void> {
    reading = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const state = await read();
        for (const one of batch) one.resolve(state);
      } catch (error) {
        for (const one of batch) one.reject(error);
      }
    }
    reading = false;
  }

  return (): Promise<string> =>
    new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!reading) void readForEveryoneWaiting();
    });
}
