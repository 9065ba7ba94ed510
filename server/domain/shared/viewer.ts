// The viewer: the caller (or every member) in the shape the shared rules of src/api/permissions.ts read
// (CommunicationViewer: roles, permissions, towers). Shared: every area that applies those rules loads it
// (posts, tickets, polls, reservations, conversations, calendar, global search, management, communication home);
// and the caller's own dwellings (session data, my guests, tickets, polls, reservations).
import { type Kysely, sql } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import type { CommunicationViewer } from '../../../src/api/permissions';
import { preparedQuery } from '../../db/preparedQuery';
import type { Database } from '../../db/schema';
import { deepFreeze, type StateMemo } from '../../infra/stateMemo';
import type { Auth } from './auth';

const yesNo = (flag: number) => (flag === 1 ? 'Y' : 'N') as 'Y' | 'N';
const flag = (value: number) => (value === 1 ? 1 : 0) as 0 | 1;

/**
 * What a read-only request has already read about its own caller, by what it is ('viewer', 'caller', …). A
 * signed-in GET asked for the same roles, permissions and dwellings up to five times (the guard's rule, then
 * each count of the communication home; issue 29). Kept on the request's own Auth object, which the session
 * lookup makes anew for every request, so it can hold nothing of another request, person or condominium, and
 * it is gone with the request. Only GET and HEAD (the auth plugin decides): a request that writes may change
 * the caller's roles and read them again, and its transactions pass their own `db`, which is never served
 * from here.
 */
const readsOf = new WeakMap<Auth, { db: Kysely<Database>; loaded: Map<string, Promise<unknown>>; memo?: CallerMemo }>();

/**
 * Across read-only requests: what was read of a caller, kept for the data state it was read in (infra/stateMemo.ts)
 * and given to a later read-only request of the same caller in that same state, when nothing was committed since.
 * Frozen: later requests share it.
 */
export interface CallerMemo {
  /** The data state this request started in. */
  state: string;
  reads: StateMemo<Promise<unknown>>;
}

/** From now on, this caller's reads through `db` are read once (plugins/auth.ts, for GET and HEAD). */
export function rememberCallerReads(auth: Auth, db: Kysely<Database>, memo?: CallerMemo): void {
  readsOf.set(auth, memo ? { db, loaded: new Map(), memo } : { db, loaded: new Map() });
}

/** `load()`, or what it gave earlier in this read-only request, or in an earlier one while nothing was committed. */
export function callerRead<T>(db: Kysely<Database>, auth: Auth, what: string, load: () => Promise<T>): Promise<T> {
  const reads = readsOf.get(auth);
  if (reads?.db !== db) return load();
  let found = reads.loaded.get(what) as Promise<T> | undefined;
  if (!found) {
    found = reads.memo ? memoized(reads.memo, `${what}|${auth.condoId}|${auth.userId}|${auth.membershipId}`, load) : load();
    reads.loaded.set(what, found);
  }
  return found;
}

function memoized<T>(memo: CallerMemo, key: string, load: () => Promise<T>): Promise<T> {
  const kept = memo.reads.get(key, memo.state) as Promise<T> | undefined;
  if (kept) return kept;
  const loading = load().then(deepFreeze);
  memo.reads.set(key, memo.state, loading);
  loading.catch(() => memo.reads.forget(key, loading));
  return loading;
}

/** The caller's rows this read-only request has already asked for, if it has. */
function alreadyRead(db: Kysely<Database>, auth: Auth): Promise<CallerRows> | undefined {
  const reads = readsOf.get(auth);
  return reads?.db === db ? (reads.loaded.get('caller') as Promise<CallerRows> | undefined) : undefined;
}

// ── The caller's rows ─────────────────────────────────────────────────────────────────────────────────────

/** The condominium, the person and their membership: one row. */
const callerRow = preparedQuery((db, membershipId: number, condoId: number) =>
  db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('condominiums as c', (join) => join.on('c.id', '=', condoId))
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.photo_file_id',
      'm.is_admin',
      'm.is_board',
      'm.is_employee',
      'm.is_guard',
      'm.is_supervisor',
      'm.privacy_accepted_at',
      'm.language',
      'c.id as condo_id',
      'c.name as condo_name',
      'c.status as condo_status',
      'c.end_subscription',
      'c.mostrar_ingresos',
      'c.display_directory',
      'c.tipo_descarga',
      'c.tipo_avisos',
      'c.aviso_privacidad',
      'c.aviso_activo',
      'c.time_zone',
      'c.logo_file_name',
    ])
    .where('m.id', '=', membershipId),
);

/** Every dwelling of the membership, in id order, with its condominium and tower: the dwellings here, and the towers. */
const callerResidences = preparedQuery((db, membershipId: number) =>
  db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower', 'a.indiviso', 'a.condo_id', 'a.tower_id'])
    .where('r.membership_id', '=', membershipId)
    .orderBy('a.id'),
);

/** The membership's permissions (by key) and functions (by name), in one read: two row kinds side by side. */
const callerGrants = preparedQuery((db, membershipId: number) =>
  db
    .selectFrom('user_permissions')
    .select([
      sql<'permission' | 'function'>`'permission'`.as('kind'),
      'clave as name',
      sql<string | null>`tipo`.as('level'),
      sql<number | null>`null`.as('access'),
      sql<number | null>`activa`.as('activa'),
    ])
    .where('membership_id', '=', membershipId)
    .unionAll(
      db
        .selectFrom('role_functions')
        .select([
          sql<'permission' | 'function'>`'function'`.as('kind'),
          'funcion as name',
          sql<string | null>`null`.as('level'),
          sql<number | null>`tipo`.as('access'),
          sql<number | null>`null`.as('activa'),
        ])
        .where('membership_id', '=', membershipId),
    )
    .orderBy('kind')
    .orderBy('name'),
);

type Residence = Awaited<ReturnType<typeof callerResidences.all>>[number];

export interface CallerRows {
  member: NonNullable<Awaited<ReturnType<typeof callerRow.first>>>;
  /** The dwellings of this condominium, in id order. */
  dwellings: Pick<Residence, 'id' | 'name' | 'tower' | 'indiviso'>[];
  /** The towers of every dwelling of the membership, in dwelling order. */
  towerIds: number[];
  permissions: { clave: string; tipo: string; activa: number }[];
  functions: { funcion: string; tipo: number }[];
}

async function readCaller(db: Kysely<Database>, auth: Auth): Promise<CallerRows> {
  const member = await callerRow.firstOrThrow(db, auth.membershipId, auth.condoId);
  const residences = await callerResidences.all(db, auth.membershipId);
  const grants = await callerGrants.all(db, auth.membershipId);
  return {
    member,
    dwellings: residences
      .filter((r) => r.condo_id === auth.condoId)
      .map((r) => ({ id: r.id, name: r.name, tower: r.tower, indiviso: r.indiviso })),
    towerIds: [...new Set(residences.filter((r) => r.tower_id !== null).map((r) => r.tower_id!))],
    permissions: grants.filter((g) => g.kind === 'permission').map((g) => ({ clave: g.name, tipo: g.level!, activa: g.activa! })),
    functions: grants.filter((g) => g.kind === 'function').map((g) => ({ funcion: g.name, tipo: g.access! })),
  };
}

/**
 * The caller's rows every answer about them starts from: their condominium's settings, their roles, dwellings,
 * permissions and functions (session data, the shared rules' access data, the viewer). Read once per read-only
 * request: the guard's rule and the handler ask for the same caller.
 */
export function loadCaller(db: Kysely<Database>, auth: Auth): Promise<CallerRows> {
  return callerRead(db, auth, 'caller', () => readCaller(db, auth));
}

// ── The viewer ────────────────────────────────────────────────────────────────────────────────────────────

const viewerOf = (auth: Auth, member: { is_admin: number; is_board: number; is_employee: number; is_guard: number }) => ({
  UserId: auth.userId,
  UserIsAdmin: yesNo(member.is_admin),
  UserIsBoard: yesNo(member.is_board),
  UserIsEmployed: yesNo(member.is_employee),
  UserIsGuard: yesNo(member.is_guard),
});

/**
 * The caller as the shared rules read them: their roles here, their permissions and their towers. Within a
 * read-only request whose guard has read the caller, taken from those rows.
 */
export function loadViewer(db: Kysely<Database>, auth: Auth): Promise<CommunicationViewer> {
  return callerRead(db, auth, 'viewer', async () => {
    const read = alreadyRead(db, auth);
    if (!read) return readViewer(db, auth);
    const caller = await read;
    return {
      usuario: viewerOf(auth, caller.member),
      usuarioPermisos: caller.permissions.map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: flag(p.activa) })),
      towerIds: caller.towerIds,
    };
  });
}

const memberRoles = preparedQuery((db, membershipId: number) =>
  db.selectFrom('memberships').select(['is_admin', 'is_board', 'is_employee', 'is_guard']).where('id', '=', membershipId),
);

const memberPermissions = preparedQuery((db, membershipId: number) =>
  db.selectFrom('user_permissions').select(['clave', 'tipo', 'activa']).where('membership_id', '=', membershipId),
);

const memberTowers = preparedQuery((db, membershipId: number) =>
  db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select('a.tower_id')
    .where('r.membership_id', '=', membershipId)
    .where('a.tower_id', 'is not', null)
    .orderBy('a.id'),
);

async function readViewer(db: Kysely<Database>, auth: Auth): Promise<CommunicationViewer> {
  const member = await memberRoles.firstOrThrow(db, auth.membershipId);
  const permissions = await memberPermissions.all(db, auth.membershipId);
  const towers = await memberTowers.all(db, auth.membershipId);
  return {
    usuario: viewerOf(auth, member),
    usuarioPermisos: permissions.map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: flag(p.activa) })),
    towerIds: [...new Set(towers.map((t) => t.tower_id!))],
  };
}

/** Every active member of the condominium as a viewer, with the users of one section (readers of a post). */
export async function loadMembers(
  db: Kysely<Database>,
  condoId: number,
  sectionId: number,
): Promise<{ viewer: CommunicationViewer; assigned: boolean }[]> {
  const members = await db
    .selectFrom('memberships')
    .select(['id', 'user_id', 'is_admin', 'is_board', 'is_employee', 'is_guard'])
    .where('condo_id', '=', condoId)
    .where('active', '=', 1)
    .execute();
  const permissions = await db
    .selectFrom('user_permissions as p')
    .innerJoin('memberships as m', 'm.id', 'p.membership_id')
    .select(['p.membership_id', 'p.clave', 'p.tipo', 'p.activa'])
    .where('m.condo_id', '=', condoId)
    .execute();
  const towers = await db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .select(['r.membership_id', 'a.tower_id'])
    .where('a.condo_id', '=', condoId)
    .where('a.tower_id', 'is not', null)
    .execute();
  const assigned = new Set(
    (await db.selectFrom('section_users').select('user_id').where('section_id', '=', sectionId).execute()).map((r) => r.user_id),
  );
  return members.map((m) => ({
    assigned: assigned.has(m.user_id),
    viewer: {
      usuario: {
        UserId: m.user_id,
        UserIsAdmin: yesNo(m.is_admin),
        UserIsBoard: yesNo(m.is_board),
        UserIsEmployed: yesNo(m.is_employee),
        UserIsGuard: yesNo(m.is_guard),
      },
      usuarioPermisos: permissions
        .filter((p) => p.membership_id === m.id)
        .map((p) => ({ Clave: p.clave, Tipo: p.tipo, Activa: flag(p.activa) })),
      towerIds: [...new Set(towers.filter((t) => t.membership_id === m.id).map((t) => t.tower_id!))],
    },
  }));
}

/** The caller's dwellings here, in id order: each with its own name, its tower's (none for a house), its share. */
export function callerDwellingRows(db: Kysely<Database>, auth: Auth): Promise<CallerRows['dwellings']> {
  return callerRead(db, auth, 'dwellings', async () => {
    const read = alreadyRead(db, auth);
    return read ? (await read).dwellings : readDwellingRows(db, auth);
  });
}

const dwellingRows = preparedQuery((db, membershipId: number, condoId: number) =>
  db
    .selectFrom('residencies as r')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower', 'a.indiviso'])
    .where('r.membership_id', '=', membershipId)
    .where('a.condo_id', '=', condoId)
    .orderBy('a.id'),
);

function readDwellingRows(db: Kysely<Database>, auth: Auth) {
  return dwellingRows.all(db, auth.membershipId, auth.condoId);
}

/** The caller's dwellings named as the screens show them ('Torre A - 101'), with their share. */
export async function callerDwellings(db: Kysely<Database>, auth: Auth) {
  const rows = await callerDwellingRows(db, auth);
  return rows.map((r) => ({ id: r.id, name: dwellingName(r.tower, r.name), indiviso: Number(r.indiviso) }));
}
