// The buckets and the budget share of management control (src/api/management.ts), at their edges.
import { describe, expect, it } from 'vitest';
import { arrearsBucket, budgetForMonths, reportLink, requestBucket } from '../../src/api/management';

describe('management control’s buckets', () => {
  it('puts arrears in 0–30, 31–60, 61–90 and over 90 days', () => {
    expect([1, 30, 31, 60, 61, 90, 91, 400].map(arrearsBucket)).toEqual([
      '0-30',
      '0-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });

  it('puts open requests in 0–2, 3–7, 8–30 and over 30 days', () => {
    expect([0, 2, 3, 7, 8, 30, 31].map(requestBucket)).toEqual(['0-2', '0-2', '3-7', '3-7', '8-30', '8-30', '30+']);
  });

  it('spreads a yearly budget evenly over the months, to the cent', () => {
    expect(budgetForMonths(1_200_000, 1)).toBe(100_000);
    expect(budgetForMonths(1_200_000, 12)).toBe(1_200_000);
    expect(budgetForMonths(100, 1)).toBe(8);
    expect(budgetForMonths(3_403_351, 3)).toBe(850_838);
  });

  it('links a report as the financial panel does', () => {
    expect(reportLink('Morosos', 'Morosos')).toBe('/panel-financiero/ver-reporte?Clave=Morosos&Nombre=Morosos');
    expect(reportLink('Bancos', 'Bancos y cajas')).toBe('/panel-financiero/ver-reporte?Clave=Bancos&Nombre=Bancos+y+cajas');
  });
});
