// A condominium in trial (or whose subscription ended) pays its plan through the product's own payment provider
// account (issue 28, "Trial pay link"; PLATFORM_PAYMENT_PROVIDER, server/config.ts), not the condominium's: the
// product sells the plan. The provider adapters are paying online's (domain/checkout/providers), opened for a card
// with the plan's price from the plans table (never the browser's); the reference is "plan_" + the adapter's, so the
// provider's webhook (routes/checkout.ts) and the sandbox's page tell a plan's checkout from a dwelling's. A paid
// event writes, in one transaction: the checkout paid, the subscription (plan, period, paid until), the
// condominium active until then, its history row, and its administrators told.
import type { Kysely } from 'kysely';
import { type CheckoutState, canMoveCheckout, OPEN_CHECKOUT_STATES, type PaymentProvider } from '../../../src/api/checkout';
import { ErrorCodes } from '../../../src/api/errors';
import { formatMoney } from '../../../src/api/finance';
import { TRIAL_STATUS } from '../../../src/api/permissions';
import {
  isPlanCheckoutRef,
  type PlanCheckout,
  type PlanCheckoutRequest,
  type PlanPeriod,
  planPrice,
  planResultPagePath,
} from '../../../src/api/pricing';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { administratorsOf, notify } from '../shared/notify';
import { condoToday } from '../shared/zonedTime';

/** A provider's event as paying online's adapter reads it (domain/checkout/providers/adapter.ts ProviderEvent). */
export interface PlanProviderEvent {
  eventId: string;
  kind: 'pendiente' | 'pagado' | 'fallido' | 'expirado';
  providerRef: string;
  amountCents: number;
  failure: string | null;
}

/** What this area asks of the product's provider: paying online's adapter (PaymentProviderAdapter) fits it, built
 * by the route with the platform's account (checkout/providers/registry.ts platformPaymentProvider). */
export interface PlanProvider {
  name: PaymentProvider;
  newRef(): string;
  open(
    ref: string,
    opening: {
      condoId: number;
      method: 'tarjeta';
      totalCents: number;
      condoName: string;
      expiresAt: Date;
      returnUrl: string | null;
      cancelUrl: string | null;
    },
  ): Promise<{ redirectUrl: string }>;
  readWebhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<PlanProviderEvent | 'ignorar' | null>;
}

export interface PlanCheckoutDeps {
  clock: Clock;
  /** The product's provider (PLATFORM_PAYMENT_PROVIDER); null: none, "Contratar" writes to sales. */
  provider: PlanProvider | null;
  /** The app's absolute base address (infra/links.ts); null when the server knows none. */
  appBase?: string | null;
}

/** How long the provider's card page stays open. */
export const PLAN_CHECKOUT_MINUTES = 60;

export const planCheckoutNotFound = () => new AppError(404, ErrorCodes.notFound, 'pricing.checkoutNotFound');
const refused = (message: MessageId) => new AppError(409, ErrorCodes.conflict, message);

/** In trial, or its subscription or trial ended before `today` (permissions.canBuyPlan's rule, on the row). */
export function mayBuyPlan(condo: { status: string; end_subscription: string | null }, today: string): boolean {
  if (condo.status === TRIAL_STATUS) return true;
  return condo.end_subscription !== null && condo.end_subscription.slice(0, 10) < today;
}

/** The last day a period bought on `from` (YYYY-MM-DD) covers: a month or a year later, the day before. */
export function paidUntilOf(from: string, period: PlanPeriod): string {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const months = period === 'anual' ? 12 : 1;
  // The same day of the month `months` later (clamped to its length), then the day before.
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  target.setUTCDate(target.getUTCDate() - 1);
  return target.toISOString().slice(0, 10);
}

type Row = Awaited<ReturnType<typeof rowOf>>;

async function rowOf(db: Kysely<Database>, where: { condoId: number; id?: number; clientId?: string }) {
  let query = db
    .selectFrom('plan_checkouts as k')
    .innerJoin('plans as p', 'p.code', 'k.plan_code')
    .leftJoin('subscriptions as s', 's.plan_checkout_id', 'k.id')
    .select([
      'k.id',
      'k.plan_code',
      'p.name as planName',
      'k.period',
      'k.total_cents',
      'k.state',
      'k.redirect_url',
      'k.expires_at',
      'k.failure',
      's.paid_until',
    ])
    .where('k.condo_id', '=', where.condoId);
  if (where.id !== undefined) query = query.where('k.id', '=', where.id);
  if (where.clientId !== undefined) query = query.where('k.client_id', '=', where.clientId);
  return query.executeTakeFirst();
}

function checkoutOf(row: NonNullable<Row>): PlanCheckout {
  const state = row.state as CheckoutState;
  return {
    id: row.id,
    plan: row.plan_code,
    planName: row.planName,
    period: row.period as PlanPeriod,
    totalCents: Number(row.total_cents),
    currency: 'MXN',
    state,
    redirectUrl: OPEN_CHECKOUT_STATES.includes(state) ? row.redirect_url : null,
    expiresAt: row.expires_at,
    paidUntil: row.paid_until ?? null,
    failure: row.failure,
  };
}

export async function readPlanCheckout(db: Kysely<Database>, auth: Auth, id: number): Promise<PlanCheckout> {
  const row = await rowOf(db, { condoId: auth.condoId, id });
  if (!row) throw planCheckoutNotFound();
  return checkoutOf(row);
}

/** Opens the provider's page for a plan and a period; the same clientId answers what it opened. */
export async function createPlanCheckout(
  db: Kysely<Database>,
  deps: PlanCheckoutDeps,
  auth: Auth,
  body: PlanCheckoutRequest,
): Promise<{ checkout: PlanCheckout; created: boolean }> {
  const earlier = await db
    .selectFrom('plan_checkouts')
    .select(['id', 'user_id', 'plan_code', 'period'])
    .where('condo_id', '=', auth.condoId)
    .where('client_id', '=', body.clientId)
    .executeTakeFirst();
  if (earlier) {
    if (earlier.user_id !== auth.userId || earlier.plan_code !== body.plan || earlier.period !== body.period)
      throw refused('pricing.clientIdReused');
    return { checkout: await readPlanCheckout(db, auth, earlier.id), created: false };
  }
  const provider = deps.provider;
  if (!provider) throw refused('pricing.noProvider');
  const condo = await db
    .selectFrom('condominiums')
    .select(['name', 'status', 'end_subscription'])
    .where('id', '=', auth.condoId)
    .executeTakeFirstOrThrow();
  if (!mayBuyPlan(condo, await condoToday(db, deps.clock, auth.condoId))) throw refused('pricing.notInTrial');
  const plan = await db
    .selectFrom('plans')
    .select(['code', 'name', 'monthly_price_cents', 'yearly_price_cents'])
    .where('code', '=', body.plan)
    .where('active', '=', 1)
    .where('currency', '=', 'MXN')
    .executeTakeFirst();
  if (!plan) throw new AppError(400, ErrorCodes.badRequest, 'pricing.unknownPlan', 'plan');
  const totalCents = planPrice(
    { monthlyPrice: Number(plan.monthly_price_cents), yearlyPrice: Number(plan.yearly_price_cents) },
    body.period,
  );
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + PLAN_CHECKOUT_MINUTES * 60_000);
  const ref = `plan_${provider.newRef()}`;
  // Written first (the id is the result page's): a provider that fails leaves a row the retry (same clientId)
  // answers as failed, and a new press opens a new one.
  const at = now.toISOString();
  const inserted = await db
    .insertInto('plan_checkouts')
    .values({
      condo_id: auth.condoId,
      user_id: auth.userId,
      client_id: body.clientId,
      plan_code: plan.code,
      period: body.period,
      total_cents: totalCents,
      provider: provider.name,
      provider_ref: ref,
      redirect_url: '',
      state: 'creado',
      failure: null,
      created_at: at,
      updated_at: at,
      expires_at: expiresAt.toISOString(),
    })
    .onConflict((oc) => oc.columns(['condo_id', 'client_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const row = await rowOf(db, { condoId: auth.condoId, clientId: body.clientId });
    return { checkout: checkoutOf(row!), created: false };
  }
  const result = deps.appBase ? `${deps.appBase}${planResultPagePath(inserted.id)}` : null;
  try {
    const opened = await provider.open(ref, {
      condoId: auth.condoId,
      method: 'tarjeta',
      totalCents,
      condoName: `${plan.name} (${body.period}), ${condo.name}`,
      expiresAt,
      returnUrl: result,
      cancelUrl: deps.appBase ? `${deps.appBase}/precios-y-planes` : null,
    });
    // The sandbox's page is the app's own, on its path; a real provider's is its absolute address.
    await db.updateTable('plan_checkouts').set({ redirect_url: opened.redirectUrl }).where('id', '=', inserted.id).execute();
  } catch {
    await db
      .updateTable('plan_checkouts')
      .set({ state: 'fallido', failure: 'provider', updated_at: at })
      .where('id', '=', inserted.id)
      .execute();
    throw new AppError(502, ErrorCodes.unavailable, 'pricing.providerFailed');
  }
  return { checkout: await readPlanCheckout(db, auth, inserted.id), created: true };
}

/** What a plan's event did. */
export type PlanWebhookOutcome = 'aplicado' | 'repetido' | 'desconocido' | 'fuera_de_orden' | 'monto_distinto' | 'ignorado';

/**
 * Whether a webhook's body names a plan's checkout (read before its signature is checked, to choose the account
 * that checks it; nothing else of it is trusted): the sandbox's data.ref, Stripe's metadata or
 * client_reference_id.
 */
export function namesPlanCheckout(rawBody: Buffer): boolean {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return false;
  }
  const data = (
    body as { data?: { ref?: unknown; object?: { metadata?: { checkout_ref?: unknown }; client_reference_id?: unknown } } }
  )?.data;
  const refs = [data?.ref, data?.object?.metadata?.checkout_ref, data?.object?.client_reference_id];
  return refs.some((ref) => typeof ref === 'string' && isPlanCheckoutRef(ref));
}

/** The provider's webhook for a plan's checkout: checked with the platform's account by its adapter. */
export async function receivePlanWebhook(
  db: Kysely<Database>,
  deps: PlanCheckoutDeps,
  providerName: PaymentProvider,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): Promise<PlanWebhookOutcome | null> {
  if (!deps.provider || deps.provider.name !== providerName) return null;
  const event = await deps.provider.readWebhook(rawBody, headers);
  if (!event) return null;
  if (event === 'ignorar') return 'ignorado';
  if (!isPlanCheckoutRef(event.providerRef)) return 'desconocido';
  return db.transaction().execute((trx) => takePlanEvent(trx, deps.clock, providerName, event));
}

async function takePlanEvent(
  trx: Kysely<Database>,
  clock: Clock,
  provider: PaymentProvider,
  event: PlanProviderEvent,
): Promise<PlanWebhookOutcome> {
  const found = await trx
    .selectFrom('plan_checkouts')
    .select(['id', 'condo_id'])
    .where('provider', '=', provider)
    .where('provider_ref', '=', event.providerRef)
    .executeTakeFirst();
  if (!found) return 'desconocido';
  // The condominium first: two events of its checkouts run one after the other on PostgreSQL.
  await lockCondo(trx, found.condo_id);
  const checkout = await trx.selectFrom('plan_checkouts').selectAll().where('id', '=', found.id).executeTakeFirstOrThrow();
  const state = checkout.state as CheckoutState;
  // The same event twice, or one after the checkout settled: the lifecycle's table lets nothing move twice.
  if (state === event.kind) return 'repetido';
  if (!canMoveCheckout(state, event.kind)) return 'fuera_de_orden';
  if (event.kind === 'pagado' && event.amountCents !== Number(checkout.total_cents)) return 'monto_distinto';
  const now = clock.now();
  const at = now.toISOString();
  await trx
    .updateTable('plan_checkouts')
    .set({ state: event.kind, updated_at: at, failure: event.kind === 'fallido' ? (event.failure ?? '') : checkout.failure })
    .where('id', '=', checkout.id)
    .execute();
  if (event.kind !== 'pagado') return 'aplicado';

  const period = checkout.period as PlanPeriod;
  const paidUntil = paidUntilOf(await condoToday(trx, clock, checkout.condo_id), period);
  const subscription = await trx
    .insertInto('subscriptions')
    .values({
      condo_id: checkout.condo_id,
      plan_code: checkout.plan_code,
      period,
      paid_until: paidUntil,
      plan_checkout_id: checkout.id,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const before = await trx
    .selectFrom('condominiums')
    .select(['status', 'end_subscription'])
    .where('id', '=', checkout.condo_id)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('condominiums')
    .set({ status: 'A', end_subscription: paidUntil })
    .where('id', '=', checkout.condo_id)
    .execute();
  await recordAudit(trx, {
    condoId: checkout.condo_id,
    actorUserId: checkout.user_id,
    entity: 'subscription',
    entityId: subscription.id,
    action: 'create',
    before: { status: before.status, paidUntil: before.end_subscription },
    after: {
      status: 'A',
      paidUntil,
      name: checkout.plan_code,
      periodo: period,
      total: Number(checkout.total_cents),
      provider,
    },
    at: now,
  });
  const plan = await trx.selectFrom('plans').select('name').where('code', '=', checkout.plan_code).executeTakeFirst();
  const values = {
    plan: plan?.name ?? checkout.plan_code,
    amount: formatMoney(Number(checkout.total_cents)),
    paidUntil,
  };
  await notify(trx, clock, await administratorsOf(trx, checkout.condo_id), {
    condoId: checkout.condo_id,
    title: { id: 'pricing.notify.paid.title', values },
    text: { id: 'pricing.notify.paid.text', values },
    modulo: 'plan',
    props: { planCheckoutId: checkout.id },
  });
  return 'aplicado';
}

/** The sandbox's page for a plan's checkout (routes/checkout.ts sends a plan's reference here). */
export async function planSandboxRow(db: Kysely<Database>, ref: string) {
  const row = await db
    .selectFrom('plan_checkouts as k')
    .innerJoin('condominiums as c', 'c.id', 'k.condo_id')
    .select(['k.id', 'k.total_cents', 'k.state', 'k.expires_at', 'c.name as condoName'])
    .where('k.provider', '=', 'sandbox')
    .where('k.provider_ref', '=', ref)
    .executeTakeFirst();
  if (!row) throw planCheckoutNotFound();
  return { ...row, returnPath: planResultPagePath(row.id) };
}
