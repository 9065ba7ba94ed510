// The header's search (src/api/globalSearch.ts): each kind only what the caller may see (private posts and
// exclusive sections, other people's requests, residents and dwellings for staff only), accent-insensitive,
// grouped and paged, bound to the caller's condominium, refused without a session or under two characters,
// and rate-limited per person.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/infra/rateLimit';
import { GLOBAL_SEARCH_PATHS, GlobalSearchAnswer, SEARCH_GROUP_SIZE, type SearchKind } from '../../src/api/globalSearch';
import { api } from '../support/http';
import { type Caller, type Expected, type RouteCase, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, RELAXED_RATE_LIMITS, signInAs, type TestApp } from '../support/testApp';

/** Any signed-in member of the condominium. */
const MEMBERS: Expected = [200, 200, 200, 200, 200, 200, 401, 401];

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: GLOBAL_SEARCH_PATHS.search,
    variant: 'a search',
    expected: MEMBERS,
    run: async (t, c: Caller) =>
      (await call(t.app, 'GET', api(`${GLOBAL_SEARCH_PATHS.search}?q=torre`), { token: c.token })).statusCode,
  },
];

describe(`global search (${dialect})`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { ...RELAXED_RATE_LIMITS, globalSearchPerUser: { max: 200, windowSeconds: 60 } } });
    const db = t.app.db;
    for (const email of [
      'admin@demo.mx',
      'consejo@demo.mx',
      'residente@demo.mx',
      'empleado@demo.mx',
      'guardia@demo.mx',
      'vecino010@demo.mx',
      'vecino015@demo.mx',
    ]) {
      tokens[email] = await signInAs(t.app, email, email === 'admin@demo.mx' ? 'Residencial Las Palmas' : undefined);
    }
    tokens.bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');

    const condo = (await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
    const admin = (await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow()).id;
    const notices = (
      await db
        .selectFrom('sections')
        .select('id')
        .where('condo_id', '=', condo)
        .where('name', '=', 'Avisos de la administración')
        .executeTakeFirstOrThrow()
    ).id;
    const post = await db
      .insertInto('posts')
      .values({
        condo_id: condo,
        section_id: notices,
        author_user_id: admin,
        title: 'Jardín vertical en el lobby',
        body: 'Instalaremos un jardín vertical junto a los elevadores; el reglamento de cuidado va adjunto.',
        tower_id: null,
        is_private: 0,
        status: 'A',
        reviewed_by_user_id: null,
        reviewed_at: null,
        review_note: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const privatePost = (
      await db.selectFrom('posts').select('id').where('title', '=', 'Fuga en el pasillo del piso 3').executeTakeFirstOrThrow()
    ).id;
    const file = async () =>
      (
        await db
          .insertInto('files')
          .values({
            owner_user_id: admin,
            content_type: 'application/pdf',
            byte_size: 4,
            sha256: '0'.repeat(64),
            data: Buffer.from('%PDF'),
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await db
      .insertInto('post_attachments')
      .values([
        { post_id: post.id, file_id: await file(), file_name: 'Reglamento del jardín.pdf', kind: 'file', position: 0 },
        { post_id: privatePost, file_id: await file(), file_name: 'Reglamento de la fuga.pdf', kind: 'file', position: 0 },
      ])
      .execute();
    const facility = await db
      .selectFrom('facilities')
      .select(['id', 'name'])
      .where('condo_id', '=', condo)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('facility_files')
      .values({ facility_id: facility.id, file_id: await file(), file_name: 'Reglamento de uso.pdf', kind: 'rules', position: 0 })
      .execute();
  });

  const search = async (who: string, query: string) => {
    const res = await call(t.app, 'GET', api(`${GLOBAL_SEARCH_PATHS.search}?${query}`), { token: tokens[who] });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, GlobalSearchAnswer);
    return body;
  };
  const titles = async (who: string, q: string, kind: SearchKind) =>
    (await search(who, `q=${encodeURIComponent(q)}`)).groups.find((g) => g.kind === kind)?.items.map((i) => i.title);
  const kinds = async (who: string) => (await search(who, 'q=torre')).groups.map((g) => g.kind);

  walkMatrix(() => t, ROUTES);

  it('has a matrix row for every path of the contract', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(GLOBAL_SEARCH_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });

  it('answers only the kinds the caller may search: residents and dwellings for staff, no posts for employees', async () => {
    expect(await kinds('admin@demo.mx')).toEqual(['posts', 'requests', 'documents', 'residents', 'dwellings']);
    expect(await kinds('guardia@demo.mx')).toEqual(['posts', 'requests', 'documents', 'residents', 'dwellings']);
    expect(await kinds('empleado@demo.mx')).toEqual(['requests', 'residents', 'dwellings']);
    expect(await kinds('consejo@demo.mx')).toEqual(['posts', 'requests', 'documents']);
    expect(await kinds('residente@demo.mx')).toEqual(['posts', 'requests', 'documents']);
    // Asking for a kind one may not search gives no group at all.
    expect((await search('residente@demo.mx', 'q=hernandez&kind=residents')).groups).toEqual([]);
  });

  it('ignores accents and case: jardin finds Jardín, HERNANDEZ finds Hernández', async () => {
    expect(await titles('residente@demo.mx', 'jardin', 'posts')).toContain('Jardín vertical en el lobby');
    expect(await titles('admin@demo.mx', 'HERNANDEZ', 'residents')).toContain('Rosa Hernández Díaz');
    const [found] = (await search('admin@demo.mx', 'q=hernandez')).groups.find((g) => g.kind === 'residents')!.items;
    expect(found).toMatchObject({ snippet: 'Torre A 101', path: '/configuracion?tab=residentes' });
    const post = (await search('admin@demo.mx', 'q=fumigacion')).groups.find((g) => g.kind === 'posts')!.items[0]!;
    expect(post.title).toBe('Fumigación de áreas comunes');
    expect(post.path).toBe(`/comunicacion/ver-publicacion/${post.id}`);
    expect(post.snippet).toMatch(/fumigarán jardines/);
  });

  it('never shows a resident another dwelling’s private post or request', async () => {
    expect(await titles('residente@demo.mx', 'fuga', 'posts')).toEqual([]);
    expect(await titles('vecino015@demo.mx', 'fuga', 'posts')).toEqual(['Fuga en el pasillo del piso 3']);
    expect(await titles('admin@demo.mx', 'fuga', 'posts')).toEqual(['Fuga en el pasillo del piso 3']);
    expect(await titles('residente@demo.mx', 'foco fundido', 'requests')).toEqual([]);
    expect(await titles('admin@demo.mx', 'foco fundido', 'requests')).toEqual(['Foco fundido en el pasillo del piso 3']);
    const own = (await search('residente@demo.mx', 'q=tarjeta')).groups.find((g) => g.kind === 'requests')!.items;
    expect(own.map((i) => i.title)).toEqual(['Tarjeta de acceso no funciona']);
    expect(own[0]!.path).toMatch(/^\/comunicacion\/tickets-administrador\/\d+\?ticket=\d+$/);
    // The employee's requests open the employee panel (no Comunicación).
    const assigned = (await search('empleado@demo.mx', 'q=tarjeta')).groups.find((g) => g.kind === 'requests')!.items;
    for (const item of assigned) expect(item.path).toBe('/panel-del-empleado');
  });

  it('shows an exclusive section’s posts only to its users', async () => {
    expect(await titles('residente@demo.mx', 'poda de primavera', 'posts')).toEqual(['Plan de poda de primavera']);
    expect(await titles('consejo@demo.mx', 'poda de primavera', 'posts')).toEqual(['Plan de poda de primavera']);
    expect(await titles('vecino010@demo.mx', 'poda de primavera', 'posts')).toEqual([]);
  });

  it('finds documents: files of readable posts and the facilities’ rules', async () => {
    expect(await titles('residente@demo.mx', 'reglamento', 'documents')).toEqual([
      'Reglamento del jardín.pdf',
      'Reglamento de uso.pdf',
    ]);
    // Newest post first, then the facilities' rules.
    expect(await titles('vecino015@demo.mx', 'reglamento', 'documents')).toEqual([
      'Reglamento del jardín.pdf',
      'Reglamento de la fuga.pdf',
      'Reglamento de uso.pdf',
    ]);
  });

  it('finds dwellings for staff, with who lives there', async () => {
    const found = (await search('guardia@demo.mx', 'q=Torre%20A%20101')).groups.find((g) => g.kind === 'dwellings')!.items;
    expect(found[0]).toMatchObject({ title: 'Torre A 101', path: '/directorio-principal' });
    expect(found[0]!.snippet).toContain('Rosa Hernández Díaz');
  });

  it('pages each kind: at most a group’s size, and more from an offset', async () => {
    const first = (await search('admin@demo.mx', 'q=ez')).groups.find((g) => g.kind === 'residents')!;
    expect(first.items).toHaveLength(SEARCH_GROUP_SIZE);
    expect(first.hasMore).toBe(true);
    const next = await search('admin@demo.mx', `q=ez&kind=residents&offset=${SEARCH_GROUP_SIZE}`);
    expect(next.groups.map((g) => g.kind)).toEqual(['residents']);
    expect(next.groups[0]!.offset).toBe(SEARCH_GROUP_SIZE);
    const seen = new Set(first.items.map((i) => i.id));
    expect(next.groups[0]!.items.some((i) => seen.has(i.id))).toBe(false);
  });

  it('keeps to the caller’s condominium', async () => {
    const elsewhere = await search('bosque', 'q=hernandez');
    expect(elsewhere.groups.flatMap((g) => g.items)).toEqual([]);
    expect((await search('bosque', 'q=fumigacion')).groups.flatMap((g) => g.items)).toEqual([]);
  });

  it('refuses a search under two characters, and treats LIKE’s wildcards as plain text', async () => {
    const short = await call(t.app, 'GET', api(`${GLOBAL_SEARCH_PATHS.search}?q=a`), { token: tokens['admin@demo.mx'] });
    expect(short.statusCode).toBe(400);
    const none = await search('admin@demo.mx', 'q=%25%25');
    expect(none.groups.flatMap((g) => g.items)).toEqual([]);
  });
});

describe(`global search rate limit (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { ...RELAXED_RATE_LIMITS, globalSearchPerUser: { max: 2, windowSeconds: 60 } } });
  });

  it('answers 429 past the per-person limit', async () => {
    expect(DEFAULT_RATE_LIMITS.globalSearchPerUser.max).toBeGreaterThanOrEqual(30);
    const token = await signInAs(t.app, 'residente@demo.mx');
    const ask = async () => (await call(t.app, 'GET', api(`${GLOBAL_SEARCH_PATHS.search}?q=torre`), { token })).statusCode;
    expect([await ask(), await ask(), await ask()]).toEqual([200, 200, 429]);
  });
});
