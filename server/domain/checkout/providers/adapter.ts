// What the product asks of a payment provider (issue 27), with the shape of the PAC adapters
// (invoicing/pac/adapter.ts): open a checkout for an amount and a method, and read its signed webhook events.
// The sandbox (sandbox.ts) is built in for the demo and the tests; a real provider implements the same two
// calls. Answers are data: a webhook whose signature does not hold is null, never an exception.
import type { CheckoutMethod, PaymentProvider } from '../../../../src/api/checkout';

export interface CheckoutOpening {
  /** Whose provider account takes the money (a provider with keys reads the condominium's own). */
  condoId: number;
  method: CheckoutMethod;
  /** What the resident is asked for, in cents. */
  totalCents: number;
  condoName: string;
  expiresAt: Date;
  /** Absolute URLs the provider's page sends the resident to when done, or when going back (null: the server
   * knows no base address; a provider with a page of its own then refuses to open). */
  returnUrl: string | null;
  cancelUrl: string | null;
  /** A card the resident asked to keep for automatic charges (method tarjeta only): the provider saves it when
   * paid, and the paid event carries it (ProviderEvent.card). `customer`: the member's customer at the provider,
   * for a provider that keeps cards on one (newCustomer). */
  saveCard?: { customer: string | null } | null;
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
  /** A pending event's reference (OXXO voucher number, CLABE), when the provider issues it only then. */
  payReference?: string | null;
  /** A pending event's page of the provider (the OXXO voucher, the transfer instructions). */
  payUrl?: string | null;
  /** A paid event's card, when the checkout asked to keep it (the provider's token, never a number). */
  card?: SavedCardDetails | null;
}

/** A card the provider tokenised. */
export interface SavedCardDetails {
  token: string;
  customer: string | null;
  brand: string;
  last4: string;
  /** MM/YY. */
  exp: string | null;
}

/** An automatic charge to a saved card, without the resident present (off session). */
export interface SavedCardCharge {
  condoId: number;
  token: string;
  customer?: string | null;
  totalCents: number;
  condoName: string;
  /** The same key for a retry of the same charge: the provider charges once. */
  idempotencyKey: string;
}

/** What a saved card's charge did: the provider's event id goes through the webhook's path (taken once). */
export type SavedCardOutcome =
  | { kind: 'pagado'; eventId: string }
  | { kind: 'fallido'; eventId: string; reason: string }
  | { kind: 'pendiente'; eventId: string };

/** A webhook whose signature holds but whose event the product does not read: answered 200, nothing written. */
export const IGNORED_EVENT = 'ignorar' as const;

export interface PaymentProviderAdapter {
  name: PaymentProvider;
  /** The ref is made before the row is written, so the opening can be retried with the same one. */
  newRef(): string;
  open(ref: string, opening: CheckoutOpening): Promise<CheckoutOpened>;
  /** The event of a webhook request; IGNORED_EVENT for a signed event of no interest; null when its signature
   * (or its age) does not hold. */
  readWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<ProviderEvent | typeof IGNORED_EVENT | null>;
  /** Charges a saved card for an automatic charge (issue 27, "Cargos automáticos"). */
  chargeSaved(ref: string, charge: SavedCardCharge): Promise<SavedCardOutcome>;
  /** A provider that keeps saved cards on a customer makes one for a member (its id is kept, made once). */
  newCustomer?(condoId: number, description: string): Promise<string>;
}
