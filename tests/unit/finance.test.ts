// The money area's pure rules: the §6 refusals of each screen per role and MostrarIngresos, the per-Clave
// report rule, the bulk batches and period, the resident-selector search, the CSV export and MXN amounts.
import { describe, expect, it } from 'vitest';
import { batchesOf, bulkPeriod, formatMoney, type Report } from '../../src/api/finance';
import { canOpenReport, canSeeStatementOf } from '../../src/api/permissions';
import { EMPLOYEE_PANEL, refusalFor, WITHOUT_PERMISSION } from '../../src/views/common/financeAccess';
import { reportCsv } from '../../src/views/finance/csv';
import { matchesSearch } from '../../src/views/finance/DwellingSelector';
import { ROLES, sessionFor } from '../support/sessionFixtures';

describe('the money screens’ guards (spec §6)', () => {
  it('sends employees and guards to the employee panel, and lets the others in by MostrarIngresos', () => {
    const where = (mostrar: 'T' | 'M' | 'X') =>
      Object.fromEntries(
        ROLES.map((role) => [role, refusalFor(sessionFor(role, { condo: { MostrarIngresos: mostrar } }), { kind: 'reports' })]),
      );
    expect(where('T')).toEqual({
      admin: null,
      board: null,
      resident: null,
      employee: EMPLOYEE_PANEL,
      guard: EMPLOYEE_PANEL,
      supervisor: EMPLOYEE_PANEL,
    });
    expect(where('M')).toMatchObject({ admin: null, board: null, resident: WITHOUT_PERMISSION });
    expect(where('X')).toMatchObject({ admin: null, board: WITHOUT_PERMISSION, resident: WITHOUT_PERMISSION });
  });

  it('needs the Clave’s role function for a report, Bancos and Fondos for their listings', () => {
    const resident = sessionFor('resident');
    expect(
      ['DetIng', 'DetEg', 'IngEg', 'Presup', 'Bancos', 'Fondos', 'Morosos'].filter((c) => canOpenReport(resident, c)),
    ).toEqual(['DetIng', 'DetEg', 'IngEg']);
    expect(refusalFor(resident, { kind: 'report', clave: 'Morosos' })).toBe(WITHOUT_PERMISSION);
    expect(refusalFor(sessionFor('board'), { kind: 'report', clave: 'Fondos' })).toBeNull();
    expect(canOpenReport(sessionFor('admin'), 'Nada')).toBe(false);
  });

  it('lets the staff into the bulk statements, and residents to their own statement only', () => {
    expect(ROLES.filter((role) => refusalFor(sessionFor(role), { kind: 'allStatements' }) === null)).toEqual(['admin', 'board']);
    const resident = sessionFor('resident', { usuario: { apartments: [{ AptId: 7, AptName: '101', TorreName: 'Torre A' }] } });
    const own = resident.usuario.apartments.map((a) => a.AptId);
    expect(refusalFor(resident, { kind: 'statements' })).toBeNull();
    expect(canSeeStatementOf(resident, own, own[0]!)).toBe(true);
    expect(canSeeStatementOf(resident, own, 99_999)).toBe(false);
    expect(canSeeStatementOf(sessionFor('board'), [], 99_999)).toBe(true);
    expect(refusalFor(sessionFor('employee'), { kind: 'statements' })).toBe(WITHOUT_PERMISSION);
  });
});

describe('bulk statement requests', () => {
  it('cuts batches of 100 and reads the period', () => {
    expect(batchesOf(Array.from({ length: 260 }, (_, i) => i)).map((b) => b.length)).toEqual([100, 100, 60]);
    expect(batchesOf([1, 2]).map((b) => b.length)).toEqual([2]);
    expect(bulkPeriod({ periodo: false, year: 2025 })).toEqual({ fechaInicio: '2025-01-01', fechaFin: '2025-12-31' });
    expect(bulkPeriod({ periodo: false, year: null })).toBeNull();
    expect(bulkPeriod({ periodo: true, fechaInicio: '2025-03-01', fechaFin: '2025-02-01' })).toBeNull();
    expect(bulkPeriod({ periodo: true, fechaInicio: '2025-02-01', fechaFin: '2025-03-01' })).toEqual({
      fechaInicio: '2025-02-01',
      fechaFin: '2025-03-01',
    });
  });

  it('searches dwellings by resident or dwelling text, case-insensitively, and by tower', () => {
    const d = { ApartmentId: 1, AptName: '101', TorreName: 'Torre A', Residentes: ['Rosa Hernández Díaz'] };
    const house = { ApartmentId: 2, AptName: 'Casa 3', TorreName: null, Residentes: [] };
    expect(matchesSearch(d, 'rosa', null)).toBe(true);
    expect(matchesSearch(d, 'TORRE A - 10', null)).toBe(true);
    expect(matchesSearch(d, 'casa', null)).toBe(false);
    expect(matchesSearch(d, '', 'Torre B')).toBe(false);
    expect(matchesSearch(house, 'casa', '__none__')).toBe(true);
    expect(matchesSearch(d, '', '__none__')).toBe(false);
  });
});

describe('money on screen and in files', () => {
  it('shows MXN with the Mexican locale', () => {
    expect(formatMoney(740_000)).toBe('$7,400.00');
    expect(formatMoney(-5_850_000)).toBe('-$58,500.00');
  });

  it('exports a report as CSV with pesos, quoted labels and the totals', () => {
    const report: Report = {
      Clave: 'Morosos',
      Titulo: 'Morosos',
      fechaInicio: '2026-01-01',
      fechaFin: '2026-03-15',
      columnas: [
        { clave: 'adeudo', nombre: 'Adeudo', tipo: 'dinero' },
        { clave: 'antiguedad', nombre: 'Antigüedad (días)', tipo: 'numero' },
      ],
      filas: [
        { etiqueta: 'Torre A - 104', valores: [740_000, 95] },
        { etiqueta: 'Casa "7", jardín', valores: [5, 3] },
      ],
      totales: [740_005, null],
    };
    expect(reportCsv(report, 'Vivienda', 'Total')).toBe(
      'Vivienda,Adeudo,Antigüedad (días)\r\nTorre A - 104,7400.00,95\r\n"Casa ""7"", jardín",0.05,3\r\nTotal,7400.05,\r\n',
    );
  });

  it('exports labels that look like formulas as text, and negative amounts as numbers', () => {
    const report: Report = {
      Clave: 'DetEg',
      Titulo: 'Egresos',
      fechaInicio: '2026-01-01',
      fechaFin: '2026-03-15',
      columnas: [{ clave: 'importe', nombre: '=Importe', tipo: 'dinero' }],
      filas: [
        { etiqueta: '=HYPERLINK("http://evil.example","Ver")', valores: [-58_500] },
        { etiqueta: '@Jardinería', valores: [1_000] },
      ],
      totales: [-57_500],
    };
    expect(reportCsv(report, '-Categoría', '+Total')).toBe(
      '\'-Categoría,\'=Importe\r\n"\'=HYPERLINK(""http://evil.example"",""Ver"")",-585.00\r\n\'@Jardinería,10.00\r\n\'+Total,-575.00\r\n',
    );
  });
});
