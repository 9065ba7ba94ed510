// The kept answers' store (plugins/keptAnswers.ts): serialized answers by key, each valid for one data state
// of the database and until a moment. Bounded by count and by bytes, the least recently used dropped first.
// It knows nothing of requests: the plugin builds the keys (who asks, in which language, for which address).

export interface KeptAnswer {
  /** The database's data state the answer was read in (DatabaseHandle.dataState). */
  state: string;
  /** Epoch ms (the app's clock) from which the answer is no longer given, whatever the data state. */
  until: number;
  payload: string | Buffer;
  /** The headers the route set on it, replayed with it. */
  headers: Record<string, string>;
}

export interface AnswerStoreLimits {
  entries: number;
  bytes: number;
  /** A larger answer is not kept. */
  entryBytes: number;
}

export const ANSWER_STORE_LIMITS: AnswerStoreLimits = { entries: 20_000, bytes: 64 * 1024 * 1024, entryBytes: 512 * 1024 };

const sizeOf = (answer: KeptAnswer) =>
  typeof answer.payload === 'string' ? Buffer.byteLength(answer.payload) : answer.payload.byteLength;

export class AnswerStore {
  readonly #answers = new Map<string, KeptAnswer>();
  #bytes = 0;
  hits = 0;
  misses = 0;

  constructor(readonly limits: AnswerStoreLimits = ANSWER_STORE_LIMITS) {}

  get size(): number {
    return this.#answers.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The answer kept under `key` for this data state, still valid at `now`; else null (and a stale one is dropped). */
  get(key: string, state: string, now: number): KeptAnswer | null {
    const kept = this.#answers.get(key);
    if (!kept || kept.state !== state || now >= kept.until) {
      if (kept) this.#drop(key, kept);
      this.misses++;
      return null;
    }
    // Most recently used last: the map's first key is the one to drop when full.
    this.#answers.delete(key);
    this.#answers.set(key, kept);
    this.hits++;
    return kept;
  }

  set(key: string, answer: KeptAnswer): void {
    const size = sizeOf(answer);
    const before = this.#answers.get(key);
    if (before) this.#drop(key, before);
    if (size > this.limits.entryBytes) return;
    this.#answers.set(key, answer);
    this.#bytes += size;
    for (const [oldest, kept] of this.#answers) {
      if (this.#answers.size <= this.limits.entries && this.#bytes <= this.limits.bytes) break;
      this.#drop(oldest, kept);
    }
  }

  clear(): void {
    this.#answers.clear();
    this.#bytes = 0;
  }

  #drop(key: string, kept: KeptAnswer): void {
    this.#answers.delete(key);
    this.#bytes -= sizeOf(kept);
  }
}
