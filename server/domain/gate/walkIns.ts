// Walk-ins at the caseta (src/api/gateWalkIns.ts). The guard asks; the dwelling's residents are told in the same
// transaction (shared/notify.ts, module 'visita'); the first resident to answer wins: the answer is written under
// the condominium's lock (shared/condoLock.ts) and only over a row still asking, so a second answer finds the
// first and is refused (409, naming who answered). 'noAnswer' is never written by a job: a row still asking after
// its expires_at reads as noAnswer. The guard's decision is recorded through movements.ts (the movement's own
// clientId makes a retry record once) and then pointed at from the walk-in.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import type { GateMovementAnswer } from '../../../src/api/gate';
import type {
  WalkIn,
  WalkInAnswerKind,
  WalkInAskRequest,
  WalkInDecideRequest,
  WalkInDecision,
  WalkInReason,
  WalkInStatus,
} from '../../../src/api/gateWalkIns';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { wordsIn } from '../../messages';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { notify } from '../shared/notify';
import { recipientLanguage } from '../shared/recipientLanguages';
import { timeZoneOf, utcToLocal } from '../shared/zonedTime';
import { publishWalkIn } from './live';
import { movementById } from './movementRows';
import { recordEntry, recordRefusal } from './movements';

type Db = Kysely<Database>;

const notFound = () => new AppError(404, ErrorCodes.notFound, 'gateWalkIns.error.notFound');
const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** The condominium's walk-ins with their dwelling's and answerer's names (aliases w, a, t, r). */
function walkInsFrom(db: Db, condoId: number) {
  return db
    .selectFrom('gate_walkins as w')
    .innerJoin('apartments as a', 'a.id', 'w.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .leftJoin('users as r', 'r.id', 'w.answered_by_user_id')
    .selectAll('w')
    .select(['a.name as aptName', 't.name as towerName', 'r.name as answeredByName'])
    .where('w.condo_id', '=', condoId);
}

type WalkInRow = NonNullable<Awaited<ReturnType<ReturnType<typeof walkInsFrom>['executeTakeFirst']>>>;

/** What the row reads as now: a row still asking after its expiry has had no answer. */
function statusAt(row: Pick<WalkInRow, 'status' | 'expires_at'>, now: Date): WalkInStatus {
  if (row.status === 'asking' && Date.parse(row.expires_at) <= now.getTime()) return 'noAnswer';
  return row.status as WalkInStatus;
}

function toWalkIn(row: WalkInRow, now: Date, timeZone: string): WalkIn {
  return {
    id: Number(row.id),
    clientId: row.client_id,
    apartmentId: row.apartment_id,
    dwelling: dwellingName(row.towerName, row.aptName),
    visitorName: row.visitor_name,
    reason: row.reason as WalkInReason,
    note: row.note,
    people: Number(row.people),
    plates: row.plates,
    status: statusAt(row, now),
    askedAt: row.asked_at,
    askedLocal: utcToLocal(row.asked_at, timeZone).replace('T', ' '),
    expiresAt: row.expires_at,
    answer: row.answer as WalkInAnswerKind | null,
    answeredBy: row.answeredByName ?? null,
    answeredAt: row.answered_at,
    decision: row.decision as WalkInDecision | null,
    movementId: row.movement_id,
  };
}

async function rowOf(db: Db, condoId: number, id: number): Promise<WalkInRow> {
  const row = await walkInsFrom(db, condoId).where('w.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The active members living in the dwelling (the parcels' notices ask the same; areas do not import each other). */
async function residentsOf(db: Db, condoId: number, apartmentId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select('m.user_id')
    .where('r.apartment_id', '=', apartmentId)
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .orderBy('m.user_id')
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** Tells the dwelling's residents (each reads it in their language); answers how many were told. */
async function tellResidents(db: Db, clock: Clock, row: WalkInRow): Promise<number> {
  const residents = await residentsOf(db, row.condo_id, row.apartment_id);
  await notify(db, clock, residents, {
    condoId: row.condo_id,
    title: { id: 'gateWalkIns.notify.title', values: { dwelling: dwellingName(row.towerName, row.aptName) } },
    text: {
      id: 'gateWalkIns.notify.text',
      values: { name: row.visitor_name, reason: { id: `gateWalkIns.reason.${row.reason as WalkInReason}` } },
    },
    modulo: 'visita',
    props: { walkInId: row.id },
  });
  return residents.length;
}

export async function askWalkIn(
  db: Db,
  clock: Clock,
  auth: Auth,
  input: WalkInAskRequest,
): Promise<{ walkIn: WalkIn; replayed: boolean; told: number }> {
  const clientId = input.clientId.toLowerCase();
  const timeZone = await timeZoneOf(db, auth.condoId);
  const { id, replayed, told } = await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const existing = await trx
      .selectFrom('gate_walkins')
      .select('id')
      .where('condo_id', '=', auth.condoId)
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (existing) {
      const residents = await residentsOf(trx, auth.condoId, (await rowOf(trx, auth.condoId, existing.id)).apartment_id);
      return { id: existing.id, replayed: true, told: residents.length };
    }
    const dwelling = await trx
      .selectFrom('apartments')
      .select('id')
      .where('id', '=', input.apartmentId)
      .where('condo_id', '=', auth.condoId)
      .executeTakeFirst();
    if (!dwelling) throw new AppError(404, ErrorCodes.notFound, 'gate.dwellingNotFound', 'apartmentId');
    const now = clock.now();
    // The condominium's answer time as it is now: a later change does not move a walk-in already asked.
    const { walk_in_answer_minutes: answerMinutes } = await trx
      .selectFrom('condominiums')
      .select('walk_in_answer_minutes')
      .where('id', '=', auth.condoId)
      .executeTakeFirstOrThrow();
    const inserted = await trx
      .insertInto('gate_walkins')
      .values({
        condo_id: auth.condoId,
        client_id: clientId,
        apartment_id: dwelling.id,
        visitor_name: input.visitorName.trim(),
        reason: input.reason,
        note: blankToNull(input.note),
        people: input.people,
        plates: blankToNull(input.plates),
        asked_by_user_id: auth.userId,
        device_id: auth.deviceId ?? null,
        asked_at: now.toISOString(),
        expires_at: new Date(now.getTime() + answerMinutes * 60_000).toISOString(),
        status: 'asking',
        answered_by_user_id: null,
        answered_at: null,
        answer: null,
        decision: null,
        movement_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const told = await tellResidents(trx, clock, await rowOf(trx, auth.condoId, inserted.id));
    await publishWalkIn(trx, clock, { id: inserted.id, condoId: auth.condoId, apartmentId: dwelling.id });
    return { id: inserted.id, replayed: false, told };
  });
  return { walkIn: toWalkIn(await rowOf(db, auth.condoId, id), clock.now(), timeZone), replayed, told };
}

/** The caseta's poll: the walk-in as it reads now. */
export async function walkInStatus(db: Db, clock: Clock, auth: Auth, id: number): Promise<WalkIn> {
  const row = await rowOf(db, auth.condoId, id);
  return toWalkIn(row, clock.now(), await timeZoneOf(db, auth.condoId));
}

/** The walk-in's note in the movement log: what the residents said (or that nobody did), then the guard's note. */
async function decisionNote(db: Db, auth: Auth, row: WalkInRow, status: WalkInStatus, guardNote: string | null): Promise<string> {
  const words = wordsIn(await recipientLanguage(db, auth.userId, { condoId: auth.condoId }));
  const reason = words(`gateWalkIns.reason.${row.reason as WalkInReason}`);
  const answered =
    status === 'noAnswer'
      ? words('gateWalkIns.log.noAnswer')
      : words(row.answer === 'approve' ? 'gateWalkIns.log.approvedBy' : 'gateWalkIns.log.refusedBy', {
          name: row.answeredByName ?? '—',
        });
  const parts = [words('gateWalkIns.log.walkIn', { reason }), answered, row.note, guardNote].filter(Boolean);
  return parts.join(' · ').slice(0, 500);
}

/**
 * The one movement a walk-in's decision records has an id that follows from the walk-in's own: two guards
 * deciding at once (or one retrying) write it once, through gate_movements' unique (condo_id, client_id).
 */
export function decisionClientId(walkInClientId: string): string {
  const hex = createHash('sha256').update(`walk-in decision:${walkInClientId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The guard's decision once the residents answered or the time ran out. A retry (same movement clientId), or a
 * decision already recorded, answers the movement recorded then. Refused by a resident: only a refusal.
 */
export async function decideWalkIn(
  db: Db,
  clock: Clock,
  auth: Auth,
  id: number,
  input: WalkInDecideRequest,
): Promise<{ walkIn: WalkIn; movement: GateMovementAnswer['data']; duplicate: boolean }> {
  const timeZone = await timeZoneOf(db, auth.condoId);
  const row = await rowOf(db, auth.condoId, id);
  const status = statusAt(row, clock.now());
  if (status === 'decided' && row.movement_id !== null) {
    const movement = await movementById(db, auth.condoId, row.movement_id);
    if (!movement) throw notFound();
    if (row.decision !== input.decision) throw new AppError(409, ErrorCodes.conflict, 'gateWalkIns.error.alreadyDecided');
    return { walkIn: toWalkIn(row, clock.now(), timeZone), movement, duplicate: true };
  }
  if (status === 'asking') throw new AppError(409, ErrorCodes.conflict, 'gateWalkIns.error.stillAsking');
  if (status === 'refused' && input.decision === 'entry') {
    throw new AppError(409, ErrorCodes.conflict, 'gateWalkIns.error.refusedByResident');
  }
  const note = await decisionNote(db, auth, row, status, blankToNull(input.note));
  const clientId = decisionClientId(row.client_id);
  const common = { clientId, accessPoint: input.accessPoint, note, apartmentId: row.apartment_id };
  const recorded =
    input.decision === 'entry'
      ? await recordEntry(db, clock, auth, {
          ...common,
          passId: null,
          visitorName: row.visitor_name,
          people: row.people,
          plates: row.plates,
        })
      : await recordRefusal(db, clock, auth, { ...common, passId: null, visitorName: row.visitor_name, reason: 'guardDecision' });
  // Another guard decided first (the same id, another kind): theirs stands.
  if (recorded.data.kind !== (input.decision === 'entry' ? 'entry' : 'refusal')) {
    throw new AppError(409, ErrorCodes.conflict, 'gateWalkIns.error.alreadyDecided');
  }
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    // Only the first decision is kept on the walk-in; the movement is in the log either way.
    const kept = await trx
      .updateTable('gate_walkins')
      .set({ status: 'decided', decision: input.decision, movement_id: recorded.data.id })
      .where('id', '=', row.id)
      .where('movement_id', 'is', null)
      .executeTakeFirst();
    if (Number(kept.numUpdatedRows) === 1) {
      await publishWalkIn(trx, clock, { id: row.id, condoId: auth.condoId, apartmentId: row.apartment_id });
    }
  });
  const after = await rowOf(db, auth.condoId, id);
  return { walkIn: toWalkIn(after, clock.now(), timeZone), movement: recorded.data, duplicate: recorded.duplicate };
}

/** The caller's dwellings in this condominium (their residencies). */
async function dwellingsOf(db: Db, auth: Auth): Promise<number[]> {
  const rows = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .select('r.apartment_id')
    .where('m.user_id', '=', auth.userId)
    .where('m.condo_id', '=', auth.condoId)
    .where('m.active', '=', 1)
    .execute();
  return [...new Set(rows.map((r) => r.apartment_id))];
}

/** The caller's dwellings' walk-ins still waiting for an answer, newest first. */
export async function pendingWalkIns(db: Db, clock: Clock, auth: Auth): Promise<WalkIn[]> {
  const dwellings = await dwellingsOf(db, auth);
  if (dwellings.length === 0) return [];
  const now = clock.now();
  const rows = await walkInsFrom(db, auth.condoId)
    .where('w.apartment_id', 'in', dwellings)
    .where('w.status', '=', 'asking')
    .where('w.expires_at', '>', now.toISOString())
    .orderBy('w.asked_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(50)
    .execute();
  const timeZone = await timeZoneOf(db, auth.condoId);
  return rows.map((row) => toWalkIn(row, now, timeZone));
}

/**
 * A resident's answer. Another dwelling's walk-in (or another condominium's) is as unknown as none (404). The
 * first answer wins: a later one, or one after the time ran out, is refused with 409.
 */
export async function respondToWalkIn(db: Db, clock: Clock, auth: Auth, id: number, answer: WalkInAnswerKind): Promise<WalkIn> {
  const dwellings = await dwellingsOf(db, auth);
  const timeZone = await timeZoneOf(db, auth.condoId);
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const row = await rowOf(trx, auth.condoId, id);
    if (!dwellings.includes(row.apartment_id)) throw notFound();
    const now = clock.now();
    if (row.answer !== null) {
      throw new AppError(
        409,
        ErrorCodes.conflict,
        { id: 'gateWalkIns.error.alreadyAnswered', values: { name: row.answeredByName ?? '—' } },
        undefined,
        { answeredBy: row.answeredByName ?? null, answer: row.answer },
      );
    }
    if (statusAt(row, now) !== 'asking') throw new AppError(409, ErrorCodes.conflict, 'gateWalkIns.error.expired');
    const written = await trx
      .updateTable('gate_walkins')
      .set({
        status: answer === 'approve' ? 'approved' : 'refused',
        answer,
        answered_by_user_id: auth.userId,
        answered_at: now.toISOString(),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'asking')
      .executeTakeFirst();
    if (Number(written.numUpdatedRows) !== 1) throw new AppError(409, ErrorCodes.conflict, 'gateWalkIns.error.expired');
    await publishWalkIn(trx, clock, { id: row.id, condoId: auth.condoId, apartmentId: row.apartment_id });
  });
  return toWalkIn(await rowOf(db, auth.condoId, id), clock.now(), timeZone);
}
