// Cargos automáticos (src/api/recurringCharges.ts). Who may call each is written next to its path; the
// rule itself is src/api/permissions.ts, applied in domain/recurringCharges/recurringCharges.ts.
import type { FastifyInstance } from 'fastify';
import { canSeeAutomaticCharges } from '../../src/api/permissions';
import {
  CancelChargeRequest,
  RECURRING_CHARGES_PATHS,
  type RecurringChargeAnswer,
  type RecurringChargesAnswer,
  RemoveCardRequest,
  UpdateAmountRequest,
} from '../../src/api/recurringCharges';
import {
  cancelRecurringCharge,
  listRecurringCharges,
  removeRecurringChargeCard,
  updateRecurringChargeAmount,
} from '../domain/recurringCharges/recurringCharges';
import { SIGNED_IN, signedInRoutes } from './guards';

export default async function recurringChargeRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Outside the condominium with the feature, 403 before the body is validated (routes/guards.ts).
  const chargeOwners = { allow: canSeeAutomaticCharges };

  // Signed in, in the condominium with the feature (else 403): the caller's own active charges.
  routes.get(RECURRING_CHARGES_PATHS.list, { allow: SIGNED_IN }, async (request): Promise<RecurringChargesAnswer> => {
    return { success: true, data: await listRecurringCharges(app.db, app.clock, request.auth) };
  });

  // The charge's owner (403 for another member's, 404 outside the condominium or once cancelled): a new
  // monthly limit, a number above 0 with at most 2 decimals (400 on monto otherwise).
  routes.post<{ Body: UpdateAmountRequest }>(
    RECURRING_CHARGES_PATHS.updateAmount,
    { schema: { body: UpdateAmountRequest }, ...chargeOwners },
    async (request): Promise<RecurringChargeAnswer> => {
      const { id, monto } = request.body;
      return { success: true, data: await updateRecurringChargeAmount(app.db, app.clock, request.auth, id, monto) };
    },
  );

  // The charge's owner, as above: cancels it.
  routes.post<{ Body: CancelChargeRequest }>(
    RECURRING_CHARGES_PATHS.cancel,
    { schema: { body: CancelChargeRequest }, ...chargeOwners },
    async (request) => {
      await cancelRecurringCharge(app.db, app.clock, request.auth, request.body.id);
      return { success: true };
    },
  );

  // The charge's owner, as above (404 also when it has no saved card): "Quitar tarjeta", the charge without its card.
  routes.post<{ Body: RemoveCardRequest }>(
    RECURRING_CHARGES_PATHS.removeCard,
    { schema: { body: RemoveCardRequest }, ...chargeOwners },
    async (request): Promise<RecurringChargeAnswer> => {
      return { success: true, data: await removeRecurringChargeCard(app.db, app.clock, request.auth, request.body.id) };
    },
  );
}
