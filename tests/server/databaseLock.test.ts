// One SQLite file, one process: a second server on the same DATA_DIR is refused at once with a message
// naming the file, instead of two processes writing one database. PostgreSQL is shared by design, so
// this file only means something on SQLite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, openDatabase, sqliteFile } from '../../server/db/database';
import { type ServerProcess, startServer } from '../support/serverProcess';
import { createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

describe.skipIf(dialect !== 'sqlite')('SQLite database in use (sqlite only: PostgreSQL is meant to be shared)', () => {
  let t: TestApp;
  let second: ServerProcess | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await second?.stop();
    await t?.close();
  });

  it('refuses a second openDatabase() on the same DATA_DIR with DatabaseInUseError naming the file', () => {
    let caught: unknown;
    try {
      openDatabase(t.config).close();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DatabaseInUseError);
    expect((caught as Error).message).toContain(sqliteFile(t.config));
    expect((caught as Error).message).toContain('already open in another process');
  });

  it('stops a second server process on the same DATA_DIR with that message', async () => {
    second = startServer({
      DATA_DIR: t.config.dataDir,
      STATIC_DIR: 'none',
      PORT: '0',
      HOST: '127.0.0.1',
      SCRYPT_LOG_N: '10',
      LOG_LEVEL: 'info',
    });
    const exit = await second.exited;
    expect(exit.code).not.toBe(0);
    expect(exit.code).not.toBeNull();
    expect(exit.stderr).toContain(`The database ${sqliteFile(t.config)} is already open in another process`);
    expect(exit.stdout).not.toContain('Condo app listening');
  }, 30_000);

  it('leaves the first app working, writes included', async () => {
    const token = await signInAs(t.app, 'admin@demo.mx');
    const res = await t.app.inject({ method: 'GET', url: '/api/--sesiones/session-data', headers: { 'app-token': token } });
    expect(res.statusCode).toBe(200);
  });

  it('lets the file be opened again once the first app has closed', async () => {
    await t.app.close();
    const again = openDatabase(t.config);
    try {
      const row = await again.db
        .selectFrom('condominiums')
        .select(again.db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(3);
    } finally {
      await again.close();
    }
  });
});
