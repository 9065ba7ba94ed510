// A payment provider's webhook (issue 27): its signature checked by the provider's adapter, taken once by the
// provider's event id (checkout_events' unique key: a repeated event, or the same one twice at once, is taken
// once), tolerant of events out of order (the lifecycle's table: nothing moves a checkout out of pagado or
// fallido, and only a paid event out of expirado, since that money came in), and the amount checked against what
// we asked. A paid event writes, in one transaction, the payment through the one way in (insertLedgerPayment: the
// payment, its receipt, its history row), the checkout paid, and mode A's invoice; an event that settles the
// checkout tells the resident who made it (notices.ts), in the same transaction. Nothing in the event but the
// provider's reference says which checkout it is: the dwelling, the amount and the account are ours.
import type { Kysely } from 'kysely';
import { type CheckoutMethod, type CheckoutState, canMoveCheckout, type PaymentProvider } from '../../../src/api/checkout';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { lockCondo } from '../shared/condoLock';
import { insertLedgerPayment } from '../shared/ledgerPayments';
import { invoicePaymentIfAutomatic } from '../shared/paymentInvoicing';
import { keepSavedCard } from '../shared/savedCards';
import { condoToday } from '../shared/zonedTime';
import { tellPayer } from './notices';
import { IGNORED_EVENT, type ProviderEvent } from './providers/adapter';
import { paymentProvider } from './providers/registry';

/** What an event did: applied, or why not. */
export type WebhookOutcome = 'aplicado' | 'repetido' | 'desconocido' | 'fuera_de_orden' | 'monto_distinto' | 'ignorado';

export const badSignature = () => new AppError(400, ErrorCodes.badRequest, 'checkout.badSignature', 'body');

/** The reference a payment made online carries on the statement and the receipt. */
export const onlineReference = (method: CheckoutMethod, providerRef: string) =>
  `En línea ${method.toUpperCase()} ${providerRef.slice(-8)}`;

export async function receiveWebhook(
  db: Kysely<Database>,
  deps: { clock: Clock; apiBase?: string | null },
  providerName: PaymentProvider,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<WebhookOutcome> {
  const event = await paymentProvider(db, deps.clock, providerName, deps.apiBase ?? null).readWebhook(rawBody, headers);
  if (!event) throw badSignature();
  // Signed, but not an event the product reads (a provider sends more than the four we ask for): nothing written.
  if (event === IGNORED_EVENT) return 'ignorado';
  return db.transaction().execute((trx) => takeEvent(trx, deps.clock, providerName, event));
}

/** Applies a provider's event in the caller's transaction (a webhook's, or the automatic charges' job's). */
export async function takeEvent(
  trx: Kysely<Database>,
  clock: Clock,
  provider: PaymentProvider,
  event: ProviderEvent,
): Promise<WebhookOutcome> {
  const now = clock.now();
  const found = await trx
    .selectFrom('checkouts')
    .select(['id', 'condo_id'])
    .where('provider', '=', provider)
    .where('provider_ref', '=', event.providerRef)
    .executeTakeFirst();
  // The condominium first (ledgerPayments.ts): two events of its checkouts run one after the other on PostgreSQL.
  if (found) await lockCondo(trx, found.condo_id);
  const checkout = found
    ? await trx.selectFrom('checkouts').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow()
    : undefined;
  const state = checkout?.state as CheckoutState | undefined;
  const outcome: WebhookOutcome = !checkout
    ? 'desconocido'
    : !canMoveCheckout(state!, event.kind)
      ? 'fuera_de_orden'
      : event.kind === 'pagado' && event.amountCents !== Number(checkout.total_cents)
        ? 'monto_distinto'
        : 'aplicado';
  const taken = await trx
    .insertInto('checkout_events')
    .values({
      provider,
      event_id: event.eventId,
      checkout_id: checkout?.id ?? null,
      kind: event.kind,
      outcome,
      received_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!taken) return 'repetido';
  if (!checkout || outcome !== 'aplicado') return outcome;

  const changes: Partial<{
    state: string;
    payment_id: number;
    failure: string | null;
    updated_at: string;
    pay_reference: string | null;
    redirect_url: string | null;
  }> = {
    state: event.kind,
    updated_at: now.toISOString(),
  };
  // A reference the provider issues only once the resident chose (Stripe's OXXO voucher, its CLABE), and its page.
  if (event.kind === 'pendiente' && event.payReference !== undefined) {
    changes.pay_reference = event.payReference ?? checkout.pay_reference;
    changes.redirect_url = event.payUrl ?? null;
  }
  if (event.kind === 'pagado') {
    const method = checkout.method as CheckoutMethod;
    const paymentId = await insertLedgerPayment(
      trx,
      {
        condoId: checkout.condo_id,
        apartmentId: checkout.apartment_id,
        accountId: checkout.account_id,
        paidOn: await condoToday(trx, clock, checkout.condo_id),
        reference: onlineReference(method, checkout.provider_ref),
        method,
      },
      Number(checkout.amount_cents),
      { actorUserId: checkout.user_id, at: now, after: { checkoutId: checkout.id, provider } },
    );
    await invoicePaymentIfAutomatic(trx, checkout.condo_id, checkout.apartment_id, paymentId, now);
    changes.payment_id = paymentId;
    // The resident asked to keep the card (Pagar's checkbox): the provider saved it, the event names it.
    if (checkout.save_card === 1 && event.card)
      await keepSavedCard(trx, {
        condoId: checkout.condo_id,
        userId: checkout.user_id,
        apartmentId: checkout.apartment_id,
        provider,
        card: event.card,
        limitCents: Number(checkout.save_limit_cents ?? checkout.amount_cents),
        at: now,
      });
  }
  if (event.kind === 'fallido') changes.failure = event.failure ?? '';
  await trx.updateTable('checkouts').set(changes).where('id', '=', checkout.id).execute();
  // An automatic charge's resident is told by its job (domain/recurringCharges), with the card and the receipt.
  if (event.kind !== 'pendiente' && checkout.recurring_charge_id === null) await tellPayer(trx, clock, checkout, event.kind);
  return outcome;
}
