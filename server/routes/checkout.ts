// Paying online (src/api/checkout.ts): the resident's options, checkout and its result; the provider's webhook;
// the sandbox provider's own page and buttons; and the administrators' settings (permissions.canManagePayments).
// Who may call each is written next to its path; paying's rule is permissions.canPayOnline, checked with the
// dwelling in server/domain/checkout/checkouts.ts.
import type { FastifyInstance } from 'fastify';
import {
  CHECKOUT_PATHS,
  type CheckoutAnswer,
  type CheckoutOptionsAnswer,
  CheckoutOptionsQuery,
  CheckoutParams,
  CheckoutRequest,
  type PaymentSettingsAnswer,
  PaymentSettingsDraft,
  ProviderReturnParams,
  type SandboxCheckoutAnswer,
  SandboxOutcomeParams,
  SandboxRefParams,
  WebhookParams,
} from '../../src/api/checkout';
import { canManagePayments, canSeeAccountStatement } from '../../src/api/permissions';
import { isPlanCheckoutRef } from '../../src/api/pricing';
import { checkoutNotFound, checkoutOptions, createCheckout, readCheckout, returnPathOf } from '../domain/checkout/checkouts';
import { sandboxCheckout, sandboxOutcome, sandboxStillOpen, signedSandboxEvent } from '../domain/checkout/sandboxPage';
import type { ProviderPolicy } from '../domain/checkout/settings';
import { readPaymentSettings, savePaymentSettings } from '../domain/checkout/settingsAdmin';
import { badSignature, receiveWebhook } from '../domain/checkout/webhooks';
import { namesPlanCheckout, planSandboxRow, receivePlanWebhook } from '../domain/pricing/planCheckouts';
import type { AccessData } from '../domain/shared/sessionData';
import { appBaseUrl } from '../infra/links';
import { signedInRoutes } from './guards';
import { planProviderOf } from './pricing';

/** The webhook's signature is over the bytes sent: they are kept beside the parsed body. */
const RAW_BODY = Symbol('rawBody');
type WithRawBody = { [RAW_BODY]?: Buffer };

export default async function checkoutRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Members with 'Estado de cuenta'; the domain then answers 404 for a dwelling they do not live in.
  const payers = { allow: (access: AccessData) => canSeeAccountStatement(access) };
  const admins = { allow: canManagePayments };
  // PAYMENT_SANDBOX (server/config.ts): off, the sandbox is neither offered nor paid through, and its public
  // routes (its page, its buttons, its webhook) answer 404 as if they were not there.
  const policy: ProviderPolicy = { sandbox: app.config.paymentSandbox };
  // PAYMENT_PROVIDER_API_BASE (tests only): where a real provider's SDK sends its calls.
  const apiBase = app.config.paymentProviderApiBase;
  // Where a provider's page sends the resident: the app's pages, and its API (this plugin's prefix).
  const linksOf = (base: string | null) => (base ? { app: base, api: `${base}${app.prefix}` } : null);
  const sandboxOnly = () => {
    if (!policy.sandbox) throw checkoutNotFound();
  };

  routes.get<{ Querystring: CheckoutOptionsQuery }>(
    CHECKOUT_PATHS.options,
    { schema: { querystring: CheckoutOptionsQuery }, ...payers },
    async (request): Promise<CheckoutOptionsAnswer> => ({
      success: true,
      data: await checkoutOptions(app.db, policy, request.auth, request.query.ApartmentId),
    }),
  );

  routes.post<{ Body: CheckoutRequest }>(
    CHECKOUT_PATHS.create,
    { schema: { body: CheckoutRequest }, ...payers },
    async (request, reply): Promise<CheckoutAnswer> => {
      const { checkout, created } = await createCheckout(
        app.db,
        { clock: app.clock, policy, apiBase, links: linksOf(appBaseUrl(app.config, request)) },
        request.auth,
        request.body,
      );
      reply.code(created ? 201 : 200);
      return { success: true, data: checkout };
    },
  );

  routes.get<{ Params: CheckoutParams }>(
    CHECKOUT_PATHS.checkout,
    { schema: { params: CheckoutParams }, ...payers },
    async (request, reply): Promise<CheckoutAnswer> => {
      reply.header('cache-control', 'no-store');
      return { success: true, data: await readCheckout(app.db, request.auth, request.params.id) };
    },
  );

  // Administrators: the settings, with the providers this deployment offers and the accounts to choose from.
  routes.get(
    CHECKOUT_PATHS.settings,
    admins,
    async (request): Promise<PaymentSettingsAnswer> => ({
      success: true,
      data: await readPaymentSettings(app.db, policy, request.auth),
    }),
  );

  // Administrators: saves them (400 on the field; 404 another condominium's account; 409 a provider not offered).
  routes.post<{ Body: PaymentSettingsDraft }>(
    CHECKOUT_PATHS.settings,
    { schema: { body: PaymentSettingsDraft }, ...admins },
    async (request): Promise<PaymentSettingsAnswer> => ({
      success: true,
      data: await savePaymentSettings(app.db, { clock: app.clock, policy }, request.auth, request.body),
    }),
  );

  // The sandbox provider's page: public, the reference is the permission (counted per address, found or not).
  app.get<{ Params: SandboxRefParams }>(
    CHECKOUT_PATHS.sandboxCheckout,
    { schema: { params: SandboxRefParams } },
    async (request, reply): Promise<SandboxCheckoutAnswer> => {
      sandboxOnly();
      await app.rateLimiter.consume([{ limit: 'checkoutSandboxPerIp', key: request.ip }]);
      reply.header('cache-control', 'no-store');
      const { ref } = request.params;
      // A plan's checkout (domain/pricing, the product's own account) has the same sandbox page.
      if (isPlanCheckoutRef(ref)) {
        const row = await planSandboxRow(app.db, ref);
        const data = {
          ref,
          condoName: row.condoName,
          method: 'tarjeta' as const,
          totalCents: Number(row.total_cents),
          state: row.state as SandboxCheckoutAnswer['data']['state'],
          payReference: null,
          returnPath: row.returnPath,
        };
        return { success: true, data };
      }
      return { success: true, data: await sandboxCheckout(app.db, ref) };
    },
  );
  app.post<{ Params: SandboxOutcomeParams }>(
    CHECKOUT_PATHS.sandboxOutcome,
    { schema: { params: SandboxOutcomeParams } },
    async (request) => {
      sandboxOnly();
      await app.rateLimiter.consume([{ limit: 'checkoutSandboxPerIp', key: request.ip }]);
      const { ref, outcome } = request.params;
      if (isPlanCheckoutRef(ref)) {
        const row = await planSandboxRow(app.db, ref);
        sandboxStillOpen(row, app.clock.now());
        const event = await signedSandboxEvent(app.db, app.clock, {
          ref,
          amountCents: Number(row.total_cents),
          method: 'tarjeta',
          outcome,
          saveCard: false,
        });
        await receivePlanWebhook(
          app.db,
          { clock: app.clock, provider: planProviderOf(app) },
          'sandbox',
          event.raw,
          event.headers,
        );
        return { success: true as const };
      }
      await sandboxOutcome(app.db, { clock: app.clock }, ref, outcome);
      return { success: true as const };
    },
  );

  // A provider's page sends the resident back here (no session needed: the result page asks for one).
  app.get<{ Params: ProviderReturnParams }>(
    CHECKOUT_PATHS.providerReturn,
    { schema: { params: ProviderReturnParams } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.redirect(await returnPathOf(app.db, request.params.ref), 303);
    },
  );

  // The provider's webhook, no session: its signature is the permission. Its own JSON parser keeps the bytes.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
      (request as unknown as WithRawBody)[RAW_BODY] = body as Buffer;
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(null, {});
      }
    });
    scope.post<{ Params: WebhookParams }>(CHECKOUT_PATHS.webhook, { schema: { params: WebhookParams } }, async (request) => {
      if (request.params.provider === 'sandbox') sandboxOnly();
      const raw = (request as unknown as WithRawBody)[RAW_BODY] ?? Buffer.alloc(0);
      // A plan's checkout (its reference says so) is the product's own account's: checked with its keys.
      if (namesPlanCheckout(raw)) {
        const deps = { clock: app.clock, provider: planProviderOf(app) };
        const outcome = await receivePlanWebhook(app.db, deps, request.params.provider, raw, request.headers);
        if (outcome === null) throw badSignature();
        return { success: true as const, outcome };
      }
      const outcome = await receiveWebhook(app.db, { clock: app.clock, apiBase }, request.params.provider, raw, request.headers);
      return { success: true as const, outcome };
    });
  });
}
