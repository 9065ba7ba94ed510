// Who may call what in towers and dwellings (issue 16): every demo account of DESIGN.md §6 and a caller without
// a session, against every path of src/api/dwellings.ts, on Las Palmas's towers and dwellings and on Torres del
// Bosque's (404: nothing says they exist), and Torres del Bosque's administrator against Las Palmas's. Each cell
// that creates something uses a name of its own. A contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { DWELLINGS_PATHS, type ImportPreview } from '../../src/api/dwellings';
import { api } from '../support/http';
import { ADMIN_ONLY, type Expected, type RouteCase, status, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

/** Another condominium's tower or dwelling: not found for its administrator, refused for everyone else. */
const ELSEWHERE: Expected = [404, 403, 403, 403, 403, 403, 401, 401];

const fixtures = { admin: '', bosqueAdmin: '', tower: 0, dwelling: 0, bosqueTower: 0, bosqueDwelling: 0 };
let serial = 0;
const unique = (prefix: string) => `${prefix} ${++serial}`;
const csv = (text: string) => ({ nombre: 'viviendas.csv', datos: Buffer.from(text).toString('base64') });

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: DWELLINGS_PATHS.list,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'GET', `${DWELLINGS_PATHS.list}?q=casa&limit=5`),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.saveTower,
    variant: 'new tower',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', DWELLINGS_PATHS.saveTower, { Nombre: unique('Torre matriz') }),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.saveTower,
    variant: "another condominium's tower",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', DWELLINGS_PATHS.saveTower, { TowerId: fixtures.bosqueTower, Nombre: unique('Otra') }),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.towerActive,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', DWELLINGS_PATHS.towerActive, { TowerId: fixtures.tower, activa: true }),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.towerActive,
    variant: "another condominium's tower",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', DWELLINGS_PATHS.towerActive, { TowerId: fixtures.bosqueTower, activa: true }),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.saveDwelling,
    variant: 'new house',
    expected: ADMIN_ONLY,
    run: (t, c) =>
      status(t, c, 'POST', DWELLINGS_PATHS.saveDwelling, { Nombre: unique('Casa matriz'), TowerId: null, indiviso: 0 }),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.saveDwelling,
    variant: "another condominium's tower",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', DWELLINGS_PATHS.saveDwelling, {
        Nombre: unique('Depto'),
        TowerId: fixtures.bosqueTower,
        indiviso: 0,
      }),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.saveDwelling,
    variant: "another condominium's dwelling",
    expected: ELSEWHERE,
    run: (t, c) =>
      status(t, c, 'POST', DWELLINGS_PATHS.saveDwelling, {
        ApmtId: fixtures.bosqueDwelling,
        Nombre: unique('Depto'),
        TowerId: null,
        indiviso: 0,
      }),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.dwellingActive,
    variant: 'Las Palmas',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', DWELLINGS_PATHS.dwellingActive, { ApmtId: fixtures.dwelling, activa: true }),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.dwellingActive,
    variant: "another condominium's dwelling",
    expected: ELSEWHERE,
    run: (t, c) => status(t, c, 'POST', DWELLINGS_PATHS.dwellingActive, { ApmtId: fixtures.bosqueDwelling, activa: true }),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.importPreview,
    variant: 'a CSV',
    expected: ADMIN_ONLY,
    run: (t, c) => status(t, c, 'POST', DWELLINGS_PATHS.importPreview, csv('Torre,Vivienda,Indiviso\nTorre A,101,0.5\n')),
  },
  {
    method: 'POST',
    path: DWELLINGS_PATHS.importConfirm,
    variant: 'a previewed CSV',
    expected: ADMIN_ONLY,
    run: async (t, c) => {
      const file = csv(`Torre,Vivienda,Indiviso\n${unique('Torre importada')},1,0.1\n`);
      const preview = await call(t.app, 'POST', api(DWELLINGS_PATHS.importPreview), { token: fixtures.admin, payload: file });
      const { huella } = preview.json() as ImportPreview;
      return status(t, c, 'POST', DWELLINGS_PATHS.importConfirm, { ...file, huella });
    },
  },
];

describe(`towers and dwellings permission matrix (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.app.db;
    const condoId = async (subdomain: string) =>
      (await db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;
    const first = async (subdomain: string, table: 'towers' | 'apartments') =>
      table === 'towers'
        ? (
            await db
              .selectFrom('towers')
              .select('id')
              .where('condo_id', '=', await condoId(subdomain))
              .orderBy('id')
              .executeTakeFirstOrThrow()
          ).id
        : (
            await db
              .selectFrom('apartments')
              .select('id')
              .where('condo_id', '=', await condoId(subdomain))
              .orderBy('id')
              .executeTakeFirstOrThrow()
          ).id;
    fixtures.tower = await first('palmas', 'towers');
    fixtures.dwelling = await first('palmas', 'apartments');
    fixtures.bosqueTower = await first('bosque', 'towers');
    fixtures.bosqueDwelling = await first('bosque', 'apartments');
    fixtures.admin = await signInAs(t.app, 'admin@demo.mx');
    fixtures.bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
  });

  walkMatrix(() => t, ROUTES);

  it('has a row for every path of the dwellings contract, and each exists', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(DWELLINGS_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
  });

  it('gives another condominium’s administrator nothing of Las Palmas’s towers and dwellings', async () => {
    const as = (method: 'GET' | 'POST', path: string, payload?: object) =>
      call(t.app, method, api(path), { token: fixtures.bosqueAdmin, ...(payload ? { payload } : {}) });
    const answers = [
      await as('POST', DWELLINGS_PATHS.saveTower, { TowerId: fixtures.tower, Nombre: 'Robada' }),
      await as('POST', DWELLINGS_PATHS.towerActive, { TowerId: fixtures.tower, activa: false }),
      await as('POST', DWELLINGS_PATHS.saveDwelling, { ApmtId: fixtures.dwelling, Nombre: 'X', TowerId: null, indiviso: 1 }),
      await as('POST', DWELLINGS_PATHS.saveDwelling, { Nombre: 'X', TowerId: fixtures.tower, indiviso: 1 }),
      await as('POST', DWELLINGS_PATHS.dwellingActive, { ApmtId: fixtures.dwelling, activa: false }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const list = await as('GET', `${DWELLINGS_PATHS.list}?limit=100`);
    const body = list.json() as { total: number; torres: { Nombre: string }[] };
    expect(body.torres.map((tw) => tw.Nombre)).toEqual(['Torre Norte', 'Torre Sur']);
    expect(body.total).toBe(40);
  });
});
