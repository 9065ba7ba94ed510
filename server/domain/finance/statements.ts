// Account statements (estado-cta): opening balance, charges, payments, running and closing balance and the
// overdue amount of one dwelling over a period. Many dwellings are read in two queries, so the bulk route
// costs the same few round trips for 1 or 100 statements.
import type { Kysely } from 'kysely';
import type { Statement, StatementLine } from '../../../src/api/finance';
import { isLanguage } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import type { Period } from '../shared/ledgerReports';

/**
 * The dwellings of a condominium with their residents' names, and whom to mail (their e-mails and profile
 * languages); only those in `ids` when given.
 */
export async function dwellingsOf(db: Kysely<Database>, condoId: number, ids?: readonly number[]) {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.condo_id', '=', condoId)
    .orderBy('a.id');
  if (ids) query = query.where('a.id', 'in', [...ids]);
  const apartments = await query.execute();
  let residentsQuery = db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select(['r.apartment_id', 'u.name', 'u.email', 'm.language'])
    .where('a.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .orderBy('u.name');
  if (ids) residentsQuery = residentsQuery.where('r.apartment_id', 'in', [...ids]);
  const residents = await residentsQuery.execute();
  return apartments.map((a) => {
    const people = residents.filter((r) => r.apartment_id === a.id);
    return {
      ApartmentId: a.id,
      AptName: a.name,
      TorreName: a.tower,
      Residentes: people.map((p) => p.name),
      recipients: people.map((p) => ({ email: p.email, language: isLanguage(p.language) ? p.language : ('es' as const) })),
    };
  });
}

export type DwellingWithEmails = Awaited<ReturnType<typeof dwellingsOf>>[number];

/** The statements of the given dwellings (all of the condominium's), in the order given. */
export async function statementsFor(
  db: Kysely<Database>,
  condo: { id: number; name: string },
  dwellings: readonly DwellingWithEmails[],
  period: Period,
  today: string,
): Promise<Statement[]> {
  if (dwellings.length === 0) return [];
  const ids = dwellings.map((d) => d.ApartmentId);
  const charges = await db
    .selectFrom('dwelling_charges')
    .select(['apartment_id', 'concept', 'charged_on', 'due_on', 'amount_cents'])
    .where('condo_id', '=', condo.id)
    .where('apartment_id', 'in', ids)
    .where('charged_on', '<=', period.fechaFin)
    .orderBy('charged_on')
    .orderBy('id')
    .execute();
  const payments = await db
    .selectFrom('dwelling_payments')
    .select(['id', 'apartment_id', 'reference', 'paid_on', 'amount_cents'])
    .where('condo_id', '=', condo.id)
    .where('apartment_id', 'in', ids)
    .where('paid_on', '<=', period.fechaFin)
    .orderBy('paid_on')
    .orderBy('id')
    .execute();
  const chargesBy = groupBy(charges, (c) => c.apartment_id);
  const paymentsBy = groupBy(payments, (p) => p.apartment_id);
  const asOf = period.fechaFin < today ? period.fechaFin : today;

  return dwellings.map((dwelling) => {
    const own = chargesBy.get(dwelling.ApartmentId) ?? [];
    const paid = paymentsBy.get(dwelling.ApartmentId) ?? [];
    let opening = 0;
    let dueCharges = 0;
    let paidByAsOf = 0;
    const entries: { fecha: string; order: number; concepto: string; cargo: number; abono: number; paymentId?: number }[] = [];
    for (const c of own) {
      const amount = Number(c.amount_cents);
      if (c.charged_on < period.fechaInicio) opening += amount;
      // A credit (negative charge: a cancelled reservation's fee, a returned deposit) reads as an abono.
      else
        entries.push({
          fecha: c.charged_on,
          order: 0,
          concepto: c.concept,
          cargo: Math.max(amount, 0),
          abono: Math.max(-amount, 0),
        });
      if (amount < 0 ? c.charged_on <= asOf : c.due_on < asOf) dueCharges += amount;
    }
    for (const p of paid) {
      const amount = Number(p.amount_cents);
      if (p.paid_on < period.fechaInicio) opening -= amount;
      else
        entries.push({
          fecha: p.paid_on,
          order: 1,
          concepto: p.reference ? `Pago ${p.reference}` : 'Pago',
          cargo: 0,
          abono: amount,
          paymentId: p.id,
        });
      if (p.paid_on <= asOf) paidByAsOf += amount;
    }
    entries.sort((a, b) => (a.fecha === b.fecha ? a.order - b.order : a.fecha < b.fecha ? -1 : 1));
    let balance = opening;
    let totalCargos = 0;
    let totalAbonos = 0;
    const movimientos: StatementLine[] = entries.map((e) => {
      balance += e.cargo - e.abono;
      totalCargos += e.cargo;
      totalAbonos += e.abono;
      const line: StatementLine = { fecha: e.fecha, concepto: e.concepto, cargo: e.cargo, abono: e.abono, saldo: balance };
      if (e.paymentId !== undefined) line.paymentId = e.paymentId;
      return line;
    });
    return {
      ApartmentId: dwelling.ApartmentId,
      AptName: dwelling.AptName,
      TorreName: dwelling.TorreName,
      CondoName: condo.name,
      Residentes: dwelling.Residentes,
      fechaInicio: period.fechaInicio,
      fechaFin: period.fechaFin,
      saldoInicial: opening,
      totalCargos,
      totalAbonos,
      saldoFinal: balance,
      vencido: Math.max(0, dueCharges - paidByAsOf),
      movimientos,
    };
  });
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/** Years with any charge, payment or movement, newest first (obtainDateMovs). */
export async function yearsWithMovements(db: Kysely<Database>, condoId: number): Promise<number[]> {
  const dates = await Promise.all([
    db
      .selectFrom('dwelling_charges')
      .select([db.fn.min('charged_on').as('first'), db.fn.max('charged_on').as('last')])
      .where('condo_id', '=', condoId)
      .executeTakeFirst(),
    db
      .selectFrom('ledger_movements')
      .select([db.fn.min('occurred_on').as('first'), db.fn.max('occurred_on').as('last')])
      .where('condo_id', '=', condoId)
      .executeTakeFirst(),
  ]);
  const years = dates.flatMap((d) => [d?.first, d?.last]).filter((v): v is string => typeof v === 'string');
  if (years.length === 0) return [];
  const numbers = years.map((d) => Number(d.slice(0, 4)));
  const from = Math.min(...numbers);
  const to = Math.max(...numbers);
  return Array.from({ length: to - from + 1 }, (_, i) => to - i);
}
