// Official notices (issue 30), the reader's side: a member's first opening of a notice is recorded once (the post's
// detail read, onePost), with the dwellings they belong to here; an important notice is acknowledged ("Enterado")
// once, with its time; an administrator marks a notice important or not (the history keeps each change). What a
// reader gets back is their own reading only (NoticeState): nobody else's. The rules are src/api/permissions.ts's
// (recordsNoticeReads, canAcknowledgeNotice, canMarkNoticeImportant…); a notices section is noticeReads.isNoticeSection.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { isNoticeSection, type NoticeState } from '../../../src/api/noticeReads';
import {
  type CommunicationViewer,
  canAcknowledgeNotice,
  canMarkNoticeImportant,
  canSeeNoticeReach,
  canSeeNoticeReaders,
  recordsNoticeReads,
  type SectionFacts,
} from '../../../src/api/permissions';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { callerDwellingRows } from '../shared/viewer';
import { readablePost } from './access';
import { factsOf, type PostRow, PUBLISHED } from './rows';

export const notANotice = () => new AppError(404, ErrorCodes.notFound, 'errors.noticeReads.notANotice');

/** A post's facts as the notice rules read them. */
export const noticeFacts = (post: PostRow) => ({ ...factsOf(post), important: post.is_important === 1 });

/** The caller's read of a notice: recorded now, with their dwellings here, unless they had opened it before. */
async function recordRead(trx: Kysely<Database>, clock: Clock, auth: Auth, postId: number) {
  const inserted = await trx
    .insertInto('notice_reads')
    .values({
      condo_id: auth.condoId,
      post_id: postId,
      user_id: auth.userId,
      read_at: clock.now().toISOString(),
      acknowledged_at: null,
    })
    // Two tabs opening it at once: the unique (post_id, user_id) keeps the first.
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    const dwellings = await callerDwellingRows(trx, auth);
    if (dwellings.length > 0) {
      await trx
        .insertInto('notice_read_dwellings')
        .values(dwellings.map((d) => ({ read_id: inserted.id, post_id: postId, apartment_id: d.id })))
        .execute();
    }
  }
  return trx
    .selectFrom('notice_reads')
    .select(['id', 'read_at', 'acknowledged_at'])
    .where('post_id', '=', postId)
    .where('user_id', '=', auth.userId)
    .executeTakeFirstOrThrow();
}

/** Whether opening this post is a member's read of a notice: a published notice, not the reader's own, not the administration's. */
const isRead = (viewer: CommunicationViewer, facts: SectionFacts, post: PostRow) =>
  isNoticeSection(facts) &&
  post.status === PUBLISHED &&
  post.author_user_id !== viewer.usuario.UserId &&
  recordsNoticeReads(viewer);

/**
 * What the post's detail answer carries for a notice (undefined for any other post): the caller's own read, recorded
 * now when this is their first opening, their acknowledgement, and what they may do.
 */
export async function openNotice(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  found: { viewer: CommunicationViewer; post: PostRow; facts: SectionFacts },
): Promise<NoticeState | undefined> {
  const { viewer, post, facts } = found;
  if (!isNoticeSection(facts)) return undefined;
  const read = isRead(viewer, facts, post)
    ? await db.transaction().execute((trx) => recordRead(trx, clock, auth, post.id))
    : null;
  return {
    important: post.is_important === 1,
    readAt: read?.read_at ?? null,
    acknowledgedAt: read?.acknowledged_at ?? null,
    canAcknowledge: canAcknowledgeNotice(viewer, facts, noticeFacts(post)),
    canMarkImportant: canMarkNoticeImportant(viewer, facts),
    canSeeReach: canSeeNoticeReach(viewer),
    canSeeReaders: canSeeNoticeReaders(viewer),
  };
}

/**
 * "Enterado" on an important notice: recorded with its time, once (a second press, or a second tab, answers the
 * first time). Reading it is implied: the read is recorded too if it was not. Not a notice: 404; the administration
 * or the author: 403; a notice that asks for nothing: 409.
 */
export async function acknowledgeNotice(db: Kysely<Database>, clock: Clock, auth: Auth, postId: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const { viewer, post, facts } = await readablePost(trx, auth, postId);
    if (!isNoticeSection(facts)) throw notANotice();
    if (!recordsNoticeReads(viewer) || post.author_user_id === auth.userId) throw forbidden();
    if (!canAcknowledgeNotice(viewer, facts, noticeFacts(post))) {
      throw new AppError(409, ErrorCodes.conflict, 'errors.noticeReads.notImportant');
    }
    const read = await recordRead(trx, clock, auth, post.id);
    if (read.acknowledged_at) return read.acknowledged_at;
    await trx
      .updateTable('notice_reads')
      .set({ acknowledged_at: clock.now().toISOString() })
      .where('id', '=', read.id)
      .where('acknowledged_at', 'is', null)
      .execute();
    const row = await trx
      .selectFrom('notice_reads')
      .select('acknowledged_at')
      .where('id', '=', read.id)
      .executeTakeFirstOrThrow();
    return row.acknowledged_at!;
  });
}

/** An administrator marks a notice important or not; a change is kept in the history (entity notice, its post's id). */
export async function setNoticeImportance(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: { postId: number; important: boolean },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { viewer, post, facts } = await readablePost(trx, auth, request.postId);
    if (!isNoticeSection(facts)) throw notANotice();
    if (!canMarkNoticeImportant(viewer, facts)) throw forbidden();
    const was = post.is_important === 1;
    if (was === request.important) return was;
    await trx
      .updateTable('posts')
      .set({ is_important: request.important ? 1 : 0 })
      .where('id', '=', post.id)
      .execute();
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'notice',
      entityId: post.id,
      action: 'update',
      before: { important: was },
      after: { important: request.important },
      at: clock.now(),
    });
    return request.important;
  });
}
