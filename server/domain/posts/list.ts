// Lists of posts (GET section posts): only what the caller may read, which is permissions.canReadPost written
// as SQL (readablePosts), searched by title and text, newest first, a page at a time. Also the count of others'
// new posts in a section for the communication home, through the same rule.
import type { Kysely } from 'kysely';
import { type CommunicationViewer, isAdmin } from '../../../src/api/permissions';
import type { SectionPostsAnswer } from '../../../src/api/posts';
import type { Database, Section } from '../../db/schema';
import { containsSearch } from '../../db/textSearch';
import type { Auth } from '../shared/auth';
import { loadViewer } from '../shared/viewer';
import { readableSection, sectionAnswer } from './access';
import { abilities, publishedCounts, type Signer, summaries } from './answers';
import { PUBLISHED, postColumns } from './rows';

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
