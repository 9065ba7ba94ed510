// How publishLive (domain/shared/live.ts), which holds nothing but the transaction it writes in, reaches this
// process's live bus: by the database handle. A Kysely instance and every transaction opened from it share one
// dialect adapter object, so the adapter names "this database" whatever handle the writer holds. Several apps may
// share one database in a process (tests), so each registers its own listener.
import type { Kysely } from 'kysely';

/** Told, inside the writing transaction (before it commits or rolls back), the ids of the rows just written. */
export type LocalWake = (ids: readonly number[]) => void;

// biome-ignore lint/suspicious/noExplicitAny: any database's handle; only its adapter's identity is used
type AnyDb = Kysely<any>;

const wakes = new WeakMap<object, Set<LocalWake>>();

const keyOf = (db: AnyDb) => db.getExecutor().adapter;

/** Listens to the rows written through `db` (or a transaction of it) in this process; answers the way to stop. */
export function listenLocally(db: AnyDb, wake: LocalWake): () => void {
  const key = keyOf(db);
  let set = wakes.get(key);
  if (!set) {
    set = new Set();
    wakes.set(key, set);
  }
  set.add(wake);
  return () => {
    set.delete(wake);
  };
}

/** Tells this process's listeners of `db` that rows were written (they wait for the commit themselves). */
export function wakeLocally(db: AnyDb, ids: readonly number[]): void {
  const set = wakes.get(keyOf(db));
  if (!set || ids.length === 0) return;
  for (const wake of set) wake(ids);
}
