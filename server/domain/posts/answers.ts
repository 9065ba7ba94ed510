// The answers of src/api/posts.ts built from rows: post summaries with their comment counts and signed
// attachment links, a post's comments, the published count shown beside a section, and what the caller may do
// in a section (the shared rules of src/api/permissions.ts).
import type { Kysely } from 'kysely';
import {
  type CommunicationViewer,
  canMarkNoticeImportant,
  canMarkPostPrivate,
  canModeratePosts,
  canPostInSection,
  postNeedsApproval,
  postPrivateByDefault,
  type SectionFacts,
} from '../../../src/api/permissions';
import type { Attachment, PostComment, PostStatus, PostSummary } from '../../../src/api/posts';
import type { Database } from '../../db/schema';
import { type PostRow, PUBLISHED } from './rows';

/** Signs attachment links (attachmentLinks.ts). */
export type Signer = (attachmentId: number) => string;

/** Published posts by section (of one section, when named). */
export async function publishedCounts(db: Kysely<Database>, condoId: number, sectionId?: number): Promise<Map<number, number>> {
  let query = db
    .selectFrom('posts')
    .select(['section_id', db.fn.countAll<number>().as('n')])
    .where('condo_id', '=', condoId)
    .where('status', '=', PUBLISHED)
    .groupBy('section_id');
  if (sectionId !== undefined) query = query.where('section_id', '=', sectionId);
  return new Map((await query.execute()).map((r) => [r.section_id, Number(r.n)]));
}

/** What the caller may do in the section. */
export function abilities(viewer: CommunicationViewer, facts: SectionFacts) {
  return {
    canPost: canPostInSection(viewer, facts),
    needsApproval: postNeedsApproval(viewer, facts),
    canMarkPrivate: canMarkPostPrivate(facts),
    defaultPrivate: postPrivateByDefault(facts),
    canModerate: canModeratePosts(viewer),
    canMarkImportant: canMarkNoticeImportant(viewer, facts),
  };
}

export async function summaries(db: Kysely<Database>, rows: PostRow[], sign: Signer): Promise<PostSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const comments = await db
    .selectFrom('post_comments')
    .select(['post_id', db.fn.countAll<number>().as('n')])
    .where('post_id', 'in', ids)
    .groupBy('post_id')
    .execute();
  const commentCount = new Map(comments.map((c) => [c.post_id, Number(c.n)]));
  const attachments = await db
    .selectFrom('post_attachments')
    .select(['id', 'post_id', 'file_name', 'kind'])
    .where('post_id', 'in', ids)
    .orderBy('post_id')
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    PostId: r.id,
    SectId: r.section_id,
    Titulo: r.title,
    Texto: r.body,
    UserId: r.author_user_id,
    UserName: r.author_name,
    TorreName: r.tower_name,
    Privado: r.is_private === 1 ? 1 : 0,
    Estatus: (['A', 'P', 'R'].includes(r.status) ? r.status : 'P') as PostStatus,
    FechaCreada: r.created_at,
    comentarios: commentCount.get(r.id) ?? 0,
    adjuntos: attachments
      .filter((a) => a.post_id === r.id)
      .map((a): Attachment => ({ id: a.id, nombre: a.file_name, tipo: a.kind === 'image' ? 'image' : 'file', url: sign(a.id) })),
    Importante: r.is_important === 1 ? 1 : 0,
  }));
}

/** A post's comments, oldest first. */
export async function commentsOf(db: Kysely<Database>, postId: number): Promise<PostComment[]> {
  const rows = await db
    .selectFrom('post_comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_user_id')
    .select(['c.id', 'c.author_user_id', 'u.name', 'c.body', 'c.created_at'])
    .where('c.post_id', '=', postId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ id: r.id, UserId: r.author_user_id, UserName: r.name, Texto: r.body, FechaCreada: r.created_at }));
}
