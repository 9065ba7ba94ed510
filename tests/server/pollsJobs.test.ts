// The scheduled jobs of polls (issue 14), run by the app's own runner with the test's clock: at the opening the
// electorate is fixed and its people told (not those who do not read the section); 24 hours before the closing
// only the seats that have not voted (and may) are reminded; at the closing the poll is recorded closed as of
// its time and those who may now see the results are told, as the section's VerResultados says. A job whose
// poll moved on does nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BARRED_VOTER } from '../../server/db/seed/demoFacts';
import { POLL_REMINDER_HOURS, POLLS_PATHS } from '../../src/api/polls';
import { choose, enSection, localAt, pollsClient, userId, voteDraft } from '../support/pollServerFixtures';
import { createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

const HOUR_MINUTES = 60;

describe(`the jobs of polls (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  const client = pollsClient(() => t, tokens);
  let sectionId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '10080' } });
    sectionId = await enSection(t.app.db);
    for (const who of ['admin', 'consejo', 'residente', 'guardia', 'vecino014']) {
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
      users[who] = await userId(t.app.db, `${who}@demo.mx`);
    }
    users.barred = await userId(t.app.db, DEMO_BARRED_VOTER.email);
    // Only this file's jobs: the demo's (its polls', its requests') would fall due as the clock moves days.
    await t.app.db.deleteFrom('scheduled_jobs').execute();
  });

  const titlesOf = async (who: string, pollId: number) =>
    (
      await t.app.db
        .selectFrom('notifications')
        .select('titulo')
        .where('user_id', '=', users[who]!)
        .where('props', 'like', `{"pollID":${pollId},%`)
        .orderBy('id')
        .execute()
    ).map((n) => n.titulo);
  const runDue = () => t.app.jobRunner.runOnce();

  it('opens, reminds and closes a votación at its times', async () => {
    // Opens in an hour, closes three days later.
    const id = await client.create(
      'admin',
      voteDraft(clock, sectionId, {
        Titulo: 'Con trabajos',
        abre: localAt(clock, HOUR_MINUTES),
        cierra: localAt(clock, 3 * 24 * 60 + HOUR_MINUTES),
      }),
    );
    const opensAt = clock.now().getTime() + HOUR_MINUTES * 60_000;
    expect(await runDue()).toBe(0);

    clock.advanceMinutes(HOUR_MINUTES);
    expect(await runDue()).toBe(1);
    const fixed = await t.app.db.selectFrom('polls').select('fixed_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(fixed.fixed_at).toBe(new Date(opensAt).toISOString());
    for (const who of ['residente', 'consejo', 'admin', 'barred', 'vecino014'])
      expect(await titlesOf(who, id)).toEqual(['Ya puedes participar']);
    // The guard neither reads the section nor lives in a dwelling.
    expect(await titlesOf('guardia', id)).toEqual([]);

    const poll = await client.poll('residente', id);
    await client.voted('residente', id, poll.asientos[0]!.ApmtId, [choose(poll, 0, 'si')]);

    clock.advanceMinutes(3 * 24 * 60 - POLL_REMINDER_HOURS * 60 - 1);
    expect(await runDue()).toBe(0);
    clock.advanceMinutes(1);
    expect(await runDue()).toBe(1);
    // Only those who have not voted and may: not residente (voted), not the dwelling barred for arrears.
    expect((await titlesOf('consejo', id)).at(-1)).toBe('Aún no participas');
    expect((await titlesOf('vecino014', id)).at(-1)).toBe('Aún no participas');
    expect(await titlesOf('residente', id)).toEqual(['Ya puedes participar']);
    expect(await titlesOf('barred', id)).toEqual(['Ya puedes participar']);

    clock.advanceMinutes(POLL_REMINDER_HOURS * 60);
    expect(await runDue()).toBe(1);
    const closed = await t.app.db
      .selectFrom('polls')
      .select(['state', 'closed_at', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(closed).toEqual({ state: 'cerrada', closed_at: clock.now().toISOString(), version: 2 });
    // VerResultados 1: those who voted and the administrators.
    expect((await titlesOf('residente', id)).at(-1)).toBe('Resultados publicados');
    expect((await titlesOf('admin', id)).at(-1)).toBe('Resultados publicados');
    expect(await titlesOf('consejo', id)).not.toContain('Resultados publicados');
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('entity', '=', 'poll')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'create', actor_user_id: users.admin },
      { action: 'fijar_padron', actor_user_id: null },
      { action: 'cerrar', actor_user_id: null },
    ]);
    expect(await runDue()).toBe(0);
  });

  it('tells everyone who reads the section with VerResultados 2, and only the administrators with 0', async () => {
    for (const [setting, told] of [
      [2, ['admin', 'consejo', 'residente', 'vecino014']],
      [0, ['admin']],
    ] as const) {
      await t.app.db.updateTable('sections').set({ ver_resultados: setting }).where('id', '=', sectionId).execute();
      const id = await client.create(
        'admin',
        voteDraft(clock, sectionId, { Titulo: `Visibilidad ${setting}`, cierra: localAt(clock, 2 * HOUR_MINUTES) }),
      );
      const poll = await client.poll('residente', id);
      await client.voted('residente', id, poll.asientos[0]!.ApmtId, [choose(poll, 0, 'no')]);
      clock.advanceMinutes(2 * HOUR_MINUTES);
      await runDue();
      for (const who of ['admin', 'consejo', 'residente', 'vecino014']) {
        expect((await titlesOf(who, id)).includes('Resultados publicados'), `${who} with ${setting}`).toBe(
          (told as readonly string[]).includes(who),
        );
      }
    }
    await t.app.db.updateTable('sections').set({ ver_resultados: 1 }).where('id', '=', sectionId).execute();
  });

  it('does nothing for a poll that was cancelled or closed early, and moves the closing with an extension', async () => {
    const cancelled = await client.create(
      'admin',
      voteDraft(clock, sectionId, {
        Titulo: 'Cancelada antes',
        abre: localAt(clock, HOUR_MINUTES),
        cierra: localAt(clock, 3 * HOUR_MINUTES),
      }),
    );
    await expectOk(
      client.post('admin', POLLS_PATHS.change, { pollId: cancelled, version: 1, action: 'cancelar', motivo: 'No va.' }),
    );
    const extended = await client.create(
      'admin',
      voteDraft(clock, sectionId, { Titulo: 'Extendida', cierra: localAt(clock, 2 * HOUR_MINUTES) }),
    );
    await expectOk(
      client.post('admin', POLLS_PATHS.change, {
        pollId: extended,
        version: 1,
        action: 'extender',
        cierra: localAt(clock, 5 * HOUR_MINUTES),
      }),
    );
    clock.advanceMinutes(3 * HOUR_MINUTES);
    await runDue();
    expect(await titlesOf('residente', cancelled)).toEqual(['Se canceló una votación']);
    const still = await t.app.db.selectFrom('polls').select('state').where('id', '=', extended).executeTakeFirstOrThrow();
    expect(still.state).toBe('publicada');
    clock.advanceMinutes(2 * HOUR_MINUTES);
    await runDue();
    const closed = await t.app.db.selectFrom('polls').select('state').where('id', '=', extended).executeTakeFirstOrThrow();
    expect(closed.state).toBe('cerrada');
  });
});
