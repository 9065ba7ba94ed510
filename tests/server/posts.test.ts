// Sections and posts (issue 6): what each member reads, the posting modes (A open, B approval, R
// administrators), per-tower and private posts, comments, attachments behind signed links, search and
// pages, and the notifications each event produces. The list's SQL filter is checked against the shared
// canReadPost rule for every demo role.

import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_UPCOMING_ASSEMBLY } from '../../server/db/seed/assemblies';
import { sectionFacts } from '../../server/domain/shared/sections';
import { loadMembers } from '../../server/domain/shared/viewer';
import { canReadPost } from '../../src/api/permissions';
import { POST_MESSAGES, POSTS_PAGE_SIZE, POSTS_PATHS, PostAnswer, SectionPostsAnswer, SummaryAnswer } from '../../src/api/posts';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF').toString('base64')}`;

describe(`posts (${dialect})`, () => {
  const clock = testClock(new Date('2026-11-21T18:00:00Z'));
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const sections = new Map<string, number>();
  const seeded = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp({ clock });
    for (const who of ['admin', 'consejo', 'residente', 'guardia', 'vecino012', 'vecino015', 'vecino013']) {
      tokens[who] = await signInAs(t.app, `${who}@demo.mx`);
    }
    for (const s of await t.app.db.selectFrom('sections').select(['id', 'name']).where('condo_id', '=', 1).execute()) {
      sections.set(s.name, s.id);
    }
    for (const p of await t.app.db.selectFrom('posts').select(['id', 'title']).execute()) seeded.set(p.title, p.id);
  });

  const get = (who: string, path: string) => call(t.app, 'GET', api(path), { token: tokens[who] });
  const post = (who: string, path: string, payload: object) => call(t.app, 'POST', api(path), { token: tokens[who], payload });
  async function list(who: string, section: string, query = '') {
    const res = await get(who, `${POSTS_PATHS.sectionPosts(sections.get(section)!)}${query}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, SectionPostsAnswer);
    return body;
  }
  async function notificationsOf(email: string) {
    const user = await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return t.app.db.selectFrom('notifications').selectAll().where('user_id', '=', user.id).orderBy('id', 'desc').execute();
  }

  it('summarises the sections each member may read, in menu order, with published post counts', async () => {
    const names = async (who: string) => {
      const body = (await get(who, POSTS_PATHS.summary)).json();
      assert(body, SummaryAnswer);
      return body.sections;
    };
    const admin = await names('admin');
    expect(admin).toHaveLength(11);
    // 14, and the demo assembly's call (issue 32).
    expect(admin.find((s) => s.SectName === 'Avisos de la administración')!.blogCount).toBe(15);
    expect(admin.find((s) => s.SectName === 'Comité de jardinería')!.blogCount).toBe(1);
    // Administrators read the inactive Mascotas too, told that it is inactive.
    expect(admin.filter((s) => s.SectStatus === 'I').map((s) => s.SectName)).toEqual(['Mascotas']);
    const resident = (await names('residente')).map((s) => s.SectName);
    expect(resident).toContain('Comité de jardinería');
    expect(resident).not.toContain('Asuntos del consejo');
    expect(resident).not.toContain('Obras y reparaciones');
    expect(resident).not.toContain('Mascotas');
    expect((await names('consejo')).map((s) => s.SectName)).toContain('Asuntos del consejo');
    const guard = (await names('guardia')).map((s) => s.SectName);
    expect(guard).not.toContain('Solicitudes a la administración');
    expect(guard).not.toContain('Comité de jardinería');
    expect((await names('vecino012')).map((s) => s.SectName)).not.toContain('Comité de jardinería');
  });

  it('pages a section newest first and searches title and text, case-insensitive', async () => {
    const first = await list('vecino012', 'Avisos de la administración');
    // Corte de agua is for Torre B; vecino012 lives elsewhere. The demo assembly's call is one of them (issue 32).
    expect(first.total).toBe(14);
    expect(first.posts).toHaveLength(POSTS_PAGE_SIZE);
    // The newest: the demo assembly's call, sent when the demo loads (issue 32).
    expect(first.posts[0]!.Titulo).toBe(`Asamblea Extraordinaria: ${DEMO_UPCOMING_ASSEMBLY}`);
    expect(first.posts[1]!.Titulo).toBe('Mantenimiento de elevadores');
    const times = first.posts.map((p) => p.FechaCreada);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list('vecino012', 'Avisos de la administración', `?offset=${POSTS_PAGE_SIZE}`);
    expect(second.posts).toHaveLength(4);
    expect(new Set([...first.posts, ...second.posts].map((p) => p.PostId)).size).toBe(14);
    expect((await list('vecino012', 'Avisos de la administración', '?search=ELEVADORES')).posts.map((p) => p.Titulo)).toEqual([
      'Mantenimiento de elevadores',
    ]);
    // In the text only.
    const inText = await list('vecino012', 'Avisos de la administración', `?search=${encodeURIComponent('caminadoras')}`);
    expect(inText.posts.map((p) => p.Titulo)).toEqual(['Mantenimiento del gimnasio']);
    // Wildcards are plain characters.
    expect((await list('vecino012', 'Avisos de la administración', '?search=%25')).total).toBe(0);
    expect(first.abilities).toMatchObject({ canPost: false, canModerate: false });
  });

  it('searches Spanish text ignoring case and accents, with ñ apart from n', async () => {
    const found = async (typed: string) =>
      (await list('vecino012', 'Avisos de la administración', `?search=${encodeURIComponent(typed)}`)).posts.map((p) => p.Titulo);
    for (const typed of ['FUMIGACIÓN', 'fumigación', 'fumigacion', 'Fumigacion DE AREAS']) {
      expect(await found(typed), typed).toEqual(['Fumigación de áreas comunes']);
    }
    for (const typed of ['ÁRBOLES', 'árboles', 'arboles', 'PODARÁ'])
      expect(await found(typed), typed).toEqual(['Poda de árboles']);
    // In the text: "jueves y sábado", "El sábado"; newest first.
    expect(await found('SABADO')).toEqual(['Recolección de basura', 'Fumigación de áreas comunes']);
    expect(await found('MAÑANA')).toEqual(['Limpieza de cisternas']);
    expect(await found('mañana')).toEqual(['Limpieza de cisternas']);
    expect(await found('manana')).toEqual([]);
  });

  it('shows a per-tower post to its tower, its author and administrators only', async () => {
    const titles = async (who: string) =>
      (await list(who, 'Avisos de la administración', '?limit=50')).posts.map((p) => p.Titulo);
    expect(await titles('consejo')).toContain('Corte de agua en Torre B');
    expect(await titles('residente')).not.toContain('Corte de agua en Torre B');
    expect(await titles('admin')).toContain('Corte de agua en Torre B');
    expect((await get('residente', POSTS_PATHS.post(seeded.get('Corte de agua en Torre B')!))).statusCode).toBe(404);
  });

  it('opens a post with its attachments and comments; a signed link serves the image', async () => {
    const res = await get('residente', POSTS_PATHS.post(seeded.get('Mantenimiento de elevadores')!));
    const body = res.json();
    assert(body, PostAnswer);
    expect(body.comments.map((c) => c.Texto)).toEqual([
      '¿También el montacargas?',
      'Sí, el montacargas también. Gracias por preguntar.',
    ]);
    expect(body.post.comentarios).toBe(2);
    expect(body.canComment).toBe(true);
    const image = body.post.adjuntos[0]!;
    expect(image).toMatchObject({ nombre: 'elevadores.png', tipo: 'image' });
    const file = await call(t.app, 'GET', image.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('an expired attachment link is refused', async () => {
    const body = (await get('residente', POSTS_PATHS.post(seeded.get('Mantenimiento de elevadores')!))).json() as PostAnswer;
    clock.advanceMinutes(24 * 60);
    try {
      expect((await call(t.app, 'GET', body.post.adjuntos[0]!.url)).statusCode).toBe(403);
    } finally {
      clock.advanceMinutes(-24 * 60);
    }
  });

  it('A: a neighbour posts at once; those who may read it are told, the author is not', async () => {
    const res = await post('vecino012', POSTS_PATHS.newPost, {
      sectionId: sections.get('Tablón de vecinos'),
      Titulo: '  Bicicleta encontrada  ',
      Texto: 'Está en la caseta.',
      adjuntos: [
        { name: 'bici.png', dataUrl: PNG_1X1 },
        { name: 'reglas.pdf', dataUrl: PDF },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { PostId, Estatus } = res.json() as { PostId: number; Estatus: string };
    expect(Estatus).toBe('A');
    const shown = (await get('residente', POSTS_PATHS.post(PostId))).json() as PostAnswer;
    expect(shown.post).toMatchObject({ Titulo: 'Bicicleta encontrada', Estatus: 'A', UserName: expect.any(String) });
    expect(shown.post.adjuntos.map((a) => [a.nombre, a.tipo])).toEqual([
      ['bici.png', 'image'],
      ['reglas.pdf', 'file'],
    ]);
    const pdf = await call(t.app, 'GET', shown.post.adjuntos[1]!.url);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('attachment');
    const told = (await notificationsOf('residente@demo.mx'))[0]!;
    expect(told).toMatchObject({ titulo: 'Nueva publicación en Tablón de vecinos', modulo: 'publicacion', abierto: 0 });
    expect(JSON.parse(told.props)).toEqual({ postID: PostId });
    expect((await notificationsOf('vecino012@demo.mx')).some((n) => n.props === JSON.stringify({ postID: PostId }))).toBe(false);
    // Employees never hear of posts: they have no Comunicación.
    expect((await notificationsOf('empleado@demo.mx')).length).toBe(0);
  });

  it('refuses a file that is not what it claims, and nothing is written', async () => {
    const before = await t.app.db.selectFrom('posts').select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await post('vecino012', POSTS_PATHS.newPost, {
      sectionId: sections.get('Tablón de vecinos'),
      Titulo: 'Falsa',
      Texto: 'x',
      adjuntos: [{ name: 'x.png', dataUrl: `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}` }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: POST_MESSAGES.badAttachment, field: 'adjuntos.0' });
    const after = await t.app.db.selectFrom('posts').select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const blank = await post('vecino012', POSTS_PATHS.newPost, {
      sectionId: sections.get('Tablón de vecinos'),
      Titulo: ' ',
      Texto: 'x',
    });
    expect(blank.statusCode).toBe(400);
  });

  it('R: only administrators post; the refusal says so', async () => {
    const res = await post('residente', POSTS_PATHS.newPost, {
      sectionId: sections.get('Avisos de la administración'),
      Titulo: 'Hola',
      Texto: 'x',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: POST_MESSAGES.cannotPost });
  });

  it('SA and IC: no new post, whoever sends it; those sections have screens of their own (DESIGN.md §8)', async () => {
    const count = async () =>
      Number((await t.app.db.selectFrom('posts').select(t.app.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const name of ['Solicitudes a la administración', 'Comunicación entre vecinos']) {
      for (const who of ['admin', 'residente']) {
        const res = await post(who, POSTS_PATHS.newPost, { sectionId: sections.get(name), Titulo: 'Aquí no', Texto: 'x' });
        expect(res.statusCode, `${who} in ${name}`).toBe(404);
        expect(res.json()).toEqual({
          success: false,
          code: 'NOT_FOUND',
          message: POST_MESSAGES.sectionHasOwnScreen,
          messageId: 'errors.posts.sectionHasOwnScreen',
          field: 'sectionId',
        });
      }
      // Their abilities say so too: a screen that opens one as a plain section offers no form.
      expect((await list('admin', name)).abilities.canPost, name).toBe(false);
    }
    expect(await count()).toBe(before);
  });

  it('B: a post waits for an administrator, who is told; approval publishes it and tells author and readers', async () => {
    const res = await post('consejo', POSTS_PATHS.newPost, {
      sectionId: sections.get('Comité de jardinería'),
      Titulo: 'Riego automático',
      Texto: 'Propongo instalar riego por goteo.',
    });
    const { PostId, Estatus } = res.json() as { PostId: number; Estatus: string };
    expect(Estatus).toBe('P');
    expect((await notificationsOf('admin@demo.mx'))[0]).toMatchObject({
      titulo: 'Publicación por aprobar',
      props: JSON.stringify({ postID: PostId }),
    });
    // Hidden from the other committee member until approved; the author and the administrator see it.
    expect((await get('residente', POSTS_PATHS.post(PostId))).statusCode).toBe(404);
    expect(((await get('consejo', POSTS_PATHS.post(PostId))).json() as PostAnswer).post.Estatus).toBe('P');
    const forAdmin = (await get('admin', POSTS_PATHS.post(PostId))).json() as PostAnswer;
    expect(forAdmin.canModerate).toBe(true);
    expect(forAdmin.canComment).toBe(false);
    // Nobody comments a post that is not published yet.
    expect((await post('consejo', POSTS_PATHS.newComment, { postId: PostId, Texto: 'x' })).statusCode).toBe(409);

    expect((await post('consejo', POSTS_PATHS.approvePost, { postId: PostId })).statusCode).toBe(403);
    const approved = await post('admin', POSTS_PATHS.approvePost, { postId: PostId });
    expect(approved.json()).toEqual({ success: true, Estatus: 'A' });
    expect((await notificationsOf('consejo@demo.mx'))[0]).toMatchObject({
      titulo: 'Tu publicación fue aprobada',
      props: JSON.stringify({ postID: PostId }),
    });
    expect((await notificationsOf('residente@demo.mx'))[0]).toMatchObject({
      titulo: 'Nueva publicación en Comité de jardinería',
    });
    // The administrator who approved it is not told of it again.
    expect((await notificationsOf('admin@demo.mx'))[0]).toMatchObject({ titulo: 'Publicación por aprobar' });
    // Not a neighbour outside the exclusive section.
    expect((await notificationsOf('vecino012@demo.mx')).some((n) => n.props === JSON.stringify({ postID: PostId }))).toBe(false);
    expect((await get('residente', POSTS_PATHS.post(PostId))).statusCode).toBe(200);
    const again = await post('admin', POSTS_PATHS.rejectPost, { postId: PostId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: POST_MESSAGES.notPending });
  });

  it('B: a rejected post stays with its author, who is told why', async () => {
    const { PostId } = (
      await post('residente', POSTS_PATHS.newPost, {
        sectionId: sections.get('Comité de jardinería'),
        Titulo: 'Cactus',
        Texto: 'x',
      })
    ).json() as { PostId: number };
    expect((await post('admin', POSTS_PATHS.rejectPost, { postId: PostId, note: 'Ya lo tratamos.' })).json()).toEqual({
      success: true,
      Estatus: 'R',
    });
    expect((await notificationsOf('residente@demo.mx'))[0]).toMatchObject({
      titulo: 'Tu publicación fue rechazada',
      texto_app: '«Cactus» no se publicó en Comité de jardinería. Motivo: Ya lo tratamos.',
    });
    expect(((await get('residente', POSTS_PATHS.post(PostId))).json() as PostAnswer).post.Estatus).toBe('R');
    expect((await get('consejo', POSTS_PATHS.post(PostId))).statusCode).toBe(404);
  });

  it('an administrator publishes at once in a B section, and in R sections', async () => {
    const res = await post('admin', POSTS_PATHS.newPost, {
      sectionId: sections.get('Comité de jardinería'),
      Titulo: 'Junta',
      Texto: 'x',
    });
    expect(res.json()).toMatchObject({ Estatus: 'A' });
  });

  it('private posts: only where the section allows them; seen by their author and administrators', async () => {
    const own = await list('vecino015', 'Solicitudes a la administración');
    expect(own.abilities).toMatchObject({ canMarkPrivate: true, defaultPrivate: true });
    expect(own.posts.map((p) => p.Titulo)).toContain('Fuga en el pasillo del piso 3');
    expect((await list('vecino012', 'Solicitudes a la administración')).posts.map((p) => p.Titulo)).not.toContain(
      'Fuga en el pasillo del piso 3',
    );
    // New posts go to the neighbours' board (SolPrivada 1 too): SA takes none (DESIGN.md §8).
    const board = sections.get('Tablón de vecinos')!;
    const { PostId } = (
      await post('vecino012', POSTS_PATHS.newPost, { sectionId: board, Titulo: 'Privada', Texto: 'x', Privado: true })
    ).json() as { PostId: number };
    expect((await get('vecino013', POSTS_PATHS.post(PostId))).statusCode).toBe(404);
    expect((await get('admin', POSTS_PATHS.post(PostId))).statusCode).toBe(200);
    // Nobody is told of a private post but administrators through the list itself.
    expect((await notificationsOf('vecino013@demo.mx')).some((n) => n.props === JSON.stringify({ postID: PostId }))).toBe(false);

    await t.app.db.updateTable('sections').set({ sol_privada: 0 }).where('id', '=', board).execute();
    try {
      const refused = await post('vecino012', POSTS_PATHS.newPost, {
        sectionId: board,
        Titulo: 'Privada',
        Texto: 'x',
        Privado: true,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: POST_MESSAGES.noPrivate, field: 'Privado' });
    } finally {
      await t.app.db.updateTable('sections').set({ sol_privada: 1 }).where('id', '=', board).execute();
    }
  });

  it("per-tower sections: a resident's post goes to their tower; an administrator chooses one or everyone", async () => {
    const board = sections.get('Tablón de vecinos')!;
    const { PostId } = (
      await post('residente', POSTS_PATHS.newPost, { sectionId: board, Titulo: 'Torre A', Texto: 'x' })
    ).json() as {
      PostId: number;
    };
    expect(((await get('residente', POSTS_PATHS.post(PostId))).json() as PostAnswer).post.TorreName).toBe('Torre A');
    expect((await get('consejo', POSTS_PATHS.post(PostId))).statusCode).toBe(404);
    const towerB = await t.app.db
      .selectFrom('towers')
      .select('id')
      .where('condo_id', '=', 1)
      .where('name', '=', 'Torre B')
      .executeTakeFirstOrThrow();
    const chosen = (
      await post('admin', POSTS_PATHS.newPost, { sectionId: board, Titulo: 'Para B', Texto: 'x', TorreId: towerB.id })
    ).json() as {
      PostId: number;
    };
    expect((await get('consejo', POSTS_PATHS.post(chosen.PostId))).statusCode).toBe(200);
    expect((await get('residente', POSTS_PATHS.post(chosen.PostId))).statusCode).toBe(404);
    const foreign = await post('admin', POSTS_PATHS.newPost, { sectionId: board, Titulo: 'x', Texto: 'x', TorreId: 999_999 });
    expect(foreign.statusCode).toBe(400);
  });

  it('comments: where CommentsDisplay is Y; the author is told of others’ comments only', async () => {
    const id = seeded.get('Venta de garage el domingo')!;
    const res = await post('residente', POSTS_PATHS.newComment, { postId: id, Texto: '  ¡Ahí estaré!  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ comment: { Texto: '¡Ahí estaré!', UserName: 'Rosa Hernández Díaz' } });
    expect((await notificationsOf('vecino020@demo.mx'))[0]).toMatchObject({
      titulo: 'Nuevo comentario',
      texto_app: 'Rosa Hernández Díaz comentó tu publicación «Venta de garage el domingo».',
    });
    const en = sections.get('Encuestas y votaciones')!;
    const { PostId } = (await post('admin', POSTS_PATHS.newPost, { sectionId: en, Titulo: 'Encuesta', Texto: 'x' })).json() as {
      PostId: number;
    };
    const refused = await post('residente', POSTS_PATHS.newComment, { postId: PostId, Texto: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: POST_MESSAGES.noComments });
    expect(((await get('residente', POSTS_PATHS.post(PostId))).json() as PostAnswer).canComment).toBe(false);
  });

  it("a section or post of another condominium does not exist for this one's members", async () => {
    const bosque = await t.app.db
      .selectFrom('sections as s')
      .innerJoin('condominiums as c', 'c.id', 's.condo_id')
      .select('s.id')
      .where('c.subdomain', '=', 'bosque')
      .executeTakeFirstOrThrow();
    expect((await get('residente', POSTS_PATHS.sectionPosts(bosque.id))).statusCode).toBe(404);
    const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const res = await call(t.app, 'GET', api(POSTS_PATHS.post(seeded.get('Mantenimiento de elevadores')!)), {
      token: bosqueAdmin,
    });
    expect(res.statusCode).toBe(404);
  });

  it("the list's filter is canReadPost: for every member, every section, the same posts", async () => {
    const members = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.email', 'u.id'])
      .where('m.condo_id', '=', 1)
      .where('m.is_employee', '=', 0)
      .where('u.email', 'in', [
        'admin@demo.mx',
        'consejo@demo.mx',
        'residente@demo.mx',
        'guardia@demo.mx',
        'vecino012@demo.mx',
        'vecino015@demo.mx',
      ])
      .execute();
    const allSections = await t.app.db.selectFrom('sections').selectAll().where('condo_id', '=', 1).execute();
    const allPosts = await t.app.db.selectFrom('posts').selectAll().where('condo_id', '=', 1).execute();
    let compared = 0;
    for (const section of allSections) {
      const viewers = await loadMembers(t.app.db, 1, section.id);
      for (const member of members) {
        const who = member.email.split('@')[0]!;
        const viewer = viewers.find((v) => v.viewer.usuario.UserId === member.id)!;
        const res = await get(who, `${POSTS_PATHS.sectionPosts(section.id)}?limit=50`);
        if (res.statusCode !== 200) continue;
        const listed = (res.json() as SectionPostsAnswer).posts.map((p) => p.PostId).sort((a, b) => a - b);
        const expected = allPosts
          .filter((p) => p.section_id === section.id)
          .filter((p) =>
            canReadPost(viewer.viewer, sectionFacts(section, viewer.assigned), {
              authorId: p.author_user_id,
              towerId: p.tower_id,
              isPrivate: p.is_private === 1,
              status: p.status,
            }),
          )
          .map((p) => p.id)
          .sort((a, b) => a - b);
        expect(listed, `${who} in ${section.name}`).toEqual(expected);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(30);
  });
});
