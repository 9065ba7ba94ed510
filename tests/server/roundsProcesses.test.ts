// The rounds' watch across two server processes (issue 31): on PostgreSQL two instances of the app on one database
// (two pools) run their job runners at once, and also mark the same round directly at once; each late checkpoint and
// the missed round are marked, and the supervisor told, exactly once. SQLite's file is one server's (a second process
// is refused), so there the second runner is another runner of the same process.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/schema';
import { ROUND_JOB_HANDLERS, watchRound } from '../../server/domain/rounds/jobs';
import { createJobRunner, type JobRunner } from '../../server/infra/scheduledJobs';
import { makeRoundFixture, ROUNDS_NOW } from '../support/roundsServerFixtures';
import { createTestApp, dialect, RELAXED_RATE_LIMITS, type TestApp, testClock } from '../support/testApp';

describe(`rounds' watch in two processes (${dialect})`, () => {
  const clock = testClock(ROUNDS_NOW);
  let first: TestApp;
  let second: { db: Kysely<Database>; jobRunner: JobRunner; close(): Promise<void> };
  beforeAll(async () => {
    first = await createTestApp({ clock });
    if (dialect === 'postgres') {
      const app = await buildApp(first.config, { rateLimits: RELAXED_RATE_LIMITS, clock });
      second = { db: app.db, jobRunner: app.jobRunner, close: () => app.close() };
    } else {
      const quiet = { failed: () => {}, broken: () => {} };
      const runner = createJobRunner({
        db: first.app.db,
        clock,
        handlers: ROUND_JOB_HANDLERS,
        intervalMs: 0,
        log: quiet,
        owner: 'second',
      });
      second = { db: first.app.db, jobRunner: runner, close: async () => runner.stop() };
    }
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const noticesOf = async (roundId: number) =>
    (
      await first.app.db
        .selectFrom('notifications as n')
        .innerJoin('users as u', 'u.id', 'n.user_id')
        .select(['n.title_id', 'n.props'])
        .where('u.email', '=', 'supervisor@demo.mx')
        .where('n.modulo', '=', 'recorrido')
        .execute()
    )
      .filter((n) => (JSON.parse(n.props) as { roundId: number }).roundId === roundId)
      .map((n) => n.title_id)
      .sort();
  const ONCE = ['rounds.notify.late.title', 'rounds.notify.late.title', 'rounds.notify.late.title', 'rounds.notify.missed.title'];

  it('runs each due watch once across both job runners', async () => {
    const f = await makeRoundFixture(first, 'Ronda A');
    clock.advanceMinutes(24 * 60);
    try {
      const [a, b] = await Promise.all([first.app.jobRunner.runOnce(), second.jobRunner.runOnce()]);
      expect(a + b).toBeGreaterThan(0);
      expect(await noticesOf(f.roundId)).toEqual(ONCE);
      const round = await first.app.db
        .selectFrom('rounds')
        .select('status')
        .where('id', '=', f.roundId)
        .executeTakeFirstOrThrow();
      expect(round.status).toBe('missed');
    } finally {
      clock.advanceMinutes(-24 * 60);
    }
  });

  it('marks a round once when both processes watch it at the same moment', async () => {
    const f = await makeRoundFixture(first, 'Ronda B');
    clock.advanceMinutes(91);
    try {
      const results = await Promise.all([
        first.app.db.transaction().execute((trx) => watchRound(trx, clock, f.roundId)),
        second.db.transaction().execute((trx) => watchRound(trx, clock, f.roundId)),
      ]);
      expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
      expect(await noticesOf(f.roundId)).toEqual(ONCE);
    } finally {
      clock.advanceMinutes(-91);
    }
  });
});
