// The sandbox provider's own side (issue 27): what its checkout page shows, and its buttons, which make the
// provider send its signed webhook exactly as a real one would (the event goes through receiveWebhook and its
// signature check, not around it). No session: the reference is the permission, as on a provider's page.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type CheckoutMethod,
  type CheckoutState,
  OPEN_CHECKOUT_STATES,
  type SandboxCheckout,
  type SandboxOutcome,
} from '../../../src/api/checkout';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { appSecret } from '../../infra/secrets';
import { checkoutNotFound } from './checkouts';
import {
  SANDBOX_SIGNATURE_HEADER,
  SANDBOX_TEST_CARDS,
  type SandboxEventBody,
  sandboxCardToken,
  signSandboxEvent,
} from './providers/sandbox';
import { receiveWebhook, type WebhookOutcome } from './webhooks';

/** The result page the sandbox sends the resident back to (src/views/app routes). */
export const checkoutResultPath = (id: number) => `/condominio/financiero/pago/${id}`;

async function sandboxRow(db: Kysely<Database>, ref: string) {
  const row = await db
    .selectFrom('checkouts as k')
    .innerJoin('condominiums as c', 'c.id', 'k.condo_id')
    .select([
      'k.id',
      'k.method',
      'k.total_cents',
      'k.state',
      'k.pay_reference',
      'k.expires_at',
      'k.save_card',
      'c.name as condoName',
    ])
    .where('k.provider', '=', 'sandbox')
    .where('k.provider_ref', '=', ref)
    .executeTakeFirst();
  if (!row) throw checkoutNotFound();
  return row;
}

export async function sandboxCheckout(db: Kysely<Database>, ref: string): Promise<SandboxCheckout> {
  const row = await sandboxRow(db, ref);
  return {
    ref,
    condoName: row.condoName,
    method: row.method as CheckoutMethod,
    totalCents: Number(row.total_cents),
    state: row.state as CheckoutState,
    payReference: row.pay_reference,
    returnPath: checkoutResultPath(row.id),
    saveCard: row.save_card === 1,
  };
}

const EVENT_TYPES: Record<SandboxOutcome, SandboxEventBody['type']> = {
  pagar: 'payment.succeeded',
  rechazar: 'payment.failed',
  expirar: 'payment.expired',
};

/** The words a refused sandbox card comes back with, as a provider writes them (in Spanish). */
export const SANDBOX_DECLINE = 'Tarjeta rechazada por el banco emisor (sandbox).';

/** A button of the sandbox page: the provider signs the event and sends it to the product's webhook. */
export async function sandboxOutcome(
  db: Kysely<Database>,
  deps: { clock: Clock },
  ref: string,
  outcome: SandboxOutcome,
): Promise<WebhookOutcome> {
  const row = await sandboxRow(db, ref);
  // As a provider's page would: nothing is paid, refused or expired once the checkout is settled or its time has
  // passed (the expiry job may not have run yet).
  sandboxStillOpen(row, deps.clock.now());
  const { raw, headers } = await signedSandboxEvent(db, deps.clock, {
    ref,
    amountCents: Number(row.total_cents),
    method: row.method as CheckoutMethod,
    outcome,
    saveCard: row.save_card === 1,
  });
  return receiveWebhook(db, deps, 'sandbox', raw, headers);
}

/** Whether the sandbox's page may still press a button: the checkout is open and its time has not passed. */
export function sandboxStillOpen(row: { state: string; expires_at: string }, now: Date): void {
  const open = (OPEN_CHECKOUT_STATES as readonly string[]).includes(row.state);
  if (!open || row.expires_at <= now.toISOString()) throw new AppError(409, ErrorCodes.conflict, 'checkout.sandbox.settled');
}

/** The event the sandbox sends for a button, signed as its webhook is (a plan's checkout's page uses it too). */
export async function signedSandboxEvent(
  db: Kysely<Database>,
  clock: Clock,
  checkout: { ref: string; amountCents: number; method: CheckoutMethod; outcome: SandboxOutcome; saveCard: boolean },
): Promise<{ raw: Buffer; headers: Record<string, string> }> {
  const { ref, outcome } = checkout;
  const body: SandboxEventBody = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    type: EVENT_TYPES[outcome],
    data: {
      ref,
      amount: checkout.amountCents,
      method: checkout.method,
      failure: outcome === 'rechazar' ? SANDBOX_DECLINE : null,
      // Paid with the test card that pays, and asked to keep it: the sandbox's token for it.
      card:
        outcome === 'pagar' && checkout.saveCard
          ? { token: sandboxCardToken(SANDBOX_TEST_CARDS.pays), brand: 'visa', last4: SANDBOX_TEST_CARDS.pays, exp: '12/30' }
          : null,
    },
  };
  const raw = JSON.stringify(body);
  const signature = signSandboxEvent(await appSecret(db, clock, 'checkout-sandbox-webhook'), raw, clock.now());
  return { raw: Buffer.from(raw), headers: { [SANDBOX_SIGNATURE_HEADER]: signature } };
}
