// Scheduled work (DESIGN.md §8) and the two jobs of requests: each due item is handled once even with two
// runners on one database (two connections on PostgreSQL); a handler that throws is retried after a backoff,
// its writes rolled back, and given up after the last attempt; the overdue notice goes to every administrator
// once; a resolution nobody answered closes by itself after seven days (the lifecycle's system 'cerrar', with
// its timeline line, audit row and notice), and a later resolution moves that day; the app runs the jobs on
// its own every SCHEDULED_JOBS_SECONDS.
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { TICKET_JOB_HANDLERS } from '../../server/domain/tickets/jobs';
import type { Clock } from '../../server/infra/clock';
import {
  claimJob,
  createJobRunner,
  JOB_LEASE_MS,
  JOB_MAX_ATTEMPTS,
  type JobHandlers,
  scheduleJob,
} from '../../server/infra/scheduledJobs';
import { TICKETS_PATHS } from '../../src/api/tickets';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const quiet = { failed: () => {}, broken: () => {} };

describe(`scheduled jobs and the jobs of requests (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  let other: Kysely<Database>;
  const closers: (() => unknown)[] = [];
  let sectionId: number;
  const users: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp({ clock });
    sectionId = (
      await t.app.db
        .selectFrom('sections')
        .select('id')
        .where('code', '=', 'SA')
        .where('condo_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    for (const who of ['admin', 'residente', 'empleado']) {
      users[who] = (
        await t.app.db.selectFrom('users').select('id').where('email', '=', `${who}@demo.mx`).executeTakeFirstOrThrow()
      ).id;
    }
    // Another server process's connection where the dialect allows one (SQLite keeps one writer).
    if (dialect === 'sqlite') other = t.app.db;
    else {
      const handle = openDatabase(t.config);
      closers.push(() => handle.close());
      other = handle.db;
    }
  });
  afterEach(async () => {
    await t.app.db.deleteFrom('scheduled_jobs').where('kind', 'like', 'test-%').execute();
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await t?.close();
  });

  const runner = (db: Kysely<Database>, handlers: JobHandlers, owner: string, runClock: Clock = clock) =>
    createJobRunner({ db, clock: runClock, handlers, intervalMs: 0, log: quiet, owner });
  /** Sessions end after two idle hours, and these tests move days: a fresh one for each call. */
  const as = async (who: string, method: 'GET' | 'POST', path: string, payload?: object) =>
    call(t.app, method, api(path), { token: await signInAs(t.app, `${who}@demo.mx`), ...(payload ? { payload } : {}) });
  async function job(kind: string, key: string | number) {
    return t.app.db
      .selectFrom('scheduled_jobs')
      .selectAll()
      .where('kind', '=', kind)
      .where('key', '=', String(key))
      .executeTakeFirstOrThrow();
  }

  it('hands each due job to one runner only, when two run at once', async () => {
    const handlers: JobHandlers = {
      'test-count': async (trx, job) => {
        await trx
          .insertInto('audit_log')
          .values({
            condo_id: 1,
            actor_user_id: null,
            entity: 'test-job',
            entity_id: Number(job.key),
            action: 'run',
            before_json: null,
            after_json: null,
            created_at: clock.now().toISOString(),
          })
          .execute();
      },
    };
    for (let key = 1; key <= 30; key++) await scheduleJob(t.app.db, 'test-count', key, clock.now(), clock.now());
    // One not yet due.
    await scheduleJob(t.app.db, 'test-count', 31, new Date(clock.now().getTime() + 60_000), clock.now());
    const [a, b] = await Promise.all([runner(t.app.db, handlers, 'a').runOnce(), runner(other, handlers, 'b').runOnce()]);
    expect(a + b).toBe(30);
    const ran = await t.app.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'test-job')
      .orderBy('entity_id')
      .execute();
    expect(ran.map((r) => r.entity_id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect((await job('test-count', 1)).done_at).toBe(clock.now().toISOString());
    expect((await job('test-count', 31)).done_at).toBeNull();
    expect(await runner(t.app.db, handlers, 'a').runOnce()).toBe(0);
    // A job another runner holds is left alone until its lease runs out.
    clock.advanceMinutes(1);
    expect(await claimJob(other, (await job('test-count', 31)).id, 'dead', clock.now())).not.toBeNull();
    expect(await runner(t.app.db, handlers, 'a').runOnce()).toBe(0);
    const afterLease = testClock(new Date(clock.now().getTime() + JOB_LEASE_MS + 1));
    expect(await runner(t.app.db, handlers, 'a', afterLease).runOnce()).toBe(1);
    await t.app.db.deleteFrom('audit_log').where('entity', '=', 'test-job').execute();
  });

  it('retries a failing handler later, without what it wrote, and gives up after the last attempt', async () => {
    let calls = 0;
    const handlers: JobHandlers = {
      'test-flaky': async (trx) => {
        calls += 1;
        await trx
          .insertInto('audit_log')
          .values({
            condo_id: 1,
            actor_user_id: null,
            entity: 'test-flaky',
            entity_id: calls,
            action: 'run',
            before_json: null,
            after_json: null,
            created_at: clock.now().toISOString(),
          })
          .execute();
        if (calls < 3) throw new Error(`boom ${calls}`);
      },
      'test-broken': async () => {
        throw new Error('always');
      },
    };
    const failed: [string, boolean][] = [];
    const logged = createJobRunner({
      db: t.app.db,
      clock,
      handlers,
      intervalMs: 0,
      owner: 'a',
      log: { failed: (error, j, retry) => failed.push([`${j.kind}: ${(error as Error).message}`, retry]), broken: () => {} },
    });
    await scheduleJob(t.app.db, 'test-flaky', 'x', clock.now(), clock.now());
    expect(await logged.runOnce()).toBe(0);
    const first = await job('test-flaky', 'x');
    expect(first).toMatchObject({ attempts: 1, last_error: 'boom 1', done_at: null, claimed_by: null });
    expect(first.due_at).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
    expect(await logged.runOnce()).toBe(0);
    clock.advanceMinutes(1);
    expect(await logged.runOnce()).toBe(0);
    expect(await job('test-flaky', 'x')).toMatchObject({ attempts: 2, last_error: 'boom 2' });
    clock.advanceMinutes(2);
    expect(await logged.runOnce()).toBe(1);
    expect(await job('test-flaky', 'x')).toMatchObject({ attempts: 3, last_error: null, done_at: clock.now().toISOString() });
    // Only the successful attempt's write is kept.
    const kept = await t.app.db.selectFrom('audit_log').select('entity_id').where('entity', '=', 'test-flaky').execute();
    expect(kept).toEqual([{ entity_id: 3 }]);
    expect(failed).toEqual([
      ['test-flaky: boom 1', true],
      ['test-flaky: boom 2', true],
    ]);

    await scheduleJob(t.app.db, 'test-broken', 'y', clock.now(), clock.now());
    for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS + 2; attempt++) {
      await logged.runOnce();
      clock.advanceMinutes(61);
    }
    expect(await job('test-broken', 'y')).toMatchObject({ attempts: JOB_MAX_ATTEMPTS, last_error: 'always' });
    expect((await job('test-broken', 'y')).done_at).not.toBeNull();
    expect(failed.at(-1)).toEqual(['test-broken: always', false]);
    // Scheduled again: due anew, no attempts, not done.
    await scheduleJob(t.app.db, 'test-broken', 'y', clock.now(), clock.now());
    expect(await job('test-broken', 'y')).toMatchObject({ attempts: 0, done_at: null, last_error: null });
    await t.app.db.deleteFrom('audit_log').where('entity', '=', 'test-flaky').execute();
  });

  it('tells every administrator of each overdue request once, however many runners run', async () => {
    const filed = await as('residente', 'POST', TICKETS_PATHS.create, {
      sectionId,
      categoriaId: (
        await t.app.db.selectFrom('ticket_categories').select('id').where('name', '=', 'Seguridad').executeTakeFirstOrThrow()
      ).id,
      Titulo: 'Portón abierto',
      Descripcion: 'El portón de la entrada se quedó abierto.',
      ApmtId: null,
      AreaComun: 'Entrada principal',
      Prioridad: 'urgente',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const id = filed.json().TicketId as number;
    const open = await t.app.db
      .selectFrom('tickets')
      .select('id')
      .where('state', 'in', ['nuevo', 'asignado', 'en_proceso', 'en_espera'])
      .where('overdue_notified_at', 'is', null)
      .execute();
    // Three hours on, nothing of it is due; five, and it is (urgente: four hours).
    clock.advanceMinutes(180);
    await Promise.all([runner(t.app.db, TICKET_JOB_HANDLERS, 'a').runOnce(), runner(other, TICKET_JOB_HANDLERS, 'b').runOnce()]);
    expect(
      (await t.app.db.selectFrom('tickets').select('overdue_notified_at').where('id', '=', id).executeTakeFirstOrThrow())
        .overdue_notified_at,
    ).toBeNull();
    // Eight days on, every open request is overdue: each is told once, by one of the runners.
    clock.advanceMinutes(8 * 24 * 60);
    await Promise.all([runner(t.app.db, TICKET_JOB_HANDLERS, 'a').runOnce(), runner(other, TICKET_JOB_HANDLERS, 'b').runOnce()]);
    await Promise.all([runner(t.app.db, TICKET_JOB_HANDLERS, 'a').runOnce(), runner(other, TICKET_JOB_HANDLERS, 'b').runOnce()]);
    const told = await t.app.db
      .selectFrom('notifications')
      .select(['props', 'user_id', 'texto_app'])
      .where('titulo', '=', 'Solicitud vencida')
      .where('created_at', '>', '2026-11-22T00:00:00.000Z')
      .execute();
    expect(told.every((n) => n.user_id === users.admin)).toBe(true);
    const perTicket = new Map<number, number>();
    for (const n of told) {
      const ticket = (JSON.parse(n.props) as { taskID: number }).taskID;
      perTicket.set(ticket, (perTicket.get(ticket) ?? 0) + 1);
    }
    expect([...perTicket.keys()].sort((a, b) => a - b)).toEqual(open.map((o) => o.id).sort((a, b) => a - b));
    expect([...perTicket.values()].every((n) => n === 1)).toBe(true);
    expect(told.find((n) => n.props.includes(`"taskID":${id},`))?.texto_app).toBe(
      '«Portón abierto» (Seguridad) pasó su fecha límite sin resolverse.',
    );
  });

  it('closes a resolution nobody answered seven days later, and a later resolution moves that day', async () => {
    // The demo's four resolved requests closed by themselves in the pass eight days on.
    const autoclosed = await t.app.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('entity', '=', 'ticket')
      .where('action', '=', 'cerrar')
      .where('actor_user_id', 'is', null)
      .execute();
    expect(autoclosed.length).toBe(4);

    const filed = await as('residente', 'POST', TICKETS_PATHS.create, {
      sectionId,
      categoriaId: (
        await t.app.db.selectFrom('ticket_categories').select('id').where('name', '=', 'Limpieza').executeTakeFirstOrThrow()
      ).id,
      Titulo: 'Pasillo sucio',
      Descripcion: 'El pasillo del piso 1 no se ha barrido.',
      ApmtId: null,
      AreaComun: 'Pasillo del piso 1',
    });
    const id = filed.json().TicketId as number;
    const change = async (who: string, version: number, action: string, extra: object = {}) => {
      const res = await as(who, 'POST', TICKETS_PATHS.change, { ticketId: id, version, action, ...extra });
      expect(res.statusCode, res.body).toBe(200);
    };
    await change('admin', 1, 'asignar', { asignadoId: users.empleado });
    await change('empleado', 2, 'resolver');
    clock.advanceMinutes(2 * 24 * 60);
    await change('residente', 3, 'reabrir', { nota: 'Sigue sucio.' });
    await change('empleado', 4, 'resolver');
    const resolvedAt = clock.now().getTime();
    const state = async () =>
      await t.app.db.selectFrom('tickets').select(['state', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    // Seven days after the first resolution: the job was moved to seven days after the second.
    clock.advanceMinutes(5 * 24 * 60 + 1);
    expect(await t.app.jobRunner.runOnce()).toBeGreaterThanOrEqual(0);
    expect(await state()).toEqual({ state: 'resuelto', version: 5 });
    clock.advanceMinutes(2 * 24 * 60);
    expect(clock.now().getTime() - resolvedAt).toBeGreaterThan(7 * 24 * 3_600_000);
    await t.app.jobRunner.runOnce();
    expect(await state()).toEqual({ state: 'cerrado', version: 6 });
    const seen = (await as('residente', 'GET', TICKETS_PATHS.ticket(id))).json() as {
      timeline: { tipo: string; de: string; a: string; UserId: number | null; UserName: string | null }[];
    };
    expect(seen.timeline.at(-1)).toMatchObject({ tipo: 'estado', de: 'resuelto', a: 'cerrado', UserId: null, UserName: null });
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'after_json'])
      .where('entity', '=', 'ticket')
      .where('entity_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'cerrar', actor_user_id: null });
    const told = await t.app.db
      .selectFrom('notifications')
      .select(['titulo', 'texto_app'])
      .where('user_id', '=', users.residente!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told).toEqual({
      titulo: 'Tu solicitud se cerró',
      texto_app: '«Pasillo sucio» se cerró sola: pasaron 7 días desde que se resolvió.',
    });
    expect((await job('ticket-autoclose', id)).done_at).not.toBeNull();
  });

  it('runs due jobs on its own every SCHEDULED_JOBS_SECONDS, and stops when the app closes', async () => {
    const own = await createTestApp({ seed: false, env: { SCHEDULED_JOBS_SECONDS: '1' } });
    try {
      await own.app.ready();
      // A request that no longer exists: the handler finds nothing to do, and the job is done.
      await scheduleJob(own.app.db, 'ticket-overdue', 424242, new Date(Date.now() - 1000));
      await vi.waitFor(
        async () => {
          // (Not the live channel's daily prune, which every server asks for when it starts.)
          const row = await own.app.db
            .selectFrom('scheduled_jobs')
            .select('done_at')
            .where('kind', '=', 'ticket-overdue')
            .executeTakeFirstOrThrow();
          expect(row.done_at).not.toBeNull();
        },
        { timeout: 5000, interval: 100 },
      );
    } finally {
      await own.close();
    }
  });
});
