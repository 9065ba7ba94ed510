// Who may call what among official notices' read receipts (issue 30): every demo account of DESIGN.md §6 and a
// caller without a session, against every path of src/api/noticeReads.ts. Enterado: members who read the notice, not
// the administration; the reach: administrators and the board; who read it, the importance and the resend:
// administrators. Another condominium's notice is unknown (404). Each resend cell has a fresh notice (a second resend
// within the hour is refused). A contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_READS_PATHS } from '../../src/api/noticeReads';
import { POSTS_PATHS } from '../../src/api/posts';
import { api } from '../support/http';
import { publishNotice, towerIdOf } from '../support/noticeReadsServerFixtures';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

/** The reach: administrators and the board. */
const REACH: Expected = [200, 200, 403, 403, 403, 403, 401, 401];
/** Enterado: whoever reads the notice but the administration (employees have no Comunicación). */
const READERS: Expected = [403, 200, 200, 403, 200, 403, 401, 401];

const fixtures = { important: 0, torreB: 0, bosque: 0 };

const ROUTES: RouteCase[] = [
  {
    method: 'POST',
    path: NOTICE_READS_PATHS.acknowledge,
    variant: 'an important notice for everyone',
    expected: READERS,
    run: (t, c) => status(t, c, 'POST', NOTICE_READS_PATHS.acknowledge, { postId: fixtures.important }),
  },
  {
    method: 'POST',
    path: NOTICE_READS_PATHS.acknowledge,
    // consejo lives in Torre B; residente in Torre A; the guard in no dwelling.
    variant: 'an important notice for Torre B',
    expected: [403, 200, 404, 403, 404, 403, 401, 401],
    run: (t, c) => status(t, c, 'POST', NOTICE_READS_PATHS.acknowledge, { postId: fixtures.torreB }),
  },
  {
    method: 'POST',
    path: NOTICE_READS_PATHS.importance,
    variant: 'a notice',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', NOTICE_READS_PATHS.importance, { postId: fixtures.important, important: true }),
  },
  {
    method: 'GET',
    path: NOTICE_READS_PATHS.reach(':postId'),
    variant: 'a notice',
    expected: REACH,
    run: (t, c) => status(t, c, 'GET', NOTICE_READS_PATHS.reach(fixtures.important)),
  },
  {
    method: 'GET',
    path: NOTICE_READS_PATHS.reach(':postId'),
    variant: 'another condominium’s notice',
    expected: [404, 404, 403, 403, 403, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', NOTICE_READS_PATHS.reach(fixtures.bosque)),
  },
  {
    method: 'GET',
    path: NOTICE_READS_PATHS.readers(':postId'),
    variant: 'a notice',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', NOTICE_READS_PATHS.readers(fixtures.important)),
  },
  {
    method: 'GET',
    path: NOTICE_READS_PATHS.readers(':postId'),
    variant: 'another condominium’s notice',
    expected: [404, 403, 403, 403, 403, 403, 401, 401],
    run: (t, c) => status(t, c, 'GET', NOTICE_READS_PATHS.readers(fixtures.bosque)),
  },
  {
    method: 'POST',
    path: NOTICE_READS_PATHS.resend,
    variant: 'a fresh notice',
    expected: ADMIN_ONLY,
    run: async (t, c) =>
      status(t, c, 'POST', NOTICE_READS_PATHS.resend, {
        postId: await publishNotice(t, await signInAs(t.app, 'admin@demo.mx'), { title: 'Para reenviar' }),
      }),
  },
];

describe(`official notices: who may call what (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = await signInAs(t.app, 'admin@demo.mx');
    fixtures.important = await publishNotice(t, admin, { title: 'Importante para todos', important: true });
    fixtures.torreB = await publishNotice(t, admin, {
      title: 'Importante para Torre B',
      important: true,
      towerId: await towerIdOf(t, 'Torre B'),
    });
    // Torres del Bosque's own notices section, as its administrator (admin@demo.mx there too) publishes in it.
    const bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const condo = await t.app.db
      .selectFrom('condominiums')
      .select('id')
      .where('subdomain', '=', 'bosque')
      .executeTakeFirstOrThrow();
    const section = await t.app.db
      .selectFrom('sections')
      .select('id')
      .where('condo_id', '=', condo.id)
      .where('posting', '=', 'R')
      .where('code', '=', '')
      .executeTakeFirstOrThrow();
    const created = await t.app.inject({
      method: 'POST',
      url: api(POSTS_PATHS.newPost),
      headers: { 'app-token': bosque },
      payload: { sectionId: section.id, Titulo: 'Aviso del Bosque', Texto: 'x', Importante: true },
    });
    expect(created.statusCode, created.body).toBe(200);
    fixtures.bosque = (created.json() as { PostId: number }).PostId;
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the notices contract, and each exists', () => {
    const paths = Object.values(NOTICE_READS_PATHS).map((p) => (typeof p === 'function' ? p(':postId') : p));
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(paths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
