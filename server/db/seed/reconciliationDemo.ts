// The demo's bank statement (conciliación, issue 27): last month's BBVA statement of Residencial Las Palmas's
// operating account, built from the ledger the seed wrote (seed/ledger.ts), in BBVA's export layout
// (reconciliation/formats/layouts.ts). Its deposits are last month's payments into that account (each line names
// the dwelling and the payment's reference, as a SPEI's concept does), three cuotas of dwellings in arrears the
// ledger does not know yet, a part of a cuota naming a fourth (it waits in the queue with that dwelling
// suggested), and two deposits nobody can tell (they wait in the queue); its withdrawals are the
// month's expenses paid from the account. The seed does NOT import it: the administrator does, in the demo.
// scripts/demo-bank-statement.ts writes it for the database at hand; tests/server/reconciliationDemo.test.ts
// builds it from its own seed and imports it.
import type { Kysely } from 'kysely';
import { inZone } from '../../domain/shared/zonedTime';
import type { Clock } from '../../infra/clock';
import type { Database } from '../schema';

export const DEMO_STATEMENT_ACCOUNT = 'BBVA Cuenta operativa';
const OPENING_CENTS = 48_250_000;

const pad = (n: number) => String(n).padStart(2, '0');
const money = (cents: number) => {
  const [whole, fraction] = (Math.abs(cents) / 100).toFixed(2).split('.');
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};
const bbvaDay = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

interface Line {
  day: string;
  concept: string;
  cents: number;
}

/** Last month's first and last day in the condominium's zone. */
export function lastMonth(today: string): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(last)}` };
}

/** The demo's Residencial Las Palmas (by its subdomain) and its BBVA account, or null when the database has none
 * (a database not seeded with the demo, or whose demo lost that account). */
export async function demoStatementSource(
  db: Kysely<Database>,
): Promise<{ condoId: number; timeZone: string; accountId: number } | null> {
  const row = await db
    .selectFrom('condominiums as c')
    .innerJoin('ledger_accounts as a', 'a.condo_id', 'c.id')
    .select(['c.id', 'c.time_zone', 'a.id as account'])
    .where('c.subdomain', '=', 'palmas')
    .where('a.name', '=', DEMO_STATEMENT_ACCOUNT)
    .where('a.kind', '=', 'banco')
    .orderBy('a.id')
    .executeTakeFirst();
  return row ? { condoId: row.id, timeZone: row.time_zone, accountId: row.account } : null;
}

/** The statement as BBVA's CSV, and what it holds (for the test's counts). */
export async function demoBankStatement(
  db: Kysely<Database>,
  clock: Clock,
): Promise<{
  csv: string;
  deposits: number;
  unknown: number;
  arrears: number;
  /** The dwelling of the partial deposit, suggested in the queue (null when none owes). */
  partialDwelling: number | null;
  from: string;
  to: string;
} | null> {
  const source = await demoStatementSource(db);
  if (!source) return null;
  const condo = { id: source.condoId };
  const account = { id: source.accountId };
  const { from, to } = lastMonth(inZone(clock.now(), source.timeZone).date);
  const dwellings = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.condo_id', '=', condo.id)
    .orderBy('a.id')
    .execute();
  const label = new Map(dwellings.map((d) => [d.id, (d.tower ? `${d.tower} ${d.name}` : d.name).toUpperCase()]));

  const payments = await db
    .selectFrom('dwelling_payments')
    .select(['apartment_id', 'paid_on', 'reference', 'amount_cents'])
    .where('condo_id', '=', condo.id)
    .where('account_id', '=', account.id)
    .where('paid_on', '>=', from)
    .where('paid_on', '<=', to)
    .where('amount_cents', '>', 0)
    .orderBy('paid_on')
    .orderBy('id')
    .execute();
  const lines: Line[] = payments.map((p) => ({
    day: p.paid_on,
    concept: `SPEI RECIBIDO CUOTA ${label.get(p.apartment_id)} REF ${p.reference}`,
    cents: Number(p.amount_cents),
  }));

  // Three dwellings that owe last month's cuota and paid it by transfer: the ledger learns it from the statement.
  const paidThere = new Set(payments.map((p) => p.apartment_id));
  const owing = await db
    .selectFrom('dwelling_charges as c')
    .select(['c.apartment_id', 'c.amount_cents'])
    .where('c.condo_id', '=', condo.id)
    .where('c.charged_on', '=', from)
    .where('c.concept', 'like', 'Cuota de mantenimiento%')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('dwelling_payments as p')
            .select('p.id')
            .whereRef('p.apartment_id', '=', 'c.apartment_id')
            .where('p.paid_on', '>=', from),
        ),
      ),
    )
    .orderBy('c.apartment_id')
    .execute();
  const arrears = owing.filter((o) => !paidThere.has(o.apartment_id)).slice(0, 3);
  for (const [i, o] of arrears.entries())
    lines.push({
      day: `${from.slice(0, 8)}${pad(20 + i)}`,
      concept: `DEPOSITO SPEI PAGO MANTENIMIENTO ${label.get(o.apartment_id)}`,
      cents: Number(o.amount_cents),
    });
  // A part of a cuota from the next dwelling that owes: named on the line, another amount, so it waits in the queue
  // with that dwelling suggested (one click to accept).
  const partial = owing.filter((o) => !paidThere.has(o.apartment_id))[3];
  if (partial)
    lines.push({
      day: `${from.slice(0, 8)}23`,
      concept: `SPEI RECIBIDO ABONO PARCIAL ${label.get(partial.apartment_id)}`,
      cents: 100_000,
    });
  // Two deposits nobody can tell: the queue's.
  lines.push({ day: `${from.slice(0, 8)}18`, concept: 'DEPOSITO EN EFECTIVO SUC 0452', cents: 123_400 });
  lines.push({ day: `${from.slice(0, 8)}24`, concept: 'TRANSFERENCIA SPEI RECIBIDA SIN CONCEPTO', cents: 210_000 });

  const expenses = await db
    .selectFrom('ledger_movements')
    .select(['occurred_on', 'description', 'amount_cents'])
    .where('condo_id', '=', condo.id)
    .where('account_id', '=', account.id)
    .where('kind', '=', 'egreso')
    .where('occurred_on', '>=', from)
    .where('occurred_on', '<=', to)
    .orderBy('occurred_on')
    .orderBy('id')
    .execute();
  for (const e of expenses)
    lines.push({ day: e.occurred_on, concept: `PAGO ${e.description.toUpperCase()}`, cents: -Number(e.amount_cents) });
  lines.push({ day: to, concept: 'COMISION POR MANEJO DE CUENTA', cents: -17_400 });

  lines.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let balance = OPENING_CENTS;
  const rows = ['Día,Concepto / Referencia,cargo,Abono,Saldo'];
  for (const line of lines) {
    balance += line.cents;
    rows.push(
      [
        bbvaDay(line.day),
        csvCell(line.concept),
        line.cents < 0 ? csvCell(money(line.cents)) : '',
        line.cents > 0 ? csvCell(money(line.cents)) : '',
        csvCell(money(balance)),
      ].join(','),
    );
  }
  return {
    csv: `${rows.join('\r\n')}\r\n`,
    deposits: lines.filter((l) => l.cents > 0).length,
    unknown: 2,
    arrears: arrears.length,
    partialDwelling: partial?.apartment_id ?? null,
    from,
    to,
  };
}
