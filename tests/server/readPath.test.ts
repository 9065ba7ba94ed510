// The read path's mechanisms (issue 29) on both databases: queries built and compiled once
// (server/db/preparedQuery.ts), the caller read once per read-only request and never beyond it
// (server/domain/shared/viewer.ts), the session's use recorded without waiting for the disk, SQLite's fair
// turn at its one connection and its kept statements (server/db/sqliteDialect.ts), the public page's map read
// anew when it changes, helmet's headers on every answer, and the statement's index.
import SQLite from 'better-sqlite3';
import { type Kysely, NoResultError, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../../server/db/preparedQuery';
import type { Database } from '../../server/db/schema';
import { FairLock, withStatementCache } from '../../server/db/sqliteDialect';
import type { Auth } from '../../server/domain/shared/auth';
import { loadAccess } from '../../server/domain/shared/sessionData';
import { touchSession } from '../../server/domain/shared/sessionRows';
import { callerDwellingRows, loadViewer, rememberCallerReads } from '../../server/domain/shared/viewer';
import { HARDENING_HEADERS } from '../../server/plugins/securityHeaders';
import { call, createTestApp, dialect, expectOk, getSessionData, signInAs, type TestApp } from '../support/testApp';

/** The demo member's Auth as the session lookup would make it for one request. */
async function authOf(db: Kysely<Database>, email: string): Promise<Auth> {
  const m = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
    .select(['m.id', 'm.user_id', 'm.condo_id'])
    .where('u.email', '=', email)
    .where('c.subdomain', '=', 'palmas')
    .executeTakeFirstOrThrow();
  return { sessionId: 0, userId: m.user_id, condoId: m.condo_id, membershipId: m.id, language: 'es', deviceId: null };
}

const setAdmin = (db: Kysely<Database>, membershipId: number, flag: 0 | 1) =>
  db.updateTable('memberships').set({ is_admin: flag }).where('id', '=', membershipId).execute();

describe(`the read path (${dialect})`, () => {
  let t: TestApp;
  let db: Kysely<Database>;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.db;
  });
  afterAll(async () => {
    await t.close();
  });

  describe('prepared queries', () => {
    const builds: number[] = [];
    const byEmail = preparedQuery((d, email: string, active: 0 | 1) => {
      builds.push(1);
      return d
        .selectFrom('users as u')
        .innerJoin('memberships as m', 'm.user_id', 'u.id')
        .select(['u.id', 'u.email', 'm.condo_id'])
        .where('u.email', '=', email)
        .where('m.active', '=', active)
        .orderBy('m.condo_id');
    });

    it('answer what the query answers built each time, and are built once', async () => {
      for (const email of ['admin@demo.mx', 'residente@demo.mx', 'nadie@demo.mx']) {
        const built = await db
          .selectFrom('users as u')
          .innerJoin('memberships as m', 'm.user_id', 'u.id')
          .select(['u.id', 'u.email', 'm.condo_id'])
          .where('u.email', '=', email)
          .where('m.active', '=', 1)
          .orderBy('m.condo_id')
          .execute();
        expect(await byEmail.all(db, email, 1)).toEqual(built);
        expect(await byEmail.first(db, email, 1)).toEqual(built[0]);
      }
      expect(builds.length).toBe(1);
      // A transaction of the same database runs the same SQL, and sees its own writes.
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ email: 'otro@demo.mx' }).where('email', '=', 'residente@demo.mx').execute();
        expect(await byEmail.first(trx, 'otro@demo.mx', 1)).toMatchObject({ email: 'otro@demo.mx' });
        await trx.updateTable('users').set({ email: 'residente@demo.mx' }).where('email', '=', 'otro@demo.mx').execute();
      });
      expect(builds.length).toBe(1);
    });

    it('throw as executeTakeFirstOrThrow does when there is no row', async () => {
      await expect(byEmail.firstOrThrow(db, 'nadie@demo.mx', 1)).rejects.toBeInstanceOf(NoResultError);
    });

    it('refuse a list (its length is part of the SQL) and a parameter the SQL does not bind', async () => {
      const byIds = preparedQuery((d, ids: number[]) => d.selectFrom('users').select('id').where('id', 'in', ids));
      await expect(byIds.all(db, [1, 2])).rejects.toThrow(/scalar parameters, not a list/);
      const unbound = preparedQuery((d, _unused: number) => d.selectFrom('users').select('id').where('id', '=', 1));
      await expect(unbound.all(db, 1)).rejects.toThrow(/each of its 1 parameters as a bound value/);
    });
  });

  describe("the caller's reads", () => {
    it('are read once in a read-only request, anew in the next request, and never through a transaction', async () => {
      const first = await authOf(db, 'consejo@demo.mx');
      rememberCallerReads(first, db);
      expect((await loadViewer(db, first)).usuario.UserIsAdmin).toBe('N');
      expect((await loadAccess(db, first)).usuario.UserIsAdmin).toBe('N');
      const dwellings = await callerDwellingRows(db, first);
      await setAdmin(db, first.membershipId, 1);
      try {
        // The same request: what it read at its start.
        expect((await loadViewer(db, first)).usuario.UserIsAdmin).toBe('N');
        expect((await loadAccess(db, first)).usuario.UserIsAdmin).toBe('N');
        expect(await callerDwellingRows(db, first)).toBe(dwellings);
        // Its transactions read the database.
        await db.transaction().execute(async (trx) => {
          expect((await loadViewer(trx, first)).usuario.UserIsAdmin).toBe('Y');
        });
        // The next request (a new Auth from the session lookup) reads anew, remembered or not.
        const next = { ...first };
        expect((await loadViewer(db, next)).usuario.UserIsAdmin).toBe('Y');
        rememberCallerReads(next, db);
        expect((await loadAccess(db, next)).usuario.UserIsAdmin).toBe('Y');
      } finally {
        await setAdmin(db, first.membershipId, 0);
      }
    });

    it('as the viewer, are what the viewer reads on its own', async () => {
      for (const email of ['admin@demo.mx', 'consejo@demo.mx', 'residente@demo.mx', 'empleado@demo.mx']) {
        const plain = await authOf(db, email);
        const remembered = { ...plain };
        rememberCallerReads(remembered, db);
        await loadAccess(db, remembered);
        const sortKeys = (v: Awaited<ReturnType<typeof loadViewer>>) => ({
          ...v,
          usuarioPermisos: [...v.usuarioPermisos].sort((a, b) => a.Clave.localeCompare(b.Clave)),
        });
        expect(sortKeys(await loadViewer(db, remembered))).toEqual(sortKeys(await loadViewer(db, plain)));
        expect(await callerDwellingRows(db, remembered)).toEqual(await callerDwellingRows(db, plain));
      }
    });

    it('over HTTP: a change between two requests of one session shows in the second', async () => {
      const token = await signInAs(t.app, 'consejo@demo.mx', 'Residencial Las Palmas');
      const auth = await authOf(db, 'consejo@demo.mx');
      const isAdmin = async () =>
        (await expectOk<{ data: { usuario: { UserIsAdmin: string } } }>(getSessionData(t.app, token))).data.usuario.UserIsAdmin;
      expect(await isAdmin()).toBe('N');
      await setAdmin(db, auth.membershipId, 1);
      try {
        expect(await isAdmin()).toBe('Y');
      } finally {
        await setAdmin(db, auth.membershipId, 0);
      }
      expect(await isAdmin()).toBe('N');
    });
  });

  it.runIf(dialect === 'postgres')(
    'on PostgreSQL runs a query with parameters as a statement prepared once per connection (not one without)',
    async () => {
      await db.transaction().execute(async (trx) => {
        const read = (id: number) => trx.selectFrom('condominiums').select('name').where('id', '=', id).execute();
        await read(1);
        await read(2);
        await sql`select 1 as one`.execute(trx);
        const kept = await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(
          trx,
        );
        const ours = kept.rows.filter((row) => row.statement.includes('from "condominiums" where "id" = $1'));
        expect(ours).toHaveLength(1);
        expect(ours[0]!.name).toMatch(/^k[\w-]{22}$/);
        expect(kept.rows.some((row) => row.statement.includes('select 1 as one'))).toBe(false);
      });
    },
  );

  it("records a session's use, and on SQLite leaves the connection's disk setting as it was", async () => {
    const token = await signInAs(t.app, 'residente@demo.mx', 'Residencial Las Palmas');
    const row = await db.selectFrom('sessions').select(['id', 'last_seen_at']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const synchronous = async () =>
      Number((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous);
    const before = dialect === 'sqlite' ? await synchronous() : null;
    const later = new Date(Date.parse(row.last_seen_at) + 90_000).toISOString();
    const expires = new Date(Date.parse(later) + 3_600_000).toISOString();
    await touchSession(db, row.id, later, expires);
    const after = await db
      .selectFrom('sessions')
      .select(['last_seen_at', 'expires_at'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ last_seen_at: later, expires_at: expires });
    // An earlier use never moves it back.
    await touchSession(db, row.id, row.last_seen_at, row.last_seen_at);
    expect(
      (await db.selectFrom('sessions').select('last_seen_at').where('id', '=', row.id).executeTakeFirstOrThrow()).last_seen_at,
    ).toBe(later);
    if (dialect === 'sqlite') expect(await synchronous()).toBe(before);
    expect((await getSessionData(t.app, token)).statusCode).toBe(200);
  });

  it("serves the public page's map as its text says now, after a change too", async () => {
    const palmas = await db
      .selectFrom('condominiums')
      .select(['id', 'mapa'])
      .where('subdomain', '=', 'palmas')
      .executeTakeFirstOrThrow();
    const mapOf = async () =>
      (await expectOk<{ data: { Mapa: string | null } }>(call(t.app, 'GET', `/api/--pagina-publica/condo/${palmas.id}`))).data
        .Mapa;
    const osm = 'https://www.openstreetmap.org/export/embed.html?bbox=-103.4,20.6,-103.3,20.7';
    try {
      await db
        .updateTable('condominiums')
        .set({ mapa: `<iframe src="${osm}"></iframe>` })
        .where('id', '=', palmas.id)
        .execute();
      expect(await mapOf()).toBe(osm);
      await db.updateTable('condominiums').set({ mapa: '<script>alert(1)</script>' }).where('id', '=', palmas.id).execute();
      expect(await mapOf()).toBeNull();
    } finally {
      await db.updateTable('condominiums').set({ mapa: palmas.mapa }).where('id', '=', palmas.id).execute();
    }
  });

  it("sets helmet's hardening headers on every answer, refusals included", async () => {
    for (const url of ['/api/health', '/api/--pagina-publica/condo/999999', '/api/--sesiones/session-data']) {
      const res = await call(t.app, 'GET', url);
      for (const [name, value] of HARDENING_HEADERS) expect(res.headers[name.toLowerCase()], `${url} ${name}`).toBe(value);
    }
  });

  it("reads a dwelling's statement through the index by condominium, dwelling and date", async () => {
    if (dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan select apartment_id from dwelling_charges
        where condo_id = 1 and apartment_id in (2) and charged_on <= '2026-12-31' order by charged_on, id`.execute(db);
      expect(plan.rows.map((r) => r.detail).join(' ')).toContain('dwelling_charges_condo_apartment');
    }
    const names =
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db)).rows
        : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db))
            .rows;
    expect(names.map((r) => r.name)).toEqual(
      expect.arrayContaining(['dwelling_charges_condo_apartment', 'dwelling_payments_condo_apartment']),
    );
  });
});

describe("SQLite's one connection", () => {
  it('is handed out first come, first served: a newcomer waits behind those already waiting', async () => {
    const lock = new FairLock();
    const order: string[] = [];
    await lock.acquire();
    const waiter = (name: string) =>
      lock.acquire().then(() => {
        order.push(name);
        lock.release();
      });
    const a = waiter('a');
    const b = waiter('b');
    lock.release();
    // While a's turn is being handed over, c arrives: it must not take the connection before b.
    const c = waiter('c');
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('keeps prepared statements by their SQL, but never hands out one still being iterated', () => {
    const database = new SQLite(':memory:');
    try {
      database.exec('create table t (n integer); insert into t values (1), (2), (3)');
      const cache = withStatementCache(database);
      const first = cache.prepare('select n from t order by n');
      expect(cache.prepare('select n from t order by n')).toBe(first);
      const rows = first.iterate();
      expect(rows.next().value).toEqual({ n: 1 });
      const meanwhile = cache.prepare('select n from t order by n');
      expect(meanwhile).not.toBe(first);
      expect(meanwhile.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
      expect(cache.prepare('select n from t order by n')).toBe(first);
    } finally {
      database.close();
    }
  });
});
