// Blocking (issue 13): a resident stops another dwelling's messages reaching theirs. The block is kept for
// each dwelling the caller lives in, so it holds for everyone living there; the blocked dwelling is never
// told (its messages still show as sent on its side).
import type { Kysely } from 'kysely';
import type { BlockRequest, Party } from '../../../src/api/conversations';
import { ErrorCodes } from '../../../src/api/errors';
import { canBlockDwellings } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { type Caller, dwellingNames, dwellingOfCondo, loadCaller, partyOf, usableSections } from './access';

/** Someone who may use interpersonal messages somewhere in their condominium; 403 otherwise. */
async function requireUsableSection(db: Kysely<Database>, caller: Caller): Promise<void> {
  if ((await usableSections(db, caller)).size === 0) {
    throw new AppError(403, ErrorCodes.forbidden, 'conversationsNotices.noSection');
  }
}

export async function setBlock(db: Kysely<Database>, clock: Clock, auth: Auth, request: BlockRequest): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const caller = await loadCaller(trx, auth);
    await requireUsableSection(trx, caller);
    if (!canBlockDwellings(caller.own)) throw new AppError(403, ErrorCodes.forbidden, 'conversationsNotices.noDwelling');
    const blocked = await dwellingOfCondo(trx, auth.condoId, request.ApmtId);
    if (caller.own.includes(blocked)) {
      throw new AppError(400, ErrorCodes.badRequest, 'conversationsNotices.blockOwn', 'ApmtId');
    }
    if (!request.bloquear) {
      await trx
        .deleteFrom('conversation_blocks')
        .where('blocker_apartment_id', 'in', caller.own)
        .where('blocked_apartment_id', '=', blocked)
        .execute();
      return;
    }
    const createdAt = clock.now().toISOString();
    await trx
      .insertInto('conversation_blocks')
      .values(
        caller.own.map((blocker) => ({
          blocker_apartment_id: blocker,
          blocked_apartment_id: blocked,
          blocked_by_user_id: auth.userId,
          created_at: createdAt,
        })),
      )
      .onConflict((oc) => oc.columns(['blocker_apartment_id', 'blocked_apartment_id']).doNothing())
      .execute();
  });
}

/** The dwellings the caller's dwellings have blocked, by name. */
export async function blockedParties(db: Kysely<Database>, auth: Auth): Promise<Party[]> {
  const caller = await loadCaller(db, auth);
  if (caller.own.length === 0) return [];
  const rows = await db
    .selectFrom('conversation_blocks')
    .select('blocked_apartment_id')
    .distinct()
    .where('blocker_apartment_id', 'in', caller.own)
    .execute();
  const ids = rows.map((r) => r.blocked_apartment_id);
  const names = await dwellingNames(db, ids);
  return ids
    .map((id) => partyOf(id, names, auth.language))
    .sort((a, b) => a.Nombre.localeCompare(b.Nombre, 'es', { numeric: true }));
}
