// Stripe México as the real payment provider (issue 27; the choice in docs/decisions.md, "Paying online: the real
// provider"), through its official SDK (`stripe` on npm), with each condominium's own keys (its Stripe account takes
// the money): the secret API key opens checkouts, the webhook signing secret checks its events.
//
// Opening is a hosted Checkout Session (Stripe's page: no card number, and no Stripe script, ever reaches our
// pages): one line for the total in MXN, the one method chosen (tarjeta → card, oxxo → OXXO voucher, spei → a
// customer_balance Mexican bank transfer, SPEI to a CLABE), our checkout's reference in client_reference_id and in
// the metadata of the session and of its PaymentIntent, Stripe's page sending the resident back to returnUrl, and
// the session expiring with our checkout (Stripe allows 30 minutes to 24 hours; an OXXO voucher lasts its own
// days). A hosted session issues no voucher or CLABE at once: the resident sees them on Stripe's page, and the
// pending event brings them to ours (read from the PaymentIntent's next_action).
//
// A webhook (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256 over "<t>.<body>", five minutes' tolerance) names its
// checkout in the metadata; that checkout's condominium's signing secret is the only one that verifies it
// (stripe.webhooks.constructEventAsync), so one endpoint per provider serves every condominium and a condominium's
// secret opens no other's events. The SDK is imported on first use, not at the server's start.
// PAYMENT_PROVIDER_API_BASE (tests only, server/config.ts) points its API calls at a local server.

import { randomBytes } from 'node:crypto';
import type StripeSdk from 'stripe';
import { CHECKOUT_REF, type CheckoutMethod } from '../../../../src/api/checkout';
import { isPlanCheckoutRef } from '../../../../src/api/pricing';
import {
  type CheckoutOpened,
  type CheckoutOpening,
  IGNORED_EVENT,
  type PaymentProviderAdapter,
  type ProviderEvent,
  type SavedCardDetails,
  type SavedCardOutcome,
} from './adapter';

export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';
/** How old a signed event may be when it arrives (Stripe's own default). */
export const STRIPE_TOLERANCE_S = 300;
/** Stripe's bounds on a Checkout Session's expires_at, from its creation. */
const SESSION_MIN_S = 30 * 60;
const SESSION_MAX_S = 24 * 60 * 60 - 60;

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

export interface StripeProviderOptions {
  /** The condominium's keys, opened from the vault; null while it has none. */
  keysOf(condoId: number): Promise<StripeKeys | null>;
  /** The condominium of one of our Stripe checkouts, by our reference; null for none. */
  condoOfRef(ref: string): Promise<number | null>;
  /** PAYMENT_PROVIDER_API_BASE: tests point the SDK at a local server; null in a real deployment. */
  apiBase: string | null;
  now: () => Date;
}

type StripeClass = typeof StripeSdk;
let sdk: Promise<StripeClass> | null = null;
/** The SDK, loaded once on first use (it is large; a server that never opens a Stripe checkout never loads it). */
function loadSdk(): Promise<StripeClass> {
  sdk ??= import('stripe').then((module) => module.default);
  return sdk;
}

function clientOf(Stripe: StripeClass, secretKey: string, apiBase: string | null): StripeSdk {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** The Checkout Session's method, and its options, for ours. */
export function stripeMethodOf(
  method: CheckoutMethod,
  expiresAt: Date,
  now: Date,
): Pick<StripeSdk.Checkout.SessionCreateParams, 'allowed_payment_method_types' | 'payment_method_options' | 'customer_creation'> {
  if (method === 'tarjeta') return { allowed_payment_method_types: ['card'] };
  if (method === 'oxxo') {
    // The voucher's days (1–7), as close as Stripe allows to our own expiry.
    const days = Math.min(7, Math.max(1, Math.round((expiresAt.getTime() - now.getTime()) / 86_400_000)));
    return { allowed_payment_method_types: ['oxxo'], payment_method_options: { oxxo: { expires_after_days: days } } };
  }
  return {
    allowed_payment_method_types: ['customer_balance'],
    payment_method_options: {
      customer_balance: {
        funding_type: 'bank_transfer',
        bank_transfer: { type: 'mx_bank_transfer', requested_address_types: ['spei'] },
      },
    },
    // A bank transfer is paid into a customer's balance: Checkout makes the customer.
    customer_creation: 'always',
  };
}

/** The Checkout Session's expiry: ours, within Stripe's 30 minutes to 24 hours. */
export function sessionExpiry(expiresAt: Date, now: Date): number {
  const nowS = Math.floor(now.getTime() / 1000);
  const wanted = Math.floor(expiresAt.getTime() / 1000);
  return Math.min(nowS + SESSION_MAX_S, Math.max(nowS + SESSION_MIN_S, wanted));
}

/** Our checkout's reference on a Stripe object (the session's metadata, else its client_reference_id). */
function refOf(object: unknown): string | null {
  const o = object as { metadata?: Record<string, unknown> | null; client_reference_id?: unknown } | null;
  const ref = o?.metadata?.checkout_ref ?? o?.client_reference_id;
  // A plan's checkout (domain/pricing, the platform's account) carries its own reference.
  return typeof ref === 'string' && (CHECKOUT_REF.test(ref) || isPlanCheckoutRef(ref)) ? ref : null;
}

/**
 * A verified Stripe event as the product reads it: the Checkout Session's four events (completed paid or unpaid,
 * the asynchronous payment's success or failure, expiry); anything else is ignored. The amount is the session's
 * total in cents of MXN (another currency reads as -1, which no checkout asked for).
 */
export function stripeEventOf(event: {
  id: string;
  type: string;
  data: { object: unknown };
}): ProviderEvent | typeof IGNORED_EVENT {
  const intent = event.data.object as Partial<StripeSdk.PaymentIntent> & { object?: string };
  if (intent?.object === 'payment_intent') return automaticChargeEventOf(event.id, event.type, intent);
  const session = event.data.object as Partial<StripeSdk.Checkout.Session> & { object?: string };
  const ref = refOf(session);
  if (session?.object !== 'checkout.session' || ref === null) return IGNORED_EVENT;
  let kind: ProviderEvent['kind'];
  switch (event.type) {
    case 'checkout.session.completed':
      if (session.payment_status === 'paid') kind = 'pagado';
      else if (session.payment_status === 'unpaid') kind = 'pendiente';
      else return IGNORED_EVENT;
      break;
    case 'checkout.session.async_payment_succeeded':
      kind = 'pagado';
      break;
    case 'checkout.session.async_payment_failed':
      kind = 'fallido';
      break;
    case 'checkout.session.expired':
      kind = 'expirado';
      break;
    default:
      return IGNORED_EVENT;
  }
  const amount = session.currency === 'mxn' && Number.isInteger(session.amount_total) ? Number(session.amount_total) : -1;
  return {
    eventId: event.id,
    kind,
    providerRef: ref,
    amountCents: amount,
    failure: kind === 'fallido' ? 'Stripe: el pago no se completó (async_payment_failed).' : null,
  };
}

/** The metadata mark of a PaymentIntent the daily run of automatic charges made (chargeSaved). */
export const AUTOMATIC_CHARGE_MARK = 'automatic_charge';

/**
 * A PaymentIntent's event, read only for the intents the daily run made off session (their metadata says so): a
 * charge Stripe answered "processing" is settled by payment_intent.succeeded or payment_intent.payment_failed. A
 * Checkout Session's own intent is left to the session's events.
 */
function automaticChargeEventOf(
  eventId: string,
  type: string,
  intent: Partial<StripeSdk.PaymentIntent>,
): ProviderEvent | typeof IGNORED_EVENT {
  const ref = refOf(intent);
  if (ref === null || intent.metadata?.[AUTOMATIC_CHARGE_MARK] !== 'true') return IGNORED_EVENT;
  const kind = type === 'payment_intent.succeeded' ? 'pagado' : type === 'payment_intent.payment_failed' ? 'fallido' : null;
  if (kind === null) return IGNORED_EVENT;
  const amount = intent.currency === 'mxn' && Number.isInteger(intent.amount) ? Number(intent.amount) : -1;
  return {
    eventId,
    kind,
    providerRef: ref,
    amountCents: amount,
    failure: kind === 'fallido' ? `Stripe: ${intent.last_payment_error?.message ?? 'el cargo no se completó'}` : null,
  };
}

/** What a pending PaymentIntent is paid with: the OXXO voucher's number and page, or the SPEI CLABE and its page. */
export function referenceOf(intent: StripeSdk.PaymentIntent): { payReference: string | null; payUrl: string | null } {
  const oxxo = intent.next_action?.oxxo_display_details;
  if (oxxo) return { payReference: oxxo.number ?? null, payUrl: oxxo.hosted_voucher_url ?? null };
  const transfer = intent.next_action?.display_bank_transfer_instructions;
  if (transfer) {
    const spei = transfer.financial_addresses?.find((address) => address.type === 'spei')?.spei;
    return { payReference: spei?.clabe ?? null, payUrl: transfer.hosted_instructions_url ?? null };
  }
  return { payReference: null, payUrl: null };
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProviderAdapter {
  const keysOrThrow = async (condoId: number) => {
    const keys = await options.keysOf(condoId);
    if (!keys) throw new Error('stripe: the condominium has no keys saved');
    return keys;
  };
  return {
    name: 'stripe',
    newRef: () => `chk_${randomBytes(16).toString('hex')}`,
    async open(ref: string, opening: CheckoutOpening): Promise<CheckoutOpened> {
      if (!opening.returnUrl || !opening.cancelUrl) throw new Error('stripe: no base address to return to');
      const keys = await keysOrThrow(opening.condoId);
      const stripe = clientOf(await loadSdk(), keys.secretKey, options.apiBase);
      const now = options.now();
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          locale: 'es-419',
          client_reference_id: ref,
          metadata: { checkout_ref: ref },
          payment_intent_data: {
            metadata: { checkout_ref: ref },
            description: `Pago a ${opening.condoName}`,
            // A card kept for automatic charges: saved on the member's Customer, to be charged off session.
            ...(opening.saveCard && opening.method === 'tarjeta' ? { setup_future_usage: 'off_session' as const } : {}),
          },
          ...(opening.saveCard?.customer && opening.method === 'tarjeta' ? { customer: opening.saveCard.customer } : {}),
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'mxn',
                unit_amount: opening.totalCents,
                product_data: { name: `Pago a ${opening.condoName}` },
              },
            },
          ],
          ...stripeMethodOf(opening.method, opening.expiresAt, now),
          success_url: opening.returnUrl,
          cancel_url: opening.cancelUrl,
          expires_at: sessionExpiry(opening.expiresAt, now),
        },
        // A retry of the same opening (same ref) is the same session.
        { idempotencyKey: `open-${ref}` },
      );
      if (!session.url) throw new Error('stripe: the Checkout Session has no page');
      return { providerRef: ref, redirectUrl: session.url, payReference: null };
    },
    async readWebhook(rawBody, headers) {
      const header = headers[STRIPE_SIGNATURE_HEADER];
      if (typeof header !== 'string') return null;
      // Which condominium's secret to verify with: the checkout the body names. Nothing else of the body is read
      // before the signature holds.
      let claimed: unknown;
      try {
        claimed = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const ref = refOf((claimed as { data?: { object?: unknown } } | null)?.data?.object);
      const condoId = ref === null ? null : await options.condoOfRef(ref);
      const keys = condoId === null ? null : await options.keysOf(condoId);
      if (!keys) return null;
      const Stripe = await loadSdk();
      let event: StripeSdk.Event;
      try {
        event = await Stripe.webhooks.constructEventAsync(
          rawBody,
          header,
          keys.webhookSecret,
          STRIPE_TOLERANCE_S,
          undefined,
          options.now().getTime(),
        );
      } catch {
        return null;
      }
      const read = stripeEventOf(event);
      if (read === IGNORED_EVENT || read.providerRef !== ref) return IGNORED_EVENT;
      // An automatic charge's intent: nothing to keep, no reference to read.
      if ((event.data.object as { object?: string }).object !== 'checkout.session') return read;
      if (read.kind === 'pagado') return { ...read, card: await savedCardOf(Stripe, keys, event, options.apiBase) };
      if (read.kind !== 'pendiente') return read;
      // The voucher or the CLABE exists only once the resident chose on Stripe's page: the PaymentIntent says it.
      const intentId = (event.data.object as StripeSdk.Checkout.Session).payment_intent;
      if (typeof intentId !== 'string') return read;
      try {
        const intent = await clientOf(Stripe, keys.secretKey, options.apiBase).paymentIntents.retrieve(intentId);
        return { ...read, ...referenceOf(intent) };
      } catch {
        // Stripe's page still shows them; the event counts without them.
        return read;
      }
    },
    async chargeSaved(ref, charge): Promise<SavedCardOutcome> {
      const keys = await keysOrThrow(charge.condoId);
      const stripe = clientOf(await loadSdk(), keys.secretKey, options.apiBase);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: charge.totalCents,
            currency: 'mxn',
            payment_method: charge.token,
            ...(charge.customer ? { customer: charge.customer } : {}),
            off_session: true,
            confirm: true,
            description: `Cargo automático de ${charge.condoName}`,
            metadata: { checkout_ref: ref, [AUTOMATIC_CHARGE_MARK]: 'true' },
          },
          { idempotencyKey: charge.idempotencyKey },
        );
        const eventId = `pi_evt_${intent.id}`;
        if (intent.status === 'succeeded') return { kind: 'pagado', eventId };
        if (intent.status === 'processing') return { kind: 'pendiente', eventId };
        return { kind: 'fallido', eventId, reason: `Stripe: ${intent.status}` };
      } catch (error) {
        // A refused card is a StripeCardError (402) naming its decline; anything else is Stripe unreachable.
        const e = error as { type?: string; message?: string; code?: string; payment_intent?: { id?: string } };
        if (e.type !== 'StripeCardError') throw error;
        return {
          kind: 'fallido',
          eventId: `pi_evt_${e.payment_intent?.id ?? charge.idempotencyKey}`,
          reason: `Stripe: ${e.message ?? e.code ?? 'tarjeta rechazada'}`,
        };
      }
    },
    async newCustomer(condoId, description) {
      const keys = await keysOrThrow(condoId);
      const stripe = clientOf(await loadSdk(), keys.secretKey, options.apiBase);
      const customer = await stripe.customers.create({ description }, { idempotencyKey: `customer-${condoId}-${description}` });
      return customer.id;
    },
  };
}

/** The card a paid session saved (setup_future_usage): its PaymentIntent's payment method, brand, last 4, expiry. */
async function savedCardOf(
  Stripe: StripeClass,
  keys: StripeKeys,
  event: StripeSdk.Event,
  apiBase: string | null,
): Promise<SavedCardDetails | null> {
  const session = event.data.object as StripeSdk.Checkout.Session;
  const intentId = session.payment_intent;
  if (typeof intentId !== 'string') return null;
  try {
    const intent = await clientOf(Stripe, keys.secretKey, apiBase).paymentIntents.retrieve(intentId, {
      expand: ['payment_method'],
    });
    if (!intent.setup_future_usage) return null;
    const method = intent.payment_method;
    if (!method || typeof method === 'string' || !method.card) return null;
    const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null);
    return {
      token: method.id,
      customer,
      brand: method.card.brand,
      last4: method.card.last4,
      exp: `${String(method.card.exp_month).padStart(2, '0')}/${String(method.card.exp_year).slice(-2)}`,
    };
  } catch {
    // The payment stands; the card is not kept (the resident may save it on a later payment).
    return null;
  }
}
