// The pricing and plans page (spec §2.1 precios-y-planes, src/api/pricing.ts).
import type { FastifyInstance } from 'fastify';
import { type PlansAnswer, PRICING_PATHS } from '../../src/api/pricing';
import { listActivePlans } from '../domain/pricing/plans';

export default async function pricingRoutes(app: FastifyInstance) {
  // Public, no session: visitors compare plans; a signed-in administrator sees the same list.
  app.get(PRICING_PATHS.list, async (): Promise<PlansAnswer> => ({ success: true, plans: await listActivePlans(app.db) }));
}
