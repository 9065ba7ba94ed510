// The integrity of a vote (issue 14, DESIGN.md §8 "Invariants in the database"): two members of one dwelling
// voting at once keep exactly one ballot and the other is told 'ya_voto' (on PostgreSQL the calls really
// overlap; a blocker holds both past their reads so the unique index decides); the weighted count in exact
// integer basis points, half up; and the electorate fixed at opening: shares changed, a debt paid or a new
// reader after that change nothing, while an upcoming poll still shows what fixing now would give.
import { sql } from 'kysely';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { DEMO_BARRED_VOTER } from '../../server/db/seed/demoFacts';
import { PollConflictAnswer, VoteAnswer } from '../../src/api/polls';
import { addHousemate, choose, dwellingOf, enSection, localAt, pollsClient, voteDraft } from '../support/pollServerFixtures';
import { createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

describe(`one vote per dwelling, weights and the electorate fixed at opening (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const client = pollsClient(() => t, tokens);
  let sectionId: number;
  /** Dwellings of vecino025…029, each given a housemate (vecino030…034). */
  const pairs: { apartment: number; a: string; b: string }[] = [];
  beforeAll(async () => {
    t = await createTestApp({ clock });
    sectionId = await enSection(t.app.db);
    tokens.admin = await signInAs(t.app, 'admin@demo.mx');
    for (let i = 0; i < 5; i++) {
      const a = `vecino${String(25 + i).padStart(3, '0')}@demo.mx`;
      const b = `vecino${String(30 + i).padStart(3, '0')}@demo.mx`;
      const apartment = await dwellingOf(t.app.db, a);
      await addHousemate(t.app.db, b, apartment);
      tokens[a] = await signInAs(t.app, a);
      tokens[b] = await signInAs(t.app, b);
      pairs.push({ apartment, a, b });
    }
    for (const who of ['residente', 'consejo', 'guardia']) tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    tokens.barred = await signInAs(t.app, DEMO_BARRED_VOTER.email);
  });

  it('keeps exactly one ballot of two members of a dwelling voting at once, and tells the other why', async () => {
    const pollId = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Carrera' }));
    const poll = await client.poll('admin', pollId);
    for (const { apartment, a, b } of pairs) {
      const [first, second] = await Promise.all([
        client.vote(a, pollId, apartment, [choose(poll, 0, 'si')]),
        client.vote(b, pollId, apartment, [choose(poll, 0, 'no')]),
      ]);
      expect([first.statusCode, second.statusCode].sort(), `${first.body} / ${second.body}`).toEqual([200, 409]);
      const [won, lost] = first.statusCode === 200 ? [first, second] : [second, first];
      const winner = won.json();
      assert(winner, VoteAnswer);
      const loser = lost.json();
      assert(loser, PollConflictAnswer);
      expect(loser).toMatchObject({ motivo: 'ya_voto', messageId: 'polls.refused.ya_voto' });
      expect(loser.message).toBe('Ya hay un voto registrado para ti o tu vivienda en esta votación; solo cuenta uno.');
      // The loser sees the dwelling voted, by whom and with which receipt, never what was chosen (secret).
      const seat = loser.poll.asientos.find((s) => s.ApmtId === apartment)!;
      expect(seat).toMatchObject({ estado: 'votado', recibo: winner.recibo, respuestas: null });
      expect(seat.VotoDe).toBeTruthy();
      const ballots = await t.app.db
        .selectFrom('poll_ballots')
        .select('id')
        .where('poll_id', '=', pollId)
        .where('seat_key', '=', `A:${apartment}`)
        .execute();
      expect(ballots).toHaveLength(1);
      const history = await t.app.db
        .selectFrom('poll_ballot_history')
        .select('kind')
        .where('ballot_id', '=', ballots[0]!.id)
        .execute();
      expect(history).toEqual([{ kind: 'voto' }]);
    }
    const results = (await client.poll('admin', pollId)).resultados!;
    expect(results.votantes).toBe(pairs.length);
    // The electorate was fixed once, whichever call came first.
    const fixes = await t.app.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'poll')
      .where('entity_id', '=', pollId)
      .where('action', '=', 'fijar_padron')
      .execute();
    expect(fixes).toHaveLength(1);
  });

  // Both calls past their checks, both waiting on the poll: released together, the unique index keeps one.
  it.skipIf(dialect !== 'postgres')('refuses the second insert of a seat when both calls passed their checks', async () => {
    const pollId = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Carrera bloqueada' }));
    const poll = await client.poll('admin', pollId);
    const { apartment, a, b } = pairs[0]!;
    const blocker = openDatabase(t.config);
    let settled: Promise<Awaited<ReturnType<typeof client.vote>>[]> | undefined;
    try {
      await blocker.db.transaction().execute(async (trx) => {
        await sql`select id from polls where id = ${pollId} for update`.execute(trx);
        const calls = Promise.all([
          client.vote(a, pollId, apartment, [choose(poll, 0, 'si')]),
          client.vote(b, pollId, apartment, [choose(poll, 0, 'no')]),
        ]);
        await vi.waitFor(
          async () => {
            const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock' and query like '%from "polls"%for share%'`.execute(
              blocker.db,
            );
            expect(rows[0]!.n).toBe(2);
          },
          { timeout: 5000, interval: 20 },
        );
        settled = calls;
      });
      const answers = await settled!;
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().motivo).toBe('ya_voto');
      const ballots = await t.app.db.selectFrom('poll_ballots').select('id').where('poll_id', '=', pollId).execute();
      expect(ballots).toHaveLength(1);
    } finally {
      await blocker.close();
    }
  });

  it('counts by indiviso in exact integer basis points, half up, over the whole electorate', async () => {
    const [yes, no, silent] = pairs.map((p) => p.apartment);
    // The whole property: 1 + 19 999 + 980 000 = 1 000 000; every other dwelling weighs nothing.
    await t.app.db.updateTable('apartments').set({ indiviso: 0 }).where('condo_id', '=', 1).execute();
    for (const [apartment, share] of [
      [yes!, 1],
      [no!, 19_999],
      [silent!, 980_000],
    ] as const) {
      await t.app.db.updateTable('apartments').set({ indiviso: share }).where('id', '=', apartment).execute();
    }
    const pollId = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Pesos', quorum: 2 }));
    const poll = await client.poll('admin', pollId);
    await client.voted(pairs[0]!.a, pollId, yes!, [choose(poll, 0, 'si')]);
    await client.voted(pairs[1]!.a, pollId, no!, [choose(poll, 0, 'no')]);
    const results = (await client.poll('admin', pollId)).resultados!;
    expect(results).toMatchObject({
      electorado: 260,
      electoradoPeso: 1_000_000,
      votantes: 2,
      votantesPeso: 20_000,
      // 20 000 of 1 000 000 = 2 %: the quorum of 2 % is met, exactly.
      participacion: 200,
      quorum: 2,
      quorumAlcanzado: true,
    });
    const options = results.preguntas[0]!.opciones.map((o) => [o.clave, o.votos, o.peso, o.porcentaje, o.porcentajePeso]);
    // 1 / 20 000 = 0.5 basis points → 1; 19 999 / 20 000 = 9 999.5 → 10 000 (half up, each on its own).
    expect(options).toEqual([
      ['si', 1, 1, 5_000, 1],
      ['no', 1, 19_999, 5_000, 10_000],
      ['abstencion', 0, 0, 0, 0],
    ]);
    // One dwelling one vote on the same ballots: the weights do not count.
    const byDwelling = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Por vivienda', conteo: 'vivienda' }));
    const plain = await client.poll('admin', byDwelling);
    await client.voted(pairs[0]!.a, byDwelling, yes!, [choose(plain, 0, 'si')]);
    await client.voted(pairs[1]!.a, byDwelling, no!, [choose(plain, 0, 'si')]);
    await client.voted(pairs[2]!.a, byDwelling, silent!, [choose(plain, 0, 'no')]);
    const counted = (await client.poll('admin', byDwelling)).resultados!;
    expect(counted).toMatchObject({ electoradoPeso: 260, votantesPeso: 3, participacion: 115 });
    expect(counted.preguntas[0]!.opciones.map((o) => [o.votos, o.porcentaje, o.porcentajePeso])).toEqual([
      [2, 6_667, 6_667],
      [1, 3_333, 3_333],
      [0, 0, 0],
    ]);
  });

  it('fixes weights and arrears at opening: a share changed or a debt paid later changes nothing', async () => {
    const barredHome = await dwellingOf(t.app.db, DEMO_BARRED_VOTER.email);
    const open = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Fijada' }));
    const upcoming = await client.create(
      'admin',
      voteDraft(clock, sectionId, { Titulo: 'Próxima', abre: localAt(clock, 3 * 24 * 60), cierra: localAt(clock, 5 * 24 * 60) }),
    );
    const before = (await client.poll('barred', open)).asientos[0]!;
    expect(before.estado).toBe('moroso');
    expect((await client.poll('barred', upcoming)).asientos[0]!.estado).toBe('moroso');
    const consejoHome = await dwellingOf(t.app.db, 'consejo@demo.mx');
    const weight = (await client.poll('consejo', open)).asientos[0]!.peso;

    // The debt paid in full today, and consejo's dwelling given half the property.
    await t.app.db
      .insertInto('dwelling_payments')
      .values({
        condo_id: 1,
        apartment_id: barredHome,
        account_id: (
          await t.app.db.selectFrom('ledger_accounts').select('id').where('condo_id', '=', 1).executeTakeFirstOrThrow()
        ).id,
        paid_on: '2026-11-21',
        reference: 'PAGO-TOTAL',
        amount_cents: before.adeudo!,
      })
      .execute();
    await t.app.db.updateTable('apartments').set({ indiviso: 500_000 }).where('id', '=', consejoHome).execute();

    const after = await client.poll('barred', open);
    expect(after.asientos[0]).toMatchObject({ estado: 'moroso', adeudo: before.adeudo, dias: before.dias });
    const refused = await client.vote('barred', open, barredHome, [choose(after, 0, 'si')]);
    expect(refused.json().motivo).toBe('moroso');
    expect((await client.poll('consejo', open)).asientos[0]!.peso).toBe(weight);
    // Not open yet: what fixing now would give.
    expect((await client.poll('barred', upcoming)).asientos[0]).toMatchObject({ estado: 'puede', adeudo: null });
    expect((await client.poll('consejo', upcoming)).asientos[0]!.peso).toBe(500_000);
  });

  it('fixes a survey’s people at opening: someone who reads the section later is not in it', async () => {
    const pollId = await client.create(
      'admin',
      voteDraft(clock, sectionId, {
        Titulo: 'Encuesta fijada',
        tipo: 'encuesta',
        conteo: 'persona',
        preguntas: [{ Texto: '¿Comentarios?', tipo: 'abierta', opciones: [], maximo: null }],
      }),
    );
    // The guard does not read the section (no active COM-ENC): not told, not in it.
    expect((await client.get('guardia', `/--encuestas/poll/${pollId}`)).statusCode).toBe(404);
    expect((await client.poll('residente', pollId)).asientos[0]!.estado).toBe('puede');
    const guard = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.id')
      .where('u.email', '=', 'guardia@demo.mx')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('user_permissions')
      .values({ membership_id: guard.id, clave: 'COM-ENC', tipo: 'ver', activa: 1 })
      .execute();
    const late = await client.poll('guardia', pollId);
    expect(late.asientos).toEqual([expect.objectContaining({ ApmtId: null, estado: 'no_elegible' })]);
    const refused = await client.vote('guardia', pollId, null, [
      { preguntaId: late.poll.preguntas[0]!.id, opciones: [], texto: 'Hola' },
    ]);
    expect(refused.json().motivo).toBe('no_elegible');
    // Free text is optional; an empty answer is still a ballot.
    const answered = await client.voted('residente', pollId, null, [{ preguntaId: late.poll.preguntas[0]!.id, opciones: [] }]);
    expect(answered.poll.asientos[0]!.estado).toBe('votado');
  });
});
