// The reconciliation queue (src/api/reconciliation.ts): the condominium's bank movements with their matches, and
// what a person decides of a pending deposit: accept a dwelling (the whole deposit posted to it), split it across
// dwellings (the parts add up to it exactly), or set it aside; and, administrators only, undo a reconciled one.
// Each decision runs in one transaction that takes the condominium first and re-reads the movement's state, so
// two people deciding at once post it once (the second is a 409).
//
// Undoing reverses each of its matches the way the ledger allows (DESIGN.md §9: reversals are rows, never
// edits): a payment it posted gets a reversing payment of the opposite amount (no receipt of its own), its
// receipt is cancelled (payment_receipts.cancelled_at and the reason) and its automatic invoice, if not issued
// yet, is unscheduled; a payment it only found in the ledger is just released. A payment whose invoice was
// stamped already is refused (409): cancelling a CFDI asks the PAC with the SAT's reason
// (invoicing/cfdis/cancel.ts), which an administrator does first in the invoices' screen. Then the movement is
// pending again, with an audit row. A recorded withdrawal is undone the same way (expenses.ts undoWithdrawal: the
// expense it wrote removed, with its history row; one found in the ledger let go): "retiro sin registrar" again.
// Categorising a withdrawal "sin registrar" writes it as an expense (and saves the rule when asked).
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type BankMovement,
  type BankMovementListQuery,
  type CategorizeRequest,
  type MatchState,
  type MovementMatch,
  type MovementState,
  RECONCILIATION_PAGE_SIZE,
  SUGGESTIONS_SHOWN,
  splitAddsUp,
} from '../../../src/api/reconciliation';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { expenseChoices } from '../shared/ledgerExpenses';
import { AUTO_INVOICE_JOB } from '../shared/paymentInvoicing';
import { condoToday } from '../shared/zonedTime';
import { ACTIVE_MATCH_STATES, dwellingLabel } from './context';
import { categorizeWithdrawal, expensesOf, undoWithdrawal } from './expenses';
import { postDeposit } from './posting';

const movementNotFound = () => new AppError(404, ErrorCodes.notFound, 'reconciliation.error.movementNotFound');
const conflict = (
  id: 'reconciliation.error.notPending' | 'reconciliation.error.nothingToUndo' | 'reconciliation.error.invoiceStamped',
) => new AppError(409, ErrorCodes.conflict, id);

type MatchRow = {
  id: number;
  movement_id: number;
  apartment_id: number;
  amount_cents: number;
  confidence: number;
  state: string;
  payment_id: number | null;
  posted: number;
  dwelling: string;
  tower: string | null;
};

async function matchesOf(db: Kysely<Database>, movementIds: readonly number[]): Promise<Map<number, MatchRow[]>> {
  const out = new Map<number, MatchRow[]>();
  if (movementIds.length === 0) return out;
  const rows = await db
    .selectFrom('reconciliation_matches as m')
    .innerJoin('apartments as a', 'a.id', 'm.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select([
      'm.id',
      'm.movement_id',
      'm.apartment_id',
      'm.amount_cents',
      'm.confidence',
      'm.state',
      'm.payment_id',
      'm.posted',
      'a.name as dwelling',
      't.name as tower',
    ])
    .where('m.movement_id', 'in', movementIds)
    .where('m.state', 'in', [...ACTIVE_MATCH_STATES, 'sugerido'])
    .orderBy('m.confidence', 'desc')
    .orderBy('m.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.movement_id) ?? [];
    list.push({ ...r, posted: Number(r.posted) });
    out.set(r.movement_id, list);
  }
  return out;
}

function matchOf(r: MatchRow): MovementMatch {
  return {
    id: r.id,
    apartmentId: r.apartment_id,
    dwelling: dwellingLabel({ tower: r.tower, name: r.dwelling }),
    amountCents: Number(r.amount_cents),
    confidence: Number(r.confidence),
    state: r.state as MatchState,
    paymentId: r.payment_id,
    posted: r.posted === 1,
  };
}

type MovementRowFull = {
  id: number;
  import_id: number;
  condo_id: number;
  account_id: number;
  occurred_on: string;
  description: string;
  reference: string;
  amount_cents: number;
  balance_cents: number | null;
  state: string;
};

type ExpenseSeen = { id: number; category: string; fundName: string | null; posted: boolean };

function movementOf(row: MovementRowFull, matches: readonly MatchRow[], expense: ExpenseSeen | undefined): BankMovement {
  const state = row.state as MovementState;
  const shown =
    state === 'pendiente'
      ? matches.filter((m) => m.state === 'sugerido').slice(0, SUGGESTIONS_SHOWN)
      : matches.filter((m) => (ACTIVE_MATCH_STATES as readonly string[]).includes(m.state));
  return {
    id: row.id,
    importId: row.import_id,
    date: row.occurred_on,
    description: row.description,
    reference: row.reference,
    amountCents: Number(row.amount_cents),
    balanceCents: row.balance_cents === null ? null : Number(row.balance_cents),
    state,
    matches: shown.map(matchOf),
    expense: expense ?? null,
  };
}

const MOVEMENT_COLUMNS = [
  'id',
  'import_id',
  'condo_id',
  'account_id',
  'occurred_on',
  'description',
  'reference',
  'amount_cents',
  'balance_cents',
  'state',
] as const;

export async function listMovements(
  db: Kysely<Database>,
  auth: Auth,
  query: BankMovementListQuery,
): Promise<{ items: BankMovement[]; total: number; expenseCategories: string[]; funds: { id: number; name: string }[] }> {
  let base = db.selectFrom('bank_movements').where('condo_id', '=', auth.condoId);
  if (query.estado) base = base.where('state', '=', query.estado);
  if (query.importacion) base = base.where('import_id', '=', query.importacion);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select(MOVEMENT_COLUMNS)
    .orderBy('occurred_on', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit ?? RECONCILIATION_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute();
  const ids = rows.map((r) => r.id);
  const matches = await matchesOf(db, ids);
  const expenses = await expensesOf(db, ids);
  const choices = await expenseChoices(db, auth.condoId);
  return {
    total,
    items: rows.map((r) => movementOf(r, matches.get(r.id) ?? [], expenses.get(r.id))),
    expenseCategories: choices.categories,
    funds: choices.funds,
  };
}

export async function readMovement(db: Kysely<Database>, auth: Auth, id: number): Promise<BankMovement> {
  const row = await db
    .selectFrom('bank_movements')
    .select(MOVEMENT_COLUMNS)
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!row) throw movementNotFound();
  return movementOf(row, (await matchesOf(db, [id])).get(id) ?? [], (await expensesOf(db, [id])).get(id));
}

/** The movement, in the transaction that took the condominium (404 another condominium's). */
async function lockedMovement(trx: Kysely<Database>, auth: Auth, id: number): Promise<MovementRowFull> {
  await lockCondo(trx, auth.condoId);
  const row = await trx
    .selectFrom('bank_movements')
    .select(MOVEMENT_COLUMNS)
    .where('id', '=', id)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!row) throw movementNotFound();
  return row;
}

async function checkDwellings(trx: Kysely<Database>, condoId: number, ids: readonly number[]) {
  const found = await trx
    .selectFrom('apartments')
    .select('id')
    .where('condo_id', '=', condoId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  if (found.length !== new Set(ids).size)
    throw new AppError(404, ErrorCodes.notFound, 'reconciliation.error.dwellingNotFound', 'apartmentId');
}

/** Posts the pending deposit to the dwellings (one part, or the parts of a split). */
async function settle(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  parts: readonly { apartmentId: number; amountCents: number }[] | 'whole',
  apartmentId?: number,
): Promise<BankMovement> {
  await db.transaction().execute(async (trx) => {
    const movement = await lockedMovement(trx, auth, id);
    if (movement.state !== 'pendiente') throw conflict('reconciliation.error.notPending');
    if (Number(movement.amount_cents) <= 0) throw new AppError(400, ErrorCodes.badRequest, 'reconciliation.error.notDeposit');
    const chosen = parts === 'whole' ? [{ apartmentId: apartmentId!, amountCents: Number(movement.amount_cents) }] : parts;
    if (!splitAddsUp(Number(movement.amount_cents), chosen))
      throw new AppError(400, ErrorCodes.badRequest, 'reconciliation.error.splitSum', 'parts');
    await checkDwellings(
      trx,
      auth.condoId,
      chosen.map((p) => p.apartmentId),
    );
    const now = clock.now();
    const at = now.toISOString();
    await trx
      .updateTable('reconciliation_matches')
      .set({ state: 'descartado', decided_by: auth.userId, updated_at: at })
      .where('movement_id', '=', id)
      .where('state', '=', 'sugerido')
      .execute();
    for (const part of chosen) {
      const paymentId = await postDeposit(trx, movement, part.apartmentId, part.amountCents, auth.userId, now);
      await trx
        .insertInto('reconciliation_matches')
        .values({
          condo_id: auth.condoId,
          movement_id: id,
          apartment_id: part.apartmentId,
          amount_cents: part.amountCents,
          confidence: 100,
          state: 'aceptado',
          payment_id: paymentId,
          posted: 1,
          decided_by: auth.userId,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await trx.updateTable('bank_movements').set({ state: 'conciliado' }).where('id', '=', id).execute();
  });
  return readMovement(db, auth, id);
}

export const acceptMovement = (db: Kysely<Database>, clock: Clock, auth: Auth, id: number, apartmentId: number) =>
  settle(db, clock, auth, id, 'whole', apartmentId);

export const splitMovement = (
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  parts: readonly { apartmentId: number; amountCents: number }[],
) => settle(db, clock, auth, id, parts);

export async function dismissMovement(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<BankMovement> {
  await db.transaction().execute(async (trx) => {
    const movement = await lockedMovement(trx, auth, id);
    if (movement.state !== 'pendiente') throw conflict('reconciliation.error.notPending');
    const at = clock.now().toISOString();
    await trx
      .updateTable('reconciliation_matches')
      .set({ state: 'descartado', decided_by: auth.userId, updated_at: at })
      .where('movement_id', '=', id)
      .where('state', '=', 'sugerido')
      .execute();
    await trx.updateTable('bank_movements').set({ state: 'descartado' }).where('id', '=', id).execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'bank_movement',
      entityId: id,
      action: 'descartar',
      before: { state: 'pendiente' },
      after: { state: 'descartado' },
      at,
    });
  });
  return readMovement(db, auth, id);
}

export async function undoMovement(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  reason: string,
): Promise<BankMovement> {
  await db.transaction().execute(async (trx) => {
    const movement = await lockedMovement(trx, auth, id);
    if (movement.state === 'retiro_registrado') {
      const now = clock.now();
      const undone = await undoWithdrawal(trx, auth, id, reason.trim(), now);
      if (!undone) throw conflict('reconciliation.error.nothingToUndo');
      await recordAudit(trx, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        entity: 'bank_movement',
        entityId: id,
        action: 'deshacer',
        before: { state: 'retiro_registrado', expense: undone.expenseId },
        after: { state: 'retiro_sin_registrar', expenseRemoved: undone.removed, reason: reason.trim() },
        at: now,
      });
      return;
    }
    const active = await trx
      .selectFrom('reconciliation_matches')
      .selectAll()
      .where('movement_id', '=', id)
      .where('state', 'in', ACTIVE_MATCH_STATES)
      .execute();
    if (movement.state !== 'conciliado' || active.length === 0) throw conflict('reconciliation.error.nothingToUndo');
    const now = clock.now();
    const at = now.toISOString();
    const posted = active.filter((m) => Number(m.posted) === 1 && m.payment_id !== null).map((m) => m.payment_id!);
    if (posted.length > 0) {
      const stamped = await trx
        .selectFrom('cfdis')
        .select('id')
        .where('payment_id', 'in', posted)
        .where('status', '=', 'vigente')
        .executeTakeFirst();
      if (stamped) throw conflict('reconciliation.error.invoiceStamped');
    }
    const today = await condoToday(trx, clock, auth.condoId);
    const reversals: number[] = [];
    for (const paymentId of posted) {
      const payment = await trx.selectFrom('dwelling_payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
      const receipt = await trx
        .selectFrom('payment_receipts')
        .select(['id', 'folio'])
        .where('payment_id', '=', paymentId)
        .executeTakeFirst();
      // The reversing row: the ledger keeps both (DESIGN.md §9); it has no receipt, the cancelled one says why.
      const { id: reversal } = await trx
        .insertInto('dwelling_payments')
        .values({
          condo_id: payment.condo_id,
          apartment_id: payment.apartment_id,
          account_id: payment.account_id,
          paid_on: today,
          reference: `Reverso ${receipt ? `del recibo ${receipt.folio}` : payment.reference}`.slice(0, 120),
          amount_cents: -Number(payment.amount_cents),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      reversals.push(reversal);
      if (receipt)
        await trx
          .updateTable('payment_receipts')
          .set({ cancelled_at: at, cancel_reason: reason.trim() })
          .where('id', '=', receipt.id)
          .execute();
      // Its automatic invoice, when not issued yet, is not issued at all.
      await trx
        .deleteFrom('scheduled_jobs')
        .where('kind', '=', AUTO_INVOICE_JOB)
        .where('key', '=', String(paymentId))
        .where('done_at', 'is', null)
        .execute();
    }
    await trx
      .updateTable('reconciliation_matches')
      .set({ state: 'deshecho', decided_by: auth.userId, updated_at: at })
      .where(
        'id',
        'in',
        active.map((m) => m.id),
      )
      .execute();
    await trx.updateTable('bank_movements').set({ state: 'pendiente' }).where('id', '=', id).execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'bank_movement',
      entityId: id,
      action: 'deshacer',
      before: { state: 'conciliado', payments: active.map((m) => m.payment_id) },
      after: { state: 'pendiente', reversals, reason: reason.trim() },
      at,
    });
  });
  return readMovement(db, auth, id);
}

export async function categorizeMovement(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  request: CategorizeRequest,
): Promise<BankMovement> {
  await db.transaction().execute(async (trx) => {
    const movement = await lockedMovement(trx, auth, id);
    await categorizeWithdrawal(trx, auth, movement, request, clock.now());
  });
  return readMovement(db, auth, id);
}
