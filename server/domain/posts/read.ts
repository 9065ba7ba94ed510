// One post (GET post) when the caller may read it (permissions.canReadPost): its section, its summary, its
// comments where the section shows them, and whether the caller may comment on it or review it. Opening a notice is
// a member's read of it (issue 30, noticeReads.ts): recorded the first time, and the answer carries their own reading.
import type { Kysely } from 'kysely';
import { canCommentOnPost, canModeratePosts } from '../../../src/api/permissions';
import type { PostAnswer } from '../../../src/api/posts';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { readablePost, sectionAnswer } from './access';
import { commentsOf, publishedCounts, type Signer, summaries } from './answers';
import { openNotice } from './noticeReads';
import { factsOf, PENDING } from './rows';

export async function onePost(db: Kysely<Database>, clock: Clock, auth: Auth, postId: number, sign: Signer): Promise<PostAnswer> {
  const { viewer, post, section, facts } = await readablePost(db, auth, postId);
  const notice = await openNotice(db, clock, auth, { viewer, post, facts });
  const counts = await publishedCounts(db, auth.condoId, section.id);
  const [summary] = await summaries(db, [post], sign);
  return {
    success: true,
    section: sectionAnswer(section, counts.get(section.id) ?? 0),
    post: summary!,
    comments: section.comments_display === 'Y' ? await commentsOf(db, post.id) : [],
    canComment: canCommentOnPost(viewer, facts, factsOf(post)),
    canModerate: canModeratePosts(viewer) && post.status === PENDING,
    ...(notice ? { notice } : {}),
  };
}
