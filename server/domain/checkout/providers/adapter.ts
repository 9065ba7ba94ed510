// What the product asks of a payment provider (issue 27), with the shape of the PAC adapters
// (invoicing/pac/adapter.ts): open a checkout for an amount and a method, and read its signed webhook events.
// The sandbox (sandbox.ts) is built in for the demo and the tests; a real provider implements the same two
// calls. Answers are data: a webhook whose signature does not hold is null, never an exception.
import type { CheckoutMethod, PaymentProvider } from '../../../../src/api/checkout';

export interface CheckoutOpening {
  method: CheckoutMethod;
  /** What the resident is asked for, in cents. */
  totalCents: number;
  condoName: string;
  expiresAt: Date;
}

export interface CheckoutOpened {
  /** The provider's id of this checkout (unique across the provider). */
  providerRef: string;
  /** Where the resident pays: the provider's page (for the sandbox, the app's public /pago-sandbox/{ref}). */
  redirectUrl: string;
  /** An OXXO reference or a CLABE for SPEI, issued at once; null for a card. */
  payReference: string | null;
}

/** A provider's event, as the product reads it whatever the provider calls it. */
export interface ProviderEvent {
  /** The provider's event id: the same event sent twice has the same id. */
  eventId: string;
  kind: 'pendiente' | 'pagado' | 'fallido' | 'expirado';
  providerRef: string;
  /** What the provider says was paid or asked, in cents. */
  amountCents: number;
  /** The provider's words for a refusal. */
  failure: string | null;
}

export interface PaymentProviderAdapter {
  name: PaymentProvider;
  /** The ref is made before the row is written, so the opening can be retried with the same one. */
  newRef(): string;
  open(ref: string, opening: CheckoutOpening): Promise<CheckoutOpened>;
  /** The event of a webhook request, or null when its signature (or its age) does not hold. */
  readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<ProviderEvent | null>;
}
