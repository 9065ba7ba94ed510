// A post as the domain reads it: the posts row with its author's and tower's names, its status (A published,
// P waiting for an administrator, R rejected), and the facts the shared rules of src/api/permissions.ts read
// from it (canReadPost, canCommentOnPost).
import type { Kysely } from 'kysely';
import type { PostFacts } from '../../../src/api/permissions';
import type { Database } from '../../db/schema';

export const PUBLISHED = 'A';
export const PENDING = 'P';
export const REJECTED = 'R';

/** The columns of a post read with its author (`u`) and tower (`t`). */
export const postColumns = [
  'p.id',
  'p.section_id',
  'p.title',
  'p.body',
  'p.author_user_id',
  'u.name as author_name',
  't.name as tower_name',
  'p.is_private',
  'p.status',
  'p.created_at',
  'p.tower_id',
  'p.is_important',
] as const;

export type PostRow = {
  id: number;
  section_id: number;
  title: string;
  body: string;
  author_user_id: number;
  author_name: string;
  tower_name: string | null;
  is_private: number;
  status: string;
  created_at: string;
  tower_id: number | null;
  /** 1: an important notice (issue 30, noticeReads.ts). */
  is_important: number;
};

/** One post of the condominium, with its author's and tower's names. */
export async function findPost(db: Kysely<Database>, condoId: number, postId: number): Promise<PostRow | undefined> {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_user_id')
    .leftJoin('towers as t', 't.id', 'p.tower_id')
    .select([...postColumns])
    .where('p.id', '=', postId)
    .where('p.condo_id', '=', condoId)
    .executeTakeFirst();
}

export const factsOf = (post: {
  author_user_id: number;
  tower_id: number | null;
  is_private: number;
  status: string;
}): PostFacts => ({
  authorId: post.author_user_id,
  towerId: post.tower_id,
  isPrivate: post.is_private === 1,
  status: post.status,
});

/** The name a post or a comment is signed with. */
export async function authorName(db: Kysely<Database>, userId: number): Promise<string> {
  return (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow()).name;
}
