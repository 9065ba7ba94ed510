// Kept answers and the lookups kept between requests (issue 29; server/plugins/keptAnswers.ts,
// server/infra/stateMemo.ts) on both databases: what is kept is given again only to the same session, only
// while nothing was committed, and for SCREEN_KEEP_SECONDS at most; any write, through the API, straight into
// the database or (PostgreSQL) from another process's connection, is seen by the next read.
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { SCREEN_KEEP_SECONDS } from '../../server/plugins/keptAnswers';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const LATEST = '/api/--notificaciones/latest';
const SESSION_DATA = '/api/--sesiones/session-data';
const PUBLIC_CONDO = '/api/--pagina-publica/condo/1';

describe(`kept answers (${dialect})`, () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-11-30T15:00:00Z'));
  let residente: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    residente = await signInAs(t.app, 'residente@demo.mx');
    userId = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'residente@demo.mx').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => t.app.keptAnswers.store.clear());

  const store = () => t.app.keptAnswers.store;
  const get = async (url: string, token?: string) => {
    const res = await call(t.app, 'GET', url, token ? { token } : {});
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const counts = () => ({ hits: store().hits, misses: store().misses });
  const unreadOf = (body: string) => (JSON.parse(body) as { unread: number }).unread;
  const nameOf = (body: string) => (JSON.parse(body) as { data: { usuario: { UserName: string } } }).data.usuario.UserName;
  const addNotification = (db = t.app.db) =>
    db
      .insertInto('notifications')
      .values({
        user_id: userId,
        condo_id: 1,
        titulo: 'Aviso de prueba',
        texto_app: 'Uno más',
        abierto: 0,
        modulo: 'comunicacion',
        created_at: clock.now().toISOString(),
      } as never)
      .execute();

  /**
   * Reads `url` twice in a row until the second is answered from memory, and gives both. On PostgreSQL the data
   * state is the whole server's snapshot: a transaction anywhere on it (autovacuum's analyze of a freshly seeded
   * schema, another test file's database) ends the kept answers too, as it should, so a pair may miss.
   */
  async function keptPair(url: string, token: string) {
    for (let attempt = 0; attempt < (dialect === 'sqlite' ? 1 : 20); attempt++) {
      const first = await get(url, token);
      const before = counts();
      const again = await get(url, token);
      if (counts().hits === before.hits + 1) return { first, again };
    }
    throw new Error(`${url} was never answered from memory`);
  }

  it('answers the same read of the same session from memory, the same bytes', async () => {
    const { first, again } = await keptPair(LATEST, residente);
    expect(again).toBe(first);
  });

  it('never gives one session what another read: not another person, not the same person on another device', async () => {
    const consejo = await signInAs(t.app, 'consejo@demo.mx');
    const otherDevice = await signInAs(t.app, 'residente@demo.mx');
    store().clear();
    const mine = await get(SESSION_DATA, residente);
    const before = counts();
    const theirs = await get(SESSION_DATA, consejo);
    expect(nameOf(theirs)).not.toBe(nameOf(mine));
    await get(SESSION_DATA, otherDevice);
    // Each session read its own: nothing was given from another's.
    expect(counts()).toEqual({ hits: before.hits, misses: before.misses + 2 });
    const { again } = await keptPair(SESSION_DATA, residente);
    expect(nameOf(again)).toBe(nameOf(mine));
  });

  it('reads again after a write through the API', async () => {
    await addNotification();
    const before = unreadOf(await get(LATEST, residente));
    expect(before).toBeGreaterThan(0);
    const { items } = JSON.parse(await get(LATEST, residente)) as { items: { id: number; abierto: number }[] };
    const unopened = items.find((item) => item.abierto === 0)!;
    const opened = await call(t.app, 'POST', '/api/--notificaciones/open', { token: residente, payload: { id: unopened.id } });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(unreadOf(await get(LATEST, residente))).toBe(before - 1);
  });

  it('reads again after a write straight into the database (a job, a script), and the caller rows with it', async () => {
    const unread = unreadOf(await get(LATEST, residente));
    const name = nameOf(await get(SESSION_DATA, residente));
    await addNotification();
    await t.app.db.updateTable('users').set({ name: 'Residente Renombrado' }).where('id', '=', userId).execute();
    try {
      expect(unreadOf(await get(LATEST, residente))).toBe(unread + 1);
      expect(nameOf(await get(SESSION_DATA, residente))).toBe('Residente Renombrado');
    } finally {
      await t.app.db.updateTable('users').set({ name }).where('id', '=', userId).execute();
    }
  });

  it('reads again once a write that was running when it was kept commits, and not before', async () => {
    if (dialect !== 'postgres') return; // SQLite's one connection: a read waits for the transaction to end.
    const other = openDatabase(t.config);
    try {
      const unread = unreadOf(await get(LATEST, residente));
      await other.db.transaction().execute(async (trx) => {
        await addNotification(trx);
        // Not committed: the kept answer is still the truth.
        expect(unreadOf(await get(LATEST, residente))).toBe(unread);
        expect(store().size).toBeGreaterThan(0);
      });
      expect(unreadOf(await get(LATEST, residente))).toBe(unread + 1);
    } finally {
      await other.close();
    }
  });

  it('reads again after another process wrote (PostgreSQL: another pool on the same database)', async () => {
    if (dialect !== 'postgres') return; // SQLite: the file is this process's alone (EXCLUSIVE locking).
    const other = openDatabase(t.config);
    try {
      const unread = unreadOf(await get(LATEST, residente));
      await addNotification(other.db);
      expect(unreadOf(await get(LATEST, residente))).toBe(unread + 1);
    } finally {
      await other.close();
    }
  });

  it(`keeps an answer ${SCREEN_KEEP_SECONDS} seconds at most by the clock, however quiet the data`, async () => {
    await keptPair(LATEST, residente);
    const before = counts();
    clock.advanceMinutes(SCREEN_KEEP_SECONDS / 60);
    await get(LATEST, residente);
    expect(counts()).toEqual({ hits: before.hits, misses: before.misses + 1 });
  });

  it('ends a session at once: signed out, or past its expiry by the clock with its row kept', async () => {
    const token = await signInAs(t.app, 'residente@demo.mx');
    await get(SESSION_DATA, token);
    const out = await call(t.app, 'POST', '/api/--sesiones/sign-out', { token });
    expect(out.statusCode, out.body).toBe(200);
    expect((await call(t.app, 'GET', SESSION_DATA, { token })).statusCode).toBe(401);

    const idle = await signInAs(t.app, 'residente@demo.mx');
    await get(SESSION_DATA, idle);
    const { expires_at } = await t.app.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('revoked_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    clock.advanceMinutes((Date.parse(expires_at) - clock.now().getTime()) / 60_000 + 1);
    expect((await call(t.app, 'GET', SESSION_DATA, { token: idle })).statusCode).toBe(401);
    residente = await signInAs(t.app, 'residente@demo.mx');
  });

  it('keeps no refusal and no failure: a refused call is refused again, and nothing is kept for it', async () => {
    expect((await call(t.app, 'GET', LATEST)).statusCode).toBe(401);
    const bad = await call(t.app, 'GET', '/api/--tickets/list?limit=abc', { token: residente });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/--tickets/list?limit=abc', { token: residente })).statusCode).toBe(400);
    expect(store().size).toBe(0);
  });

  it('keeps the public page for every visitor in the language asked, and reads it again after a change', async () => {
    const { first, again } = await keptPair(PUBLIC_CONDO, '');
    expect(again).toBe(first);
    const { name } = await t.app.db.selectFrom('condominiums').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    await t.app.db.updateTable('condominiums').set({ name: 'Residencial Las Palmas II' }).where('id', '=', 1).execute();
    try {
      expect(await get(PUBLIC_CONDO)).toContain('Residencial Las Palmas II');
    } finally {
      await t.app.db.updateTable('condominiums').set({ name }).where('id', '=', 1).execute();
    }
  });

  it('takes the data state anew after every write, and not after a read', async () => {
    const state = await t.app.dataState();
    await sql`select 1`.execute(t.app.db);
    await t.app.db.selectFrom('users').select('id').execute();
    expect(await t.app.dataState()).toBe(state);
    await t.app.db.updateTable('users').set({ name: sql`name` }).where('id', '=', userId).execute();
    expect(await t.app.dataState()).not.toBe(state);
  });
});
