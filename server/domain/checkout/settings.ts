// A condominium's online-payment settings (payment_settings): its provider, whether it takes payments online,
// who bears the commission, each method's commission and the ledger account the money lands in. Without a row,
// or with enabled 0, no account, or a provider this deployment does not allow (the sandbox with PAYMENT_SANDBOX
// off), the condominium takes no payments online.
import type { Kysely } from 'kysely';
import type { CheckoutMethod, CheckoutMethodOption, FeeBearer, MethodFee, PaymentProvider } from '../../../src/api/checkout';
import { CHECKOUT_METHODS, FEE_BEARERS, PAYMENT_PROVIDERS } from '../../../src/api/checkout';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { openSecret } from '../shared/vault';

export interface PaymentSettings {
  provider: PaymentProvider;
  enabled: boolean;
  feeBearer: FeeBearer;
  fees: Record<CheckoutMethod, MethodFee>;
  accountId: number | null;
}

/** What this deployment allows (server/config.ts): the sandbox only with PAYMENT_SANDBOX on. */
export interface ProviderPolicy {
  sandbox: boolean;
}

/** The providers this deployment offers an administrator, and takes payments through. */
export const providersAllowed = (policy: ProviderPolicy): PaymentProvider[] =>
  PAYMENT_PROVIDERS.filter((provider) => provider !== 'sandbox' || policy.sandbox);

/** The settings a resident's payment follows; a provider this deployment does not allow takes no payments. */
export async function paymentSettingsOf(
  db: Kysely<Database>,
  condoId: number,
  policy: ProviderPolicy,
): Promise<PaymentSettings | null> {
  const row = await db.selectFrom('payment_settings').selectAll().where('condo_id', '=', condoId).executeTakeFirst();
  if (!row) return null;
  const provider = PAYMENT_PROVIDERS.find((p) => p === row.provider);
  const feeBearer = FEE_BEARERS.find((b) => b === row.fee_bearer) ?? 'residente';
  if (!provider) return null;
  return {
    provider,
    enabled: Number(row.enabled) === 1 && row.account_id !== null && providersAllowed(policy).includes(provider),
    feeBearer,
    fees: {
      tarjeta: { bp: Number(row.card_fee_bp), fixedCents: Number(row.card_fee_fixed_cents) },
      spei: { bp: Number(row.spei_fee_bp), fixedCents: Number(row.spei_fee_fixed_cents) },
      oxxo: { bp: Number(row.oxxo_fee_bp), fixedCents: Number(row.oxxo_fee_fixed_cents) },
    },
    accountId: row.account_id,
  };
}

export const methodOptions = (settings: PaymentSettings): CheckoutMethodOption[] =>
  CHECKOUT_METHODS.map((method) => ({ method, ...settings.fees[method] }));

/** A condominium's own keys with its provider, opened from the vault (migration 0028). */
export interface OpenedProviderKeys {
  secretKey: string;
  webhookSecret: string;
}

/** The condominium's provider keys, opened; null while either is missing. Only the server reads them. */
export async function providerKeysOf(db: Kysely<Database>, clock: Clock, condoId: number): Promise<OpenedProviderKeys | null> {
  const row = await db
    .selectFrom('payment_settings')
    .select(['secret_key_sealed', 'webhook_secret_sealed'])
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row?.secret_key_sealed || !row.webhook_secret_sealed) return null;
  return {
    secretKey: await openSecret(db, clock, 'payment-keys-vault', row.secret_key_sealed),
    webhookSecret: await openSecret(db, clock, 'payment-keys-vault', row.webhook_secret_sealed),
  };
}

/** The condominium of a provider's checkout, by our reference (what its webhook carries in the metadata). */
export async function condoOfCheckout(db: Kysely<Database>, provider: PaymentProvider, ref: string): Promise<number | null> {
  const row = await db
    .selectFrom('checkouts')
    .select('condo_id')
    .where('provider', '=', provider)
    .where('provider_ref', '=', ref)
    .executeTakeFirst();
  return row?.condo_id ?? null;
}
