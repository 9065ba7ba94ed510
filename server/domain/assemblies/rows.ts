// An assembly as every call answers it: its row, agenda and calls (times in the condominium's zone), the quorum of
// the current call (the indiviso of the dwellings whose owner is present, exact integer parts per million, against
// every active dwelling's), the caller's own answer ahead, and for those who manage it the actions the lifecycle
// allows now and the attendance list per dwelling. A 409 carries the assembly as it is now (assemblyConflict).
import type { Kysely, Selectable } from 'kysely';
import type {
  Assembly,
  AssemblyKind,
  AttendanceMode,
  AttendanceRow,
  ConfirmAnswer,
  ItemKind,
  MajorityRule,
  QuorumState,
} from '../../../src/api/assemblies';
import {
  type AssemblyFacts,
  type AssemblyState,
  assemblyActionsFor,
  takesConfirmations,
} from '../../../src/api/assembliesLifecycle';
import { presentPercent, quorumMet } from '../../../src/api/assemblyQuorum';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import { sectionPath } from '../../../src/api/sections';
import type { MessageId } from '../../../src/i18n/messages';
import type { AssemblyTable, Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Auth } from '../shared/auth';
import { utcToLocal } from '../shared/zonedTime';
import { acceptedProxies } from './proxyRows';

export type AssemblyRow = Selectable<AssemblyTable>;

export const assemblyNotFound = () => new AppError(404, ErrorCodes.notFound, 'assemblies.refusal.notFound');

/** One assembly of the condominium; 404 for another condominium's, none, or a draft the caller does not manage. */
export async function assemblyOf(db: Kysely<Database>, condoId: number, id: number, manages = true): Promise<AssemblyRow> {
  const row = await db
    .selectFrom('assemblies')
    .selectAll()
    .where('id', '=', id)
    .where('condo_id', '=', condoId)
    .executeTakeFirst();
  if (!row || (!manages && row.state === 'draft')) throw assemblyNotFound();
  return row;
}

export async function callsOf(db: Kysely<Database>, assemblyId: number) {
  return db.selectFrom('assembly_calls').selectAll().where('assembly_id', '=', assemblyId).orderBy('number').execute();
}

/** The condominium's active dwellings with their indiviso, by id. */
export async function dwellingsOf(db: Kysely<Database>, condoId: number) {
  return db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 'a.indiviso', 't.name as tower'])
    .where('a.condo_id', '=', condoId)
    .where('a.active', '=', 1)
    .orderBy('a.id')
    .execute();
}

/** The quorum of the assembly's current call, read in `db` (a change's transaction sees its own writes). */
export async function quorumOf(db: Kysely<Database>, row: AssemblyRow): Promise<QuorumState> {
  const dwellings = await dwellingsOf(db, row.condo_id);
  const owners = await db
    .selectFrom('assembly_attendance')
    .select('apartment_id')
    .where('assembly_id', '=', row.id)
    .where('kind', '=', 'owner')
    .execute();
  const presentIds = new Set(owners.map((o) => o.apartment_id));
  let present = 0;
  let total = 0;
  let dwellingsPresent = 0;
  for (const d of dwellings) {
    const share = Number(d.indiviso);
    total += share;
    if (presentIds.has(d.id)) {
      present += share;
      dwellingsPresent += 1;
    }
  }
  const call = (await callsOf(db, row.id)).find((c) => c.number === row.current_call);
  return {
    present,
    total,
    percent: presentPercent(present, total),
    met: call ? quorumMet(present, total, { percent: call.percent, strict: call.strict === 1 }) : false,
    dwellingsPresent,
    dwellingsTotal: dwellings.length,
  };
}

export async function factsOf(db: Kysely<Database>, row: AssemblyRow): Promise<AssemblyFacts> {
  const calls = await callsOf(db, row.id);
  const quorum = await quorumOf(db, row);
  return { state: row.state as AssemblyState, currentCall: row.current_call, callCount: calls.length, quorumMet: quorum.met };
}

/** The caller's dwellings in the condominium (a resident's answer ahead needs one). */
export async function dwellingsOfCaller(db: Kysely<Database>, auth: Auth): Promise<number[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select('r.apartment_id')
    .where('m.user_id', '=', auth.userId)
    .where('m.condo_id', '=', auth.condoId)
    .where('m.active', '=', 1)
    .execute();
  return rows.map((r) => r.apartment_id);
}

async function attendanceOf(db: Kysely<Database>, row: AssemblyRow): Promise<AttendanceRow[]> {
  const dwellings = await dwellingsOf(db, row.condo_id);
  const present = await db.selectFrom('assembly_attendance').selectAll().where('assembly_id', '=', row.id).execute();
  const answers = await db
    .selectFrom('assembly_confirmations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('memberships as m', (j) => j.onRef('m.user_id', '=', 'c.user_id').on('m.condo_id', '=', row.condo_id))
    .innerJoin('residencies as r', 'r.membership_id', 'm.id')
    .select(['r.apartment_id', 'u.name', 'c.answer'])
    .where('c.assembly_id', '=', row.id)
    .orderBy('u.name')
    .execute();
  const of = (apartmentId: number, kind: 'owner' | 'tenant') => {
    const found = present.find((p) => p.apartment_id === apartmentId && p.kind === kind);
    return found ? { mode: found.mode as AttendanceMode, name: found.name } : null;
  };
  const proxies = await acceptedProxies(db, row.id);
  return dwellings.map((d) => ({
    apartmentId: d.id,
    name: dwellingName(d.tower, d.name),
    indiviso: Number(d.indiviso),
    owner: of(d.id, 'owner'),
    tenant: of(d.id, 'tenant'),
    confirmations: answers
      .filter((a) => a.apartment_id === d.id)
      .map((a) => ({ name: a.name, answer: a.answer as ConfirmAnswer })),
    proxyHolder: proxies.get(d.id)?.holder_name ?? null,
  }));
}

export interface Viewing {
  auth: Auth;
  manages: boolean;
}

/** One assembly, answered for the caller. */
export async function assemblyAnswer(db: Kysely<Database>, viewing: Viewing, id: number, timeZone: string): Promise<Assembly> {
  const { auth, manages } = viewing;
  const row = await assemblyOf(db, auth.condoId, id, manages);
  const calls = await callsOf(db, id);
  const items = await db.selectFrom('assembly_items').selectAll().where('assembly_id', '=', id).orderBy('position').execute();
  const quorum = await quorumOf(db, row);
  const facts: AssemblyFacts = {
    state: row.state as AssemblyState,
    currentCall: row.current_call,
    callCount: calls.length,
    quorumMet: quorum.met,
  };
  const mine = await db
    .selectFrom('assembly_confirmations')
    .select('answer')
    .where('assembly_id', '=', id)
    .where('user_id', '=', auth.userId)
    .executeTakeFirst();
  const hasDwelling = (await dwellingsOfCaller(db, auth)).length > 0;
  const post = row.post_id
    ? await db
        .selectFrom('posts as p')
        .innerJoin('sections as s', 's.id', 'p.section_id')
        .select(['s.id', 's.code'])
        .where('p.id', '=', row.post_id)
        .executeTakeFirst()
    : undefined;
  return {
    id: row.id,
    kind: row.kind as AssemblyKind,
    title: row.title,
    state: row.state as AssemblyState,
    startsAt: calls[0] ? utcToLocal(calls[0].starts_at, timeZone) : '',
    place: row.place,
    videoLink: row.video_link,
    currentCall: row.current_call,
    calls: calls.map((c) => ({
      number: c.number,
      at: utcToLocal(c.starts_at, timeZone),
      percent: c.percent,
      strict: c.strict === 1,
    })),
    items: items.map((i) => ({
      id: i.id,
      position: i.position,
      title: i.title,
      description: i.description,
      kind: i.kind as ItemKind,
      majority: i.majority as MajorityRule,
      qualifiedPercent: i.qualified_percent,
    })),
    quorum,
    noticeScreen: post ? sectionPath({ SectId: post.id, SectCode: post.code }) : null,
    myAnswer: (mine?.answer as ConfirmAnswer | undefined) ?? null,
    mayConfirm: hasDwelling && takesConfirmations(row.state as AssemblyState),
    manages,
    actions: manages ? assemblyActionsFor(facts) : [],
    attendance: manages ? await attendanceOf(db, row) : null,
    version: row.version,
  };
}

/** A 409 with the assembly as it is now, read in `db` (the refused call's transaction sees what the winner wrote). */
export async function assemblyConflict(
  db: Kysely<Database>,
  viewing: Viewing,
  id: number,
  timeZone: string,
  refusal: MessageId,
): Promise<AppError> {
  const assembly = await assemblyAnswer(db, viewing, id, timeZone);
  return new AppError(409, ErrorCodes.conflict, refusal, undefined, { assembly });
}
