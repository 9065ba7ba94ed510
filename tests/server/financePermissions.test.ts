// Who may call what in the money area (issue 5): every demo role of Las Palmas and a caller with no
// session against every financial route, with the status each must get (spec §6: the financial reports
// guard with MostrarIngresos T, per-Clave permissions, statements of one's own dwellings, e-mail only with
// the high ADEUDOS level). A contract path without a row here fails the suite.
import { beforeAll, describe, expect, it } from 'vitest';
import { FINANCE_PATHS } from '../../src/api/finance';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const ROWS = ['admin', 'consejo', 'residente', 'empleado', 'guardia', 'supervisor', 'none'] as const;
type Row = (typeof ROWS)[number];
type Expected = [number, number, number, number, number, number, number];

interface RouteCase {
  name: string;
  path: string;
  expected: Expected;
  run(t: TestApp, token: string | undefined, ctx: Context): Promise<number>;
}

interface Context {
  /** Torre A/101, residente's own dwelling; Torre A/104, a neighbour's. */
  own: number;
  neighbour: number;
  fileUrl: string;
}

const get = async (t: TestApp, token: string | undefined, url: string) =>
  (await call(t.app, 'GET', api(url), { token })).statusCode;
const post = async (t: TestApp, token: string | undefined, url: string, payload: object) =>
  (await call(t.app, 'POST', api(url), { token, payload })).statusCode;
const YEAR = { fechaInicio: '2025-01-01', fechaFin: '2025-12-31' };
const bulk = (ids: number[]) => ({ ApartmentsId: ids, periodo: false, year: 2025 });

const ROUTES: RouteCase[] = [
  {
    name: 'years',
    path: FINANCE_PATHS.years,
    expected: [200, 200, 200, 403, 403, 403, 401],
    run: (t, k) => get(t, k, FINANCE_PATHS.years),
  },
  {
    name: 'dwellings',
    path: FINANCE_PATHS.dwellings,
    expected: [200, 200, 200, 403, 403, 403, 401],
    run: (t, k) => get(t, k, FINANCE_PATHS.dwellings),
  },
  {
    name: 'statement of one’s own dwelling',
    path: FINANCE_PATHS.statement,
    expected: [200, 200, 200, 403, 403, 403, 401],
    run: (t, k, c) =>
      get(t, k, `${FINANCE_PATHS.statement}?ApartmentId=${c.own}&fechaInicio=${YEAR.fechaInicio}&fechaFin=${YEAR.fechaFin}`),
  },
  {
    name: 'statement of a neighbour’s dwelling',
    path: FINANCE_PATHS.statement,
    expected: [200, 200, 403, 403, 403, 403, 401],
    run: (t, k, c) =>
      get(
        t,
        k,
        `${FINANCE_PATHS.statement}?ApartmentId=${c.neighbour}&fechaInicio=${YEAR.fechaInicio}&fechaFin=${YEAR.fechaFin}`,
      ),
  },
  {
    name: 'statement PDF of a neighbour’s dwelling',
    path: FINANCE_PATHS.statementPdf,
    expected: [200, 200, 403, 403, 403, 403, 401],
    run: (t, k, c) =>
      get(
        t,
        k,
        `${FINANCE_PATHS.statementPdf}?ApartmentId=${c.neighbour}&fechaInicio=${YEAR.fechaInicio}&fechaFin=${YEAR.fechaFin}`,
      ),
  },
  {
    name: 'bulk PDF',
    path: FINANCE_PATHS.bulkPdf,
    expected: [200, 200, 403, 403, 403, 403, 401],
    run: (t, k, c) => post(t, k, FINANCE_PATHS.bulkPdf, { ...bulk([c.own]), TipoDescarga: 'pdf', TipoImpresion: 'normal' }),
  },
  {
    name: 'bulk e-mail',
    path: FINANCE_PATHS.bulkMail,
    expected: [200, 403, 403, 403, 403, 403, 401],
    run: (t, k, c) => post(t, k, FINANCE_PATHS.bulkMail, bulk([c.neighbour])),
  },
  {
    // The signed link is the permission: anyone holding it, with or without a session.
    name: 'generated file by its link',
    path: FINANCE_PATHS.file(':id'),
    expected: [200, 200, 200, 200, 200, 200, 200],
    run: async (t, k, c) => (await call(t.app, 'GET', c.fileUrl, { token: k })).statusCode,
  },
  {
    name: 'reports list',
    path: FINANCE_PATHS.reports,
    expected: [200, 200, 200, 403, 403, 403, 401],
    run: (t, k) => get(t, k, FINANCE_PATHS.reports),
  },
  {
    name: 'report Consolidado (residents hold Consolidado)',
    path: FINANCE_PATHS.report,
    expected: [200, 200, 200, 403, 403, 403, 401],
    run: (t, k) => get(t, k, `${FINANCE_PATHS.report}?Clave=IngEg&fechaInicio=${YEAR.fechaInicio}&fechaFin=${YEAR.fechaFin}`),
  },
  {
    name: 'report Morosos (residents do not hold it)',
    path: FINANCE_PATHS.report,
    expected: [200, 200, 403, 403, 403, 403, 401],
    run: (t, k) => get(t, k, `${FINANCE_PATHS.report}?Clave=Morosos&fechaInicio=${YEAR.fechaInicio}&fechaFin=${YEAR.fechaFin}`),
  },
  {
    name: 'banks',
    path: FINANCE_PATHS.banks,
    expected: [200, 200, 403, 403, 403, 403, 401],
    run: (t, k) => get(t, k, FINANCE_PATHS.banks),
  },
  {
    name: 'funds',
    path: FINANCE_PATHS.funds,
    expected: [200, 200, 403, 403, 403, 403, 401],
    run: (t, k) => get(t, k, FINANCE_PATHS.funds),
  },
];

describe(`financial permission matrix (${dialect})`, () => {
  let t: TestApp;
  const tokens = new Map<Row, string | undefined>();
  const ctx: Context = { own: 0, neighbour: 0, fileUrl: '' };

  beforeAll(async () => {
    t = await createTestApp();
    for (const row of ROWS) tokens.set(row, row === 'none' ? undefined : await signInAs(t.app, `${row}@demo.mx`));
    const apartments = await t.app.db
      .selectFrom('apartments as a')
      .innerJoin('towers as w', 'w.id', 'a.tower_id')
      .select(['a.id', 'a.name'])
      .where('w.name', '=', 'Torre A')
      .where('a.name', 'in', ['101', '104'])
      .execute();
    ctx.own = apartments.find((a) => a.name === '101')!.id;
    ctx.neighbour = apartments.find((a) => a.name === '104')!.id;
    const made = await call(t.app, 'POST', api(FINANCE_PATHS.bulkPdf), {
      token: tokens.get('admin'),
      payload: { ...bulk([ctx.own]), TipoDescarga: 'pdf', TipoImpresion: 'normal' },
    });
    ctx.fileUrl = made.json().data;
  }, 60_000);

  it('has a row for every financial path of the contract', () => {
    const paths = Object.values(FINANCE_PATHS).map((p) => (typeof p === 'function' ? p(':id') : p));
    expect(paths.filter((p) => !ROUTES.some((r) => r.path === p))).toEqual([]);
  });

  for (const route of ROUTES) {
    it(`${route.name}: ${ROWS.map((r, i) => `${r} ${route.expected[i]}`).join(', ')}`, async () => {
      const got: number[] = [];
      for (const row of ROWS) got.push(await route.run(t, tokens.get(row), ctx));
      expect(Object.fromEntries(ROWS.map((r, i) => [r, got[i]]))).toEqual(
        Object.fromEntries(ROWS.map((r, i) => [r, route.expected[i]])),
      );
    });
  }
});
