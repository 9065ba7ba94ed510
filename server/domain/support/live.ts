// The live channel's word that a condominium's support conversation moved (issue 30): support answered, read the
// administration's messages (their read marks), or changed its state; or another administrator wrote. Told to the
// condominium's active administrators (the only ones who see the support chat, permissions.canSeeSupportChat), in
// the change's transaction; their launcher reads its badge or the open conversation again. The desk's agents are
// not users of the channel: their console reads every SUPPORT_REFRESH_MS.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { publishLive } from '../shared/live';

export async function publishSupport(
  trx: Kysely<Database>,
  clock: Clock,
  conversation: { id: number; condoId: number },
  except: number | null = null,
): Promise<void> {
  const admins = await trx
    .selectFrom('memberships')
    .select('user_id')
    .where('condo_id', '=', conversation.condoId)
    .where('is_admin', '=', 1)
    .where('active', '=', 1)
    .execute();
  const readers = admins.map((a) => a.user_id).filter((id) => id !== except);
  await publishLive(trx, clock, {
    condoId: conversation.condoId,
    userIds: readers,
    type: 'support',
    data: { conversationId: conversation.id },
  });
}
