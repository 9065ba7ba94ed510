import { describe, expect, it } from 'vitest';
import { type ItemTally, itemOutcome, weightNeeded } from '../../src/api/assemblyMajority';

const tally = (over: Partial<ItemTally>): ItemTally => ({
  yes: 0,
  no: 0,
  abstain: 0,
  electorate: 600_000,
  seats: 6,
  yesSeats: 0,
  total: 1_000_000,
  ...over,
});

describe('itemOutcome', () => {
  it('simple: more than half of the present electorate, abstentions are not yes', () => {
    expect(itemOutcome(tally({ yes: 300_001, no: 0, abstain: 299_999 }), { majority: 'simple', qualifiedPercent: null })).toBe(
      'approved',
    );
    expect(itemOutcome(tally({ yes: 300_000, no: 100_000 }), { majority: 'simple', qualifiedPercent: null })).toBe('rejected');
    expect(itemOutcome(tally({ electorate: 0, seats: 0 }), { majority: 'simple', qualifiedPercent: null })).toBe('rejected');
  });

  it('qualified: a share of the whole indiviso, reached exactly', () => {
    const rule = { majority: 'qualified' as const, qualifiedPercent: 75 };
    expect(itemOutcome(tally({ yes: 750_000, electorate: 800_000 }), rule)).toBe('approved');
    expect(itemOutcome(tally({ yes: 749_999, electorate: 800_000 }), rule)).toBe('rejected');
  });

  it('unanimity: every seat voted yes', () => {
    const rule = { majority: 'unanimity' as const, qualifiedPercent: null };
    expect(itemOutcome(tally({ yes: 600_000, yesSeats: 6 }), rule)).toBe('approved');
    expect(itemOutcome(tally({ yes: 500_000, yesSeats: 5, abstain: 100_000 }), rule)).toBe('rejected');
    expect(itemOutcome(tally({ seats: 0, electorate: 0 }), rule)).toBe('rejected');
  });
});

describe('weightNeeded', () => {
  it('answers what is still missing and 0 once reached', () => {
    expect(weightNeeded(tally({ yes: 100_000 }), { majority: 'simple', qualifiedPercent: null })).toBe(200_001);
    expect(weightNeeded(tally({ yes: 400_000 }), { majority: 'simple', qualifiedPercent: null })).toBe(0);
    expect(weightNeeded(tally({ yes: 700_000 }), { majority: 'qualified', qualifiedPercent: 75 })).toBe(50_000);
    expect(weightNeeded(tally({ yes: 500_000 }), { majority: 'unanimity', qualifiedPercent: null })).toBe(100_000);
  });
});
