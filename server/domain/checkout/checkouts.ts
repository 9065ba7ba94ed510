// A resident pays a dwelling's charges online (src/api/checkout.ts): what the dwelling owes and how it may pay,
// opening a checkout with the provider, and reading it back. The amount is the open part of the charges chosen
// (or the amount typed), the commission follows the condominium's settings: nothing of either comes from the
// browser. Who may: a resident of the dwelling with 'Estado de cuenta' (permissions.canPayOnline); another
// dwelling or condominium is a 404.
import type { Kysely } from 'kysely';
import {
  CHECKOUT_MAX_CENTS,
  type Checkout,
  type CheckoutMethod,
  type CheckoutOptions,
  type CheckoutRequest,
  type CheckoutState,
  checkoutFee,
  providerReturnPath,
} from '../../../src/api/checkout';
import { ErrorCodes } from '../../../src/api/errors';
import { formatMoney } from '../../../src/api/finance';
import { canPayOnline, canSeeAutomaticCharges } from '../../../src/api/permissions';
import { amountToCents } from '../../../src/api/recurringCharges';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { openChargesOf } from '../shared/ledgerOpen';
import { loadAccess } from '../shared/sessionData';
import { scheduleCheckoutExpiry } from './jobs';
import { paymentProvider } from './providers/registry';
import { methodOptions, type PaymentSettings, type ProviderPolicy, paymentSettingsOf } from './settings';

/** How long a card checkout's page stays open, and an OXXO or SPEI reference stays payable. */
export const CARD_CHECKOUT_MINUTES = 60;
export const REFERENCE_DAYS = 3;

export const checkoutNotFound = () => new AppError(404, ErrorCodes.notFound, 'checkout.notFound');
const refused = (id: 'checkout.disabled' | 'checkout.methodUnavailable' | 'checkout.clientIdReused') =>
  new AppError(409, ErrorCodes.conflict, id);
const bad = (id: 'checkout.chooseOne' | 'checkout.chargeNotOpen', field: string) =>
  new AppError(400, ErrorCodes.badRequest, id, field);

/** The dwelling, when the caller may pay for it; a 404 otherwise (another dwelling, another condominium). */
async function payableDwelling(db: Kysely<Database>, auth: Auth, apartmentId: number) {
  const access = await loadAccess(db, auth);
  const own = access.usuario.apartments.map((a) => a.AptId);
  if (!canPayOnline(access, own, apartmentId)) throw checkoutNotFound();
  const apartment = await db
    .selectFrom('apartments')
    .select('id')
    .where('id', '=', apartmentId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!apartment) throw checkoutNotFound();
  return apartment.id;
}

export async function checkoutOptions(
  db: Kysely<Database>,
  policy: ProviderPolicy,
  auth: Auth,
  apartmentId: number,
): Promise<CheckoutOptions> {
  const id = await payableDwelling(db, auth, apartmentId);
  const settings = await paymentSettingsOf(db, auth.condoId, policy);
  const { open, creditCents } = await openChargesOf(db, auth.condoId, id);
  return {
    ApartmentId: id,
    enabled: settings?.enabled ?? false,
    provider: settings?.provider ?? null,
    feeBearer: settings?.feeBearer ?? 'residente',
    methods: settings?.enabled ? methodOptions(settings) : [],
    open,
    owedCents: open.reduce((sum, c) => sum + c.openCents, 0),
    creditCents,
    // Cargos automáticos: a card paid here may be kept, with a monthly limit (by default the dwelling's fee).
    saveCard:
      settings?.enabled && canSaveCard(auth) && methodOptions(settings).some((m) => m.method === 'tarjeta')
        ? { limitCents: await monthlyFeeOf(db, auth.condoId, id) }
        : null,
  };
}

/** Keeping a card is offered where Cargos automáticos is (permissions.canSeeAutomaticCharges). */
const canSaveCard = (auth: Auth) => canSeeAutomaticCharges({ condo: { CondoId: auth.condoId } });

/** The dwelling's monthly fee, as its latest charge says (0 for a dwelling never charged). */
async function monthlyFeeOf(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<number> {
  const row = await db
    .selectFrom('dwelling_charges')
    .select('amount_cents')
    .where('condo_id', '=', condoId)
    .where('apartment_id', '=', apartmentId)
    .orderBy('charged_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.amount_cents) : 0;
}

/** The monthly limit of a card to keep: card only, where offered, a number above 0 with 2 decimals at most. */
function saveLimitOf(auth: Auth, body: CheckoutRequest): number | null {
  if (!body.saveCard) return null;
  if (body.method !== 'tarjeta' || !canSaveCard(auth))
    throw new AppError(400, ErrorCodes.badRequest, 'checkout.saveCardUnavailable', 'saveCard');
  const cents = amountToCents(body.saveCard.monto);
  if (cents === null || cents <= 0) throw new AppError(400, ErrorCodes.badRequest, 'charges.invalidAmount', 'saveCard.monto');
  return cents;
}

export function checkoutOf(row: {
  id: number;
  apartment_id: number;
  method: string;
  state: string;
  amount_cents: number;
  fee_cents: number;
  fee_bearer: string;
  total_cents: number;
  provider: string;
  provider_ref: string;
  pay_reference: string | null;
  expires_at: string;
  payment_id: number | null;
  failure: string | null;
  redirect_url?: string | null;
}): Checkout {
  const state = row.state as CheckoutState;
  // The sandbox's page is ours (/pago-sandbox/{ref}) while open; a real provider's is the one it gave: its checkout
  // page while creado, its voucher or transfer instructions while pendiente.
  const providerPage = row.provider === 'sandbox' ? null : (row.redirect_url ?? null);
  return {
    id: row.id,
    ApartmentId: row.apartment_id,
    method: row.method as CheckoutMethod,
    state,
    amountCents: Number(row.amount_cents),
    feeCents: Number(row.fee_cents),
    feeBearer: row.fee_bearer === 'condominio' ? 'condominio' : 'residente',
    totalCents: Number(row.total_cents),
    redirectUrl:
      state === 'creado' && row.provider === 'sandbox'
        ? `/pago-sandbox/${row.provider_ref}`
        : state === 'creado' || state === 'pendiente'
          ? providerPage
          : null,
    payReference: state === 'pendiente' || state === 'creado' ? row.pay_reference : null,
    expiresAt: row.expires_at,
    paymentId: row.payment_id,
    failure: row.failure,
  };
}

/** The amount that enters the ledger: the open part of the charges chosen, or the amount typed. */
async function amountOf(db: Kysely<Database>, condoId: number, apartmentId: number, body: CheckoutRequest) {
  if ((body.chargeIds === undefined) === (body.amountCents === undefined)) throw bad('checkout.chooseOne', 'chargeIds');
  if (body.amountCents !== undefined) return { amountCents: body.amountCents, chargeIds: [] as number[] };
  const { open } = await openChargesOf(db, condoId, apartmentId);
  const chosen = new Set(body.chargeIds);
  const found = open.filter((c) => chosen.has(c.chargeId));
  if (found.length !== chosen.size) throw bad('checkout.chargeNotOpen', 'chargeIds');
  return { amountCents: found.reduce((sum, c) => sum + c.openCents, 0), chargeIds: found.map((c) => c.chargeId) };
}

function totalsOf(settings: PaymentSettings, method: CheckoutMethod, amountCents: number) {
  const feeCents = checkoutFee(settings.fees[method], amountCents, settings.feeBearer);
  const totalCents = settings.feeBearer === 'residente' ? amountCents + feeCents : amountCents;
  if (totalCents > CHECKOUT_MAX_CENTS)
    throw new AppError(
      400,
      ErrorCodes.badRequest,
      { id: 'checkout.tooLarge', values: { max: formatMoney(CHECKOUT_MAX_CENTS) } },
      'amountCents',
    );
  return { feeCents, totalCents };
}

/**
 * Opens a checkout: the amount and commission from our database, the provider's page or reference, the row.
 * The same clientId answers the checkout it made (a second press, a retry after a cut); with other details, 409.
 */
export async function createCheckout(
  db: Kysely<Database>,
  deps: {
    clock: Clock;
    policy: ProviderPolicy;
    /** Absolute bases of the app's pages and of its API (infra/links.ts); null when the server knows none. */
    links?: { app: string; api: string } | null;
    /** PAYMENT_PROVIDER_API_BASE (tests only). */
    apiBase?: string | null;
  },
  auth: Auth,
  body: CheckoutRequest,
): Promise<{ checkout: Checkout; created: boolean }> {
  const apartmentId = await payableDwelling(db, auth, body.ApartmentId);
  const saveLimitCents = saveLimitOf(auth, body);
  const earlier = await db
    .selectFrom('checkouts')
    .selectAll()
    .where('condo_id', '=', auth.condoId)
    .where('client_id', '=', body.clientId)
    .executeTakeFirst();
  if (earlier) {
    if (earlier.user_id !== auth.userId || earlier.apartment_id !== apartmentId || earlier.method !== body.method)
      throw refused('checkout.clientIdReused');
    return { checkout: checkoutOf(earlier), created: false };
  }
  const settings = await paymentSettingsOf(db, auth.condoId, deps.policy);
  if (!settings?.enabled) throw refused('checkout.disabled');
  const { amountCents, chargeIds } = await amountOf(db, auth.condoId, apartmentId, body);
  const { feeCents, totalCents } = totalsOf(settings, body.method, amountCents);

  const now = deps.clock.now();
  const expiresAt = new Date(
    now.getTime() + (body.method === 'tarjeta' ? CARD_CHECKOUT_MINUTES * 60_000 : REFERENCE_DAYS * 24 * 60 * 60_000),
  );
  const provider = paymentProvider(db, deps.clock, settings.provider, deps.apiBase ?? null);
  const ref = provider.newRef();
  const condo = await db.selectFrom('condominiums').select('name').where('id', '=', auth.condoId).executeTakeFirstOrThrow();
  // The provider is asked before the row is written: a provider that fails leaves nothing behind, and the
  // screen's retry (same clientId) opens again.
  const links = deps.links ?? null;
  const customer = saveLimitCents !== null ? await customerOf(db, provider, auth, now) : null;
  // A provider that fails (down, or refusing the condominium's key) is a 502 in words: its own status (a 401
  // for a bad key) must not reach the browser as if it were the resident's session.
  const opened = await provider
    .open(ref, {
      condoId: auth.condoId,
      method: body.method,
      totalCents,
      condoName: condo.name,
      expiresAt,
      returnUrl: links && `${links.api}${providerReturnPath(ref)}`,
      cancelUrl: links && `${links.app}/condominio/financiero/pagar?ApartmentId=${apartmentId}`,
      saveCard: saveLimitCents !== null ? { customer } : null,
    })
    .catch(() => {
      throw new AppError(502, ErrorCodes.unavailable, 'checkout.providerFailed');
    });
  const at = now.toISOString();
  const values = {
    condo_id: auth.condoId,
    apartment_id: apartmentId,
    user_id: auth.userId,
    client_id: body.clientId,
    provider: settings.provider,
    provider_ref: opened.providerRef,
    method: body.method,
    state: opened.payReference ? 'pendiente' : 'creado',
    amount_cents: amountCents,
    fee_cents: feeCents,
    fee_bearer: settings.feeBearer,
    total_cents: totalCents,
    charge_ids: JSON.stringify(chargeIds),
    // enabled implies an account (settings.ts).
    account_id: settings.accountId!,
    pay_reference: opened.payReference,
    redirect_url: settings.provider === 'sandbox' ? null : opened.redirectUrl,
    save_card: saveLimitCents !== null ? 1 : 0,
    save_limit_cents: saveLimitCents,
    expires_at: expiresAt.toISOString(),
    payment_id: null,
    failure: null,
    created_at: at,
    updated_at: at,
  };
  // Two presses at once: the unique (condo_id, client_id) lets one in; the other answers what it wrote. With the
  // row, the run that expires it if nobody pays (jobs.ts).
  const inserted = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('checkouts')
      .values(values)
      .onConflict((oc) => oc.columns(['condo_id', 'client_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) await scheduleCheckoutExpiry(trx, expiresAt, now);
    return row;
  });
  const row = await db
    .selectFrom('checkouts')
    .selectAll()
    .where('condo_id', '=', auth.condoId)
    .where('client_id', '=', body.clientId)
    .executeTakeFirstOrThrow();
  return { checkout: checkoutOf(row), created: inserted !== undefined };
}

/**
 * The member's customer at a provider that keeps saved cards on one (Stripe), made once and kept; null for a
 * provider without customers (the sandbox). Two first saves at once: the unique key keeps the first.
 */
async function customerOf(
  db: Kysely<Database>,
  provider: ReturnType<typeof paymentProvider>,
  auth: Auth,
  now: Date,
): Promise<string | null> {
  if (!provider.newCustomer) return null;
  const kept = await db
    .selectFrom('provider_customers')
    .select('customer')
    .where('condo_id', '=', auth.condoId)
    .where('user_id', '=', auth.userId)
    .where('provider', '=', provider.name)
    .executeTakeFirst();
  if (kept) return kept.customer;
  const customer = await provider.newCustomer(auth.condoId, `member-${auth.condoId}-${auth.userId}`).catch(() => {
    throw new AppError(502, ErrorCodes.unavailable, 'checkout.providerFailed');
  });
  await db
    .insertInto('provider_customers')
    .values({
      condo_id: auth.condoId,
      user_id: auth.userId,
      provider: provider.name,
      customer,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['condo_id', 'user_id', 'provider']).doNothing())
    .execute();
  return customer;
}

/** A checkout its creator reads (the result page asks until it is settled). */
export async function readCheckout(db: Kysely<Database>, auth: Auth, id: number): Promise<Checkout> {
  const row = await db
    .selectFrom('checkouts')
    .selectAll()
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .where('user_id', '=', auth.userId)
    .executeTakeFirst();
  if (!row) throw checkoutNotFound();
  return checkoutOf(row);
}

/** Where a provider's page sends the resident back (by our reference): the checkout's result page. */
export async function returnPathOf(db: Kysely<Database>, ref: string): Promise<string> {
  const row = await db.selectFrom('checkouts').select('id').where('provider_ref', '=', ref).executeTakeFirst();
  return row ? `/condominio/financiero/pago/${row.id}` : '/condominio/financiero';
}
