// The financial reports of spec §3.3 over the ledger, for a period: Ingresos, Egresos, Presupuestos, Bancos
// y cajas, Fondos, Consolidado, and Morosos (dwellings in arrears with amount and age). Sums are done by the
// database; PostgreSQL answers bigint sums as text, hence the Number() on every one.
// The ledger is the one source of money (DESIGN.md §8): every figure of money is read through these. Shared:
// finance (the reports and statements), management (its money figures), polls (a dwelling's arrears bar it from
// a vote) and reservations (arrears bar a booking).
import type { Kysely } from 'kysely';
import {
  type Balance,
  REPORT_COLUMNS,
  REPORT_TITLES,
  type Report,
  type ReportClave,
  type ReportColumnKey,
} from '../../../src/api/finance';
import type { Database } from '../../db/schema';

/** A period of the ledger, both days included (YYYY-MM-DD). */
export interface Period {
  fechaInicio: string;
  fechaFin: string;
}

export const MAINTENANCE = 'Cuotas de mantenimiento';
const DAY_MS = 86_400_000;

const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export async function paymentsTotal(db: Kysely<Database>, condoId: number, p: Period): Promise<number> {
  const row = await db
    .selectFrom('dwelling_payments')
    .select((eb) => eb.fn.sum<string | number>('amount_cents').as('total'))
    .where('condo_id', '=', condoId)
    .where('paid_on', '>=', p.fechaInicio)
    .where('paid_on', '<=', p.fechaFin)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

async function movementsByCategory(db: Kysely<Database>, condoId: number, kind: string, p: Period) {
  const rows = await db
    .selectFrom('ledger_movements')
    .select(['category', (eb) => eb.fn.sum<string | number>('amount_cents').as('total')])
    .where('condo_id', '=', condoId)
    .where('kind', '=', kind)
    .where('occurred_on', '>=', p.fechaInicio)
    .where('occurred_on', '<=', p.fechaFin)
    .groupBy('category')
    .orderBy('category')
    .execute();
  return rows.map((r) => ({ category: r.category, total: Number(r.total) }));
}

async function incomeByCategory(db: Kysely<Database>, condoId: number, p: Period) {
  const cuotas = await paymentsTotal(db, condoId, p);
  return [{ category: MAINTENANCE, total: cuotas }, ...(await movementsByCategory(db, condoId, 'ingreso', p))];
}

const money = (clave: ReportColumnKey) => ({ clave, nombre: REPORT_COLUMNS[clave], tipo: 'dinero' as const });
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function table(
  clave: ReportClave,
  p: Period,
  columnas: Report['columnas'],
  filas: Report['filas'],
  totales?: Report['totales'],
): Report {
  return {
    Clave: clave,
    Titulo: REPORT_TITLES[clave],
    fechaInicio: p.fechaInicio,
    fechaFin: p.fechaFin,
    columnas,
    filas,
    totales: totales ?? columnas.map((_, i) => sum(filas.map((f) => f.valores[i] ?? 0))),
  };
}

/** Balances of the bank and cash accounts (or of the funds) over a period. */
export async function balances(db: Kysely<Database>, condoId: number, of: 'accounts' | 'funds', p: Period): Promise<Balance[]> {
  const before = dayBefore(p.fechaInicio);
  const flows = async (from: string | null, to: string) => {
    const key = of === 'accounts' ? 'account_id' : 'fund_id';
    let moves = db
      .selectFrom('ledger_movements')
      .select([`${key} as owner`, 'kind', (eb) => eb.fn.sum<string | number>('amount_cents').as('total')])
      .where('condo_id', '=', condoId)
      .where('occurred_on', '<=', to)
      .groupBy([key, 'kind']);
    if (from) moves = moves.where('occurred_on', '>=', from);
    const rows = (await moves.execute()).map((r) => ({ owner: r.owner, kind: r.kind, total: Number(r.total) }));
    if (of === 'accounts') {
      let paid = db
        .selectFrom('dwelling_payments')
        .select(['account_id as owner', (eb) => eb.fn.sum<string | number>('amount_cents').as('total')])
        .where('condo_id', '=', condoId)
        .where('paid_on', '<=', to)
        .groupBy('account_id');
      if (from) paid = paid.where('paid_on', '>=', from);
      for (const r of await paid.execute()) rows.push({ owner: r.owner, kind: 'ingreso', total: Number(r.total) });
    }
    const inOut = new Map<number, { entradas: number; salidas: number }>();
    for (const r of rows) {
      if (r.owner === null) continue;
      const entry = inOut.get(r.owner) ?? { entradas: 0, salidas: 0 };
      if (r.kind === 'ingreso') entry.entradas += r.total;
      else entry.salidas += r.total;
      inOut.set(r.owner, entry);
    }
    return inOut;
  };
  const owners =
    of === 'accounts'
      ? await db
          .selectFrom('ledger_accounts')
          .select(['id', 'name', 'kind', 'opening_cents'])
          .where('condo_id', '=', condoId)
          .orderBy('id')
          .execute()
      : (
          await db
            .selectFrom('ledger_funds')
            .select(['id', 'name', 'opening_cents'])
            .where('condo_id', '=', condoId)
            .orderBy('id')
            .execute()
        ).map((f) => ({ ...f, kind: 'fondo' }));
  const earlier = await flows(null, before);
  const during = await flows(p.fechaInicio, p.fechaFin);
  return owners.map((o) => {
    const e = earlier.get(o.id) ?? { entradas: 0, salidas: 0 };
    const d = during.get(o.id) ?? { entradas: 0, salidas: 0 };
    const saldoInicial = Number(o.opening_cents) + e.entradas - e.salidas;
    return {
      id: o.id,
      nombre: o.name,
      tipo: o.kind,
      saldoInicial,
      entradas: d.entradas,
      salidas: d.salidas,
      saldo: saldoInicial + d.entradas - d.salidas,
    };
  });
}

/** Dwellings with an overdue amount at `asOf`: payments settle the oldest charges first; the age counts from
 * the due date of the oldest charge still unpaid. */
export async function arrears(db: Kysely<Database>, condoId: number, asOf: string) {
  const charges = await db
    .selectFrom('dwelling_charges')
    .select(['apartment_id', 'due_on', 'amount_cents'])
    .where('condo_id', '=', condoId)
    .where('due_on', '<', asOf)
    .where('amount_cents', '>', 0)
    .orderBy('apartment_id')
    .orderBy('due_on')
    .execute();
  const paid = await db
    .selectFrom('dwelling_payments')
    .select(['apartment_id', (eb) => eb.fn.sum<string | number>('amount_cents').as('total')])
    .where('condo_id', '=', condoId)
    .where('paid_on', '<=', asOf)
    .groupBy('apartment_id')
    .execute();
  // Credits (negative charges: a cancelled reservation's fee, a returned deposit) settle like payments from the
  // day they are posted, rather than counting as charges of their own.
  const credited = await db
    .selectFrom('dwelling_charges')
    .select(['apartment_id', (eb) => eb.fn.sum<string | number>('amount_cents').as('total')])
    .where('condo_id', '=', condoId)
    .where('charged_on', '<=', asOf)
    .where('amount_cents', '<', 0)
    .groupBy('apartment_id')
    .execute();
  const paidBy = new Map(paid.map((p) => [p.apartment_id, Number(p.total)]));
  for (const c of credited) paidBy.set(c.apartment_id, (paidBy.get(c.apartment_id) ?? 0) - Number(c.total));
  const result = new Map<number, { adeudo: number; dias: number }>();
  let current = -1;
  let credit = 0;
  for (const c of charges) {
    if (c.apartment_id !== current) {
      current = c.apartment_id;
      credit = paidBy.get(current) ?? 0;
    }
    const amount = Number(c.amount_cents);
    if (credit >= amount) {
      credit -= amount;
      continue;
    }
    const owed = amount - credit;
    credit = 0;
    const entry = result.get(current);
    if (entry) entry.adeudo += owed;
    else result.set(current, { adeudo: owed, dias: daysBetween(c.due_on, asOf) });
  }
  return result;
}

export async function buildReport(
  db: Kysely<Database>,
  condoId: number,
  clave: ReportClave,
  p: Period,
  today: string,
): Promise<Report> {
  switch (clave) {
    case 'DetIng': {
      const rows = await incomeByCategory(db, condoId, p);
      return table(
        clave,
        p,
        [money('importe')],
        rows.map((r) => ({ etiqueta: r.category, valores: [r.total] })),
      );
    }
    case 'DetEg': {
      const rows = await movementsByCategory(db, condoId, 'egreso', p);
      return table(
        clave,
        p,
        [money('importe')],
        rows.map((r) => ({ etiqueta: r.category, valores: [r.total] })),
      );
    }
    case 'Presup': {
      const from = Number(p.fechaInicio.slice(0, 4));
      const to = Number(p.fechaFin.slice(0, 4));
      const budgets = await db
        .selectFrom('ledger_budgets')
        .select(['kind', 'category', (eb) => eb.fn.sum<string | number>('amount_cents').as('total')])
        .where('condo_id', '=', condoId)
        .where('year', '>=', from)
        .where('year', '<=', to)
        .groupBy(['kind', 'category'])
        .orderBy('kind', 'desc')
        .orderBy('category')
        .execute();
      const actual = new Map<string, number>();
      for (const r of await incomeByCategory(db, condoId, p)) actual.set(`ingreso/${r.category}`, r.total);
      for (const r of await movementsByCategory(db, condoId, 'egreso', p)) actual.set(`egreso/${r.category}`, r.total);
      const filas = budgets.map((b) => {
        const planned = Number(b.total);
        const spent = actual.get(`${b.kind}/${b.category}`) ?? 0;
        return {
          etiqueta: `${b.kind === 'ingreso' ? 'Ingreso' : 'Egreso'}: ${b.category}`,
          valores: [planned, spent, planned - spent],
        };
      });
      return table(clave, p, [money('presupuesto'), money('ejercido'), money('diferencia')], filas);
    }
    case 'Bancos':
    case 'Fondos': {
      const rows = await balances(db, condoId, clave === 'Bancos' ? 'accounts' : 'funds', p);
      return table(
        clave,
        p,
        [money('saldoInicial'), money('entradas'), money('salidas'), money('saldoFinal')],
        rows.map((r) => ({ etiqueta: r.nombre, valores: [r.saldoInicial, r.entradas, r.salidas, r.saldo] })),
      );
    }
    case 'IngEg': {
      const months: Period[] = [];
      let cursor = `${p.fechaInicio.slice(0, 7)}-01`;
      while (cursor <= p.fechaFin) {
        const [y, m] = cursor.split('-').map(Number) as [number, number];
        const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
        const start = cursor < p.fechaInicio ? p.fechaInicio : cursor;
        const end = dayBefore(next) > p.fechaFin ? p.fechaFin : dayBefore(next);
        months.push({ fechaInicio: start, fechaFin: end });
        cursor = next;
      }
      const filas = [];
      for (const month of months) {
        const income = sum((await incomeByCategory(db, condoId, month)).map((r) => r.total));
        const expense = sum((await movementsByCategory(db, condoId, 'egreso', month)).map((r) => r.total));
        filas.push({ etiqueta: month.fechaInicio.slice(0, 7), valores: [income, expense, income - expense] });
      }
      return table(clave, p, [money('ingresos'), money('egresos'), money('resultado')], filas);
    }
    case 'Morosos': {
      const asOf = p.fechaFin < today ? p.fechaFin : today;
      const owed = await arrears(db, condoId, asOf);
      const apartments = await db
        .selectFrom('apartments as a')
        .leftJoin('towers as t', 't.id', 'a.tower_id')
        .select(['a.id', 'a.name', 't.name as tower'])
        .where('a.condo_id', '=', condoId)
        .orderBy('a.id')
        .execute();
      const filas = apartments
        .filter((a) => owed.has(a.id))
        .map((a) => {
          const o = owed.get(a.id)!;
          return { etiqueta: a.tower ? `${a.tower} - ${a.name}` : a.name, valores: [o.adeudo, o.dias] };
        })
        .sort((x, y) => (y.valores[0] ?? 0) - (x.valores[0] ?? 0));
      return table(
        clave,
        { fechaInicio: p.fechaInicio, fechaFin: asOf },
        [money('adeudo'), { clave: 'antiguedad', nombre: REPORT_COLUMNS.antiguedad, tipo: 'numero' }],
        filas,
        [sum(filas.map((f) => f.valores[0] ?? 0)), null],
      );
    }
  }
}
