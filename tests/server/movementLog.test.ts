// The movement log (src/api/gate.ts MOVEMENT_PATHS) over the demo's month at Las Palmas: who reads which rows
// (administrators and gate staff all, a resident their own dwellings', another condominium nothing), the
// filters, paging and order, the exit time of entries, and the CSV (its headings in the reader's language,
// one line per row the filters find). Also the demo data the caseta's walk relies on.
import { assert } from 'superstruct';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SINGLE_USE_QR } from '../../server/db/seed/gate';
import { DEMO_PASS_QR } from '../../server/db/seed/guests';
import { ACCOUNT_PATHS } from '../../src/api/account';
import { type GateMovement, MovementListAnswer } from '../../src/api/gate';
import { condoIdOf, dwellingIdOf, entryRequest, GATE_SEEDED, gateCalls, passIdOf } from '../support/gateServerFixtures';
import { api } from '../support/http';
import { call, createTestApp, dialect, signInAs, type TestApp, testClock } from '../support/testApp';

describe(`movement log (${dialect})`, () => {
  let t: TestApp;
  const gate = gateCalls(() => t);
  const tokens = { admin: '', guard: '', resident: '', bosque: '', board: '' };
  const ids = { palmas: 0, a101: 0, b502: 0, supervisor: 0 };

  beforeAll(async () => {
    t = await createTestApp({ clock: testClock(GATE_SEEDED) });
    ids.palmas = await condoIdOf(t.app.db, 'palmas');
    ids.a101 = await dwellingIdOf(t.app.db, ids.palmas, 'Torre A - 101');
    ids.b502 = await dwellingIdOf(t.app.db, ids.palmas, 'Torre B - 502');
    ids.supervisor = (
      await t.app.db.selectFrom('users').select('id').where('email', '=', 'supervisor@demo.mx').executeTakeFirstOrThrow()
    ).id;
    tokens.admin = await signInAs(t.app, 'admin@demo.mx');
    tokens.guard = await signInAs(t.app, 'guardia@demo.mx');
    tokens.resident = await signInAs(t.app, 'residente@demo.mx');
    tokens.board = await signInAs(t.app, 'consejo@demo.mx');
    const bosque = await t.app.db
      .selectFrom('users as u')
      .innerJoin('memberships as m', 'm.user_id', 'u.id')
      .innerJoin('condominiums as c', 'c.id', 'm.condo_id')
      .select('u.email')
      .where('c.subdomain', '=', 'bosque')
      .where('m.is_admin', '=', 0)
      .orderBy('u.id')
      .executeTakeFirstOrThrow();
    tokens.bosque = await signInAs(t.app, bosque.email);
    // A walk-in for Torre A - 101 today, so its resident has a visit to read.
    const res = await gate.entry(
      tokens.guard,
      entryRequest({ apartmentId: ids.a101, visitorName: 'Primo de Rosa', plates: 'XYZ-987-Q' }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  const read = async (token: string, query: Record<string, string | number> = {}) => {
    const res = await gate.log(token, query);
    expect(res.statusCode, res.body).toBe(200);
    const body = JSON.parse(res.body) as unknown;
    assert(body, MovementListAnswer);
    return body;
  };
  const countIn = async (where: { kind?: string; apartmentId?: number; from?: string; to?: string }) => {
    let query = t.app.db
      .selectFrom('gate_movements')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('condo_id', '=', ids.palmas);
    if (where.kind) query = query.where('kind', '=', where.kind);
    if (where.apartmentId) query = query.where('apartment_id', '=', where.apartmentId);
    if (where.from) query = query.where('occurred_local', '>=', where.from);
    if (where.to) query = query.where('occurred_local', '<', where.to);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it('has a month of demo movements, the single-use pass unused and DEMO-PASE-001 never in', async () => {
    const total = await countIn({});
    expect(total).toBeGreaterThan(30 * 30);
    const first = await t.app.db
      .selectFrom('gate_movements')
      .select((eb) => eb.fn.min<string>('occurred_local').as('at'))
      .where('condo_id', '=', ids.palmas)
      .executeTakeFirstOrThrow();
    expect(first.at.slice(0, 10)).toBe('2025-05-03');
    for (const qr of [DEMO_PASS_QR, DEMO_SINGLE_USE_QR]) {
      const passId = await passIdOf(t.app.db, qr);
      expect(await t.app.db.selectFrom('gate_movements').select('id').where('pass_id', '=', passId).execute(), qr).toEqual([]);
    }
    const single = await t.app.db
      .selectFrom('passes')
      .select(['entry_limit', 'fecha_inicio', 'apartment_id'])
      .where('qr', '=', DEMO_SINGLE_USE_QR)
      .executeTakeFirstOrThrow();
    expect(single).toEqual({ entry_limit: 1, fecha_inicio: '2025-06-02', apartment_id: ids.a101 });
    expect(await countIn({ kind: 'refusal' })).toBeGreaterThan(3);
  });

  it('shows administrators and gate staff every row, newest first, with the filters’ choices', async () => {
    const total = await countIn({});
    for (const token of [tokens.admin, tokens.guard]) {
      const page = await read(token);
      expect(page).toMatchObject({ total, ownOnly: false, timeZone: 'America/Mexico_City' });
      expect(page.items).toHaveLength(25);
      expect(page.items[0]!.visitorName).toBe('Primo de Rosa');
      const stamps = page.items.map((m) => `${m.occurredLocal} ${String(m.id).padStart(9, '0')}`);
      expect(stamps).toEqual([...stamps].sort().reverse());
      expect(page.guards.map((g) => g.name)).toEqual(expect.arrayContaining(['Gabriel Flores Luna', 'Sofía Vargas Peña']));
      expect(page.accessPoints).toContain('Caseta principal');
      expect(page.dwellings.length).toBeGreaterThan(100);
    }
  });

  it('shows a resident only their own dwellings’ visits ("Mis visitas"), and no guards to filter by', async () => {
    const page = await read(tokens.resident, { limit: 100 });
    expect(page.ownOnly).toBe(true);
    expect(page.total).toBe(await countIn({ apartmentId: ids.a101 }));
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((m) => m.apartmentId === ids.a101)).toBe(true);
    expect(page.guards).toEqual([]);
    expect(page.dwellings).toEqual([{ id: ids.a101, name: 'Torre A - 101' }]);
    // Another dwelling named in the filter finds nothing of it.
    expect((await read(tokens.resident, { vivienda: ids.b502 })).total).toBe(0);
    const board = await read(tokens.board, { limit: 100 });
    expect(board.items.every((m) => m.apartmentId === ids.b502)).toBe(true);
    expect(board.total).toBe(await countIn({ apartmentId: ids.b502 }));
  });

  it('shows another condominium’s member nothing of Las Palmas', async () => {
    const page = await read(tokens.bosque);
    expect(page.items.filter((m) => m.visitorName === 'Primo de Rosa')).toEqual([]);
    expect(page.total).toBe(0);
  });

  it('filters by days, dwelling, kind, guard, access point and text', async () => {
    const day = await read(tokens.admin, { desde: '2025-05-20', hasta: '2025-05-21', limit: 100 });
    expect(day.total).toBe(await countIn({ from: '2025-05-20', to: '2025-05-22' }));
    expect(day.items.every((m) => m.occurredLocal >= '2025-05-20' && m.occurredLocal < '2025-05-22')).toBe(true);

    const b502 = await read(tokens.admin, { vivienda: ids.b502, limit: 100 });
    expect(b502.total).toBe(await countIn({ apartmentId: ids.b502 }));
    expect(b502.items.every((m) => m.dwelling === 'Torre B - 502')).toBe(true);

    const refusals = await read(tokens.admin, { tipo: 'refusal', limit: 100 });
    expect(refusals.total).toBe(await countIn({ kind: 'refusal' }));
    expect(refusals.items.every((m) => m.kind === 'refusal' && m.reason !== null)).toBe(true);

    const sundays = await read(tokens.admin, { guardia: ids.supervisor, limit: 100 });
    expect(sundays.total).toBeGreaterThan(0);
    expect(sundays.items.every((m) => m.guardName === 'Sofía Vargas Peña')).toBe(true);

    // Every demo movement is at the caseta; the walk-in of this file named no access point.
    expect((await read(tokens.admin, { acceso: 'Caseta principal' })).total).toBe((await countIn({})) - 1);
    expect((await read(tokens.admin, { acceso: 'Acceso peatonal Fresno' })).total).toBe(0);

    const amazon = await read(tokens.admin, { q: 'AMAZON', limit: 100 });
    expect(amazon.total).toBeGreaterThan(0);
    expect(amazon.items.every((m) => m.visitorName === 'Repartidor Amazon')).toBe(true);
    expect((await read(tokens.admin, { q: 'xyz-987' })).items.map((m) => m.visitorName)).toEqual(['Primo de Rosa']);
    const tower = await read(tokens.admin, { q: 'torre b - 502', limit: 100 });
    expect(tower.total).toBe(await countIn({ apartmentId: ids.b502 }));
    // Text with LIKE's wildcards is plain text.
    expect((await read(tokens.admin, { q: '%' })).total).toBe(0);
  });

  it('pages without gaps or repeats, and gives entries their exit time', async () => {
    const first = await read(tokens.admin, { limit: 10, offset: 0, desde: '2025-05-26', hasta: '2025-05-26' });
    const second = await read(tokens.admin, { limit: 10, offset: 10, desde: '2025-05-26', hasta: '2025-05-26' });
    const both = await read(tokens.admin, { limit: 20, offset: 0, desde: '2025-05-26', hasta: '2025-05-26' });
    expect([...first.items, ...second.items].map((m) => m.id)).toEqual(both.items.map((m) => m.id));
    const entries = await read(tokens.admin, { tipo: 'entry', desde: '2025-05-26', hasta: '2025-05-26', limit: 100 });
    const exits = await read(tokens.admin, { tipo: 'exit', desde: '2025-05-26', hasta: '2025-05-27', limit: 100 });
    const withExit = entries.items.filter((m: GateMovement) => m.exitAt !== null);
    expect(withExit.length).toBeGreaterThan(0);
    for (const entry of withExit) {
      const exit = exits.items.find((m) => m.entryId === entry.id);
      expect(exit?.occurredAt, String(entry.id)).toBe(entry.exitAt);
    }
    expect(exits.items.every((m) => m.exitAt === null)).toBe(true);
  });

  it('exports the filtered rows as CSV with headings in the reader’s language', async () => {
    const res = await gate.csv(tokens.admin, { tipo: 'refusal' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bitacora-movimientos-2025-06-02.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Fecha y hora,Movimiento,Visitante,Vivienda,Personas,Placas,Tipo de pase,Punto de acceso,Guardia,Dispositivo,Motivo,Salida,Conflicto,Nota',
    );
    expect(lines).toHaveLength(1 + (await countIn({ kind: 'refusal' })));
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'Rechazo')).toBe(true);

    const own = await gate.csv(tokens.resident);
    expect(own.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1 + (await countIn({ apartmentId: ids.a101 })));
    expect(own.body).toContain('Primo de Rosa');

    const english = await signInAs(t.app, 'supervisor@demo.mx');
    const changed = await call(t.app, 'POST', api(ACCOUNT_PATHS.language), { token: english, payload: { language: 'en' } });
    expect(changed.statusCode).toBe(200);
    const en = await gate.csv(english, { tipo: 'exit', desde: '2025-06-01' });
    expect(en.body.slice(1).split('\r\n')[0]).toBe(
      'Date and time,Movement,Visitor,Dwelling,People,Plates,Pass type,Access point,Guard,Device,Reason,Exit,Conflict,Note',
    );
    expect(en.headers['content-disposition']).toContain('movement-log-2025-06-02.csv');
  });
});
