// The pricing and plans page (spec §2.1 precios-y-planes, src/api/pricing.ts), and a plan bought through the
// product's own payment provider (issue 28, trial pay link; PLATFORM_PAYMENT_PROVIDER). The provider's webhook
// for a plan's checkout comes through paying online's webhook route (routes/checkout.ts), which tells it by its
// reference.
import type { FastifyInstance } from 'fastify';
import { canSeeAdminPanel } from '../../src/api/permissions';
import {
  type PlanCheckoutAnswer,
  PlanCheckoutParams,
  PlanCheckoutRequest,
  type PlansAnswer,
  PRICING_PATHS,
} from '../../src/api/pricing';
import { platformPaymentProvider } from '../domain/checkout/providers/registry';
import { createPlanCheckout, type PlanCheckoutDeps, readPlanCheckout } from '../domain/pricing/planCheckouts';
import { listActivePlans } from '../domain/pricing/plans';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';

/** The product's provider for a plan's checkout (null: none configured), as the domain asks for it. */
export function planProviderOf(app: FastifyInstance): PlanCheckoutDeps['provider'] {
  const platform = app.config.platformPayments;
  return platform ? platformPaymentProvider(app.db, app.clock, platform, app.config.paymentProviderApiBase) : null;
}

export default async function pricingRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Administrators of the condominium; the domain refuses (409) one that is neither in trial nor expired.
  const admins = { allow: canSeeAdminPanel };

  // Public, no session: visitors compare plans; a signed-in administrator sees the same list.
  app.get(
    PRICING_PATHS.list,
    async (): Promise<PlansAnswer> => ({
      success: true,
      plans: await listActivePlans(app.db),
      payOnline: app.config.platformPayments !== null,
    }),
  );

  routes.post<{ Body: PlanCheckoutRequest }>(
    PRICING_PATHS.purchase,
    { schema: { body: PlanCheckoutRequest }, ...admins },
    async (request, reply): Promise<PlanCheckoutAnswer> => {
      const { checkout, created } = await createPlanCheckout(
        app.db,
        { clock: app.clock, provider: planProviderOf(app), appBase: appBaseUrl(app.config, request) },
        request.auth,
        request.body,
      );
      reply.code(created ? 201 : 200);
      return { success: true, data: checkout };
    },
  );

  routes.get<{ Params: PlanCheckoutParams }>(
    PRICING_PATHS.checkout,
    { schema: { params: PlanCheckoutParams }, ...admins },
    async (request, reply): Promise<PlanCheckoutAnswer> => {
      reply.header('cache-control', 'no-store');
      return { success: true, data: await readPlanCheckout(app.db, request.auth, request.params.id) };
    },
  );
}
