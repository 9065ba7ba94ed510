// A new post (POST new): never in an SA or IC section (they have flows of their own: 404), and only in a
// section the caller may post in (permissions.canPostInSection: SectPosting A and B anyone who reads it, R
// administrators only), private only where the section allows it, for the right tower, with its attachments.
// In B a member's post waits for an administrator (postNeedsApproval) and the administrators are told;
// otherwise it is published and its readers are told.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  type CommunicationViewer,
  canMarkNoticeImportant,
  canMarkPostPrivate,
  canPostInSection,
  isAdmin,
  postNeedsApproval,
} from '../../../src/api/permissions';
import type { NewPostRequest, PostStatus } from '../../../src/api/posts';
import { sectionTakesPosts } from '../../../src/api/sections';
import type { Database, Section } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import type { Auth } from '../shared/auth';
import { decodeAttachment } from '../shared/uploads';
import { loadViewer } from '../shared/viewer';
import { readableSection } from './access';
import { tellAdminsOfPendingPost, tellReaders } from './notices';
import { authorName, PENDING, PUBLISHED } from './rows';

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
    // SA and IC sections have flows of their own (DESIGN.md §8): like the other areas' calls given a section of
    // another kind, 404, here with words that say why.
    if (!sectionTakesPosts(section.code)) {
      throw new AppError(404, ErrorCodes.notFound, 'errors.posts.sectionHasOwnScreen', 'sectionId');
    }
    if (!canPostInSection(viewer, facts)) throw new AppError(403, ErrorCodes.forbidden, 'errors.posts.cannotPost');
    if (request.Privado && !canMarkPostPrivate(facts)) {
      throw new AppError(400, ErrorCodes.badRequest, 'errors.posts.noPrivate', 'Privado');
    }
    // Only a notice asks its readers for "Enterado" (issue 30).
    if (request.Importante && !canMarkNoticeImportant(viewer, facts)) {
      throw new AppError(400, ErrorCodes.badRequest, 'errors.noticeReads.notANotice', 'Importante');
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
        is_important: request.Importante ? 1 : 0,
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
      await tellAdminsOfPendingPost(trx, clock, auth.condoId, section, id, post, author);
    }
    return { PostId: id, Estatus: status as PostStatus };
  });
}
