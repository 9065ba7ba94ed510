// The money figures of management control, each read through the financial reports' own functions
// (server/domain/shared/ledgerReports.ts: buildReport, paymentsTotal, arrears, balances), never a formula of its
// own: the ledger is the one source of money (DESIGN.md §8), and each figure equals the report it opens.
// The only arithmetic added here is the budget's share of the year (budgetForMonths: yearly × months / 12),
// since the ledger keeps budgets by year.
import type { Kysely } from 'kysely';
import { REPORT_TITLES } from '../../../src/api/finance';
import {
  ARREARS_BUCKETS,
  type Arrears,
  arrearsBucket,
  type Balances,
  budgetForMonths,
  type Collection,
  type PeriodResult,
  type Results,
  reportLink,
} from '../../../src/api/management';
import { addDays } from '../../../src/api/reservationRules';
import type { Database } from '../../db/schema';
import type { Period } from '../shared/ledgerReports';
import { arrears, balances, buildReport, MAINTENANCE, paymentsTotal } from '../shared/ledgerReports';

/** What the caller may open among the money screens (permissions.canOpenReport by Clave). */
export type MayOpen = (clave: 'DetIng' | 'DetEg' | 'Presup' | 'Bancos' | 'Fondos' | 'Morosos') => boolean;

const linkTo = (mayOpen: MayOpen, clave: 'DetIng' | 'DetEg' | 'Presup' | 'Morosos') =>
  mayOpen(clave) ? reportLink(clave, REPORT_TITLES[clave]) : null;

/** This month from its first day to today, the whole of last month, and the year to today. */
export function periodsOf(today: string): { month: Period; lastMonth: Period; year: Period; monthIndex: number } {
  const first = `${today.slice(0, 7)}-01`;
  const lastDay = addDays(first, -1);
  return {
    month: { fechaInicio: first, fechaFin: today },
    lastMonth: { fechaInicio: `${lastDay.slice(0, 7)}-01`, fechaFin: lastDay },
    year: { fechaInicio: `${today.slice(0, 4)}-01-01`, fechaFin: today },
    monthIndex: Number(today.slice(5, 7)),
  };
}

/** The year's budgets as the Presupuestos report lists them ("Ingreso: …" / "Egreso: …", yearly amount). */
async function yearlyBudgets(db: Kysely<Database>, condoId: number, year: Period, today: string) {
  const report = await buildReport(db, condoId, 'Presup', year, today);
  let income: number | null = null;
  let expenses: number | null = null;
  let maintenance: number | null = null;
  for (const row of report.filas) {
    const planned = row.valores[0] ?? 0;
    if (row.etiqueta.startsWith('Ingreso: ')) income = (income ?? 0) + planned;
    else expenses = (expenses ?? 0) + planned;
    if (row.etiqueta === `Ingreso: ${MAINTENANCE}`) maintenance = planned;
  }
  return { income, expenses, maintenance };
}

const totalOf = async (db: Kysely<Database>, condoId: number, clave: 'DetIng' | 'DetEg', p: Period, today: string) =>
  (await buildReport(db, condoId, clave, p, today)).totales[0] ?? 0;

const share = (yearly: number | null, months: number) => (yearly === null ? null : budgetForMonths(yearly, months));

export async function moneyFigures(db: Kysely<Database>, condoId: number, today: string, mayOpen: MayOpen) {
  const { month, lastMonth, year, monthIndex } = periodsOf(today);
  const budgets = await yearlyBudgets(db, condoId, year, today);

  const cobranza: Collection = {
    mes: await paymentsTotal(db, condoId, month),
    mesAnterior: await paymentsTotal(db, condoId, lastMonth),
    presupuesto: share(budgets.maintenance, 1),
    enlace: linkTo(mayOpen, 'DetIng'),
  };

  const result = async (p: Period, months: number): Promise<PeriodResult> => ({
    desde: p.fechaInicio,
    hasta: p.fechaFin,
    ingresos: await totalOf(db, condoId, 'DetIng', p, today),
    egresos: await totalOf(db, condoId, 'DetEg', p, today),
    presupuestoIngresos: share(budgets.income, months),
    presupuestoEgresos: share(budgets.expenses, months),
  });
  const resultados: Results = {
    mes: await result(month, 1),
    anio: await result(year, monthIndex),
    enlaceIngresos: linkTo(mayOpen, 'DetIng'),
    enlaceEgresos: linkTo(mayOpen, 'DetEg'),
    enlacePresupuesto: linkTo(mayOpen, 'Presup'),
  };

  // As the Morosos report reads them today: payments and credits (abonos) settle the oldest charges first.
  const owed = await arrears(db, condoId, today);
  const buckets = new Map(ARREARS_BUCKETS.map((b) => [b, { monto: 0, viviendas: 0 }]));
  for (const { adeudo, dias } of owed.values()) {
    const bucket = buckets.get(arrearsBucket(dias))!;
    bucket.monto += adeudo;
    bucket.viviendas += 1;
  }
  const rangos = ARREARS_BUCKETS.map((rango) => ({ rango, ...buckets.get(rango)! }));
  const morosidad: Arrears = {
    rangos,
    monto: rangos.reduce((s, r) => s + r.monto, 0),
    viviendas: owed.size,
    enlace: linkTo(mayOpen, 'Morosos'),
  };

  // As listado-de-bancos and listado-de-fondos compute them: from the first of the year to today.
  const balanceOf = async (of: 'accounts' | 'funds', clave: 'Bancos' | 'Fondos', path: string): Promise<Balances> => {
    const rows = await balances(db, condoId, of, year);
    return {
      filas: rows.map((r) => ({ id: r.id, nombre: r.nombre, tipo: r.tipo, saldo: r.saldo })),
      total: rows.reduce((s, r) => s + r.saldo, 0),
      enlace: mayOpen(clave) ? path : null,
    };
  };
  const bancos = await balanceOf('accounts', 'Bancos', '/panel-financiero/listado-de-bancos');
  const fondos = await balanceOf('funds', 'Fondos', '/panel-financiero/listado-de-fondos');

  return { cobranza, morosidad, resultados, bancos, fondos };
}
