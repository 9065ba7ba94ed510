// The payment provider a condominium's settings name (payment_settings.provider). The sandbox is built in; Stripe
// (stripe.ts) reads the condominium's own keys, sealed in its settings (settings.ts providerKeysOf), and finds the
// condominium of a webhook by the checkout it names.
import type { Kysely } from 'kysely';
import type { PaymentProvider } from '../../../../src/api/checkout';
import { isPlanCheckoutRef } from '../../../../src/api/pricing';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../infra/clock';
import { appSecret } from '../../../infra/secrets';
import { condoOfCheckout, providerKeysOf } from '../settings';
import type { PaymentProviderAdapter } from './adapter';
import { createSandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';

/** `apiBase`: PAYMENT_PROVIDER_API_BASE (server/config.ts), tests only; null talks to the provider itself. */
export function paymentProvider(
  db: Kysely<Database>,
  clock: Clock,
  name: PaymentProvider,
  apiBase: string | null = null,
): PaymentProviderAdapter {
  switch (name) {
    case 'sandbox':
      return createSandboxProvider({ secret: () => appSecret(db, clock, 'checkout-sandbox-webhook'), now: () => clock.now() });
    case 'stripe':
      return createStripeProvider({
        keysOf: (condoId) => providerKeysOf(db, clock, condoId),
        condoOfRef: (ref) => condoOfCheckout(db, 'stripe', ref),
        apiBase,
        now: () => clock.now(),
      });
  }
}

/**
 * The product's own provider account (PLATFORM_PAYMENT_PROVIDER, server/config.ts), through which a condominium
 * pays its plan (domain/pricing): the same adapters, Stripe with the platform's keys whatever the condominium,
 * and only for a plan's checkout (its reference says so, src/api/pricing.ts PLAN_CHECKOUT_REF).
 */
export function platformPaymentProvider(
  db: Kysely<Database>,
  clock: Clock,
  platform: { provider: 'sandbox' } | { provider: 'stripe'; secretKey: string; webhookSecret: string },
  apiBase: string | null = null,
): PaymentProviderAdapter {
  if (platform.provider === 'sandbox') return paymentProvider(db, clock, 'sandbox', apiBase);
  const keys = { secretKey: platform.secretKey, webhookSecret: platform.webhookSecret };
  return createStripeProvider({
    keysOf: async () => keys,
    // No condominium's keys: the platform's, for a plan's checkout only (0: no condominium's account is read).
    condoOfRef: async (ref) => (isPlanCheckoutRef(ref) ? 0 : null),
    apiBase,
    now: () => clock.now(),
  });
}
