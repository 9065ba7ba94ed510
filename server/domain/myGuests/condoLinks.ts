// The condominium's own guest links (type condo), for administrators (permissions.canManageCondoLink): the
// guest chooses the dwelling and the resident. Listed in the overview; revoked like any link (links.ts).
import type { Kysely } from 'kysely';
import type { CondoLink } from '../../../src/api/myGuests';
import type { Database } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { inviterOf } from './access';
import { newLinkToken } from './links';

/** The condominium's live condo links, newest first. */
export function listCondoLinks(db: Kysely<Database>, condoId: number): Promise<CondoLink[]> {
  return db
    .selectFrom('guest_links')
    .select(['id', 'token', 'created_at as createdAt'])
    .where('condo_id', '=', condoId)
    .where('type', '=', 'condo')
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

export async function createCondoLink(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<CondoLink> {
  const inviter = await inviterOf(db, auth);
  if (!inviter.canManageCondoLink) throw forbidden();
  const createdAt = clock.now().toISOString();
  const token = newLinkToken();
  const { id } = await db
    .insertInto('guest_links')
    .values({
      token,
      type: 'condo',
      condo_id: auth.condoId,
      user_id: null,
      event_id: null,
      created_at: createdAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token, createdAt };
}
