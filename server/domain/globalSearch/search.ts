// The header's search (src/api/globalSearch.ts): one text looked for in every kind the caller may see, each
// kind with the same rules its own screen applies (src/api/permissions.ts):
// - posts: the sections the caller reads (canReadSection) and, in them, the posts canReadPost allows (the
//   WHERE of server/domain/posts readablePosts: one's own, else published, not private, and per tower);
// - requests: administrators every request of the condominium; anyone else those they filed or are assigned
//   (canSeeTicket);
// - documents: what the product keeps as files people open: post attachments that are not pictures (in the
//   posts above) and the facilities' rules PDFs (for readers of an RI section; inactive facilities only for
//   administrators);
// - residents and dwellings: staff only (administrators, employees, guards, supervisors: staffRole), never a
//   resident or a board member who is not staff.
// Every query is bound to the caller's condominium. Text is compared through the one fold (textSearch.ts).
import type { Kysely } from 'kysely';
import { configurationPath } from '../../../src/api/configuration';
import {
  type GlobalSearchAnswer,
  type GlobalSearchGroup,
  type GlobalSearchQuery,
  SEARCH_GROUP_SIZE,
  SEARCH_KINDS,
  type SearchKind,
  type SearchResult,
  snippetAround,
} from '../../../src/api/globalSearch';
import { type CommunicationViewer, canReadSection, isAdmin, isEmployee, staffRole } from '../../../src/api/permissions';
import { foldForSearch, searchNeedle } from '../../../src/api/search';
import { facilityPath, ticketPath } from '../../../src/api/sections';
import type { Database } from '../../db/schema';
import { containsSearch } from '../../db/textSearch';
import type { Auth } from '../shared/auth';
import { sectionFacts } from '../shared/sections';
import { loadViewer } from '../shared/viewer';

type Db = Kysely<Database>;

const POST_SCREEN = (postId: number) => `/comunicacion/ver-publicacion/${postId}`;
const EMPLOYEE_PANEL = '/panel-del-empleado';
const RESIDENTS_DIRECTORY = '/directorio-principal';

/** A piece of the text around where the search matched (folded alike), or its start. */
function snippet(text: string, typed: string): string {
  const index = foldForSearch(text.replace(/\s+/g, ' ').trim()).indexOf(searchNeedle(typed));
  return snippetAround(text, Math.max(0, index));
}

interface Caller {
  auth: Auth;
  viewer: CommunicationViewer;
  staff: boolean;
  admin: boolean;
  employee: boolean;
}

async function caller(db: Db, auth: Auth): Promise<Caller> {
  const viewer = await loadViewer(db, auth);
  const member = await db
    .selectFrom('memberships')
    .select('is_supervisor')
    .where('id', '=', auth.membershipId)
    .executeTakeFirstOrThrow();
  const usuario = { ...viewer.usuario, UserIsSupervisor: member.is_supervisor === 1 ? ('Y' as const) : ('N' as const) };
  return {
    auth,
    viewer,
    staff: staffRole({ usuario }) !== null,
    admin: isAdmin(viewer.usuario),
    employee: isEmployee(viewer.usuario),
  };
}

/** The kinds the caller may search, in the page's order. */
export function kindsFor(c: Pick<Caller, 'staff' | 'employee'>): SearchKind[] {
  return SEARCH_KINDS.filter((kind) => {
    if (kind === 'residents' || kind === 'dwellings') return c.staff;
    // Employees have no Comunicación: no posts, and no documents of posts or facilities.
    if (kind === 'posts' || kind === 'documents') return !c.employee;
    return true;
  });
}

/** The sections the caller reads, split by whether they show posts per tower. */
async function readableSectionIds(db: Db, c: Caller): Promise<{ all: number[]; perTower: number[]; ri: number[] }> {
  const sections = await db.selectFrom('sections').selectAll().where('condo_id', '=', c.auth.condoId).execute();
  const assigned = new Set(
    (
      await db
        .selectFrom('section_users as su')
        .innerJoin('sections as s', 's.id', 'su.section_id')
        .select('su.section_id')
        .where('s.condo_id', '=', c.auth.condoId)
        .where('su.user_id', '=', c.auth.userId)
        .execute()
    ).map((r) => r.section_id),
  );
  const readable = sections.filter((s) => canReadSection(c.viewer, sectionFacts(s, assigned.has(s.id))));
  return {
    all: readable.map((s) => s.id),
    perTower: readable.filter((s) => s.vista_x_torre === 1).map((s) => s.id),
    ri: readable.filter((s) => s.code === 'RI').map((s) => s.id),
  };
}

/** posts as p, limited to what the caller reads (permissions.canReadPost in SQL). */
async function readablePostsQuery(db: Db, c: Caller) {
  const sections = await readableSectionIds(db, c);
  let query = db
    .selectFrom('posts as p')
    .where('p.condo_id', '=', c.auth.condoId)
    .where('p.section_id', 'in', sections.all.length ? sections.all : [-1]);
  if (!c.admin) {
    const towers = c.viewer.towerIds.length ? c.viewer.towerIds : [-1];
    const perTower = sections.perTower.length ? sections.perTower : [-1];
    query = query.where((eb) =>
      eb.or([
        eb('p.author_user_id', '=', c.auth.userId),
        eb.and([
          eb('p.status', '=', 'A'),
          eb('p.is_private', '=', 0),
          eb.or([eb('p.section_id', 'not in', perTower), eb('p.tower_id', 'is', null), eb('p.tower_id', 'in', towers)]),
        ]),
      ]),
    );
  }
  return { query, sections };
}

type Page = { offset: number; limit: number };

async function searchPosts(db: Db, c: Caller, typed: string, page: Page): Promise<SearchResult[]> {
  const { query } = await readablePostsQuery(db, c);
  const rows = await query
    .where(containsSearch(typed, ['p.title', 'p.body'])!)
    .select(['p.id', 'p.title', 'p.body'])
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, snippet: snippet(r.body, typed), path: POST_SCREEN(r.id) }));
}

async function searchRequests(db: Db, c: Caller, typed: string, page: Page): Promise<SearchResult[]> {
  let query = db.selectFrom('tickets as t').where('t.condo_id', '=', c.auth.condoId);
  if (!c.admin) {
    query = query.where((eb) =>
      eb.or([eb('t.requester_user_id', '=', c.auth.userId), eb('t.assignee_user_id', '=', c.auth.userId)]),
    );
  }
  const rows = await query
    .where(containsSearch(typed, ['t.title', 't.description'])!)
    .select(['t.id', 't.section_id', 't.title', 't.description'])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    snippet: snippet(r.description, typed),
    path: c.employee ? EMPLOYEE_PANEL : ticketPath(r.section_id, r.id),
  }));
}

async function searchDocuments(db: Db, c: Caller, typed: string, page: Page): Promise<SearchResult[]> {
  const { query, sections } = await readablePostsQuery(db, c);
  const attachments = query
    .innerJoin('post_attachments as a', 'a.post_id', 'p.id')
    .where('a.kind', '!=', 'image')
    .where(containsSearch(typed, ['a.file_name'])!)
    .select(['a.id as id', 'a.file_name as name', 'p.title as owner', 'p.id as ownerId', 'p.created_at as at'])
    .select((eb) => eb.val('post').as('source'));
  const rows = await attachments.orderBy('at', 'desc').orderBy('id', 'desc').execute();
  const results: (SearchResult & { at: string })[] = rows.map((r) => ({
    id: r.id,
    title: r.name,
    snippet: r.owner,
    path: POST_SCREEN(r.ownerId),
    at: r.at,
  }));
  if (sections.ri.length || c.admin) {
    let facilities = db
      .selectFrom('facility_files as f')
      .innerJoin('facilities as fa', 'fa.id', 'f.facility_id')
      .where('fa.condo_id', '=', c.auth.condoId)
      .where('f.kind', '=', 'rules')
      .where(containsSearch(typed, ['f.file_name', 'fa.name'])!)
      .select(['f.id', 'f.file_name', 'fa.id as facilityId', 'fa.name']);
    if (!c.admin) facilities = facilities.where('fa.active', '=', 1);
    for (const r of await facilities.orderBy('f.id', 'desc').execute()) {
      results.push({ id: r.id, title: r.file_name, snippet: r.name, path: facilityPath(r.facilityId), at: '' });
    }
  }
  // Post files first (newest first), then the facilities' rules; both are small sets for one condominium.
  return results.slice(page.offset, page.offset + page.limit).map(({ at: _at, ...result }) => result);
}

async function searchResidents(db: Db, c: Caller, typed: string, page: Page): Promise<SearchResult[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.condo_id', '=', c.auth.condoId)
    .where('m.active', '=', 1)
    .where((eb) => eb.exists(eb.selectFrom('residencies as r').select('r.id').whereRef('r.membership_id', '=', 'm.id')))
    .where(containsSearch(typed, ['u.name'])!)
    .select(['m.id', 'u.name'])
    .orderBy('u.name')
    .orderBy('m.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const dwellings = rows.length
    ? await db
        .selectFrom('residencies as r')
        .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
        .leftJoin('towers as t', 't.id', 'a.tower_id')
        .select(['r.membership_id', 'a.name', 't.name as tower'])
        .where(
          'r.membership_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('a.id')
        .execute()
    : [];
  const path = c.admin ? configurationPath('residentes') : RESIDENTS_DIRECTORY;
  return rows.map((r) => ({
    id: r.id,
    title: r.name,
    snippet: dwellings
      .filter((d) => d.membership_id === r.id)
      .map((d) => (d.tower ? `${d.tower} ${d.name}` : d.name))
      .join(', '),
    path,
  }));
}

async function searchDwellings(db: Db, c: Caller, typed: string, page: Page): Promise<SearchResult[]> {
  let query = db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .where('a.condo_id', '=', c.auth.condoId);
  // "Torre A 101": every word in the tower's or the dwelling's name.
  for (const word of typed.split(/\s+/)) {
    const test = containsSearch(word, ['a.name', 't.name']);
    if (test) query = query.where(test);
  }
  if (!c.admin) query = query.where('a.active', '=', 1);
  const rows = await query
    .select(['a.id', 'a.name', 't.name as tower'])
    .orderBy('t.name')
    .orderBy('a.name')
    .orderBy('a.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const residents = rows.length
    ? await db
        .selectFrom('residencies as r')
        .innerJoin('memberships as m', 'm.id', 'r.membership_id')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['r.apartment_id', 'u.name'])
        .where('m.active', '=', 1)
        .where(
          'r.apartment_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('u.name')
        .execute()
    : [];
  const path = c.admin ? configurationPath('viviendas') : RESIDENTS_DIRECTORY;
  return rows.map((r) => ({
    id: r.id,
    title: r.tower ? `${r.tower} ${r.name}` : r.name,
    snippet: residents
      .filter((p) => p.apartment_id === r.id)
      .map((p) => p.name)
      .join(', '),
    path,
  }));
}

const SEARCHES: Record<SearchKind, (db: Db, c: Caller, typed: string, page: Page) => Promise<SearchResult[]>> = {
  posts: searchPosts,
  requests: searchRequests,
  documents: searchDocuments,
  residents: searchResidents,
  dwellings: searchDwellings,
};

/** The groups the caller may see (one kind when asked), each at most SEARCH_GROUP_SIZE from the offset. */
export async function globalSearch(db: Db, auth: Auth, query: GlobalSearchQuery): Promise<GlobalSearchAnswer> {
  const c = await caller(db, auth);
  const q = query.q.trim();
  const kinds = kindsFor(c).filter((kind) => query.kind === undefined || kind === query.kind);
  const offset = query.offset ?? 0;
  const groups: GlobalSearchGroup[] = [];
  if (searchNeedle(q).length >= 2) {
    for (const kind of kinds) {
      const found = await SEARCHES[kind](db, c, q, { offset, limit: SEARCH_GROUP_SIZE + 1 });
      groups.push({ kind, items: found.slice(0, SEARCH_GROUP_SIZE), offset, hasMore: found.length > SEARCH_GROUP_SIZE });
    }
  } else {
    for (const kind of kinds) groups.push({ kind, items: [], offset, hasMore: false });
  }
  return { success: true, q, groups };
}
