// What was read, by key, for one data state of the database (DatabaseHandle.dataState): given again only while
// the state is the same, so never after anything was committed. A value must have been read after its state
// was taken: then it is at least as new as that state, and the state never comes back once it has moved (SQLite's
// count of writes grows, PostgreSQL's snapshot moves forward), so a value newer than its state is never served
// in a later one. Bounded: the least recently used key goes first.
export class StateMemo<T> {
  readonly #kept = new Map<string, { state: string; value: T }>();

  constructor(readonly limit: number) {}

  get size(): number {
    return this.#kept.size;
  }

  get(key: string, state: string): T | undefined {
    const kept = this.#kept.get(key);
    if (!kept) return undefined;
    this.#kept.delete(key);
    if (kept.state !== state) return undefined;
    // Most recently used last: the map's first key is the one to drop when full.
    this.#kept.set(key, kept);
    return kept.value;
  }

  set(key: string, state: string, value: T): void {
    this.#kept.delete(key);
    this.#kept.set(key, { state, value });
    if (this.#kept.size > this.limit) this.#kept.delete(this.#kept.keys().next().value as string);
  }

  /** Forgets `key` if it still holds `value` (a read that failed is not kept). */
  forget(key: string, value: T): void {
    if (this.#kept.get(key)?.value === value) this.#kept.delete(key);
  }
}

/** Freezes a read's rows all the way down: a kept value is shared by later requests, so none may change it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
