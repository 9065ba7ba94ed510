// The built server (scripts/buildServer.mjs) as `npm start` runs it: one bundle under plain node. It finds the
// files it reads beside their sources (the catalogues its refusals are worded from, package.json's version),
// answers as the sources do, and stops cleanly.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '../../server/version';
import { LISTENING_LINE, REPO_ROOT, type ServerProcess, startServer } from '../support/serverProcess';
import { dialect, type FreshDatabase, freshDatabase } from '../support/testDatabase';

const SERVER_BUILD = path.join(REPO_ROOT, 'node_modules/.cache/condo-server/main.mjs');

describe(`the built server (${dialect})`, () => {
  let fresh: FreshDatabase;
  let server: ServerProcess | undefined;
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/buildServer.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
  }, 60_000);
  beforeEach(async () => {
    fresh = await freshDatabase();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await fresh.cleanup();
  });

  it('starts on a fresh database, answers like the sources, and exits 0 on SIGTERM', async () => {
    server = startServer({ ...fresh.env, PORT: '0', HOST: '127.0.0.1', STATIC_DIR: 'none', LOG_LEVEL: 'warn', SEED: 'never' }, [
      process.execPath,
      '--enable-source-maps',
      SERVER_BUILD,
    ]);
    const [, port, db] = await server.waitForLine(LISTENING_LINE, 25_000);
    expect(db).toBe(dialect);
    const origin = `http://127.0.0.1:${port}`;

    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ success: true, database: dialect, version: APP_VERSION });

    // A refusal in the reader's language: the catalogues are read from src/i18n, beside their sources.
    const missing = await fetch(`${origin}/api/--pagina-publica/condo/999999`, { headers: { 'accept-language': 'en' } });
    expect(missing.status).toBe(404);
    const refusal = (await missing.json()) as { messageId: string; message: string };
    expect(refusal.messageId).toBe('errors.notFound.condo');
    expect(refusal.message).not.toBe(refusal.messageId);

    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.stderr).toBe('');
  }, 40_000);
});
