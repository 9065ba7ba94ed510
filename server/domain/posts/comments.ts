// A comment on a post (POST new comment): only where the section shows comments (CommentsDisplay Y, else 403)
// and on a post the caller may read and comment on (permissions.canCommentOnPost: a pending post answers
// 409). The post's author is told unless they wrote it.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { canCommentOnPost } from '../../../src/api/permissions';
import type { NewCommentRequest, PostComment } from '../../../src/api/posts';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { readablePost } from './access';
import { tellAuthorOfComment } from './notices';
import { authorName, factsOf } from './rows';

export async function addComment(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: NewCommentRequest,
): Promise<PostComment> {
  return db.transaction().execute(async (trx) => {
    const { viewer, post, section, facts } = await readablePost(trx, auth, request.postId);
    if (section.comments_display !== 'Y') throw new AppError(403, ErrorCodes.forbidden, 'errors.posts.noComments');
    if (!canCommentOnPost(viewer, facts, factsOf(post))) {
      throw new AppError(409, ErrorCodes.conflict, 'errors.posts.notPublished');
    }
    const createdAt = clock.now().toISOString();
    const body = request.Texto.trim();
    const { id } = await trx
      .insertInto('post_comments')
      .values({ post_id: post.id, author_user_id: auth.userId, body, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const name = await authorName(trx, auth.userId);
    await tellAuthorOfComment(trx, clock, auth.condoId, post, { userId: auth.userId, name });
    return { id, UserId: auth.userId, UserName: name, Texto: body, FechaCreada: createdAt };
  });
}
