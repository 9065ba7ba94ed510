// A statement's withdrawals as expenses (conciliación, issue 27; src/api/reconciliation.ts). On import, each new
// withdrawal is, in this order: the expense the ledger already has of it (kind 'egreso', the statement's account,
// the same amount within LINK_WINDOW_DAYS, claimed by no other withdrawal; the closest day first): linked, nothing
// written; or the expense of the condominium's category rule its description falls under (ruleFor: the longest
// text it contains): written through the ledger's one expense writer (shared/ledgerExpenses.ts); or left as
// "retiro sin registrar", to be categorised from the queue (which may save the rule). Each link is one row of
// reconciliation_expenses, unique per withdrawal and per expense, so a withdrawal is recorded once (its movement
// is kept once by its fingerprint, and every writer takes the condominium first). The rules are saved per
// condominium, one per text, like the column mappings.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type CategorizeRequest,
  type ExpenseRule,
  type ExpenseRuleDraft,
  foldRuleText,
  ruleFor,
} from '../../../src/api/reconciliation';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { EXPENSE_KIND, expenseChoices, insertLedgerExpense, removeLedgerExpense } from '../shared/ledgerExpenses';
import { LINK_WINDOW_DAYS } from './matching';

const ruleNotFound = () => new AppError(404, ErrorCodes.notFound, 'reconciliation.error.ruleNotFound');
const fundNotFound = () => new AppError(404, ErrorCodes.notFound, 'reconciliation.error.fundNotFound', 'fundId');

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

type RuleRow = { id: number; contains: string; category: string; fund_id: number | null; fund: string | null };

async function ruleRows(db: Kysely<Database>, condoId: number): Promise<RuleRow[]> {
  return db
    .selectFrom('reconciliation_expense_rules as r')
    .leftJoin('ledger_funds as f', 'f.id', 'r.fund_id')
    .select(['r.id', 'r.contains', 'r.category', 'r.fund_id', 'f.name as fund'])
    .where('r.condo_id', '=', condoId)
    .orderBy('r.contains')
    .execute();
}

const ruleOf = (r: RuleRow): ExpenseRule => ({
  id: r.id,
  contains: r.contains,
  category: r.category,
  fundId: r.fund_id,
  fundName: r.fund ?? null,
});

export async function listExpenseRules(db: Kysely<Database>, auth: Auth) {
  const choices = await expenseChoices(db, auth.condoId);
  return { items: (await ruleRows(db, auth.condoId)).map(ruleOf), ...choices };
}

async function checkFund(db: Kysely<Database>, condoId: number, fundId: number | null | undefined) {
  if (fundId === null || fundId === undefined) return;
  const fund = await db
    .selectFrom('ledger_funds')
    .select('id')
    .where('id', '=', fundId)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!fund) throw fundNotFound();
}

/** Saves the rule in the caller's transaction (the same text again replaces it); its id. */
async function upsertRule(trx: Kysely<Database>, auth: Auth, draft: ExpenseRuleDraft, at: string): Promise<number> {
  await checkFund(trx, auth.condoId, draft.fundId);
  const contains = foldRuleText(draft.contains);
  const category = draft.category.trim();
  const fundId = draft.fundId ?? null;
  await trx
    .insertInto('reconciliation_expense_rules')
    .values({ condo_id: auth.condoId, contains, category, fund_id: fundId, updated_at: at })
    .onConflict((oc) => oc.columns(['condo_id', 'contains']).doUpdateSet({ category, fund_id: fundId, updated_at: at }))
    .execute();
  const { id } = await trx
    .selectFrom('reconciliation_expense_rules')
    .select('id')
    .where('condo_id', '=', auth.condoId)
    .where('contains', '=', contains)
    .executeTakeFirstOrThrow();
  await recordAudit(trx, {
    condoId: auth.condoId,
    actorUserId: auth.userId,
    entity: 'reconciliation_expense_rule',
    entityId: id,
    action: 'update',
    after: { contains, category, fundId },
    at,
  });
  return id;
}

export async function saveExpenseRule(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  draft: ExpenseRuleDraft,
): Promise<ExpenseRule> {
  const id = await db.transaction().execute((trx) => upsertRule(trx, auth, draft, clock.now().toISOString()));
  return ruleOf((await ruleRows(db, auth.condoId)).find((r) => r.id === id)!);
}

export async function removeExpenseRule(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('reconciliation_expense_rules')
      .where('id', '=', id)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw ruleNotFound();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'reconciliation_expense_rule',
      entityId: id,
      action: 'delete',
      at: clock.now(),
    });
  });
}

export interface WithdrawalRow {
  id: number;
  occurred_on: string;
  description: string;
  reference: string;
  amount_cents: number;
}

const expenseDescription = (m: Pick<WithdrawalRow, 'description' | 'reference'>) =>
  `Banco ${m.description}${m.reference ? ` ${m.reference}` : ''}`;

async function link(
  trx: Kysely<Database>,
  condoId: number,
  movementId: number,
  expenseId: number,
  posted: boolean,
  userId: number | null,
  at: string,
) {
  await trx
    .insertInto('reconciliation_expenses')
    .values({
      condo_id: condoId,
      movement_id: movementId,
      expense_id: expenseId,
      posted: posted ? 1 : 0,
      created_by: userId,
      created_at: at,
    })
    .execute();
  await trx.updateTable('bank_movements').set({ state: 'retiro_registrado' }).where('id', '=', movementId).execute();
}

/**
 * Records the new withdrawals of an import (in its transaction, after it took the condominium): each linked to
 * the ledger's expense of it, or written by a rule, or left as it is. How many were recorded.
 */
export async function recordWithdrawals(
  trx: Kysely<Database>,
  input: { condoId: number; accountId: number; userId: number; now: Date; withdrawals: readonly WithdrawalRow[] },
): Promise<number> {
  if (input.withdrawals.length === 0) return 0;
  const at = input.now.toISOString();
  const days = input.withdrawals.map((w) => w.occurred_on).sort();
  const ledger = await trx
    .selectFrom('ledger_movements as e')
    .select(['e.id', 'e.occurred_on', 'e.amount_cents'])
    .where('e.condo_id', '=', input.condoId)
    .where('e.account_id', '=', input.accountId)
    .where('e.kind', '=', EXPENSE_KIND)
    .where('e.occurred_on', '>=', shift(days[0]!, -LINK_WINDOW_DAYS))
    .where('e.occurred_on', '<=', shift(days[days.length - 1]!, LINK_WINDOW_DAYS))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('reconciliation_expenses as x').select('x.id').whereRef('x.expense_id', '=', 'e.id'))),
    )
    .orderBy('e.id')
    .execute();
  const unclaimed = ledger.map((e) => ({ id: e.id, day: dayNumber(e.occurred_on), cents: Number(e.amount_cents) }));
  const rules = await ruleRows(trx, input.condoId);
  let recorded = 0;
  for (const w of input.withdrawals) {
    const cents = -Number(w.amount_cents);
    const day = dayNumber(w.occurred_on);
    let found = -1;
    for (const [i, e] of unclaimed.entries())
      if (
        e.cents === cents &&
        Math.abs(e.day - day) <= LINK_WINDOW_DAYS &&
        (found < 0 || Math.abs(e.day - day) < Math.abs(unclaimed[found]!.day - day))
      )
        found = i;
    if (found >= 0) {
      const [expense] = unclaimed.splice(found, 1);
      await link(trx, input.condoId, w.id, expense!.id, false, input.userId, at);
      recorded++;
      continue;
    }
    const rule = ruleFor(w.description, rules);
    if (!rule) continue;
    const expenseId = await insertLedgerExpense(
      trx,
      {
        condoId: input.condoId,
        accountId: input.accountId,
        fundId: rule.fund_id,
        category: rule.category,
        description: expenseDescription(w),
        occurredOn: w.occurred_on,
        amountCents: cents,
      },
      { actorUserId: input.userId, at, after: { bankMovementId: w.id, ruleId: rule.id } },
    );
    await link(trx, input.condoId, w.id, expenseId, true, input.userId, at);
    recorded++;
  }
  return recorded;
}

/** A withdrawal "sin registrar" written as an expense from the queue, and the rule saved when asked. */
export async function categorizeWithdrawal(
  trx: Kysely<Database>,
  auth: Auth,
  movement: WithdrawalRow & { state: string; account_id: number },
  request: CategorizeRequest,
  now: Date,
): Promise<void> {
  if (movement.state !== 'retiro_sin_registrar' || Number(movement.amount_cents) >= 0)
    throw new AppError(409, ErrorCodes.conflict, 'reconciliation.error.notUnrecorded');
  await checkFund(trx, auth.condoId, request.fundId);
  const at = now.toISOString();
  const category = request.category.trim();
  const ruleId = request.ruleText
    ? await upsertRule(trx, auth, { contains: request.ruleText, category, fundId: request.fundId ?? null }, at)
    : null;
  const expenseId = await insertLedgerExpense(
    trx,
    {
      condoId: auth.condoId,
      accountId: movement.account_id,
      fundId: request.fundId ?? null,
      category,
      description: expenseDescription(movement),
      occurredOn: movement.occurred_on,
      amountCents: -Number(movement.amount_cents),
    },
    { actorUserId: auth.userId, at, after: { bankMovementId: movement.id, ruleId } },
  );
  await link(trx, auth.condoId, movement.id, expenseId, true, auth.userId, at);
}

/** Undoes a recorded withdrawal: the expense it wrote is removed (its history row says why), a found one let go. */
export async function undoWithdrawal(
  trx: Kysely<Database>,
  auth: Auth,
  movementId: number,
  reason: string,
  now: Date,
): Promise<{ expenseId: number; removed: boolean } | null> {
  const linkRow = await trx
    .selectFrom('reconciliation_expenses')
    .select(['id', 'expense_id', 'posted'])
    .where('movement_id', '=', movementId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!linkRow) return null;
  await trx.deleteFrom('reconciliation_expenses').where('id', '=', linkRow.id).execute();
  const removed = Number(linkRow.posted) === 1;
  if (removed)
    await removeLedgerExpense(trx, auth.condoId, linkRow.expense_id, {
      actorUserId: auth.userId,
      at: now,
      reason,
      after: { bankMovementId: movementId },
    });
  await trx.updateTable('bank_movements').set({ state: 'retiro_sin_registrar' }).where('id', '=', movementId).execute();
  return { expenseId: linkRow.expense_id, removed };
}

/** The expenses of the movements (for the list). */
export async function expensesOf(db: Kysely<Database>, movementIds: readonly number[]) {
  const out = new Map<number, { id: number; category: string; fundName: string | null; posted: boolean }>();
  if (movementIds.length === 0) return out;
  const rows = await db
    .selectFrom('reconciliation_expenses as x')
    .innerJoin('ledger_movements as e', 'e.id', 'x.expense_id')
    .leftJoin('ledger_funds as f', 'f.id', 'e.fund_id')
    .select(['x.movement_id', 'e.id', 'e.category', 'f.name as fund', 'x.posted'])
    .where('x.movement_id', 'in', movementIds)
    .execute();
  for (const r of rows)
    out.set(r.movement_id, { id: r.id, category: r.category, fundName: r.fund ?? null, posted: Number(r.posted) === 1 });
  return out;
}
