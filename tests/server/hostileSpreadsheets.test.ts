// Hostile spreadsheets (issue 33, item 1) through the real app, on SQLite and PostgreSQL: a small workbook whose
// one cell holds tens of megabytes, one that claims a million rows or sixteen thousand columns, one far too
// long to read: each is refused with a 400 naming the limit it crosses (server/domain/shared/sheets.ts), and
// while it is being refused the health route keeps answering within a second, since workbooks are read in a
// worker thread (server/infra/sheetWorker.ts). The largest statement and a dwellings workbook still read.
import { beforeAll, describe, expect, it } from 'vitest';
import { readSheetOffThread } from '../../server/infra/sheetWorker';
import { formatMessage } from '../../server/messages';
import { DWELLINGS_PATHS, IMPORT_MAX_ROWS, type ImportPreview } from '../../src/api/dwellings';
import { HEALTH_PATH } from '../../src/api/health';
import {
  RECONCILIATION_PATHS,
  STATEMENT_MAX_CELL,
  STATEMENT_MAX_ROWS,
  StatementPreviewAnswer,
} from '../../src/api/reconciliation';
import { workbookOf } from '../support/dwellingXlsx';
import { api } from '../support/http';
import { call, createTestApp, dialect, expectOk, signInAs, type TestApp } from '../support/testApp';

/** The column letters of a 0-based index: A, Z, AA, AZ, BA. */
const letters = (index: number): string =>
  (index >= 26 ? letters(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));
const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
const row = (r: number, cells: string[]) => `<row r="${r}">${cells.join('')}</row>`;
/** A sheet of rows of text cells, the first row being the header. */
const sheet = (rows: readonly (readonly string[])[]) =>
  workbookOf(
    rows
      .map((cells, r) =>
        row(
          r + 1,
          cells.map((value, c) => text(`${letters(c)}${r + 1}`, value)),
        ),
      )
      .join(''),
  );

/** The file: a valid workbook of a few kilobytes whose one cell holds 50 MB. */
const FIFTY_MB_CELL = workbookOf(row(1, [text('A1', 'Vivienda')]) + row(2, [text('A2', 'x'.repeat(50_000_000))]));

interface Refusal {
  messageId: string;
  message: string;
}

describe(`hostile spreadsheets (${dialect})`, () => {
  let t: TestApp;
  let admin = '';
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signInAs(t.app, 'admin@demo.mx');
  });

  // Refusals come in the signed-in administrator's language, Spanish.
  const post = (path: string, nombre: string, bytes: Buffer) =>
    call(t.app, 'POST', api(path), { token: admin, payload: { nombre, datos: bytes.toString('base64') } });

  /**
   * Posts the file and, while it is being answered, asks for the health route again and again: every answer
   * must come within a second (the acceptance). A wait counts from the moment the next question is due
   * (a 10 ms timer), so an event loop blocked between two questions shows as a late timer, not as nothing.
   * Returns the file's refusal.
   */
  async function refusedWhileHealthy(path: string, nombre: string, bytes: Buffer): Promise<Refusal> {
    let answered = false;
    const upload = post(path, nombre, bytes).finally(() => {
      answered = true;
    });
    const waits: number[] = [];
    do {
      const due = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 10));
      const health = await call(t.app, 'GET', api(HEALTH_PATH));
      waits.push(performance.now() - due);
      expect(health.statusCode).toBe(200);
    } while (!answered);
    const res = await upload;
    expect(res.statusCode, res.body).toBe(400);
    expect(Math.max(...waits), `health waits: ${waits.map(Math.round).join(', ')} ms`).toBeLessThan(1000);
    return res.json() as Refusal;
  }

  it('refuses the issue’s workbook (one cell of 50 MB) by its unpacked size, the health route answering', async () => {
    expect(FIFTY_MB_CELL.length).toBeLessThan(200 * 1024);
    const refusal = await refusedWhileHealthy(DWELLINGS_PATHS.importPreview, 'viviendas.xlsx', FIFTY_MB_CELL);
    expect(refusal.messageId).toBe('errors.sheet.unpackedTooBig');
    expect(refusal.message).toBe('La hoja de cálculo descomprimida pasa de 4 MB, el límite para este archivo.');
    const statement = await refusedWhileHealthy(RECONCILIATION_PATHS.preview, 'estado.xlsx', FIFTY_MB_CELL);
    expect(statement.message).toBe('La hoja de cálculo descomprimida pasa de 12 MB, el límite para este archivo.');
    // The same limit in the other languages.
    const values = { mb: 12 };
    expect(formatMessage('en', { id: 'errors.sheet.unpackedTooBig', values })).toBe(
      'The spreadsheet unpacks to more than 12 MB, the limit for this file.',
    );
    expect(formatMessage('fr', { id: 'errors.sheet.unpackedTooBig', values })).toBe(
      'Le classeur décompressé dépasse 12 Mo, la limite pour ce fichier.',
    );
  });

  it('refuses a cell over the limit inside a workbook under the size limit, in the worker', async () => {
    // 10 MB of text: under a statement's 12 MB, and the size at which read-excel-file's parsing nears the
    // recursion that overflows its stack.
    const long = workbookOf(row(1, [text('A1', 'Día'), text('B1', 'x'.repeat(10_000_000))]));
    const refusal = await refusedWhileHealthy(RECONCILIATION_PATHS.preview, 'estado.xlsx', long);
    expect(refusal.messageId).toBe('reconciliation.error.cellTooLong');
    expect(refusal.message).toBe(`Una celda del archivo pasa de ${STATEMENT_MAX_CELL} caracteres, el límite por celda.`);
    const dwelling = sheet([['Vivienda'], ['y'.repeat(501)]]);
    const words = await refusedWhileHealthy(DWELLINGS_PATHS.importPreview, 'viviendas.xlsx', dwelling);
    expect(words.message).toBe('Una celda de la hoja de cálculo pasa de 500 caracteres, el límite por celda.');
  });

  it('refuses too many rows before reading them, the health route answering', async () => {
    // 250,000 rows in 10 MB: read on the request thread, read-excel-file took about 3 s of the event loop.
    const rows = Array.from({ length: 250_000 }, (_, i) => row(i + 1, [`<c r="A${i + 1}"><v>1</v></c>`])).join('');
    const refusal = await refusedWhileHealthy(RECONCILIATION_PATHS.preview, 'estado.xlsx', workbookOf(rows));
    expect(refusal.messageId).toBe('reconciliation.error.tooManyRows');
    expect(refusal.message).toContain(String(STATEMENT_MAX_ROWS));
    // One cell claiming to be the millionth row: a few hundred bytes that would ask for a million rows.
    const sparse = workbookOf(row(1, [text('A1', 'Vivienda')]) + row(1_048_576, [text('A1048576', 'x')]));
    const far = await refusedWhileHealthy(DWELLINGS_PATHS.importPreview, 'viviendas.xlsx', sparse);
    expect(far.messageId).toBe('dwellings.import.error.tooManyRows');
    expect(far.message).toContain(IMPORT_MAX_ROWS.toLocaleString('es-MX'));
  });

  it('refuses too many columns, dense or claimed by one far cell', async () => {
    const wide = sheet([Array.from({ length: 51 }, (_, c) => `Columna ${c}`)]);
    const dense = await refusedWhileHealthy(DWELLINGS_PATHS.importPreview, 'viviendas.xlsx', wide);
    expect(dense.messageId).toBe('errors.sheet.tooManyColumns');
    expect(dense.message).toBe('La hoja de cálculo tiene más de 50 columnas, el límite para este archivo.');
    // XFD1048576, the last cell a sheet may have: read as is, a billion empty cells.
    const corner = workbookOf(row(1, [text('A1', 'Día')]) + row(2, [text('XFD2', 'x')]));
    const far = await refusedWhileHealthy(RECONCILIATION_PATHS.preview, 'estado.xlsx', corner);
    expect(far.message).toBe('La hoja de cálculo tiene más de 50 columnas, el límite para este archivo.');
  });

  it('stops a file that reads too long and refuses it as such', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => row(i + 1, [`<c r="A${i + 1}"><v>${i}</v></c>`])).join('');
    const bytes = workbookOf(rows);
    const limits = { unpackedBytes: 12 * 1024 * 1024, rows: 20_000, columns: 50, cellChars: 500 };
    expect(await readSheetOffThread({ kind: 'xlsx', bytes, limits }, 1)).toEqual({ refused: 'time' });
    // The worker that was stopped leaves room for the next file.
    const read = await readSheetOffThread({ kind: 'xlsx', bytes, limits });
    expect('rows' in read && read.rows.length).toBe(20_000);
  });

  it('still reads the largest statement a workbook may hold, and a dwellings workbook', async () => {
    const header = ['Día', 'Concepto / Referencia', 'cargo', 'Abono', 'Saldo'];
    const movements = Array.from({ length: STATEMENT_MAX_ROWS }, (_, i) => [
      `${String((i % 28) + 1).padStart(2, '0')}-10-2026`,
      `SPEI RECIBIDO CUOTA TORRE A ${100 + (i % 900)} REF REF-${i}-202610`,
      '',
      '1,850.00',
      `${(1000 + i).toLocaleString('en')}.00`,
    ]);
    const { preview } = await expectOk<StatementPreviewAnswer>(
      post(RECONCILIATION_PATHS.preview, 'estado.xlsx', sheet([header, ...movements])),
      StatementPreviewAnswer,
    );
    expect([preview.bank, preview.rows, preview.deposits]).toEqual(['bbva', STATEMENT_MAX_ROWS, STATEMENT_MAX_ROWS]);
    const dwellings = await expectOk<ImportPreview>(
      post(
        DWELLINGS_PATHS.importPreview,
        'viviendas.xlsx',
        sheet([
          ['Torre', 'Vivienda'],
          ['Torre Z', 'Z1'],
        ]),
      ),
    );
    expect(dwellings.filas.map((r) => [r.torre, r.vivienda])).toEqual([['Torre Z', 'Z1']]);
  });
});
