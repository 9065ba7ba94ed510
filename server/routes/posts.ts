// Sections and posts (src/api/posts.ts). Thin: validated input, the domain call, the answer. Who may call
// each is written next to its path; the rules themselves are src/api/permissions.ts's, applied in
// server/domain/posts. Employees are refused everywhere (no Comunicación, spec §6).
import type { FastifyInstance } from 'fastify';
import { canModeratePosts, canSeeCommunication } from '../../src/api/permissions';
import {
  type NewCommentAnswer,
  NewCommentRequest,
  type NewPostAnswer,
  NewPostRequest,
  POSTS_PAGE_SIZE,
  POSTS_PATHS,
  type PostAnswer,
  PostParams,
  type ReviewAnswer,
  ReviewRequest,
  SectionParams,
  type SectionPostsAnswer,
  SectionPostsQuery,
  type SummaryAnswer,
} from '../../src/api/posts';
import { attachmentFile, attachmentSigner, checkAttachmentLink } from '../domain/posts/attachmentLinks';
import { addComment } from '../domain/posts/comments';
import { createPost } from '../domain/posts/create';
import { sectionPosts } from '../domain/posts/list';
import { onePost } from '../domain/posts/read';
import { reviewPost } from '../domain/posts/review';
import { sectionsSummary } from '../domain/posts/summary';
import type { AccessData } from '../domain/shared/sessionData';
import { SIGNED_IN, signedInRoutes } from './guards';
import { noticeReadRoutes } from './postsNoticeReads';
import { signedFileRoute } from './signedFileRoute';

/** Four attachments of 1.5 MB as base64 data URLs, plus the text. */
const POST_BODY_LIMIT = 8_500_000;

export default async function postRoutes(app: FastifyInstance) {
  const routes = signedInRoutes(app);
  const signer = () => attachmentSigner(app.db, app.clock, app.prefix);
  // Employees (no Comunicación) and non-administrators on the moderation calls are refused before the params
  // or body are validated (routes/guards.ts); the domain then applies the section's and the post's rules.
  const communication = { allow: canSeeCommunication };
  const moderators = { allow: (access: AccessData) => canModeratePosts({ ...access, towerIds: [] }) };

  // Signed in, not an employee: the sections they may read.
  routes.get(
    POSTS_PATHS.summary,
    { allow: SIGNED_IN },
    async (request): Promise<SummaryAnswer> => sectionsSummary(app.db, request.auth),
  );

  // Signed in, not an employee, and the section readable (permissions.canReadSection): a page of its posts.
  routes.get<{ Params: { sectionId: number }; Querystring: SectionPostsQuery }>(
    POSTS_PATHS.sectionPosts(':sectionId'),
    { schema: { params: SectionParams, querystring: SectionPostsQuery }, ...communication },
    async (request): Promise<SectionPostsAnswer> => {
      const { limit = POSTS_PAGE_SIZE, offset = 0, search = '' } = request.query;
      return sectionPosts(app.db, request.auth, request.params.sectionId, { limit, offset, search }, await signer());
    },
  );

  // Signed in, and the post readable (permissions.canReadPost): the post and its comments.
  routes.get<{ Params: { postId: number } }>(
    POSTS_PATHS.post(':postId'),
    { schema: { params: PostParams }, ...communication },
    async (request): Promise<PostAnswer> => onePost(app.db, app.clock, request.auth, request.params.postId, await signer()),
  );

  // Signed in, and permissions.canPostInSection: a new post (pending in SectPosting B unless an administrator).
  routes.post<{ Body: NewPostRequest }>(
    POSTS_PATHS.newPost,
    { schema: { body: NewPostRequest }, ...communication, bodyLimit: POST_BODY_LIMIT },
    async (request): Promise<NewPostAnswer> => ({
      success: true,
      ...(await createPost(app.db, app.clock, request.auth, request.body)),
    }),
  );

  // Signed in, and permissions.canCommentOnPost.
  routes.post<{ Body: NewCommentRequest }>(
    POSTS_PATHS.newComment,
    { schema: { body: NewCommentRequest }, ...communication },
    async (request): Promise<NewCommentAnswer> => ({
      success: true,
      comment: await addComment(app.db, app.clock, request.auth, request.body),
    }),
  );

  // Administrators (permissions.canModeratePosts): publish or reject a post waiting for approval.
  for (const [path, decision] of [
    [POSTS_PATHS.approvePost, 'approve'],
    [POSTS_PATHS.rejectPost, 'reject'],
  ] as const) {
    routes.post<{ Body: ReviewRequest }>(
      path,
      { schema: { body: ReviewRequest }, ...moderators },
      async (request): Promise<ReviewAnswer> => ({
        success: true,
        Estatus: await reviewPost(app.db, app.clock, request.auth, request.body, decision),
      }),
    );
  }

  // Anyone holding an unexpired signed link (given only with a post its holder may read): the bytes.
  signedFileRoute(app, {
    path: POSTS_PATHS.attachmentFile(':attachmentId'),
    param: 'attachmentId',
    check: (link) => checkAttachmentLink(app.db, app.clock, { attachmentId: link.id, exp: link.exp, sig: link.sig }),
    load: (id) => attachmentFile(app.db, id),
  });

  // Official notices' reads, acknowledgements, reach and resends (issue 30).
  await noticeReadRoutes(app);
}
