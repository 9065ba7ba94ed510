// Browser side of the pricing page (src/api/pricing.ts): the plans on offer, public; and, for an administrator of a
// condominium in trial (canBuyPlan), opening a plan's checkout and reading it back on its result page. A refusal in
// the server's words (the condominium no longer in trial, a plan no longer offered) comes back as a typed result;
// anything else throws ApiError.
import {
  type PlanCheckout,
  PlanCheckoutAnswer,
  type PlanCheckoutRequest,
  PlansAnswer,
  PRICING_PATHS,
  planCheckoutPath,
} from '../api/pricing';
import { ApiError, apiPath, call, http } from './http';

export type OpenPlanCheckoutResult = { kind: 'opened'; checkout: PlanCheckout } | { kind: 'refused'; message: string };

/** A 4xx with our error body: the server read the request and said no, in words the user can act on. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'HTTP' && error.message.trim() !== '';

export async function fetchPlans(signal?: AbortSignal): Promise<PlansAnswer> {
  return call(() => http.get(apiPath(PRICING_PATHS.list), { signal }), PlansAnswer);
}

export async function openPlanCheckout(request: PlanCheckoutRequest, signal?: AbortSignal): Promise<OpenPlanCheckoutResult> {
  try {
    const answer = await call(() => http.post(apiPath(PRICING_PATHS.purchase), { json: request, signal }), PlanCheckoutAnswer);
    return { kind: 'opened', checkout: answer.data };
  } catch (error) {
    if (isRefusal(error)) return { kind: 'refused', message: error.message };
    throw error;
  }
}

export async function fetchPlanCheckout(id: number, signal?: AbortSignal): Promise<PlanCheckout> {
  const answer = await call(() => http.get(apiPath(planCheckoutPath(id)), { signal }), PlanCheckoutAnswer);
  return answer.data;
}
