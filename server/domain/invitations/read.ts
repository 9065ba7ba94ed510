// The administrator's lists: residents by tower and dwelling (paged, accent-insensitive search, a tower), the
// dwellings an invitation may name, the pending invitations, and the access-request inbox.
import { type Kysely, sql } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import {
  type AccessRequest,
  type DwellingChoice,
  type Invitation,
  RESIDENTS_PAGE_SIZE,
  type ResidentsAnswer,
  type ResidentsQuery,
} from '../../../src/api/invitations';
import { searchNeedle } from '../../../src/api/search';
import type { Database } from '../../db/schema';
import { containsSearch } from '../../db/textSearch';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { asKind, rolesOf, toAccessRequest, toInvitation } from './rows';

export async function listResidents(db: Kysely<Database>, auth: Auth, query: ResidentsQuery): Promise<ResidentsAnswer> {
  let base = db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .where('m.condo_id', '=', auth.condoId)
    .where('m.active', '=', 1);
  const search = containsSearch(query.q ?? '', ['u.name', 'u.email', 'a.name', 't.name']);
  if (search) base = base.where(search);
  if (query.torre !== undefined) {
    base = query.torre === 0 ? base.where('a.tower_id', 'is', null) : base.where('a.tower_id', '=', query.torre);
  }
  const [rows, count, towers] = await Promise.all([
    base
      .select([
        'r.id as residencyId',
        'r.kind',
        'u.id as userId',
        'u.name',
        'u.email',
        'a.id as ApmtId',
        'a.name as apartment',
        'a.tower_id as towerId',
        't.name as tower',
        'm.is_admin',
        'm.is_board',
        'm.is_employee',
        'm.is_guard',
        'm.is_supervisor',
      ])
      .orderBy(sql`case when ${sql.ref('a.tower_id')} is null then 1 else 0 end`)
      .orderBy('t.name')
      .orderBy('a.id')
      .orderBy('u.name')
      .orderBy('r.id')
      .limit(query.limit ?? RESIDENTS_PAGE_SIZE)
      .offset(query.offset ?? 0)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('towers').select(['id', 'name']).where('condo_id', '=', auth.condoId).orderBy('name').execute(),
  ]);
  return {
    success: true,
    items: rows.map((r) => ({
      residencyId: r.residencyId,
      userId: r.userId,
      name: r.name,
      email: r.email,
      ApmtId: r.ApmtId,
      dwelling: dwellingName(r.tower, r.apartment),
      towerId: r.towerId,
      kind: asKind(r.kind) ?? 'owner',
      roles: rolesOf(r),
    })),
    total: Number(count.n),
    towers,
  };
}

/** The active dwellings of active towers (and houses), by tower then in their order. */
export async function dwellingChoices(db: Kysely<Database>, condoId: number): Promise<DwellingChoice[]> {
  const rows = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 'a.tower_id', 't.name as tower'])
    .where('a.condo_id', '=', condoId)
    .where('a.active', '=', 1)
    .where((eb) => eb.or([eb('t.id', 'is', null), eb('t.active', '=', 1)]))
    .orderBy(sql`case when ${sql.ref('a.tower_id')} is null then 1 else 0 end`)
    .orderBy('t.name')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ ApmtId: r.id, dwelling: dwellingName(r.tower, r.name), towerId: r.tower_id }));
}

export async function listInvitations(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('invitations as i')
    .leftJoin('apartments as a', 'a.id', 'i.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .selectAll('i')
    .select(['a.name as apartment', 't.name as tower'])
    .where('i.condo_id', '=', auth.condoId)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .limit(500)
    .execute();
  const now = clock.now().toISOString();
  return rows.map((r) => toInvitation(r, now));
}

/** Letters and digits only, folded, without the word "torre": "Torre A - 101" and "a101" compare alike. */
const dwellingKey = (text: string) =>
  searchNeedle(text)
    .replace(/\btorre\b/g, '')
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The dwelling a request names, when exactly one active dwelling's name matches what the person wrote. */
export function suggestDwelling(written: string, choices: readonly DwellingChoice[]): number | null {
  const key = dwellingKey(written);
  if (!key) return null;
  const full = choices.filter((c) => dwellingKey(c.dwelling) === key);
  if (full.length === 1) return full[0]!.ApmtId;
  // Only the dwelling's own name ("101"), when no other tower has one so named.
  const bare = choices.filter((c) => dwellingKey(c.dwelling.split(' - ').at(-1) ?? '') === key);
  return bare.length === 1 ? bare[0]!.ApmtId : null;
}

export async function accessRequestOf(db: Kysely<Database>, condoId: number, id: number, choices?: readonly DwellingChoice[]) {
  const row = await db
    .selectFrom('public_contact_requests')
    .selectAll()
    .where('id', '=', id)
    .where('condo_id', '=', condoId)
    .where('kind', '=', 'access')
    .executeTakeFirst();
  if (!row) return null;
  const suggested = suggestDwelling(row.vivienda ?? '', choices ?? (await dwellingChoices(db, condoId)));
  return { row, answer: toAccessRequest(row, suggested) };
}

/** Pending first (oldest first: first come, first served), then the decided ones, latest decision first. */
export async function listAccessRequests(db: Kysely<Database>, auth: Auth): Promise<{ items: AccessRequest[]; pending: number }> {
  const [rows, choices] = await Promise.all([
    db
      .selectFrom('public_contact_requests')
      .selectAll()
      .where('condo_id', '=', auth.condoId)
      .where('kind', '=', 'access')
      .orderBy(sql`case when ${sql.ref('status')} = 'pendiente' then 0 else 1 end`)
      .orderBy(sql`case when ${sql.ref('status')} = 'pendiente' then ${sql.ref('created_at')} else '' end`)
      .orderBy('decided_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute(),
    dwellingChoices(db, auth.condoId),
  ]);
  const items = rows.map((r) => toAccessRequest(r, r.status === 'pendiente' ? suggestDwelling(r.vivienda ?? '', choices) : null));
  return { items, pending: items.filter((i) => i.status === 'pendiente').length };
}
