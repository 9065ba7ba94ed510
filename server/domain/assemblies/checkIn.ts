// The door check-in of an assembly (MINUTES_PATHS.myCode, checkIn): an owner, or the holder of an accepted proxy,
// shows a short code (a QR) derived from the assembly, the person and the condominium with the server's key (never
// stored, like the parcels' pickup codes); who manages the assembly scans or types it and the person's dwellings are
// recorded present as owner, in person: the ones they own, and those whose accepted proxy they hold (named after
// the holder). Once: a dwelling already present is left as it was. Another assembly's code, a forged one, or one of
// somebody who neither owns a dwelling nor holds a proxy is refused with its own words.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Assembly } from '../../../src/api/assemblies';
import { type AssemblyState, takesAttendance } from '../../../src/api/assembliesLifecycle';
import { parseCheckInCode } from '../../../src/api/assemblyMinutes';
import { dwellingName } from '../../../src/api/dwellings';
import { ErrorCodes } from '../../../src/api/errors';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { appSecret } from '../../infra/secrets';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { timeZoneOf } from '../shared/zonedTime';
import { publishAssembly } from './notices';
import { assemblyAnswer, assemblyConflict, assemblyOf, type Viewing } from './rows';

const refuse = (id: MessageId) => new AppError(400, ErrorCodes.badRequest, id, 'code');

async function signatureOf(db: Kysely<Database>, clock: Clock, condoId: number, assemblyId: number, userId: number) {
  const key = await appSecret(db, clock, 'assembly-check-in');
  return createHmac('sha256', key).update(`assembly-check-in.${condoId}.${assemblyId}.${userId}`).digest('hex').slice(0, 12);
}

/** The person's door code for the assembly. */
export async function checkInCode(db: Kysely<Database>, clock: Clock, condoId: number, assemblyId: number, userId: number) {
  return `A${assemblyId}-${userId}-${await signatureOf(db, clock, condoId, assemblyId, userId)}`;
}

export interface VoterDwelling {
  apartmentId: number;
  name: string;
  /** The accepted proxy's holder name when held by proxy; null for the owner's own. */
  holder: string | null;
}

/** The dwellings a person answers for at the assembly: owned ones, then those whose accepted proxy they hold. */
export async function dwellingsAnsweredBy(
  db: Kysely<Database>,
  condoId: number,
  assemblyId: number,
  userId: number,
): Promise<VoterDwelling[]> {
  const owned = await db
    .selectFrom('residencies as r')
    .innerJoin('memberships as m', 'm.id', 'r.membership_id')
    .innerJoin('apartments as a', 'a.id', 'r.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('m.user_id', '=', userId)
    .where('m.condo_id', '=', condoId)
    .where('m.active', '=', 1)
    .where('r.kind', '=', 'owner')
    .where('a.active', '=', 1)
    .orderBy('a.id')
    .execute();
  const held = await db
    .selectFrom('assembly_proxies as p')
    .innerJoin('apartments as a', 'a.id', 'p.apartment_id')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower', 'p.holder_name'])
    .where('p.assembly_id', '=', assemblyId)
    .where('p.holder_user_id', '=', userId)
    .where('p.state', '=', 'accepted')
    .where('a.condo_id', '=', condoId)
    .orderBy('a.id')
    .execute();
  const result: VoterDwelling[] = owned.map((d) => ({ apartmentId: d.id, name: dwellingName(d.tower, d.name), holder: null }));
  for (const d of held) {
    if (!result.some((r) => r.apartmentId === d.id)) {
      result.push({ apartmentId: d.id, name: dwellingName(d.tower, d.name), holder: d.holder_name });
    }
  }
  return result;
}

export interface CheckInResult {
  name: string;
  dwellings: string[];
  already: string[];
  data: Assembly;
}

/** Records the code's person present for their dwellings; refuses another assembly's, a forged or a tenant's code. */
export async function checkIn(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  assemblyId: number,
  code: string,
): Promise<CheckInResult> {
  const viewing: Viewing = { auth, manages: true };
  const timeZone = await timeZoneOf(db, auth.condoId);
  await assemblyOf(db, auth.condoId, assemblyId);
  const parsed = parseCheckInCode(code);
  if (!parsed) throw refuse('assemblyMinutes.refusal.badCode');
  if (parsed.assemblyId !== assemblyId) throw refuse('assemblyMinutes.refusal.otherAssembly');
  const expected = Buffer.from(await signatureOf(db, clock, auth.condoId, assemblyId, parsed.userId));
  const given = Buffer.from(parsed.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse('assemblyMinutes.refusal.badCode');
  const person = await db
    .selectFrom('users as u')
    .innerJoin('memberships as m', 'm.user_id', 'u.id')
    .select('u.name')
    .where('u.id', '=', parsed.userId)
    .where('m.condo_id', '=', auth.condoId)
    .where('m.active', '=', 1)
    .executeTakeFirst();
  if (!person) throw refuse('assemblyMinutes.refusal.badCode');
  const dwellings: string[] = [];
  const already: string[] = [];
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const row = await assemblyOf(trx, auth.condoId, assemblyId);
    if (!takesAttendance(row.state as AssemblyState)) {
      throw await assemblyConflict(trx, viewing, assemblyId, timeZone, 'assemblies.refusal.attendanceClosed');
    }
    const answered = await dwellingsAnsweredBy(trx, auth.condoId, assemblyId, parsed.userId);
    if (answered.length === 0) throw refuse('assemblyMinutes.refusal.noVote');
    const at = clock.now().toISOString();
    const present = await trx
      .selectFrom('assembly_attendance')
      .select('apartment_id')
      .where('assembly_id', '=', assemblyId)
      .where('kind', '=', 'owner')
      .execute();
    const presentIds = new Set(present.map((p) => p.apartment_id));
    const recorded: number[] = [];
    for (const d of answered) {
      if (presentIds.has(d.apartmentId)) {
        already.push(d.name);
        continue;
      }
      await trx
        .insertInto('assembly_attendance')
        .values({
          assembly_id: assemblyId,
          apartment_id: d.apartmentId,
          kind: 'owner',
          mode: 'in_person',
          name: d.holder,
          recorded_by: auth.userId,
          recorded_at: at,
        })
        .onConflict((oc) => oc.columns(['assembly_id', 'apartment_id', 'kind']).doNothing())
        .execute();
      recorded.push(d.apartmentId);
      dwellings.push(d.name);
    }
    if (recorded.length === 0) return;
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: assemblyId,
      action: 'update',
      after: { apartmentIds: recorded, userId: parsed.userId },
      at,
    });
    await publishAssembly(trx, clock, auth.condoId, assemblyId);
  });
  return { name: person.name, dwellings, already, data: await assemblyAnswer(db, viewing, assemblyId, timeZone) };
}
