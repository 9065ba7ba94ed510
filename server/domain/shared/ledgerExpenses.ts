// The ledger's expenses (egresos): ledger_movements of kind 'egreso', read by the Egresos report, the budgets and
// the balances of accounts and funds (ledgerReports.ts). The one way an area writes or removes one: with its
// history row (audit.ts), in the caller's transaction. Also what the ledger knows to categorise one by: the
// expense categories it has used or budgeted, and its funds. Used by bank reconciliation (issue 27: a statement's
// withdrawals become expenses by the condominium's category rules, and undoing removes them).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit } from './audit';

export const EXPENSE_KIND = 'egreso';

export interface ExpenseDraft {
  condoId: number;
  accountId: number;
  fundId: number | null;
  category: string;
  description: string;
  /** YYYY-MM-DD. */
  occurredOn: string;
  /** Above 0: what left the account. */
  amountCents: number;
}

export interface ExpenseAudit {
  actorUserId: number | null;
  at: Date | string;
  /** What the history row adds about where the expense came from. */
  after?: Record<string, unknown>;
}

/** Writes the expense and its history row; its id. */
export async function insertLedgerExpense(trx: Kysely<Database>, draft: ExpenseDraft, audit: ExpenseAudit): Promise<number> {
  if (!Number.isInteger(draft.amountCents) || draft.amountCents <= 0) throw new Error('an expense is above 0 cents');
  const { id } = await trx
    .insertInto('ledger_movements')
    .values({
      condo_id: draft.condoId,
      kind: EXPENSE_KIND,
      category: draft.category,
      description: draft.description.slice(0, 200),
      occurred_on: draft.occurredOn,
      amount_cents: draft.amountCents,
      account_id: draft.accountId,
      fund_id: draft.fundId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    condoId: draft.condoId,
    actorUserId: audit.actorUserId,
    entity: 'ledger_movement',
    entityId: id,
    action: 'create',
    after: {
      kind: EXPENSE_KIND,
      category: draft.category,
      amountCents: draft.amountCents,
      occurredOn: draft.occurredOn,
      accountId: draft.accountId,
      fundId: draft.fundId,
      ...audit.after,
    },
    at: audit.at,
  });
  return id;
}

/** Removes an expense of the condominium, with its history row (what it was, and why). */
export async function removeLedgerExpense(
  trx: Kysely<Database>,
  condoId: number,
  id: number,
  audit: ExpenseAudit & { reason: string },
): Promise<void> {
  const row = await trx
    .selectFrom('ledger_movements')
    .selectAll()
    .where('id', '=', id)
    .where('condo_id', '=', condoId)
    .where('kind', '=', EXPENSE_KIND)
    .executeTakeFirst();
  if (!row) return;
  await trx.deleteFrom('ledger_movements').where('id', '=', id).execute();
  await recordAudit(trx, {
    condoId,
    actorUserId: audit.actorUserId,
    entity: 'ledger_movement',
    entityId: id,
    action: 'delete',
    before: {
      kind: row.kind,
      category: row.category,
      description: row.description,
      amountCents: Number(row.amount_cents),
      occurredOn: row.occurred_on,
      accountId: row.account_id,
      fundId: row.fund_id,
    },
    after: { reason: audit.reason, ...audit.after },
    at: audit.at,
  });
}

/** The expense categories the ledger knows for the condominium (used or budgeted), and its funds. */
export async function expenseChoices(
  db: Kysely<Database>,
  condoId: number,
): Promise<{ categories: string[]; funds: { id: number; name: string }[] }> {
  const used = await db
    .selectFrom('ledger_movements')
    .select('category')
    .distinct()
    .where('condo_id', '=', condoId)
    .where('kind', '=', EXPENSE_KIND)
    .execute();
  const budgeted = await db
    .selectFrom('ledger_budgets')
    .select('category')
    .distinct()
    .where('condo_id', '=', condoId)
    .where('kind', '=', EXPENSE_KIND)
    .execute();
  const funds = await db
    .selectFrom('ledger_funds')
    .select(['id', 'name'])
    .where('condo_id', '=', condoId)
    .orderBy('id')
    .execute();
  const categories = [...new Set([...used, ...budgeted].map((r) => r.category))].sort((a, b) => a.localeCompare(b, 'es'));
  return { categories, funds };
}
