// Who may call what in communication (issue 6): every demo account of DESIGN.md §6 and a caller without a
// session, against every route of the posts and notifications contracts, in the sections whose rules
// differ (R notices, A neighbours, B exclusive committee, AC board, SA requests). Each cell starts from a
// fresh session and makes what it needs, so no cell depends on another. A contract path without a row
// here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/domain/shared/notify';
import { NOTIFICATIONS_PATHS } from '../../src/api/notifications';
import { POSTS_PATHS } from '../../src/api/posts';
import { api } from '../support/http';
import { status } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, signInStep, type TestApp } from '../support/testApp';

const ROWS = ['admin', 'consejo', 'residente', 'empleado', 'guardia', 'supervisor', 'inactivo', 'none'] as const;
type Row = (typeof ROWS)[number];
type Expected = [number, number, number, number, number, number, number, number];

interface Caller {
  row: Row;
  email: string | null;
  token: string | undefined;
}

interface RouteCase {
  method: 'GET' | 'POST';
  path: string;
  variant: string;
  expected: Expected;
  run(t: TestApp, caller: Caller): Promise<number>;
}

/** Everyone in Comunicación: every member but the employees (the supervisor is one too). */
const COMMUNICATION: Expected = [200, 200, 200, 403, 200, 403, 401, 401];
const MEMBERS: Expected = [200, 200, 200, 200, 200, 200, 401, 401];
const ADMIN_ONLY: Expected = [200, 403, 403, 403, 403, 403, 401, 401];

const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const ids = { sections: new Map<string, number>(), posts: new Map<string, number>() };
const section = (name: string) => ids.sections.get(name)!;
const post = (title: string) => ids.posts.get(title)!;

async function userId(t: TestApp, email: string) {
  return (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

/** A fresh post by consejo in the committee (B), waiting for approval. */
async function pendingPost(t: TestApp): Promise<number> {
  const consejo = await signInAs(t.app, 'consejo@demo.mx');
  const res = await call(t.app, 'POST', api(POSTS_PATHS.newPost), {
    token: consejo,
    payload: { sectionId: section('Comité de jardinería'), Titulo: 'Pendiente', Texto: 'Por revisar' },
  });
  expect(res.json()).toMatchObject({ Estatus: 'P' });
  return (res.json() as { PostId: number }).PostId;
}

let attachmentLink = '';

const newPost = (sectionName: string) => (t: TestApp, c: Caller) =>
  status(t, c, 'POST', POSTS_PATHS.newPost, { sectionId: section(sectionName), Titulo: `De ${c.row}`, Texto: 'Hola' });

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: POSTS_PATHS.summary,
    variant: 'summary',
    expected: COMMUNICATION,
    run: (t, c) => status(t, c, 'GET', POSTS_PATHS.summary),
  },
  ...(
    [
      ['Avisos de la administración', COMMUNICATION],
      ['Comunicación entre vecinos', COMMUNICATION],
      ['Comité de jardinería', [200, 200, 200, 403, 403, 403, 401, 401]],
      ['Asuntos del consejo', [200, 200, 403, 403, 403, 403, 401, 401]],
      // The guard's COM-SOL is inactive.
      ['Solicitudes a la administración', [200, 200, 200, 403, 403, 403, 401, 401]],
      // Inactive and OR: administrators only.
      ['Mascotas', [200, 403, 403, 403, 403, 403, 401, 401]],
      ['Obras y reparaciones', [200, 403, 403, 403, 403, 403, 401, 401]],
    ] as const
  ).map(
    ([name, expected]): RouteCase => ({
      method: 'GET',
      path: POSTS_PATHS.sectionPosts(':sectionId'),
      variant: name,
      expected: [...expected],
      run: (t, c) => status(t, c, 'GET', POSTS_PATHS.sectionPosts(section(name))),
    }),
  ),
  {
    method: 'GET',
    path: POSTS_PATHS.post(':postId'),
    variant: 'a notice for everyone',
    expected: COMMUNICATION,
    run: (t, c) => status(t, c, 'GET', POSTS_PATHS.post(post('Mantenimiento de elevadores'))),
  },
  {
    method: 'GET',
    path: POSTS_PATHS.post(':postId'),
    variant: 'a notice for Torre B (consejo lives there)',
    expected: [200, 200, 404, 403, 404, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', POSTS_PATHS.post(post('Corte de agua en Torre B'))),
  },
  {
    method: 'GET',
    path: POSTS_PATHS.post(':postId'),
    variant: "a neighbour's private request",
    expected: [200, 404, 404, 403, 404, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', POSTS_PATHS.post(post('Fuga en el pasillo del piso 3'))),
  },
  {
    method: 'GET',
    path: POSTS_PATHS.post(':postId'),
    variant: "residente's post waiting for approval",
    expected: [200, 404, 200, 403, 404, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', POSTS_PATHS.post(post('Propuesta de huerto comunitario'))),
  },
  {
    method: 'POST',
    path: POSTS_PATHS.newPost,
    variant: 'R notices',
    expected: ADMIN_ONLY,
    run: newPost('Avisos de la administración'),
  },
  {
    method: 'POST',
    path: POSTS_PATHS.newPost,
    variant: 'A neighbours',
    expected: COMMUNICATION,
    run: newPost('Tablón de vecinos'),
  },
  {
    method: 'POST',
    path: POSTS_PATHS.newPost,
    variant: 'B committee',
    expected: [200, 200, 200, 403, 403, 403, 401, 401],
    run: newPost('Comité de jardinería'),
  },
  {
    method: 'POST',
    path: POSTS_PATHS.newPost,
    variant: 'AC board (R)',
    expected: [200, 403, 403, 403, 403, 403, 401, 401],
    run: newPost('Asuntos del consejo'),
  },
  {
    method: 'POST',
    path: POSTS_PATHS.newComment,
    variant: 'a notice for everyone',
    expected: COMMUNICATION,
    run: (t, c) =>
      status(t, c, 'POST', POSTS_PATHS.newComment, { postId: post('Mantenimiento de elevadores'), Texto: 'Gracias' }),
  },
  {
    method: 'POST',
    path: POSTS_PATHS.approvePost,
    variant: 'a pending post',
    expected: ADMIN_ONLY,
    run: async (t, c) => status(t, c, 'POST', POSTS_PATHS.approvePost, { postId: await pendingPost(t) }),
  },
  {
    method: 'POST',
    path: POSTS_PATHS.rejectPost,
    variant: 'a pending post',
    expected: ADMIN_ONLY,
    run: async (t, c) => status(t, c, 'POST', POSTS_PATHS.rejectPost, { postId: await pendingPost(t), note: 'No' }),
  },
  {
    method: 'GET',
    path: POSTS_PATHS.attachmentFile(':attachmentId'),
    variant: 'signed link',
    // The link is the permission, as for profile photos.
    expected: [200, 200, 200, 200, 200, 200, 200, 200],
    run: (t, c) => status(t, c, 'GET', attachmentLink.replace(/^\/api/, '')),
  },
  {
    method: 'GET',
    path: POSTS_PATHS.attachmentFile(':attachmentId'),
    variant: 'forged link',
    expected: [403, 403, 403, 403, 403, 403, 403, 403],
    // One hex digit changed: a signature that is not the server's.
    run: (t, c) =>
      status(
        t,
        c,
        'GET',
        attachmentLink.replace(/^\/api/, '').replace(/sig=(.)/, (_, d) => `sig=${d === '0' ? '1' : '0'}`),
      ),
  },
  {
    method: 'GET',
    path: NOTIFICATIONS_PATHS.latest,
    variant: 'own',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', NOTIFICATIONS_PATHS.latest),
  },
  {
    method: 'GET',
    path: NOTIFICATIONS_PATHS.list,
    variant: 'own',
    expected: MEMBERS,
    run: (t, c) => status(t, c, 'GET', `${NOTIFICATIONS_PATHS.list}?limit=20&offset=0&obtainCounter=1`),
  },
  {
    method: 'POST',
    path: NOTIFICATIONS_PATHS.open,
    variant: "one's own",
    expected: MEMBERS,
    async run(t, c) {
      const condo = await t.app.db
        .selectFrom('condominiums')
        .select('id')
        .where('subdomain', '=', 'palmas')
        .executeTakeFirstOrThrow();
      const owner = await userId(t, c.email ?? 'vecino011@demo.mx');
      await notify(t.app.db, t.app.clock, [owner], {
        condoId: condo.id,
        titulo: 'Prueba',
        textoApp: 'Prueba',
        modulo: 'invitados',
      });
      const row = await t.app.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', owner)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return status(t, c, 'POST', NOTIFICATIONS_PATHS.open, { id: row.id });
    },
  },
  {
    method: 'POST',
    path: NOTIFICATIONS_PATHS.open,
    variant: "someone else's",
    expected: [404, 404, 404, 404, 404, 404, 401, 401],
    async run(t, c) {
      const other = await userId(t, 'vecino011@demo.mx');
      const row = await t.app.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', other)
        .orderBy('id')
        .executeTakeFirst();
      const id =
        row?.id ??
        (
          await t.app.db
            .insertInto('notifications')
            .values({
              condo_id: 1,
              user_id: other,
              titulo: 'x',
              texto_app: 'x',
              foto: null,
              modulo: 'invitados',
              props: '{}',
              abierto: 0,
              created_at: new Date().toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      return status(t, c, 'POST', NOTIFICATIONS_PATHS.open, { id });
    },
  },
];

describe(`communication permission matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const palmas = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'palmas')
      .executeTakeFirstOrThrow();
    for (const s of await t.app.db.selectFrom('sections').select(['id', 'name']).where('condo_id', '=', palmas.id).execute()) {
      ids.sections.set(s.name, s.id);
    }
    for (const p of await t.app.db.selectFrom('posts').select(['id', 'title']).execute()) ids.posts.set(p.title, p.id);
    const admin = await signInAs(t.app, 'admin@demo.mx');
    const created = await call(t.app, 'POST', api(POSTS_PATHS.newPost), {
      token: admin,
      payload: {
        sectionId: section('Avisos de la administración'),
        Titulo: 'Con imagen',
        Texto: 'Ver adjunto',
        adjuntos: [{ name: 'punto.png', dataUrl: PNG_1X1 }],
      },
    });
    expect(created.statusCode).toBe(200);
    const shown = await call(t.app, 'GET', api(POSTS_PATHS.post((created.json() as { PostId: number }).PostId)), {
      token: admin,
    });
    attachmentLink = (shown.json() as { post: { adjuntos: { url: string }[] } }).post.adjuntos[0]!.url;
    expect(attachmentLink).toMatch(/^\/api\/--comunicacion\/post-file\/\d+\?exp=\d+&sig=[0-9a-f]{64}$/);
  });

  async function caller(row: Row): Promise<Caller> {
    if (row === 'none') return { row, email: null, token: undefined };
    const email = `${row}@demo.mx`;
    const token = row === 'inactivo' ? (await signInStep(t.app, email)).token : await signInAs(t.app, email);
    return { row, email, token };
  }

  describe.each(ROUTES.map((r) => [`${r.method} ${r.path} (${r.variant})`, r] as const))('%s', (_, route) => {
    it.each(ROWS.map((row, index) => [row, route.expected[index]!] as const))('%s → %i', async (row, expected) => {
      expect(await route.run(t, await caller(row))).toBe(expected);
    });
  });

  it('has a row for every path of the posts and notifications contracts, and each exists', () => {
    const contractPaths = [
      ...Object.values(POSTS_PATHS).map((path) =>
        typeof path === 'function'
          ? path(path === POSTS_PATHS.sectionPosts ? ':sectionId' : path === POSTS_PATHS.post ? ':postId' : ':attachmentId')
          : path,
      ),
      ...Object.values(NOTIFICATIONS_PATHS),
    ];
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(contractPaths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
