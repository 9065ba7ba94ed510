// The pricing and plans page (spec §1, §2.1 precios-y-planes): the plans a condominium can subscribe to.
// Prices are integer cents of MXN; the browser formats them as pesos with the Mexican locale.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  min,
  nullable,
  object,
  optional,
  pattern,
  size,
  string,
} from 'superstruct';
import { CHECKOUT_STATES } from './checkout';
import { ClientId } from './gate';
import { IdParam } from './validation';

export const PRICING_PATHS = {
  /** Public, no session: GET → the active plans, by position. */
  list: '/--planes/list',
  /** An administrator of a condominium in trial or expired (canBuyPlan): POST PlanCheckoutRequest →
   * PlanCheckoutAnswer (201; 200 for a clientId already sent). The total is the plans table's, never the browser's. */
  purchase: '/--planes/contratar',
  /** The same administrators: GET → PlanCheckoutAnswer (404 another condominium's). */
  checkout: '/--planes/contratacion/:id',
} as const;

export const planCheckoutPath = (id: number) => `/--planes/contratacion/${id}`;
export { planResultPagePath } from './planResultPage';

/** Where "Contratar" writes when the product has no payment provider of its own (PLATFORM_PAYMENT_PROVIDER),
 * and for visitors who are not signed in (docs/decisions.md). */
export const SALES_EMAIL = 'ventas@comunidad.mx';

export const Plan = object({
  /** Stable key, e.g. 'basico'. */
  code: size(string(), 1, 40),
  name: string(),
  description: string(),
  /** Cents of `currency` per month. */
  monthlyPrice: min(integer(), 0),
  /** Cents of `currency` per year (billed yearly, cheaper than twelve months). */
  yearlyPrice: min(integer(), 0),
  currency: literal('MXN'),
  /** Dwellings the plan covers; null: no limit. */
  maxDwellings: nullable(min(integer(), 1)),
  /** What the plan includes: feature codes (src/api/modules.ts PLAN_FEATURES, worded in the reader's language),
   * only those whose module is live today; a text that is not a code is an operator's own, shown as written. */
  features: array(string()),
});
export type Plan = Infer<typeof Plan>;

export const PlansAnswer = object({
  success: literal(true),
  plans: array(Plan),
  /** The product takes payment for its plans online (PLATFORM_PAYMENT_PROVIDER); absent or false: the e-mail. */
  payOnline: optional(boolean()),
});
export type PlansAnswer = Infer<typeof PlansAnswer>;

export const PLAN_PERIODS = ['mensual', 'anual'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

/** A plan's checkout's reference at the provider: the adapter's own reference behind "plan_", so a webhook or a
 * sandbox page tells it from a condominium's payment checkout (sbx_…, chk_…) by the reference alone. */
export const PLAN_CHECKOUT_REF = /^plan_(sbx|chk)_[0-9a-f]{32}$/;
export const isPlanCheckoutRef = (ref: string) => PLAN_CHECKOUT_REF.test(ref);

/** What a plan costs for a period, in cents: the yearly price for a year, the monthly one for a month. */
export const planPrice = (plan: Pick<Plan, 'monthlyPrice' | 'yearlyPrice'>, period: PlanPeriod) =>
  period === 'anual' ? plan.yearlyPrice : plan.monthlyPrice;

export const PlanCheckoutRequest = object({
  plan: size(string(), 1, 40),
  period: enums(PLAN_PERIODS),
  clientId: ClientId,
});
export type PlanCheckoutRequest = Infer<typeof PlanCheckoutRequest>;

export const PlanCheckout = object({
  id: integer(),
  plan: string(),
  planName: string(),
  period: enums(PLAN_PERIODS),
  totalCents: min(integer(), 0),
  currency: literal('MXN'),
  state: enums(CHECKOUT_STATES),
  /** The provider's page while the checkout is open; null once settled. */
  redirectUrl: nullable(string()),
  expiresAt: string(),
  /** Once paid: the last day the subscription covers (YYYY-MM-DD). */
  paidUntil: nullable(pattern(string(), /^\d{4}-\d{2}-\d{2}$/)),
  failure: nullable(string()),
});
export type PlanCheckout = Infer<typeof PlanCheckout>;
export const PlanCheckoutAnswer = object({ success: literal(true), data: PlanCheckout });
export type PlanCheckoutAnswer = Infer<typeof PlanCheckoutAnswer>;

export const PlanCheckoutParams = object({ id: IdParam });
export type PlanCheckoutParams = Infer<typeof PlanCheckoutParams>;
