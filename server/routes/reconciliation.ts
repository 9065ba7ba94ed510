// Bank statement reconciliation (conciliación, src/api/reconciliation.ts, issue 27): preview and import a
// statement, the imports, the queue of movements, accepting, splitting and setting aside a deposit, undoing a
// reconciled one, and the saved column mappings. Who may: whoever may record a payment ("Registrar pago",
// permissions.canRecordPayment: administrators and the debts permission to edit), since every accepted match is
// a payment recorded; undoing one is the administrators' (permissions.canManagePayments), as it cancels a
// receipt. Checked before the body is read (401 without a session, 403 otherwise); another condominium's
// movement, mapping, account or dwelling is 404 in the domain.
import type { FastifyInstance } from 'fastify';
import { canManagePayments, canRecordPayment } from '../../src/api/permissions';
import {
  AcceptRequest,
  type BankMovementAnswer,
  type BankMovementListAnswer,
  BankMovementListQuery,
  CategorizeRequest,
  type ColumnMappingAnswer,
  ColumnMappingDraft,
  type ColumnMappingListAnswer,
  type ExpenseRuleAnswer,
  ExpenseRuleDraft,
  type ExpenseRuleListAnswer,
  MappingRenameRequest,
  MovementParams,
  RECONCILIATION_PATHS,
  SplitRequest,
  STATEMENT_BODY_LIMIT,
  type StatementImportAnswer,
  type StatementImportListAnswer,
  StatementImportListQuery,
  StatementImportRequest,
  type StatementPreviewAnswer,
  StatementUpload,
  UndoRequest,
} from '../../src/api/reconciliation';
import { exampleStatement, hasExampleStatement } from '../domain/reconciliation/example';
import { listExpenseRules, removeExpenseRule, saveExpenseRule } from '../domain/reconciliation/expenses';
import { importStatement, listImports, previewStatement } from '../domain/reconciliation/imports';
import { listMappings, removeMapping, renameMapping, saveMapping } from '../domain/reconciliation/mappings';
import {
  acceptMovement,
  categorizeMovement,
  dismissMovement,
  listMovements,
  splitMovement,
  undoMovement,
} from '../domain/reconciliation/queue';
import { signedInRoutes } from './guards';

export default async function reconciliationRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const recorders = { allow: canRecordPayment };
  const admins = { allow: canManagePayments };

  routes.post<{ Body: StatementUpload }>(
    RECONCILIATION_PATHS.preview,
    { schema: { body: StatementUpload }, ...recorders, bodyLimit: STATEMENT_BODY_LIMIT },
    async (request): Promise<StatementPreviewAnswer> => ({
      success: true,
      preview: await previewStatement(app.db, request.auth, request.body),
    }),
  );

  routes.post<{ Body: StatementImportRequest }>(
    RECONCILIATION_PATHS.importStatement,
    { schema: { body: StatementImportRequest }, ...recorders, bodyLimit: STATEMENT_BODY_LIMIT },
    async (request, reply): Promise<StatementImportAnswer> => {
      const imported = await importStatement(app.db, app.clock, request.auth, request.body);
      reply.code(201);
      return { success: true, import: imported };
    },
  );

  routes.get<{ Querystring: StatementImportListQuery }>(
    RECONCILIATION_PATHS.imports,
    { schema: { querystring: StatementImportListQuery }, ...recorders },
    async (request): Promise<StatementImportListAnswer> => ({
      success: true,
      ...(await listImports(app.db, request.auth, request.query)),
      exampleStatement: await hasExampleStatement(app.db, request.auth.condoId),
    }),
  );

  routes.get(RECONCILIATION_PATHS.exampleStatement, recorders, async (request, reply) => {
    const file = await exampleStatement(app.db, app.clock, request.auth);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.csv);
  });

  routes.get<{ Querystring: BankMovementListQuery }>(
    RECONCILIATION_PATHS.movements,
    { schema: { querystring: BankMovementListQuery }, ...recorders },
    async (request): Promise<BankMovementListAnswer> => ({
      success: true,
      ...(await listMovements(app.db, request.auth, request.query)),
    }),
  );

  routes.post<{ Params: MovementParams; Body: AcceptRequest }>(
    RECONCILIATION_PATHS.accept,
    { schema: { params: MovementParams, body: AcceptRequest }, ...recorders },
    async (request): Promise<BankMovementAnswer> => ({
      success: true,
      movement: await acceptMovement(app.db, app.clock, request.auth, request.params.id, request.body.apartmentId),
    }),
  );

  routes.post<{ Params: MovementParams; Body: SplitRequest }>(
    RECONCILIATION_PATHS.split,
    { schema: { params: MovementParams, body: SplitRequest }, ...recorders },
    async (request): Promise<BankMovementAnswer> => ({
      success: true,
      movement: await splitMovement(app.db, app.clock, request.auth, request.params.id, request.body.parts),
    }),
  );

  routes.post<{ Params: MovementParams }>(
    RECONCILIATION_PATHS.dismiss,
    { schema: { params: MovementParams }, ...recorders },
    async (request): Promise<BankMovementAnswer> => ({
      success: true,
      movement: await dismissMovement(app.db, app.clock, request.auth, request.params.id),
    }),
  );

  routes.post<{ Params: MovementParams; Body: UndoRequest }>(
    RECONCILIATION_PATHS.undo,
    { schema: { params: MovementParams, body: UndoRequest }, ...admins },
    async (request): Promise<BankMovementAnswer> => ({
      success: true,
      movement: await undoMovement(app.db, app.clock, request.auth, request.params.id, request.body.reason),
    }),
  );

  routes.get(
    RECONCILIATION_PATHS.mappings,
    recorders,
    async (request): Promise<ColumnMappingListAnswer> => ({ success: true, items: await listMappings(app.db, request.auth) }),
  );

  routes.post<{ Body: ColumnMappingDraft }>(
    RECONCILIATION_PATHS.mappings,
    { schema: { body: ColumnMappingDraft }, ...recorders },
    async (request, reply): Promise<ColumnMappingAnswer> => {
      const mapping = await saveMapping(app.db, app.clock, request.auth, request.body);
      reply.code(201);
      return { success: true, mapping };
    },
  );

  routes.post<{ Params: MovementParams }>(
    RECONCILIATION_PATHS.removeMapping,
    { schema: { params: MovementParams }, ...recorders },
    async (request) => {
      await removeMapping(app.db, app.clock, request.auth, request.params.id);
      return { success: true };
    },
  );

  routes.post<{ Params: MovementParams; Body: MappingRenameRequest }>(
    RECONCILIATION_PATHS.renameMapping,
    { schema: { params: MovementParams, body: MappingRenameRequest }, ...recorders },
    async (request): Promise<ColumnMappingAnswer> => ({
      success: true,
      mapping: await renameMapping(app.db, app.clock, request.auth, request.params.id, request.body.name),
    }),
  );

  routes.get(
    RECONCILIATION_PATHS.expenseRules,
    recorders,
    async (request): Promise<ExpenseRuleListAnswer> => ({ success: true, ...(await listExpenseRules(app.db, request.auth)) }),
  );

  routes.post<{ Body: ExpenseRuleDraft }>(
    RECONCILIATION_PATHS.expenseRules,
    { schema: { body: ExpenseRuleDraft }, ...recorders },
    async (request, reply): Promise<ExpenseRuleAnswer> => {
      const rule = await saveExpenseRule(app.db, app.clock, request.auth, request.body);
      reply.code(201);
      return { success: true, rule };
    },
  );

  routes.post<{ Params: MovementParams }>(
    RECONCILIATION_PATHS.removeExpenseRule,
    { schema: { params: MovementParams }, ...recorders },
    async (request) => {
      await removeExpenseRule(app.db, app.clock, request.auth, request.params.id);
      return { success: true };
    },
  );

  routes.post<{ Params: MovementParams; Body: CategorizeRequest }>(
    RECONCILIATION_PATHS.categorize,
    { schema: { params: MovementParams, body: CategorizeRequest }, ...recorders },
    async (request): Promise<BankMovementAnswer> => ({
      success: true,
      movement: await categorizeMovement(app.db, app.clock, request.auth, request.params.id, request.body),
    }),
  );
}
