// The live channel's streams in this process (issue 30): who holds one (a session's condominium and user), what each
// has been sent, and the rows of live_events handed to each. The bus (bus.ts) says which ids to read; a row reaches
// only the streams of its own condominium and user. Every LIVE_HEARTBEAT_MS each stream gets a comment (proxies close
// silent connections) and the sessions are checked in one query: a stream whose session ended is closed. It knows no
// domain: the session check is given to it.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface LiveReader {
  condoId: number;
  userId: number;
  sessionId: number;
}

/** Where a stream's text goes: the raw HTTP response. */
export interface LiveSink {
  write(chunk: string): void;
  /** Bytes written but not yet taken by the client. */
  backlog(): number;
  end(): void;
}

export interface LiveRow {
  id: number;
  condo_id: number;
  user_id: number;
  type: string;
  payload: string;
}

/** A client this far behind (a stalled phone) is closed; it resumes from its last id when it comes back. */
export const SINK_BACKLOG_MAX = 1024 * 1024;
/** A session holds this many streams at most (one per browser is the rule); a newer one closes the oldest. */
export const STREAMS_PER_SESSION = 4;
/** Ids a stream remembers having sent (events arrive out of order across transactions and buses). */
const SENT_KEPT = 512;

/** One event as the stream writes it: its id (the browser's Last-Event-ID) and the JSON of src/api/live.ts. */
export function eventText(row: Pick<LiveRow, 'id' | 'type' | 'payload'>): string {
  return `id: ${row.id}\ndata: {"id":${row.id},"type":${JSON.stringify(row.type)},"data":${row.payload}}\n\n`;
}

export class LiveStream {
  /** Rows at or below this id are never sent: before the stream's start, or forgotten. */
  private floor: number;
  private readonly sent = new Set<number>();
  /** The highest id sent (or the floor). */
  highest: number;
  closed = false;

  constructor(
    readonly reader: LiveReader,
    private readonly sink: LiveSink,
    floor: number,
    private readonly onClose: (stream: LiveStream) => void,
  ) {
    this.floor = floor;
    this.highest = floor;
  }

  /** Sends the row once, if it is this stream's and after its start. */
  send(row: LiveRow): void {
    if (this.closed || row.id <= this.floor || this.sent.has(row.id)) return;
    if (row.condo_id !== this.reader.condoId || row.user_id !== this.reader.userId) return;
    this.sent.add(row.id);
    if (this.sent.size > SENT_KEPT) this.forgetOldest();
    this.highest = Math.max(this.highest, row.id);
    this.write(eventText(row));
  }

  /** Raises the floor (a resync: nothing before it will be sent). */
  skipTo(id: number): void {
    this.floor = Math.max(this.floor, id);
    this.highest = Math.max(this.highest, id);
  }

  write(text: string): void {
    if (this.closed) return;
    if (this.sink.backlog() > SINK_BACKLOG_MAX) {
      this.close();
      return;
    }
    this.sink.write(text);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.sink.end();
    this.onClose(this);
  }

  private forgetOldest(): void {
    const ids = [...this.sent].sort((a, b) => a - b);
    for (const id of ids.slice(0, ids.length - SENT_KEPT / 2)) {
      this.sent.delete(id);
      this.floor = Math.max(this.floor, id);
    }
  }
}

export interface LiveHubOptions {
  db: Kysely<Database>;
  heartbeatMs: number;
  /** Of these session ids, those still open (not ended, revoked or expired; their member still active). */
  openSessions(sessionIds: readonly number[]): Promise<Set<number>>;
  log: { warn(details: object, message: string): void };
}

/** How many ids one read asks for. */
const READ_CHUNK = 500;
/** A catch-up after a gap reads at most this many rows; a stream further behind is closed, to resume on its own. */
const CATCH_UP_MAX = 5_000;

export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly byReader = new Map<string, Set<LiveStream>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: LiveHubOptions) {}

  get size(): number {
    return this.streams.size;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.timer.unref();
  }

  open(reader: LiveReader, sink: LiveSink, floor: number): LiveStream {
    const same = [...this.streams].filter((s) => s.reader.sessionId === reader.sessionId);
    for (const old of same.slice(0, Math.max(0, same.length - STREAMS_PER_SESSION + 1))) old.close();
    const stream = new LiveStream(reader, sink, floor, (closed) => this.forget(closed));
    this.streams.add(stream);
    const key = readerKey(reader);
    let set = this.byReader.get(key);
    if (!set) {
      set = new Set();
      this.byReader.set(key, set);
    }
    set.add(stream);
    return stream;
  }

  /** Hands each row to the streams of its reader. */
  deliver(rows: readonly LiveRow[]): void {
    for (const row of rows) {
      const set = this.byReader.get(`${row.condo_id}:${row.user_id}`);
      if (set) for (const stream of set) stream.send(row);
    }
  }

  /** The bus named these ids: read the rows (those of readers with a stream here) and deliver them. */
  async readIds(ids: readonly number[]): Promise<void> {
    if (this.streams.size === 0) return;
    for (let i = 0; i < ids.length; i += READ_CHUNK) {
      const rows = await this.options.db
        .selectFrom('live_events')
        .select(['id', 'condo_id', 'user_id', 'type', 'payload'])
        .where('id', 'in', ids.slice(i, i + READ_CHUNK))
        .orderBy('id')
        .execute();
      this.deliver(rows);
    }
  }

  /** After a gap in the bus: the rows after the lowest point any stream has reached. */
  async catchUp(): Promise<void> {
    if (this.streams.size === 0) return;
    const from = Math.min(...[...this.streams].map((s) => s.highest));
    const rows = await this.options.db
      .selectFrom('live_events')
      .select(['id', 'condo_id', 'user_id', 'type', 'payload'])
      .where('id', '>', from)
      .orderBy('id')
      .limit(CATCH_UP_MAX + 1)
      .execute();
    this.deliver(rows.slice(0, CATCH_UP_MAX));
    if (rows.length > CATCH_UP_MAX) {
      const reached = rows[CATCH_UP_MAX - 1]!.id;
      for (const stream of [...this.streams]) if (stream.highest < reached) stream.close();
    }
  }

  /** Closes every stream (the server is stopping: their browsers resume on another process). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const stream of [...this.streams]) stream.close();
  }

  /** The heartbeat, then the sessions' check. */
  async beat(): Promise<void> {
    for (const stream of [...this.streams]) stream.write(': \n\n');
    const ids = [...new Set([...this.streams].map((s) => s.reader.sessionId))];
    if (ids.length === 0) return;
    let open: Set<number>;
    try {
      open = new Set<number>();
      for (let i = 0; i < ids.length; i += READ_CHUNK) {
        for (const id of await this.options.openSessions(ids.slice(i, i + READ_CHUNK))) open.add(id);
      }
    } catch (error) {
      // The database away: the streams stay; the next beat checks again.
      this.options.log.warn({ reason: String(error) }, 'Live channel could not check its sessions');
      return;
    }
    for (const stream of [...this.streams]) if (!open.has(stream.reader.sessionId)) stream.close();
  }

  private forget(stream: LiveStream): void {
    this.streams.delete(stream);
    const key = readerKey(stream.reader);
    const set = this.byReader.get(key);
    set?.delete(stream);
    if (set?.size === 0) this.byReader.delete(key);
  }
}

const readerKey = (reader: Pick<LiveReader, 'condoId' | 'userId'>) => `${reader.condoId}:${reader.userId}`;
