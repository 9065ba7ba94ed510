// The history (src/api/history.ts): filters, paging, the CSV, who may read it (the route matrix and another
// condominium), and the rows the blog configuration and recurring charges write with their changes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../server/domain/shared/audit';
import { BLOG_PATHS } from '../../src/api/blogs';
import {
  HISTORY_PATHS,
  type HistoryAction,
  HistoryAnswer,
  type HistoryEntity,
  type HistoryValues,
  SYSTEM_ACTOR,
} from '../../src/api/history';
import { RECURRING_CHARGES_PATHS } from '../../src/api/recurringCharges';
import { api } from '../support/http';
import { type Caller, type Expected, type RouteCase, walkMatrix } from '../support/routeMatrix';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

/** Administrators and the board. */
const READERS: Expected = [200, 200, 403, 403, 403, 403, 401, 401];

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    path: HISTORY_PATHS.list,
    variant: 'the first page',
    expected: READERS,
    run: async (t, c: Caller) => (await call(t.app, 'GET', api(HISTORY_PATHS.list), { token: c.token })).statusCode,
  },
  {
    method: 'GET',
    path: HISTORY_PATHS.export,
    variant: 'the CSV',
    expected: READERS,
    run: async (t, c: Caller) => (await call(t.app, 'GET', api(HISTORY_PATHS.export), { token: c.token })).statusCode,
  },
];

describe(`history (${dialect})`, () => {
  let t: TestApp;
  const clock = testClock(new Date('2026-06-15T18:00:00Z'));
  const tokens: Record<string, string> = {};
  let palmas = 0;
  let bosque = 0;
  let adminId = 0;
  let boardId = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.app.db;
    const condo = (subdomain: string) =>
      db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow();
    palmas = (await condo('palmas')).id;
    bosque = (await condo('bosque')).id;
    const user = (email: string) => db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    adminId = (await user('admin@demo.mx')).id;
    boardId = (await user('consejo@demo.mx')).id;
    tokens.admin = await signInAs(t.app, 'admin@demo.mx', 'Residencial Las Palmas');
    tokens.board = await signInAs(t.app, 'consejo@demo.mx');
    tokens.resident = await signInAs(t.app, 'residente@demo.mx');
    tokens.bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    // A known set of rows of a kind of their own, at known moments (Mexico City is UTC-6 in June).
    const rows: [string, number | null, string, string][] = [
      ['2026-06-10T05:30:00.000Z', adminId, 'create', 'el 9 de junio, hora local'],
      ['2026-06-10T06:30:00.000Z', boardId, 'update', 'el 10 de junio, hora local'],
      ['2026-06-11T12:00:00.000Z', null, 'update', 'el 11, el sistema'],
      ['2026-06-12T12:00:00.000Z', adminId, 'delete', 'el 12'],
    ];
    for (const [at, actor, action, name] of rows) {
      await recordAudit(db, {
        condoId: palmas,
        actorUserId: actor,
        entity: 'zz_probe' as HistoryEntity, // a kind no longer listed (an old row): read as written
        entityId: 7,
        action: action as HistoryAction,
        before: action === 'create' ? undefined : ({ name, price: 10 } as HistoryValues), // price, note: unlisted
        after: action === 'delete' ? undefined : ({ name, price: 12, note: 'x'.repeat(300), iva: null } as HistoryValues),
        at,
      });
    }
    await recordAudit(db, {
      condoId: bosque,
      actorUserId: adminId,
      entity: 'zz_probe' as HistoryEntity, // a kind no longer listed (an old row): read as written
      entityId: 8,
      action: 'update',
      before: { name: 'del Bosque' },
      after: { name: 'del Bosque 2' },
      at: '2026-06-12T13:00:00.000Z',
    });
  });

  const list = async (query: string, token = tokens.admin) => {
    const res = await call(t.app, 'GET', api(`${HISTORY_PATHS.list}?${query}`), { token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    assert(body, HistoryAnswer);
    return body;
  };

  walkMatrix(() => t, ROUTES);

  it('has a matrix row for every path of the contract, and no route writes the history', () => {
    expect(new Set(ROUTES.map((r) => r.path))).toEqual(new Set(Object.values(HISTORY_PATHS)));
    for (const route of ROUTES) expect(t.app.hasRoute({ method: route.method, url: api(route.path) })).toBe(true);
    for (const url of Object.values(HISTORY_PATHS)) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        expect(t.app.hasRoute({ method, url: api(url) }), `${method} ${url}`).toBe(false);
        expect(t.app.hasRoute({ method, url: api(`${url}/:id`) }), `${method} ${url}/:id`).toBe(false);
      }
    }
  });

  it('lists newest first, with who, what, the object and the changed fields', async () => {
    const answer = await list('entity=zz_probe');
    expect(answer.total).toBe(4);
    expect(answer.items.map((i) => i.at)).toEqual([
      '2026-06-12T12:00:00.000Z',
      '2026-06-11T12:00:00.000Z',
      '2026-06-10T06:30:00.000Z',
      '2026-06-10T05:30:00.000Z',
    ]);
    const [removed, bySystem, updated, created] = answer.items;
    expect(removed).toMatchObject({ actorId: adminId, actorName: 'Ana Martínez Ruiz', action: 'delete', label: 'el 12' });
    expect(removed!.changes).toEqual([
      { field: 'name', before: 'el 12', after: null },
      { field: 'price', before: '10', after: null },
    ]);
    expect(bySystem).toMatchObject({ actorId: null, actorName: null });
    expect(updated!.changes.map((c) => [c.field, c.before, c.after?.slice(0, 5)])).toEqual([
      ['price', '10', '12'],
      ['note', null, 'xxxxx'],
    ]);
    expect(updated!.changes[1]!.after).toHaveLength(300);
    expect(created!.changes.map((c) => c.field)).toEqual(['name', 'price', 'note']);
    expect(answer.people).toEqual(expect.arrayContaining([{ id: adminId, name: 'Ana Martínez Ruiz' }]));
    expect(answer.entities).toContain('zz_probe');
    expect(answer.timeZone).toBe('America/Mexico_City');
  });

  it('pages with limit and offset', async () => {
    const first = await list('entity=zz_probe&limit=3');
    const second = await list('entity=zz_probe&limit=3&offset=3');
    expect(first.items).toHaveLength(3);
    expect(second.items.map((i) => i.id)).toEqual([(await list('entity=zz_probe')).items[3]!.id]);
    expect(second.total).toBe(4);
  });

  it('filters by person (0: the system), by kind and by the condominium’s local dates', async () => {
    expect((await list(`entity=zz_probe&actor=${adminId}`)).items.map((i) => i.action)).toEqual(['delete', 'create']);
    expect((await list(`entity=zz_probe&actor=${boardId}`)).items.map((i) => i.action)).toEqual(['update']);
    expect((await list(`entity=zz_probe&actor=${SYSTEM_ACTOR}`)).items.map((i) => i.actorId)).toEqual([null]);
    // 05:30 UTC on the 10th is still the 9th in Mexico City; 06:30 UTC is the 10th.
    expect((await list('entity=zz_probe&desde=2026-06-09&hasta=2026-06-09')).items.map((i) => i.action)).toEqual(['create']);
    expect((await list('entity=zz_probe&desde=2026-06-10&hasta=2026-06-11')).total).toBe(2);
    expect((await list('entity=zz_probe&desde=2026-06-12')).total).toBe(1);
    expect((await list('entity=nothing_here')).total).toBe(0);
    const bad = await call(t.app, 'GET', api(`${HISTORY_PATHS.list}?desde=2026-13-01`), { token: tokens.admin });
    expect(bad.statusCode).toBe(400);
  });

  it('shows another condominium none of these rows, and this one none of its rows', async () => {
    const elsewhere = await list('entity=zz_probe', tokens.bosque);
    expect(elsewhere.items.map((i) => i.entityId)).toEqual([8]);
    expect((await list('entity=zz_probe')).items.every((i) => i.entityId === 7)).toBe(true);
    const board = await list('entity=zz_probe', tokens.board);
    expect(board.total).toBe(4);
  });

  it('exports the filtered set as a CSV with a BOM, one line per changed field, in the reader’s language', async () => {
    const res = await call(t.app, 'GET', api(`${HISTORY_PATHS.export}?entity=zz_probe&actor=${adminId}`), {
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="historial-2026-06-15.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Fecha,Quién,Tipo,Id del objeto,Objeto,Acción,Campo,Antes,Después');
    // The deletion (2 fields) then the creation (3 fields), local times.
    // (A quoted cell, which holds a comma, is written Q here.)
    expect(
      lines.slice(1).map((l) =>
        l
          .replace(/"[^"]*"/g, 'Q')
          .split(',')
          .slice(0, 7)
          .join(','),
      ),
    ).toEqual([
      '2026-06-12 06:00,Ana Martínez Ruiz,zz_probe,7,el 12,Eliminó,Nombre',
      '2026-06-12 06:00,Ana Martínez Ruiz,zz_probe,7,el 12,Eliminó,price',
      '2026-06-09 23:30,Ana Martínez Ruiz,zz_probe,7,Q,Creó,Nombre',
      '2026-06-09 23:30,Ana Martínez Ruiz,zz_probe,7,Q,Creó,price',
      '2026-06-09 23:30,Ana Martínez Ruiz,zz_probe,7,Q,Creó,note',
    ]);
    const system = await call(t.app, 'GET', api(`${HISTORY_PATHS.export}?entity=zz_probe&actor=0`), { token: tokens.admin });
    expect(system.body).toContain(',Sistema,');
    expect(res.body).toContain('"el 9 de junio, hora local"');
  });

  it('writes a row when an administrator changes a blog’s configuration, turns it off, or moves it', async () => {
    const blogs = (await call(t.app, 'GET', api(BLOG_PATHS.list), { token: tokens.admin })).json() as {
      data: { SectId: number; SectName: string; SectCode: string; SectPosition: number; SectStatus: string }[];
    };
    const blog = blogs.data.find((b) => b.SectName === 'Tablón de vecinos')!;
    const single = (await call(t.app, 'GET', api(BLOG_PATHS.single(blog.SectId)), { token: tokens.admin })).json() as {
      data: Record<string, unknown>;
    };
    const { userCount: _u, blogCount: _b, SectPosition: _p, SecGraphic: _g, ...fields } = single.data;
    const saved = await call(t.app, 'POST', api(BLOG_PATHS.update), {
      token: tokens.admin,
      payload: { ...fields, SectName: 'Tablón de los vecinos', CommentsDisplay: 'N', newUsers: [], deletedUsers: [] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const off = await call(t.app, 'POST', api(BLOG_PATHS.enableDisable), {
      token: tokens.admin,
      payload: { SectId: blog.SectId, SectStatus: 'I' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const moved = await call(t.app, 'POST', api(BLOG_PATHS.updatePositions), {
      token: tokens.admin,
      payload: [{ SectId: blog.SectId, SectPosition: blog.SectPosition + 40 }],
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const rows = (await list('entity=section')).items.filter((i) => i.entityId === blog.SectId);
    expect(rows.map((r) => r.action)).toEqual(['reorder', 'deactivate', 'update']);
    expect(rows[2]!.changes).toEqual([
      { field: 'SectName', before: 'Tablón de vecinos', after: 'Tablón de los vecinos' },
      { field: 'CommentsDisplay', before: 'Y', after: 'N' },
    ]);
    expect(rows[1]!.changes).toEqual([{ field: 'SectStatus', before: 'A', after: 'I' }]);
    expect(rows[0]!.changes).toEqual([
      { field: 'SectPosition', before: String(blog.SectPosition), after: String(blog.SectPosition + 40) },
    ]);
    expect(rows.every((r) => r.actorId === adminId)).toBe(true);
  });

  it('writes a row for a new blog, and none when a save changes nothing', async () => {
    const added = await call(t.app, 'POST', api(BLOG_PATHS.addNew), {
      token: tokens.admin,
      payload: {
        SectName: 'Mascotas',
        SectStatus: 'A',
        SectPosting: 'A',
        CommentsDisplay: 'Y',
        VistaxTorre: 0,
        PublicoPrivado: 0,
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = (added.json() as { data: { SectId: number } }).data.SectId;
    const before = (await list('entity=section')).total;
    const row = (await list('entity=section')).items.find((i) => i.entityId === id)!;
    expect(row).toMatchObject({ action: 'create', label: 'Mascotas' });
    const same = await call(t.app, 'POST', api(BLOG_PATHS.enableDisable), {
      token: tokens.admin,
      payload: { SectId: id, SectStatus: 'A' },
    });
    expect(same.statusCode).toBe(200);
    expect((await list('entity=section')).total).toBe(before);
  });

  it('never answers a secret, in the list nor the CSV, and writes values in words in the CSV', async () => {
    // A payment settings row as an older save could have stored it: the keys themselves, at any depth.
    const db = t.app.db;
    await recordAudit(db, {
      condoId: palmas,
      actorUserId: adminId,
      entity: 'payment_settings',
      entityId: 99,
      action: 'update',
      before: { enabled: false, secretKey: 'sk_live_OLD_SECRET' },
      after: {
        enabled: true,
        secretKey: 'sk_live_NEW_SECRET',
        fees: { tarjeta: { bp: 290, fixedCents: 300 } },
        csd: { noCertificado: '00001', webhookSecret: 'whsec_NESTED_SECRET' },
        amountCents: 4_590_000,
      },
      at: '2026-06-13T12:00:00.000Z',
    });
    const answer = await list('entity=payment_settings');
    expect(JSON.stringify(answer)).not.toMatch(/SECRET/);
    const item = answer.items.find((i) => i.entityId === 99)!;
    expect(item.changes.find((c) => c.field === 'secretKey')).toEqual({ field: 'secretKey', before: '***', after: '***' });
    const res = await call(t.app, 'GET', api(`${HISTORY_PATHS.export}?entity=payment_settings`), { token: tokens.admin });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/SECRET/);
    const csv = res.body.replace(/[\u00a0\u202f]/g, ' ');
    expect(csv).toContain('Llave secreta,(oculto),(oculto)');
    expect(csv).toContain('Activado,No,Sí');
    expect(csv).toContain('Monto,,"$45,900.00"');
    expect(csv).toContain('Comisiones,,"Tarjeta: (Porcentaje: 2.9%, Monto fijo: $3.00)"');
  });

  it('writes a row when a member changes or cancels an automatic charge (money)', async () => {
    const charges = (await call(t.app, 'GET', api(RECURRING_CHARGES_PATHS.list), { token: tokens.resident })).json() as {
      data: { id: number; monto: string }[];
    };
    const charge = charges.data[0]!;
    const changed = await call(t.app, 'POST', api(RECURRING_CHARGES_PATHS.updateAmount), {
      token: tokens.resident,
      payload: { id: charge.id, monto: '1900.50' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const cancelled = await call(t.app, 'POST', api(RECURRING_CHARGES_PATHS.cancel), {
      token: tokens.resident,
      payload: { id: charge.id },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = (await list('entity=recurring_charge')).items.filter((i) => i.entityId === charge.id);
    expect(rows.map((r) => r.action)).toEqual(['cancel', 'update']);
    expect(rows[1]!.changes).toEqual([{ field: 'monto', before: charge.monto, after: '1900.50' }]);
    expect(rows[1]!.actorName).toBe('Rosa Hernández Díaz');
  });
});

describe('history is append-only', () => {
  const SERVER = path.resolve(import.meta.dirname, '../../server');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? files(full) : full.endsWith('.ts') ? [full] : [];
    });

  it('no server code updates or deletes an audit_log row (the migrations only create it)', () => {
    const writes = /(updateTable|deleteFrom)\(\s*['"]audit_log|(update|delete\s+from)\s+["']?audit_log/i;
    const offenders = files(SERVER)
      .filter((file) => !file.includes(`${path.sep}migrations${path.sep}`))
      .filter((file) => writes.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
    // The check itself finds such a statement.
    expect(writes.test("trx.deleteFrom('audit_log')")).toBe(true);
    expect(writes.test('DELETE FROM audit_log WHERE id = 1')).toBe(true);
  });
});
