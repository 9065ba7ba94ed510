// The directories (src/api/directory.ts). Who opens which is permissions.directoriesFor (the condominium's
// displaydirectory, administrators both); the route refuses the others before this runs. A phone or an
// e-mail is selected here only when its person chose to show it (memberships.directory_show_phone / _email):
// a hidden one never leaves the server. Only active members of active dwellings of this condominium.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryDwelling,
  type ResidencyKind,
  type ResidentsAnswer,
  type ResidentsQuery,
  STAFF_ROLES,
  type StaffAnswer,
  type StaffQuery,
  type StaffRole,
} from '../../../src/api/directory';
import type { Database } from '../../db/schema';
import { containsSearch } from '../../db/textSearch';
import type { Clock } from '../../infra/clock';
import { photoUrl } from '../../infra/files/signedUrls';
import { appSecret } from '../../infra/secrets';
import type { Auth } from '../shared/auth';

interface PersonRow {
  user_id: number;
  name: string;
  email: string;
  phone: string | null;
  photo_file_id: number | null;
  directory_show_phone: number;
  directory_show_email: number;
}

/** What the directory says of one person: their contact only as they chose. */
async function contactOf(db: Kysely<Database>, clock: Clock, apiPrefix: string) {
  const key = await appSecret(db, clock, 'photo-url');
  const now = clock.now();
  return (row: PersonRow) => ({
    name: row.name,
    photoUrl: row.photo_file_id === null ? null : photoUrl(apiPrefix, key, row.user_id, row.photo_file_id, now),
    phone: row.directory_show_phone === 1 && row.phone ? row.phone : null,
    email: row.directory_show_email === 1 ? row.email : null,
  });
}

type ApartmentScope = ExpressionBuilder<Database & { a: Database['apartments']; t: Database['towers'] }, 'a' | 't'>;

/** Active dwellings of the condominium with an active resident (matching the search, when there is one). */
function dwellingFilter(auth: Auth, query: ResidentsQuery) {
  return (eb: ApartmentScope) => {
    const search = containsSearch(query.q ?? '', ['u.name', 'a.name', 't.name']);
    let residents = eb
      .selectFrom('residencies as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(sql<number>`1`.as('one'))
      .whereRef('r.apartment_id', '=', 'a.id')
      .where('m.active', '=', 1)
      .where('m.condo_id', '=', auth.condoId);
    if (search) residents = residents.where(search);
    const conditions = [eb('a.condo_id', '=', auth.condoId), eb('a.active', '=', 1), eb.exists(residents)];
    if (query.torreId) conditions.push(eb('a.tower_id', '=', query.torreId));
    return eb.and(conditions);
  };
}

export async function residentsDirectory(
  db: Kysely<Database>,
  clock: Clock,
  apiPrefix: string,
  auth: Auth,
  query: ResidentsQuery,
): Promise<ResidentsAnswer> {
  const limit = query.limit ?? DIRECTORY_PAGE_SIZE;
  const offset = query.offset ?? 0;
  const towers = await db
    .selectFrom('towers')
    .select(['id as torreId', 'name as torreName'])
    .where('condo_id', '=', auth.condoId)
    .where('active', '=', 1)
    .orderBy('name')
    .execute();
  const base = db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .where(dwellingFilter(auth, query) as never);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const page = await base
    .select(['a.id as aptId', 'a.name as aptName', 't.id as torreId', 't.name as torreName'])
    // Towers first (by name), then the houses; 101 before 1001.
    .orderBy(sql`case when ${sql.ref('t.id')} is null then 1 else 0 end`)
    .orderBy('t.name')
    .orderBy(sql`length(${sql.ref('a.name')})`)
    .orderBy('a.name')
    .orderBy('a.id')
    .limit(limit)
    .offset(offset)
    .execute();
  const ids = page.map((d) => d.aptId);
  const people =
    ids.length === 0
      ? []
      : await db
          .selectFrom('residencies as r')
          .innerJoin('memberships as m', 'm.id', 'r.membership_id')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select([
            'r.apartment_id',
            'r.kind',
            'm.id as membership_id',
            'm.directory_show_phone',
            'm.directory_show_email',
            'u.id as user_id',
            'u.name',
            'u.email',
            'u.phone',
            'u.photo_file_id',
          ])
          .where('r.apartment_id', 'in', ids)
          .where('m.active', '=', 1)
          .where('m.condo_id', '=', auth.condoId)
          .orderBy('u.name')
          .orderBy('m.id')
          .execute();
  const contact = await contactOf(db, clock, apiPrefix);
  const dwellings: DirectoryDwelling[] = page.map((d) => ({
    aptId: d.aptId,
    aptName: d.aptName,
    torreId: d.torreId ?? null,
    torreName: d.torreName ?? null,
    residents: people
      .filter((p) => p.apartment_id === d.aptId)
      .map((p) => ({
        membershipId: p.membership_id,
        ...contact(p),
        kind: (p.kind === 'tenant' ? 'tenant' : 'owner') as ResidencyKind,
      })),
  }));
  return { success: true, towers, dwellings, total: Number(total), offset, limit };
}

export async function staffDirectory(
  db: Kysely<Database>,
  clock: Clock,
  apiPrefix: string,
  auth: Auth,
  query: StaffQuery,
): Promise<StaffAnswer> {
  let rows = db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id as membership_id',
      'm.is_admin',
      'm.is_board',
      'm.is_employee',
      'm.is_guard',
      'm.is_supervisor',
      'm.directory_show_phone',
      'm.directory_show_email',
      'u.id as user_id',
      'u.name',
      'u.email',
      'u.phone',
      'u.photo_file_id',
    ])
    .where('m.condo_id', '=', auth.condoId)
    .where('m.active', '=', 1)
    .where((eb) =>
      eb.or([
        eb('m.is_admin', '=', 1),
        eb('m.is_board', '=', 1),
        eb('m.is_employee', '=', 1),
        eb('m.is_guard', '=', 1),
        eb('m.is_supervisor', '=', 1),
      ]),
    );
  const search = containsSearch(query.q ?? '', ['u.name']);
  if (search) rows = rows.where(search);
  const found = await rows.orderBy('u.name').orderBy('m.id').execute();
  const contact = await contactOf(db, clock, apiPrefix);
  const flags: Record<StaffRole, keyof (typeof found)[number]> = {
    admin: 'is_admin',
    board: 'is_board',
    // A supervisor is an employee too (their membership has both flags): say supervisor only.
    employee: 'is_employee',
    guard: 'is_guard',
    supervisor: 'is_supervisor',
  };
  return {
    success: true,
    staff: found.map((row) => {
      let roles = STAFF_ROLES.filter((role) => row[flags[role]] === 1);
      if (roles.includes('supervisor')) roles = roles.filter((role) => role !== 'employee');
      return { membershipId: row.membership_id, ...contact(row), roles };
    }),
  };
}
