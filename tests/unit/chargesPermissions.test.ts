// Who may see and change recurring charges, and who may contact the payment provider (src/api/permissions.ts).
import { describe, expect, it } from 'vitest';
import {
  AUTOMATIC_CHARGES_CONDO_ID,
  canContactPaymentProvider,
  canManageRecurringCharge,
  canSeeAutomaticCharges,
} from '../../src/api/permissions';

const member = (CondoId: number, UserId: number) => ({ condo: { CondoId }, usuario: { UserId } });

describe('recurring charges', () => {
  const here = AUTOMATIC_CHARGES_CONDO_ID;
  it('exist in one condominium only', () => {
    expect(canSeeAutomaticCharges({ condo: { CondoId: here } })).toBe(true);
    expect(canSeeAutomaticCharges({ condo: { CondoId: here + 1 } })).toBe(false);
  });

  it('are managed by their owner only, in that condominium', () => {
    expect(canManageRecurringCharge(member(here, 5), { UserId: 5, CondoId: here })).toBe(true);
    expect(canManageRecurringCharge(member(here, 6), { UserId: 5, CondoId: here })).toBe(false);
    expect(canManageRecurringCharge(member(here + 1, 5), { UserId: 5, CondoId: here + 1 })).toBe(false);
    expect(canManageRecurringCharge(member(here, 5), { UserId: 5, CondoId: here + 1 })).toBe(false);
  });
});

describe('the payment-provider contact', () => {
  it('is for administrators', () => {
    expect(canContactPaymentProvider({ usuario: { UserIsAdmin: 'Y' } })).toBe(true);
    expect(canContactPaymentProvider({ usuario: { UserIsAdmin: 'N' } })).toBe(false);
  });
});
