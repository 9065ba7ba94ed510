// The administrators' online-payment settings (src/api/checkout.ts PaymentSettingsDraft; the route checks
// permissions.canManagePayments): read them with the condominium's ledger accounts to choose from, and save them
// with their history row ('payment_settings', create or update) in one transaction. The account must be the
// caller's condominium's (404 otherwise); taking payments needs one (400 on accountId). A provider this deployment
// does not allow (the sandbox with PAYMENT_SANDBOX off) is refused with 409. The provider's keys (Stripe's secret API
// key and webhook signing secret) are write-only: a draft that carries one replaces the saved one, sealed
// (domain/shared/vault.ts); the answer says only whether each is configured and its last four characters, and the
// history row only whether it changed. Taking payments through a provider with keys needs both (400 on the field).
import type { Kysely, Selectable } from 'kysely';
import {
  NO_PAYMENT_SETTINGS,
  PAYMENT_PROVIDERS,
  type PaymentSettingsDraft,
  type PaymentSettingsView,
  type ProviderKeys,
  paymentSettingsProblem,
} from '../../../src/api/checkout';
import { ErrorCodes } from '../../../src/api/errors';
import type { LedgerAccount } from '../../../src/api/payments';
import type { Database, PaymentSettingsTable } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { sealSecret } from '../shared/vault';
import { type ProviderPolicy, providersAllowed } from './settings';

const byName = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

const providerRefused = () => new AppError(409, ErrorCodes.conflict, 'checkout.settings.providerUnavailable', 'provider');
const accountRequired = () => new AppError(400, ErrorCodes.badRequest, 'checkout.settings.accountRequired', 'accountId');
const keyRequired = (field: 'secretKey' | 'webhookSecret') =>
  new AppError(400, ErrorCodes.badRequest, `checkout.settings.${field}Required`, field);

/** What the administrator sees of the saved keys: configured or not, and the last four characters. */
function keysOf(row: Selectable<PaymentSettingsTable> | undefined): ProviderKeys {
  const state = (sealed: string | null | undefined, last4: string | null | undefined) => ({
    configured: Boolean(sealed),
    last4: sealed ? (last4 ?? null) : null,
  });
  return {
    secretKey: state(row?.secret_key_sealed, row?.secret_key_last4),
    webhookSecret: state(row?.webhook_secret_sealed, row?.webhook_secret_last4),
  };
}

/** The draft as the history keeps it: the keys never, only that one was replaced (when it was). */
const auditedDraft = (draft: PaymentSettingsDraft) => {
  const { secretKey, webhookSecret, ...rest } = draft;
  return {
    ...rest,
    ...(secretKey !== undefined ? { secretKeyChanged: true } : {}),
    ...(webhookSecret !== undefined ? { webhookSecretChanged: true } : {}),
  };
};

/** The row as the administrator sees it (as saved: whether this deployment allows its provider is `providers`). */
function draftOf(row: Selectable<PaymentSettingsTable>): PaymentSettingsDraft {
  return {
    provider: PAYMENT_PROVIDERS.find((p) => p === row.provider) ?? NO_PAYMENT_SETTINGS.provider,
    enabled: Number(row.enabled) === 1,
    feeBearer: row.fee_bearer === 'condominio' ? 'condominio' : 'residente',
    fees: {
      tarjeta: { bp: Number(row.card_fee_bp), fixedCents: Number(row.card_fee_fixed_cents) },
      spei: { bp: Number(row.spei_fee_bp), fixedCents: Number(row.spei_fee_fixed_cents) },
      oxxo: { bp: Number(row.oxxo_fee_bp), fixedCents: Number(row.oxxo_fee_fixed_cents) },
    },
    accountId: row.account_id,
  };
}

async function accountsOf(db: Kysely<Database>, condoId: number): Promise<LedgerAccount[]> {
  const rows = await db.selectFrom('ledger_accounts').select(['id', 'name', 'kind']).where('condo_id', '=', condoId).execute();
  return rows
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
    .map((row) => ({ id: row.id, nombre: row.name, tipo: row.kind }));
}

export async function readPaymentSettings(
  db: Kysely<Database>,
  policy: ProviderPolicy,
  auth: Auth,
): Promise<PaymentSettingsView> {
  const row = await db.selectFrom('payment_settings').selectAll().where('condo_id', '=', auth.condoId).executeTakeFirst();
  const offered = providersAllowed(policy);
  return {
    // Never saved: the first provider this deployment offers.
    settings: row ? draftOf(row) : { ...NO_PAYMENT_SETTINGS, provider: offered[0] ?? NO_PAYMENT_SETTINGS.provider },
    keys: keysOf(row),
    saved: row !== undefined,
    providers: providersAllowed(policy),
    accounts: await accountsOf(db, auth.condoId),
  };
}

export async function savePaymentSettings(
  db: Kysely<Database>,
  deps: { clock: Clock; policy: ProviderPolicy },
  auth: Auth,
  draft: PaymentSettingsDraft,
): Promise<PaymentSettingsView> {
  if (!providersAllowed(deps.policy).includes(draft.provider)) throw providerRefused();
  if (paymentSettingsProblem(draft) === 'accountId') throw accountRequired();
  const now = deps.clock.now();
  // Sealed before the transaction (the vault's key may be written the first time).
  const sealed = {
    secretKey: draft.secretKey ? await sealSecret(db, deps.clock, 'payment-keys-vault', draft.secretKey) : null,
    webhookSecret: draft.webhookSecret ? await sealSecret(db, deps.clock, 'payment-keys-vault', draft.webhookSecret) : null,
  };
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    if (draft.accountId !== null) {
      const account = await trx
        .selectFrom('ledger_accounts')
        .select('id')
        .where('id', '=', draft.accountId)
        .where('condo_id', '=', auth.condoId)
        .executeTakeFirst();
      if (!account) throw notFound('errors.notFound.ledgerAccount');
    }
    const before = await trx.selectFrom('payment_settings').selectAll().where('condo_id', '=', auth.condoId).executeTakeFirst();
    const problem = paymentSettingsProblem(draft, keysOf(before));
    if (problem === 'secretKey' || problem === 'webhookSecret') throw keyRequired(problem);
    const keyValues = {
      ...(draft.secretKey && sealed.secretKey
        ? { secret_key_sealed: sealed.secretKey, secret_key_last4: draft.secretKey.slice(-4) }
        : {}),
      ...(draft.webhookSecret && sealed.webhookSecret
        ? { webhook_secret_sealed: sealed.webhookSecret, webhook_secret_last4: draft.webhookSecret.slice(-4) }
        : {}),
    };
    const values = {
      ...keyValues,
      provider: draft.provider,
      enabled: draft.enabled ? 1 : 0,
      fee_bearer: draft.feeBearer,
      card_fee_bp: draft.fees.tarjeta.bp,
      card_fee_fixed_cents: draft.fees.tarjeta.fixedCents,
      spei_fee_bp: draft.fees.spei.bp,
      spei_fee_fixed_cents: draft.fees.spei.fixedCents,
      oxxo_fee_bp: draft.fees.oxxo.bp,
      oxxo_fee_fixed_cents: draft.fees.oxxo.fixedCents,
      account_id: draft.accountId,
      updated_at: now.toISOString(),
    };
    let id: number;
    if (before) {
      id = before.id;
      await trx.updateTable('payment_settings').set(values).where('id', '=', id).execute();
    } else {
      id = (
        await trx
          .insertInto('payment_settings')
          .values({ condo_id: auth.condoId, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    }
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'payment_settings',
      entityId: id,
      action: before ? 'update' : 'create',
      before: before ? draftOf(before) : undefined,
      after: auditedDraft(draft),
      at: now,
    });
  });
  return readPaymentSettings(db, deps.policy, auth);
}
