// The support desk's console (issue 30): every condominium's conversation, by state and condominium, latest first,
// with what the desk has not read; one conversation with the administrators who started it (their boot data) and its
// messages (opening it reads the administration's); replies with attachments (an away administrator is mailed);
// assignment and the lifecycle of src/api/support.ts, both against the conversation's version (409 with it as it is).
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import {
  canMoveSupport,
  type SupportContact,
  type SupportConversationSummary,
  type SupportDeskAssignRequest,
  type SupportDeskConversationAnswer,
  type SupportDeskListAnswer,
  type SupportDeskReplyAnswer,
  type SupportDeskReplyRequest,
  type SupportDeskStateRequest,
  type SupportDeskUpdatesAnswer,
  type SupportFilter,
  type SupportState,
} from '../../../src/api/support';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { type DeskAuth, listAgents } from './agents';
import type { SupportSigner } from './files';
import { publishSupport } from './live';
import { insertMessage, markRead, messageContent, messagesOf, readMarks, UPDATES_MAX, unreadBy } from './messages';
import { mailAwayAdministrators } from './offlineMail';

function summaryRows(db: Kysely<Database>) {
  return db
    .selectFrom('support_conversations as sc')
    .innerJoin('condominiums as c', 'c.id', 'sc.condo_id')
    .leftJoin('support_agents as a', 'a.id', 'sc.assignee_id')
    .select([
      'sc.id',
      'sc.condo_id',
      'sc.state',
      'sc.version',
      'sc.last_message_at',
      'sc.assignee_id',
      'a.name as assignee_name',
      'c.name as condo_name',
      'c.status as condo_status',
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryRows>['execute']>>[number];

async function summaries(db: Kysely<Database>, rows: readonly SummaryRow[]): Promise<SupportConversationSummary[]> {
  const ids = rows.map((r) => r.id);
  const unread = await unreadBy(db, 'soporte', ids);
  const last = ids.length
    ? await db
        .selectFrom('support_messages as m')
        .select(['m.conversation_id', 'm.text'])
        .where('m.id', 'in', (eb) =>
          eb
            .selectFrom('support_messages')
            .select((s) => s.fn.max('id').as('id'))
            .where('conversation_id', 'in', ids)
            .groupBy('conversation_id'),
        )
        .execute()
    : [];
  return rows.map((r) => ({
    id: r.id,
    CondoId: r.condo_id,
    CondoName: r.condo_name,
    CondoStatus: r.condo_status,
    estado: r.state as SupportState,
    asignada: r.assignee_id === null ? null : { id: r.assignee_id, nombre: r.assignee_name ?? '' },
    ultimoMensaje: last.find((l) => l.conversation_id === r.id)?.text ?? null,
    ultimaFecha: r.last_message_at,
    noLeidos: unread.get(r.id) ?? 0,
    version: r.version,
  }));
}

export async function conversationSummary(db: Kysely<Database>, id: number): Promise<SupportConversationSummary> {
  const row = await summaryRows(db).where('sc.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('errors.notFound.resource');
  return (await summaries(db, [row]))[0]!;
}

export async function deskConversations(
  db: Kysely<Database>,
  query: { estado: SupportFilter; condoId?: number | undefined; limit: number; offset: number },
): Promise<SupportDeskListAnswer> {
  let filtered = summaryRows(db);
  if (query.estado !== 'todas') filtered = filtered.where('sc.state', '=', query.estado);
  if (query.condoId !== undefined) filtered = filtered.where('sc.condo_id', '=', query.condoId);
  const rows = await filtered
    .orderBy('sc.last_message_at', 'desc')
    .orderBy('sc.id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  let counted = db.selectFrom('support_conversations as sc').select(db.fn.countAll<number>().as('n'));
  if (query.estado !== 'todas') counted = counted.where('sc.state', '=', query.estado);
  if (query.condoId !== undefined) counted = counted.where('sc.condo_id', '=', query.condoId);
  const total = Number((await counted.executeTakeFirstOrThrow()).n);
  const byState = await db
    .selectFrom('support_conversations')
    .select(['state', db.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  const condos = await db
    .selectFrom('support_conversations as sc')
    .innerJoin('condominiums as c', 'c.id', 'sc.condo_id')
    .select(['c.id as CondoId', 'c.name as CondoName'])
    .orderBy('c.name')
    .execute();
  const unread = await db
    .selectFrom('support_messages')
    .select(db.fn.countAll<number>().as('n'))
    .where('side', '=', 'admin')
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  const count = (state: SupportState) => Number(byState.find((s) => s.state === state)?.n ?? 0);
  return {
    success: true,
    items: await summaries(db, rows),
    total,
    condos,
    porEstado: { abierta: count('abierta'), esperando: count('esperando'), cerrada: count('cerrada') },
    noLeidos: Number(unread.n),
  };
}

async function contactsOf(db: Kysely<Database>, condoId: number): Promise<SupportContact[]> {
  const rows = await db
    .selectFrom('support_contacts as sc')
    .innerJoin('users as u', 'u.id', 'sc.user_id')
    .leftJoin('apartments as a', 'a.id', 'sc.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['u.id', 'u.name', 'u.email', 'a.name as apartment', 't.name as tower', 'sc.verified', 'sc.seen_at'])
    .where('sc.condo_id', '=', condoId)
    .orderBy('sc.booted_at', 'desc')
    .execute();
  return rows.map((r) => ({
    UserId: r.id,
    UserName: r.name,
    UserEmail: r.email,
    AptName: r.apartment === null ? null : dwellingName(r.tower, r.apartment),
    verificado: r.verified === 1,
    visto: r.seen_at,
  }));
}

/** One conversation and a page of its messages; the administration's are read by the desk now. */
export async function deskConversation(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
  page: { before?: number | undefined; limit: number },
  sign: SupportSigner,
): Promise<SupportDeskConversationAnswer> {
  return db.transaction().execute(async (trx) => {
    const summary = await conversationSummary(trx, id);
    // The administrators see their read marks at once.
    if (await markRead(trx, id, 'soporte', clock.now().toISOString()))
      await publishSupport(trx, clock, { id, condoId: summary.CondoId });
    const rows = await messagesOf(trx, id, 'soporte', { before: page.before, limit: page.limit + 1 }, sign);
    return {
      success: true,
      conversation: { ...summary, noLeidos: 0 },
      contactos: await contactsOf(trx, summary.CondoId),
      messages: rows.slice(0, page.limit),
      hayMas: rows.length > page.limit,
      agentes: await listAgents(trx),
    };
  });
}

export async function deskUpdates(
  db: Kysely<Database>,
  clock: Clock,
  id: number,
  after: number,
  sign: SupportSigner,
): Promise<SupportDeskUpdatesAnswer> {
  return db.transaction().execute(async (trx) => {
    const { CondoId } = await conversationSummary(trx, id);
    if (await markRead(trx, id, 'soporte', clock.now().toISOString())) await publishSupport(trx, clock, { id, condoId: CondoId });
    return {
      success: true,
      conversation: await conversationSummary(trx, id),
      messages: await messagesOf(trx, id, 'soporte', { after, limit: UPDATES_MAX }, sign),
      leidos: await readMarks(trx, id, 'soporte'),
    };
  });
}

/**
 * An agent answers: the conversation waits on the administrator (esperando; a closed one opens again for the
 * answer), an unassigned one becomes the agent's, and the administrators who are away are mailed.
 */
export async function deskReply(
  db: Kysely<Database>,
  clock: Clock,
  auth: DeskAuth,
  request: SupportDeskReplyRequest,
  sign: SupportSigner,
  link: string | null,
): Promise<SupportDeskReplyAnswer> {
  const { text, files } = messageContent(request);
  const at = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await conversationSummary(trx, request.conversationId);
    const messageId = await insertMessage(
      trx,
      {
        conversationId: before.id,
        side: 'soporte',
        userId: null,
        agentId: auth.agent.id,
        authorName: auth.agent.nombre,
        text,
        at,
      },
      files,
    );
    await markRead(trx, before.id, 'soporte', at);
    const moved = before.estado !== 'esperando' || before.asignada === null;
    await trx
      .updateTable('support_conversations')
      .set((eb) => ({
        last_message_at: at,
        state: 'esperando',
        assignee_id: before.asignada?.id ?? auth.agent.id,
        version: moved ? eb('version', '+', 1) : eb.ref('version'),
      }))
      .where('id', '=', before.id)
      .execute();
    await mailAwayAdministrators(trx, clock, before.CondoId, {
      agentName: auth.agent.nombre,
      text,
      attachments: files.length,
      link,
    });
    await publishSupport(trx, clock, { id: before.id, condoId: before.CondoId });
    const [message] = await messagesOf(trx, before.id, 'soporte', { before: messageId + 1, limit: 1 }, sign);
    return { success: true, message: message!, conversation: await conversationSummary(trx, before.id) };
  });
}

/** A change made against an older version, or one the lifecycle does not list: 409 with the conversation now. */
const conflict = (conversation: SupportConversationSummary, message: 'support.refusal.stale' | 'support.refusal.notAllowed') =>
  new AppError(409, ErrorCodes.conflict, message, undefined, { conversation });

async function change(
  db: Kysely<Database>,
  clock: Clock,
  request: { conversationId: number; version: number },
  decide: (current: SupportConversationSummary) => { state?: SupportState; assignee_id?: number | null },
): Promise<SupportConversationSummary> {
  return db.transaction().execute(async (trx) => {
    const current = await conversationSummary(trx, request.conversationId);
    if (current.version !== request.version) throw conflict(current, 'support.refusal.stale');
    const values = decide(current);
    const changed = await trx
      .updateTable('support_conversations')
      .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
      .where('id', '=', current.id)
      .where('version', '=', request.version)
      .executeTakeFirst();
    // Another change landed between the read and this write.
    if (Number(changed.numUpdatedRows) === 0) throw conflict(await conversationSummary(trx, current.id), 'support.refusal.stale');
    // The administrators' panel shows the state.
    await publishSupport(trx, clock, { id: current.id, condoId: current.CondoId });
    return conversationSummary(trx, current.id);
  });
}

/** Assign to an agent (or to nobody). */
export async function assignConversation(
  db: Kysely<Database>,
  clock: Clock,
  request: SupportDeskAssignRequest,
): Promise<SupportConversationSummary> {
  if (request.agentId !== null) {
    const agent = await db
      .selectFrom('support_agents')
      .select('id')
      .where('id', '=', request.agentId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!agent) throw new AppError(400, ErrorCodes.badRequest, 'support.refusal.noSuchAgent', 'agentId');
  }
  return change(db, clock, request, () => ({ assignee_id: request.agentId }));
}

/** Move along the lifecycle table. */
export async function moveConversation(
  db: Kysely<Database>,
  clock: Clock,
  request: SupportDeskStateRequest,
): Promise<SupportConversationSummary> {
  return change(db, clock, request, (current) => {
    if (!canMoveSupport(current.estado, request.estado)) throw conflict(current, 'support.refusal.notAllowed');
    return { state: request.estado };
  });
}
