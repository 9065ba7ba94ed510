// The pricing and plans page (spec §1, §2.1 precios-y-planes): the plans a condominium can subscribe to.
// Prices are integer cents of MXN; the browser formats them as pesos with the Mexican locale.
import { array, type Infer, integer, literal, min, nullable, object, size, string } from 'superstruct';

export const PRICING_PATHS = {
  /** Public, no session: GET → the active plans, by position. */
  list: '/--planes/list',
} as const;

/** Where "Contratar" writes: no payment provider is reachable from this app (docs/decisions.md). */
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

export const PlansAnswer = object({ success: literal(true), plans: array(Plan) });
export type PlansAnswer = Infer<typeof PlansAnswer>;
