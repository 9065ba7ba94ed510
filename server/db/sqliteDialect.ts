// Kysely's SQLite dialect over better-sqlite3, with two changes that matter under load (issue 29):
//
// 1. Prepared statements are kept. Kysely's driver prepares every statement it runs, and preparing (parsing and
//    planning the SQL) cost as much as running it: a fifth of a signed-in read. Kysely compiles the same SQL text
//    for the same query shape, so statements are kept by their text and run again with new parameters. A
//    statement holds no data between runs (all() and run() finish before they return); one still being iterated
//    (a stream) is busy and is not handed out twice. Bounded: shapes that vary (an IN list's length) come and go.
//
// 2. The one connection is handed out in turn. SQLite has one connection, so Kysely's driver makes every query
//    wait for the one before (a transaction holds it across its awaits). Its lock wakes every waiter at each
//    release and lets a newcomer take the connection before them: with 200 requests waiting that was 200 wake-ups
//    per query, and some requests were overtaken for ten seconds. Here waiters queue: each release hands the
//    connection to the longest waiting, and only it wakes up.
//
// 3. Writes are counted (`writes`): every statement that may change the file, counted as it is about to run.
//    The count is this database's data state for the kept answers (plugins/keptAnswers.ts): the file is opened
//    with EXCLUSIVE locking, so no other process writes it, and every statement of this one passes here.
import type { Database as BetterSqlite, Statement } from 'better-sqlite3';
import { type DatabaseConnection, type Dialect, type Driver, SqliteDialect } from 'kysely';

/** Distinct statements kept; well above the shapes of all the app's queries, bounded for the IN lists. */
export const STATEMENT_CACHE_SIZE = 1000;

/** The part of better-sqlite3 Kysely's SqliteDialect uses, preparing each distinct SQL text once. */
export function withStatementCache(database: BetterSqlite, size = STATEMENT_CACHE_SIZE) {
  const statements = new Map<string, Statement>();
  const cache = {
    /** Statements that may write, run so far (Kysely's driver prepares each right before running it). */
    writes: 0,
    prepare(sql: string): Statement {
      const statement = preparedOnce(sql);
      // Counted before it runs, in the same turn of the event loop (better-sqlite3 runs it synchronously): a
      // reader that saw the count before could not have read what this statement changes.
      if (!statement.readonly) cache.writes++;
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
  function preparedOnce(sql: string): Statement {
    const kept = statements.get(sql);
    if (kept && !kept.busy) {
      // Most recently used last: the map's first key is the one to drop when full.
      statements.delete(sql);
      statements.set(sql, kept);
      return kept;
    }
    const statement = database.prepare(sql);
    if (kept) return statement;
    statements.set(sql, statement);
    if (statements.size > size) statements.delete(statements.keys().next().value as string);
    return statement;
  }
  return cache;
}

export type StatementCache = ReturnType<typeof withStatementCache>;

/** A lock that serves its waiters first come, first served, waking only the next one. */
export class FairLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    // Handed over, never free in between: a newcomer cannot take it before the next in line.
    if (next) next();
    else this.#held = false;
  }
}

/** Kysely's SQLite driver with the connection handed out by a FairLock. */
class FairDriver implements Driver {
  readonly #lock = new FairLock();
  constructor(readonly inner: Driver) {}
  init = () => this.inner.init();
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    try {
      return await this.inner.acquireConnection();
    } catch (error) {
      this.#lock.release();
      throw error;
    }
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.#lock.release();
    }
  }
  beginTransaction: Driver['beginTransaction'] = (connection, settings) => this.inner.beginTransaction(connection, settings);
  commitTransaction: Driver['commitTransaction'] = (connection) => this.inner.commitTransaction(connection);
  rollbackTransaction: Driver['rollbackTransaction'] = (connection) => this.inner.rollbackTransaction(connection);
  savepoint: Driver['savepoint'] = (connection, name, compile) => this.inner.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) =>
    this.inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) =>
    this.inner.releaseSavepoint!(connection, name, compile);
  destroy = () => this.inner.destroy();
}

/** The app's SQLite dialect: Kysely's, with kept statements and a fair turn at the connection. */
export function sqliteDialect(database: BetterSqlite, statements: StatementCache = withStatementCache(database)): Dialect {
  const base = new SqliteDialect({ database: statements });
  return {
    createAdapter: () => base.createAdapter(),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => base.createIntrospector(db),
    createDriver: () => new FairDriver(base.createDriver()),
  };
}
