// Money (src/api/finance.ts): statements one by one and in bulk, the financial reports, banks and funds.
// Who may call each is written next to its path; the rules themselves are src/api/permissions.ts, applied
// in server/domain/finance/finance.ts.
import type { FastifyInstance } from 'fastify';
import { object, pattern, string } from 'superstruct';
import { ErrorCodes } from '../../src/api/errors';
import { BulkMailRequest, BulkPdfRequest, FINANCE_PATHS, ReportQuery, StatementQuery } from '../../src/api/finance';
import { FINANCE_HOME_PATH, FinanceHomeQuery } from '../../src/api/financeHome';
import {
  canEmailStatements,
  canSeeAccountStatement,
  canSeeAllStatements,
  financialReportsAccess,
} from '../../src/api/permissions';
import { digitsAsNumber, Id } from '../../src/api/validation';
import { paymentSettingsOf } from '../domain/checkout/settings';
import { fileByLink } from '../domain/finance/fileLinks';
import { balanceList, bulkMail, bulkPdf, dwellings, report, reportList, statement, years } from '../domain/finance/finance';
import { financeHome } from '../domain/finance/home';
import { statementFileName, statementPdf } from '../domain/finance/statementPdf';
import type { AccessData } from '../domain/shared/sessionData';
import { AppError } from '../errors';
import { SCREEN_KEEP_SECONDS } from '../plugins/keptAnswers';
import { SIGNED_IN, signedInRoutes } from './guards';

const DigitsId = (digits: number) => digitsAsNumber(Id, new RegExp(`^\\d{1,${digits}}$`));
const StatementQueryIn = object({ ...StatementQuery.schema, ApartmentId: DigitsId(10) });
const FileParams = object({ id: DigitsId(10) });
const FileQuery = object({ exp: DigitsId(12), sig: pattern(string(), /^[0-9a-f]{64}$/) });

/** A bulk request is at most 100 ids: well under the app's body limit. */
export default async function financeRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  // Decided before the query or body is validated (routes/guards.ts); the domain then checks the dwelling.
  const statementReaders = { allow: (access: AccessData) => canSeeAllStatements(access) || canSeeAccountStatement(access) };
  const bulkGenerators = { allow: canSeeAllStatements };
  const bulkMailers = { allow: (access: AccessData) => canSeeAllStatements(access) && canEmailStatements(access) };
  const reportReaders = { allow: (access: AccessData) => financialReportsAccess(access) === 'allowed' };

  // Members who see 'Estado de cuenta', staff, or the financial reports guard: years with movements.
  routes.get(FINANCE_PATHS.years, { allow: SIGNED_IN }, async (request) => ({
    success: true,
    data: await years(app.db, request.auth),
  }));

  // Administrators and board: every dwelling; members with 'Estado de cuenta': their own.
  routes.get(FINANCE_PATHS.dwellings, { allow: SIGNED_IN }, async (request) => ({
    success: true,
    data: await dwellings(app.db, request.auth),
  }));

  // The money home (financiero): members with 'Estado de cuenta' their own dwellings; administrators and board
  // any dwelling they name (without one, their own, if any).
  routes.get<{ Querystring: FinanceHomeQuery }>(
    FINANCE_HOME_PATH,
    { schema: { querystring: FinanceHomeQuery }, ...statementReaders },
    async (request) => {
      const settings = await paymentSettingsOf(app.db, request.auth.condoId, { sandbox: app.config.paymentSandbox });
      const takesPayments = settings?.enabled ?? false;
      return {
        success: true,
        data: await financeHome(app.db, app.clock, request.auth, takesPayments, request.query.ApartmentId),
      };
    },
  );

  // Administrators and board: any dwelling of the condominium; members with 'Estado de cuenta': their own.
  routes.get<{ Querystring: StatementQuery }>(
    FINANCE_PATHS.statement,
    { schema: { querystring: StatementQueryIn }, ...statementReaders, keep: SCREEN_KEEP_SECONDS },
    async (request) => ({ success: true, data: await statement(app.db, app.clock, request.auth, request.query) }),
  );

  // The same, as a PDF.
  routes.get<{ Querystring: StatementQuery }>(
    FINANCE_PATHS.statementPdf,
    { schema: { querystring: StatementQueryIn }, ...statementReaders },
    async (request, reply) => {
      const s = await statement(app.db, app.clock, request.auth, request.query);
      const pdf = await statementPdf(s, request.language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${statementFileName(s)}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  // Administrators and board (generating files is for all who reach the bulk screen): up to 100 statements
  // in one PDF; answers its short-lived link.
  routes.post<{ Body: BulkPdfRequest }>(
    FINANCE_PATHS.bulkPdf,
    { schema: { body: BulkPdfRequest }, ...bulkGenerators },
    async (request) => ({
      success: true,
      data: await bulkPdf(app.db, app.clock, app.prefix, request.auth, request.body),
    }),
  );

  // Administrators and board with the high ADEUDOS level: mails each dwelling's residents their statement.
  routes.post<{ Body: BulkMailRequest }>(
    FINANCE_PATHS.bulkMail,
    { schema: { body: BulkMailRequest }, ...bulkMailers },
    async (request) => ({
      success: true,
      enviados: await bulkMail(app.db, app.clock, app.mailer, request.auth, request.body),
    }),
  );

  // Anyone holding an unexpired signed link: the generated file, shown in the browser's own viewer.
  app.get<{ Params: { id: number }; Querystring: { exp: number; sig: string } }>(
    FINANCE_PATHS.file(':id'),
    { schema: { params: FileParams, querystring: FileQuery } },
    async (request, reply) => {
      const file = await fileByLink(app.db, app.clock, { id: request.params.id, ...request.query });
      if (file === 'invalid') throw new AppError(404, ErrorCodes.notFound, 'errors.notFound.file');
      if (file === 'expired') throw new AppError(410, ErrorCodes.notFound, 'errors.file.linkGone');
      return reply
        .type(file.contentType)
        .header('content-disposition', `inline; filename="${file.name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );

  // The financial reports guard: the reports the caller may open.
  routes.get(FINANCE_PATHS.reports, { allow: SIGNED_IN }, async (request) => ({
    success: true,
    data: await reportList(app.db, request.auth),
  }));

  // The guard plus the Clave's permission.
  routes.get<{ Querystring: ReportQuery }>(
    FINANCE_PATHS.report,
    { schema: { querystring: ReportQuery }, ...reportReaders },
    async (request) => ({ success: true, data: await report(app.db, app.clock, request.auth, request.query) }),
  );

  // The guard plus Bancos.
  routes.get(FINANCE_PATHS.banks, { allow: SIGNED_IN }, async (request) => ({
    success: true,
    data: await balanceList(app.db, app.clock, request.auth, 'Bancos'),
  }));

  // The guard plus Fondos.
  routes.get(FINANCE_PATHS.funds, { allow: SIGNED_IN }, async (request) => ({
    success: true,
    data: await balanceList(app.db, app.clock, request.auth, 'Fondos'),
  }));
}
