// The money area's use cases: who may ask (the shared rules of src/api/permissions.ts, read from the
// database), then the ledger. Routes stay thin; everything here takes the database and plain values.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type Balance,
  type BulkMailRequest,
  type BulkPdfRequest,
  bulkPeriod,
  type Dwelling,
  REPORT_CLAVES,
  REPORT_TITLES,
  type Report,
  type ReportQuery,
  type ReportSummary,
  type Statement,
  type StatementQuery,
} from '../../../src/api/finance';
import {
  canEmailStatements,
  canOpenReport,
  canSeeAccountStatement,
  canSeeAllStatements,
  canSeeStatementOf,
  financialReportsAccess,
} from '../../../src/api/permissions';
import type { Language } from '../../../src/i18n/languages';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Mailer } from '../../infra/mail/mailer';
import type { Auth } from '../shared/auth';
import { documentWords } from '../shared/documentWords';
import { balances, buildReport, type Period } from '../shared/ledgerReports';
import { type AccessData, loadAccess } from '../shared/sessionData';
import { condoToday } from '../shared/zonedTime';
import { storeGeneratedFile } from './fileLinks';
import { statementMail } from './statementMail';
import { statementFileName, statementPdf, statementsPdf } from './statementPdf';
import { dwellingsOf, statementsFor, yearsWithMovements } from './statements';

/** Spec §5: the bulk form's own messages. */
const INVALID_RANGE = 'finance.bulk.invalidRange';
const YEAR_REQUIRED = 'finance.bulk.yearRequired';

const badPeriod = (field: string, message: MessageId) => new AppError(400, ErrorCodes.badRequest, message, field);

async function condoOf(db: Kysely<Database>, condoId: number) {
  return db.selectFrom('condominiums').select(['id', 'name']).where('id', '=', condoId).executeTakeFirstOrThrow();
}

/** The caller's own dwellings, whose statements they may see. */
const ownApartmentIds = (access: AccessData) => access.usuario.apartments.map((a) => a.AptId);

const mayUseStatements = (access: AccessData) => canSeeAllStatements(access) || canSeeAccountStatement(access);

export async function years(db: Kysely<Database>, auth: Auth): Promise<{ anio: number }[]> {
  const access = await loadAccess(db, auth);
  if (!mayUseStatements(access) && financialReportsAccess(access) !== 'allowed') throw forbidden();
  return (await yearsWithMovements(db, auth.condoId)).map((anio) => ({ anio }));
}

export async function dwellings(db: Kysely<Database>, auth: Auth): Promise<Dwelling[]> {
  const access = await loadAccess(db, auth);
  if (!mayUseStatements(access)) throw forbidden();
  const ids = canSeeAllStatements(access) ? undefined : ownApartmentIds(access);
  return (await dwellingsOf(db, auth.condoId, ids)).map(({ recipients: _, ...d }) => d);
}

export async function statement(db: Kysely<Database>, clock: Clock, auth: Auth, query: StatementQuery): Promise<Statement> {
  if (query.fechaFin < query.fechaInicio) throw badPeriod('fechaFin', INVALID_RANGE);
  const access = await loadAccess(db, auth);
  const [dwelling] = await dwellingsOf(db, auth.condoId, [query.ApartmentId]);
  if (!dwelling) throw notFound('errors.notFound.dwelling');
  if (!canSeeStatementOf(access, ownApartmentIds(access), query.ApartmentId)) throw forbidden();
  const today = await condoToday(db, clock, auth.condoId);
  const [result] = await statementsFor(db, await condoOf(db, auth.condoId), [dwelling], query, today);
  return result!;
}

/** The dwellings of a bulk request, all in the caller's condominium, in the order asked. */
async function bulkDwellings(db: Kysely<Database>, auth: Auth, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const found = await dwellingsOf(db, auth.condoId, unique);
  if (found.length !== unique.length) throw notFound('errors.notFound.dwelling');
  const byId = new Map(found.map((d) => [d.ApartmentId, d]));
  return unique.map((id) => byId.get(id)!);
}

function periodOf(request: BulkMailRequest): Period {
  const period = bulkPeriod(request);
  if (period) return period;
  throw request.periodo ? badPeriod('fechaFin', INVALID_RANGE) : badPeriod('year', YEAR_REQUIRED);
}

export async function bulkPdf(
  db: Kysely<Database>,
  clock: Clock,
  apiPrefix: string,
  auth: Auth,
  request: BulkPdfRequest,
): Promise<string> {
  const access = await loadAccess(db, auth);
  if (!canSeeAllStatements(access)) throw forbidden();
  const period = periodOf(request);
  const chosen = await bulkDwellings(db, auth, request.ApartmentsId);
  const today = await condoToday(db, clock, auth.condoId);
  const statements = await statementsFor(db, await condoOf(db, auth.condoId), chosen, period, today);
  // In the language of who asked for the file.
  const { t, date } = documentWords(auth.language);
  const pdf = await statementsPdf(statements, {
    tipoImpresion: request.TipoImpresion,
    language: auth.language,
    title: t('documents.statement.bulkTitle', { from: date(period.fechaInicio), to: date(period.fechaFin) }),
  });
  return storeGeneratedFile(
    db,
    clock,
    apiPrefix,
    { userId: auth.userId, condoId: auth.condoId },
    {
      name: `estados-de-cuenta-${period.fechaInicio}-${period.fechaFin}.pdf`,
      contentType: 'application/pdf',
      data: pdf,
    },
  );
}

/** Mails every resident of each dwelling their own dwelling's statement; answers how many e-mails went out. */
export async function bulkMail(
  db: Kysely<Database>,
  clock: Clock,
  mailer: Mailer,
  auth: Auth,
  request: BulkMailRequest,
): Promise<number> {
  const access = await loadAccess(db, auth);
  if (!canSeeAllStatements(access) || !canEmailStatements(access)) throw forbidden();
  const period = periodOf(request);
  const chosen = await bulkDwellings(db, auth, request.ApartmentsId);
  const today = await condoToday(db, clock, auth.condoId);
  const statements = await statementsFor(db, await condoOf(db, auth.condoId), chosen, period, today);
  let sent = 0;
  for (const [i, s] of statements.entries()) {
    // One PDF per dwelling and language, attached to each of its residents' e-mails: each resident reads
    // the mail and the statement in their own profile language.
    const pdfs = new Map<Language, Promise<Buffer>>();
    for (const { email, language } of chosen[i]!.recipients) {
      if (!pdfs.has(language)) pdfs.set(language, statementPdf(s, language));
      const pdf = { filename: statementFileName(s), content: await pdfs.get(language)! };
      await mailer.send(statementMail(email, language, s, pdf));
      sent += 1;
    }
  }
  return sent;
}

export async function reportList(db: Kysely<Database>, auth: Auth): Promise<ReportSummary[]> {
  const access = await loadAccess(db, auth);
  if (financialReportsAccess(access) !== 'allowed') throw forbidden();
  return REPORT_CLAVES.filter((clave) => canOpenReport(access, clave)).map((clave) => ({
    Clave: clave,
    Nombre: REPORT_TITLES[clave],
  }));
}

export async function report(db: Kysely<Database>, clock: Clock, auth: Auth, query: ReportQuery): Promise<Report> {
  const access = await loadAccess(db, auth);
  if (!canOpenReport(access, query.Clave)) throw forbidden();
  if (query.fechaFin < query.fechaInicio) throw badPeriod('fechaFin', INVALID_RANGE);
  return buildReport(db, auth.condoId, query.Clave, query, await condoToday(db, clock, auth.condoId));
}

/** listado-de-bancos (Bancos) and listado-de-fondos (Fondos): balances from the opening day to today. */
export async function balanceList(db: Kysely<Database>, clock: Clock, auth: Auth, of: 'Bancos' | 'Fondos'): Promise<Balance[]> {
  const access = await loadAccess(db, auth);
  if (!canOpenReport(access, of)) throw forbidden();
  const today = await condoToday(db, clock, auth.condoId);
  return balances(db, auth.condoId, of === 'Bancos' ? 'accounts' : 'funds', {
    fechaInicio: `${today.slice(0, 4)}-01-01`,
    fechaFin: today,
  });
}
