// Money (issue 5; spec §2.2 financial and bulk statements, §3.3 financial report and bulk statement request,
// §5 bulk statements, §7 financiero calls, §8, §9): the ledger's answers, shared by server and browser.
// Amounts are integer cents of MXN; dates YYYY-MM-DD in the condominium's time zone.
import { array, boolean, enums, type Infer, literal, nullable, number, object, optional, size, string } from 'superstruct';
import { CalendarDate, CalendarYear, Id } from './validation';

export const FINANCE_PATHS = {
  /** Signed in, finance or statements: GET, the years with movements (anio). */
  years: '/--financiero/obtainDateMovs',
  /** Signed in: GET, the dwellings whose statements the caller may see (their own, or all for the staff). */
  dwellings: '/--financiero/viviendas',
  /** Signed in: GET ?ApartmentId=&fechaInicio=&fechaFin=, one dwelling's statement. */
  statement: '/--financiero/estado-cuenta',
  /** Signed in: GET, the same statement as application/pdf. */
  statementPdf: '/--financiero/estado-cuenta-pdf',
  /** Administrators and board: POST, the statements of up to 100 dwellings in one PDF; answers its link. */
  bulkPdf: '/--financiero/pdf-generator-masivo/estado-cuenta',
  /** High ADEUDOS level: POST, mails each dwelling's residents their own statement. */
  bulkMail: '/--financiero/send-multi-edo-cta',
  /** Anyone holding the signed link: GET ?exp=&sig=, a generated file. */
  file: (id: number | string) => `/--financiero/archivo/${id}`,
  /** Financial reports guard: GET, the reports the caller may open. */
  reports: '/--financiero/reports-list',
  /** Financial reports guard plus the Clave's permission: GET ?Clave=&fechaInicio=&fechaFin=. */
  report: '/--financiero/reporte',
  /** Financial reports guard plus Bancos: GET. */
  banks: '/--financiero/bancos-list',
  /** Financial reports guard plus Fondos: GET. */
  funds: '/--financiero/fondos-list',
} as const;

/** Spec §9: bulk statements go in batches of 100 dwellings. */
export const BULK_BATCH_SIZE = 100;
/** How long a generated file's link works. */
export const FILE_LINK_SECONDS = 15 * 60;

/** Spec §3.3: the report titles by Clave; Morosos is the special case. */
export const REPORT_TITLES = {
  DetIng: 'Ingresos',
  DetEg: 'Egresos',
  Presup: 'Presupuestos',
  Bancos: 'Bancos y cajas',
  Fondos: 'Fondos',
  IngEg: 'Consolidado',
  Morosos: 'Morosos',
} as const;
export type ReportClave = keyof typeof REPORT_TITLES;
export const REPORT_CLAVES = Object.keys(REPORT_TITLES) as ReportClave[];

export const YearsAnswer = object({ success: literal(true), data: array(object({ anio: number() })) });
export type YearsAnswer = Infer<typeof YearsAnswer>;

export const Dwelling = object({
  ApartmentId: number(),
  AptName: string(),
  TorreName: nullable(string()),
  Residentes: array(string()),
});
export type Dwelling = Infer<typeof Dwelling>;
export const DwellingsAnswer = object({ success: literal(true), data: array(Dwelling) });
export type DwellingsAnswer = Infer<typeof DwellingsAnswer>;

export const StatementQuery = object({
  ApartmentId: Id,
  fechaInicio: CalendarDate,
  fechaFin: CalendarDate,
});
export type StatementQuery = Infer<typeof StatementQuery>;

export const StatementLine = object({
  fecha: string(),
  concepto: string(),
  /** Cents: a charge raises the balance, a payment (abono) lowers it. */
  cargo: number(),
  abono: number(),
  saldo: number(),
  /** A payment's line: the payment, whose receipt it opens (src/api/receipts.ts). */
  paymentId: optional(number()),
});
export type StatementLine = Infer<typeof StatementLine>;

export const Statement = object({
  ApartmentId: number(),
  AptName: string(),
  TorreName: nullable(string()),
  CondoName: string(),
  Residentes: array(string()),
  fechaInicio: string(),
  fechaFin: string(),
  saldoInicial: number(),
  totalCargos: number(),
  totalAbonos: number(),
  saldoFinal: number(),
  /** What was already due (due date passed) and is still unpaid at the end of the period (or today). */
  vencido: number(),
  movimientos: array(StatementLine),
});
export type Statement = Infer<typeof Statement>;
export const StatementAnswer = object({ success: literal(true), data: Statement });
export type StatementAnswer = Infer<typeof StatementAnswer>;

export const TIPOS_IMPRESION = ['normal', 'por-pagina'] as const;
export type TipoImpresion = (typeof TIPOS_IMPRESION)[number];

/** Spec §3.3 bulk statement request; periodo true: fechaInicio–fechaFin, false: the whole year. */
export const BulkMailRequest = object({
  ApartmentsId: size(array(Id), 1, BULK_BATCH_SIZE),
  fechaInicio: optional(nullable(CalendarDate)),
  fechaFin: optional(nullable(CalendarDate)),
  periodo: boolean(),
  year: optional(nullable(CalendarYear)),
});
export type BulkMailRequest = Infer<typeof BulkMailRequest>;

export const BulkPdfRequest = object({
  ApartmentsId: size(array(Id), 1, BULK_BATCH_SIZE),
  fechaInicio: optional(nullable(CalendarDate)),
  fechaFin: optional(nullable(CalendarDate)),
  periodo: boolean(),
  year: optional(nullable(CalendarYear)),
  TipoDescarga: size(string(), 1, 20),
  TipoImpresion: enums(TIPOS_IMPRESION),
});
export type BulkPdfRequest = Infer<typeof BulkPdfRequest>;

export const BulkPdfAnswer = object({ success: literal(true), data: string() });
export type BulkPdfAnswer = Infer<typeof BulkPdfAnswer>;
export const BulkMailAnswer = object({ success: literal(true), enviados: number() });
export type BulkMailAnswer = Infer<typeof BulkMailAnswer>;

/** The period of a bulk request: a whole year, or the range. Null when the request does not say. */
export function bulkPeriod(request: Pick<BulkMailRequest, 'periodo' | 'year' | 'fechaInicio' | 'fechaFin'>) {
  if (request.periodo) {
    if (!request.fechaInicio || !request.fechaFin || request.fechaFin < request.fechaInicio) return null;
    return { fechaInicio: request.fechaInicio, fechaFin: request.fechaFin };
  }
  if (!request.year || !Number.isInteger(request.year)) return null;
  return { fechaInicio: `${request.year}-01-01`, fechaFin: `${request.year}-12-31` };
}

/** Spec §4: fewer than 100 dwellings go in one request; otherwise batches of 100. */
export function batchesOf<T>(items: readonly T[], size = BULK_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

export const ReportSummary = object({ Clave: string(), Nombre: string() });
export type ReportSummary = Infer<typeof ReportSummary>;
export const ReportsAnswer = object({ success: literal(true), data: array(ReportSummary) });
export type ReportsAnswer = Infer<typeof ReportsAnswer>;

export const ReportQuery = object({ Clave: enums(REPORT_CLAVES), fechaInicio: CalendarDate, fechaFin: CalendarDate });
export type ReportQuery = Infer<typeof ReportQuery>;

/** 'dinero': cents; 'numero': a plain count (days, dwellings). */
export const ColumnKind = enums(['dinero', 'numero'] as const);

/** A report column's key: the screens word it in the reader's language (finance.column.<key>); `nombre` is the
 * Spanish name documents and the CSV of old keep. */
export const REPORT_COLUMNS = {
  importe: 'Importe',
  presupuesto: 'Presupuesto',
  ejercido: 'Ejercido',
  diferencia: 'Diferencia',
  saldoInicial: 'Saldo inicial',
  entradas: 'Entradas',
  salidas: 'Salidas',
  saldoFinal: 'Saldo final',
  ingresos: 'Ingresos',
  egresos: 'Egresos',
  resultado: 'Resultado',
  adeudo: 'Adeudo',
  antiguedad: 'Antigüedad (días)',
} as const;
export type ReportColumnKey = keyof typeof REPORT_COLUMNS;
export const REPORT_COLUMN_KEYS = Object.keys(REPORT_COLUMNS) as ReportColumnKey[];
export const Report = object({
  Clave: string(),
  Titulo: string(),
  fechaInicio: string(),
  fechaFin: string(),
  columnas: array(object({ clave: enums(REPORT_COLUMN_KEYS), nombre: string(), tipo: ColumnKind })),
  filas: array(object({ etiqueta: string(), valores: array(number()) })),
  /** One per column; null where a total means nothing (an age in days). */
  totales: array(nullable(number())),
});
export type Report = Infer<typeof Report>;
export const ReportAnswer = object({ success: literal(true), data: Report });
export type ReportAnswer = Infer<typeof ReportAnswer>;

export const Balance = object({
  id: number(),
  nombre: string(),
  tipo: string(),
  saldoInicial: number(),
  entradas: number(),
  salidas: number(),
  saldo: number(),
});
export type Balance = Infer<typeof Balance>;
export const BalancesAnswer = object({ success: literal(true), data: array(Balance) });
export type BalancesAnswer = Infer<typeof BalancesAnswer>;

const MXN = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' });

/** MXN with the Mexican locale (spec §9), from cents. */
export function formatMoney(cents: number): string {
  return MXN.format(cents / 100);
}
