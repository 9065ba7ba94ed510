// Surveys and votes (issue 14) through the routes, on the demo data: every dwelling's indiviso share, the EN
// section's settings, the open weighted votación with the arrears rule against the ledger seed (the barred
// neighbour is refused with the debt as of the opening), residente voting with a receipt (mailed, checkable,
// never saying what was chosen), the answers' checks, the lists by phase, and the secret ballot: no answer,
// CSV or acta puts a person beside a choice, while the closed public votación lists who chose what.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BARRED_VOTER, DEMO_POLL_SECTION, DEMO_POLLS, demoBarredDebtCents } from '../../server/db/seed/demoFacts';
import { CUOTA_CENTS, DUE_DAY } from '../../server/db/seed/ledger';
import { openPollsToAnswer } from '../../server/domain/polls/list';
import { percentText } from '../../server/domain/polls/pollCsv';
import {
  INDIVISO_WHOLE,
  POLLS_PATHS,
  PollConflictAnswer,
  type PollListAnswer,
  type PollsHomeAnswer,
  RECEIPT_PATTERN,
  type ReceiptAnswer,
} from '../../src/api/polls';
import { pdfText } from '../support/pdfText';
import { choose, dwellingOf, enSection, pollsClient } from '../support/pollServerFixtures';
import { createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

describe(`surveys and votes on the demo data (${dialect})`, () => {
  // Saturday 21 November 2026, noon in Mexico City: the open votación opened on the 20th.
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const client = pollsClient(() => t, tokens);
  const ids: Record<keyof typeof DEMO_POLLS, number> = {} as never;
  let sectionId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const who of ['admin', 'consejo', 'residente', 'empleado', 'guardia'])
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    tokens.barred = await signInAs(t.app, DEMO_BARRED_VOTER.email);
    tokens.voter = await signInAs(t.app, 'vecino014@demo.mx');
    sectionId = await enSection(t.app.db);
    for (const [key, title] of Object.entries(DEMO_POLLS)) {
      if (typeof title !== 'string') continue;
      ids[key as keyof typeof DEMO_POLLS] = (
        await t.app.db.selectFrom('polls').select('id').where('title', '=', title).executeTakeFirstOrThrow()
      ).id;
    }
  });

  it('gives every dwelling of every demo condominium a share, exactly the whole property per condominium', async () => {
    const rows = await t.app.db
      .selectFrom('apartments as a')
      .leftJoin('towers as tw', 'tw.id', 'a.tower_id')
      .select(['a.condo_id', 'a.indiviso', 'tw.name as tower', 'a.name'])
      .execute();
    const sums = new Map<number, number>();
    for (const r of rows) {
      expect(r.indiviso).toBeGreaterThan(0);
      sums.set(r.condo_id, (sums.get(r.condo_id) ?? 0) + Number(r.indiviso));
    }
    expect([...sums.values()]).toEqual([INDIVISO_WHOLE, INDIVISO_WHOLE, INDIVISO_WHOLE]);
    const share = (tower: string | null, name: string) =>
      Number(rows.find((r) => r.tower === tower && r.name === name)!.indiviso);
    expect(share('Torre B', '101')).toBeGreaterThan(share('Torre A', '101'));
    expect(share(null, 'Casa 1')).toBeGreaterThan(share('Torre B', '110'));
  });

  it('sets the EN section of Las Palmas: 60 days of arrears, results after voting, receipts by e-mail', async () => {
    const home = await expectOk<PollsHomeAnswer>(client.get('residente', POLLS_PATHS.home));
    expect(home.secciones).toEqual([
      {
        SectId: sectionId,
        SectName: 'Encuestas y votaciones',
        SectPosting: 'A',
        VerResultados: DEMO_POLL_SECTION.verResultados,
        EnviarCopia: DEMO_POLL_SECTION.enviarCopia,
        TiempoMoroso: DEMO_POLL_SECTION.tiempoMoroso,
        MensajeConfirmacion: 'Gracias por tu voto.',
      },
    ]);
    expect(home).toMatchObject({ zonaHoraria: 'America/Mexico_City', ahoraLocal: '2026-11-21T12:00', canCreate: false });
    expect(home.proposeIn).toEqual([sectionId]);
    expect(home.canManage).toBe(false);
    const admin = await expectOk<PollsHomeAnswer>(client.get('admin', POLLS_PATHS.home));
    expect(admin).toMatchObject({ canCreate: true, proposeIn: [], canManage: true });
  });

  it('bars the neighbour in arrears from the open votación, with the debt and its age at the opening', async () => {
    const poll = await client.poll('barred', ids.openVote);
    expect(poll.poll.fase).toBe('abierta');
    expect(poll.asientos).toHaveLength(1);
    const [seat] = poll.asientos;
    expect(seat).toMatchObject({ Nombre: DEMO_BARRED_VOTER.dwelling, estado: 'moroso', recibo: null, respuestas: null });
    expect(seat!.adeudo).toBe(demoBarredDebtCents(clock.now()));
    expect(seat!.adeudo).toBe(5 * 260_000);
    expect([DEMO_BARRED_VOTER.cuotaCents, DEMO_BARRED_VOTER.dueDay]).toEqual([CUOTA_CENTS.house, DUE_DAY]);
    // Loaded on the 5th, the opening day (the 4th) comes before that month's cuota falls due.
    expect(demoBarredDebtCents(new Date('2026-11-05T18:00:00Z'))).toBe(4 * 260_000);
    // The oldest unpaid cuota fell due on 10 July; the arrears are read as of the opening day, 20 November.
    expect(seat!.dias).toBe(133);
    const refused = await client.vote('barred', ids.openVote, await dwellingOf(t.app.db, DEMO_BARRED_VOTER.email), [
      choose(poll, 0, 'si'),
      choose(poll, 1, poll.poll.preguntas[1]!.opciones[0]!.Texto),
    ]);
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    assert(body, PollConflictAnswer);
    expect(body).toMatchObject({ motivo: 'moroso', messageId: 'polls.refused.moroso', code: 'CONFLICT' });
    expect(body.poll.asientos[0]!.estado).toBe('moroso');
    expect(await t.app.db.selectFrom('poll_ballots').select('id').where('seat_key', '=', `A:${seat!.ApmtId}`).execute()).toEqual(
      [],
    );
  });

  it('lets residente and consejo vote in it: their dwellings are not in arrears', async () => {
    for (const who of ['residente', 'consejo']) {
      const poll = await client.poll(who, ids.openVote);
      expect(poll.asientos.map((s) => s.estado)).toEqual(['puede']);
      expect(poll.asientos[0]!.peso).toBeGreaterThan(0);
      // VerResultados 1: not before voting.
      expect(poll.resultados).toBeNull();
    }
  });

  it('takes residente’s vote: a receipt, the confirmation, a mailed receipt without the choice, results now shown', async () => {
    const poll = await client.poll('residente', ids.openVote);
    const apartment = poll.asientos[0]!.ApmtId!;
    const answer = await client.voted('residente', ids.openVote, apartment, [
      choose(poll, 0, 'si'),
      choose(poll, 1, poll.poll.preguntas[1]!.opciones[1]!.Texto),
    ]);
    expect(answer.recibo).toMatch(RECEIPT_PATTERN);
    expect(answer).toMatchObject({ MensajeConfirmacion: 'Gracias por tu voto.', copiaEnviada: true, cambio: false });
    expect(answer.FechaVoto).toBe(clock.now().toISOString());
    const [seat] = answer.poll.asientos;
    expect(seat).toMatchObject({ estado: 'votado', recibo: answer.recibo, VotoDe: null });
    // Their own choices come back to them.
    expect(seat!.respuestas!.map((r) => r.opciones)).toEqual([
      [poll.poll.preguntas[0]!.opciones[0]!.id],
      [poll.poll.preguntas[1]!.opciones[1]!.id],
    ]);
    expect(answer.poll.poll.haVotado).toBe(true);
    // Secret ballot: the count, no names beside choices, no pending list for a resident.
    expect(answer.poll.resultados).not.toBeNull();
    expect(answer.poll.resultados!.votos).toBeNull();
    expect(answer.poll.resultados!.pendientes).toBeNull();
    expect(answer.poll.resultados!.votantes).toBe(10);

    const again = await client.vote('residente', ids.openVote, apartment, [
      choose(poll, 0, 'no'),
      choose(poll, 1, poll.poll.preguntas[1]!.opciones[0]!.Texto),
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ motivo: 'ya_voto', messageId: 'polls.refused.ya_voto' });

    const receipt = await expectOk<ReceiptAnswer>(
      client.get('consejo', `${POLLS_PATHS.receipt}?pollId=${ids.openVote}&codigo=${answer.recibo}`),
    );
    expect(receipt).toEqual({ success: true, contado: true, FechaVoto: answer.FechaVoto });
    const unknown = await expectOk<ReceiptAnswer>(
      client.get('residente', `${POLLS_PATHS.receipt}?pollId=${ids.openVote}&codigo=0000-0000-0000`),
    );
    expect(unknown).toEqual({ success: true, contado: false, FechaVoto: null });

    // Without SMTP_URL the receipt waits in the outbox (sent after the answer).
    await t.app.tasks.drain();
    const mail = await t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'residente@demo.mx')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Comprobante de tu participación: ${DEMO_POLLS.openVote}`);
    expect(mail.text).toContain(answer.recibo);
    expect(mail.text).toContain('Torre A - 101');
    expect(mail.text).toContain('La votación es secreta');
    for (const option of poll.poll.preguntas.flatMap((q) => q.opciones)) expect(mail.text).not.toContain(option.Texto);
  });

  it('changes a vote where the poll allows it: the same ballot and receipt, other choices, a line of history', async () => {
    // vecino014 answered the open survey (secret, changeable) when the demo was loaded.
    const before = await client.poll('voter', ids.openSurvey);
    const [seat] = before.asientos;
    expect(seat).toMatchObject({ ApmtId: null, estado: 'votado', VotoDe: null });
    expect(seat!.respuestas).not.toBeNull();
    const counted = (await client.poll('admin', ids.openSurvey)).resultados!.votantes;
    const [cleaning, improvements, comment] = before.poll.preguntas;
    const changed = await client.voted('voter', ids.openSurvey, null, [
      { preguntaId: cleaning!.id, opciones: [cleaning!.opciones[3]!.id] },
      { preguntaId: improvements!.id, opciones: [improvements!.opciones[2]!.id] },
      { preguntaId: comment!.id, opciones: [], texto: '  Gracias.  ' },
    ]);
    expect(changed).toMatchObject({ cambio: true, recibo: seat!.recibo });
    expect(changed.poll.asientos[0]!.respuestas).toEqual([
      { preguntaId: cleaning!.id, opciones: [cleaning!.opciones[3]!.id] },
      { preguntaId: improvements!.id, opciones: [improvements!.opciones[2]!.id] },
      { preguntaId: comment!.id, opciones: [], texto: 'Gracias.' },
    ]);
    const results = (await client.poll('admin', ids.openSurvey)).resultados!;
    expect(results.votantes).toBe(counted);
    expect(results.preguntas[2]!.textos).toContain('Gracias.');
    const ballot = await t.app.db
      .selectFrom('poll_ballots')
      .select(['id', 'version', 'changed_at'])
      .where('receipt', '=', seat!.recibo!)
      .executeTakeFirstOrThrow();
    expect(ballot).toMatchObject({ version: 2, changed_at: clock.now().toISOString() });
    const history = await t.app.db
      .selectFrom('poll_ballot_history')
      .select('kind')
      .where('ballot_id', '=', ballot.id)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.kind)).toEqual(['voto', 'cambio']);
    // Choosing more than the question's maximum is refused.
    const tooMany = await client.vote('voter', ids.openSurvey, null, [
      { preguntaId: cleaning!.id, opciones: [cleaning!.opciones[0]!.id] },
      { preguntaId: improvements!.id, opciones: improvements!.opciones.slice(0, 3).map((o) => o.id) },
    ]);
    expect(tooMany.json()).toMatchObject({ messageId: 'polls.error.invalidChoice' });
  });

  it('refuses answers that do not fit the questions, and a seat that is not the caller’s', async () => {
    const poll = await client.poll('consejo', ids.openVote);
    const apartment = poll.asientos[0]!.ApmtId!;
    const [yes, quote] = [choose(poll, 0, 'si'), choose(poll, 1, poll.poll.preguntas[1]!.opciones[0]!.Texto)];
    const bad = [
      [yes],
      [{ ...yes, opciones: [...yes.opciones, choose(poll, 0, 'no').opciones[0]!] }, quote],
      [{ ...yes, opciones: quote.opciones }, quote],
      [yes, quote, yes],
      [yes, { ...quote, opciones: [] }],
      [yes, { ...quote, texto: 'Otra' }],
    ];
    for (const respuestas of bad) {
      const res = await client.vote('consejo', ids.openVote, apartment, respuestas);
      expect(res.statusCode, JSON.stringify(respuestas)).toBe(400);
      expect(res.json().messageId).toBe('polls.error.invalidChoice');
    }
    expect((await client.vote('consejo', ids.openVote, null, [yes, quote])).statusCode).toBe(400);
    const notMine = await client.vote('consejo', ids.openVote, await dwellingOf(t.app.db, 'residente@demo.mx'), [yes, quote]);
    expect(notMine.statusCode).toBe(409);
    expect(notMine.json().motivo).toBe('no_elegible');
    // Nothing was written for consejo's dwelling.
    expect(await t.app.db.selectFrom('poll_ballots').select('id').where('seat_key', '=', `A:${apartment}`).execute()).toEqual([]);
  });

  it('lists the polls by phase, a page at a time', async () => {
    const list = async (query: string) => expectOk<PollListAnswer>(client.get('consejo', `${POLLS_PATHS.list}${query}`));
    const titles = (answer: PollListAnswer) => answer.items.map((p) => p.Titulo);
    expect(titles(await list('?fase=abiertas')).sort()).toEqual([DEMO_POLLS.openSurvey, DEMO_POLLS.openVote].sort());
    expect(titles(await list('?fase=proximas'))).toEqual([DEMO_POLLS.upcomingSurvey]);
    expect(titles(await list('?fase=cerradas'))).toEqual([DEMO_POLLS.closedVote]);
    expect(titles(await list('?fase=propuestas'))).toEqual([]);
    const all = await list('');
    expect(all.total).toBe(4);
    // Newest opening first.
    expect(titles(all)).toEqual([DEMO_POLLS.upcomingSurvey, DEMO_POLLS.openVote, DEMO_POLLS.openSurvey, DEMO_POLLS.closedVote]);
    const page = await list('?limit=1&offset=1');
    expect(page).toMatchObject({ total: 4, items: [{ Titulo: DEMO_POLLS.openVote }] });
    const residente = await expectOk<PollListAnswer>(client.get('residente', `${POLLS_PATHS.list}?fase=abiertas`));
    expect(residente.items.find((p) => p.PollId === ids.openVote)!.haVotado).toBe(true);
    expect(residente.items.find((p) => p.PollId === ids.openSurvey)!.haVotado).toBe(false);
    // What waits for each on the home: open polls not voted in yet.
    const auth = async (email: string) => {
      const m = await t.app.db
        .selectFrom('memberships as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.user_id'])
        .where('u.email', '=', email)
        .where('m.condo_id', '=', 1)
        .executeTakeFirstOrThrow();
      return { sessionId: 0, userId: m.user_id, condoId: 1, membershipId: m.id, language: 'es' as const };
    };
    const waiting = async (email: string) => openPollsToAnswer(t.app.db, clock, await auth(email));
    expect(await waiting('residente@demo.mx')).toEqual(new Map([[sectionId, 1]]));
    expect(await waiting('consejo@demo.mx')).toEqual(new Map([[sectionId, 2]]));
    expect(await waiting('guardia@demo.mx')).toEqual(new Map());
  });

  it('shows the upcoming survey without results, and the seat it will give', async () => {
    const poll = await client.poll('residente', ids.upcomingSurvey);
    expect(poll.poll).toMatchObject({ fase: 'proxima', fijadoEn: null });
    expect(poll.asientos).toEqual([expect.objectContaining({ ApmtId: null, Nombre: 'Rosa Hernández Díaz', estado: 'puede' })]);
    expect(poll.resultados).toBeNull();
    const refused = await client.vote('residente', ids.upcomingSurvey, null, [choose(poll, 0, '6:00 a 14:00')]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().motivo).toBe('no_abierta');
  });

  it('never puts a person beside a choice on a secret ballot: not in the administrator’s answer, the CSV or the acta', async () => {
    const ballots = await t.app.db
      .selectFrom('poll_ballots as b')
      .innerJoin('poll_electorate as e', (j) => j.onRef('e.poll_id', '=', 'b.poll_id').onRef('e.seat_key', '=', 'b.seat_key'))
      .innerJoin('users as u', 'u.id', 'b.cast_by')
      .select(['b.receipt', 'e.name as seat', 'u.name as person'])
      .where('b.poll_id', '=', ids.openVote)
      .execute();
    expect(ballots.length).toBe(10);
    const admin = await client.poll('admin', ids.openVote);
    expect(admin.resultados!.votos).toBeNull();
    // Who has not voted yet: administrators only, names only.
    expect(admin.resultados!.pendientes).toHaveLength(admin.resultados!.electorado - 10);
    const answerText = JSON.stringify(admin);
    const csv = await client.get('admin', POLLS_PATHS.csv(ids.openVote));
    expect(csv.statusCode).toBe(200);
    const acta = await client.get('admin', POLLS_PATHS.acta(ids.openVote));
    expect(acta.statusCode).toBe(200);
    const actaText = pdfText(acta.rawPayload);
    for (const b of ballots) {
      for (const text of [answerText, csv.body, actaText]) {
        expect(text).not.toContain(b.receipt);
        expect(text).not.toContain(b.person);
      }
      // The voters' dwellings appear in none of the documents (the pending list is the screen's only).
      expect(csv.body).not.toContain(b.seat);
      expect(actaText).not.toContain(b.seat);
    }
  });

  it('exports the result as CSV and the acta as PDF, the acta showing the weighted result', async () => {
    const admin = await client.poll('admin', ids.openVote);
    const csv = await client.get('admin', POLLS_PATHS.csv(ids.openVote));
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="votacion-\d+-Impermeabilizacion-de-azoteas-2026\.csv"$/,
    );
    expect(csv.body).toContain(DEMO_POLLS.openVote);
    const acta = await client.get('admin', POLLS_PATHS.acta(ids.openVote));
    expect(acta.headers['content-type']).toBe('application/pdf');
    expect(acta.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(acta.rawPayload);
    const yes = admin.resultados!.preguntas[0]!.opciones.find((o) => o.clave === 'si')!;
    expect(text).toContain(percentText(yes.porcentajePeso));
    expect(text).toContain(percentText(admin.resultados!.participacion));
    // Others may not export; an upcoming poll has nothing to export yet.
    expect((await client.get('consejo', POLLS_PATHS.csv(ids.openVote))).statusCode).toBe(403);
    expect((await client.get('admin', POLLS_PATHS.acta(ids.upcomingSurvey))).statusCode).toBe(409);
  });

  it('lists who chose what on the closed public votación, to whoever may see its results', async () => {
    const admin = await client.poll('admin', ids.closedVote);
    expect(admin.poll).toMatchObject({ fase: 'cerrada', estado: 'cerrada', secreta: false, conteo: 'vivienda' });
    const results = admin.resultados!;
    expect(results.final).toBe(true);
    expect(results.votos!.length).toBe(results.votantes);
    expect(results.votantes).toBe(46);
    expect(results.quorumAlcanzado).toBe(true);
    // residente did not vote in it: VerResultados 1 keeps the results from them.
    expect((await client.poll('residente', ids.closedVote)).resultados).toBeNull();
    const acta = pdfText((await client.get('admin', POLLS_PATHS.acta(ids.closedVote))).rawPayload);
    expect(acta).toContain(results.votos![0]!.Nombre);
  });
});
