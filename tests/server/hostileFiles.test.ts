// Hostile files at the upload routes (issue 33), on SQLite and PostgreSQL. The fuzz test
// (tests/support/routeFuzz.ts) draws a few of tests/support/hostileFiles.ts's files for every upload field it
// finds; here each of them goes to a spreadsheet import, a bank statement and two photo routes, and what the
// fuzz found is pinned down: a CSV cell holding a NUL passed the preview and answered 500 on PostgreSQL when
// imported (dwellings and bank statements alike), and a UTF-16 CSV was read as Windows-1252 (its letters
// between NULs). Both now read as the text they hold (server/infra/sheetRead.ts, decodeText).
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STATEMENT_ACCOUNT } from '../../server/db/seed/reconciliationDemo';
import { CONDO_SETTINGS_PATHS } from '../../src/api/condoSettings';
import { DWELLINGS_PATHS, type ImportPreview } from '../../src/api/dwellings';
import { PROFILE_PATHS } from '../../src/api/profile';
import { RECONCILIATION_PATHS, type StatementPreviewAnswer } from '../../src/api/reconciliation';
import { workbookOf } from '../support/dwellingXlsx';
import { hostileFilesFor, UPLOAD_TYPES, type UploadField, uploadFieldsOf, uploadValue } from '../support/hostileFiles';
import { api } from '../support/http';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

const PALMAS = 'Residencial Las Palmas';
const b64 = (bytes: Buffer) => bytes.toString('base64');
const SHEET: UploadField = { shape: 'base64', path: ['datos'], namePath: ['nombre'] };
const IMAGE: UploadField = { shape: 'dataUrl', path: ['dataUrl'], types: ['image/png', 'image/jpeg', 'image/webp'] };

describe(`hostile files (${dialect})`, () => {
  let t: TestApp;
  let admin = '';
  let condoId = 0;
  let accountId = 0;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx', PALMAS);
    condoId = (await t.app.db.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow())
      .id;
    accountId = (
      await t.app.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('condo_id', '=', condoId)
        .where('name', '=', DEMO_STATEMENT_ACCOUNT)
        .executeTakeFirstOrThrow()
    ).id;
  }, 60_000);

  const post = (path: string, payload: object) => call(t.app, 'POST', api(path), { token: admin, payload });

  it('finds the upload fields of the routes from their structs alone', () => {
    const found = t.app.inputRoutes.flatMap((route) =>
      uploadFieldsOf(route.body).map((field) => `${route.url} ${field.path.join('.')} ${field.shape}`),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        `/api${DWELLINGS_PATHS.importPreview} datos base64`,
        `/api${DWELLINGS_PATHS.importConfirm} datos base64`,
        `/api${RECONCILIATION_PATHS.preview} datos base64`,
        `/api${RECONCILIATION_PATHS.importStatement} datos base64`,
        `/api${PROFILE_PATHS.uploadPhoto} dataUrl dataUrl`,
        `/api${CONDO_SETTINGS_PATHS.uploadLogo} dataUrl dataUrl`,
      ]),
    );
    // Attachments (posts, requests, polls, support), proofs, the gate's and parcels' photos: all data URLs.
    expect(found.filter((f) => f.endsWith(' dataUrl') && /adjuntos\.0\.dataUrl/.test(f)).length).toBeGreaterThanOrEqual(4);
    // No free text, id or token is taken for a file.
    for (const route of t.app.inputRoutes)
      for (const field of uploadFieldsOf(route.body))
        expect(String(field.path.at(-1)), route.url).toMatch(/^(datos|dataUrl|photo|signature|foto)$/);
    // A data URL field names only the types its struct takes.
    const pdf = t.app.inputRoutes.flatMap((route) => uploadFieldsOf(route.body)).filter((f) => f.shape === 'dataUrl');
    expect(pdf.every((f) => f.shape === 'dataUrl' && f.types.every((type) => UPLOAD_TYPES.includes(type as never)))).toBe(true);
  });

  it('answers every hostile spreadsheet at both imports with a 4xx or a 2xx, never 5xx, refusing those it must', async () => {
    for (const path of [DWELLINGS_PATHS.importPreview, RECONCILIATION_PATHS.preview]) {
      for (const file of hostileFilesFor(SHEET)) {
        const res = await post(path, { nombre: file.name, datos: uploadValue(SHEET, file) });
        const what = `${path}: ${file.kind} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (file.refuse) expect(res.statusCode, what).toBe(400);
      }
    }
  }, 120_000);

  it('answers every hostile image at the profile photo and the logo, refusing those it must', async () => {
    for (const path of [PROFILE_PATHS.uploadPhoto, CONDO_SETTINGS_PATHS.uploadLogo]) {
      for (const file of hostileFilesFor(IMAGE)) {
        const res = await post(path, { dataUrl: uploadValue(IMAGE, file) });
        const what = `${path}: ${file.kind} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (file.refuse) expect(res.statusCode, what).toBe(400);
      }
    }
  });

  it('imports dwellings from a CSV whose cells hold NULs, without them', async () => {
    const file = { nombre: 'viviendas.csv', datos: b64(Buffer.from('Torre,Vivienda\r\nTorre\u0000 Nula,N\u00001\r\n')) };
    const preview = await expectOk<ImportPreview>(post(DWELLINGS_PATHS.importPreview, file));
    expect(preview.filas.map((r) => [r.torre, r.vivienda, r.estado])).toEqual([['Torre Nula', 'N1', 'nueva']]);
    const done = await post(DWELLINGS_PATHS.importConfirm, { ...file, huella: preview.huella });
    expect(done.statusCode, done.body).toBe(200);
    const stored = await t.app.db
      .selectFrom('apartments as a')
      .innerJoin('towers as tw', 'tw.id', 'a.tower_id')
      .select(['a.name', 'tw.name as tower'])
      .where('a.condo_id', '=', condoId)
      .where('tw.name', '=', 'Torre Nula')
      .execute();
    expect(stored).toEqual([{ name: 'N1', tower: 'Torre Nula' }]);
  });

  it('imports a bank statement whose cells hold NULs, without them; a workbook’s NUL too', async () => {
    const csv = 'Fecha,Concepto,Referencia,Cargo,Abono,Saldo\n03/10/2026,SPEI\u0000 NULO,R\u00009,,123.45,\n';
    const file = { nombre: 'estado.csv', datos: b64(Buffer.from(csv)) };
    const seen = await expectOk<StatementPreviewAnswer>(post(RECONCILIATION_PATHS.preview, file));
    expect(seen.preview.sample.map((l) => [l.description, l.reference])).toEqual([['SPEI NULO', 'R9']]);
    const done = await post(RECONCILIATION_PATHS.importStatement, { ...file, huella: seen.preview.huella, cuentaId: accountId });
    expect(done.statusCode, done.body).toBe(201);
    const stored = await t.app.db
      .selectFrom('bank_movements')
      .select(['description', 'reference'])
      .where('description', '=', 'SPEI NULO')
      .execute();
    expect(stored).toEqual([{ description: 'SPEI NULO', reference: 'R9' }]);
    // A NUL written as XML's character reference in a workbook: refused as unreadable or read without it.
    const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const head = ['Fecha', 'Concepto', 'Referencia', 'Cargo', 'Abono', 'Saldo'].map((h, i) => cell(`${'ABCDEF'[i]}1`, h));
    const line = [cell('A2', '04/10/2026'), cell('B2', 'SPEI&#0; XML'), cell('E2', '10.00')];
    const xlsx = workbookOf(`<row r="1">${head.join('')}</row><row r="2">${line.join('')}</row>`);
    const res = await post(RECONCILIATION_PATHS.preview, { nombre: 'estado.xlsx', datos: b64(xlsx) });
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.body).not.toContain('\\u0000');
  });

  it('reads a UTF-16 CSV by its byte order mark, little- or big-endian', async () => {
    const text = '\ufeffTorre,Vivienda\r\nTorre Dieciséis,U16\r\n';
    const little = Buffer.from(text, 'utf16le');
    for (const bytes of [little, Buffer.from(little).swap16()]) {
      const preview = await expectOk<ImportPreview>(
        post(DWELLINGS_PATHS.importPreview, { nombre: 'viviendas.csv', datos: b64(bytes) }),
      );
      expect(preview.filas.map((r) => [r.torre, r.vivienda])).toEqual([['Torre Dieciséis', 'U16']]);
    }
    const statement = 'Fecha,Concepto,Referencia,Cargo,Abono,Saldo\n05/10/2026,DEPOSITO UTF16,,,50.00,\n';
    const seen = await expectOk<StatementPreviewAnswer>(
      post(RECONCILIATION_PATHS.preview, { nombre: 'estado.csv', datos: b64(Buffer.from(`\ufeff${statement}`, 'utf16le')) }),
    );
    expect([seen.preview.bank, seen.preview.sample[0]?.description]).toEqual(['scotiabank', 'DEPOSITO UTF16']);
  });
});
