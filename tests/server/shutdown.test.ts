// server/main.ts as a real process: it starts on a fresh database, says where it listens, and on SIGTERM
// finishes what is in flight (requests, and the outbox mail being re-sent) and exits 0.
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { systemClock } from '../../server/infra/clock';
import { storeInOutbox } from '../../server/infra/mail/outbox';
import { startMailbox } from '../support/mailbox';
import { LISTENING_LINE, type ServerProcess, startServer } from '../support/serverProcess';
import { dialect, type FreshDatabase, freshDatabase } from '../support/testDatabase';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function collect(request: http.ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
  });
}

describe(`graceful shutdown (${dialect})`, () => {
  let fresh: FreshDatabase;
  let server: ServerProcess | undefined;
  beforeEach(async () => {
    fresh = await freshDatabase();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await fresh.cleanup();
  });

  /** `seed`: the demo data, for a test that signs in (loading it is most of a start). */
  async function start(seed: 'auto' | 'never'): Promise<number> {
    server = startServer({
      ...fresh.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: 'none',
      SCRYPT_LOG_N: '10',
      LOG_LEVEL: 'info',
      SEED: seed,
    });
    const [, port, db] = await server.waitForLine(LISTENING_LINE, 25_000);
    expect(db).toBe(dialect);
    return Number(port);
  }

  it('listens on the printed port and exits 0 on SIGTERM', async () => {
    const port = await start('never');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ success: true, database: dialect });

    server!.child.kill('SIGTERM');
    const exit = await server!.exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toContain('shutting down');
    expect(exit.stderr).toBe('');
  }, 40_000);

  it('answers a request already in flight before it exits', async () => {
    const port = await start('auto');
    const body = JSON.stringify({ username: 'admin@demo.mx', password: 'Demo1234!' });
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/--sesiones/sign-in',
      // A keep-alive connection, as a browser's: the server must still let go of it after answering.
      agent: new http.Agent({ keepAlive: true }),
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = collect(request);
    // The headers and the start of the body go out; the server has the request before the signal.
    request.write(body.slice(0, 10));
    // Generous waits: on a loaded machine a line took more than the default 15 s (the test is about order, not speed).
    await server!.waitForLine(/"msg":"incoming request"/, 30_000);
    server!.child.kill('SIGTERM');
    await server!.waitForLine(/shutting down/, 30_000);
    request.end(body.slice(10));

    const { status, headers, body: text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text)).toMatchObject({ success: true, token: expect.any(String) });
    // Without it the idle keep-alive socket would keep the process alive until keepAliveTimeout.
    expect(headers.connection).toBe('close');
    const exit = await server!.exited;
    expect(exit.code).toBe(0);
  }, 75_000);

  it('lets the outbox mail it is re-sending arrive, records it, and then exits 0', async () => {
    // Mail stored while there was no SMTP, in a database the server then opens with SMTP_URL.
    const config = loadConfig({ STATIC_DIR: 'none', ...fresh.env });
    const handle = openDatabase(config);
    await migrateToLatest(handle.db);
    const pdf = Buffer.from('%PDF-1.3\n%%EOF\n', 'latin1');
    await storeInOutbox(
      handle.db,
      systemClock,
      {
        to: 'residente@demo.mx',
        subject: 'Estado de cuenta',
        text: 'Adjunto',
        html: '<p>Adjunto</p>',
        attachments: [{ filename: 'estado-de-cuenta.pdf', contentType: 'application/pdf', content: pdf }],
      },
      null,
    );
    await handle.close();

    const mailbox = await startMailbox();
    try {
      const release = mailbox.hold();
      server = startServer({
        ...fresh.env,
        PORT: '0',
        HOST: '127.0.0.1',
        STATIC_DIR: 'none',
        SEED: 'never',
        LOG_LEVEL: 'info',
        SMTP_URL: mailbox.url,
        MAIL_RETRY_SECONDS: '1',
      });
      await server.waitForLine(LISTENING_LINE, 25_000);
      // The SMTP server has the message and keeps the sender waiting while the signal comes.
      await expect.poll(() => mailbox.held, { timeout: 15_000 }).toBe(1);
      server.child.kill('SIGTERM');
      await server.waitForLine(/shutting down/);
      release();
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(exit.stderr).toBe('');
      expect(mailbox.messages).toHaveLength(1);
      expect(mailbox.messages[0]!.attachments[0]!.content.equals(pdf)).toBe(true);
    } finally {
      await mailbox.close();
    }

    // Delivered, so it left the outbox: a later start does not send it again.
    const after = openDatabase(config);
    try {
      expect(await after.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
    } finally {
      await after.close();
    }
  }, 60_000);
});
