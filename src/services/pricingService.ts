// Browser side of the pricing page (src/api/pricing.ts): the plans on offer, public.
import { PlansAnswer, PRICING_PATHS } from '../api/pricing';
import { apiPath, call, http } from './http';

export async function fetchPlans(signal?: AbortSignal): Promise<PlansAnswer> {
  return call(() => http.get(apiPath(PRICING_PATHS.list), { signal }), PlansAnswer);
}
