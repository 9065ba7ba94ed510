// An automatic charge to a saved card (issue 27, "Cargos automáticos"), asked by the recurring charges' daily job
// (domain/recurringCharges/jobs.ts, which gets this function from plugins/scheduledJobs.ts): a checkout of method
// tarjeta is written (so receipts, mode A invoices and idempotency are paying online's own), the provider charges
// the card off session, and its answer is applied as a provider's event through the webhook's takeEvent (the one
// way a provider's answer moves money: insertLedgerPayment). In the job's transaction; the checkout's clientId is
// the job's key, and the provider's idempotency key the same, so a retried run charges once.
import type { Kysely } from 'kysely';
import { checkoutFee } from '../../../src/api/checkout';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { CARD_CHECKOUT_MINUTES } from './checkouts';
import { paymentProvider } from './providers/registry';
import { paymentSettingsOf } from './settings';
import { takeEvent } from './webhooks';

export interface SavedCardChargeRequest {
  condoId: number;
  apartmentId: number;
  userId: number;
  recurringChargeId: number;
  card: { provider: string; token: string; customer: string | null };
  /** What enters the ledger, in cents. */
  amountCents: number;
  /** The job's key for this charge (a dwelling and a day): the checkout's clientId and the provider's key. */
  key: string;
}

export interface SavedCardChargeResult {
  outcome: 'pagado' | 'fallido' | 'pendiente';
  reason: string | null;
  checkoutId: number | null;
  paymentId: number | null;
  totalCents: number;
}

export type ChargeSavedCard = (
  trx: Kysely<Database>,
  clock: Clock,
  request: SavedCardChargeRequest,
) => Promise<SavedCardChargeResult>;

/** Charges a saved card in the caller's transaction; the deployment's policy and provider base are bound first. */
export function savedCardCharger(deps: { sandbox: boolean; apiBase: string | null }): ChargeSavedCard {
  return async (trx, clock, request) => {
    const settings = await paymentSettingsOf(trx, request.condoId, { sandbox: deps.sandbox });
    const fail = (reason: string): SavedCardChargeResult => ({
      outcome: 'fallido',
      reason,
      checkoutId: null,
      paymentId: null,
      totalCents: request.amountCents,
    });
    // The card belongs to the provider that saved it: another provider (or none) cannot charge it.
    if (!settings?.enabled || settings.provider !== request.card.provider || !settings.accountId)
      return fail('Los pagos en línea con este proveedor no están activos en el condominio.');
    const feeCents = checkoutFee(settings.fees.tarjeta, request.amountCents, settings.feeBearer);
    const totalCents = settings.feeBearer === 'residente' ? request.amountCents + feeCents : request.amountCents;
    const provider = paymentProvider(trx, clock, settings.provider, deps.apiBase);
    const condo = await trx.selectFrom('condominiums').select('name').where('id', '=', request.condoId).executeTakeFirstOrThrow();
    const now = clock.now();
    const at = now.toISOString();
    const ref = provider.newRef();
    const { id: checkoutId } = await trx
      .insertInto('checkouts')
      .values({
        condo_id: request.condoId,
        apartment_id: request.apartmentId,
        user_id: request.userId,
        client_id: request.key,
        provider: settings.provider,
        provider_ref: ref,
        method: 'tarjeta',
        state: 'creado',
        amount_cents: request.amountCents,
        fee_cents: feeCents,
        fee_bearer: settings.feeBearer,
        total_cents: totalCents,
        charge_ids: '[]',
        account_id: settings.accountId,
        pay_reference: null,
        redirect_url: null,
        expires_at: new Date(now.getTime() + CARD_CHECKOUT_MINUTES * 60_000).toISOString(),
        payment_id: null,
        failure: null,
        created_at: at,
        updated_at: at,
        recurring_charge_id: request.recurringChargeId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = await provider.chargeSaved(ref, {
      condoId: request.condoId,
      token: request.card.token,
      customer: request.card.customer,
      totalCents,
      condoName: condo.name,
      idempotencyKey: request.key,
    });
    const failure = answer.kind === 'fallido' ? answer.reason : null;
    await takeEvent(trx, clock, settings.provider, {
      eventId: answer.eventId,
      kind: answer.kind,
      providerRef: ref,
      amountCents: totalCents,
      failure,
    });
    const row = await trx.selectFrom('checkouts').select(['payment_id']).where('id', '=', checkoutId).executeTakeFirstOrThrow();
    return { outcome: answer.kind, reason: failure, checkoutId, paymentId: row.payment_id, totalCents };
  };
}
