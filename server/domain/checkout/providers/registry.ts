// The payment provider a condominium's settings name (payment_settings.provider). The sandbox is built in; a real
// provider joins here with its keys, read from the sealed settings.
import type { Kysely } from 'kysely';
import type { PaymentProvider } from '../../../../src/api/checkout';
import type { Database } from '../../../db/schema';
import type { Clock } from '../../../infra/clock';
import { appSecret } from '../../../infra/secrets';
import type { PaymentProviderAdapter } from './adapter';
import { createSandboxProvider } from './sandbox';

export function paymentProvider(db: Kysely<Database>, clock: Clock, name: PaymentProvider): PaymentProviderAdapter {
  switch (name) {
    case 'sandbox':
      return createSandboxProvider({ secret: () => appSecret(db, clock, 'checkout-sandbox-webhook'), now: () => clock.now() });
  }
}
