// What counts as "the database is unavailable" (server/db/unavailable.ts), and what the client then gets:
// 503 DATABASE_UNAVAILABLE with Retry-After for that, and the usual 500 for anything else. SQLite's own
// errors (SQLITE_BUSY included) are never unavailability: SQLite is a file this process holds alone
// (docs/decisions.md). The outages themselves: outagePostgres.test.ts, outageProcess.test.ts, redis*.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, isConnectionFailure } from '../../server/db/unavailable';
import errorsPlugin from '../../server/plugins/errors';
import languagePlugin from '../../server/plugins/language';
import { freePort } from '../support/redisPeers';

/** pg's errors as pg 8 makes them: a DatabaseError with a SQLSTATE, or a plain Error with a message. */
function pgError(message: string, fields: { code?: string; cause?: unknown } = {}): Error {
  const error = new Error(message, fields.cause === undefined ? {} : { cause: fields.cause });
  return fields.code ? Object.assign(error, { code: fields.code }) : error;
}

describe('isConnectionFailure', () => {
  it('recognises a refused connection as pg reports it', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'nadie', database: 'nada' });
    const failure = await client.connect().catch((error: unknown) => error);
    expect((failure as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isConnectionFailure(failure)).toBe(true);
  });

  it.each([
    ['terminating connection due to administrator command', '57P01'],
    ['terminating connection due to unexpected postmaster exit', '57P02'],
    ['the database system is starting up', '57P03'],
    ['terminating connection due to idle-session timeout', '57P05'],
    ['sorry, too many clients already', '53300'],
    ['connection failure', '08006'],
    ['read ECONNRESET', 'ECONNRESET'],
    ['write EPIPE', 'EPIPE'],
    ['connect ETIMEDOUT 10.0.0.1:5432', 'ETIMEDOUT'],
    ['getaddrinfo ENOTFOUND db.internal', 'ENOTFOUND'],
  ])('"%s" (%s) is unavailability', (message, code) => {
    expect(isConnectionFailure(pgError(message, { code }))).toBe(true);
  });

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Client has encountered a connection error and is not queryable',
    'Client was closed and is not queryable',
    'Query read timeout',
    'timeout exceeded when trying to connect',
  ])('pg\'s "%s" is unavailability', (message) => {
    expect(isConnectionFailure(pgError(message))).toBe(true);
  });

  it('looks through a wrapped cause and through every address of a host', () => {
    const timeout = pgError('Connection terminated due to connection timeout', {
      cause: pgError('Connection terminated unexpectedly'),
    });
    expect(isConnectionFailure(timeout)).toBe(true);
    const refusedEverywhere = new AggregateError([
      pgError('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' }),
      pgError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
    ]);
    expect(isConnectionFailure(refusedEverywhere)).toBe(true);
  });

  it.each([
    ['duplicate key value violates unique constraint', '23505'],
    ['relation "nada" does not exist', '42P01'],
    ['could not serialize access due to concurrent update', '40001'],
    ['canceling statement due to statement timeout', '57014'],
  ])('"%s" (%s) is not: the database answered', (message, code) => {
    expect(isConnectionFailure(pgError(message, { code }))).toBe(false);
  });

  it('is not anything else', () => {
    expect(isConnectionFailure(new Error('boom'))).toBe(false);
    expect(isConnectionFailure(new AggregateError([]))).toBe(false);
    expect(isConnectionFailure('ECONNREFUSED')).toBe(false);
    expect(isConnectionFailure({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isConnectionFailure(undefined)).toBe(false);
  });

  describe('SQLite', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'condo-outage-'));
    afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('SQLITE_BUSY (another process holds the file) is not unavailability, nor is a constraint', () => {
      const file = path.join(dir, 'busy.sqlite');
      const holder = new SQLite(file);
      holder.pragma('locking_mode = EXCLUSIVE');
      holder.exec('CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1);');
      const other = new SQLite(file, { timeout: 0 });
      try {
        let busy: unknown;
        try {
          other.prepare('SELECT * FROM t').all();
        } catch (error) {
          busy = error;
        }
        expect((busy as { code?: string }).code).toBe('SQLITE_BUSY');
        expect(isConnectionFailure(busy)).toBe(false);
        let duplicate: unknown;
        try {
          holder.exec('INSERT INTO t VALUES (1)');
        } catch (error) {
          duplicate = error;
        }
        expect((duplicate as { code?: string }).code).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
        expect(isConnectionFailure(duplicate)).toBe(false);
      } finally {
        other.close();
        holder.close();
      }
    });
  });
});

describe('the answer to a request the database could not serve', () => {
  const app = Fastify({ logger: false });
  app.register(languagePlugin);
  app.register(errorsPlugin);
  app.get('/unavailable', async () => {
    throw new DatabaseUnavailableError(pgError('Connection terminated unexpectedly'));
  });
  app.get('/busy', async () => {
    throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
  });
  afterAll(() => app.close());

  it('is 503 DATABASE_UNAVAILABLE with Retry-After, and says nothing of the cause', async () => {
    const res = await app.inject({ method: 'GET', url: '/unavailable' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      success: false,
      code: 'DATABASE_UNAVAILABLE',
      message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
      messageId: 'errors.unavailable',
    });
  });

  it('stays 500 for any other database error, SQLITE_BUSY included', async () => {
    const res = await app.inject({ method: 'GET', url: '/busy' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toMatchObject({ success: false, code: 'INTERNAL' });
  });
});
