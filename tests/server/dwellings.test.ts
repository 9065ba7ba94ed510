// Towers and dwellings (issue 16) through the real app on the seeded demo (SQLite, or PostgreSQL with
// TEST_DIALECT): the list (paged, searched without regard to accents, filtered by tower and state, the share
// total), creating, editing, deactivating and reactivating towers and dwellings with their unique names (a
// double submit creates one), the import's preview and its all-or-nothing confirmation from CSV and XLSX, and
// the audit rows each write leaves in its transaction. Torres del Bosque (admin@demo.mx administers it too)
// is where the writes happen; Las Palmas is read.
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { XLSX_MAX_UNPACKED_BYTES } from '../../server/domain/shared/sheets';
import {
  DWELLINGS_PATHS,
  DwellingListAnswer,
  type DwellingSaved,
  IMPORT_MAX_ROWS,
  ImportPreview,
  percentToShare,
  shareToPercent,
  type TowerSaved,
} from '../../src/api/dwellings';
import { INDIVISO_WHOLE } from '../../src/api/polls';
import { xlsxOf } from '../support/dwellingXlsx';
import { api } from '../support/http';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

const csv = (text: string, nombre = 'viviendas.csv') => ({ nombre, datos: Buffer.from(text).toString('base64') });

describe(`towers and dwellings (${dialect})`, () => {
  let t: TestApp;
  let palmas = '';
  let bosque = '';
  let bosqueId = 0;
  beforeAll(async () => {
    t = await createTestApp();
    palmas = await signInAs(t.app, 'admin@demo.mx');
    bosque = await signInAs(t.app, 'admin@demo.mx', 'Torres del Bosque');
    bosqueId = (
      await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'bosque').executeTakeFirstOrThrow()
    ).id;
  });

  const get = (token: string, query: string) => call(t.app, 'GET', api(`${DWELLINGS_PATHS.list}?${query}`), { token });
  const list = (token: string, query = '') => expectOk<DwellingListAnswer>(get(token, query), DwellingListAnswer);
  const post = (path: string, payload: object, token = bosque, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', api(path), { token, payload, headers });
  const audits = (entity: string) =>
    t.app.db
      .selectFrom('audit_log')
      .select(['entity_id', 'action', 'before_json', 'after_json'])
      .where('condo_id', '=', bosqueId)
      .where('entity', '=', entity)
      .orderBy('id')
      .execute();
  const counts = async () => ({
    towers: (await t.app.db.selectFrom('towers').select('id').where('condo_id', '=', bosqueId).execute()).length,
    apartments: (await t.app.db.selectFrom('apartments').select(['id', 'indiviso']).where('condo_id', '=', bosqueId).execute())
      .map((a) => `${a.id}:${a.indiviso}`)
      .join(','),
    audit: (await t.app.db.selectFrom('audit_log').select('id').where('condo_id', '=', bosqueId).execute()).length,
  });

  it('reads shares as percentages with up to four decimals', () => {
    expect(percentToShare('0.5')).toBe(5000);
    expect(percentToShare('0,4167 %')).toBe(4167);
    expect(percentToShare('100')).toBe(INDIVISO_WHOLE);
    expect(percentToShare('.25')).toBe(2500);
    expect([percentToShare('100.0001'), percentToShare('0.00001'), percentToShare('-1'), percentToShare('abc')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(shareToPercent(4167)).toBe('0.4167');
    expect(shareToPercent(5000)).toBe('0.5');
    expect(shareToPercent(INDIVISO_WHOLE)).toBe('100');
  });

  it('pages Las Palmas’s 260 dwellings, towers first in counting order, houses last', async () => {
    const first = await list(palmas, 'limit=25');
    expect(first.total).toBe(260);
    expect(first.viviendas).toHaveLength(25);
    expect(first.viviendas[0]).toMatchObject({ Torre: 'Torre A', activa: true });
    const last = await list(palmas, 'limit=25&offset=250');
    expect(last.viviendas.map((d) => d.Nombre).slice(-2)).toEqual(['Casa 59', 'Casa 60']);
    expect(last.viviendas.every((d) => d.TowerId === null)).toBe(true);
    expect(first.torres.map((tw) => [tw.Nombre, tw.viviendas])).toEqual([
      ['Torre A', 100],
      ['Torre B', 100],
    ]);
    const houses = await list(palmas, 'torre=sin&limit=100');
    expect(houses.total).toBe(60);
    expect(first.activas).toBe(260);
    // The residents of each dwelling: some of the demo's have people.
    expect((await list(palmas, 'limit=100')).viviendas.some((d) => d.residentes > 0)).toBe(true);
  });

  it('searches without regard to accents or case, by tower or dwelling', async () => {
    const saved = await expectOk<DwellingSaved>(
      post(DWELLINGS_PATHS.saveDwelling, { Nombre: 'Casa Jardín Ñandú', TowerId: null, indiviso: 0 }),
    );
    expect(saved.vivienda).toMatchObject({ Nombre: 'Casa Jardín Ñandú', Torre: null, activa: true, residentes: 0 });
    expect((await list(bosque, 'q=JARDIN')).viviendas.map((d) => d.Nombre)).toEqual(['Casa Jardín Ñandú']);
    expect((await list(bosque, 'q=nandu')).total).toBe(0);
    expect((await list(bosque, 'q=torre%20norte%20-%20101')).viviendas.map((d) => `${d.Torre} - ${d.Nombre}`)).toEqual([
      'Torre Norte - 101',
    ]);
    const bad = await get(bosque, 'limit=1000');
    expect(bad.statusCode).toBe(400);
  });

  it('creates and renames towers with unique names, a double submit creating one', async () => {
    const [a, b] = await Promise.all([
      post(DWELLINGS_PATHS.saveTower, { Nombre: 'Torre Oriente' }),
      post(DWELLINGS_PATHS.saveTower, { Nombre: 'Torre Oriente' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const towers = (await list(bosque)).torres.filter((tw) => tw.Nombre === 'Torre Oriente');
    expect(towers).toHaveLength(1);
    const id = towers[0]!.TowerId;
    const taken = await post(DWELLINGS_PATHS.saveTower, { Nombre: '  torre   NÓRTE ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      field: 'Nombre',
      messageId: 'dwellings.error.towerTaken',
      message: 'Ya existe una torre con ese nombre.',
    });
    const renamed = await expectOk<TowerSaved>(post(DWELLINGS_PATHS.saveTower, { TowerId: id, Nombre: 'Torre  Este' }));
    expect(renamed.torre).toEqual({ TowerId: id, Nombre: 'Torre Este', activa: true, viviendas: 0 });
    const rows = (await audits('tower')).filter((r) => r.entity_id === id);
    expect(rows.map((r) => [r.action, r.before_json, r.after_json])).toEqual([
      ['create', null, JSON.stringify({ Nombre: 'Torre Oriente' })],
      ['update', JSON.stringify({ Nombre: 'Torre Oriente' }), JSON.stringify({ Nombre: 'Torre Este' })],
    ]);
  });

  it('creates, edits, deactivates and reactivates dwellings; names unique within their tower', async () => {
    const { torres } = await list(bosque);
    const norte = torres.find((tw) => tw.Nombre === 'Torre Norte')!.TowerId;
    const sur = torres.find((tw) => tw.Nombre === 'Torre Sur')!.TowerId;
    expect((await post(DWELLINGS_PATHS.saveDwelling, { Nombre: '101', TowerId: norte, indiviso: 0 })).statusCode).toBe(409);
    // A double submit of a new dwelling creates one.
    const twice = await Promise.all([
      post(DWELLINGS_PATHS.saveDwelling, { Nombre: 'Bodega', TowerId: sur, indiviso: 0 }),
      post(DWELLINGS_PATHS.saveDwelling, { Nombre: 'Bodega', TowerId: sur, indiviso: 0 }),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await list(bosque, 'q=bodega')).total).toBe(1);
    const created = await expectOk<DwellingSaved>(
      post(DWELLINGS_PATHS.saveDwelling, { Nombre: 'PH', TowerId: norte, indiviso: 12_500 }),
    );
    const id = created.vivienda.ApmtId;
    expect(created.vivienda).toMatchObject({ Nombre: 'PH', Torre: 'Torre Norte', indiviso: 12_500 });
    // The same name in the other tower is another dwelling; moving there makes it clash.
    await expectOk(post(DWELLINGS_PATHS.saveDwelling, { Nombre: 'ph', TowerId: sur, indiviso: 0 }));
    expect((await post(DWELLINGS_PATHS.saveDwelling, { ApmtId: id, Nombre: 'PH', TowerId: sur, indiviso: 0 })).statusCode).toBe(
      409,
    );
    const edited = await expectOk<DwellingSaved>(
      post(DWELLINGS_PATHS.saveDwelling, { ApmtId: id, Nombre: 'PH', TowerId: norte, indiviso: 25_000 }),
    );
    expect(edited.vivienda.indiviso).toBe(25_000);
    // A tower with active dwellings stays active.
    const busy = await post(DWELLINGS_PATHS.towerActive, { TowerId: norte, activa: false });
    expect(busy.statusCode).toBe(409);
    const off = await expectOk<DwellingSaved>(post(DWELLINGS_PATHS.dwellingActive, { ApmtId: id, activa: false }));
    expect(off.vivienda.activa).toBe(false);
    expect((await list(bosque, 'q=PH&estado=inactivas')).viviendas.map((d) => d.ApmtId)).toEqual([id]);
    expect((await list(bosque, 'q=PH')).viviendas.map((d) => d.Torre)).toEqual(['Torre Sur']);
    // Invalid shares and blank names never reach the domain.
    for (const bad of [
      { Nombre: ' ', TowerId: null, indiviso: 0 },
      { Nombre: 'X', TowerId: null, indiviso: INDIVISO_WHOLE + 1 },
      { Nombre: 'X', TowerId: null, indiviso: 1.5 },
    ])
      expect((await post(DWELLINGS_PATHS.saveDwelling, bad)).statusCode).toBe(400);
    const rows = (await audits('apartment')).filter((r) => r.entity_id === id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'desactivar']);
    expect(JSON.parse(rows[1]!.before_json!)).toEqual({ Nombre: 'PH', TowerId: norte, indiviso: 12_500 });
    expect(JSON.parse(rows[1]!.after_json!)).toEqual({ Nombre: 'PH', TowerId: norte, indiviso: 25_000 });
    await expectOk(post(DWELLINGS_PATHS.dwellingActive, { ApmtId: id, activa: true }));
  });

  it('deactivates an empty tower; its dwellings cannot come back or be added until it does', async () => {
    const tower = await expectOk<TowerSaved>(post(DWELLINGS_PATHS.saveTower, { Nombre: 'Torre Temporal' }));
    const towerId = tower.torre.TowerId;
    const d = await expectOk<DwellingSaved>(post(DWELLINGS_PATHS.saveDwelling, { Nombre: '1', TowerId: towerId, indiviso: 0 }));
    await expectOk(post(DWELLINGS_PATHS.dwellingActive, { ApmtId: d.vivienda.ApmtId, activa: false }));
    const off = await expectOk<TowerSaved>(post(DWELLINGS_PATHS.towerActive, { TowerId: towerId, activa: false }));
    expect(off.torre).toMatchObject({ activa: false, viviendas: 0 });
    expect((await post(DWELLINGS_PATHS.dwellingActive, { ApmtId: d.vivienda.ApmtId, activa: true })).statusCode).toBe(409);
    expect((await post(DWELLINGS_PATHS.saveDwelling, { Nombre: '2', TowerId: towerId, indiviso: 0 })).statusCode).toBe(409);
    const before = (await audits('tower')).length;
    // Asking for what already is writes nothing.
    await expectOk(post(DWELLINGS_PATHS.towerActive, { TowerId: towerId, activa: false }));
    expect((await audits('tower')).length).toBe(before);
    await expectOk(post(DWELLINGS_PATHS.towerActive, { TowerId: towerId, activa: true }));
    expect((await audits('tower')).slice(-2).map((r) => r.action)).toEqual(['desactivar', 'reactivar']);
  });

  it('adds up the active shares', async () => {
    const { viviendas, indivisoActivo } = await list(bosque, 'estado=activas&limit=100');
    expect(indivisoActivo).toBe(viviendas.reduce((sum, d) => sum + d.indiviso, 0));
  });

  describe('import', () => {
    const GOOD = [
      'Torre,Vivienda,Indiviso',
      'Torre Poniente,P1,"2,5"',
      'Torre Poniente,P2,2.5%',
      'torre norte,101,1.25',
      'Torre Norte,102,',
      ',Casa del Lago,0.5',
      '',
    ].join('\r\n');
    const BAD = `${GOOD}Torre Poniente,p1,1\n,,3\nTorre Poniente,P3,abc\nTorre Poniente,${'x'.repeat(61)},1\n`;

    it('previews each row and writes nothing', async () => {
      const before = await counts();
      const norte = (await list(bosque, 'q=norte%20-%2010&limit=2')).viviendas.map((d) => d.indiviso);
      expect(norte).toHaveLength(2);
      const preview = await expectOk<ImportPreview>(post(DWELLINGS_PATHS.importPreview, csv(BAD)), ImportPreview);
      expect(
        preview.filas.map((r) => [r.fila, r.torre, r.vivienda, r.estado, r.torreNueva, r.indiviso, r.anterior, r.problema]),
      ).toEqual([
        [2, 'Torre Poniente', 'P1', 'nueva', true, 25_000, null, null],
        [3, 'Torre Poniente', 'P2', 'nueva', true, 25_000, null, null],
        [4, 'Torre Norte', '101', 'actualiza', false, 12_500, norte[0], null],
        [5, 'Torre Norte', '102', 'igual', false, null, norte[1], null],
        [6, null, 'Casa del Lago', 'nueva', false, 5000, null, null],
        [7, 'Torre Poniente', 'p1', 'problema', false, 10_000, null, 'duplicada'],
        [8, null, '', 'problema', false, 30_000, null, 'viviendaVacia'],
        [9, 'Torre Poniente', 'P3', 'problema', false, null, null, 'indivisoInvalido'],
        [10, 'Torre Poniente', 'x'.repeat(61), 'problema', false, 10_000, null, 'nombreLargo'],
      ]);
      expect(preview.filas[5]!.mensaje).toBe('Vivienda repetida: ya aparece en la fila 2.');
      expect(preview.filas[7]!.mensaje).toContain('«abc»');
      expect(preview.resumen).toEqual({ nuevas: 3, actualizadas: 1, iguales: 1, problemas: 4, torresNuevas: 1 });
      expect(await counts()).toEqual(before);
    });

    it('refuses to confirm a file with a problem and writes nothing at all', async () => {
      const before = await counts();
      const preview = await expectOk<ImportPreview>(post(DWELLINGS_PATHS.importPreview, csv(BAD)));
      const refused = await post(DWELLINGS_PATHS.importConfirm, { ...csv(BAD), huella: preview.huella });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ messageId: 'dwellings.import.error.problems' });
      expect(await counts()).toEqual(before);
    });

    it('confirms the fixed file in one transaction with its audit rows; a second confirm is stale', async () => {
      const preview = await expectOk<ImportPreview>(post(DWELLINGS_PATHS.importPreview, csv(GOOD)));
      expect(preview.resumen.problemas).toBe(0);
      const auditBefore = (await counts()).audit;
      const done = await expectOk<{ resumen: unknown }>(
        post(DWELLINGS_PATHS.importConfirm, { ...csv(GOOD), huella: preview.huella }),
      );
      expect(done.resumen).toEqual({ nuevas: 3, actualizadas: 1, iguales: 1, problemas: 0, torresNuevas: 1 });
      const poniente = await list(bosque, 'q=poniente');
      expect(poniente.viviendas.map((d) => [d.Torre, d.Nombre, d.indiviso])).toEqual([
        ['Torre Poniente', 'P1', 25_000],
        ['Torre Poniente', 'P2', 25_000],
      ]);
      expect((await list(bosque, 'q=norte%20-%20101')).viviendas[0]!.indiviso).toBe(12_500);
      expect((await list(bosque, 'q=lago')).viviendas[0]).toMatchObject({ Torre: null, indiviso: 5000 });
      // One tower row, three creations, one update and the import's own row.
      expect((await counts()).audit - auditBefore).toBe(6);
      const importRow = (await audits('apartment_import')).at(-1)!;
      expect(importRow.entity_id).toBe(bosqueId);
      expect(JSON.parse(importRow.after_json!)).toEqual({
        archivo: 'viviendas.csv',
        nuevas: 3,
        actualizadas: 1,
        iguales: 1,
        problemas: 0,
        torresNuevas: 1,
      });
      const again = await post(DWELLINGS_PATHS.importConfirm, { ...csv(GOOD), huella: preview.huella });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ messageId: 'dwellings.import.error.stale' });
      const next = await expectOk<ImportPreview>(post(DWELLINGS_PATHS.importPreview, csv(GOOD)));
      expect(next.filas.map((r) => r.estado)).toEqual(['igual', 'igual', 'igual', 'igual', 'igual']);
    });

    it('refuses a confirmation when a dwelling changed after the preview', async () => {
      const file = csv('Torre,Vivienda,Indiviso\nTorre Sur,201,0.75\n');
      const preview = await expectOk<ImportPreview>(post(DWELLINGS_PATHS.importPreview, file));
      const row = (await list(bosque, 'q=sur%20-%20201')).viviendas[0]!;
      await expectOk(
        post(DWELLINGS_PATHS.saveDwelling, { ApmtId: row.ApmtId, Nombre: '201', TowerId: row.TowerId, indiviso: 100 }),
      );
      const before = await counts();
      expect((await post(DWELLINGS_PATHS.importConfirm, { ...file, huella: preview.huella })).statusCode).toBe(409);
      expect(await counts()).toEqual(before);
    });

    it('reads XLSX, English headers, semicolons and Windows-1252', async () => {
      const xlsx = xlsxOf([
        ['Tower', 'Dwelling', 'Share'],
        ['Torre Xalapa', 'X1', 0.3],
        [null, 'Casa Xalapa', '0,2'],
      ]);
      const fromXlsx = await expectOk<ImportPreview>(
        post(DWELLINGS_PATHS.importPreview, { nombre: 'viviendas.xlsx', datos: xlsx.toString('base64') }),
      );
      expect(fromXlsx.filas.map((r) => [r.torre, r.vivienda, r.indiviso, r.estado])).toEqual([
        ['Torre Xalapa', 'X1', 3000, 'nueva'],
        [null, 'Casa Xalapa', 2000, 'nueva'],
      ]);
      const latin1 = Buffer.from('Torre;Vivienda;Indiviso\r\nTorre Ñu;Peñón;0,1\r\n', 'latin1');
      const fromLatin1 = await expectOk<ImportPreview>(
        post(DWELLINGS_PATHS.importPreview, { nombre: 'v.csv', datos: latin1.toString('base64') }),
      );
      expect(fromLatin1.filas.map((r) => [r.torre, r.vivienda, r.indiviso])).toEqual([['Torre Ñu', 'Peñón', 1000]]);
      const bom = await expectOk<ImportPreview>(post(DWELLINGS_PATHS.importPreview, csv('\uFEFFVivienda\nCasa BOM\n')));
      expect(bom.filas.map((r) => r.vivienda)).toEqual(['Casa BOM']);
    });

    it('refuses files it cannot take, with the reason in the reader’s language', async () => {
      const refusal = async (file: { nombre: string; datos: string }) => {
        const res = await post(DWELLINGS_PATHS.importPreview, file);
        expect(res.statusCode).toBe(400);
        return (res.json() as { messageId: string }).messageId;
      };
      expect(await refusal(csv('Torre,Nombre\nA,1\n'))).toBe('dwellings.import.error.columns');
      expect(await refusal(csv('Torre,Vivienda\n'))).toBe('dwellings.import.error.empty');
      expect(await refusal(csv('x', 'viviendas.pdf'))).toBe('dwellings.import.error.kind');
      expect(await refusal({ nombre: 'v.xlsx', datos: Buffer.from('PK\u0003\u0004nonsense').toString('base64') })).toBe(
        'dwellings.import.error.unreadable',
      );
      // A small workbook that would unpack to more than the limit is refused, naming it, before it is unpacked.
      const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(XLSX_MAX_UNPACKED_BYTES + 1) });
      expect(bomb.length).toBeLessThan(1024 * 1024);
      expect(await refusal({ nombre: 'v.xlsx', datos: Buffer.from(bomb).toString('base64') })).toBe(
        'errors.sheet.unpackedTooBig',
      );
      const many = `Vivienda\n${Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `Casa ${i}`).join('\n')}\n`;
      expect(await refusal(csv(many))).toBe('dwellings.import.error.tooManyRows');
      const big = csv(`Vivienda\n${'a'.repeat(2 * 1024 * 1024)}\n`);
      const res = await post(DWELLINGS_PATHS.importPreview, big);
      expect(res.statusCode).toBe(400);
    });
  });
});
