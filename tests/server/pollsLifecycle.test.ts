// A poll's life through the routes (issue 14, src/api/pollLifecycle.ts): a resident's proposal that the
// administrators hear of, edit, publish or reject; the draft's rules with the condominium's clock; editing only
// before opening; stale versions and refused actions as 409 with the fresh poll; extending, closing early and
// cancelling with their reasons, jobs, audit rows and notices (in each recipient's language); no vote after
// the closing time by the server's clock; and VerResultados 0, 1 and 2.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationWords } from '../../server/domain/shared/notificationWords';
import { POLLS_PATHS, PollAnswer, PollConflictAnswer, type PollListAnswer, PollSavedAnswer } from '../../src/api/polls';
import { api } from '../support/http';
import { choose, enSection, localAt, pollsClient, single, userId, voteDraft, yesNo } from '../support/pollServerFixtures';
import { PNG_1X1 } from '../support/routeMatrix';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp, testClock } from '../support/testApp';

const file = (name: string) => ({ name, dataUrl: PNG_1X1 });

describe(`the lifecycle of a poll (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const users: Record<string, number> = {};
  const client = pollsClient(() => t, tokens);
  let sectionId: number;
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { SESSION_IDLE_MINUTES: '10080' } });
    sectionId = await enSection(t.app.db);
    for (const who of ['admin', 'consejo', 'residente']) {
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
      users[who] = await userId(t.app.db, `${who}@demo.mx`);
    }
  });

  const change = (who: string, payload: object) => client.post(who, POLLS_PATHS.change, payload);
  const notices = (who: string, pollId: number) =>
    t.app.db
      .selectFrom('notifications')
      .select(['titulo', 'texto_app', 'modulo', 'props'])
      .where('user_id', '=', users[who]!)
      .where('props', 'like', `{"pollID":${pollId},%`)
      .orderBy('id')
      .execute();
  /** The poll's notifications as the member reads them in `language` (worded when read). */
  const noticesIn = async (who: string, pollId: number, language: 'en') =>
    (
      await t.app.db
        .selectFrom('notifications')
        .select(['titulo', 'texto_app', 'title_id', 'text_id', 'word_values'])
        .where('user_id', '=', users[who]!)
        .where('props', 'like', `{"pollID":${pollId},%`)
        .orderBy('id')
        .execute()
    ).map((n) => notificationWords(language, n));
  const audit = (pollId: number) =>
    t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('entity', '=', 'poll')
      .where('entity_id', '=', pollId)
      .orderBy('id')
      .execute();
  const jobs = (pollId: number) =>
    t.app.db
      .selectFrom('scheduled_jobs')
      .select(['kind', 'due_at'])
      .where('key', '=', String(pollId))
      .where('kind', 'like', 'poll-%')
      .where('done_at', 'is', null)
      .orderBy('kind')
      .execute();
  async function conflict(res: Promise<{ statusCode: number; body: string }>) {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(409);
    const body = JSON.parse(answer.body);
    assert(body, PollConflictAnswer);
    return body;
  }
  const survey = (Titulo: string, extra = {}) =>
    voteDraft(clock, sectionId, {
      Titulo,
      tipo: 'encuesta',
      conteo: 'persona',
      secreta: false,
      abre: localAt(clock, 24 * 60),
      cierra: localAt(clock, 4 * 24 * 60),
      preguntas: [single('¿Cuál?', ['Una', 'Otra'])],
      ...extra,
    });

  it('takes a resident’s proposal, tells the administrators, and lets them publish it', async () => {
    const saved = await expectOk<PollSavedAnswer>(
      client.post('residente', POLLS_PATHS.create, survey('Propuesta de Rosa')),
      PollSavedAnswer,
    );
    expect(saved.estado).toBe('propuesta');
    const id = saved.PollId;
    expect(await notices('admin', id)).toEqual([
      {
        titulo: 'Nueva propuesta de encuesta',
        texto_app: 'Rosa Hernández Díaz propuso «Propuesta de Rosa». Revísala para publicarla o rechazarla.',
        modulo: 'encuesta',
        props: JSON.stringify({ pollID: id, SectId: sectionId }),
      },
    ]);
    // Proposals: their proposer and the administrators only.
    expect((await client.get('consejo', POLLS_PATHS.poll(id))).statusCode).toBe(404);
    const listed = await expectOk<PollListAnswer>(client.get('admin', `${POLLS_PATHS.list}?fase=propuestas`));
    expect(listed.items.map((p) => [p.Titulo, p.PropuestoPor])).toEqual([['Propuesta de Rosa', 'Rosa Hernández Díaz']]);
    const own = await client.poll('residente', id);
    expect(own).toMatchObject({ puedeEditar: true, acciones: ['cancelar'] });
    expect(own.borrador).toMatchObject({ Titulo: 'Propuesta de Rosa', abre: localAt(clock, 24 * 60) });

    // The proposer edits it (version 1 → 2); the administrator, still on version 1, is refused with the fresh poll.
    const edited = await expectOk<PollAnswer>(
      client.post('residente', POLLS_PATHS.update, { ...survey('Propuesta de Rosa, corregida'), pollId: id, version: 1 }),
      PollAnswer,
    );
    expect(edited.poll.version).toBe(2);
    const stale = await conflict(change('admin', { pollId: id, version: 1, action: 'publicar' }));
    expect(stale).toMatchObject({ motivo: null, messageId: 'polls.conflict.changed' });
    expect(stale.poll.poll).toMatchObject({ Titulo: 'Propuesta de Rosa, corregida', version: 2 });

    const published = await expectOk<PollAnswer>(change('admin', { pollId: id, version: 2, action: 'publicar' }), PollAnswer);
    expect(published.poll).toMatchObject({ estado: 'publicada', fase: 'proxima', version: 3 });
    expect((await notices('residente', id)).map((n) => n.titulo)).toEqual(['Tu propuesta se publicó']);
    expect((await jobs(id)).map((j) => j.kind)).toEqual(['poll-close', 'poll-open', 'poll-reminder']);
    expect((await client.get('consejo', POLLS_PATHS.poll(id))).statusCode).toBe(200);
    // Published, it is the administrators' to edit; the proposer may no longer.
    expect((await client.poll('residente', id)).puedeEditar).toBe(false);
    expect((await audit(id)).map((a) => a.action)).toEqual(['create', 'update', 'publicar']);
  });

  it('rejects a proposal with a reason its proposer sees, and lets a proposer withdraw one', async () => {
    const id = (await expectOk<PollSavedAnswer>(client.post('consejo', POLLS_PATHS.create, survey('Idea de Carlos')))).PollId;
    const noReason = await client.post('admin', POLLS_PATHS.change, { pollId: id, version: 1, action: 'rechazar', motivo: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ messageId: 'polls.error.reasonRequired', field: 'motivo' });
    const rejected = await expectOk<PollAnswer>(
      change('admin', { pollId: id, version: 1, action: 'rechazar', motivo: 'Ya se votó en marzo.' }),
    );
    expect(rejected.poll).toMatchObject({ estado: 'rechazada', motivo: 'Ya se votó en marzo.' });
    expect(rejected.acciones).toEqual([]);
    expect((await client.poll('consejo', id)).poll.motivo).toBe('Ya se votó en marzo.');
    expect((await notices('consejo', id)).map((n) => n.texto_app)).toEqual([
      'La administración rechazó «Idea de Carlos»: Ya se votó en marzo.',
    ]);
    const withdrawn = (await expectOk<PollSavedAnswer>(client.post('consejo', POLLS_PATHS.create, survey('Otra idea')))).PollId;
    const gone = await expectOk<PollAnswer>(
      change('consejo', { pollId: withdrawn, version: 1, action: 'cancelar', motivo: 'Me equivoqué.' }),
    );
    expect(gone.poll).toMatchObject({ estado: 'cancelada', motivo: 'Me equivoqué.' });
    // A resident may not publish, nor touch another's proposal.
    const mine = (await expectOk<PollSavedAnswer>(client.post('consejo', POLLS_PATHS.create, survey('Tercera idea')))).PollId;
    expect((await conflict(change('consejo', { pollId: mine, version: 1, action: 'publicar' }))).messageId).toBe(
      'polls.conflict.action',
    );
    expect((await change('residente', { pollId: mine, version: 1, action: 'cancelar', motivo: 'No' })).statusCode).toBe(404);
  });

  it('takes proposals of encuestas only: a votación is the administration’s', async () => {
    const res = await client.post('residente', POLLS_PATHS.create, voteDraft(clock, sectionId, { Titulo: 'Votemos' }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ field: 'tipo', messageId: 'polls.error.proposalSurveyOnly' });
    // Nor may a proposal become one by an edit.
    const id = (await expectOk<PollSavedAnswer>(client.post('residente', POLLS_PATHS.create, survey('Idea')))).PollId;
    const own = await client.poll('residente', id);
    const edit = await client.post('residente', POLLS_PATHS.update, {
      ...own.borrador!,
      tipo: 'votacion',
      conteo: 'vivienda',
      pollId: id,
      version: own.poll.version,
    });
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json()).toMatchObject({ field: 'tipo', messageId: 'polls.error.proposalSurveyOnly' });
  });

  it('checks the draft with the condominium’s clock', async () => {
    const refused = async (draft: object, field: string, messageId: string) => {
      const res = await client.post('admin', POLLS_PATHS.create, draft);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field, messageId });
    };
    await refused(voteDraft(clock, sectionId, { abre: localAt(clock, -1) }), 'abre', 'polls.error.openingInPast');
    await refused(voteDraft(clock, sectionId, { cierra: localAt(clock, 30) }), 'cierra', 'polls.error.tooShort');
    await refused(voteDraft(clock, sectionId, { conteo: 'persona' }), 'conteo', 'polls.error.countingForKind');
    await refused(
      voteDraft(clock, sectionId, { preguntas: [{ Texto: 'Libre', tipo: 'abierta', opciones: [], maximo: null }] }),
      'pregunta.0',
      'polls.error.freeTextInVote',
    );
    await refused(
      voteDraft(clock, sectionId, { preguntas: [{ Texto: 'Varias', tipo: 'multiple', opciones: ['a', 'b', 'c'], maximo: 4 }] }),
      'pregunta.0',
      'polls.error.maximumRange',
    );
    // "Now" is the condominium's wall clock (12:00 in Mexico City), not UTC's 18:00.
    const id = await client.create(
      'admin',
      voteDraft(clock, sectionId, { abre: '2026-11-21T12:00', cierra: '2026-11-21T13:00' }),
    );
    const stored = await t.app.db
      .selectFrom('polls')
      .select(['opens_at', 'closes_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ opens_at: '2026-11-21T18:00:00.000Z', closes_at: '2026-11-21T19:00:00.000Z' });
  });

  it('edits only before opening, on the version seen', async () => {
    const upcoming = await client.create('admin', survey('Para editar'));
    const edited = await expectOk<PollAnswer>(
      client.post('admin', POLLS_PATHS.update, {
        ...survey('Editada', { preguntas: [yesNo('¿Sí o no?'), single('¿Cuál?', ['X', 'Y', 'Z'])] }),
        pollId: upcoming,
        version: 1,
      }),
    );
    expect(edited.poll.preguntas.map((q) => [q.Texto, q.opciones.map((o) => o.clave ?? o.Texto)])).toEqual([
      ['¿Sí o no?', ['si', 'no', 'abstencion']],
      ['¿Cuál?', ['X', 'Y', 'Z']],
    ]);
    const stale = await conflict(client.post('admin', POLLS_PATHS.update, { ...survey('Otra'), pollId: upcoming, version: 1 }));
    expect(stale.messageId).toBe('polls.conflict.changed');
    // Attachments: those kept stay, the others go, new ones follow them.
    const withFiles = await client.create('admin', survey('Con archivos', { adjuntos: [file('uno.png'), file('dos.png')] }));
    const [first] = (await client.poll('admin', withFiles)).poll.adjuntos;
    const files = await expectOk<PollAnswer>(
      client.post('admin', POLLS_PATHS.update, {
        ...survey('Con archivos', { adjuntos: [file('tres.png')] }),
        pollId: withFiles,
        version: 1,
        conservarAdjuntos: [first!.id],
      }),
    );
    expect(files.poll.adjuntos.map((a) => a.nombre)).toEqual(['uno.png', 'tres.png']);
    const open = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Abierta' }));
    const late = await conflict(
      client.post('admin', POLLS_PATHS.update, { ...voteDraft(clock, sectionId), pollId: open, version: 1 }),
    );
    expect(late.messageId).toBe('polls.conflict.action');
  });

  it('extends, closes early and cancels, each with its jobs, audit row and notices', async () => {
    const id = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Ciclo', secreta: false }));
    const poll = await client.poll('residente', id);
    await client.voted('residente', id, poll.asientos[0]!.ApmtId, [choose(poll, 0, 'si')]);
    const current = (await client.poll('admin', id)).poll;
    expect(current.version).toBe(1);

    const notLater = await client.post('admin', POLLS_PATHS.change, {
      pollId: id,
      version: 1,
      action: 'extender',
      cierra: localAt(clock, 60),
    });
    expect(notLater.json()).toMatchObject({ messageId: 'polls.error.closingNotLater', field: 'cierra' });
    const extended = await expectOk<PollAnswer>(
      change('admin', { pollId: id, version: 1, action: 'extender', cierra: localAt(clock, 10 * 24 * 60) }),
    );
    expect(Date.parse(extended.poll.cierra) - clock.now().getTime()).toBe(10 * 24 * 3_600_000);
    expect(await jobs(id)).toEqual([
      { kind: 'poll-close', due_at: extended.poll.cierra },
      { kind: 'poll-open', due_at: current.abre },
      { kind: 'poll-reminder', due_at: new Date(Date.parse(extended.poll.cierra) - 24 * 3_600_000).toISOString() },
    ]);
    // The electorate hears of the new closing: residente voted, consejo did not; both are told.
    expect((await notices('consejo', id)).map((n) => n.texto_app)).toEqual([
      `«Ciclo» ahora cierra el ${localAt(clock, 10 * 24 * 60).replace('T', ' ')}.`,
    ]);

    // Someone else closing it meanwhile would make this stale; closing now ends it early.
    const closed = await expectOk<PollAnswer>(change('admin', { pollId: id, version: 2, action: 'cerrar' }));
    expect(closed.poll).toMatchObject({ estado: 'cerrada', fase: 'cerrada', cierra: clock.now().toISOString() });
    expect(closed.resultados!.final).toBe(true);
    expect(await jobs(id)).toEqual([]);
    const row = await t.app.db
      .selectFrom('polls')
      .select(['closed_at', 'closes_at', 'results_notified'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // Closed early: its closing time is when it closed.
    expect(row).toEqual({ closed_at: clock.now().toISOString(), closes_at: clock.now().toISOString(), results_notified: 1 });
    // VerResultados 1: residente voted and is told; consejo did not and is not.
    expect((await notices('residente', id)).map((n) => n.titulo)).toContain('Resultados publicados');
    expect((await notices('consejo', id)).map((n) => n.titulo)).not.toContain('Resultados publicados');
    expect((await audit(id)).map((a) => [a.action, a.actor_user_id])).toEqual([
      ['create', users.admin],
      ['fijar_padron', null],
      ['extender', users.admin],
      ['cerrar', users.admin],
    ]);
    expect((await conflict(change('admin', { pollId: id, version: 3, action: 'cancelar', motivo: 'Tarde' }))).messageId).toBe(
      'polls.conflict.action',
    );
  });

  it('cancels with a reason everyone sees, told to the electorate in each one’s language', async () => {
    await t.app.db.updateTable('memberships').set({ language: 'en' }).where('user_id', '=', users.consejo!).execute();
    const id = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Para cancelar' }));
    const cancelled = await expectOk<PollAnswer>(
      change('admin', { pollId: id, version: 1, action: 'cancelar', motivo: 'Se repite la asamblea.' }),
    );
    expect(cancelled.poll).toMatchObject({ estado: 'cancelada', motivo: 'Se repite la asamblea.' });
    expect((await client.poll('residente', id)).poll.motivo).toBe('Se repite la asamblea.');
    expect((await notices('residente', id)).map((n) => [n.titulo, n.texto_app])).toEqual([
      ['Se canceló una votación', '«Para cancelar» se canceló: Se repite la asamblea.'],
    ]);
    // Stored in Spanish, read in the reader's language.
    expect((await noticesIn('consejo', id, 'en')).map((n) => [n.Titulo, n.TextoApp])).toEqual([
      ['A vote was cancelled', '“Para cancelar” was cancelled: Se repite la asamblea.'],
    ]);
    expect(await jobs(id)).toEqual([]);
    await t.app.db.updateTable('memberships').set({ language: 'es' }).where('user_id', '=', users.consejo!).execute();
  });

  it('takes no vote once the closing time has passed on the server’s clock, whatever the jobs did', async () => {
    const id = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Cierra pronto', cierra: localAt(clock, 60) }));
    const poll = await client.poll('consejo', id);
    clock.advanceMinutes(61);
    try {
      const res = await client.vote('consejo', id, poll.asientos[0]!.ApmtId, [choose(poll, 0, 'si')]);
      const body = await conflict(Promise.resolve(res));
      expect(body).toMatchObject({ motivo: 'cerrada', messageId: 'polls.refused.cerrada' });
      expect(body.poll.poll).toMatchObject({ estado: 'publicada', fase: 'cerrada' });
    } finally {
      clock.advanceMinutes(-61);
    }
  });

  it('shows results as VerResultados says: 0 administrators, 1 after voting, 2 everyone', async () => {
    const id = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Resultados' }));
    const poll = await client.poll('residente', id);
    await client.voted('residente', id, poll.asientos[0]!.ApmtId, [choose(poll, 0, 'no')]);
    const sees = async (who: string) => (await client.poll(who, id)).resultados !== null;
    const setting = async (value: number) =>
      t.app.db.updateTable('sections').set({ ver_resultados: value }).where('id', '=', sectionId).execute();
    try {
      await setting(0);
      expect([await sees('admin'), await sees('residente'), await sees('consejo')]).toEqual([true, false, false]);
      await setting(1);
      expect([await sees('admin'), await sees('residente'), await sees('consejo')]).toEqual([true, true, false]);
      await setting(2);
      expect([await sees('admin'), await sees('residente'), await sees('consejo')]).toEqual([true, true, true]);
      // Not before it opens, whatever the setting.
      const upcoming = await client.create('admin', survey('Sin resultados aún'));
      expect((await client.poll('admin', upcoming)).resultados).toBeNull();
      expect((await client.poll('consejo', upcoming)).resultados).toBeNull();
    } finally {
      await setting(1);
    }
    // Only administrators see who is still to vote.
    expect((await client.poll('admin', id)).resultados!.pendientes).not.toBeNull();
    expect((await client.poll('residente', id)).resultados!.pendientes).toBeNull();
  });

  it('answers a poll of another condominium with 404', async () => {
    const bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const id = await client.create('admin', voteDraft(clock, sectionId, { Titulo: 'Solo Palmas' }));
    expect((await call(t.app, 'GET', api(POLLS_PATHS.poll(id)), { token: bosque })).statusCode).toBe(404);
    const list = await call(t.app, 'GET', api(POLLS_PATHS.list), { token: bosque });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(0);
  });
});
