// Assemblies (src/api/assemblies.ts, issue 32) on both databases: a draft checked beyond its shape (writing nothing
// when refused); sending the call posts an important notice in the notices section, writes the calendar's
// 'asamblea' event and queues a mail per owner; the quorum of each call from the exact indiviso sums of the owners
// present (tenants do not count); opening refused below the current call's quorum (409 with the assembly), allowed
// once met; moving through the calls (none after the third); a stale version refused; attendance written at once by
// many calls leaves one row per dwelling and kind and the exact sum; answers ahead until it opens; the call's PDF;
// the board manages only where the settings allow it. The demo has an upcoming called assembly and a closed one.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LEGAL_TEXT, DEMO_PAST_ASSEMBLY, DEMO_UPCOMING_ASSEMBLY } from '../../server/db/seed/assemblies';
import {
  ASSEMBLY_PATHS,
  AssembliesAnswer,
  AssemblyAnswer,
  type AssemblyConflictAnswer,
  assemblyPath,
  assemblyPdfPath,
} from '../../src/api/assemblies';
import { quorumMet } from '../../src/api/assemblyQuorum';
import {
  assemblyDraft,
  attend,
  change,
  condoIdOf,
  confirm,
  create,
  dwellingsOf,
  freshAssembly,
} from '../support/assembliesServerFixtures';
import { api } from '../support/http';
import { pdfText } from '../support/pdfText';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

describe(`assemblies (${dialect})`, () => {
  let t: TestApp;
  let admin: string;
  let board: string;
  let resident: string;
  let palmas: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx');
    board = await signInAs(t.app, 'consejo@demo.mx');
    resident = await signInAs(t.app, 'residente@demo.mx');
    palmas = await condoIdOf(t.app.db, 'palmas');
  });

  const read = async (token: string, id: number) =>
    (await expectOk<AssemblyAnswer>(call(t.app, 'GET', api(assemblyPath(id)), { token }), AssemblyAnswer)).data;
  const count = async (table: 'assemblies' | 'assembly_attendance', where?: [string, number]) => {
    let query = t.app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    if (where) query = query.where(where[0] as never, '=', where[1] as never);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it('lists the demo: the upcoming extraordinary one called, the past one closed', async () => {
    const list = await expectOk<AssembliesAnswer>(
      call(t.app, 'GET', api(ASSEMBLY_PATHS.list), { token: resident }),
      AssembliesAnswer,
    );
    const upcoming = list.items.find((a) => a.title === DEMO_UPCOMING_ASSEMBLY);
    const past = list.items.find((a) => a.title === DEMO_PAST_ASSEMBLY);
    expect(upcoming).toMatchObject({ kind: 'extraordinary', state: 'called' });
    expect(past).toMatchObject({ kind: 'ordinary', state: 'closed' });
    expect(list.items.indexOf(upcoming!)).toBeLessThan(list.items.indexOf(past!));
    expect(list.manages).toBe(false);
    const closed = await read(admin, past!.id);
    expect(closed.quorum.met).toBe(true);
    expect(closed.quorum.present * 100).toBeGreaterThan(50 * closed.quorum.total);
  });

  it('refuses a draft without a place or link, with calls out of order, or a qualified item without its percent, writing nothing', async () => {
    const before = await count('assemblies');
    const noPlace = await create(t, admin, assemblyDraft({ place: ' ', videoLink: '' }));
    expect(noPlace.statusCode).toBe(400);
    expect(JSON.parse(noPlace.body)).toMatchObject({ field: 'place' });
    const order = assemblyDraft();
    order.calls[1]!.at = '2031-03-10T18:00';
    expect((await create(t, admin, order)).statusCode).toBe(400);
    const qualified = assemblyDraft();
    qualified.items[0]!.qualifiedPercent = null;
    expect((await create(t, admin, qualified)).statusCode).toBe(400);
    expect((await create(t, admin, { ...assemblyDraft(), calls: [] })).statusCode).toBe(400);
    expect((await create(t, admin, assemblyDraft({ videoLink: 'http://plain.example' }))).statusCode).toBe(400);
    expect(await count('assemblies')).toBe(before);
  });

  it('sends the call: an important notice, the calendar event, a mail per owner; drafts hidden from residents', async () => {
    const draft = (await expectOk<AssemblyAnswer>(create(t, admin, assemblyDraft()), AssemblyAnswer)).data;
    expect(draft).toMatchObject({ state: 'draft', currentCall: 0, actions: ['call', 'cancel'] });
    expect(draft.calls.map((c) => [c.at, c.percent, c.strict])).toEqual([
      ['2031-03-10T19:00', 75, false],
      ['2031-03-10T19:30', 50, true],
      ['2031-03-10T20:00', 0, true],
    ]);
    expect((await call(t.app, 'GET', api(assemblyPath(draft.id)), { token: resident })).statusCode).toBe(404);
    const mailsBefore = Number(
      (
        await t.app.db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const called = (await expectOk<AssemblyAnswer>(change(t, admin, draft.id, 'call', draft.version), AssemblyAnswer)).data;
    expect(called.state).toBe('called');
    expect(called.noticeScreen).toMatch(/^\/comunicacion\/seccion\/\d+$/);
    const row = await t.app.db.selectFrom('assemblies').selectAll().where('id', '=', draft.id).executeTakeFirstOrThrow();
    const post = await t.app.db.selectFrom('posts').selectAll().where('id', '=', row.post_id!).executeTakeFirstOrThrow();
    expect(post).toMatchObject({ is_important: 1, status: 'A' });
    expect(post.title).toContain('Reparación del elevador');
    expect(post.body).toContain('Presupuesto del elevador');
    const event = await t.app.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('id', '=', row.calendar_event_id!)
      .executeTakeFirstOrThrow();
    expect(event.kind).toBe('asamblea');
    const owners = await t.app.db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .select('m.user_id')
      .distinct()
      .where('m.condo_id', '=', palmas)
      .where('m.active', '=', 1)
      .where('r.kind', '=', 'owner')
      .execute();
    const mails = await t.app.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    const sent = mails.slice(mailsBefore).filter((m) => m.subject.includes('Reparación del elevador'));
    expect(sent.length).toBe(owners.length);
    expect(owners.length).toBeGreaterThan(0);
    expect((await read(resident, draft.id)).mayConfirm).toBe(true);
    // The call is sent once.
    const again = await change(t, admin, draft.id, 'call', called.version);
    expect(again.statusCode).toBe(409);
  });

  it('counts the quorum of each call from the owners present, exactly; opens only once it is met', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'called');
    let a = (await expectOk<AssemblyAnswer>(change(t, admin, id, 'convene', 1), AssemblyAnswer)).data;
    expect(a).toMatchObject({ state: 'waiting', currentCall: 1 });
    expect(a.actions).not.toContain('open');
    const dwellings = await dwellingsOf(t.app.db, palmas);
    const total = dwellings.reduce((s, d) => s + d.indiviso, 0);
    expect(a.quorum).toMatchObject({ present: 0, total, met: false });
    // Owners until just above half, none reaching 75 %.
    let present = 0;
    const marked: number[] = [];
    for (const d of dwellings) {
      if (present * 100 > 50 * total) break;
      expect((await attend(t, admin, id, d.id)).statusCode).toBe(200);
      present += d.indiviso;
      marked.push(d.id);
    }
    // A tenant does not count.
    const unmarked = dwellings.find((d) => !marked.includes(d.id))!;
    a = (await expectOk<AssemblyAnswer>(attend(t, admin, id, unmarked.id, 'online', 'tenant'), AssemblyAnswer)).data;
    expect(a.quorum.present).toBe(present);
    expect(a.quorum.dwellingsPresent).toBe(marked.length);
    expect(a.quorum.met).toBe(quorumMet(present, total, { percent: 75, strict: false }));
    expect(a.quorum.met).toBe(false);
    const refused = await change(t, admin, id, 'open', a.version);
    expect(refused.statusCode).toBe(409);
    const body = JSON.parse(refused.body) as AssemblyConflictAnswer;
    expect(body.message).toBe('No se ha alcanzado el quórum de la convocatoria en curso.');
    expect(body.assembly).toMatchObject({ state: 'waiting', currentCall: 1 });
    a = (await expectOk<AssemblyAnswer>(change(t, admin, id, 'nextCall', a.version), AssemblyAnswer)).data;
    expect(a).toMatchObject({ state: 'waiting', currentCall: 2 });
    expect(a.quorum.met).toBe(true);
    expect(a.actions).toContain('open');
    // One owner less and the second call's quorum is lost again.
    const last = marked.at(-1)!;
    a = (await expectOk<AssemblyAnswer>(attend(t, admin, id, last, null), AssemblyAnswer)).data;
    expect(a.quorum.present).toBe(present - dwellings.find((d) => d.id === last)!.indiviso);
    expect(a.quorum.met).toBe(false);
    expect((await change(t, admin, id, 'open', a.version)).statusCode).toBe(409);
    a = (await expectOk<AssemblyAnswer>(attend(t, admin, id, last, 'online'), AssemblyAnswer)).data;
    a = (await expectOk<AssemblyAnswer>(change(t, admin, id, 'open', a.version), AssemblyAnswer)).data;
    expect(a.state).toBe('open');
    // Answers ahead end when it opens; attendance goes on.
    expect((await confirm(t, resident, id, 'online')).statusCode).toBe(409);
    a = (await expectOk<AssemblyAnswer>(change(t, admin, id, 'close', a.version), AssemblyAnswer)).data;
    expect(a.state).toBe('closed');
    expect((await attend(t, admin, id, last, null)).statusCode).toBe(409);
  });

  it('moves through the calls: none after the third, whose any attendance is enough', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'waiting');
    let a = await read(admin, id);
    a = (await expectOk<AssemblyAnswer>(change(t, admin, id, 'nextCall', a.version), AssemblyAnswer)).data;
    a = (await expectOk<AssemblyAnswer>(change(t, admin, id, 'nextCall', a.version), AssemblyAnswer)).data;
    expect(a.currentCall).toBe(3);
    expect(a.quorum.met).toBe(false);
    const none = await change(t, admin, id, 'nextCall', a.version);
    expect(none.statusCode).toBe(409);
    expect(JSON.parse(none.body).message).toBe('No hay otra convocatoria.');
    const [first] = await dwellingsOf(t.app.db, palmas);
    a = (await expectOk<AssemblyAnswer>(attend(t, admin, id, first!.id), AssemblyAnswer)).data;
    expect(a.quorum.met).toBe(true);
    // A stale version is refused with the assembly as it is.
    const stale = await change(t, admin, id, 'open', 1);
    expect(stale.statusCode).toBe(409);
    expect((JSON.parse(stale.body) as AssemblyConflictAnswer).assembly.version).toBe(a.version);
  });

  it('keeps one row per dwelling and the exact sum when attendance is written at once', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'waiting');
    const dwellings = (await dwellingsOf(t.app.db, palmas)).slice(0, 8);
    const answers = await Promise.all([
      ...dwellings.map((d) => attend(t, admin, id, d.id)),
      ...dwellings.map((d) => attend(t, admin, id, d.id, 'online')),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await count('assembly_attendance', ['assembly_id', id])).toBe(dwellings.length);
    const a = await read(admin, id);
    expect(a.quorum.present).toBe(dwellings.reduce((s, d) => s + d.indiviso, 0));
    expect(a.quorum.dwellingsPresent).toBe(dwellings.length);
  });

  it('takes a resident’s answer ahead, shown to the administrator by dwelling', async () => {
    const id = await freshAssembly(t.app.db, palmas, 'called');
    const mine = (await expectOk<AssemblyAnswer>(confirm(t, resident, id, 'in_person'), AssemblyAnswer)).data;
    expect(mine).toMatchObject({ myAnswer: 'in_person', manages: false, attendance: null, actions: [] });
    expect((await expectOk<AssemblyAnswer>(confirm(t, resident, id, 'online'), AssemblyAnswer)).data.myAnswer).toBe('online');
    const seen = await read(admin, id);
    const answered = seen.attendance!.flatMap((row) => row.confirmations);
    expect(answered).toContainEqual({ name: expect.any(String), answer: 'online' });
    expect((await confirm(t, resident, id, 'maybe')).statusCode).toBe(400);
  });

  it('gives the call as a PDF with its agenda, calls and the legal text', async () => {
    const list = await expectOk<AssembliesAnswer>(
      call(t.app, 'GET', api(ASSEMBLY_PATHS.list), { token: admin }),
      AssembliesAnswer,
    );
    const upcoming = list.items.find((a) => a.title === DEMO_UPCOMING_ASSEMBLY)!;
    const res = await call(t.app, 'GET', api(assemblyPdfPath(upcoming.id)), { token: resident });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Convocatoria a asamblea');
    expect(text).toContain('Aprobación del presupuesto de impermeabilización');
    expect(text).toContain('Ley de Propiedad en Condominio');
  });

  it('lets the board manage only where the settings allow it', async () => {
    expect((await create(t, board, assemblyDraft())).statusCode).toBe(403);
    const settings = {
      boardMayCall: true,
      ruleSet: 'cdmx',
      legalText: 'Texto legal de prueba.',
      proxyLimit: 2,
      arrearsDays: 60,
      tenantsVote: true,
      minutesAudience: 'everyone',
    };
    expect((await call(t.app, 'POST', api(ASSEMBLY_PATHS.saveSettings), { token: board, payload: settings })).statusCode).toBe(
      403,
    );
    await expectOk(call(t.app, 'POST', api(ASSEMBLY_PATHS.saveSettings), { token: admin, payload: settings }));
    expect((await create(t, board, assemblyDraft())).statusCode).toBe(200);
    const back = { ...settings, boardMayCall: false, legalText: DEMO_LEGAL_TEXT };
    await expectOk(call(t.app, 'POST', api(ASSEMBLY_PATHS.saveSettings), { token: admin, payload: back }));
    expect((await create(t, board, assemblyDraft())).statusCode).toBe(403);
  });
});
