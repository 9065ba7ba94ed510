// Browser side of communication (src/api/posts.ts): the readable sections, a section's posts, one post,
// new posts and comments, and the administrator's review.
import {
  NewCommentAnswer,
  type NewCommentRequest,
  NewPostAnswer,
  type NewPostRequest,
  POSTS_PATHS,
  PostAnswer,
  ReviewAnswer,
  SectionPostsAnswer,
  SummaryAnswer,
} from '../api/posts';
import { apiPath, call, http } from './http';

export interface SectionPage {
  sectionId: number;
  limit: number;
  offset: number;
  search: string;
}

export function fetchSummary(signal?: AbortSignal): Promise<SummaryAnswer> {
  return call(() => http.get(apiPath(POSTS_PATHS.summary), { signal }), SummaryAnswer);
}

export function fetchSectionPosts(page: SectionPage, signal?: AbortSignal): Promise<SectionPostsAnswer> {
  const searchParams: Record<string, string | number> = { limit: page.limit, offset: page.offset };
  if (page.search.trim()) searchParams.search = page.search.trim();
  return call(() => http.get(apiPath(POSTS_PATHS.sectionPosts(page.sectionId)), { searchParams, signal }), SectionPostsAnswer);
}

export function fetchPost(postId: number, signal?: AbortSignal): Promise<PostAnswer> {
  return call(() => http.get(apiPath(POSTS_PATHS.post(postId)), { signal }), PostAnswer);
}

export function createPost(request: NewPostRequest, signal?: AbortSignal): Promise<NewPostAnswer> {
  return call(() => http.post(apiPath(POSTS_PATHS.newPost), { json: request, signal, timeout: 120_000 }), NewPostAnswer);
}

export function addComment(request: NewCommentRequest, signal?: AbortSignal): Promise<NewCommentAnswer> {
  return call(() => http.post(apiPath(POSTS_PATHS.newComment), { json: request, signal }), NewCommentAnswer);
}

export function reviewPost(
  request: { postId: number; decision: 'approve' | 'reject'; note?: string },
  signal?: AbortSignal,
): Promise<ReviewAnswer> {
  const path = request.decision === 'approve' ? POSTS_PATHS.approvePost : POSTS_PATHS.rejectPost;
  const json = request.note ? { postId: request.postId, note: request.note } : { postId: request.postId };
  return call(() => http.post(apiPath(path), { json, signal }), ReviewAnswer);
}
