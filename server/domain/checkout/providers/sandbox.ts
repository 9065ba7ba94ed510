// The sandbox payment provider built into the app (issue 27), for the demo and the tests, and clearly marked as
// one on its page. It behaves as a real provider does where it matters to the product: its checkout page is its
// own (/pago-sandbox/{ref}, where the "card" is chosen and never sent to our server), OXXO and SPEI get a
// reference at once, and every outcome reaches the product as a webhook signed with HMAC-SHA256 over
// "<timestamp>.<body>" (header Sandbox-Signature: t=<unix seconds>,v1=<hex>), the scheme of the real providers,
// refused when older than five minutes. The key is the server's own secret (app_secrets): the same in every
// process, so any process can take the webhook another one's sandbox page sent.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type CheckoutMethod, sandboxPagePath } from '../../../../src/api/checkout';
import type { CheckoutOpened, CheckoutOpening, PaymentProviderAdapter, ProviderEvent } from './adapter';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** How old a signed event may be when it arrives. */
export const SANDBOX_TOLERANCE_S = 300;

/** The body of a sandbox event, as it is signed and sent. */
export interface SandboxEventBody {
  id: string;
  type: 'payment.pending' | 'payment.succeeded' | 'payment.failed' | 'payment.expired';
  data: {
    ref: string;
    amount: number;
    method: CheckoutMethod;
    failure: string | null;
    /** A paid checkout that asked to keep the card: the sandbox's token for it. */
    card?: { token: string; brand: string; last4: string; exp: string } | null;
  };
}

/** The sandbox's test cards: 4242 pays, 0002 is saved but declines every later charge (as Stripe's 0341). */
export const SANDBOX_TEST_CARDS = { pays: '4242', declines: '0002' } as const;
/** A saved sandbox card's token: its last four digits say how it behaves. */
export const SANDBOX_CARD_TOKEN = /^sbx_card_[0-9a-f]{16}_(\d{4})$/;
export const sandboxCardToken = (last4: string) => `sbx_card_${randomBytes(8).toString('hex')}_${last4}`;
/** The words a saved sandbox card's refusal comes back with. */
export const SANDBOX_SAVED_DECLINE = 'Fondos insuficientes (sandbox).';

const KINDS: Record<SandboxEventBody['type'], ProviderEvent['kind']> = {
  'payment.pending': 'pendiente',
  'payment.succeeded': 'pagado',
  'payment.failed': 'fallido',
  'payment.expired': 'expirado',
};

export interface SandboxOptions {
  secret: () => Promise<Buffer>;
  now: () => Date;
}

/** A CLABE's check digit (the 18th): weights 3, 7, 1 over the first 17 digits, each product mod 10. */
export function clabeCheckDigit(first17: string): number {
  const weights = [3, 7, 1];
  const sum = [...first17].reduce((total, digit, i) => total + ((Number(digit) * weights[i % 3]!) % 10), 0);
  return (10 - (sum % 10)) % 10;
}

const digits = (count: number) =>
  [...randomBytes(count)]
    .map((b) => String(b % 10))
    .join('')
    .slice(0, count);

/** A reference to pay with: 14 digits at an OXXO, an 18-digit CLABE (the sandbox's bank 646) for SPEI. */
function payReferenceFor(method: CheckoutMethod): string | null {
  if (method === 'oxxo') return `9${digits(13)}`;
  if (method === 'spei') {
    const first17 = `646180${digits(11)}`;
    return `${first17}${clabeCheckDigit(first17)}`;
  }
  return null;
}

export function signSandboxEvent(secret: Buffer, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

function cardOf(card: SandboxEventBody['data']['card']): ProviderEvent['card'] {
  if (!card || typeof card.token !== 'string' || !SANDBOX_CARD_TOKEN.test(card.token)) return null;
  return { token: card.token, customer: null, brand: String(card.brand), last4: String(card.last4), exp: card.exp ?? null };
}

export function createSandboxProvider(options: SandboxOptions): PaymentProviderAdapter {
  return {
    name: 'sandbox',
    newRef: () => `sbx_${randomBytes(16).toString('hex')}`,
    async open(ref: string, opening: CheckoutOpening): Promise<CheckoutOpened> {
      return { providerRef: ref, redirectUrl: sandboxPagePath(ref), payReference: payReferenceFor(opening.method) };
    },
    async readWebhook(rawBody, headers) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof header !== 'string') return null;
      const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
      const t = Number(parts.t);
      const v1 = parts.v1 ?? '';
      if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return null;
      if (Math.abs(options.now().getTime() / 1000 - t) > SANDBOX_TOLERANCE_S) return null;
      const expected = createHmac('sha256', await options.secret())
        .update(`${t}.`)
        .update(rawBody)
        .digest();
      if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return null;
      let body: SandboxEventBody;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as SandboxEventBody;
      } catch {
        return null;
      }
      const kind = KINDS[body?.type];
      if (!kind || typeof body.id !== 'string' || typeof body.data?.ref !== 'string') return null;
      if (!Number.isInteger(body.data.amount)) return null;
      return {
        eventId: body.id,
        kind,
        providerRef: body.data.ref,
        amountCents: body.data.amount,
        failure: typeof body.data.failure === 'string' ? body.data.failure : null,
        card: cardOf(body.data.card),
      };
    },
    async chargeSaved(_ref, charge) {
      const match = SANDBOX_CARD_TOKEN.exec(charge.token);
      const eventId = `evt_${randomBytes(12).toString('hex')}`;
      if (match?.[1] === SANDBOX_TEST_CARDS.pays) return { kind: 'pagado', eventId };
      return { kind: 'fallido', eventId, reason: match ? SANDBOX_SAVED_DECLINE : 'Tarjeta desconocida (sandbox).' };
    },
  };
}
