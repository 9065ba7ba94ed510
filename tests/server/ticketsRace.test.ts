// Two administrators change the same request at once (issue 13, DESIGN.md §8 optimistic concurrency): both
// send the version they saw; exactly one change is kept and the other gets 409 with the request as the winner
// left it — never a lost update, never two timelines. Likewise two ratings sent at once keep one. On
// PostgreSQL the calls really overlap (a pool of connections); SQLite runs one writer at a time.

import { sql } from 'kysely';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { TICKETS_PATHS, TicketAnswer, TicketConflictAnswer } from '../../src/api/tickets';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

describe(`concurrent changes of one request (${dialect})`, () => {
  let t: TestApp;
  let first: string;
  let second: string;
  let resident: string;
  let sectionId: number;
  let categoryId: number;
  let employee: number;
  beforeAll(async () => {
    t = await createTestApp();
    // Two administrators' sessions (the demo has one administrator per condominium: two of their sessions).
    first = await signInAs(t.app, 'admin@demo.mx');
    second = await signInAs(t.app, 'admin@demo.mx');
    resident = await signInAs(t.app, 'residente@demo.mx');
    sectionId = (
      await t.app.db
        .selectFrom('sections')
        .select('id')
        .where('code', '=', 'SA')
        .where('condo_id', '=', 1)
        .executeTakeFirstOrThrow()
    ).id;
    categoryId = (await t.app.db.selectFrom('ticket_categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    employee = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'empleado@demo.mx').executeTakeFirstOrThrow())
      .id;
  });

  const post = (token: string, path: string, payload: object) => call(t.app, 'POST', api(path), { token, payload });
  let settled: Promise<Awaited<ReturnType<typeof post>>[]> | undefined;
  async function fileOne(n: number): Promise<number> {
    const res = await post(resident, TICKETS_PATHS.create, {
      sectionId,
      categoriaId: categoryId,
      Titulo: `Carrera ${n}`,
      Descripcion: 'Dos administradores la cambian a la vez.',
      ApmtId: null,
      AreaComun: 'Vestíbulo',
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().TicketId as number;
  }

  it('keeps exactly one of two changes sent on the same version, and answers the other 409 with the fresh request', async () => {
    for (let n = 1; n <= 5; n++) {
      const id = await fileOne(n);
      const [a, b] = await Promise.all([
        post(first, TICKETS_PATHS.change, { ticketId: id, version: 1, action: 'asignar', asignadoId: employee }),
        // The other administrator cancels it, or (every other round) changes its priority.
        n % 2 === 0
          ? post(second, TICKETS_PATHS.update, { ticketId: id, version: 1, Prioridad: 'urgente' })
          : post(second, TICKETS_PATHS.change, { ticketId: id, version: 1, action: 'cancelar', nota: 'Duplicada' }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `round ${n}: ${a.body} / ${b.body}`).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
      const won = winner.json();
      assert(won, TicketAnswer);
      const lost = loser.json();
      assert(lost, TicketConflictAnswer);
      expect(lost.messageId).toBe('ticketsNotices.refusal.stale');
      expect(lost.message).toBe('Alguien más cambió esta solicitud mientras la veías. Revisa cómo quedó y vuelve a intentarlo.');
      // The loser sees what the winner left, not what it tried.
      expect(lost.ticket.ticket).toEqual(won.ticket);
      expect(won.ticket.version).toBe(2);
      const stored = await t.app.db
        .selectFrom('tickets')
        .select(['version', 'state', 'priority'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ version: 2, state: won.ticket.Estado, priority: won.ticket.Prioridad });
      // One change on the timeline and in the history.
      const events = await t.app.db
        .selectFrom('ticket_events')
        .select('kind')
        .where('ticket_id', '=', id)
        .where('kind', '!=', 'creada')
        .execute();
      expect(events.length).toBeLessThanOrEqual(2);
      const audit = await t.app.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity', '=', 'ticket')
        .where('entity_id', '=', id)
        .execute();
      expect(audit.map((r) => r.action).filter((action) => action !== 'create')).toHaveLength(1);
    }
  });

  // Both calls past their reads, both waiting on the row: the second UPDATE finds the version moved and
  // changes nothing, and that call answers 409 (the path a plain read-then-check would miss).
  it.skipIf(dialect !== 'postgres')('refuses the change whose UPDATE finds the version moved after it read it', async () => {
    const id = await fileOne(7);
    const blocker = openDatabase(t.config);
    try {
      await blocker.db.transaction().execute(async (trx) => {
        await sql`select id from tickets where id = ${id} for update`.execute(trx);
        const calls = Promise.all([
          post(first, TICKETS_PATHS.change, { ticketId: id, version: 1, action: 'asignar', asignadoId: employee }),
          post(second, TICKETS_PATHS.change, { ticketId: id, version: 1, action: 'cancelar' }),
        ]);
        await vi.waitFor(
          async () => {
            const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like 'update "tickets"%'`.execute(
              blocker.db,
            );
            expect(rows[0]!.n).toBe(2);
          },
          { timeout: 5000, interval: 20 },
        );
        // Released by the commit that ends this transaction: one UPDATE goes through, the other finds version 2.
        settled = calls;
      });
      const answers = await settled!;
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((r) => r.statusCode === 409)!.json();
      assert(lost, TicketConflictAnswer);
      expect(lost.ticket.ticket.version).toBe(2);
    } finally {
      await blocker.close();
    }
  });

  it('keeps one rating of two sent at once', async () => {
    const id = await fileOne(6);
    const change = async (token: string, version: number, action: string, extra: object = {}) =>
      expect((await post(token, TICKETS_PATHS.change, { ticketId: id, version, action, ...extra })).statusCode).toBe(200);
    await change(first, 1, 'asignar', { asignadoId: employee });
    await change(first, 2, 'resolver');
    const answers = await Promise.all([
      post(resident, TICKETS_PATHS.rate, { ticketId: id, estrellas: 5 }),
      post(resident, TICKETS_PATHS.rate, { ticketId: id, estrellas: 2 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ratings = await t.app.db.selectFrom('ticket_ratings').select('stars').where('ticket_id', '=', id).execute();
    expect(ratings).toHaveLength(1);
    const events = await t.app.db
      .selectFrom('ticket_events')
      .select('to_value')
      .where('ticket_id', '=', id)
      .where('kind', '=', 'calificacion')
      .execute();
    expect(events).toEqual([{ to_value: String(ratings[0]!.stars) }]);
  });
});
