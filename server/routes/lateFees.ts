// Late fees (recargos, src/api/lateFees.ts, issue 27): the rule, its exemptions, the fees applied, waiving one and
// applying this period's now. Administrators only (permissions.canManageLateFees, checked before the body is read:
// 401 without a session, 403 otherwise); another condominium's dwelling, exemption or fee is 404 in the domain.
import type { FastifyInstance } from 'fastify';
import {
  LATE_FEE_PATHS,
  type LateFeeAnswer,
  type LateFeeApplyAnswer,
  type LateFeeExemptionAnswer,
  LateFeeExemptionDraft,
  type LateFeeListAnswer,
  LateFeeListQuery,
  LateFeeParams,
  type LateFeeRuleAnswer,
  LateFeeRuleDraft,
  type LateFeeSettingsAnswer,
  LateFeeWaiveRequest,
} from '../../src/api/lateFees';
import { canManageLateFees } from '../../src/api/permissions';
import { applyLateFees } from '../domain/lateFees/apply';
import { listLateFees, waiveLateFee } from '../domain/lateFees/fees';
import { addExemption, lateFeeSettings, removeExemption, saveRule } from '../domain/lateFees/settings';
import { signedInRoutes } from './guards';

export default async function lateFeeRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const admins = { allow: canManageLateFees };

  // Administrators: the rule, the exemptions, the dwellings and this period.
  routes.get(
    LATE_FEE_PATHS.rule,
    admins,
    async (request): Promise<LateFeeSettingsAnswer> => ({
      success: true,
      ...(await lateFeeSettings(app.db, app.clock, request.auth)),
    }),
  );

  // Administrators: saves the rule (400 on the field when an active rule would charge 0).
  routes.post<{ Body: LateFeeRuleDraft }>(
    LATE_FEE_PATHS.rule,
    { schema: { body: LateFeeRuleDraft }, ...admins },
    async (request): Promise<LateFeeRuleAnswer> => ({
      success: true,
      rule: await saveRule(app.db, app.clock, request.auth, request.body),
    }),
  );

  // Administrators: exempts an active dwelling of the condominium (201; 404 another's; 409 already exempt).
  routes.post<{ Body: LateFeeExemptionDraft }>(
    LATE_FEE_PATHS.exemptions,
    { schema: { body: LateFeeExemptionDraft }, ...admins },
    async (request, reply): Promise<LateFeeExemptionAnswer> => {
      const exemption = await addExemption(app.db, app.clock, request.auth, request.body);
      reply.code(201);
      return { success: true, exemption };
    },
  );

  // Administrators: removes an exemption of the condominium (404 another's).
  routes.post<{ Params: LateFeeParams }>(
    LATE_FEE_PATHS.removeExemption,
    { schema: { params: LateFeeParams }, ...admins },
    async (request) => {
      await removeExemption(app.db, app.clock, request.auth, request.params.id);
      return { success: true };
    },
  );

  // Administrators: the fees applied, newest period first, paged, by period and dwelling.
  routes.get<{ Querystring: LateFeeListQuery }>(
    LATE_FEE_PATHS.list,
    { schema: { querystring: LateFeeListQuery }, ...admins },
    async (request): Promise<LateFeeListAnswer> => ({
      success: true,
      ...(await listLateFees(app.db, request.auth, request.query)),
    }),
  );

  // Administrators: waives a fee with a reason (404 another condominium's; 409 already waived).
  routes.post<{ Params: LateFeeParams; Body: LateFeeWaiveRequest }>(
    LATE_FEE_PATHS.waive,
    { schema: { params: LateFeeParams, body: LateFeeWaiveRequest }, ...admins },
    async (request): Promise<LateFeeAnswer> => ({
      success: true,
      fee: await waiveLateFee(app.db, app.clock, request.auth, request.params.id, request.body.reason),
    }),
  );

  // Administrators: this period's fees now, as the daily job applies them (a fee already applied is not again).
  routes.post(LATE_FEE_PATHS.apply, admins, async (request): Promise<LateFeeApplyAnswer> => {
    const now = app.clock.now();
    const result = await app.db
      .transaction()
      .execute((trx) => applyLateFees(trx, request.auth.condoId, now, request.auth.userId));
    return { success: true, ...result };
  });
}
