// Bank statement formats (conciliación, issue 27): each bank's sample of tests/fixtures/bank-statements read to the
// same movements, OFX in both variants, an XLSX of a bank's layout, a CSV of no known bank through a column
// mapping, the readings of days and amounts, the fingerprint (identical lines told apart, the same statement
// the same), and the limits refused naming them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprintMovements, parseCents, parseDay } from '../../server/domain/reconciliation/formats/movement';
import { readStatement } from '../../server/domain/reconciliation/formats/statement';
import { AppError } from '../../server/errors';
import { STATEMENT_MAX_BYTES, STATEMENT_MAX_CELL, STATEMENT_MAX_ROWS } from '../../src/api/reconciliation';
import { xlsxOf } from '../support/dwellingXlsx';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/bank-statements');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).refusal;
  }
  throw new Error('not refused');
}

describe('reading days and amounts', () => {
  it('reads days as Mexican banks write them', () => {
    expect(parseDay('03/11/2026')).toBe('2026-11-03');
    expect(parseDay('03-11-2026')).toBe('2026-11-03');
    expect(parseDay('3/11/26')).toBe('2026-11-03');
    expect(parseDay('2026-11-03')).toBe('2026-11-03');
    expect(parseDay('11/03/2026', 'MM/DD/YYYY')).toBe('2026-11-03');
    expect(parseDay('05-ENE-2026')).toBe('2026-01-05');
    expect(parseDay('20261103120000[-6:CST]')).toBe('2026-11-03');
    expect(parseDay('31/02/2026')).toBeNull();
    expect(parseDay('Saldo final')).toBeNull();
  });

  it('reads amounts in cents', () => {
    expect(parseCents('$1,850.00')).toBe(185_000);
    expect(parseCents('1850.5')).toBe(185_050);
    expect(parseCents('-23,150.00')).toBe(-2_315_000);
    expect(parseCents('(150.00)')).toBe(-15_000);
    expect(parseCents('1.234,56')).toBe(123_456);
    expect(parseCents('1850,00')).toBe(185_000);
    expect(parseCents('1,850')).toBe(185_000_00 / 100);
    expect(parseCents('')).toBeNull();
    expect(Number.isNaN(parseCents('abc'))).toBe(true);
    expect(Number.isNaN(parseCents('99,999,999.00'))).toBe(true);
  });
});

describe('each bank', () => {
  const expected = { date: '2026-11-03', amountCents: 185_000 };
  it.each([
    ['bbva.csv', 'bbva', 4],
    ['banorte.csv', 'banorte', 2],
    ['santander.csv', 'santander', 2],
    ['hsbc.csv', 'hsbc', 2],
    ['scotiabank.csv', 'scotiabank', 2],
    ['banamex.csv', 'banamex', 2],
    ['ofx-sgml.ofx', 'ofx', 2],
    ['ofx-xml.ofx', 'ofx', 2],
  ] as const)('%s is read as %s', async (file, bank, count) => {
    const read = await readStatement(file, fixture(file), null);
    expect(read.bank).toBe(bank);
    expect(read.errors).toEqual([]);
    expect(read.movements).toHaveLength(count);
    expect(read.movements[0]).toMatchObject(expected);
    expect(read.movements[0]!.description).toMatch(/101/);
    // The withdrawal of every sample: CFE's 23,150.00 (BBVA's second line).
    expect(read.movements.some((m) => m.amountCents === -2_315_000)).toBe(true);
  });

  it('reads the running balance where the bank gives one, the words and the reference', async () => {
    const bbva = await readStatement('bbva.csv', fixture('bbva.csv'), null);
    expect(bbva.movements[0]).toMatchObject({ balanceCents: 4_485_000 });
    const banorte = await readStatement('banorte.csv', fixture('banorte.csv'), null);
    expect(banorte.movements[0]).toMatchObject({ reference: '7788991', balanceCents: 4_485_000 });
    const ofx = await readStatement('ofx-xml.ofx', fixture('ofx-xml.ofx'), null);
    expect(ofx.movements[0]).toMatchObject({ reference: '202611030001', description: 'SPEI RECIBIDO CUOTA TORRE A 101 & ANEXO' });
  });

  it('reads an XLSX of a bank layout through read-excel-file', async () => {
    const xlsx = xlsxOf([
      ['Fecha', 'Concepto', 'Referencia', 'Cargo', 'Abono', 'Saldo'],
      ['03/11/2026', 'TRANSF SPEI CUOTA TORRE A 101', '0012345678', null, 1850, 44850],
      ['04/11/2026', 'PAGO CFE', '0012345679', 23150, null, 21700],
    ]);
    const read = await readStatement('scotiabank.xlsx', xlsx, null);
    expect(read.bank).toBe('scotiabank');
    expect(read.movements.map((m) => m.amountCents)).toEqual([185_000, -2_315_000]);
    expect(read.movements[0]!.balanceCents).toBe(4_485_000);
  });
});

describe('a CSV of no known bank', () => {
  it('answers its headers without a mapping, and reads it with one', async () => {
    const bytes = fixture('generic-mapping.csv');
    const unknown = await readStatement('otro.csv', bytes, null);
    expect(unknown.bank).toBeNull();
    expect(unknown.headers).toEqual(['Fecha valor', 'Detalle', 'Folio', 'Monto']);
    expect(unknown.movements).toEqual([]);
    const mapped = await readStatement('otro.csv', bytes, {
      name: 'Mi banco',
      dateColumn: 'Fecha valor',
      dateFormat: 'YYYY-MM-DD',
      descriptionColumn: 'Detalle',
      referenceColumn: 'Folio',
      amountColumn: 'Monto',
    });
    expect(mapped.bank).toBe('mapeo');
    expect(mapped.movements.map((m) => [m.date, m.reference, m.amountCents])).toEqual([
      ['2026-11-03', 'F-1', 185_000],
      ['2026-11-04', 'F-2', -2_315_000],
    ]);
  });

  it('refuses a mapping whose columns the file does not have', async () => {
    const message = await refusal(
      readStatement('otro.csv', fixture('generic-mapping.csv'), {
        name: 'x',
        dateColumn: 'Día',
        dateFormat: 'DD/MM/YYYY',
        descriptionColumn: 'Detalle',
        withdrawalColumn: 'Cargo',
        depositColumn: 'Abono',
      }),
    );
    expect(message).toBe('reconciliation.error.mappingColumns');
  });

  it('lists the lines it could not read', async () => {
    const csv =
      'Fecha,Concepto,Referencia,Cargo,Abono,Saldo\n03/11/2026,A,1,,100.00,\n99/99/2026,B,2,,5.00,\n04/11/2026,C,3,,x,\n';
    const read = await readStatement('s.csv', Buffer.from(csv), null);
    expect(read.movements).toHaveLength(1);
    expect(read.errors).toEqual([
      { fila: 3, problem: 'date' },
      { fila: 4, problem: 'amount' },
    ]);
  });
});

describe('fingerprints', () => {
  const line = { fila: 2, date: '2026-11-03', description: 'DEPOSITO', reference: '', amountCents: 100, balanceCents: null };
  it('tells identical lines apart by their occurrence, and gives the same statement the same ones', () => {
    const once = fingerprintMovements([line, { ...line, fila: 3 }]);
    expect(once[0]!.bankFingerprint).not.toBe(once[1]!.bankFingerprint);
    expect(fingerprintMovements([line, { ...line, fila: 3 }]).map((m) => m.bankFingerprint)).toEqual(
      once.map((m) => m.bankFingerprint),
    );
  });
  it('uses the running balance when there is one, so an overlapping statement gives the same ones', () => {
    const a = fingerprintMovements([
      { ...line, balanceCents: 500 },
      { ...line, balanceCents: 600 },
    ]);
    const b = fingerprintMovements([{ ...line, balanceCents: 600 }]);
    expect(b[0]!.bankFingerprint).toBe(a[1]!.bankFingerprint);
  });
});

describe('limits', () => {
  it('refuses a file over the size limit, naming it', async () => {
    expect(await refusal(readStatement('s.csv', Buffer.alloc(STATEMENT_MAX_BYTES + 1, 'a'), null))).toEqual({
      id: 'reconciliation.error.tooBig',
      values: { mb: 5 },
    });
  });
  it('refuses more rows than the limit, naming it', async () => {
    const rows = Array.from({ length: STATEMENT_MAX_ROWS + 50 }, (_, i) => `03/11/2026,M${i},${i},,1.00,`);
    const csv = `Fecha,Concepto,Referencia,Cargo,Abono,Saldo\n${rows.join('\n')}`;
    expect(await refusal(readStatement('s.csv', Buffer.from(csv), null))).toEqual({
      id: 'reconciliation.error.tooManyRows',
      values: { max: STATEMENT_MAX_ROWS },
    });
  });
  it('refuses a cell over the limit, naming it', async () => {
    const csv = `Fecha,Concepto,Referencia,Cargo,Abono,Saldo\n03/11/2026,${'x'.repeat(STATEMENT_MAX_CELL + 1)},1,,1.00,`;
    expect(await refusal(readStatement('s.csv', Buffer.from(csv), null))).toEqual({
      id: 'reconciliation.error.cellTooLong',
      values: { max: STATEMENT_MAX_CELL },
    });
  });
  it('refuses another kind of file, an empty one and a broken workbook', async () => {
    expect(await refusal(readStatement('s.pdf', Buffer.from('%PDF'), null))).toBe('reconciliation.error.kind');
    expect(await refusal(readStatement('s.csv', Buffer.alloc(0), null))).toBe('reconciliation.error.empty');
    expect(await refusal(readStatement('s.xlsx', Buffer.from('PK\u0003\u0004nonsense'), null))).toBe(
      'reconciliation.error.unreadable',
    );
  });
});
