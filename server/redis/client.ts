// A minimal Redis client over node:net: one connection, commands pipelined on it (each is written at once and
// its reply is the next one that arrives), a connect timeout, a reply timeout, and a reconnection with a
// growing delay. It fails fast rather than queueing: while Redis cannot be reached every command rejects at
// once with RedisUnavailableError, and the caller decides what to do instead (rateLimitRedis.ts falls back
// to this process's memory). No dependency: the rate-limit store needs only EVAL.
import net from 'node:net';
import { parseRedisUrl, type RedisAddress } from './address';
import { encodeCommand, RedisReplyError, RespDecoder, type RespValue } from './resp';

export { RedisReplyError, type RespValue } from './resp';

/** Redis could not be asked: not reachable, too slow, the connection dropped, or the client is closed. */
export class RedisUnavailableError extends Error {
  override readonly name = 'RedisUnavailableError';
}

export interface RedisClientOptions {
  /** From the TCP connect to the handshake's last reply (AUTH, SELECT, PING). */
  connectTimeoutMs?: number;
  /** A reply later than this drops the connection: the replies queued behind it would be out of step. */
  commandTimeoutMs?: number;
  /** After a failed connection no new one is tried for this long, doubling up to max while failures last. */
  retryDelayMs?: { min: number; max: number };
  /** Milliseconds for the retry delay (tests move it instead of waiting). */
  now?: () => number;
}

const DEFAULTS = {
  connectTimeoutMs: 1000,
  commandTimeoutMs: 1000,
  retryDelayMs: { min: 250, max: 10_000 },
};

interface Pending {
  resolve(value: RespValue): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** One socket, its decoder and the replies it still owes, in the order the commands were written. */
class Connection {
  closed = false;
  private readonly pending: Pending[] = [];
  private readonly decoder = new RespDecoder();
  private readonly ended: Promise<void>;

  constructor(
    private readonly socket: net.Socket,
    private readonly commandTimeoutMs: number,
  ) {
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(new RedisUnavailableError(`Redis connection failed: ${error.message}`)));
    this.ended = new Promise((resolve) => socket.on('close', resolve));
    socket.on('close', () => this.fail(new RedisUnavailableError('Redis closed the connection')));
  }

  send(args: readonly (string | number)[]): Promise<RespValue> {
    if (this.closed) return Promise.reject(new RedisUnavailableError('Redis connection is closed'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(new RedisUnavailableError(`Redis did not answer within ${this.commandTimeoutMs} ms`)),
        this.commandTimeoutMs,
      );
      this.pending.push({ resolve, reject, timer });
      this.socket.write(encodeCommand(args));
    });
  }

  /** Drops the connection and rejects every reply still owed. */
  fail(error: Error): void {
    if (!this.closed) {
      this.closed = true;
      this.socket.destroy();
    }
    for (const pending of this.pending.splice(0)) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
  }

  /** Ends the connection politely once the replies owed have arrived (or at the latest after graceMs). */
  async end(graceMs: number): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.socket.end();
      const timer = setTimeout(() => this.socket.destroy(), graceMs);
      await this.ended;
      clearTimeout(timer);
    }
    this.fail(new RedisUnavailableError('Redis client is closed'));
  }

  private receive(chunk: Buffer): void {
    let replies: RespValue[];
    try {
      replies = this.decoder.push(chunk);
    } catch (error) {
      this.fail(new RedisUnavailableError(`Redis sent something unreadable: ${(error as Error).message}`));
      return;
    }
    for (const reply of replies) {
      const pending = this.pending.shift();
      if (!pending) {
        this.fail(new RedisUnavailableError('Redis sent a reply nobody asked for'));
        return;
      }
      clearTimeout(pending.timer);
      if (reply instanceof RedisReplyError) pending.reject(reply);
      else pending.resolve(reply);
    }
  }
}

export class RedisClient {
  private readonly address: RedisAddress;
  private readonly options: Required<RedisClientOptions>;
  private current: Connection | null = null;
  private connecting: Promise<Connection> | null = null;
  private retryAtMs = 0;
  private retryDelayMs: number;
  private closed = false;

  /** Connects lazily, on the first command. */
  constructor(url: string, options: RedisClientOptions = {}) {
    this.address = parseRedisUrl(url);
    this.options = { ...DEFAULTS, now: () => Date.now(), ...options };
    this.retryDelayMs = this.options.retryDelayMs.min;
  }

  /** Sends one command; its reply, or RedisReplyError when Redis refused it, or RedisUnavailableError. */
  async command(...args: (string | number)[]): Promise<RespValue> {
    const connection = await this.connection();
    return connection.send(args);
  }

  /** Whether a connection is open right now (tests watch it drop and come back). */
  get connected(): boolean {
    return this.current !== null && !this.current.closed;
  }

  /** Closes the connection; every command after this rejects. */
  async close(): Promise<void> {
    this.closed = true;
    const connecting = this.connecting;
    if (connecting) await connecting.catch(() => undefined);
    await this.current?.end(this.options.commandTimeoutMs);
    this.current = null;
  }

  private connection(): Promise<Connection> {
    if (this.closed) return Promise.reject(new RedisUnavailableError('Redis client is closed'));
    if (this.current && !this.current.closed) return Promise.resolve(this.current);
    if (this.connecting) return this.connecting;
    const waitMs = this.retryAtMs - this.options.now();
    if (waitMs > 0) {
      return Promise.reject(new RedisUnavailableError(`Redis is unreachable; next attempt in ${Math.ceil(waitMs)} ms`));
    }
    this.connecting = this.open().then(
      async (connection) => {
        this.connecting = null;
        this.retryDelayMs = this.options.retryDelayMs.min;
        if (this.closed) {
          await connection.end(this.options.commandTimeoutMs);
          throw new RedisUnavailableError('Redis client is closed');
        }
        this.current = connection;
        return connection;
      },
      (error: unknown) => {
        this.connecting = null;
        this.retryAtMs = this.options.now() + this.retryDelayMs;
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, this.options.retryDelayMs.max);
        throw error;
      },
    );
    return this.connecting;
  }

  /** A new connection, ready once Redis has answered the handshake. */
  private async open(): Promise<Connection> {
    const { host, port, username, password, database } = this.address;
    const connection = new Connection(net.connect({ host, port }), this.options.commandTimeoutMs);
    const timer = setTimeout(
      () => connection.fail(new RedisUnavailableError(`no Redis connection within ${this.options.connectTimeoutMs} ms`)),
      this.options.connectTimeoutMs,
    );
    // Written at once: the socket holds them until it connects, and they go out pipelined.
    const handshake: (string | number)[][] = [];
    if (password !== null) handshake.push(username === null ? ['AUTH', password] : ['AUTH', username, password]);
    if (database !== 0) handshake.push(['SELECT', database]);
    // Proves a Redis is there (and answering) before the connection is handed out.
    handshake.push(['PING']);
    try {
      await Promise.all(handshake.map((command) => connection.send(command)));
      return connection;
    } catch (error) {
      const reason =
        error instanceof RedisReplyError ? `Redis refused the handshake: ${error.message}` : (error as Error).message;
      const failure = new RedisUnavailableError(reason);
      connection.fail(failure);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }
}
