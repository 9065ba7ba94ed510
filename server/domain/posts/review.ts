// The administrators' review (POST approve, reject; permissions.canModeratePosts): a post waiting for approval
// is published or rejected once. The conditional UPDATE … WHERE status = 'P' decides a race between two
// administrators: the second gets 409. The author is told either way; on approval the readers hear of the post.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canModeratePosts } from '../../../src/api/permissions';
import type { PostStatus } from '../../../src/api/posts';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { requireCommunication } from '../shared/sections';
import { loadViewer } from '../shared/viewer';
import { postNotFound } from './access';
import { tellAuthorOfReview, tellReaders } from './notices';
import { factsOf, findPost, PENDING, PUBLISHED, REJECTED } from './rows';

/** Administrators: publish or reject a post waiting for approval; its author is told either way, and on
 * approval its readers hear of the new post. */
export async function reviewPost(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: { postId: number; note?: string | undefined },
  decision: 'approve' | 'reject',
): Promise<PostStatus> {
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    requireCommunication(viewer);
    if (!canModeratePosts(viewer)) throw forbidden();
    const post = await findPost(trx, auth.condoId, request.postId);
    if (!post) throw postNotFound();
    const status = decision === 'approve' ? PUBLISHED : REJECTED;
    const changed = await trx
      .updateTable('posts')
      .set({
        status,
        reviewed_by_user_id: auth.userId,
        reviewed_at: clock.now().toISOString(),
        review_note: request.note?.trim() || null,
      })
      .where('id', '=', post.id)
      .where('status', '=', PENDING)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw new AppError(409, ErrorCodes.conflict, 'errors.posts.notPending');
    const section = await trx.selectFrom('sections').selectAll().where('id', '=', post.section_id).executeTakeFirstOrThrow();
    const note = request.note?.trim();
    await tellAuthorOfReview(trx, clock, auth.condoId, section, post, decision, note);
    if (decision === 'approve') {
      const facts = { ...factsOf({ ...post, status }), title: post.title };
      await tellReaders(trx, clock, section, post.id, facts, post.author_name, [post.author_user_id, auth.userId]);
    }
    return status as PostStatus;
  });
}
