// How far an official notice reached (issue 30), for the administration: the share read per tower (dwellings with at
// least one reader of the active dwellings of each tower; houses without a tower as one more), counts of readers and
// acknowledgements among the people it is for (canSeeNoticeReach: administrators and the board, counts only), and
// who read it, by dwelling and person, with times (canSeeNoticeReaders: administrators). A page at a time: a
// condominium may have hundreds of dwellings and people.
import { type Kysely, sql } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import {
  isNoticeSection,
  type ReachAnswer,
  type ReaderFilter,
  type ReadersAnswer,
  type ShareDwelling,
  towerShares,
} from '../../../src/api/noticeReads';
import { canReadPost, canSeeNoticeReach, canSeeNoticeReaders, recordsNoticeReads } from '../../../src/api/permissions';
import type { Database, Section } from '../../db/schema';
import { forbidden } from '../../errors';
import type { Auth } from '../shared/auth';
import { sectionFacts } from '../shared/sections';
import { loadMembers, loadViewer } from '../shared/viewer';
import { readablePost } from './access';
import { notANotice } from './noticeReads';
import { factsOf, type PostRow } from './rows';

/** A notice of the caller's condominium that they may read (404 otherwise), once `allowed` says they may look. */
export async function readableNotice(
  db: Kysely<Database>,
  auth: Auth,
  postId: number,
  allowed: (viewer: Awaited<ReturnType<typeof loadViewer>>) => boolean,
) {
  if (!allowed(await loadViewer(db, auth))) throw forbidden();
  const found = await readablePost(db, auth, postId);
  if (!isNoticeSection(found.facts)) throw notANotice();
  return found;
}

/** The active dwellings a notice is for: the condominium's, or its tower's when the section shows posts per tower. */
async function audienceDwellings(db: Kysely<Database>, section: Section, post: PostRow): Promise<ShareDwelling[]> {
  let query = db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.tower_id', 't.name as tower_name'])
    .where('a.condo_id', '=', section.condo_id)
    .where('a.active', '=', 1);
  if (section.vista_x_torre === 1 && post.tower_id !== null) query = query.where('a.tower_id', '=', post.tower_id);
  const rows = await query.orderBy('a.id').execute();
  return rows.map((r) => ({ id: r.id, towerId: r.tower_id, towerName: r.tower_name }));
}

/**
 * The people a notice is for: every active member who may read it (permissions.canReadPost), the administration
 * (whose openings are not reads) and its author aside. A resend tells those of them who have not read it.
 */
export async function noticeAudience(db: Kysely<Database>, section: Section, post: PostRow): Promise<number[]> {
  const members = await loadMembers(db, section.condo_id, section.id);
  return members
    .filter(
      ({ viewer, assigned }) =>
        recordsNoticeReads(viewer) &&
        viewer.usuario.UserId !== post.author_user_id &&
        canReadPost(viewer, sectionFacts(section, assigned), factsOf(post)),
    )
    .map(({ viewer }) => viewer.usuario.UserId);
}

/** The share read per tower (a page of towers) and the counts, for administrators and the board. */
export async function noticeReach(
  db: Kysely<Database>,
  auth: Auth,
  postId: number,
  page: { limit: number; offset: number },
): Promise<ReachAnswer> {
  const { post, section } = await readableNotice(db, auth, postId, canSeeNoticeReach);
  const dwellings = await audienceDwellings(db, section, post);
  const readDwellings = await db
    .selectFrom('notice_read_dwellings')
    .select('apartment_id')
    .distinct()
    .where('post_id', '=', post.id)
    .execute();
  const towers = towerShares(
    dwellings,
    readDwellings.map((r) => r.apartment_id),
  );
  const people = new Set(await noticeAudience(db, section, post));
  const reads = (
    await db.selectFrom('notice_reads').select(['user_id', 'acknowledged_at']).where('post_id', '=', post.id).execute()
  ).filter((r) => people.has(r.user_id));
  const last = await db
    .selectFrom('notice_resends')
    .select('sent_at')
    .where('post_id', '=', post.id)
    .orderBy('sent_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    success: true,
    postId: post.id,
    important: post.is_important === 1,
    people: people.size,
    readers: reads.length,
    acknowledged: reads.filter((r) => r.acknowledged_at !== null).length,
    dwellings: towers.reduce((sum, t) => sum + t.dwellings, 0),
    readDwellings: towers.reduce((sum, t) => sum + t.read, 0),
    towers: towers.slice(page.offset, page.offset + page.limit),
    total: towers.length,
    lastResendAt: last?.sent_at ?? null,
  };
}

/**
 * Who read the notice, a row per reader and dwelling (a reader of two dwellings twice, one in none once), with when
 * they read it and when they pressed Enterado: by tower, then dwelling, then name; houses after the towers, readers
 * without a dwelling last. Administrators only.
 */
export async function noticeReaders(
  db: Kysely<Database>,
  auth: Auth,
  postId: number,
  query: { limit: number; offset: number; filter: ReaderFilter },
): Promise<ReadersAnswer> {
  const { post } = await readableNotice(db, auth, postId, canSeeNoticeReaders);
  let base = db
    .selectFrom('notice_reads as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('notice_read_dwellings as d', 'd.read_id', 'r.id')
    .leftJoin('apartments as a', 'a.id', 'd.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .where('r.post_id', '=', post.id);
  if (query.filter === 'acknowledged') base = base.where('r.acknowledged_at', 'is not', null);
  if (query.filter === 'notAcknowledged') base = base.where('r.acknowledged_at', 'is', null);
  const count = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['r.user_id', 'u.name', 'a.name as dwelling', 't.name as tower', 'r.read_at', 'r.acknowledged_at'])
    // NULLs sort first on SQLite and last on PostgreSQL: said out loud, the same on both.
    .orderBy(sql`case when a.id is null then 1 else 0 end`)
    .orderBy(sql`case when t.id is null then 1 else 0 end`)
    .orderBy('t.name')
    .orderBy('a.id')
    .orderBy('u.name')
    .orderBy('r.user_id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return {
    success: true,
    readers: rows.map((r) => ({
      userId: r.user_id,
      name: r.name,
      dwelling: r.dwelling === null ? null : dwellingName(r.tower, r.dwelling),
      readAt: r.read_at,
      acknowledgedAt: r.acknowledged_at,
    })),
    total: Number(count.n),
  };
}
