// Browser side of the money area (src/api/finance.ts): statements one by one and in bulk, reports, banks
// and funds. Every answer is checked against the contract.
import {
  BalancesAnswer,
  BulkMailAnswer,
  type BulkMailRequest,
  BulkPdfAnswer,
  type BulkPdfRequest,
  DwellingsAnswer,
  FINANCE_PATHS,
  ReportAnswer,
  type ReportQuery,
  ReportsAnswer,
  StatementAnswer,
  type StatementQuery,
  YearsAnswer,
} from '../api/finance';
import { FINANCE_HOME_PATH, FinanceHomeAnswer, type FinanceHomeQuery } from '../api/financeHome';
import { ApiError, apiPath, call, http } from './http';

export const fetchYears = (signal?: AbortSignal) =>
  call(() => http.get(apiPath(FINANCE_PATHS.years), { signal }), YearsAnswer).then((a) => a.data.map((y) => y.anio));

export const fetchDwellings = (signal?: AbortSignal) =>
  call(() => http.get(apiPath(FINANCE_PATHS.dwellings), { signal }), DwellingsAnswer).then((a) => a.data);

/** The money home: the caller's own dwellings, or the one named (any, for the staff). */
export const fetchFinanceHome = (query: FinanceHomeQuery, signal?: AbortSignal) =>
  call(
    () =>
      http.get(apiPath(FINANCE_HOME_PATH), {
        searchParams: query.ApartmentId === undefined ? {} : { ApartmentId: query.ApartmentId },
        signal,
      }),
    FinanceHomeAnswer,
  ).then((a) => a.data);

export const fetchStatement = (query: StatementQuery, signal?: AbortSignal) =>
  call(() => http.get(apiPath(FINANCE_PATHS.statement), { searchParams: { ...query }, signal }), StatementAnswer).then(
    (a) => a.data,
  );

/** The statement's PDF as a Blob (the request carries the app-token, so a plain link cannot fetch it). */
export async function fetchStatementPdf(query: StatementQuery, signal?: AbortSignal): Promise<Blob> {
  try {
    return await http.get(apiPath(FINANCE_PATHS.statementPdf), { searchParams: { ...query }, signal }).blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
}

/** One batch of statements as a PDF; answers the file's short-lived URL. */
export const generateStatements = (request: BulkPdfRequest, signal?: AbortSignal) =>
  call(() => http.post(apiPath(FINANCE_PATHS.bulkPdf), { json: request, signal }), BulkPdfAnswer).then((a) => a.data);

/** Mails one batch's residents their statements; answers how many e-mails went out. */
export const mailStatements = (request: BulkMailRequest, signal?: AbortSignal) =>
  call(() => http.post(apiPath(FINANCE_PATHS.bulkMail), { json: request, signal }), BulkMailAnswer).then((a) => a.enviados);

export const fetchReports = (signal?: AbortSignal) =>
  call(() => http.get(apiPath(FINANCE_PATHS.reports), { signal }), ReportsAnswer).then((a) => a.data);

export const fetchReport = (query: ReportQuery, signal?: AbortSignal) =>
  call(() => http.get(apiPath(FINANCE_PATHS.report), { searchParams: { ...query }, signal }), ReportAnswer).then((a) => a.data);

export const fetchBanks = (signal?: AbortSignal) =>
  call(() => http.get(apiPath(FINANCE_PATHS.banks), { signal }), BalancesAnswer).then((a) => a.data);

export const fetchFunds = (signal?: AbortSignal) =>
  call(() => http.get(apiPath(FINANCE_PATHS.funds), { signal }), BalancesAnswer).then((a) => a.data);
