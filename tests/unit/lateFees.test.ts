// The late-fee rule (src/api/lateFees.ts, issue 27): the overdue balance as the statement reads the ledger (payments
// settle the oldest charges first; grace days; a late fee is never charged a late fee), the fee (fixed or a
// percentage rounded half up to the cent, capped, 0 with nothing overdue), and the form's percentage.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bpToPercent,
  type LateFeeRule,
  type LedgerCharge,
  lateFeeCents,
  lateFeeConcept,
  lateFeeDue,
  overdueBaseCents,
  percentToBp,
  periodOf,
  ruleProblem,
  waiveConcept,
} from '../../src/api/lateFees';

const cuota = (dueOn: string, amountCents = 260_000): LedgerCharge => ({ dueOn, amountCents, lateFee: false });
const fee = (dueOn: string, amountCents: number): LedgerCharge => ({ dueOn, amountCents, lateFee: true });
const PERCENT: LateFeeRule = {
  kind: 'porcentaje',
  amountCents: 0,
  percentBp: 200,
  graceDays: 10,
  capCents: 50_000,
  active: true,
};

describe('overdueBaseCents', () => {
  it('counts a charge once its due day plus the grace days is before today', () => {
    const charges = [cuota('2026-11-10')];
    expect(overdueBaseCents(charges, 0, '2026-11-20', 10)).toBe(0);
    expect(overdueBaseCents(charges, 0, '2026-11-21', 10)).toBe(260_000);
    expect(overdueBaseCents(charges, 0, '2026-11-11', 0)).toBe(260_000);
    expect(overdueBaseCents(charges, 0, '2026-11-10', 0)).toBe(0);
  });

  it('settles the oldest charges first, partly paid ones by what is left', () => {
    const charges = [cuota('2026-10-10'), cuota('2026-09-10'), cuota('2026-11-10')];
    expect(overdueBaseCents(charges, 300_000, '2026-11-30', 10)).toBe(2 * 260_000 - 40_000);
    expect(overdueBaseCents(charges, 3 * 260_000, '2026-11-30', 10)).toBe(0);
    // What pays more than is due pays nothing more of what is due.
    expect(overdueBaseCents(charges, 10 * 260_000, '2026-11-30', 10)).toBe(0);
    // Payments settle the older charges even when the newest is still within its grace days.
    expect(overdueBaseCents(charges, 260_000, '2026-11-15', 10)).toBe(260_000);
  });

  it('never charges a late fee on a late fee, though payments settle it in its turn', () => {
    const charges = [cuota('2026-09-10'), fee('2026-09-30', 5_200), cuota('2026-10-10')];
    expect(overdueBaseCents(charges, 0, '2026-11-30', 10)).toBe(520_000);
    // 260,000 pays September; 5,200 the fee; the rest October.
    expect(overdueBaseCents(charges, 265_200 + 100_000, '2026-11-30', 10)).toBe(160_000);
    expect(overdueBaseCents([fee('2026-09-30', 5_200)], 0, '2026-11-30', 0)).toBe(0);
  });

  it('ignores credits and zero rows among the charges and negative settlements', () => {
    expect(overdueBaseCents([cuota('2026-09-10', -5_000), cuota('2026-09-10', 0)], 0, '2026-11-30', 0)).toBe(0);
    expect(overdueBaseCents([cuota('2026-09-10')], -100, '2026-11-30', 0)).toBe(260_000);
  });
});

describe('lateFeeCents', () => {
  it('is 0 with nothing overdue', () => {
    expect(lateFeeCents(PERCENT, 0)).toBe(0);
    expect(lateFeeCents({ ...PERCENT, kind: 'fijo', amountCents: 20_000 }, 0)).toBe(0);
    expect(lateFeeCents(PERCENT, -1)).toBe(0);
  });

  it('rounds a percentage half up to the cent', () => {
    const rule = { ...PERCENT, capCents: null };
    expect(lateFeeCents(rule, 1_025)).toBe(21); // 20.5 → 21
    expect(lateFeeCents(rule, 1_024)).toBe(20); // 20.48 → 20
    expect(lateFeeCents(rule, 1_000_000_000)).toBe(20_000_000);
    expect(lateFeeCents({ ...rule, percentBp: 1 }, 5_000)).toBe(1); // 0.5 → 1
    expect(lateFeeCents({ ...rule, percentBp: 1 }, 4_999)).toBe(0);
    expect(lateFeeCents({ ...rule, percentBp: 10_000 }, 123_456)).toBe(123_456);
  });

  it('charges the fixed amount whatever the balance, and caps either kind', () => {
    expect(lateFeeCents({ ...PERCENT, kind: 'fijo', amountCents: 35_000 }, 1)).toBe(35_000);
    expect(lateFeeCents({ ...PERCENT, kind: 'fijo', amountCents: 75_000 }, 1)).toBe(50_000);
    expect(lateFeeCents(PERCENT, 5_000_000)).toBe(50_000);
    expect(lateFeeCents(PERCENT, 2_500_000)).toBe(50_000);
    expect(lateFeeCents(PERCENT, 2_499_975)).toBe(50_000); // 49,999.5 → 50,000
    expect(lateFeeCents(PERCENT, 2_499_924)).toBe(49_998);
    expect(lateFeeCents({ ...PERCENT, capCents: 0 }, 2_000_000)).toBe(0);
  });
});

describe('lateFeeDue', () => {
  it('works the fee out from the ledger with the rule’s grace days; an inactive rule owes nothing', () => {
    const ledger = { charges: [cuota('2026-07-10'), cuota('2026-09-10'), cuota('2026-11-25')], settledCents: 0 };
    expect(lateFeeDue(PERCENT, ledger, '2026-11-30')).toEqual({ baseCents: 520_000, feeCents: 10_400 });
    expect(lateFeeDue({ ...PERCENT, graceDays: 90 }, ledger, '2026-11-30')).toEqual({ baseCents: 260_000, feeCents: 5_200 });
    expect(lateFeeDue({ ...PERCENT, active: false }, ledger, '2026-11-30')).toEqual({ baseCents: 0, feeCents: 0 });
  });
});

describe('the rule’s pieces', () => {
  it('asks an active rule for a fee above 0 of its kind', () => {
    expect(ruleProblem(PERCENT)).toBeNull();
    expect(ruleProblem({ ...PERCENT, percentBp: 0 })).toBe('percentBp');
    expect(ruleProblem({ ...PERCENT, kind: 'fijo', amountCents: 0 })).toBe('amountCents');
    expect(ruleProblem({ ...PERCENT, kind: 'fijo', amountCents: 0, active: false })).toBeNull();
  });

  it('reads a typed percentage as basis points, within 0–100 % and 2 decimals', () => {
    expect(percentToBp('2')).toBe(200);
    expect(percentToBp('2.5')).toBe(250);
    expect(percentToBp('2,25')).toBe(225);
    expect(percentToBp(' 100 ')).toBe(10_000);
    expect(percentToBp('0')).toBe(0);
    for (const bad of ['100.01', '101', '2.555', '-1', '', 'abc', '1e2']) expect(percentToBp(bad), bad).toBeNull();
    expect(bpToPercent(250)).toBe('2.5');
    expect(bpToPercent(200)).toBe('2');
  });

  it('names periods and concepts', () => {
    expect(periodOf('2026-11-30')).toBe('2026-11');
    expect(lateFeeConcept('2026-03')).toBe('Recargo moratorio 03/2026');
    expect(waiveConcept('2026-03')).toBe('Condonación de recargo 03/2026');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
