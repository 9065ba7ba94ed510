// Stripe's events and objects as the product reads them (server/domain/checkout/providers/stripe.ts): the four
// Checkout Session events mapped to pagado / pendiente / fallido / expirado with the provider's event id and the
// session's total in cents of MXN; anything else ignored; the method's session options; the session's expiry
// within Stripe's bounds; the pending reference read from a PaymentIntent's next_action.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { IGNORED_EVENT } from '../../server/domain/checkout/providers/adapter';
import { referenceOf, sessionExpiry, stripeEventOf, stripeMethodOf } from '../../server/domain/checkout/providers/stripe';
import { oxxoIntent, speiIntent } from '../support/stripeFake';

const REF = `chk_${'ab'.repeat(16)}`;
const session = (changes: Record<string, unknown> = {}) => ({
  id: 'cs_test_a1',
  object: 'checkout.session',
  amount_total: 152_436,
  currency: 'mxn',
  client_reference_id: REF,
  metadata: { checkout_ref: REF },
  payment_status: 'unpaid',
  ...changes,
});
const event = (type: string, object: Record<string, unknown>) => ({ id: 'evt_1', type, data: { object } });

describe('stripeEventOf', () => {
  it.each([
    ['checkout.session.completed', { payment_status: 'paid' }, 'pagado'],
    ['checkout.session.completed', { payment_status: 'unpaid' }, 'pendiente'],
    ['checkout.session.async_payment_succeeded', { payment_status: 'paid' }, 'pagado'],
    ['checkout.session.async_payment_failed', {}, 'fallido'],
    ['checkout.session.expired', { status: 'expired' }, 'expirado'],
  ])('%s %j → %s', (type, changes, kind) => {
    expect(stripeEventOf(event(type, session(changes)))).toEqual({
      eventId: 'evt_1',
      kind,
      providerRef: REF,
      amountCents: 152_436,
      failure: kind === 'fallido' ? expect.stringContaining('async_payment_failed') : null,
    });
  });

  it('reads the reference from client_reference_id when the metadata lacks it', () => {
    const read = stripeEventOf(event('checkout.session.expired', session({ metadata: {} })));
    expect(read).toMatchObject({ providerRef: REF, kind: 'expirado' });
  });

  it('ignores other events, other objects, sessions without our reference and sessions that need no payment', () => {
    expect(stripeEventOf(event('payment_intent.succeeded', session()))).toBe(IGNORED_EVENT);
    expect(stripeEventOf(event('checkout.session.completed', session({ object: 'payment_intent' })))).toBe(IGNORED_EVENT);
    expect(
      stripeEventOf(event('checkout.session.completed', session({ metadata: {}, client_reference_id: 'someone-else' }))),
    ).toBe(IGNORED_EVENT);
    expect(stripeEventOf(event('checkout.session.completed', session({ payment_status: 'no_payment_required' })))).toBe(
      IGNORED_EVENT,
    );
  });

  it('reads another currency, or no total, as an amount no checkout asked for', () => {
    expect(
      stripeEventOf(event('checkout.session.completed', session({ payment_status: 'paid', currency: 'usd' }))),
    ).toMatchObject({
      amountCents: -1,
    });
    expect(
      stripeEventOf(event('checkout.session.completed', session({ payment_status: 'paid', amount_total: null }))),
    ).toMatchObject({
      amountCents: -1,
    });
  });
});

describe('stripeMethodOf', () => {
  const now = new Date('2026-11-30T18:00:00Z');
  it('asks for the card only', () => {
    expect(stripeMethodOf('tarjeta', now, now)).toEqual({ allowed_payment_method_types: ['card'] });
  });
  it('asks for an OXXO voucher of our days, within Stripe’s 1 to 7', () => {
    const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);
    expect(stripeMethodOf('oxxo', inDays(3), now).payment_method_options).toEqual({ oxxo: { expires_after_days: 3 } });
    expect(stripeMethodOf('oxxo', inDays(0.1), now).payment_method_options).toEqual({ oxxo: { expires_after_days: 1 } });
    expect(stripeMethodOf('oxxo', inDays(30), now).payment_method_options).toEqual({ oxxo: { expires_after_days: 7 } });
  });
  it('asks for a Mexican bank transfer (SPEI) into a customer’s balance', () => {
    expect(stripeMethodOf('spei', now, now)).toEqual({
      allowed_payment_method_types: ['customer_balance'],
      payment_method_options: {
        customer_balance: {
          funding_type: 'bank_transfer',
          bank_transfer: { type: 'mx_bank_transfer', requested_address_types: ['spei'] },
        },
      },
      customer_creation: 'always',
    });
  });
});

describe('sessionExpiry', () => {
  const now = new Date('2026-11-30T18:00:00Z');
  const s = now.getTime() / 1000;
  it('keeps ours within Stripe’s 30 minutes to 24 hours', () => {
    expect(sessionExpiry(new Date(now.getTime() + 3_600_000), now)).toBe(s + 3600);
    expect(sessionExpiry(new Date(now.getTime() + 60_000), now)).toBe(s + 1800);
    expect(sessionExpiry(new Date(now.getTime() + 3 * 86_400_000), now)).toBe(s + 86_400 - 60);
  });
});

describe('referenceOf', () => {
  it('reads an OXXO voucher’s number and page, and a SPEI CLABE and its instructions', () => {
    expect(referenceOf(oxxoIntent('pi_1', '93000262609837') as unknown as Stripe.PaymentIntent)).toEqual({
      payReference: '93000262609837',
      payUrl: 'https://payments.stripe.com/oxxo/voucher/pi_1',
    });
    expect(referenceOf(speiIntent('pi_2', '002180700000000019') as unknown as Stripe.PaymentIntent)).toEqual({
      payReference: '002180700000000019',
      payUrl: 'https://payments.stripe.com/bank_transfers/instructions/pi_2',
    });
    expect(referenceOf({ id: 'pi_3', next_action: null } as unknown as Stripe.PaymentIntent)).toEqual({
      payReference: null,
      payUrl: null,
    });
  });
});
