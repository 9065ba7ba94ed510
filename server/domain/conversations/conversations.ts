// Reading interpersonal messages (issue 13): the caller's conversations latest first with their unread
// counts, one conversation a page of messages at a time (opening it marks the other side's messages read),
// the 15-second refresh, and the unread totals per IC section for the menu and the home. A message hidden by
// a block is seen by its sender's side only, and never counts as unread.
import type { Kysely } from 'kysely';
import type {
  ConversationAnswer,
  ConversationListAnswer,
  ConversationSummary,
  Message,
  UnreadAnswer,
  UpdatesAnswer,
} from '../../../src/api/conversations';
import { conversationSideOf } from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import {
  type Caller,
  type ConversationRow,
  callerConversations,
  dwellingNames,
  loadCaller,
  openConversation,
  otherSide,
  partiesOf,
  partyOf,
  sideIn,
  usableSection,
  usableSections,
} from './access';
import { publishConversation } from './live';
import type { PhotoSigner } from './photos';

/** How much of the last message a list shows. */
const PREVIEW_LENGTH = 140;
/** The refresh answers at most this many new messages, and the read times of this many of one's own. */
export const UPDATES_MAX = 100;

/** Per conversation: its section, its newest message the caller sees, and how many they have not read. */
interface Tally {
  sectionId: number;
  lastId: number | null;
  unread: number;
}

/**
 * The tallies of the caller's conversations in the given sections (or only `conversationId`), from one
 * grouped query: per sender side and hidden flag, the newest id and the unread count. Which groups the caller
 * sees and which are unread for them is decided here from their side in each conversation.
 */
async function tallies(
  db: Kysely<Database>,
  caller: Caller,
  sectionIds: readonly number[],
  conversationId?: number,
): Promise<Map<number, Tally>> {
  let query = db
    .selectFrom('messages as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .where(callerConversations(caller, sectionIds))
    .select((eb) => [
      'm.conversation_id',
      'c.section_id',
      'c.party_a_apartment_id',
      'c.party_b_apartment_id',
      'm.sender_apartment_id',
      'm.hidden_for_recipient',
      eb.fn.max('m.id').as('last_id'),
      eb.fn.sum<number>(eb.case().when('m.read_at', 'is', null).then(1).else(0).end()).as('unread'),
    ])
    .groupBy([
      'm.conversation_id',
      'c.section_id',
      'c.party_a_apartment_id',
      'c.party_b_apartment_id',
      'm.sender_apartment_id',
      'm.hidden_for_recipient',
    ]);
  if (conversationId !== undefined) query = query.where('c.id', '=', conversationId);
  const result = new Map<number, Tally>();
  for (const row of await query.execute()) {
    const side = conversationSideOf(caller.viewer, caller.own, partiesOf(row));
    const tally = result.get(row.conversation_id) ?? { sectionId: row.section_id, lastId: null, unread: 0 };
    const mine = row.sender_apartment_id === side;
    if (row.hidden_for_recipient === 0 || mine) tally.lastId = Math.max(tally.lastId ?? 0, Number(row.last_id));
    if (!mine && row.hidden_for_recipient === 0) tally.unread += Number(row.unread ?? 0);
    result.set(row.conversation_id, tally);
  }
  return result;
}

/** The summaries of the given conversations, in that order. */
async function summaries(
  db: Kysely<Database>,
  caller: Caller,
  conversations: readonly ConversationRow[],
  counts: Map<number, Tally>,
): Promise<ConversationSummary[]> {
  if (conversations.length === 0) return [];
  const names = await dwellingNames(
    db,
    conversations.flatMap((c) => [c.party_a_apartment_id, ...(c.party_b_apartment_id === null ? [] : [c.party_b_apartment_id])]),
  );
  const lastIds = conversations.map((c) => counts.get(c.id)?.lastId).filter((id): id is number => typeof id === 'number');
  const last = new Map(
    lastIds.length
      ? (await db.selectFrom('messages').select(['id', 'body', 'created_at']).where('id', 'in', lastIds).execute()).map((m) => [
          m.id,
          m,
        ])
      : [],
  );
  const blocked = new Set(
    caller.own.length
      ? (
          await db
            .selectFrom('conversation_blocks')
            .select(['blocker_apartment_id', 'blocked_apartment_id'])
            .where('blocker_apartment_id', 'in', caller.own)
            .execute()
        ).map((b) => `${b.blocker_apartment_id}/${b.blocked_apartment_id}`)
      : [],
  );
  const language = caller.auth.language;
  return conversations.map((c) => {
    const side = sideIn(caller, c) ?? null;
    const other = otherSide(c, side);
    const tally = counts.get(c.id);
    const message = tally?.lastId ? last.get(tally.lastId) : undefined;
    return {
      ConversationId: c.id,
      SectId: c.section_id,
      yo: partyOf(side, names, language),
      otro: partyOf(other, names, language),
      ultimoMensaje: message ? message.body.slice(0, PREVIEW_LENGTH) : null,
      ultimaFecha: message?.created_at ?? c.created_at,
      noLeidos: tally?.unread ?? 0,
      bloqueado: side !== null && other !== null && blocked.has(`${side}/${other}`),
    };
  });
}

async function conversationRows(db: Kysely<Database>, ids: readonly number[]): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('conversations')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** When each message was sent, by id (in chunks: both databases cap the parameters of one statement). */
async function sentTimes(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  const times = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('messages')
      .select(['id', 'created_at'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) times.set(row.id, row.created_at);
  }
  return times;
}

/**
 * The caller's conversations (in one IC section, or in every one they may use), latest activity first: by
 * the newest message they see. A conversation in which they see no message (only a blocked dwelling's) is
 * left out.
 */
export async function conversationList(
  db: Kysely<Database>,
  auth: Auth,
  page: { sectionId?: number | undefined; limit: number; offset: number },
): Promise<ConversationListAnswer> {
  const caller = await loadCaller(db, auth);
  const sectionIds =
    page.sectionId === undefined
      ? [...(await usableSections(db, caller)).keys()]
      : [(await usableSection(db, caller, page.sectionId)).id];
  const counts = await tallies(db, caller, sectionIds);
  const seen = [...counts].filter(([, tally]) => tally.lastId !== null);
  const sent = await sentTimes(
    db,
    seen.map(([, tally]) => tally.lastId!),
  );
  const latest = (tally: Tally) => sent.get(tally.lastId!) ?? '';
  const ordered = seen
    .sort(([, a], [, b]) => (latest(a) === latest(b) ? b.lastId! - a.lastId! : latest(a) < latest(b) ? 1 : -1))
    .map(([id]) => id);
  const shown = await conversationRows(db, ordered.slice(page.offset, page.offset + page.limit));
  return { success: true, items: await summaries(db, caller, shown, counts), total: ordered.length };
}

/** Marks read, now, the other side's messages the caller's side sees (hidden ones stay unread forever). */
/** Marks the other side's messages read; answers how many were unread. */
async function markRead(db: Kysely<Database>, clock: Clock, conversationId: number, side: number | null): Promise<number> {
  const marked = await db
    .updateTable('messages')
    .set({ read_at: clock.now().toISOString() })
    .where('conversation_id', '=', conversationId)
    .where('read_at', 'is', null)
    .where('hidden_for_recipient', '=', 0)
    .where((eb) =>
      side === null
        ? eb('sender_apartment_id', 'is not', null)
        : eb.or([eb('sender_apartment_id', 'is', null), eb('sender_apartment_id', '!=', side)]),
    )
    .executeTakeFirst();
  return Number(marked.numUpdatedRows);
}

/** Read receipts, live (issue 30): messages just read, their writers' side sees it (never on a read with nothing new,
 * so the two sides' refreshes do not tell each other in turn). */
async function markReadAndTell(
  trx: Kysely<Database>,
  clock: Clock,
  opened: { conversation: ConversationRow; side: number | null; section: Section },
): Promise<void> {
  const { conversation, side, section } = opened;
  if ((await markRead(trx, clock, conversation.id, side)) === 0) return;
  await publishConversation(trx, clock, section, conversation.id, [otherSide(conversation, side)]);
}

type MessageRow = {
  id: number;
  sender_apartment_id: number | null;
  body: string;
  created_at: string;
  read_at: string | null;
  name: string;
};

/** The messages of a conversation the caller's side sees: everything but what a block hid from it. */
function visibleMessages(db: Kysely<Database>, conversationId: number, side: number | null) {
  return db
    .selectFrom('messages as m')
    .innerJoin('users as u', 'u.id', 'm.sender_user_id')
    .select(['m.id', 'm.sender_apartment_id', 'm.body', 'm.created_at', 'm.read_at', 'u.name'])
    .where('m.conversation_id', '=', conversationId)
    .where((eb) =>
      side === null
        ? eb('m.hidden_for_recipient', '=', 0)
        : eb.or([eb('m.hidden_for_recipient', '=', 0), eb('m.sender_apartment_id', '=', side)]),
    );
}

/** Messages as answers show them, with their photos' signed links. */
export async function messagesAnswer(
  db: Kysely<Database>,
  rows: readonly MessageRow[],
  side: number | null,
  sign: PhotoSigner,
): Promise<Message[]> {
  const photos = rows.length
    ? await db
        .selectFrom('message_photos')
        .select(['id', 'message_id', 'file_name'])
        .where(
          'message_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('message_id')
        .orderBy('position')
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    mio: r.sender_apartment_id === side,
    UserName: r.name,
    Texto: r.body,
    fotos: photos.filter((p) => p.message_id === r.id).map((p) => ({ id: p.id, nombre: p.file_name, url: sign(p.id) })),
    Enviado: r.created_at,
    Leido: r.read_at,
  }));
}

/** One conversation and a page of its messages, newest first; opening it marks the other side's read. */
export async function oneConversation(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  conversationId: number,
  page: { before?: number | undefined; limit: number },
  sign: PhotoSigner,
): Promise<ConversationAnswer> {
  return db.transaction().execute(async (trx) => {
    const caller = await loadCaller(trx, auth);
    const opened = await openConversation(trx, caller, conversationId);
    const { conversation, side } = opened;
    await markReadAndTell(trx, clock, opened);
    let query = visibleMessages(trx, conversation.id, side);
    if (page.before !== undefined) query = query.where('m.id', '<', page.before);
    const rows = await query
      .orderBy('m.id', 'desc')
      .limit(page.limit + 1)
      .execute();
    const counts = await tallies(trx, caller, [conversation.section_id], conversation.id);
    const [summary] = await summaries(trx, caller, [conversation], counts);
    return {
      success: true,
      conversation: summary!,
      messages: await messagesAnswer(trx, rows.slice(0, page.limit), side, sign),
      hayMas: rows.length > page.limit,
    };
  });
}

/**
 * The refresh of an open conversation: the messages after `after`, newest first (at most UPDATES_MAX), and
 * the read times of the caller's side's newest UPDATES_MAX read messages. The new messages are on the
 * caller's screen, so they are read now, as on opening.
 */
export async function conversationUpdates(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  conversationId: number,
  after: number,
  sign: PhotoSigner,
): Promise<UpdatesAnswer> {
  return db.transaction().execute(async (trx) => {
    const caller = await loadCaller(trx, auth);
    const opened = await openConversation(trx, caller, conversationId);
    const { conversation, side } = opened;
    await markReadAndTell(trx, clock, opened);
    const rows = await visibleMessages(trx, conversation.id, side)
      .where('m.id', '>', after)
      .orderBy('m.id', 'desc')
      .limit(UPDATES_MAX)
      .execute();
    const read = await trx
      .selectFrom('messages')
      .select(['id', 'read_at'])
      .where('conversation_id', '=', conversation.id)
      .where('read_at', 'is not', null)
      .where((eb) => (side === null ? eb('sender_apartment_id', 'is', null) : eb('sender_apartment_id', '=', side)))
      .orderBy('id', 'desc')
      .limit(UPDATES_MAX)
      .execute();
    return {
      success: true,
      messages: await messagesAnswer(trx, rows, side, sign),
      leidos: read.map((r) => ({ id: r.id, Leido: r.read_at! })),
    };
  });
}

/**
 * Unread messages per IC section the member may use (the menu's and the home's badges); empty for those
 * without Comunicación. Exported for the sections' summary.
 */
export async function unreadBySection(db: Kysely<Database>, auth: Auth): Promise<Map<number, number>> {
  let caller: Caller;
  try {
    caller = await loadCaller(db, auth);
  } catch (error) {
    // No Comunicación (employees): no sections, nothing unread.
    if (error instanceof AppError && error.statusCode === 403) return new Map();
    throw error;
  }
  const sections = await usableSections(db, caller);
  const bySection = new Map<number, number>([...sections.keys()].map((id) => [id, 0]));
  for (const tally of (await tallies(db, caller, [...sections.keys()])).values()) {
    bySection.set(tally.sectionId, (bySection.get(tally.sectionId) ?? 0) + tally.unread);
  }
  return bySection;
}

export async function unreadAnswer(db: Kysely<Database>, auth: Auth): Promise<UnreadAnswer> {
  await loadCaller(db, auth);
  const bySection = await unreadBySection(db, auth);
  const porSeccion = [...bySection].map(([SectId, noLeidos]) => ({ SectId, noLeidos }));
  return { success: true, total: porSeccion.reduce((sum, s) => sum + s.noLeidos, 0), porSeccion };
}
