// The directories and mi-perfil's directory choices (issue 16): who opens which (permissions.directoriesFor:
// displaydirectory R residents, E employees, M both; administrators both), each person's own choice to show
// their phone and e-mail (a hidden one never leaves the server), the accent-insensitive search, the tower
// filter and paging; plus the route matrix of every new path of issue 16's settings and directories.
import { beforeAll, describe, expect, it } from 'vitest';
import { versionOf } from '../../server/domain/condoSettings/settings';
import { CONDO_SETTINGS_PATHS } from '../../src/api/condoSettings';
import { DIRECTORY_PATHS, type ResidentsAnswer, type StaffAnswer } from '../../src/api/directory';
import { api } from '../support/http';
import { ADMIN_ONLY, type Caller, type Expected, PNG_1X1, type RouteCase, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp } from '../support/testApp';

const EVERY_MEMBER: Expected = [200, 200, 200, 200, 200, 200, 401, 401];

describe(`directories (${dialect})`, () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    tokens.vecino = await signInAs(t.app, 'vecino056@demo.mx');
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    tokens.bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    tokens.bosqueResident = await signInAs(t.app, 'bosque.residente@demo.mx');
    tokens.empleado = await signInAs(t.app, 'empleado@demo.mx');
  });

  const get = (path: string, token: string) => call(t.app, 'GET', api(path), { token });
  const residents = async (token: string, query = ''): Promise<ResidentsAnswer> => {
    const res = await get(`${DIRECTORY_PATHS.residents}${query}`, token);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('lists Las Palmas’s dwellings by tower with their residents, owner or tenant, paged', async () => {
    const first = await residents(tokens.vecino!);
    expect(first.towers.map((tower) => tower.torreName)).toEqual(['Torre A', 'Torre B']);
    expect(first.limit).toBe(25);
    expect(first.total).toBeGreaterThan(60);
    expect(first.dwellings[0]).toMatchObject({ torreName: 'Torre A', aptName: '101' });
    expect(first.dwellings[0]!.residents.map((r) => [r.name, r.kind])).toEqual([['Rosa Hernández Díaz', 'owner']]);
    // 101 before 1001 within a tower.
    const names = first.dwellings.map((d) => d.aptName);
    expect(names.indexOf('102')).toBeLessThan(names.indexOf('1001') === -1 ? Number.POSITIVE_INFINITY : names.indexOf('1001'));
    const second = await residents(tokens.vecino!, '?offset=25&limit=25');
    expect(second.dwellings[0]!.aptId).not.toBe(first.dwellings[0]!.aptId);
    const last = await residents(tokens.vecino!, `?offset=${first.total - 1}`);
    expect(last.dwellings).toHaveLength(1);
    // Houses come after the towers.
    expect(last.dwellings[0]!.torreName).toBeNull();
  });

  it('shows a phone and an e-mail only when their person chose to show them', async () => {
    const found = await residents(tokens.vecino!, `?q=${encodeURIComponent('andres navarro')}`);
    const people = found.dwellings.flatMap((d) => d.residents.map((r) => ({ ...r, apt: `${d.torreName}/${d.aptName}` })));
    expect(people.map((p) => p.apt)).toEqual(['Torre A/603', 'Torre B/203', 'Torre B/803', 'null/Casa 33']);
    expect(people.every((p) => p.name === 'Andrés Navarro Aguilar')).toBe(true);
    expect(people[0]).toMatchObject({ phone: '3311112222', email: 'vecino018@demo.mx' });
    expect(people[2]).toMatchObject({ phone: null, email: null });
    // The hidden phone is nowhere in the answer.
    const raw = (await get(`${DIRECTORY_PATHS.residents}?q=navarro`, tokens.vecino!)).body;
    expect(raw).toContain('3311112222');
    expect(raw).not.toContain('3399998888');
    expect(raw).not.toContain('3322223333');
    expect(raw).toContain('vecino019@demo.mx');
  });

  it('searches without accents or case, by dwelling too, and filters by tower', async () => {
    const lucia = await residents(tokens.vecino!, '?q=LUCIA%20RAMIREZ');
    expect(lucia.total).toBe(4);
    const byDwelling = await residents(tokens.vecino!, '?q=casa%203');
    expect(byDwelling.dwellings.some((d) => d.aptName === 'Casa 3')).toBe(true);
    const towerB = lucia.towers.find((tower) => tower.torreName === 'Torre B')!;
    const inB = await residents(tokens.vecino!, `?q=lucia&torreId=${towerB.torreId}`);
    expect(inB.dwellings.every((d) => d.torreName === 'Torre B')).toBe(true);
    expect(inB.total).toBe(2);
    expect((await residents(tokens.vecino!, '?q=zzzz')).dwellings).toEqual([]);
  });

  it('lists the staff with their roles and their chosen contacts (administrators open both in R)', async () => {
    const res = await get(DIRECTORY_PATHS.staff, tokens.admin!);
    expect(res.statusCode).toBe(200);
    const staff = (res.json() as StaffAnswer).staff;
    const byName = Object.fromEntries(staff.map((s) => [s.name, s]));
    expect(byName['Ana Martínez Ruiz']).toMatchObject({ roles: ['admin'], phone: '3310000001', email: 'admin@demo.mx' });
    expect(byName['Carlos Ramírez Soto']).toMatchObject({ roles: ['board'], phone: null, email: 'consejo@demo.mx' });
    expect(byName['Emilio Torres Vega']).toMatchObject({ roles: ['employee'], phone: '+523310000003', email: null });
    expect(byName['Gabriel Flores Luna']).toMatchObject({ roles: ['guard'], phone: null, email: null });
    expect(byName['Sofía Vargas Peña']).toMatchObject({ roles: ['supervisor'] });
    expect(res.body).not.toContain('3310000004');
    expect(staff.some((s) => s.name === 'Rosa Hernández Díaz')).toBe(false);
    // Searched without accents.
    const sofia = (await get(`${DIRECTORY_PATHS.staff}?q=sofia`, tokens.admin!)).json() as StaffAnswer;
    expect(sofia.staff.map((s) => s.name)).toEqual(['Sofía Vargas Peña']);
  });

  it('follows displaydirectory: Las Palmas (R) refuses its members the staff; Torres del Bosque (E) its residents', async () => {
    expect((await get(DIRECTORY_PATHS.staff, tokens.vecino!)).statusCode).toBe(403);
    expect((await get(DIRECTORY_PATHS.residents, tokens.empleado!)).statusCode).toBe(200);
    expect((await get(DIRECTORY_PATHS.residents, tokens.bosqueResident!)).statusCode).toBe(403);
    const bosqueStaff = (await get(DIRECTORY_PATHS.staff, tokens.bosqueResident!)).json() as StaffAnswer;
    expect(bosqueStaff.staff.map((s) => s.name)).toEqual(['Ana Martínez Ruiz']);
    // Another condominium's administrator sees only their own condominium's people.
    const bosque = await residents(tokens.bosqueAdmin!);
    expect(bosque.towers.map((tower) => tower.torreName)).toEqual(['Torre Norte', 'Torre Sur']);
    expect(bosque.dwellings.flatMap((d) => d.residents.map((r) => r.name))).toEqual(['Berenice Solís Arriaga']);
  });

  it('saves mi-perfil’s phone and choices for this condominium only, and the directory follows', async () => {
    const token = await signInAs(t.app, 'vecino066@demo.mx');
    const mine = await get(DIRECTORY_PATHS.myContact, token);
    expect(mine.json().contact).toEqual({ phone: '', showPhone: false, showEmail: false });
    const save = (payload: object) => call(t.app, 'POST', api(DIRECTORY_PATHS.saveMyContact), { token, payload });
    expect((await save({ phone: '12345', showPhone: true, showEmail: false })).statusCode).toBe(400);
    expect((await save({ phone: '33 1234 567', showPhone: true, showEmail: false })).statusCode).toBe(400);
    const ok = await save({ phone: '(33) 1234-5678', showPhone: true, showEmail: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().contact).toEqual({ phone: '3312345678', showPhone: true, showEmail: true });
    const intl = await save({ phone: '+1 415 555 0100', showPhone: false, showEmail: true });
    expect(intl.json().contact.phone).toBe('+14155550100');
    const found = await residents(tokens.vecino!, '?q=luis%20mendoza');
    const luis = found.dwellings.flatMap((d) => d.residents).find((r) => r.email === 'vecino066@demo.mx');
    expect(luis).toMatchObject({ phone: null, email: 'vecino066@demo.mx' });
    expect((await save({ phone: '', showPhone: true, showEmail: false })).json().contact).toEqual({
      phone: '',
      showPhone: true,
      showEmail: false,
    });
  });
});

describe(`issue 16 settings and directory routes × roles (${dialect})`, () => {
  let t: TestApp;
  let palmasId = 0;
  beforeAll(async () => {
    t = await createTestApp();
    palmasId = (
      await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow()
    ).id;
  });

  const status = async (c: Caller, method: 'GET' | 'POST', path: string, payload?: object) =>
    (await call(t.app, method, api(path), { token: c.token, ...(payload ? { payload } : {}) })).statusCode;
  const currentFields = async () => {
    const row = await t.app.db.selectFrom('condominiums').selectAll().where('id', '=', palmasId).executeTakeFirstOrThrow();
    const { fieldsOf } = await import('../../server/domain/condoSettings/settings');
    return { version: versionOf(row), fields: fieldsOf(row) };
  };

  const ROUTES: RouteCase[] = [
    {
      method: 'GET',
      path: CONDO_SETTINGS_PATHS.settings,
      variant: 'read',
      expected: ADMIN_ONLY,
      run: (_, c) => status(c, 'GET', CONDO_SETTINGS_PATHS.settings),
    },
    {
      method: 'POST',
      path: CONDO_SETTINGS_PATHS.save,
      variant: 'the current version',
      expected: ADMIN_ONLY,
      run: async (_, c) => status(c, 'POST', CONDO_SETTINGS_PATHS.save, await currentFields()),
    },
    {
      method: 'POST',
      path: CONDO_SETTINGS_PATHS.uploadLogo,
      variant: 'a PNG',
      expected: ADMIN_ONLY,
      run: (_, c) => status(c, 'POST', CONDO_SETTINGS_PATHS.uploadLogo, { dataUrl: PNG_1X1 }),
    },
    {
      method: 'POST',
      path: CONDO_SETTINGS_PATHS.deleteLogo,
      variant: 'none',
      expected: ADMIN_ONLY,
      run: (_, c) => status(c, 'POST', CONDO_SETTINGS_PATHS.deleteLogo),
    },
    {
      method: 'GET',
      path: CONDO_SETTINGS_PATHS.logoFile(':condoId', ':fileName'),
      variant: 'a name that is not the logo',
      expected: [404, 404, 404, 404, 404, 404, 404, 404],
      run: (_, c) => status(c, 'GET', CONDO_SETTINGS_PATHS.logoFile(palmasId, '999999.png')),
    },
    {
      method: 'GET',
      path: DIRECTORY_PATHS.residents,
      variant: 'Las Palmas shows R',
      expected: EVERY_MEMBER,
      run: (_, c) => status(c, 'GET', DIRECTORY_PATHS.residents),
    },
    {
      method: 'GET',
      path: DIRECTORY_PATHS.staff,
      variant: 'Las Palmas shows R: administrators only',
      expected: ADMIN_ONLY,
      run: (_, c) => status(c, 'GET', DIRECTORY_PATHS.staff),
    },
    {
      method: 'GET',
      path: DIRECTORY_PATHS.myContact,
      variant: 'own',
      expected: EVERY_MEMBER,
      run: (_, c) => status(c, 'GET', DIRECTORY_PATHS.myContact),
    },
    {
      method: 'POST',
      path: DIRECTORY_PATHS.saveMyContact,
      variant: 'own',
      expected: EVERY_MEMBER,
      run: (_, c) => status(c, 'POST', DIRECTORY_PATHS.saveMyContact, { phone: '', showPhone: false, showEmail: false }),
    },
  ];

  walkMatrix(() => t, ROUTES);

  it('every path of the two contracts has a row', () => {
    const paths = [...Object.values(CONDO_SETTINGS_PATHS), ...Object.values(DIRECTORY_PATHS)].map((p) =>
      typeof p === 'function' ? p(':condoId', ':fileName') : p,
    );
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(paths));
  });

  it('another condominium’s administrator reads and saves only their own condominium', async () => {
    const bosqueAdmin = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    const read = await call(t.app, 'GET', api(CONDO_SETTINGS_PATHS.settings), { token: bosqueAdmin });
    expect(read.json().settings.condoId).not.toBe(palmasId);
    // Las Palmas's version means nothing in Torres del Bosque: stale, nothing of Las Palmas changes.
    const palmas = await currentFields();
    const res = await call(t.app, 'POST', api(CONDO_SETTINGS_PATHS.save), {
      token: bosqueAdmin,
      payload: { version: palmas.version, fields: { ...palmas.fields, name: 'Tomada' } },
    });
    expect(res.statusCode).toBe(409);
    expect((await currentFields()).fields.name).toBe('Residencial Las Palmas');
  });
});
