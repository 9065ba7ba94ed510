// Importing a bank statement (src/api/reconciliation.ts): the preview (what was read, nothing written) and the
// import. The import runs in one transaction that takes the condominium first (condoLock.ts): its movements go in
// by their fingerprint (unique per condominium: a movement imported before, by this statement, an overlapping one
// or the same import running at once, is not added again), then only the new deposits are matched (matching.ts):
// sure ones post (posting.ts) or link to the payment already in the ledger, the rest wait in the queue with their
// suggestions; the new withdrawals are linked to the ledger's expenses or written as expenses by the category
// rules (expenses.ts), the rest stay listed as "retiro sin registrar". A webhook posting at the same time takes the same lock,
// so the import sees its payment and links it instead of posting it twice.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type ColumnMappingDraft,
  RECONCILIATION_PAGE_SIZE,
  type StatementBank,
  type StatementImport,
  type StatementImportListQuery,
  type StatementImportRequest,
  type StatementPreview,
  type StatementUpload,
  SURE_CONFIDENCE,
} from '../../../src/api/reconciliation';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { loadMatcher } from './context';
import { recordWithdrawals } from './expenses';
import type { BankMovement } from './formats/movement';
import { readStatement, statementRefused } from './formats/statement';
import { mappingOf } from './mappings';
import { postDeposit } from './posting';

const SAMPLE_LINES = 50;
const BATCH = 500;

export const fileHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readUpload(db: Kysely<Database>, auth: Auth, upload: StatementUpload) {
  const mapping: ColumnMappingDraft | null = upload.mapeoId ? await mappingOf(db, auth.condoId, upload.mapeoId) : null;
  const bytes = Buffer.from(upload.datos, 'base64');
  return { bytes, read: await readStatement(upload.nombre, bytes, mapping) };
}

const period = (movements: readonly BankMovement[]) => {
  const days = movements.map((m) => m.date).sort();
  return { from: days[0] ?? null, to: days[days.length - 1] ?? null };
};

async function knownFingerprints(db: Kysely<Database>, condoId: number, fingerprints: readonly string[]) {
  const known = new Set<string>();
  for (let i = 0; i < fingerprints.length; i += BATCH) {
    const rows = await db
      .selectFrom('bank_movements')
      .select('fingerprint')
      .where('condo_id', '=', condoId)
      .where('fingerprint', 'in', fingerprints.slice(i, i + BATCH))
      .execute();
    for (const r of rows) known.add(r.fingerprint);
  }
  return known;
}

async function bankAccounts(db: Kysely<Database>, condoId: number) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'name'])
    .where('condo_id', '=', condoId)
    .where('kind', '=', 'banco')
    .orderBy('id')
    .execute();
}

export async function previewStatement(db: Kysely<Database>, auth: Auth, upload: StatementUpload): Promise<StatementPreview> {
  const { bytes, read } = await readUpload(db, auth, upload);
  const known = await knownFingerprints(
    db,
    auth.condoId,
    read.movements.map((m) => m.bankFingerprint),
  );
  const deposits = read.movements.filter((m) => m.amountCents > 0);
  const withdrawals = read.movements.filter((m) => m.amountCents < 0);
  return {
    bank: read.bank,
    headers: read.headers,
    rows: read.movements.length,
    deposits: deposits.length,
    withdrawals: withdrawals.length,
    depositsCents: deposits.reduce((s, m) => s + m.amountCents, 0),
    withdrawalsCents: withdrawals.reduce((s, m) => s - m.amountCents, 0),
    ...period(read.movements),
    alreadyImported: known.size,
    sample: read.lines.slice(0, SAMPLE_LINES),
    errors: read.errors.slice(0, 200),
    accounts: await bankAccounts(db, auth.condoId),
    huella: fileHash(bytes),
  };
}

/** What one import did. */
export interface ImportOutcome {
  importId: number;
  added: number;
  repeated: number;
  matched: number;
  pending: number;
}

/**
 * Imports the movements into `accountId` and matches the new deposits, in the caller's transaction (the route's,
 * or a test's). The movements were read and checked already.
 */
export async function importMovements(
  trx: Kysely<Database>,
  clock: Clock,
  input: {
    condoId: number;
    accountId: number;
    userId: number;
    fileName: string;
    hash: string;
    bank: StatementBank;
    movements: readonly BankMovement[];
  },
): Promise<ImportOutcome> {
  await lockCondo(trx, input.condoId);
  const now = clock.now();
  const at = now.toISOString();
  const { from, to } = period(input.movements);
  const { id: importId } = await trx
    .insertInto('reconciliation_imports')
    .values({
      condo_id: input.condoId,
      account_id: input.accountId,
      file_name: input.fileName,
      file_hash: input.hash,
      bank: input.bank,
      period_from: from,
      period_to: to,
      rows: input.movements.length,
      added: 0,
      repeated: 0,
      matched: 0,
      pending: 0,
      created_by: input.userId,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // The movements by fingerprint: what another import (or this file before) holds is not added again.
  const added: { id: number; movement: BankMovement }[] = [];
  const byFingerprint = new Map(input.movements.map((m) => [m.bankFingerprint, m]));
  for (let i = 0; i < input.movements.length; i += BATCH) {
    const batch = input.movements.slice(i, i + BATCH);
    const rows = await trx
      .insertInto('bank_movements')
      .values(
        batch.map((m) => ({
          condo_id: input.condoId,
          import_id: importId,
          account_id: input.accountId,
          fingerprint: m.bankFingerprint,
          occurred_on: m.date,
          description: m.description,
          reference: m.reference,
          amount_cents: m.amountCents,
          balance_cents: m.balanceCents,
          state: m.amountCents > 0 ? 'pendiente' : 'retiro_sin_registrar',
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['condo_id', 'fingerprint']).doNothing())
      .returning(['id', 'fingerprint'])
      .execute();
    for (const r of rows) added.push({ id: r.id, movement: byFingerprint.get(r.fingerprint)! });
  }

  const deposits = added.filter((a) => a.movement.amountCents > 0).sort((a, b) => a.id - b.id);
  let matched = 0;
  if (deposits.length > 0) {
    const days = deposits.map((d) => d.movement.date).sort();
    const matcher = await loadMatcher(trx, input.condoId, input.accountId, days[0]!, days[days.length - 1]!);
    const suggestions: {
      condo_id: number;
      movement_id: number;
      apartment_id: number;
      amount_cents: number;
      confidence: number;
      state: string;
      payment_id: number | null;
      posted: 0 | 1;
      decided_by: null;
      created_at: string;
      updated_at: string;
    }[] = [];
    const reconciled: number[] = [];
    for (const { id, movement } of deposits) {
      const decision = matcher.decide(movement);
      const base = { condo_id: input.condoId, movement_id: id, decided_by: null, created_at: at, updated_at: at };
      if (decision.kind === 'suggest') {
        for (const s of decision.suggestions)
          suggestions.push({
            ...base,
            apartment_id: s.apartmentId,
            amount_cents: s.amountCents,
            confidence: s.confidence,
            state: 'sugerido',
            payment_id: null,
            posted: 0,
          });
        continue;
      }
      if (decision.confidence < SURE_CONFIDENCE) continue;
      const paymentId =
        decision.kind === 'link'
          ? decision.paymentId
          : await postDeposit(
              trx,
              {
                id,
                condo_id: input.condoId,
                account_id: input.accountId,
                occurred_on: movement.date,
                reference: movement.reference,
                description: movement.description,
              },
              decision.apartmentId,
              movement.amountCents,
              input.userId,
              now,
            );
      suggestions.push({
        ...base,
        apartment_id: decision.apartmentId,
        amount_cents: movement.amountCents,
        confidence: decision.confidence,
        state: 'automatico',
        payment_id: paymentId,
        posted: decision.kind === 'post' ? 1 : 0,
      });
      reconciled.push(id);
      matched++;
    }
    for (let i = 0; i < suggestions.length; i += BATCH)
      await trx
        .insertInto('reconciliation_matches')
        .values(suggestions.slice(i, i + BATCH))
        .execute();
    for (let i = 0; i < reconciled.length; i += BATCH)
      await trx
        .updateTable('bank_movements')
        .set({ state: 'conciliado' })
        .where('id', 'in', reconciled.slice(i, i + BATCH))
        .execute();
  }
  await recordWithdrawals(trx, {
    condoId: input.condoId,
    accountId: input.accountId,
    userId: input.userId,
    now,
    withdrawals: added
      .filter((a) => a.movement.amountCents < 0)
      .sort((a, b) => a.id - b.id)
      .map(({ id, movement }) => ({
        id,
        occurred_on: movement.date,
        description: movement.description,
        reference: movement.reference,
        amount_cents: movement.amountCents,
      })),
  });
  const outcome = {
    importId,
    added: added.length,
    repeated: input.movements.length - added.length,
    matched,
    pending: deposits.length - matched,
  };
  await trx
    .updateTable('reconciliation_imports')
    .set({ added: outcome.added, repeated: outcome.repeated, matched: outcome.matched, pending: outcome.pending })
    .where('id', '=', importId)
    .execute();
  return outcome;
}

export async function importStatement(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: StatementImportRequest,
): Promise<StatementImport> {
  const { bytes, read } = await readUpload(db, auth, request);
  if (fileHash(bytes) !== request.huella) throw new AppError(409, ErrorCodes.conflict, 'reconciliation.error.changed', 'huella');
  if (read.bank === null) throw statementRefused('reconciliation.error.unknownLayout');
  const account = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('id', '=', request.cuentaId)
    .where('condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!account) throw new AppError(404, ErrorCodes.notFound, 'reconciliation.error.accountNotFound', 'cuentaId');
  const bank = read.bank;
  const outcome = await db.transaction().execute((trx) =>
    importMovements(trx, clock, {
      condoId: auth.condoId,
      accountId: account.id,
      userId: auth.userId,
      fileName: request.nombre,
      hash: request.huella,
      bank,
      movements: read.movements,
    }),
  );
  const [one] = (await listImports(db, auth, { limit: 1, offset: 0 }, outcome.importId)).items;
  return one!;
}

export async function listImports(
  db: Kysely<Database>,
  auth: Auth,
  query: StatementImportListQuery,
  onlyId?: number,
): Promise<{ items: StatementImport[]; total: number }> {
  let base = db.selectFrom('reconciliation_imports as i').where('i.condo_id', '=', auth.condoId);
  if (onlyId !== undefined) base = base.where('i.id', '=', onlyId);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .innerJoin('ledger_accounts as a', 'a.id', 'i.account_id')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .selectAll('i')
    .select(['a.name as account', 'u.name as by'])
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(query.limit ?? RECONCILIATION_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute();
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      fileName: r.file_name,
      bank: r.bank as StatementBank,
      accountName: r.account,
      from: r.period_from,
      to: r.period_to,
      rows: Number(r.rows),
      added: Number(r.added),
      repeated: Number(r.repeated),
      matched: Number(r.matched),
      pending: Number(r.pending),
      byName: r.by ?? '',
      createdAt: r.created_at,
    })),
  };
}
