// The column mappings a condominium saves (src/api/reconciliation.ts ColumnMappingDraft): how to read a CSV of no
// known bank. Saving a name again replaces that mapping; another condominium's is a 404.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { ColumnMapping, ColumnMappingDraft } from '../../../src/api/reconciliation';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';

const mappingNotFound = () => new AppError(404, ErrorCodes.notFound, 'reconciliation.error.mappingNotFound', 'mapeoId');

function mappingFrom(row: { id: number; name: string; config: string }): ColumnMapping {
  const c = JSON.parse(row.config) as ColumnMappingDraft;
  return {
    id: row.id,
    name: row.name,
    dateColumn: c.dateColumn,
    dateFormat: c.dateFormat,
    descriptionColumn: c.descriptionColumn,
    referenceColumn: c.referenceColumn ?? null,
    amountColumn: c.amountColumn ?? null,
    withdrawalColumn: c.withdrawalColumn ?? null,
    depositColumn: c.depositColumn ?? null,
    balanceColumn: c.balanceColumn ?? null,
  };
}

/** A mapping of the condominium, to read a file with (404 another's). */
export async function mappingOf(db: Kysely<Database>, condoId: number, id: number): Promise<ColumnMappingDraft> {
  const row = await db
    .selectFrom('reconciliation_mappings')
    .select(['id', 'name', 'config'])
    .where('id', '=', id)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row) throw mappingNotFound();
  return JSON.parse(row.config) as ColumnMappingDraft;
}

export async function listMappings(db: Kysely<Database>, auth: Auth): Promise<ColumnMapping[]> {
  const rows = await db
    .selectFrom('reconciliation_mappings')
    .select(['id', 'name', 'config'])
    .where('condo_id', '=', auth.condoId)
    .orderBy('name')
    .execute();
  return rows.map(mappingFrom);
}

export async function saveMapping(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  draft: ColumnMappingDraft,
): Promise<ColumnMapping> {
  const now = clock.now().toISOString();
  const name = draft.name.trim();
  const config = JSON.stringify({ ...draft, name });
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('reconciliation_mappings')
      .values({ condo_id: auth.condoId, name, config, updated_at: now })
      .onConflict((oc) => oc.columns(['condo_id', 'name']).doUpdateSet({ config, updated_at: now }))
      .execute();
    const row = await trx
      .selectFrom('reconciliation_mappings')
      .select(['id', 'name', 'config'])
      .where('condo_id', '=', auth.condoId)
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'reconciliation_mapping',
      entityId: row.id,
      action: 'update',
      after: { name },
      at: now,
    });
    return mappingFrom(row);
  });
}

export async function removeMapping(db: Kysely<Database>, clock: Clock, auth: Auth, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('reconciliation_mappings')
      .where('id', '=', id)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw mappingNotFound();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'reconciliation_mapping',
      entityId: id,
      action: 'delete',
      at: clock.now(),
    });
  });
}

/** Renames a mapping of the condominium (404 another's; 409 a name another mapping has). */
export async function renameMapping(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  newName: string,
): Promise<ColumnMapping> {
  const name = newName.trim();
  if (name === '') throw new AppError(400, ErrorCodes.badRequest, 'reconciliation.error.mappingName', 'name');
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('reconciliation_mappings')
      .select(['id', 'name', 'config'])
      .where('id', '=', id)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!row) throw mappingNotFound();
    const taken = await trx
      .selectFrom('reconciliation_mappings')
      .select('id')
      .where('condo_id', '=', auth.condoId)
      .where('name', '=', name)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (taken) throw new AppError(409, ErrorCodes.conflict, 'reconciliation.error.mappingNameTaken', 'name');
    const config = JSON.stringify({ ...(JSON.parse(row.config) as ColumnMappingDraft), name });
    const at = clock.now().toISOString();
    await trx.updateTable('reconciliation_mappings').set({ name, config, updated_at: at }).where('id', '=', id).execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'reconciliation_mapping',
      entityId: id,
      action: 'update',
      before: { name: row.name },
      after: { name },
      at,
    });
    return mappingFrom({ id, name, config });
  });
}
