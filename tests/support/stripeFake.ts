// A local stand-in for Stripe's API host (api.stripe.com), started by a test with node:http and reached through
// PAYMENT_PROVIDER_API_BASE, so the official SDK makes its real requests without the network. It answers the
// documented shapes of the calls the adapter makes (POST /v1/checkout/sessions, GET /v1/payment_intents/:id with
// its expand[], POST /v1/customers, POST /v1/payment_intents confirmed off session for an automatic charge: a
// succeeded intent, a processing one, or the card_declined error, replayed for a repeated Idempotency-Key),
// records what was sent (the form body decoded to flat keys, as the SDK encodes it: `line_items[0][quantity]`),
// and builds the documented Event objects of the Checkout Session, signed with the SDK's own test helper
// (stripe.webhooks.generateTestHeaderString), as Stripe signs them.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StripeCall {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
  /** The query string's parameters (a GET's expand[]). */
  query: Record<string, string>;
}

export interface StripeFake {
  /** http://127.0.0.1:PORT, for PAYMENT_PROVIDER_API_BASE. */
  base: string;
  calls: StripeCall[];
  /** The sessions made, by id, as answered. */
  sessions: Map<string, Record<string, unknown>>;
  /** What GET /v1/payment_intents/:id answers for an id (the next_action of an OXXO or SPEI intent). */
  intents: Map<string, Record<string, unknown>>;
  /** The customers made, by id. */
  customers: Map<string, Record<string, unknown>>;
  /** The intents made off session (POST /v1/payment_intents), by id, as answered. */
  charges: Map<string, Record<string, unknown>>;
  /** The next session create answers this HTTP error (e.g. 401 for a bad key), once. */
  failNext(status: number): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startStripeFake(): Promise<StripeFake> {
  const calls: StripeCall[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const intents = new Map<string, Record<string, unknown>>();
  const customers = new Map<string, Record<string, unknown>>();
  const charges = new Map<string, Record<string, unknown>>();
  /** What a POST answered, by its Idempotency-Key: Stripe replays it for the same key. */
  const replays = new Map<string, { status: number; json: unknown }>();
  let failure: number | null = null;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push({
        method: request.method ?? '',
        path: url.pathname,
        authorization: request.headers.authorization,
        idempotencyKey: request.headers['idempotency-key'] as string | undefined,
        form,
        query: Object.fromEntries(url.searchParams),
      });
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        response.end(JSON.stringify(json));
      };
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (failure !== null) {
          const status = failure;
          failure = null;
          return answer(status, {
            error: { type: status === 401 ? 'invalid_request_error' : 'api_error', message: 'Invalid API Key provided' },
          });
        }
        const sessionId = id('cs_test');
        const session = {
          id: sessionId,
          object: 'checkout.session',
          amount_subtotal: Number(form['line_items[0][price_data][unit_amount]']),
          amount_total: Number(form['line_items[0][price_data][unit_amount]']),
          client_reference_id: form.client_reference_id ?? null,
          currency: form['line_items[0][price_data][currency]'],
          customer: null,
          expires_at: Number(form.expires_at),
          livemode: false,
          metadata: { checkout_ref: form['metadata[checkout_ref]'] },
          mode: 'payment',
          payment_intent: null,
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          url: `https://checkout.stripe.com/c/pay/${sessionId}#fidkdWxOYHwnPyd1blpxYHZxWjA0`,
        };
        sessions.set(sessionId, session);
        return answer(200, session);
      }
      const key = request.headers['idempotency-key'] as string | undefined;
      const replay = key ? replays.get(`${url.pathname} ${key}`) : undefined;
      if (request.method === 'POST' && replay) return answer(replay.status, replay.json);
      const remember = (status: number, json: unknown) => {
        if (key) replays.set(`${url.pathname} ${key}`, { status, json });
        return answer(status, json);
      };
      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        const customer = { id: id('cus'), object: 'customer', description: form.description ?? null, livemode: false };
        customers.set(customer.id, customer);
        return remember(200, customer);
      }
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        // The payment method names the answer: …_declined is refused (card_declined), …_processing waits.
        const method = form.payment_method ?? '';
        const made = {
          id: id('pi'),
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          customer: form.customer ?? null,
          description: form.description ?? null,
          metadata: Object.fromEntries(
            Object.entries(form)
              .filter(([name]) => name.startsWith('metadata['))
              .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
          ),
          payment_method: method,
          livemode: false,
          status: method.endsWith('_processing') ? 'processing' : 'succeeded',
          last_payment_error: null as unknown,
        };
        if (method.endsWith('_declined')) {
          const declined = {
            ...made,
            status: 'requires_payment_method',
            last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
          };
          charges.set(made.id, declined);
          return remember(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: declined,
            },
          });
        }
        charges.set(made.id, made);
        return remember(200, made);
      }
      const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && intent) {
        const found = intents.get(intent[1]!);
        if (!found) return answer(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        return answer(200, found);
      }
      return answer(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    calls,
    sessions,
    intents,
    customers,
    charges,
    failNext(status) {
      failure = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export type SessionEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** A Checkout Session's event as Stripe sends it (an Event object whose data.object is the session). */
export function sessionEvent(
  type: SessionEventType | string,
  session: Record<string, unknown>,
  changes: Record<string, unknown> = {},
  eventId = id('evt'),
): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...session, ...changes } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** The Stripe-Signature header for a payload, made by the SDK's own helper. */
export function stripeSignature(payload: string, secret: string, at: Date): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });
}

/** A PaymentIntent waiting for an OXXO voucher to be paid, as GET /v1/payment_intents/:id answers it. */
export function oxxoIntent(intentId: string, number: string) {
  return {
    id: intentId,
    object: 'payment_intent',
    status: 'requires_action',
    currency: 'mxn',
    next_action: {
      type: 'oxxo_display_details',
      oxxo_display_details: {
        expires_after: Math.floor(Date.now() / 1000) + 3 * 86_400,
        hosted_voucher_url: `https://payments.stripe.com/oxxo/voucher/${intentId}`,
        number,
      },
    },
  };
}

/** A PaymentIntent waiting for a Mexican bank transfer (SPEI) to a CLABE. */
export function speiIntent(intentId: string, clabe: string) {
  return {
    id: intentId,
    object: 'payment_intent',
    status: 'requires_action',
    currency: 'mxn',
    next_action: {
      type: 'display_bank_transfer_instructions',
      display_bank_transfer_instructions: {
        amount_remaining: 10_000,
        currency: 'mxn',
        financial_addresses: [
          { type: 'spei', supported_networks: ['spei'], spei: { bank_code: '002', bank_name: 'BANAMEX', clabe } },
        ],
        hosted_instructions_url: `https://payments.stripe.com/bank_transfers/instructions/${intentId}`,
        reference: null,
        type: 'mx_bank_transfer',
      },
    },
  };
}

/** A paid card PaymentIntent that kept its card (setup_future_usage), as GET /v1/payment_intents/:id answers it
 * with expand[]=payment_method: the PaymentMethod in full, on the member's Customer. */
export function savedCardIntent(intentId: string, paymentMethod: string, customer: string | null) {
  return {
    id: intentId,
    object: 'payment_intent',
    status: 'succeeded',
    currency: 'mxn',
    customer,
    setup_future_usage: 'off_session',
    payment_method: {
      id: paymentMethod,
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031, country: 'MX', funding: 'credit' },
    },
  };
}

/** A PaymentIntent's event as Stripe sends it (payment_intent.succeeded, payment_intent.payment_failed). */
export function intentEvent(type: string, intent: Record<string, unknown>, eventId = id('evt')): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}
