// The shared CSV rule (src/api/csv.ts): text that a spreadsheet would run as a formula opens as text,
// quoting follows RFC 4180, and numbers stay numbers (a negative amount is not a formula).
import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvNumber, neutralizeCsvText } from '../../src/api/csv';

describe('neutralizeCsvText', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+52 55 1234 5678', "'+52 55 1234 5678"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['=HYPERLINK("http://evil.example","Click")', '\'=HYPERLINK("http://evil.example","Click")'],
  ])('puts a single quote before %j', (text, expected) => {
    expect(neutralizeCsvText(text)).toBe(expected);
  });

  it.each(['Torre A - 104', 'Casa 7', '', ' =1+1', "'ya citado", 'a=b', 'correo@demo.mx', '100'])(
    'leaves %j as it is',
    (text) => {
      expect(neutralizeCsvText(text)).toBe(text);
    },
  );
});

describe('csvCell', () => {
  it('neutralises text first, then quotes it when it holds a comma, a quote or a line break', () => {
    expect(csvCell('=1+1,2')).toBe(`"'=1+1,2"`);
    expect(csvCell('-"x"')).toBe(`"'-""x"""`);
    expect(csvCell('\r\n=cmd')).toBe(`"'\r\n=cmd"`);
    expect(csvCell('Casa "7", jardín')).toBe('"Casa ""7"", jardín"');
    expect(csvCell('línea\nsiguiente')).toBe('"línea\nsiguiente"');
    expect(csvCell('simple')).toBe('simple');
  });

  it('writes numbers as numbers, negative ones too, and empty cells as nothing', () => {
    expect(csvCell(csvNumber(-585.5, 2))).toBe('-585.50');
    expect(csvCell(csvNumber(-3))).toBe('-3');
    expect(csvCell(csvNumber(7400.05, 2))).toBe('7400.05');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('refuses to make a number cell of something that is not a finite number', () => {
    expect(() => csvNumber(Number.NaN)).toThrow(RangeError);
    expect(() => csvNumber(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
  });
});

describe('csvDocument', () => {
  it('joins cells with commas and ends every row with CRLF', () => {
    expect(
      csvDocument([
        ['Nombre', 'Importe'],
        ['@admin', csvNumber(-10, 2)],
      ]),
    ).toBe("Nombre,Importe\r\n'@admin,-10.00\r\n");
    expect(csvDocument([])).toBe('');
  });
});
