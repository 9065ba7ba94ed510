// Who hears of what happens to a post, through notify() in the transaction of the change: a published post →
// everyone who may read it (permissions.canReadPost) but its author; a post waiting for approval → the
// condominium's administrators; a review → the author (and, on approval, the readers); a comment → the
// post's author unless they wrote it. Worded from src/i18n/<lang>/postsNotices.json in each reader's language when
// read (shared/notify.ts keeps ids and values). Each notification opens the post (module publicacion, Props { postID }).
import type { Kysely } from 'kysely';
import { canReadPost, type PostFacts } from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { notify } from '../shared/notify';
import { sectionFacts } from '../shared/sections';
import { loadMembers } from '../shared/viewer';

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

/** A post is published (at once, or on approval): its readers hear of it. */
export async function tellReaders(
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
    title: { id: 'postsNotices.notify.published.title', values: { section: section.name } },
    text: { id: 'postsNotices.notify.published.text', values: { author, title: post.title } },
    modulo: 'publicacion',
    props: { postID: postId },
  });
}

/** A post waits for approval: the condominium's administrators but its author hear of it. */
export async function tellAdminsOfPendingPost(
  db: Kysely<Database>,
  clock: Clock,
  condoId: number,
  section: Section,
  postId: number,
  post: { authorId: number; title: string },
  author: string,
) {
  await notify(
    db,
    clock,
    (await adminsOf(db, condoId)).filter((a) => a !== post.authorId),
    {
      condoId,
      title: { id: 'postsNotices.notify.pending.title' },
      text: { id: 'postsNotices.notify.pending.text', values: { author, title: post.title, section: section.name } },
      modulo: 'publicacion',
      props: { postID: postId },
    },
  );
}

/** A post was approved or rejected: its author hears which (and why, when the administrator said). */
export async function tellAuthorOfReview(
  db: Kysely<Database>,
  clock: Clock,
  condoId: number,
  section: Section,
  post: { id: number; author_user_id: number; title: string },
  decision: 'approve' | 'reject',
  note: string | undefined,
) {
  await notify(db, clock, [post.author_user_id], {
    condoId,
    title: { id: decision === 'approve' ? 'postsNotices.notify.approved.title' : 'postsNotices.notify.rejected.title' },
    text: {
      id:
        decision === 'approve'
          ? 'postsNotices.notify.approved.text'
          : note
            ? 'postsNotices.notify.rejectedWithReason.text'
            : 'postsNotices.notify.rejected.text',
      values: { title: post.title, section: section.name, reason: note ?? '' },
    },
    modulo: 'publicacion',
    props: { postID: post.id },
  });
}

/** Someone commented on a post: its author hears of it, unless they wrote the comment. */
export async function tellAuthorOfComment(
  db: Kysely<Database>,
  clock: Clock,
  condoId: number,
  post: { id: number; author_user_id: number; title: string },
  commenter: { userId: number; name: string },
) {
  if (post.author_user_id === commenter.userId) return;
  await notify(db, clock, [post.author_user_id], {
    condoId,
    title: { id: 'postsNotices.notify.comment.title' },
    text: { id: 'postsNotices.notify.comment.text', values: { commenter: commenter.name, title: post.title } },
    modulo: 'publicacion',
    props: { postID: post.id },
  });
}
