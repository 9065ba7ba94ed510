// The purge of ended sessions and password-reset links (server/domain/sessions/jobs.ts, account/jobs.ts): every
// new row asks for the daily purge that will find it a day over its end (one job per day however many ask), and
// that run deletes whatever ended over a day before (idle, at the absolute end, signed out, a spent or unspent
// sign-in or bridge token, a used or unused reset link), a working session's product token with it; what lives
// stays, a product token as long as its session (its own expires_at is never moved on). One bounded batch per
// run, a sequel at once after a full one; two processes polling at once purge once.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { ACCOUNT_JOB_HANDLERS, PASSWORD_RESET_PURGE_JOB } from '../../server/domain/account/jobs';
import { SESSION_JOB_HANDLERS, SESSION_PURGE_BATCH } from '../../server/domain/sessions/jobs';
import { ENDED_SESSIONS_KEPT_MS, SESSION_PURGE_JOB } from '../../server/domain/shared/sessionRows';
import { createJobRunner } from '../../server/infra/scheduledJobs';
import { hashToken } from '../../server/infra/tokens';
import { ACCOUNT_PATHS } from '../../src/api/account';
import { SESSION_PATHS } from '../../src/api/sessions';
import { api } from '../support/http';
import { call, createTestApp, dialect, getSessionData, signInAs, signInStep, type TestApp, testClock } from '../support/testApp';

const HOUR = 60;
const PURGES = [SESSION_PURGE_JOB, PASSWORD_RESET_PURGE_JOB];

describe(`the purge of ended sessions and reset links (${dialect})`, () => {
  // 18:00 UTC: a day's purge is due at the next midnight (UTC) a day after the rows' latest end.
  const T0 = new Date('2026-11-21T18:00:00Z');
  const clock = testClock(T0);
  let t: TestApp;
  let other: Kysely<Database>;
  const closers: (() => unknown)[] = [];
  beforeAll(async () => {
    // Sessions idle out after 12 hours and end 48 hours after sign-in however much they are used.
    t = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: String(12 * HOUR), SESSION_MAX_HOURS: '48' } });
    // Only the purges: the demo's own jobs (its requests', its polls') and those the app schedules when it is
    // ready (the live channel's prune) would fall due as the clock moves days.
    await t.app.ready();
    await t.app.db.deleteFrom('scheduled_jobs').execute();
    // Another server process's connection where the dialect allows one (SQLite keeps one writer).
    if (dialect === 'sqlite') other = t.app.db;
    else {
      const handle = openDatabase(t.config);
      closers.push(() => handle.close());
      other = handle.db;
    }
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await t?.close();
  });

  const at = (hours: number, minutes = 0) => {
    clock.advanceMinutes((T0.getTime() + (hours * HOUR + minutes) * 60_000 - clock.now().getTime()) / 60_000);
  };
  const use = async (token: string) => expect((await getSessionData(t.app, token)).statusCode).toBe(200);
  /** The session row of a token (undefined once purged), and the product token issued with a session. */
  const rowOf = (token: string) =>
    t.app.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  const productOf = (sessionId: number) =>
    t.app.db.selectFrom('sessions').selectAll().where('parent_id', '=', sessionId).executeTakeFirst();
  const resetsOf = (email: string) =>
    t.app.db
      .selectFrom('password_resets as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.expires_at'])
      .where('u.email', '=', email)
      .execute();
  async function forgot(email: string) {
    const res = await call(t.app, 'POST', api(ACCOUNT_PATHS.forgotPassword), { payload: { email } });
    expect(res.statusCode).toBe(200);
    await t.app.tasks.drain();
  }
  async function bridgeToken(session: string) {
    const res = await call(t.app, 'POST', api(ACCOUNT_PATHS.bridgeToken), { token: session });
    expect(res.statusCode).toBe(200);
    return (res.json() as { token: string }).token;
  }
  /** The purge jobs of a kind, by key: done or waiting. */
  async function purges(kind: string) {
    const rows = await t.app.db
      .selectFrom('scheduled_jobs')
      .select(['key', 'due_at', 'done_at'])
      .where('kind', '=', kind)
      .orderBy('key')
      .execute();
    return {
      done: rows.filter((r) => r.done_at !== null).map((r) => r.key),
      waiting: rows.filter((r) => r.done_at === null).map((r) => r.key),
      dueAt: Object.fromEntries(rows.map((r) => [r.key, r.due_at])),
    };
  }

  it('deletes rows a day after they end, idle or at their absolute end, and leaves what lives', async () => {
    at(0);
    const idle = await signInAs(t.app, 'vecino030@demo.mx');
    const kept = await signInAs(t.app, 'vecino031@demo.mx');
    const absolute = await signInAs(t.app, 'vecino032@demo.mx');
    const remembered = await signInAs(t.app, 'vecino033@demo.mx', undefined, { rememberMe: true });
    const signedOut = await signInAs(t.app, 'vecino034@demo.mx');
    expect((await call(t.app, 'POST', api(SESSION_PATHS.signOut), { token: signedOut })).statusCode).toBe(200);
    const signInOnly = (await signInStep(t.app, 'vecino035@demo.mx')).token;
    const spentBridge = await bridgeToken(idle);
    const bridged = await call(t.app, 'POST', api(ACCOUNT_PATHS.changeCondoSession), { payload: { antkn: spentBridge } });
    expect(bridged.statusCode).toBe(200);
    const bridgedSession = (bridged.json() as { token: string }).token;
    const unspentBridge = await bridgeToken(idle);
    await forgot('vecino036@demo.mx');

    // Each row asked for the purge of the day after its latest end, once per day: the tokens' (minutes from
    // now) and the reset link's (an hour) on the 23rd, the sessions' (48 hours) on the 25th, the remembered
    // one's (30 days) on 23 December.
    expect(await purges(SESSION_PURGE_JOB)).toMatchObject({
      done: [],
      waiting: ['2026-11-23', '2026-11-25', '2026-12-23'],
      dueAt: { '2026-11-23': '2026-11-23T00:00:00.000Z' },
    });
    expect((await purges(PASSWORD_RESET_PURGE_JOB)).waiting).toEqual(['2026-11-23']);

    const rows = new Map<string, number>();
    for (const [name, token] of Object.entries({
      idle,
      kept,
      absolute,
      remembered,
      signedOut,
      signInOnly,
      spentBridge,
      bridgedSession,
      unspentBridge,
    })) {
      rows.set(name, (await rowOf(token))!.id);
    }
    const products = new Map<string, number>();
    for (const name of ['idle', 'kept', 'absolute', 'remembered', 'signedOut', 'bridgedSession']) {
      products.set(name, (await productOf(rows.get(name)!))!.id);
    }
    const oldReset = (await resetsOf('vecino036@demo.mx'))[0]!.id;

    // kept and absolute are used every 11 hours; `recent` ends within the day before the first purge.
    at(11);
    for (const token of [kept, absolute]) await use(token);
    at(12);
    const recent = await signInAs(t.app, 'vecino037@demo.mx');
    rows.set('recent', (await rowOf(recent))!.id);
    products.set('recent', (await productOf(rows.get('recent')!))!.id);
    at(22);
    for (const token of [kept, absolute]) await use(token);
    at(24);
    await forgot('vecino038@demo.mx');
    const recentReset = (await resetsOf('vecino038@demo.mx'))[0]!.id;
    at(33);
    for (const token of [kept, absolute]) await use(token);

    const present = async (ids: Map<string, number>) => {
      const found = new Set(
        (
          await t.app.db
            .selectFrom('sessions')
            .select('id')
            .where('id', 'in', [...ids.values()])
            .execute()
        ).map((r) => r.id),
      );
      return [...ids].filter(([, id]) => found.has(id)).map(([name]) => name);
    };
    const resetIds = async () =>
      (
        await t.app.db
          .selectFrom('password_resets')
          .select('id')
          .where('id', 'in', [oldReset, recentReset])
          .orderBy('id')
          .execute()
      ).map((r) => r.id);

    // The 23rd, 07:00: the day's two purges run, and delete what ended by the 13th hour (a day before).
    at(37);
    expect(await t.app.jobRunner.runOnce()).toBe(2);
    expect(await present(rows)).toEqual(['kept', 'absolute', 'remembered', 'recent']);
    // kept's product token stays with its session, though its own expires_at (the 12th hour) is long past.
    const keptProduct = await t.app.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', products.get('kept')!)
      .executeTakeFirstOrThrow();
    expect(keptProduct.expires_at < new Date(clock.now().getTime() - ENDED_SESSIONS_KEPT_MS).toISOString()).toBe(true);
    expect(await present(products)).toEqual(['kept', 'absolute', 'remembered', 'recent']);
    expect(await resetIds()).toEqual([recentReset]);
    await use(kept);
    await use(remembered);
    expect(await purges(SESSION_PURGE_JOB)).toMatchObject({
      done: ['2026-11-23'],
      waiting: ['2026-11-24', '2026-11-25', '2026-11-26', '2026-12-23'],
    });
    expect(await purges(PASSWORD_RESET_PURGE_JOB)).toMatchObject({ done: ['2026-11-23'], waiting: ['2026-11-24'] });

    // absolute, used at the 44th hour, ends at the 48th (its idle expiry would be the 56th).
    at(44);
    await use(absolute);
    expect((await rowOf(absolute))!.expires_at).toBe(new Date(T0.getTime() + 48 * 3_600_000).toISOString());
    at(72, 1);
    const fresh = await signInAs(t.app, 'vecino039@demo.mx');
    expect(await t.app.jobRunner.runOnce()).toBe(2);
    expect(await present(rows)).toEqual(['remembered']);
    expect(await present(products)).toEqual(['remembered']);
    expect(await resetIds()).toEqual([]);
    expect(await rowOf(fresh)).toBeDefined();
    await use(fresh);
    await use(remembered);
  });

  it('deletes one bounded batch per run, and a sequel comes at once after a full one', async () => {
    // The 25th, midnight: the day's purge is due.
    at(78);
    expect((await purges(SESSION_PURGE_JOB)).dueAt['2026-11-25']).toBe(clock.now().toISOString());
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'vecino040@demo.mx')
      .executeTakeFirstOrThrow();
    const ended = new Date(clock.now().getTime() - ENDED_SESSIONS_KEPT_MS - 60_000).toISOString();
    const extra = 7;
    await t.app.db
      .insertInto('sessions')
      .values(
        Array.from({ length: SESSION_PURGE_BATCH + extra }, (_, i) => ({
          token_hash: hashToken(`ended-${i}`),
          user_id: user.id,
          condo_id: null,
          kind: 'signin',
          parent_id: null,
          remember_me: 0,
          created_at: ended,
          last_seen_at: ended,
          expires_at: ended,
          absolute_expires_at: ended,
          client_address: null,
          user_agent: null,
        })),
      )
      .execute();
    const left = async () =>
      Number(
        (
          await t.app.db
            .selectFrom('sessions')
            .select(t.app.db.fn.countAll<number>().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await t.app.jobRunner.runOnce()).toBe(1);
    expect(await left()).toBe(extra);
    expect(await purges(SESSION_PURGE_JOB)).toMatchObject({
      waiting: expect.arrayContaining(['2026-11-25#2']),
      dueAt: { '2026-11-25#2': clock.now().toISOString() },
    });
    expect(await t.app.jobRunner.runOnce()).toBe(1);
    expect(await left()).toBe(0);
    const after = await purges(SESSION_PURGE_JOB);
    expect(after.done).toEqual(expect.arrayContaining(['2026-11-25', '2026-11-25#2']));
    expect(Object.keys(after.dueAt)).not.toContain('2026-11-25#3');
  });

  it('runs each due purge once when two processes poll at once', async () => {
    const handlers = { ...SESSION_JOB_HANDLERS, ...ACCOUNT_JOB_HANDLERS };
    const quiet = { failed: () => {}, broken: () => {} };
    const runner = (db: Kysely<Database>, owner: string) =>
      createJobRunner({ db, clock, handlers, intervalMs: 0, log: quiet, owner });
    at(80);
    const ended = await signInAs(t.app, 'vecino041@demo.mx');
    const endedId = (await rowOf(ended))!.id;
    // A day and a minute after its idle end.
    at(80 + 12 + 24, 1);
    const due = await t.app.db
      .selectFrom('scheduled_jobs')
      .select('id')
      .where('kind', 'in', PURGES)
      .where('done_at', 'is', null)
      .where('due_at', '<=', clock.now().toISOString())
      .execute();
    expect(due.length).toBeGreaterThan(0);
    const [a, b] = await Promise.all([runner(t.app.db, 'a').runOnce(), runner(other, 'b').runOnce()]);
    expect(a + b).toBe(due.length);
    expect(await t.app.db.selectFrom('sessions').select('id').where('id', '=', endedId).executeTakeFirst()).toBeUndefined();
    const done = await t.app.db
      .selectFrom('scheduled_jobs')
      .select(['done_at', 'attempts'])
      .where(
        'id',
        'in',
        due.map((j) => j.id),
      )
      .execute();
    expect(done.every((j) => j.done_at !== null && j.attempts === 1)).toBe(true);
    expect(await runner(other, 'b').runOnce()).toBe(0);
  });
});
