// Around Redis for the client and store tests: the machine's Redis (shared: tests keep to keys under a
// prefix of their own), clients configured as the app configures them, a proxy in front of Redis that can
// take it away and bring it back (tcpProxy.ts), and a fake Redis for what a real one does not do on cue
// (forgetting its scripts).
import net from 'node:net';
import type { Redis } from 'ioredis';
import { createRedisClient, type RedisLog, type RedisTimeouts } from '../../server/infra/redis/client';
import { type ProxyOptions, startTcpProxy, type TcpProxy } from './tcpProxy';

/** The Redis of the machine (CI has it on this address, docs: .library env node-svc). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Where a log line of the client goes when the test does not read them. */
export const quietLog: RedisLog = { warn: () => {}, info: () => {} };

/** A client as the app makes it, connected (or given up on, if Redis is not there). */
export async function openRedis(
  url = REDIS_URL,
  options: { log?: RedisLog; timeouts?: Partial<RedisTimeouts> } = {},
): Promise<Redis> {
  const redis = createRedisClient(url, {
    log: options.log ?? quietLog,
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
  });
  await redis.connect().catch(() => {});
  return redis;
}

/** Every key under the prefix (SCAN, not KEYS: the Redis may be shared). */
export async function redisKeysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/** Removes what a test wrote under its prefix. */
export async function removeRedisKeys(redis: Redis, prefix: string): Promise<void> {
  const keys = await redisKeysUnder(redis, prefix);
  if (keys.length > 0) await redis.del(...keys);
}

/** A proxy in front of the machine's Redis; `url` is REDIS_URL through it. */
export async function startRedisProxy(options: ProxyOptions = {}): Promise<TcpProxy & { url: string }> {
  const target = new URL(REDIS_URL);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) }, options);
  return Object.assign(proxy, { url: `redis://127.0.0.1:${proxy.port}` });
}

/** A port that nothing listens on (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Commands as clients send them: arrays of bulk strings ("*2\r\n$4\r\nPING\r\n…"). Complete ones only. */
function takeCommands(buffer: Buffer): { commands: string[][]; rest: Buffer } {
  const commands: string[][] = [];
  let at = 0;
  const line = (from: number) => {
    const end = buffer.indexOf('\r\n', from);
    return end === -1 ? null : { text: buffer.toString('latin1', from, end), next: end + 2 };
  };
  for (;;) {
    const header = line(at);
    if (header?.text[0] !== '*') break;
    const args: string[] = [];
    let next = header.next;
    for (let i = 0; i < Number(header.text.slice(1)); i++) {
      const size = line(next);
      if (!size) return { commands, rest: buffer.subarray(at) };
      const length = Number(size.text.slice(1));
      if (buffer.length < size.next + length + 2) return { commands, rest: buffer.subarray(at) };
      args.push(buffer.toString('utf8', size.next, size.next + length));
      next = size.next + length + 2;
    }
    commands.push(args);
    at = next;
  }
  return { commands, rest: buffer.subarray(at) };
}

export interface FakeRedis {
  url: string;
  /** Every command received (name lower-cased), in order, across connections. */
  commands: string[][];
  close(): Promise<void>;
}

/**
 * A stand-in that speaks RESP2 (it refuses HELLO, as Redis 5 does, and the client falls back), is ready at
 * once, says OK to the handshake, and answers every other command with what `answer` returns.
 */
export async function startFakeRedis(answer: (command: string[]) => string): Promise<FakeRedis> {
  const sockets = new Set<net.Socket>();
  const fake: FakeRedis = { url: '', commands: [], close: async () => {} };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending: Buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      const { commands, rest } = takeCommands(Buffer.concat([pending, chunk]));
      pending = rest;
      for (const [name = '', ...args] of commands) {
        const command = [name.toLowerCase(), ...args];
        fake.commands.push(command);
        if (command[0] === 'hello') socket.write("-ERR unknown command 'HELLO'\r\n");
        else if (command[0] === 'info') socket.write('$11\r\nloading:0\r\n\r\n');
        else if (command[0] === 'client' || command[0] === 'select' || command[0] === 'auth') socket.write('+OK\r\n');
        else socket.write(answer(command));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `redis://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  fake.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}
