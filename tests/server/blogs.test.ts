// Blog configuration (src/api/blogs.ts): every comunicacion call of the listado-blogs screen and the towers
// list, for every demo role, with the refusals (400 naming the field, 401, 403, 404 for another
// condominium's blog) and what each change does to the data and to the session's menu sections.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BLOG_PATHS,
  type Blog,
  BlogAnswer,
  BlogListAnswer,
  type Resident,
  ResidentsAnswer,
  TowersAnswer,
  type UpdateBlogRequest,
} from '../../src/api/blogs';
import { api } from '../support/http';
import { call, createTestApp, dialect, getSessionData, signInAs, signInStep, type TestApp } from '../support/testApp';

const ROLES = ['admin', 'consejo', 'residente', 'empleado', 'guardia', 'supervisor'] as const;

describe(`blog configuration (${dialect})`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let bosqueAdmin = '';
  let inactivoToken = '';

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) tokens[role] = await signInAs(t.app, `${role}@demo.mx`, 'Residencial Las Palmas');
    bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    inactivoToken = (await signInStep(t.app, 'inactivo@demo.mx')).token;
  });

  async function list(token = tokens.admin!): Promise<Blog[]> {
    const res = await call(t.app, 'GET', api(BLOG_PATHS.list), { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, BlogListAnswer);
    return body.data;
  }
  const byName = (blogs: Blog[], name: string) => blogs.find((b) => b.SectName === name)!;
  const formOf = (blog: Blog): UpdateBlogRequest => ({
    SectId: blog.SectId,
    SectCode: blog.SectCode,
    SectName: blog.SectName,
    SectStatus: blog.SectStatus,
    SectPosting: blog.SectPosting,
    CommentsDisplay: blog.CommentsDisplay,
    VistaxTorre: blog.VistaxTorre,
    SolPrivada: blog.SolPrivada,
    ExclusivaUsuarios: blog.ExclusivaUsuarios,
    PublicoPrivado: blog.PublicoPrivado,
    TiempoMoroso: blog.TiempoMoroso,
    VerResultados: blog.VerResultados,
    EnviarCopia: blog.EnviarCopia,
    MensajeConfirmacion: blog.MensajeConfirmacion,
    newUsers: [],
    deletedUsers: [],
  });
  const userId = async (email: string) =>
    (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

  it("lists Las Palmas' eleven blogs by position with their user and post counts", async () => {
    const blogs = await list();
    expect(blogs.map((b) => b.SectPosition)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(blogs[0]!.SectName).toBe('Avisos de la administración');
    const garden = byName(blogs, 'Comité de jardinería');
    expect(garden).toMatchObject({ ExclusivaUsuarios: 'Y', userCount: 2, VistaxTorre: 0, SectPosting: 'B' });
    expect(byName(blogs, 'Mascotas').SectStatus).toBe('I');
    expect(byName(blogs, 'Encuestas y votaciones')).toMatchObject({
      SectCode: 'EN',
      MensajeConfirmacion: 'Gracias por tu voto.',
      VerResultados: 1,
    });
    // The post count is the blog's published posts (those waiting for approval are not counted).
    const published = await t.app.db
      .selectFrom('posts')
      .select(['section_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'A')
      .groupBy('section_id')
      .execute();
    const expected = new Map(published.map((row) => [row.section_id, Number(row.n)]));
    expect(blogs.map((b) => b.blogCount)).toEqual(blogs.map((b) => expected.get(b.SectId) ?? 0));
    expect(byName(blogs, 'Avisos de la administración').blogCount).toBeGreaterThan(10);
  });

  it('answers one blog, and 404 for a blog of another condominium', async () => {
    const blogs = await list();
    const res = await call(t.app, 'GET', api(BLOG_PATHS.single(blogs[0]!.SectId)), { token: tokens.admin });
    expect(res.statusCode).toBe(200);
    assert(res.json(), BlogAnswer);
    expect(res.json().data).toEqual(blogs[0]);
    const other = await call(t.app, 'GET', api(BLOG_PATHS.single(blogs[0]!.SectId)), { token: bosqueAdmin });
    expect(other.statusCode).toBe(404);
    expect((await call(t.app, 'GET', api(BLOG_PATHS.single('abc')), { token: tokens.admin })).statusCode).toBe(400);
  });

  it('lists the residents with IdUsersSections on those assigned, and the towers', async () => {
    const garden = byName(await list(), 'Comité de jardinería');
    const res = await call(t.app, 'GET', api(BLOG_PATHS.users(garden.SectId)), { token: tokens.admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    assert(body, ResidentsAnswer);
    const residents: Resident[] = body.data;
    expect(residents.length).toBeGreaterThan(90);
    const assigned = residents.filter((r) => r.IdUsersSections !== undefined).map((r) => r.UserId);
    expect(assigned.sort()).toEqual([await userId('consejo@demo.mx'), await userId('residente@demo.mx')].sort());
    const residente = residents.find((r) => r.UserId === assigned.find(Boolean) && r.AptName === '101');
    expect(residente ?? residents.find((r) => r.AptName === '101' && r.TorreName === 'Torre A')).toBeTruthy();
    const towers = await call(t.app, 'GET', api(BLOG_PATHS.towers), { token: tokens.residente });
    expect(towers.statusCode).toBe(200);
    assert(towers.json(), TowersAnswer);
    expect(towers.json().torres.map((x: { nombre: string }) => x.nombre)).toEqual(['Torre A', 'Torre B']);
  });

  it('toggles a blog A → I → A, and the session menu follows', async () => {
    const avisos = byName(await list(), 'Avisos de la administración');
    const off = await call(t.app, 'POST', api(BLOG_PATHS.enableDisable), {
      token: tokens.admin,
      payload: { SectId: avisos.SectId, SectStatus: 'I' },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.SectStatus).toBe('I');
    const session = (await getSessionData(t.app, tokens.consejo)).json().data;
    expect(session.secciones.map((s: { SectId: number }) => s.SectId)).not.toContain(avisos.SectId);
    const on = await call(t.app, 'POST', api(BLOG_PATHS.enableDisable), {
      token: tokens.admin,
      payload: { SectId: avisos.SectId, SectStatus: 'A' },
    });
    expect(on.json().data.SectStatus).toBe('A');
    const bad = await call(t.app, 'POST', api(BLOG_PATHS.enableDisable), {
      token: tokens.admin,
      payload: { SectId: avisos.SectId, SectStatus: 'X' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('SectStatus');
  });

  it('writes only the affected positions, all or nothing', async () => {
    const before = await list();
    const moved = before[7]!; // position 8 → 3: positions 3..7 shift down by one
    const affected = [
      { SectId: moved.SectId, SectPosition: 3 },
      ...before.slice(2, 7).map((b) => ({ SectId: b.SectId, SectPosition: b.SectPosition + 1 })),
    ];
    const res = await call(t.app, 'POST', api(BLOG_PATHS.updatePositions), { token: tokens.admin, payload: affected });
    expect(res.statusCode).toBe(200);
    const after = await list();
    expect(after.map((b) => b.SectId)).toEqual([
      before[0]!.SectId,
      before[1]!.SectId,
      moved.SectId,
      ...before.slice(2, 7).map((b) => b.SectId),
      before[8]!.SectId,
      before[9]!.SectId,
      before[10]!.SectId,
    ]);
    const bosqueBlog = (await list(bosqueAdmin))[0]!;
    const foreign = await call(t.app, 'POST', api(BLOG_PATHS.updatePositions), {
      token: tokens.admin,
      payload: [
        { SectId: after[0]!.SectId, SectPosition: 2 },
        { SectId: bosqueBlog.SectId, SectPosition: 1 },
      ],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list()).map((b) => b.SectId)).toEqual(after.map((b) => b.SectId));
    const empty = await call(t.app, 'POST', api(BLOG_PATHS.updatePositions), { token: tokens.admin, payload: [] });
    expect(empty.statusCode).toBe(400);
    const twice = await call(t.app, 'POST', api(BLOG_PATHS.updatePositions), {
      token: tokens.admin,
      payload: [
        { SectId: after[0]!.SectId, SectPosition: 2 },
        { SectId: after[0]!.SectId, SectPosition: 3 },
      ],
    });
    expect(twice.statusCode).toBe(400);
  });

  it('creates a blog after the last one, with the rules of the new-blog dialog', async () => {
    const payload = {
      SectName: '  Deportes  ',
      SectStatus: 'A',
      SectPosting: 'B',
      CommentsDisplay: 'Y',
      PublicoPrivado: 1,
      VistaxTorre: 1,
    };
    const res = await call(t.app, 'POST', api(BLOG_PATHS.addNew), { token: tokens.admin, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      SectName: 'Deportes',
      SectCode: '',
      SectPosition: 12,
      SectPosting: 'B',
      userCount: 0,
    });
    const long = await call(t.app, 'POST', api(BLOG_PATHS.addNew), {
      token: tokens.admin,
      payload: { ...payload, SectName: 'x'.repeat(40) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'SectName', message: 'El nombre del blog debe tener menos de 40 caracteres' });
    const blank = await call(t.app, 'POST', api(BLOG_PATHS.addNew), {
      token: tokens.admin,
      payload: { ...payload, SectName: '  ' },
    });
    expect(blank.json()).toMatchObject({ field: 'SectName', message: 'El nombre del blog es requerido' });
    const missing = await call(t.app, 'POST', api(BLOG_PATHS.addNew), {
      token: tokens.admin,
      payload: { ...payload, VistaxTorre: undefined },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('VistaxTorre');
    expect((await list()).length).toBe(12);
  });

  it('saves the fields and the residents who join and leave an exclusive blog', async () => {
    const garden = byName(await list(), 'Comité de jardinería');
    const consejo = await userId('consejo@demo.mx');
    const residente = await userId('residente@demo.mx');
    const vecino = await userId('vecino020@demo.mx');
    const res = await call(t.app, 'POST', api(BLOG_PATHS.update), {
      token: tokens.admin,
      payload: { ...formOf(garden), SectName: 'Comité verde', newUsers: [vecino], deletedUsers: [residente], VistaxTorre: 1 },
    });
    expect(res.statusCode).toBe(200);
    // Exclusive blogs never show per tower.
    expect(res.json().data).toMatchObject({ SectName: 'Comité verde', userCount: 2, VistaxTorre: 0 });
    const users = (await call(t.app, 'GET', api(BLOG_PATHS.users(garden.SectId)), { token: tokens.admin })).json()
      .data as Resident[];
    expect(
      users
        .filter((u) => u.IdUsersSections !== undefined)
        .map((u) => u.UserId)
        .sort(),
    ).toEqual([consejo, vecino].sort());
    // The menu: residente no longer has it; consejo sees the new name.
    const residentSession = (await getSessionData(t.app, tokens.residente)).json().data;
    expect(residentSession.secciones.find((s: { SectId: number }) => s.SectId === garden.SectId).UserId).toBeNull();
    const boardSession = (await getSessionData(t.app, tokens.consejo)).json().data;
    expect(boardSession.secciones.find((s: { SectId: number }) => s.SectId === garden.SectId).SectName).toBe('Comité verde');
    // Public again: nobody stays attached.
    const open = await call(t.app, 'POST', api(BLOG_PATHS.update), {
      token: tokens.admin,
      payload: {
        ...formOf(garden),
        SectName: 'Comité verde',
        ExclusivaUsuarios: 'N',
        VistaxTorre: 1,
        deletedUsers: [consejo, vecino],
      },
    });
    expect(open.json().data).toMatchObject({ ExclusivaUsuarios: 'N', userCount: 0, VistaxTorre: 1 });
  });

  it('refuses an invalid blog form naming the field, and changes nothing', async () => {
    const blogs = await list();
    const surveys = byName(blogs, 'Encuestas y votaciones');
    const cases: [Partial<UpdateBlogRequest>, string, string][] = [
      [{ SectName: '' }, 'SectName', 'El nombre del blog es requerido'],
      [{ SectName: 'x'.repeat(121) }, 'SectName', 'El nombre del blog debe tener máximo 120 caracteres'],
      [
        { MensajeConfirmacion: 'x'.repeat(101) },
        'MensajeConfirmacion',
        'El mensaje de confirmación debe tener máximo 100 caracteres',
      ],
      [{ SectPosting: 'B' }, 'SectPosting', 'Las encuestas no admiten publicaciones con aprobación'],
      [{ SectCode: 'SA' }, 'SectCode', 'Este campo es requerido'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(t.app, 'POST', api(BLOG_PATHS.update), {
        token: tokens.admin,
        payload: { ...formOf(surveys), ...change },
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json()).toMatchObject({ field, message });
    }
    const noCode = formOf(surveys) as Partial<UpdateBlogRequest>;
    delete noCode.SectCode;
    const missing = await call(t.app, 'POST', api(BLOG_PATHS.update), { token: tokens.admin, payload: noCode });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('SectCode');
    const stranger = await call(t.app, 'POST', api(BLOG_PATHS.update), {
      token: tokens.admin,
      payload: { ...formOf(byName(blogs, 'Asuntos del consejo')), ExclusivaUsuarios: 'Y', newUsers: [999_999] },
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().field).toBe('newUsers');
    expect(await list()).toEqual(blogs);
    const foreign = await call(t.app, 'POST', api(BLOG_PATHS.update), {
      token: bosqueAdmin,
      payload: formOf(surveys),
    });
    expect(foreign.statusCode).toBe(404);
  });

  describe('who may call each route', () => {
    const blogId = async () => (await list())[0]!.SectId;
    const routes: { name: string; run: (token: string | undefined) => Promise<number>; members: boolean }[] = [
      {
        name: 'blogs-list',
        members: false,
        run: async (token) => (await call(t.app, 'GET', api(BLOG_PATHS.list), { token })).statusCode,
      },
      {
        name: 'get-single-section',
        members: false,
        run: async (token) => (await call(t.app, 'GET', api(BLOG_PATHS.single(await blogId())), { token })).statusCode,
      },
      {
        name: 'user-sections',
        members: false,
        run: async (token) => (await call(t.app, 'GET', api(BLOG_PATHS.users(await blogId())), { token })).statusCode,
      },
      {
        name: 'update-section',
        members: false,
        run: async (token) =>
          (await call(t.app, 'POST', api(BLOG_PATHS.update), { token, payload: formOf((await list())[0]!) })).statusCode,
      },
      {
        name: 'enable-disable-section',
        members: false,
        run: async (token) =>
          (
            await call(t.app, 'POST', api(BLOG_PATHS.enableDisable), {
              token,
              payload: { SectId: await blogId(), SectStatus: 'A' },
            })
          ).statusCode,
      },
      {
        name: 'update-section-position',
        members: false,
        run: async (token) =>
          (
            await call(t.app, 'POST', api(BLOG_PATHS.updatePositions), {
              token,
              payload: [{ SectId: await blogId(), SectPosition: 1 }],
            })
          ).statusCode,
      },
      {
        name: 'add-new-blog',
        members: false,
        run: async (token) =>
          (
            await call(t.app, 'POST', api(BLOG_PATHS.addNew), {
              token,
              payload: {
                SectName: 'Prueba',
                SectStatus: 'I',
                SectPosting: 'A',
                CommentsDisplay: 'Y',
                PublicoPrivado: 1,
                VistaxTorre: 1,
              },
            })
          ).statusCode,
      },
      {
        name: 'torres-list',
        members: true,
        run: async (token) => (await call(t.app, 'GET', api(BLOG_PATHS.towers), { token })).statusCode,
      },
    ];
    for (const route of routes) {
      it(`${route.name}: administrators${route.members ? ' and every member' : ' only'}`, async () => {
        const got: Record<string, number> = {};
        for (const role of ROLES) got[role] = await route.run(tokens[role]);
        got.inactivo = await route.run(inactivoToken);
        got.none = await route.run(undefined);
        const member = route.members ? 200 : 403;
        expect(got).toEqual({
          admin: 200,
          consejo: member,
          residente: member,
          empleado: member,
          guardia: member,
          supervisor: member,
          inactivo: 401,
          none: 401,
        });
      });
    }
  });
});
