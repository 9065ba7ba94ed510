// The pure rules of paying online (src/api/checkout.ts): the commission (grossed up when the resident bears it, so
// the condominium receives the whole amount), what each charge still owes after the money that came in (first in,
// first out, as the receipts read it), and the lifecycle's table.
import { describe, expect, it } from 'vitest';
import { clabeCheckDigit } from '../../server/domain/checkout/providers/sandbox';
import {
  CHECKOUT_STATES,
  canMoveCheckout,
  checkoutFee,
  FEE_VAT_BP,
  isSettled,
  OPEN_CHECKOUT_STATES,
  openCharges,
} from '../../src/api/checkout';

describe('checkoutFee', () => {
  const card = { bp: 360, fixedCents: 300 };
  const vat = 1 + FEE_VAT_BP / 10_000;

  it('is the share and the fixed part with IVA when the condominium bears it', () => {
    expect(checkoutFee(card, 100_000, 'condominio')).toBe(Math.round(100_000 * 0.036 * vat + 300 * vat));
    expect(checkoutFee({ bp: 0, fixedCents: 800 }, 55_000, 'condominio')).toBe(928);
  });

  it('when the resident bears it, leaves the condominium the whole amount after the provider takes its commission', () => {
    for (const amount of [1_000, 99_999, 150_000, 9_000_000]) {
      const fee = checkoutFee(card, amount, 'residente');
      const total = amount + fee;
      const providerTakes = total * 0.036 * vat + 300 * vat;
      expect(total - providerTakes).toBeGreaterThanOrEqual(amount - 0.000001);
      // And not a cent more than that needs.
      expect(total - 1 - ((total - 1) * 0.036 * vat + 300 * vat)).toBeLessThan(amount);
    }
  });

  it('is zero for a method that costs nothing', () => {
    expect(checkoutFee({ bp: 0, fixedCents: 0 }, 12_345, 'residente')).toBe(0);
  });
});

describe('openCharges', () => {
  const charge = (id: number, chargedOn: string, amountCents: number) => ({
    id,
    concept: `Cuota ${id}`,
    chargedOn,
    dueOn: chargedOn,
    amountCents,
  });

  it('settles the oldest charges first and keeps what is left of the one a payment reached', () => {
    const { open, creditCents } = openCharges(
      [charge(2, '2026-02-01', 100_000), charge(1, '2026-01-01', 100_000), charge(3, '2026-03-01', 100_000)],
      [{ id: 1, paidOn: '2026-03-05', amountCents: 150_000 }],
    );
    expect(open.map((c) => [c.chargeId, c.openCents])).toEqual([
      [2, 50_000],
      [3, 100_000],
    ]);
    expect(creditCents).toBe(0);
  });

  it('counts a credit as money in, and what came in beyond every charge as the dwelling’s balance in favour', () => {
    const { open, creditCents } = openCharges(
      [charge(1, '2026-01-01', 100_000), charge(2, '2026-01-10', -20_000)],
      [{ id: 1, paidOn: '2026-01-15', amountCents: 100_000 }],
    );
    expect(open).toEqual([]);
    expect(creditCents).toBe(20_000);
  });

  it('takes a reversed payment’s money back: the charges it had settled are owed again', () => {
    const { open, creditCents } = openCharges(
      [charge(1, '2026-01-01', 100_000), charge(2, '2026-02-01', 100_000)],
      [
        { id: 1, paidOn: '2026-02-05', amountCents: 200_000 },
        { id: 2, paidOn: '2026-02-06', amountCents: -100_000 },
      ],
    );
    expect(open.map((c) => [c.chargeId, c.openCents])).toEqual([[2, 100_000]]);
    expect(creditCents).toBe(0);
  });
});

describe('the checkout lifecycle', () => {
  it('moves forward only, and nothing leaves paid or refused', () => {
    expect(canMoveCheckout('creado', 'pagado')).toBe(true);
    expect(canMoveCheckout('pendiente', 'pagado')).toBe(true);
    expect(canMoveCheckout('pendiente', 'creado')).toBe(false);
    for (const final of ['pagado', 'fallido'] as const) {
      expect(isSettled(final)).toBe(true);
      for (const to of CHECKOUT_STATES) expect(canMoveCheckout(final, to)).toBe(false);
    }
  });

  it('leaves expired only for paid: money the provider took before its deadline and told us of after ours', () => {
    expect(isSettled('expirado')).toBe(true);
    expect(CHECKOUT_STATES.filter((to) => canMoveCheckout('expirado', to))).toEqual(['pagado']);
  });

  it('expires only what is still open: a page not yet answered, a reference waiting for the money', () => {
    expect(OPEN_CHECKOUT_STATES).toEqual(['creado', 'pendiente']);
    for (const open of OPEN_CHECKOUT_STATES) expect(isSettled(open)).toBe(false);
  });
});

describe('clabeCheckDigit', () => {
  it('is the check digit of Banxico’s published example, and changes with any digit', () => {
    // 032 180 00011835971 9: Banxico's example of a CLABE (bank 032, plaza 180, account, check digit 9).
    expect(clabeCheckDigit('03218000011835971')).toBe(9);
    expect(clabeCheckDigit('03218000011835972')).not.toBe(9);
    expect(clabeCheckDigit('13218000011835971')).not.toBe(9);
  });
});
