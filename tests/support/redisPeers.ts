// Stand-ins around Redis for the client and store tests: a fake server that records commands and answers
// as the test says (or never), and a TCP proxy in front of the real Redis that can go down and come back.
import net from 'node:net';
import type { RedisClient } from '../../server/redis/client';
import { RespDecoder } from '../../server/redis/resp';

/** The Redis of the machine (CI has it on this address, docs: .library env node-svc). */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Every key under the prefix (SCAN, not KEYS: the Redis may be shared). */
export async function redisKeysUnder(redis: RedisClient, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = (await redis.command('SCAN', cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)) as [string, string[]];
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/** Removes what a test wrote under its prefix. */
export async function removeRedisKeys(redis: RedisClient, prefix: string): Promise<void> {
  const keys = await redisKeysUnder(redis, prefix);
  if (keys.length > 0) await redis.command('DEL', ...keys);
}

function listen(server: net.Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

function closeServer(server: net.Server, sockets: Set<net.Socket>): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}

/** A port that nothing listens on (it was free a moment ago). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await closeServer(server, new Set());
  return port;
}

export interface FakeRedis {
  url: string;
  port: number;
  /** Every command received, in order, across connections. */
  commands: string[][];
  /** Connections accepted so far. */
  accepted: number;
  close(): Promise<void>;
}

/** Answers each command with the RESP text `answer` returns, or stays silent when it returns null. */
export async function startFakeRedis(answer: (command: string[]) => string | null, port = 0): Promise<FakeRedis> {
  const sockets = new Set<net.Socket>();
  const fake: FakeRedis = { url: '', port: 0, commands: [], accepted: 0, close: () => closeServer(server, sockets) };
  const server = net.createServer((socket) => {
    fake.accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    const decoder = new RespDecoder();
    socket.on('data', (chunk: Buffer) => {
      for (const command of decoder.push(chunk) as string[][]) {
        fake.commands.push(command);
        const reply = answer(command);
        if (reply !== null) socket.write(reply);
      }
    });
  });
  fake.port = await listen(server, port);
  fake.url = `redis://127.0.0.1:${fake.port}`;
  return fake;
}

export interface TcpProxy {
  url: string;
  /** Connections open through the proxy right now. */
  readonly open: number;
  /** Stops listening and drops every connection: to its clients, Redis is down. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

/** A proxy on 127.0.0.1 to the Redis of `targetUrl`, so a test can take "Redis" away and bring it back. */
export async function startTcpProxy(targetUrl = REDIS_URL): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const clients = new Set<net.Socket>();
  let server: net.Server;
  const create = () =>
    net.createServer((client) => {
      track(client);
      clients.add(client);
      client.on('close', () => clients.delete(client));
      const upstream = net.connect({ host: target.hostname, port: Number(target.port || 6379) });
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
  server = create();
  const port = await listen(server);
  return {
    url: `redis://127.0.0.1:${port}`,
    get open() {
      return clients.size;
    },
    down: () => closeServer(server, sockets),
    async up() {
      server = create();
      await listen(server, port);
    },
    close: () => closeServer(server, sockets),
  };
}
