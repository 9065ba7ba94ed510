// The charges a payment went towards (src/api/receipts.ts paymentConcepts): first in, first out over the
// dwelling's whole ledger, whatever order the rows come in.
import { describe, expect, it } from 'vitest';
import { type LedgerChargeRow, type LedgerPaymentRow, paymentConcepts } from '../../src/api/receipts';

const charge = (id: number, chargedOn: string, amountCents: number, concept = `Cargo ${id}`): LedgerChargeRow => ({
  id,
  concept,
  chargedOn,
  amountCents,
});
const pay = (id: number, paidOn: string, amountCents: number): LedgerPaymentRow => ({ id, paidOn, amountCents });
const took = (c: LedgerChargeRow, amountCents: number) => ({
  chargeId: c.id,
  concept: c.concept,
  chargedOn: c.chargedOn,
  amountCents,
});

const JAN = charge(1, '2026-01-01', 100_000, 'Cuota enero');
const FEB = charge(2, '2026-02-01', 100_000, 'Cuota febrero');
const MAR = charge(3, '2026-03-01', 100_000, 'Cuota marzo');

describe('paymentConcepts', () => {
  it('settles the oldest charge first, a charge exactly', () => {
    expect(paymentConcepts([FEB, JAN, MAR], [pay(10, '2026-01-05', 100_000)], 10)).toEqual({
      concepts: [took(JAN, 100_000)],
      unappliedCents: 0,
    });
  });

  it('shares a charge between two payments, and spreads one payment over several charges', () => {
    const payments = [pay(10, '2026-02-05', 150_000), pay(11, '2026-03-05', 150_000)];
    expect(paymentConcepts([JAN, FEB, MAR], payments, 10)).toEqual({
      concepts: [took(JAN, 100_000), took(FEB, 50_000)],
      unappliedCents: 0,
    });
    expect(paymentConcepts([JAN, FEB, MAR], payments, 11)).toEqual({
      concepts: [took(FEB, 50_000), took(MAR, 100_000)],
      unappliedCents: 0,
    });
  });

  it('follows the order paid (day, then id), not the order given', () => {
    const payments = [pay(12, '2026-01-20', 100_000), pay(11, '2026-01-20', 100_000), pay(10, '2026-01-25', 100_000)];
    expect(paymentConcepts([JAN, FEB, MAR], payments, 11).concepts).toEqual([took(JAN, 100_000)]);
    expect(paymentConcepts([JAN, FEB, MAR], payments, 12).concepts).toEqual([took(FEB, 100_000)]);
    expect(paymentConcepts([JAN, FEB, MAR], payments, 10).concepts).toEqual([took(MAR, 100_000)]);
  });

  it('orders charges of one day by id', () => {
    const fee = charge(7, '2026-01-01', 50_000, 'Cuota extraordinaria');
    const early = charge(5, '2026-01-01', 50_000, 'Cuota ordinaria');
    expect(paymentConcepts([fee, early], [pay(10, '2026-01-02', 60_000)], 10).concepts).toEqual([
      took(early, 50_000),
      took(fee, 10_000),
    ]);
  });

  it('leaves what exceeds every charge unapplied; an advance settles later charges', () => {
    expect(paymentConcepts([JAN], [pay(10, '2026-01-05', 130_000)], 10)).toEqual({
      concepts: [took(JAN, 100_000)],
      unappliedCents: 30_000,
    });
    // Paid in January for the whole quarter: the later charges are the oldest unpaid when they come.
    expect(paymentConcepts([JAN, FEB, MAR], [pay(10, '2026-01-05', 300_000)], 10).concepts).toEqual([
      took(JAN, 100_000),
      took(FEB, 100_000),
      took(MAR, 100_000),
    ]);
    // A payment once everything is paid covers nothing.
    expect(paymentConcepts([JAN], [pay(9, '2026-01-02', 100_000), pay(10, '2026-01-05', 5_000)], 10)).toEqual({
      concepts: [],
      unappliedCents: 5_000,
    });
  });

  it('counts a credit as money in on its day, before that day’s payments', () => {
    const credit = charge(4, '2026-01-10', -40_000, 'Cancelación de reservación');
    expect(paymentConcepts([JAN, FEB, credit], [pay(10, '2026-01-10', 100_000)], 10)).toEqual({
      concepts: [took(JAN, 60_000), took(FEB, 40_000)],
      unappliedCents: 0,
    });
    // A payment before the credit comes first.
    expect(paymentConcepts([JAN, FEB, credit], [pay(10, '2026-01-09', 100_000)], 10).concepts).toEqual([took(JAN, 100_000)]);
  });

  it('answers nothing for a payment the ledger does not have', () => {
    expect(paymentConcepts([JAN], [pay(10, '2026-01-05', 100_000)], 99)).toEqual({ concepts: [], unappliedCents: 0 });
  });
});
