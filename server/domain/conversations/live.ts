// Who reads for a party of a conversation (told of its messages by notify, and by the live channel of issue 30),
// and the live event that says a conversation moved: a new message (both parties' screens), or messages read (the
// writers' side sees its read receipts). The readers are the screens' own rule: the dwelling's active residents
// or the condominium's administrators, who may use the section (permissions.canUseConversations).
import type { Kysely } from 'kysely';
import { canUseConversations } from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { publishLive } from '../shared/live';
import { sectionFacts } from '../shared/sections';
import { loadMembers } from '../shared/viewer';

/** Everyone who reads for the parties (a dwelling, or null: the administration) and may use the section; never
 * `except` (the writer, who has the message already). */
export async function readersOf(
  trx: Kysely<Database>,
  section: Section,
  parties: number | null | readonly (number | null)[],
  except: number | null = null,
): Promise<number[]> {
  const wanted = Array.isArray(parties) ? [...new Set(parties)] : [parties as number | null];
  const dwellings = wanted.filter((p): p is number => p !== null);
  const ids = new Set<number>();
  if (wanted.includes(null)) {
    const rows = await trx
      .selectFrom('memberships as m')
      .select('m.user_id')
      .where('m.is_admin', '=', 1)
      .where('m.condo_id', '=', section.condo_id)
      .where('m.active', '=', 1)
      .execute();
    for (const r of rows) ids.add(r.user_id);
  }
  if (dwellings.length) {
    const rows = await trx
      .selectFrom('memberships as m')
      .innerJoin('residencies as r', 'r.membership_id', 'm.id')
      .select('m.user_id')
      .where('r.apartment_id', 'in', dwellings)
      .where('m.condo_id', '=', section.condo_id)
      .where('m.active', '=', 1)
      .execute();
    for (const r of rows) ids.add(r.user_id);
  }
  if (except !== null) ids.delete(except);
  if (ids.size === 0) return [];
  return (await loadMembers(trx, section.condo_id, section.id))
    .filter(
      ({ viewer, assigned }) => ids.has(viewer.usuario.UserId) && canUseConversations(viewer, sectionFacts(section, assigned)),
    )
    .map(({ viewer }) => viewer.usuario.UserId);
}

/** Tells the readers of these parties that the conversation moved (in the change's transaction). */
export async function publishConversation(
  trx: Kysely<Database>,
  clock: Clock,
  section: Section,
  conversationId: number,
  parties: readonly (number | null)[],
): Promise<void> {
  const readers = await readersOf(trx, section, parties);
  await publishLive(trx, clock, { condoId: section.condo_id, userIds: readers, type: 'conversation', data: { conversationId } });
}
