// Sections and posts (issue 6): the summary of readable sections, a section's posts (paged, searched),
// one post with its comments, new posts (SectPosting A open, B waits for an administrator, R
// administrators only), comments, and the administrator's review. Every rule is the shared one of
// src/api/permissions.ts; each event tells the right people through notify().
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type CommunicationViewer,
  canCommentOnPost,
  canMarkPostPrivate,
  canModeratePosts,
  canPostInSection,
  canReadPost,
  isAdmin,
  type PostFacts,
  postNeedsApproval,
  postPrivateByDefault,
  type SectionFacts,
} from '../../../src/api/permissions';
import type {
  Attachment,
  NewCommentRequest,
  NewPostRequest,
  PostAnswer,
  PostComment,
  PostStatus,
  PostSummary,
  SectionPostsAnswer,
  SummaryAnswer,
} from '../../../src/api/posts';
import type { Database, Section } from '../../db/schema';
import { containsSearch } from '../../db/textSearch';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import type { Auth } from '../shared/auth';
import { notify } from '../shared/notify';
import { readableSections, requireCommunication, sectionFacts } from '../shared/sections';
import { decodeAttachment } from '../shared/uploads';
import { loadMembers, loadViewer } from '../shared/viewer';
import { postNotFound, readableSection, sectionAnswer } from './access';

/** Signs attachment links (attachmentLinks.ts). */
export type Signer = (attachmentId: number) => string;

const PUBLISHED = 'A';
const PENDING = 'P';
const REJECTED = 'R';

/** The sections the member may read, in menu order, with their published post counts. */
export async function sectionsSummary(db: Kysely<Database>, auth: Auth): Promise<SummaryAnswer> {
  const viewer = await loadViewer(db, auth);
  requireCommunication(viewer);
  const readable = await readableSections(db, auth, viewer);
  const counts = await publishedCounts(db, auth.condoId);
  return { success: true, sections: readable.map((s) => sectionAnswer(s, counts.get(s.id) ?? 0)) };
}

async function publishedCounts(db: Kysely<Database>, condoId: number, sectionId?: number): Promise<Map<number, number>> {
  let query = db
    .selectFrom('posts')
    .select(['section_id', db.fn.countAll<number>().as('n')])
    .where('condo_id', '=', condoId)
    .where('status', '=', PUBLISHED)
    .groupBy('section_id');
  if (sectionId !== undefined) query = query.where('section_id', '=', sectionId);
  return new Map((await query.execute()).map((r) => [r.section_id, Number(r.n)]));
}

function abilities(viewer: CommunicationViewer, facts: SectionFacts) {
  return {
    canPost: canPostInSection(viewer, facts),
    needsApproval: postNeedsApproval(viewer, facts),
    canMarkPrivate: canMarkPostPrivate(facts),
    defaultPrivate: postPrivateByDefault(facts),
    canModerate: canModeratePosts(viewer),
  };
}

const postColumns = [
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
] as const;

type PostRow = {
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
};

async function summaries(db: Kysely<Database>, rows: PostRow[], sign: Signer): Promise<PostSummary[]> {
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
  }));
}

/** The posts of one section the viewer may read (canReadPost in SQL), joined with author and tower. */
export function readablePosts(db: Kysely<Database>, viewer: CommunicationViewer, section: Pick<Section, 'id' | 'vista_x_torre'>) {
  let query = db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_user_id')
    .leftJoin('towers as t', 't.id', 'p.tower_id')
    .where('p.section_id', '=', section.id);
  if (!isAdmin(viewer.usuario)) {
    const towers = viewer.towerIds.length ? viewer.towerIds : [-1];
    query = query.where((eb) =>
      eb.or([
        eb('p.author_user_id', '=', viewer.usuario.UserId),
        eb.and([
          eb('p.status', '=', PUBLISHED),
          eb('p.is_private', '=', 0),
          section.vista_x_torre === 1 ? eb.or([eb('p.tower_id', 'is', null), eb('p.tower_id', 'in', towers)]) : eb.lit(true),
        ]),
      ]),
    );
  }
  return query;
}

/**
 * Others' published posts in the section since `since` that the viewer may read (readablePosts): the "nuevas" of
 * the communication home (communicationHome/communicationHome.ts).
 */
export async function newPostsCount(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  section: Pick<Section, 'id' | 'vista_x_torre'>,
  since: string,
): Promise<number> {
  const row = await readablePosts(db, viewer, section)
    .where('p.status', '=', PUBLISHED)
    .where('p.author_user_id', '!=', auth.userId)
    .where('p.created_at', '>=', since)
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of the section's posts the member may read, newest first; search is "contains" on the title and
 * text, ignoring case and accents (server/db/textSearch.ts). The WHERE below is canReadPost in SQL (so
 * pages and totals are right); a test checks the two agree.
 */
export async function sectionPosts(
  db: Kysely<Database>,
  auth: Auth,
  sectionId: number,
  page: { limit: number; offset: number; search: string },
  sign: Signer,
): Promise<SectionPostsAnswer> {
  const viewer = await loadViewer(db, auth);
  const { section, facts } = await readableSection(db, auth, viewer, sectionId);
  let query = readablePosts(db, viewer, section);
  const search = containsSearch(page.search, ['p.title', 'p.body']);
  if (search) query = query.where(search);
  const total = await query.select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await query
    .select([...postColumns])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counts = await publishedCounts(db, auth.condoId, section.id);
  return {
    success: true,
    section: sectionAnswer(section, counts.get(section.id) ?? 0),
    abilities: abilities(viewer, facts),
    posts: await summaries(db, rows, sign),
    total: Number(total.n),
  };
}

async function findPost(db: Kysely<Database>, condoId: number, postId: number): Promise<PostRow | undefined> {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_user_id')
    .leftJoin('towers as t', 't.id', 'p.tower_id')
    .select([...postColumns])
    .where('p.id', '=', postId)
    .where('p.condo_id', '=', condoId)
    .executeTakeFirst();
}

const factsOf = (post: { author_user_id: number; tower_id: number | null; is_private: number; status: string }): PostFacts => ({
  authorId: post.author_user_id,
  towerId: post.tower_id,
  isPrivate: post.is_private === 1,
  status: post.status,
});

/** A post the member may read, with its section; 404 when it is not theirs to read. */
async function readablePost(db: Kysely<Database>, auth: Auth, postId: number) {
  const viewer = await loadViewer(db, auth);
  requireCommunication(viewer);
  const post = await findPost(db, auth.condoId, postId);
  if (!post) throw postNotFound();
  const section = await db.selectFrom('sections').selectAll().where('id', '=', post.section_id).executeTakeFirstOrThrow();
  const assigned = !!(await db
    .selectFrom('section_users')
    .select('id')
    .where('section_id', '=', section.id)
    .where('user_id', '=', auth.userId)
    .executeTakeFirst());
  const facts = sectionFacts(section, assigned);
  if (!canReadPost(viewer, facts, factsOf(post))) throw postNotFound();
  return { viewer, post, section, facts };
}

async function commentsOf(db: Kysely<Database>, postId: number): Promise<PostComment[]> {
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

export async function onePost(db: Kysely<Database>, auth: Auth, postId: number, sign: Signer): Promise<PostAnswer> {
  const { viewer, post, section, facts } = await readablePost(db, auth, postId);
  const counts = await publishedCounts(db, auth.condoId, section.id);
  const [summary] = await summaries(db, [post], sign);
  return {
    success: true,
    section: sectionAnswer(section, counts.get(section.id) ?? 0),
    post: summary!,
    comments: section.comments_display === 'Y' ? await commentsOf(db, post.id) : [],
    canComment: canCommentOnPost(viewer, facts, factsOf(post)),
    canModerate: canModeratePosts(viewer) && post.status === PENDING,
  };
}

/** Everyone but `except` who may read the post. */
async function readersOf(
  db: Kysely<Database>,
  condoId: number,
  section: Section,
  post: PostFacts,
  except: number[],
): Promise<number[]> {
  const members = await loadMembers(db, condoId, section.id);
  return members
    .filter(({ viewer, assigned }) => canReadPost(viewer, sectionFacts(section, assigned), post))
    .map(({ viewer }) => viewer.usuario.UserId)
    .filter((id) => !except.includes(id));
}

async function adminsOf(db: Kysely<Database>, condoId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('memberships')
    .select('user_id')
    .where('condo_id', '=', condoId)
    .where('is_admin', '=', 1)
    .where('active', '=', 1)
    .execute();
  return rows.map((r) => r.user_id);
}

async function authorName(db: Kysely<Database>, userId: number): Promise<string> {
  return (await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirstOrThrow()).name;
}

async function tellReaders(
  db: Kysely<Database>,
  clock: Clock,
  section: Section,
  postId: number,
  post: PostFacts & { title: string },
  author: string,
  /** Who need not be told: the author, and the administrator who just approved it. */
  except: number[] = [post.authorId],
) {
  const readers = await readersOf(db, section.condo_id, section, post, except);
  await notify(db, clock, readers, {
    condoId: section.condo_id,
    titulo: `Nueva publicación en ${section.name}`,
    textoApp: `${author}: ${post.title}`,
    modulo: 'publicacion',
    props: { postID: postId },
  });
}

/** The tower a new post is for: none unless the section shows posts per tower; then the administrator's
 * choice (a tower of the condominium, or everyone), or the author's own tower. */
async function towerFor(
  db: Kysely<Database>,
  auth: Auth,
  viewer: CommunicationViewer,
  section: Section,
  chosen: number | null | undefined,
) {
  if (section.vista_x_torre !== 1 || section.exclusiva_usuarios === 'Y') return null;
  if (isAdmin(viewer.usuario)) {
    if (chosen == null) return null;
    const tower = await db
      .selectFrom('towers')
      .select('id')
      .where('id', '=', chosen)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!tower) throw new AppError(400, ErrorCodes.badRequest, 'errors.notFound.tower', 'TorreId');
    return tower.id;
  }
  return viewer.towerIds[0] ?? null;
}

export async function createPost(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: NewPostRequest,
): Promise<{ PostId: number; Estatus: PostStatus }> {
  // Decoded before anything is written: a bad file refuses the whole post.
  const files = request.adjuntos.map((a, i) => ({ name: a.name.trim(), ...decodeAttachment(a.dataUrl, i) }));
  return db.transaction().execute(async (trx) => {
    const viewer = await loadViewer(trx, auth);
    const { section, facts } = await readableSection(trx, auth, viewer, request.sectionId);
    if (!canPostInSection(viewer, facts)) throw new AppError(403, ErrorCodes.forbidden, 'errors.posts.cannotPost');
    if (request.Privado && !canMarkPostPrivate(facts)) {
      throw new AppError(400, ErrorCodes.badRequest, 'errors.posts.noPrivate', 'Privado');
    }
    const towerId = await towerFor(trx, auth, viewer, section, request.TorreId);
    const status = postNeedsApproval(viewer, facts) ? PENDING : PUBLISHED;
    const createdAt = clock.now().toISOString();
    const { id } = await trx
      .insertInto('posts')
      .values({
        condo_id: auth.condoId,
        section_id: section.id,
        author_user_id: auth.userId,
        title: request.Titulo.trim(),
        body: request.Texto.trim(),
        tower_id: towerId,
        is_private: request.Privado ? 1 : 0,
        status,
        reviewed_by_user_id: null,
        reviewed_at: null,
        review_note: null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, file] of files.entries()) {
      const fileId = await saveFile(trx, { ownerUserId: auth.userId, contentType: file.contentType, data: file.data, createdAt });
      await trx
        .insertInto('post_attachments')
        .values({ post_id: id, file_id: fileId, file_name: file.name, kind: file.kind, position })
        .execute();
    }
    const author = await authorName(trx, auth.userId);
    const post = { authorId: auth.userId, towerId, isPrivate: !!request.Privado, status, title: request.Titulo.trim() };
    if (status === PUBLISHED) {
      await tellReaders(trx, clock, section, id, post, author);
    } else {
      await notify(
        trx,
        clock,
        (await adminsOf(trx, auth.condoId)).filter((a) => a !== auth.userId),
        {
          condoId: auth.condoId,
          titulo: 'Publicación por aprobar',
          textoApp: `${author} publicó «${post.title}» en ${section.name}.`,
          modulo: 'publicacion',
          props: { postID: id },
        },
      );
    }
    return { PostId: id, Estatus: status as PostStatus };
  });
}

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
    await notify(trx, clock, [post.author_user_id], {
      condoId: auth.condoId,
      titulo: decision === 'approve' ? 'Tu publicación fue aprobada' : 'Tu publicación fue rechazada',
      textoApp:
        decision === 'approve'
          ? `«${post.title}» ya está publicada en ${section.name}.`
          : `«${post.title}» no se publicó en ${section.name}.${note ? ` Motivo: ${note}` : ''}`,
      modulo: 'publicacion',
      props: { postID: post.id },
    });
    if (decision === 'approve') {
      const facts = { ...factsOf({ ...post, status }), title: post.title };
      await tellReaders(trx, clock, section, post.id, facts, post.author_name, [post.author_user_id, auth.userId]);
    }
    return status as PostStatus;
  });
}

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
    if (post.author_user_id !== auth.userId) {
      await notify(trx, clock, [post.author_user_id], {
        condoId: auth.condoId,
        titulo: 'Nuevo comentario',
        textoApp: `${name} comentó tu publicación «${post.title}».`,
        modulo: 'publicacion',
        props: { postID: post.id },
      });
    }
    return { id, UserId: auth.userId, UserName: name, Texto: body, FechaCreada: createdAt };
  });
}

/** The bytes behind an attachment link (already checked by the route). */
export async function attachmentFile(db: Kysely<Database>, attachmentId: number) {
  return db
    .selectFrom('post_attachments as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['f.content_type', 'f.data', 'a.file_name', 'a.kind'])
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
}
