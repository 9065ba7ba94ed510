// A TCP proxy on 127.0.0.1 in front of a real service (the machine's PostgreSQL or Redis), so a test can
// make "the service" go away the ways a network does, without touching the service others share:
// refuse (nothing listens: ECONNREFUSED), drop (every open connection reset; new ones accepted), hang (a
// black hole: connections open and accepted, nothing passes either way), and restore.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections open through the proxy right now. */
  readonly open: number;
  /** Connections accepted so far. */
  readonly accepted: number;
  /** What clients have sent through the proxy so far (only with `record`), as latin1 text. */
  sent(): string;
  /** Stops listening and resets every open connection: to its clients the service is down. */
  refuse(): Promise<void>;
  /** Resets every open connection but keeps accepting new ones (a restart that comes right back). */
  drop(): void;
  /** Passes nothing either way, on open connections and on new ones, until restore(). */
  hang(): void;
  /** Listens again on the same port if it stopped, and passes on what hang() held. */
  restore(): Promise<void>;
  close(): Promise<void>;
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

function stopListening(server: net.Server): Promise<void> {
  return new Promise((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
}

/** One client connection and its connection to the service. */
interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** Chunks hang() kept back, in order, with the socket each was going to. */
  held: [net.Socket, Buffer][];
}

export interface ProxyOptions {
  /** Keep what clients send, for sent(). */
  record?: boolean;
  /** Listen on this port (default: any free one). */
  port?: number;
}

export async function startTcpProxy(target: { host: string; port: number }, options: ProxyOptions = {}): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  const recorded: Buffer[] = [];
  let hanging = false;
  let accepted = 0;

  function pass(pair: Pair, to: net.Socket, chunk: Buffer) {
    if (hanging) pair.held.push([to, chunk]);
    else to.write(chunk);
  }

  function accept(client: net.Socket) {
    accepted++;
    const upstream = net.connect(target);
    const pair: Pair = { client, upstream, held: [] };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      socket.on('error', end);
      socket.on('close', end);
    }
    client.on('data', (chunk: Buffer) => {
      if (options.record) recorded.push(chunk);
      pass(pair, upstream, chunk);
    });
    upstream.on('data', (chunk: Buffer) => pass(pair, client, chunk));
  }

  let server = net.createServer(accept);
  const port = await listen(server, options.port);

  function resetAll() {
    for (const pair of pairs) {
      // resetAndDestroy: an RST, as a dead server or a dropped route gives, not a polite FIN.
      pair.client.resetAndDestroy();
      pair.upstream.destroy();
    }
    pairs.clear();
  }

  return {
    port,
    get open() {
      return pairs.size;
    },
    get accepted() {
      return accepted;
    },
    sent: () => Buffer.concat(recorded).toString('latin1'),
    async refuse() {
      const stopped = stopListening(server);
      resetAll();
      await stopped;
    },
    drop: resetAll,
    hang() {
      hanging = true;
    },
    async restore() {
      hanging = false;
      for (const pair of pairs) {
        for (const [to, chunk] of pair.held.splice(0)) to.write(chunk);
      }
      if (!server.listening) {
        server = net.createServer(accept);
        await listen(server, port);
      }
    },
    async close() {
      const stopped = stopListening(server);
      resetAll();
      await stopped;
    },
  };
}
