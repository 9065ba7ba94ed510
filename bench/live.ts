// (h) The live channel (issue 30): what 2,000 open streams cost one server process, and how long an event takes
// from a write to the browser's stream. The built server (as `npm start` runs it, so its pid is the server itself):
// (1) SQLite, one process: 500 sessions of the demo's people (four streams each, the server's cap per session),
// the server's resident memory read from /proc before and after the streams open, then messages written in a seeded
// conversation while all 2,000 are open, timed from the POST to the `conversation` event on each of its readers'
// streams; (2) with BENCH_DATABASE_URL or TEST_DATABASE_URL, two processes on one PostgreSQL (a fresh schema): the
// readers' streams on B, the writes through A (LISTEN/NOTIFY between them). Streams are read as the browser reads
// them (src/services/liveStream.ts SseParser), on plain node:http connections of 127.0.0.1.
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { STREAMS_PER_SESSION } from '../server/infra/live/hub';
import { ACCOUNT_PATHS } from '../src/api/account';
import { CONVERSATIONS_PATHS, type ConversationListAnswer } from '../src/api/conversations';
import { LIVE_PATHS, type LiveEvent } from '../src/api/live';
import { privacyNoticePending, SESSION_PATHS, type SessionData } from '../src/api/sessions';
import { SseParser } from '../src/services/liveStream';
import { signInMixUsers } from './authMix';
import { json } from './benchHttp';
import { buildServer, type ChildHandle, freshDataDir, removeDir, serverEnv, spawnBuiltServer } from './serverProcess';

export const LIVE_BENCH = {
  streams: 2_000,
  /** Writes timed on each side; a few more first, not counted (JIT, statement caches, pools). */
  writes: 200,
  warmupWrites: 5,
  /** Streams asked for at once while opening. */
  openConcurrency: 50,
  /** An event not on a reader's stream this long after its write is counted missed. */
  eventTimeoutMs: 5_000,
  /** The goal, printed beside the figures (the bench judges nothing). */
  p99GoalMs: 1_000,
} as const;

/** The seeded conversation's two sides (tests/server/liveProcesses.test.ts): the writer, and the other dwelling. */
const WRITER = 'consejo@demo.mx';
const READER = 'residente@demo.mx';

export interface LatencyFigures {
  writes: number;
  /** One per write and reader stream: the time from sending the POST to the event on that stream. */
  deliveries: number;
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The POST's own answer time, p50: the event can arrive before it. */
  postP50Ms: number;
}

export interface LiveOneProcess {
  streams: number;
  sessions: number;
  people: number;
  /** From the first stream asked for to the last one's `ready`. */
  openSeconds: number;
  rssBeforeBytes: number;
  rssAfterBytes: number;
  bytesPerStream: number;
  /** Streams the server ended while the bench held them (none expected). */
  dropped: number;
  /** Streams of the conversation's two sides, each waited for on every write. */
  readerStreams: number;
  latency: LatencyFigures;
}

export interface LiveTwoProcesses {
  readerStreams: number;
  latency: LatencyFigures;
}

export interface LiveReport {
  oneProcess: LiveOneProcess;
  /** null: no PostgreSQL URL was set. */
  twoProcesses: LiveTwoProcesses | null;
  p99GoalMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const LISTENING_LINE = /^Condo app listening on (http:\/\/\S+) \(\w+\)$/m;

/** The built server on `dataDir` with `env` over the bench's, once it says it listens. */
async function startBuilt(dataDir: string, env: Record<string, string>): Promise<{ handle: ChildHandle; origin: string }> {
  const handle = spawnBuiltServer({ ...serverEnv(dataDir), ...env });
  try {
    return { handle, origin: (await handle.waitForLine(LISTENING_LINE, 120_000))[1]! };
  } catch (error) {
    await handle.stop();
    throw error;
  }
}

/** The process's resident set (VmRSS), in bytes. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = status.match(/^VmRSS:\s+(\d+) kB$/m)?.[1];
  if (kib === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kib) * 1024;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs one person in to Las Palmas (the browser's two steps), accepting the privacy notice if it waits. */
async function signIn(origin: string, email: string): Promise<string> {
  const first = await json<{ token: string; condos: { CondoId: number; UserId: number; CondoName: string }[] }>(
    origin,
    'POST',
    `/api${SESSION_PATHS.signIn}`,
    undefined,
    { username: email, password: 'Demo1234!' },
  );
  const palmas = first.condos.find((condo) => condo.CondoName === 'Residencial Las Palmas');
  if (!palmas) throw new Error(`${email} is no member of Residencial Las Palmas`);
  const { token } = await json<{ token: string }>(origin, 'POST', `/api${SESSION_PATHS.condoLogin}`, undefined, {
    CondoId: palmas.CondoId,
    UserId: palmas.UserId,
    token: first.token,
  });
  const { data } = await json<{ data: SessionData }>(origin, 'GET', `/api${SESSION_PATHS.sessionData}`, token);
  const pending = privacyNoticePending({
    notice: data.condo.AvisoPrivacidad,
    active: data.condo.AvisoActivo === 1,
    accepted: data.usuario.AvisoPrivacidad !== null,
  });
  if (pending) await json(origin, 'POST', `/api${ACCOUNT_PATHS.acceptPrivacyNotice}`, token, {});
  return token;
}

/** The seeded conversation between the writer's and the reader's dwellings, as the writer's list shows it. */
async function seededConversation(origin: string, writer: string, reader: string): Promise<number> {
  const { data } = await json<{ data: SessionData }>(origin, 'GET', `/api${SESSION_PATHS.sessionData}`, reader);
  const readerDwellings = new Set(data.usuario.apartments.map((a) => a.AptId));
  const list = await json<ConversationListAnswer>(origin, 'GET', `/api${CONVERSATIONS_PATHS.list}?limit=50`, writer);
  const found = list.items.find((item) => item.otro.ApmtId !== null && readerDwellings.has(item.otro.ApmtId));
  if (!found) throw new Error(`${WRITER} has no conversation with the dwelling of ${READER}`);
  return found.ConversationId;
}

/** What the bench waits for: on these streams, the next `conversation` event of this conversation. */
interface Probe {
  conversationId: number;
  started: number;
  pending: Set<number>;
  latencies: number[];
  done(): void;
}

/** The streams the bench holds, each with its index; events go to the probe when one waits. */
class Streams {
  private readonly requests = new Map<number, http.ClientRequest>();
  private next = 0;
  probe: Probe | null = null;
  dropped = 0;
  private closing = false;

  get size(): number {
    return this.requests.size;
  }

  /** Opens one stream; resolves with its index when the server's `ready` arrives. */
  open(origin: string, token: string): Promise<number> {
    const index = this.next++;
    return new Promise((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => {
        request.destroy();
        reject(new Error(`stream ${index}: no ready within 30 s`));
      }, 30_000);
      const request = http.get(
        `${origin}/api${LIVE_PATHS.stream}`,
        { agent: false, headers: { 'app-token': token, accept: 'text/event-stream' } },
        (response) => {
          if (response.statusCode !== 200) {
            clearTimeout(timer);
            response.resume();
            reject(new Error(`stream ${index} answered ${response.statusCode}`));
            return;
          }
          response.setEncoding('utf8');
          const parser = new SseParser();
          response.on('data', (text: string) => {
            const at = performance.now();
            for (const message of parser.feed(text)) {
              if (message.event === 'ready') {
                ready = true;
                clearTimeout(timer);
                resolve(index);
              } else this.arrived(index, JSON.parse(message.data) as LiveEvent, at);
            }
          });
          response.on('close', () => {
            if (ready && !this.closing && this.requests.delete(index)) this.dropped++;
          });
        },
      );
      request.on('error', (error) => {
        if (ready) return;
        clearTimeout(timer);
        reject(error);
      });
      this.requests.set(index, request);
    });
  }

  /** Opens one stream per token, `concurrency` at a time. */
  async openAll(origin: string, tokens: string[], concurrency: number): Promise<number[]> {
    const indices: number[] = new Array(tokens.length);
    let at = 0;
    const worker = async () => {
      while (at < tokens.length) {
        const mine = at++;
        indices[mine] = await this.open(origin, tokens[mine]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, tokens.length) }, worker));
    return indices;
  }

  private arrived(index: number, event: LiveEvent, at: number): void {
    const probe = this.probe;
    if (!probe || event.type !== 'conversation' || event.data.conversationId !== probe.conversationId) return;
    if (!probe.pending.delete(index)) return;
    probe.latencies.push(at - probe.started);
    if (probe.pending.size === 0) probe.done();
  }

  closeAll(): void {
    this.closing = true;
    for (const request of this.requests.values()) request.destroy();
    this.requests.clear();
  }
}

/** `count` messages written through `origin`, one after another; each waits for its event on every reader stream. */
async function timeWrites(
  streams: Streams,
  origin: string,
  writerToken: string,
  conversationId: number,
  readers: readonly number[],
  count: number,
  label: string,
): Promise<LatencyFigures> {
  const latencies: number[] = [];
  const posts: number[] = [];
  let missed = 0;
  for (let i = -LIVE_BENCH.warmupWrites; i < count; i++) {
    const probe: Probe = {
      conversationId,
      started: 0,
      pending: new Set(readers),
      latencies: [],
      done: () => {},
    };
    const arrived = new Promise<void>((resolve) => {
      probe.done = resolve;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, LIVE_BENCH.eventTimeoutMs);
    });
    streams.probe = probe;
    probe.started = performance.now();
    await json(origin, 'POST', `/api${CONVERSATIONS_PATHS.send}`, writerToken, {
      conversationId,
      Texto: `Prueba del canal en vivo (${label}) ${i + 1}`,
      fotos: [],
    });
    const postMs = performance.now() - probe.started;
    await Promise.race([arrived, timeout]);
    clearTimeout(timer);
    streams.probe = null;
    if (i < 0) continue;
    posts.push(postMs);
    latencies.push(...probe.latencies);
    missed += probe.pending.size;
  }
  latencies.sort((a, b) => a - b);
  posts.sort((a, b) => a - b);
  return {
    writes: count,
    deliveries: latencies.length,
    missed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    postP50Ms: percentile(posts, 50),
  };
}

/** The tokens of the two sides' streams: STREAMS_PER_SESSION for each one's session (the server's cap per session). */
const sideTokens = (reader: string, writer: string) =>
  [...Array(STREAMS_PER_SESSION).fill(reader), ...Array(STREAMS_PER_SESSION).fill(writer)] as string[];

const LIMITS_RAISED = { RATE_LIMIT_FACTOR: '1000', REDIS_URL: '' };

async function oneProcess(say: (line: string) => void): Promise<LiveOneProcess> {
  const dataDir = freshDataDir('live-sqlite');
  // Five hundred sign-ins in a few seconds are the bench, not a guesser: the limits are raised (RATE_LIMIT_FACTOR).
  const server = await startBuilt(dataDir, { ...LIMITS_RAISED, DATABASE_URL: '' });
  const streams = new Streams();
  try {
    const { origin, handle } = server;
    const writer = await signIn(origin, WRITER);
    const reader = await signIn(origin, READER);
    const conversationId = await seededConversation(origin, writer, reader);
    const othersCount = LIVE_BENCH.streams - 2 * STREAMS_PER_SESSION;
    const sessions = Math.ceil(othersCount / STREAMS_PER_SESSION);
    say(`  sqlite: signing in ${sessions + 2} sessions …`);
    const mix = await signInMixUsers(origin, sessions);
    const others = mix.flatMap((user) => Array(STREAMS_PER_SESSION).fill(user.token) as string[]).slice(0, othersCount);
    await pause(1_000);
    const rssBefore = rssOf(handle.pid);

    say(`  sqlite: opening ${LIVE_BENCH.streams} streams, ${LIVE_BENCH.openConcurrency} at a time …`);
    const started = performance.now();
    const readers = await streams.openAll(origin, sideTokens(reader, writer), LIVE_BENCH.openConcurrency);
    await streams.openAll(origin, others, LIVE_BENCH.openConcurrency);
    const openSeconds = (performance.now() - started) / 1000;
    await pause(1_000);
    const rssAfter = rssOf(handle.pid);
    const open = streams.size;

    say(`  sqlite: ${LIVE_BENCH.writes} messages with ${open} streams open …`);
    const latency = await timeWrites(streams, origin, writer, conversationId, readers, LIVE_BENCH.writes, 'sqlite');
    return {
      streams: open,
      sessions: mix.length + 2,
      people: new Set([...mix.map((user) => user.email), WRITER, READER]).size,
      openSeconds,
      rssBeforeBytes: rssBefore,
      rssAfterBytes: rssAfter,
      bytesPerStream: (rssAfter - rssBefore) / open,
      dropped: streams.dropped,
      readerStreams: readers.length,
      latency,
    };
  } finally {
    streams.closeAll();
    try {
      await server.handle.stop();
    } finally {
      removeDir(dataDir);
    }
  }
}

/** Two processes on one PostgreSQL schema made for the run (and dropped after): streams on B, writes through A. */
async function twoProcesses(url: string, say: (line: string) => void): Promise<LiveTwoProcesses> {
  const schema = `bench_live_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const dirs = [freshDataDir('live-pg-a'), freshDataDir('live-pg-b')] as const;
  const servers: { handle: ChildHandle; origin: string }[] = [];
  const streams = new Streams();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
    const env = { ...LIMITS_RAISED, DATABASE_URL: url, DATABASE_SCHEMA: schema };
    // One after the other: A migrates and loads the demo data, B finds it done.
    say('  postgres: starting process A (migrates, loads the demo data), then B …');
    const a = await startBuilt(dirs[0], env);
    servers.push(a);
    const b = await startBuilt(dirs[1], env);
    servers.push(b);
    const writer = await signIn(a.origin, WRITER);
    const conversationId = await seededConversation(a.origin, writer, await signIn(a.origin, READER));
    const readers = await streams.openAll(
      b.origin,
      sideTokens(await signIn(b.origin, READER), await signIn(b.origin, WRITER)),
      LIVE_BENCH.openConcurrency,
    );
    say(`  postgres: ${LIVE_BENCH.writes} messages through A, ${readers.length} streams on B …`);
    const latency = await timeWrites(streams, a.origin, writer, conversationId, readers, LIVE_BENCH.writes, 'postgres');
    return { readerStreams: readers.length, latency };
  } finally {
    streams.closeAll();
    try {
      await Promise.all(servers.map((server) => server.handle.stop()));
    } finally {
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await admin.end();
        for (const dir of dirs) removeDir(dir);
      }
    }
  }
}

export async function measureLive(say: (line: string) => void): Promise<LiveReport> {
  // The built server, so that the pid read in /proc is the server's own (tsx runs it in a grandchild).
  buildServer();
  const one = await oneProcess(say);
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) say('  postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  const two = url ? await twoProcesses(url, say) : null;
  return { oneProcess: one, twoProcesses: two, p99GoalMs: LIVE_BENCH.p99GoalMs };
}
