// The administrators' side of the support chat (spec §3.1, §4, §6, §7): the chat is started with the boot data,
// whose hash must be the server's own for the caller; the condominium's one conversation is read (support's
// messages marked read, the caller's panel marked as seen) and written to. The route lets administrators only
// (permissions.canSeeSupportChat); everything here is scoped to the caller's condominium.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type {
  SupportBootAnswer,
  SupportBootRequest,
  SupportChatAnswer,
  SupportMessage,
  SupportSendRequest,
  SupportState,
  SupportUpdatesAnswer,
} from '../../../src/api/support';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { callerDwellingRows } from '../shared/viewer';
import type { SupportSigner } from './files';
import { publishSupport } from './live';
import { insertMessage, markRead, messageContent, messagesOf, readMarks, UPDATES_MAX, unreadBy } from './messages';
import { supportHours } from './settings';
import { hashMatches, type UserHasher } from './userHash';

/** The condominium's conversation, if anyone wrote yet. */
export function conversationOfCondo(db: Kysely<Database>, condoId: number) {
  return db
    .selectFrom('support_conversations')
    .select(['id', 'state', 'version'])
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
}

/**
 * The caller's contact row: created by the boot (verified) or by the first call without one; `seen` marks their
 * panel as open now, which also lets the next answer of support be mailed again if they go away.
 */
async function touchContact(
  db: Kysely<Database>,
  auth: Auth,
  at: string,
  facts: { verified?: boolean; apartmentId?: number | null; seen: boolean },
): Promise<void> {
  const seen = facts.seen ? { seen_at: at, mailed_at: null } : {};
  const booted = facts.verified ? { verified: 1 as const, booted_at: at, apartment_id: facts.apartmentId ?? null } : {};
  await db
    .insertInto('support_contacts')
    .values({
      condo_id: auth.condoId,
      user_id: auth.userId,
      apartment_id: facts.apartmentId ?? null,
      verified: facts.verified ? 1 : 0,
      booted_at: at,
      seen_at: facts.seen ? at : null,
      mailed_at: null,
    })
    .onConflict((oc) => oc.columns(['condo_id', 'user_id']).doUpdateSet({ ...seen, ...booted }))
    .execute();
}

/**
 * Spec §7: the chat starts with the boot data of §3.1. The id, condominium and hash must be the caller's (403
 * otherwise, nothing written); the apartment is kept when it is one of theirs. Answers the badge and the hours.
 */
export async function bootChat(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  boot: SupportBootRequest,
  hasher: UserHasher,
): Promise<SupportBootAnswer> {
  if (boot.UserId !== auth.userId || boot.CondoId !== auth.condoId || !hashMatches(hasher, auth.userId, boot.user_hash)) {
    throw new AppError(403, ErrorCodes.forbidden, 'support.refusal.bootMismatch');
  }
  const own = await callerDwellingRows(db, auth);
  const apartmentId = own.some((d) => d.id === boot.AptId) ? boot.AptId : null;
  await touchContact(db, auth, clock.now().toISOString(), { verified: true, apartmentId, seen: false });
  return { success: true, noLeidos: await unreadCount(db, auth), horario: await supportHours(db, clock) };
}

/** Support's messages the administration has not read: the launcher's badge. */
export async function unreadCount(db: Kysely<Database>, auth: Auth): Promise<number> {
  const conversation = await conversationOfCondo(db, auth.condoId);
  if (!conversation) return 0;
  return (await unreadBy(db, 'admin', [conversation.id])).get(conversation.id) ?? 0;
}

/** The open panel: a page of messages, newest first; support's are read now, and the caller is here. */
export async function chatPage(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  page: { before?: number | undefined; limit: number },
  sign: SupportSigner,
): Promise<SupportChatAnswer> {
  const at = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    await touchContact(trx, auth, at, { seen: true });
    const conversation = await conversationOfCondo(trx, auth.condoId);
    const horario = await supportHours(trx, clock);
    if (!conversation) return { success: true, estado: null, messages: [], hayMas: false, horario };
    await markRead(trx, conversation.id, 'admin', at);
    const rows = await messagesOf(trx, conversation.id, 'admin', { before: page.before, limit: page.limit + 1 }, sign);
    return {
      success: true,
      estado: conversation.state as SupportState,
      messages: rows.slice(0, page.limit),
      hayMas: rows.length > page.limit,
      horario,
    };
  });
}

/** The open panel's refresh: newer messages (read now) and the read times of the administration's own. */
export async function chatUpdates(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  after: number,
  sign: SupportSigner,
): Promise<SupportUpdatesAnswer> {
  const at = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    await touchContact(trx, auth, at, { seen: true });
    const conversation = await conversationOfCondo(trx, auth.condoId);
    if (!conversation) return { success: true, estado: null, messages: [], leidos: [] };
    await markRead(trx, conversation.id, 'admin', at);
    return {
      success: true,
      estado: conversation.state as SupportState,
      messages: await messagesOf(trx, conversation.id, 'admin', { after, limit: UPDATES_MAX }, sign),
      leidos: await readMarks(trx, conversation.id, 'admin'),
    };
  });
}

/**
 * An administrator writes to support: the condominium's conversation is opened on its first message, and any
 * message of the administration puts it back to abierta (it waits on support), a new version when it moved.
 */
export async function sendToSupport(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: SupportSendRequest,
  sign: SupportSigner,
): Promise<SupportMessage> {
  const { text, files } = messageContent(request);
  const at = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    // Two administrators writing the first message at once: the unique condo_id keeps one conversation.
    await trx
      .insertInto('support_conversations')
      .values({ condo_id: auth.condoId, state: 'abierta', assignee_id: null, created_at: at, last_message_at: at })
      .onConflict((oc) => oc.column('condo_id').doNothing())
      .execute();
    const conversation = (await conversationOfCondo(trx, auth.condoId))!;
    const author = await trx.selectFrom('users').select('name').where('id', '=', auth.userId).executeTakeFirstOrThrow();
    const id = await insertMessage(
      trx,
      { conversationId: conversation.id, side: 'admin', userId: auth.userId, agentId: null, authorName: author.name, text, at },
      files,
    );
    await trx
      .updateTable('support_conversations')
      .set((eb) => ({
        last_message_at: at,
        state: 'abierta',
        version: conversation.state === 'abierta' ? eb.ref('version') : eb('version', '+', 1),
      }))
      .where('id', '=', conversation.id)
      .execute();
    await touchContact(trx, auth, at, { seen: true });
    // The condominium's other administrators see it at once.
    await publishSupport(trx, clock, { id: conversation.id, condoId: auth.condoId }, auth.userId);
    const [message] = await messagesOf(trx, conversation.id, 'admin', { before: id + 1, limit: 1 }, sign);
    return message!;
  });
}
