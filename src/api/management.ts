// Management control (/condominio/control-gerencial, spec §2.2; issue 16): one summary of the condominium for
// administrators and the board (permissions.canSeeManagementControl), for today's month in its time zone.
// Money is integer cents of MXN, read from the ledger by the financial reports' own functions
// (server/domain/shared/ledgerReports.ts), so each figure agrees with the report it opens. Every figure carries
// `enlace`: the /condominio path of its detail screen, or null when the caller may not open that screen.
import { array, enums, type Infer, literal, nullable, number, object, string } from 'superstruct';
import { POLL_COUNTINGS } from './polls';

export const MANAGEMENT_PATHS = {
  /** Administrators and the board: GET, the summary of the condominium today. */
  summary: '/--control-gerencial/resumen',
} as const;

/** The age buckets of arrears, in days since the due date of the oldest unpaid charge. */
export const ARREARS_BUCKETS = ['0-30', '31-60', '61-90', '90+'] as const;
export type ArrearsBucket = (typeof ARREARS_BUCKETS)[number];

/** The age buckets of open requests, in days since they were filed (counted on the condominium's calendar). */
export const REQUEST_BUCKETS = ['0-2', '3-7', '8-30', '30+'] as const;
export type RequestBucket = (typeof REQUEST_BUCKETS)[number];

/** Guest traffic covers this many weeks (7-day windows ending today). */
export const TRAFFIC_WEEKS = 4;
/** Polls closed within this many days still show their participation. */
export const RECENT_POLL_DAYS = 30;

export function arrearsBucket(days: number): ArrearsBucket {
  if (days <= 30) return '0-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

export function requestBucket(days: number): RequestBucket {
  if (days <= 2) return '0-2';
  if (days <= 7) return '3-7';
  if (days <= 30) return '8-30';
  return '30+';
}

/** A budget for part of a year: the yearly amount spread evenly over its months, rounded to the cent. */
export const budgetForMonths = (yearly: number, months: number) => Math.round((yearly * months) / 12);

const Link = nullable(string());

export const Collection = object({
  /** Payments received from dwellings this month, and in the whole of last month. */
  mes: number(),
  mesAnterior: number(),
  /** The month's share of the year's budget for Cuotas de mantenimiento; null without one. */
  presupuesto: nullable(number()),
  enlace: Link,
});
export type Collection = Infer<typeof Collection>;

export const ArrearsRow = object({ rango: enums(ARREARS_BUCKETS), monto: number(), viviendas: number() });
export const Arrears = object({ rangos: array(ArrearsRow), monto: number(), viviendas: number(), enlace: Link });
export type Arrears = Infer<typeof Arrears>;

export const PeriodResult = object({
  desde: string(),
  hasta: string(),
  ingresos: number(),
  egresos: number(),
  /** The period's share of the year's budgets (income, expenses); null without budgets that year. */
  presupuestoIngresos: nullable(number()),
  presupuestoEgresos: nullable(number()),
});
export type PeriodResult = Infer<typeof PeriodResult>;

export const Results = object({
  mes: PeriodResult,
  anio: PeriodResult,
  enlaceIngresos: Link,
  enlaceEgresos: Link,
  enlacePresupuesto: Link,
});
export type Results = Infer<typeof Results>;

export const BalanceRow = object({ id: number(), nombre: string(), tipo: string(), saldo: number() });
export const Balances = object({ filas: array(BalanceRow), total: number(), enlace: Link });
export type Balances = Infer<typeof Balances>;

export const TrafficWeek = object({
  desde: string(),
  hasta: string(),
  /** Passes residents created that week, and guests who registered themselves through a link. */
  pases: number(),
  registros: number(),
});
export const Traffic = object({ semanas: array(TrafficWeek), enlace: Link });
export type Traffic = Infer<typeof Traffic>;

export const RequestsRow = object({ rango: enums(REQUEST_BUCKETS), total: number() });
export const Requests = object({ rangos: array(RequestsRow), total: number(), enlace: Link });
export type Requests = Infer<typeof Requests>;

export const Reservations = object({
  /** Monday to Sunday of this week. */
  desde: string(),
  hasta: string(),
  confirmadas: number(),
  pendientes: number(),
  enlace: Link,
});
export type Reservations = Infer<typeof Reservations>;

export const PollParticipation = object({
  id: number(),
  titulo: string(),
  fase: enums(['abierta', 'cerrada'] as const),
  cierra: string(),
  /** How it counts, and its participation as the poll itself reads it (src/api/polls.ts participationOf): ballots
   * that count, the electorate fixed at opening (barred seats included), the share in basis points (by indiviso
   * when it counts by indiviso). */
  conteo: enums(POLL_COUNTINGS),
  votantes: number(),
  electorado: number(),
  participacion: number(),
  enlace: Link,
});
export type PollParticipation = Infer<typeof PollParticipation>;

export const ManagementSummary = object({
  /** Today and its month in the condominium's time zone. */
  hoy: string(),
  cobranza: Collection,
  morosidad: Arrears,
  resultados: Results,
  bancos: Balances,
  fondos: Balances,
  visitas: Traffic,
  solicitudes: Requests,
  reservaciones: Reservations,
  encuestas: array(PollParticipation),
});
export type ManagementSummary = Infer<typeof ManagementSummary>;

export const ManagementSummaryAnswer = object({ success: literal(true), data: ManagementSummary });
export type ManagementSummaryAnswer = Infer<typeof ManagementSummaryAnswer>;

/** The /condominio path of a financial report (the panel's own link: ?Clave=&Nombre=). */
export const reportLink = (clave: string, nombre: string) =>
  `/panel-financiero/ver-reporte?${new URLSearchParams({ Clave: clave, Nombre: nombre }).toString()}`;
