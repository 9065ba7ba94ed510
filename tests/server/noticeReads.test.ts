// Official notices with read receipts (issue 30), on the real app and database: a member's first opening of a
// notice is recorded once with their dwellings; an important notice is acknowledged once, with its time; the
// administration marks a notice important (the history keeps it); the share read per tower and who read it, a page
// at a time, for those who may see them; residents see nothing of others' reading; the resend tells those who have
// not read it by notification and e-mail in their language, once an hour, and the history keeps it.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_READS_PATHS, ReachAnswer, ReadersAnswer, ResendAnswer, towerShares } from '../../src/api/noticeReads';
import { POSTS_PATHS, PostAnswer, SectionPostsAnswer } from '../../src/api/posts';
import { api } from '../support/http';
import {
  acknowledge,
  audienceOf,
  NOTICES,
  openNotice,
  palmasId,
  publishNotice,
  readAs,
  sectionId,
  towerIdOf,
  userIdOf,
} from '../support/noticeReadsServerFixtures';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

describe(`official notices with read receipts (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const who of ['admin', 'consejo', 'residente', 'vecino012', 'vecino013', 'vecino014']) {
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    }
  });

  const get = (who: string, path: string) => call(t.app, 'GET', api(path), { token: tokens[who] });
  const post = (who: string, path: string, payload: object) => call(t.app, 'POST', api(path), { token: tokens[who], payload });
  const readsOf = (postId: number) =>
    t.app.db.selectFrom('notice_reads').selectAll().where('post_id', '=', postId).orderBy('id').execute();
  async function dwellingsOf(email: string) {
    const rows = await t.app.db
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('r.apartment_id')
      .where('u.email', '=', email)
      .where('m.condo_id', '=', await palmasId(t))
      .orderBy('r.apartment_id')
      .execute();
    return rows.map((r) => r.apartment_id);
  }

  it('records a member’s first opening of a notice once, with their dwellings; the administration’s openings are not reads', async () => {
    const postId = await publishNotice(t, tokens.admin!, { title: 'Fumigación general', important: true });
    expect(
      (await t.app.db.selectFrom('posts').select('is_important').where('id', '=', postId).executeTakeFirstOrThrow()).is_important,
    ).toBe(1);
    // The section's list says it is important.
    const listed = (
      await get('residente', `${POSTS_PATHS.sectionPosts(await sectionId(t, NOTICES))}?search=Fumigación general`)
    ).json();
    assert(listed, SectionPostsAnswer);
    expect(listed.posts.find((p) => p.PostId === postId)?.Importante).toBe(1);

    const first = await openNotice(t, tokens.residente!, postId);
    assert(first, PostAnswer);
    expect(first.notice).toEqual({
      important: true,
      readAt: clock.now().toISOString(),
      acknowledgedAt: null,
      canAcknowledge: true,
      canMarkImportant: false,
      canSeeReach: false,
      canSeeReaders: false,
    });
    const readAt = clock.now().toISOString();
    clock.advanceMinutes(5);
    expect((await openNotice(t, tokens.residente!, postId)).notice?.readAt).toBe(readAt);
    const reads = await readsOf(postId);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ user_id: await userIdOf(t, 'residente@demo.mx'), read_at: readAt, acknowledged_at: null });
    const dwellings = await t.app.db
      .selectFrom('notice_read_dwellings')
      .select('apartment_id')
      .where('read_id', '=', reads[0]!.id)
      .execute();
    expect(dwellings.map((d) => d.apartment_id)).toEqual(await dwellingsOf('residente@demo.mx'));

    const admin = await openNotice(t, tokens.admin!, postId);
    expect(admin.notice).toMatchObject({ readAt: null, canAcknowledge: false, canMarkImportant: true, canSeeReaders: true });
    expect(await readsOf(postId)).toHaveLength(1);
  });

  it('gives no notice facts with a post of another section, and refuses Importante there', async () => {
    const board = await sectionId(t, 'Tablón de vecinos');
    const before = await t.app.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await post('admin', POSTS_PATHS.newPost, { sectionId: board, Titulo: 'Hola', Texto: 'x', Importante: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'Importante', messageId: 'errors.noticeReads.notANotice' });
    const after = await t.app.db
      .selectFrom('posts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));

    const plain = await post('residente', POSTS_PATHS.newPost, { sectionId: board, Titulo: 'Bicicleta', Texto: 'x' });
    const { PostId } = plain.json() as { PostId: number };
    expect((await openNotice(t, tokens.vecino012!, PostId)).notice).toBeUndefined();
    expect((await acknowledge(t, tokens.vecino012, PostId)).json()).toMatchObject({ messageId: 'errors.noticeReads.notANotice' });
  });

  it('takes Enterado once, with its time; not on a notice that asks nothing, nor from the administration', async () => {
    const postId = await publishNotice(t, tokens.admin!, { title: 'Simulacro', important: true });
    await openNotice(t, tokens.residente!, postId);
    clock.advanceMinutes(2);
    const first = await acknowledge(t, tokens.residente, postId);
    expect(first.statusCode, first.body).toBe(200);
    const at = clock.now().toISOString();
    expect(first.json()).toEqual({ success: true, acknowledgedAt: at });
    clock.advanceMinutes(1);
    expect((await acknowledge(t, tokens.residente, postId)).json()).toEqual({ success: true, acknowledgedAt: at });
    expect((await openNotice(t, tokens.residente!, postId)).notice?.acknowledgedAt).toBe(at);

    // Enterado without having opened it: the read is recorded with it.
    const direct = await acknowledge(t, tokens.vecino013, postId);
    expect(direct.statusCode).toBe(200);
    const vecino013 = await userIdOf(t, 'vecino013@demo.mx');
    const row = (await readsOf(postId)).find((r) => r.user_id === vecino013);
    expect(row).toMatchObject({ read_at: clock.now().toISOString(), acknowledged_at: clock.now().toISOString() });

    const admin = await acknowledge(t, tokens.admin, postId);
    expect(admin.statusCode).toBe(403);
    const plain = await publishNotice(t, tokens.admin!, { title: 'Horario de oficina' });
    const notImportant = await acknowledge(t, tokens.residente, plain);
    expect(notImportant.statusCode).toBe(409);
    expect(notImportant.json()).toMatchObject({ messageId: 'errors.noticeReads.notImportant' });
    expect((await openNotice(t, tokens.residente!, plain)).notice).toMatchObject({ important: false, canAcknowledge: false });
  });

  it('lets the administration mark a notice important and back, kept in the history; nobody else', async () => {
    const postId = await publishNotice(t, tokens.admin!, { title: 'Cambio de horario' });
    const set = await post('admin', NOTICE_READS_PATHS.importance, { postId, important: true });
    expect(set.json()).toEqual({ success: true, important: true });
    expect((await post('admin', NOTICE_READS_PATHS.importance, { postId, important: true })).json()).toEqual({
      success: true,
      important: true,
    });
    await post('admin', NOTICE_READS_PATHS.importance, { postId, important: false });
    const history = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'before_json', 'after_json', 'actor_user_id'])
      .where('entity', '=', 'notice')
      .where('entity_id', '=', postId)
      .orderBy('id')
      .execute();
    // The repeated press changed nothing and wrote nothing.
    expect(history.map((h) => [h.action, JSON.parse(h.before_json!), JSON.parse(h.after_json!)])).toEqual([
      ['update', { important: false }, { important: true }],
      ['update', { important: true }, { important: false }],
    ]);
    expect(history[0]!.actor_user_id).toBe(await userIdOf(t, 'admin@demo.mx'));
    expect((await post('consejo', NOTICE_READS_PATHS.importance, { postId, important: true })).statusCode).toBe(403);
    expect((await post('residente', NOTICE_READS_PATHS.importance, { postId, important: true })).statusCode).toBe(403);
  });

  it('counts the share read per tower (dwellings with a reader of the active ones), a page of towers at a time', async () => {
    const postId = await publishNotice(t, tokens.admin!, { title: 'Asamblea anual', important: true });
    const readers = ['residente@demo.mx', 'consejo@demo.mx', 'vecino012@demo.mx', 'vecino013@demo.mx'];
    for (const email of readers) await readAs(t, email, postId);
    await acknowledge(t, tokens.vecino012, postId);

    const reach = (await get('admin', NOTICE_READS_PATHS.reach(postId))).json();
    assert(reach, ReachAnswer);
    const condoId = await palmasId(t);
    const active = await t.app.db
      .selectFrom('apartments as a')
      .leftJoin('towers as tw', 'tw.id', 'a.tower_id')
      .select(['a.id', 'a.tower_id', 'tw.name'])
      .where('a.condo_id', '=', condoId)
      .where('a.active', '=', 1)
      .execute();
    const readDwellings = (await Promise.all(readers.map(dwellingsOf))).flat();
    const expected = towerShares(
      active.map((a) => ({ id: a.id, towerId: a.tower_id, towerName: a.name })),
      readDwellings,
    );
    expect(reach.towers).toEqual(expected);
    expect(reach.towers.map((r) => r.name)).toEqual(['Torre A', 'Torre B', null]);
    expect(reach).toMatchObject({
      important: true,
      dwellings: active.length,
      readDwellings: new Set(readDwellings).size,
      people: (await audienceOf(t)).length,
      readers: 4,
      acknowledged: 1,
      total: 3,
      lastResendAt: null,
    });
    // The board sees the same counts; another page of towers.
    expect((await get('consejo', NOTICE_READS_PATHS.reach(postId))).json()).toEqual(reach);
    const second = (await get('admin', `${NOTICE_READS_PATHS.reach(postId)}?limit=1&offset=1`)).json() as ReachAnswer;
    expect(second.towers).toEqual([expected[1]]);
    expect(second.total).toBe(3);
  });

  it('counts a notice for one tower over that tower only', async () => {
    const torreB = await towerIdOf(t, 'Torre B');
    const postId = await publishNotice(t, tokens.admin!, { title: 'Elevador de Torre B', towerId: torreB });
    await readAs(t, 'consejo@demo.mx', postId);
    const reach = (await get('admin', NOTICE_READS_PATHS.reach(postId))).json() as ReachAnswer;
    expect(reach.towers).toEqual([{ towerId: torreB, name: 'Torre B', dwellings: 100, read: 1 }]);
    expect(reach).toMatchObject({ dwellings: 100, readDwellings: 1, people: (await audienceOf(t, torreB)).length, readers: 1 });
  });

  it('lists who read it by dwelling and person with their times, a page at a time, filtered by Enterado', async () => {
    const postId = await publishNotice(t, tokens.admin!, { title: 'Lavado de cisternas', important: true });
    await readAs(t, 'vecino013@demo.mx', postId);
    clock.advanceMinutes(1);
    await readAs(t, 'residente@demo.mx', postId);
    clock.advanceMinutes(1);
    await acknowledge(t, tokens.residente, postId);
    const ackAt = clock.now().toISOString();

    const all = (await get('admin', NOTICE_READS_PATHS.readers(postId))).json();
    assert(all, ReadersAnswer);
    expect(all.total).toBe(2);
    const residenteId = await userIdOf(t, 'residente@demo.mx');
    expect(all.readers.find((r) => r.userId === residenteId)).toMatchObject({ dwelling: 'Torre A - 101', acknowledgedAt: ackAt });
    expect(all.readers.every((r) => r.readAt && r.name)).toBe(true);

    const acknowledged = (
      await get('admin', `${NOTICE_READS_PATHS.readers(postId)}?filter=acknowledged`)
    ).json() as ReadersAnswer;
    expect(acknowledged.readers.map((r) => r.userId)).toEqual([await userIdOf(t, 'residente@demo.mx')]);
    const notYet = (await get('admin', `${NOTICE_READS_PATHS.readers(postId)}?filter=notAcknowledged`)).json() as ReadersAnswer;
    expect(notYet.readers.map((r) => r.userId)).toEqual([await userIdOf(t, 'vecino013@demo.mx')]);
    const page = (await get('admin', `${NOTICE_READS_PATHS.readers(postId)}?limit=1&offset=1`)).json() as ReadersAnswer;
    expect(page).toEqual({ success: true, readers: [all.readers[1]], total: 2 });
    // By tower and dwelling: Torre A - 101 first.
    expect(all.readers[0]!.dwelling).toBe('Torre A - 101');

    expect((await get('consejo', NOTICE_READS_PATHS.readers(postId))).statusCode).toBe(403);
  });

  it('shows residents nothing of others’ reading: their answers carry only their own, the report refuses them', async () => {
    const postId = await publishNotice(t, tokens.admin!, { title: 'Revisión de gas', important: true });
    await readAs(t, 'vecino012@demo.mx', postId);
    await acknowledge(t, tokens.vecino012, postId);
    const neighbour = await t.app.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', 'vecino012@demo.mx')
      .executeTakeFirstOrThrow();

    const own = await openNotice(t, tokens.vecino014!, postId);
    expect(Object.keys(own.notice!).sort()).toEqual(
      ['acknowledgedAt', 'canAcknowledge', 'canMarkImportant', 'canSeeReach', 'canSeeReaders', 'important', 'readAt'].sort(),
    );
    expect(own.notice).toMatchObject({ acknowledgedAt: null, canSeeReach: false, canSeeReaders: false });
    const text = JSON.stringify(own);
    expect(text).not.toContain(neighbour.name);
    const listed = await get('vecino014', `${POSTS_PATHS.sectionPosts(await sectionId(t, NOTICES))}?search=Revisión de gas`);
    expect(listed.body).not.toContain(neighbour.name);
    expect(listed.body).not.toMatch(/readAt|acknowledged|readers/);

    for (const path of [NOTICE_READS_PATHS.reach(postId), NOTICE_READS_PATHS.readers(postId)]) {
      expect((await get('vecino014', path)).statusCode, path).toBe(403);
      expect((await get('residente', path)).statusCode, path).toBe(403);
    }
    expect((await post('vecino014', NOTICE_READS_PATHS.resend, { postId })).statusCode).toBe(403);
  });

  it('resends to those who have not read it, by notification and e-mail in their language, once an hour; the history keeps it', async () => {
    const postId = await publishNotice(t, tokens.admin!, { title: 'Pago de la cuota extraordinaria', important: true });
    await readAs(t, 'residente@demo.mx', postId);
    const englishId = await userIdOf(t, 'vecino014@demo.mx');
    await t.app.db.updateTable('memberships').set({ language: 'en' }).where('user_id', '=', englishId).execute();
    const audience = await audienceOf(t);
    const residenteId = await userIdOf(t, 'residente@demo.mx');
    const lastMail = await t.app.db.selectFrom('mail_outbox').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();

    clock.advanceMinutes(30);
    const res = await post('admin', NOTICE_READS_PATHS.resend, { postId });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    assert(answer, ResendAnswer);
    const sentAt = clock.now().toISOString();
    expect(answer).toMatchObject({ notified: audience.length - 1, sentAt });

    const told = await t.app.db
      .selectFrom('notifications')
      .select(['user_id', 'titulo', 'texto_app', 'props'])
      .where('title_id', '=', 'postsNotices.notify.unread.title')
      .where('props', '=', JSON.stringify({ postID: postId }))
      .execute();
    expect(told.map((n) => n.user_id).sort((a, b) => a - b)).toEqual(audience.filter((id) => id !== residenteId));
    expect(told[0]).toMatchObject({
      titulo: `Aviso sin leer en ${NOTICES}`,
      texto_app: 'La administración te pide leer «Pago de la cuota extraordinaria».',
    });

    const mails = await t.app.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text'])
      .where('id', '>', lastMail?.id ?? 0)
      .execute();
    expect(mails).toHaveLength(answer.mailed);
    expect(answer.mailed).toBeGreaterThan(0);
    expect(mails.map((m) => m.to_address)).not.toContain('residente@demo.mx');
    expect(mails.find((m) => m.to_address === 'vecino014@demo.mx')?.subject).toBe(
      'Notice from Residencial Las Palmas: Pago de la cuota extraordinaria',
    );
    expect(mails.find((m) => m.to_address === 'vecino012@demo.mx')).toMatchObject({
      subject: 'Aviso de Residencial Las Palmas: Pago de la cuota extraordinaria',
      text: expect.stringContaining(`/condominio/comunicacion/ver-publicacion/${postId}`),
    });

    const history = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'after_json', 'actor_user_id'])
      .where('entity', '=', 'notice')
      .where('entity_id', '=', postId)
      .execute();
    expect(history.map((h) => [h.action, JSON.parse(h.after_json!)])).toEqual([
      ['reenviar', { title: 'Pago de la cuota extraordinaria', notified: answer.notified, mailed: answer.mailed }],
    ]);

    // A second press within the hour: refused, with the minutes left; nobody told twice.
    clock.advanceMinutes(18);
    const again = await post('admin', NOTICE_READS_PATHS.resend, { postId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      messageId: 'errors.noticeReads.resentRecently',
      message: 'Este aviso ya se reenvió hace menos de una hora. Podrás reenviarlo en 42 minutos.',
    });
    expect(
      await t.app.db
        .selectFrom('notifications')
        .select('id')
        .where('title_id', '=', 'postsNotices.notify.unread.title')
        .execute(),
    ).toHaveLength(told.length);
    expect(((await get('admin', NOTICE_READS_PATHS.reach(postId))).json() as ReachAnswer).lastResendAt).toBe(sentAt);

    clock.advanceMinutes(43);
    expect((await post('admin', NOTICE_READS_PATHS.resend, { postId })).statusCode).toBe(200);
  });

  it('sends one resend when two arrive at once', async () => {
    const postId = await publishNotice(t, tokens.admin!, { title: 'Poda de palmeras' });
    const answers = await Promise.all([
      post('admin', NOTICE_READS_PATHS.resend, { postId }),
      post('admin', NOTICE_READS_PATHS.resend, { postId }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.app.db.selectFrom('notice_resends').select('id').where('post_id', '=', postId).execute()).toHaveLength(1);
  });

  it('sends nothing and keeps nothing when everyone it is for has read it', async () => {
    const everyone = await audienceOf(t);
    // The board's matters (AC, posting R): a notices section whose readers are the board members.
    const postId = await publishNotice(t, tokens.admin!, { title: 'Acta de la sesión', section: 'Asuntos del consejo' });
    const boardMembers = await t.app.db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select('users.email')
      .where('memberships.condo_id', '=', await palmasId(t))
      .where('memberships.active', '=', 1)
      .where('memberships.is_board', '=', 1)
      .where('memberships.is_admin', '=', 0)
      .execute();
    expect(boardMembers.length).toBeGreaterThan(0);
    expect(everyone.length).toBeGreaterThan(boardMembers.length);
    for (const { email } of boardMembers) await readAs(t, email, postId);
    const reach = (await get('admin', NOTICE_READS_PATHS.reach(postId))).json() as ReachAnswer;
    expect(reach).toMatchObject({ people: boardMembers.length, readers: boardMembers.length });
    const res = await post('admin', NOTICE_READS_PATHS.resend, { postId });
    expect(res.json()).toEqual({ success: true, notified: 0, mailed: 0, sentAt: null });
    expect(await t.app.db.selectFrom('notice_resends').select('id').where('post_id', '=', postId).execute()).toHaveLength(0);
  });
});
