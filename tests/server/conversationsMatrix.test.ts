// Who may call what in interpersonal messages (issue 13): every demo account of DESIGN.md §6 and a caller
// without a session, against every path of the conversations contract, on the conversations whose readers
// differ (residente with consejo, residente with the administration, two other dwellings, another
// condominium's). Each cell starts from a fresh session and makes what it needs, so no cell depends on
// another. A contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATIONS_PATHS } from '../../src/api/conversations';
import { api } from '../support/http';
import { ADMIN_ONLY, type Caller, type Expected, PNG_1X1, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

/** Everyone in Comunicación: every member but the employees (the supervisor is one too). */
const COMMUNICATION: Expected = [200, 200, 200, 403, 200, 403, 401, 401];
/** The two dwellings' residents; administrators and the guard are no party (404). */
const RESIDENTE_CONSEJO: Expected = [404, 200, 200, 403, 404, 403, 401, 401];
const RESIDENTE_ADMINISTRATION: Expected = [200, 404, 200, 403, 404, 403, 401, 401];
const NOBODY_HERE: Expected = [404, 404, 404, 403, 404, 403, 401, 401];

const ids = {
  section: 0,
  dwellings: new Map<string, number>(),
  residenteConsejo: 0,
  residenteAdministration: 0,
  neighbours: 0,
  elsewhere: 0,
};
let photoLink = '';

/** A fresh message in residente's conversation with consejo, written by whichever of them the caller is not. */
async function messageFromTheOtherSide(t: TestApp, c: Caller): Promise<number> {
  const writer = c.row === 'residente' ? 'consejo@demo.mx' : 'residente@demo.mx';
  const res = await call(t.app, 'POST', api(CONVERSATIONS_PATHS.send), {
    token: await signInAs(t.app, writer),
    payload: { conversationId: ids.residenteConsejo, Texto: `Para ${c.row}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { message: { id: number } }).message.id;
}

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: CONVERSATIONS_PATHS.list,
    variant: 'own',
    expected: COMMUNICATION,
    run: (t, c) => status(t, c, 'GET', `${CONVERSATIONS_PATHS.list}?sectionId=${ids.section}&limit=20&offset=0`),
  },
  ...(
    [
      ['residente with consejo', () => ids.residenteConsejo, RESIDENTE_CONSEJO],
      ['residente with the administration', () => ids.residenteAdministration, RESIDENTE_ADMINISTRATION],
      ['two other dwellings', () => ids.neighbours, NOBODY_HERE],
      ['another condominium’s', () => ids.elsewhere, NOBODY_HERE],
    ] as const
  ).flatMap(([variant, id, expected]): RouteCase[] => [
    {
      method: 'GET',
      path: CONVERSATIONS_PATHS.conversation(':conversationId'),
      variant,
      expected: [...expected],
      run: (t, c) => status(t, c, 'GET', CONVERSATIONS_PATHS.conversation(id())),
    },
    {
      method: 'GET',
      path: CONVERSATIONS_PATHS.updates(':conversationId'),
      variant,
      expected: [...expected],
      run: (t, c) => status(t, c, 'GET', `${CONVERSATIONS_PATHS.updates(id())}?after=0`),
    },
    {
      method: 'POST',
      path: CONVERSATIONS_PATHS.send,
      variant,
      expected: [...expected],
      run: (t, c) => status(t, c, 'POST', CONVERSATIONS_PATHS.send, { conversationId: id(), Texto: `De ${c.row}` }),
    },
  ]),
  {
    method: 'POST',
    path: CONVERSATIONS_PATHS.start,
    variant: 'for one’s own side: the administration to Torre A - 101, a dwelling to the administration',
    // The guard has neither a dwelling nor the administration to write for.
    expected: [200, 200, 200, 403, 403, 403, 401, 401],
    run: (t, c) =>
      status(t, c, 'POST', CONVERSATIONS_PATHS.start, {
        sectionId: ids.section,
        desdeApmtId: c.row === 'admin' || c.row === 'guardia' ? null : (ids.dwellings.get(c.row) ?? null),
        para: { ApmtId: c.row === 'admin' ? ids.dwellings.get('residente')! : null },
        Texto: `De ${c.row}`,
      }),
  },
  {
    method: 'GET',
    path: CONVERSATIONS_PATHS.directory,
    variant: 'the IC section',
    expected: COMMUNICATION,
    run: (t, c) => status(t, c, 'GET', `${CONVERSATIONS_PATHS.directory}?sectionId=${ids.section}`),
  },
  {
    method: 'POST',
    path: CONVERSATIONS_PATHS.block,
    variant: 'Casa 59',
    // admin@demo.mx lives in Torre A - 1001 too; the guard has no dwelling to block for.
    expected: [200, 200, 200, 403, 403, 403, 401, 401],
    run: (t, c) => status(t, c, 'POST', CONVERSATIONS_PATHS.block, { ApmtId: ids.dwellings.get('Casa 59')!, bloquear: true }),
  },
  {
    method: 'GET',
    path: CONVERSATIONS_PATHS.blocked,
    variant: 'own',
    expected: COMMUNICATION,
    run: (t, c) => status(t, c, 'GET', CONVERSATIONS_PATHS.blocked),
  },
  {
    method: 'POST',
    path: CONVERSATIONS_PATHS.report,
    variant: 'a message of the other side, residente with consejo',
    expected: RESIDENTE_CONSEJO,
    run: async (t, c) =>
      status(t, c, 'POST', CONVERSATIONS_PATHS.report, { messageId: await messageFromTheOtherSide(t, c), motivo: 'Ofensivo' }),
  },
  {
    method: 'GET',
    path: CONVERSATIONS_PATHS.reports,
    variant: 'the condominium’s',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', `${CONVERSATIONS_PATHS.reports}?limit=20&offset=0`),
  },
  {
    method: 'GET',
    path: CONVERSATIONS_PATHS.unread,
    variant: 'own',
    expected: COMMUNICATION,
    run: (t, c) => status(t, c, 'GET', CONVERSATIONS_PATHS.unread),
  },
  {
    method: 'GET',
    path: CONVERSATIONS_PATHS.photoFile(':photoId'),
    variant: 'signed link',
    // The link is the permission, as for post attachments.
    expected: [200, 200, 200, 200, 200, 200, 200, 200],
    run: (t, c) => status(t, c, 'GET', photoLink.replace(/^\/api/, '')),
  },
  {
    method: 'GET',
    path: CONVERSATIONS_PATHS.photoFile(':photoId'),
    variant: 'forged link',
    expected: [403, 403, 403, 403, 403, 403, 403, 403],
    run: (t, c) =>
      status(
        t,
        c,
        'GET',
        photoLink.replace(/^\/api/, '').replace(/sig=(.)/, (_, d) => `sig=${d === '0' ? '1' : '0'}`),
      ),
  },
];

describe(`interpersonal messages permission matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const palmas = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
    ids.section = (
      await db
        .selectFrom('sections')
        .select('id')
        .where('condo_id', '=', palmas.id)
        .where('code', '=', 'IC')
        .executeTakeFirstOrThrow()
    ).id;
    for (const who of ['residente', 'consejo', 'admin', 'vecino025', 'vecino026']) {
      const row = await db
        .selectFrom('users as u')
        .innerJoin('memberships as m', 'm.user_id', 'u.id')
        .innerJoin('residencies as r', 'r.membership_id', 'm.id')
        .select('r.apartment_id')
        .where('u.email', '=', `${who}@demo.mx`)
        .where('m.condo_id', '=', palmas.id)
        .executeTakeFirstOrThrow();
      ids.dwellings.set(who, row.apartment_id);
    }
    const house = await db
      .selectFrom('apartments')
      .select('id')
      .where('condo_id', '=', palmas.id)
      .where('name', '=', 'Casa 59')
      .executeTakeFirstOrThrow();
    ids.dwellings.set('Casa 59', house.id);
    const conversation = async (a: number, b: number | null) =>
      (
        await db
          .selectFrom('conversations')
          .select('id')
          .where('party_a_apartment_id', '=', b === null ? a : Math.min(a, b))
          .where((eb) => (b === null ? eb('party_b_apartment_id', 'is', null) : eb('party_b_apartment_id', '=', Math.max(a, b))))
          .executeTakeFirstOrThrow()
      ).id;
    const dwelling = (who: string) => ids.dwellings.get(who)!;
    ids.residenteConsejo = await conversation(dwelling('residente'), dwelling('consejo'));
    ids.residenteAdministration = await conversation(dwelling('residente'), null);
    ids.neighbours = await conversation(dwelling('vecino025'), dwelling('vecino026'));

    // Torres del Bosque gets an IC section and a conversation of its own; admin@demo.mx administers it too.
    const bosque = await db.selectFrom('condominiums').select('id').where('subdomain', '=', 'bosque').executeTakeFirstOrThrow();
    const section = await db
      .selectFrom('sections')
      .selectAll()
      .where('condo_id', '=', bosque.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { id: _id, ...copy } = section;
    const other = await db
      .insertInto('sections')
      .values({ ...copy, name: 'Vecinos del Bosque', code: 'IC', position: 99 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const apartment = await db.selectFrom('apartments').select('id').where('condo_id', '=', bosque.id).executeTakeFirstOrThrow();
    ids.elsewhere = (
      await db
        .insertInto('conversations')
        .values({
          condo_id: bosque.id,
          section_id: other.id,
          party_a_apartment_id: apartment.id,
          party_b_apartment_id: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

    const residente = await signInAs(t.app, 'residente@demo.mx');
    const sent = await call(t.app, 'POST', api(CONVERSATIONS_PATHS.send), {
      token: residente,
      payload: {
        conversationId: ids.residenteAdministration,
        Texto: 'Con foto',
        fotos: [{ name: 'punto.png', dataUrl: PNG_1X1 }],
      },
    });
    expect(sent.statusCode).toBe(200);
    photoLink = (sent.json() as { message: { fotos: { url: string }[] } }).message.fotos[0]!.url;
    expect(photoLink).toMatch(/^\/api\/--conversaciones\/photo\/\d+\?exp=\d+&sig=[0-9a-f]{64}$/);
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the conversations contract, and each exists', () => {
    const contractPaths = Object.values(CONVERSATIONS_PATHS).map((path) =>
      typeof path === 'function' ? path(path === CONVERSATIONS_PATHS.photoFile ? ':photoId' : ':conversationId') : path,
    );
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(contractPaths));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });
});
