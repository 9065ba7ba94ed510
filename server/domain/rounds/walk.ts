// Walking a round (a guard on their phone, or a paired device's shift): the rounds open now, starting one, scanning
// its checkpoints (the QR code's text or the NFC tag's id), finishing it, and notes. A scan is written once per
// clientId the device made: the condominium is taken first (shared/condoLock.ts), so a replay, however many
// processes receive it, finds the scan and writes nothing. Its time is the device's (shared/deviceTime.ts); a scan
// made before the round closed counts even when it arrives later from the offline queue, and the round's status
// is then read again from its checkpoints. A scan is never edited; a note is the way to correct one.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import {
  closedStatus,
  isOutOfOrder,
  type NoteRequest,
  ROUND_LIMITS,
  type Round,
  type ScanOutcome,
  type ScanRequest,
  type StopStatus,
  stopForCode,
} from '../../../src/api/rounds';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { type DeviceTimeWords, deviceInstant } from '../shared/deviceTime';
import { decodeAttachment } from '../shared/uploads';
import { timeZoneOf } from '../shared/zonedTime';
import { publishRound } from './notices';
import { readRounds } from './rows';

type Db = Kysely<Database>;
const MINUTE = 60_000;
const SCAN_TIME_WORDS: DeviceTimeWords = { inFuture: 'rounds.refusal.inFuture', tooLongAgo: 'rounds.refusal.tooLongAgo' };
const conflict = (id: 'rounds.refusal.notNow' | 'rounds.refusal.closed' | 'rounds.refusal.wrongCheckpoint', field?: string) =>
  new AppError(409, ErrorCodes.conflict, id, field);
const OPEN = ['scheduled', 'walking'];

async function oneRound(db: Db, auth: Auth, id: number): Promise<Round> {
  const [round] = await readRounds(db, [id], await timeZoneOf(db, auth.condoId));
  if (!round) throw notFound();
  return round;
}

async function roundRow(db: Db, auth: Auth, id: number) {
  const row = await db
    .selectFrom('rounds as r')
    .innerJoin('round_plans as p', 'p.id', 'r.plan_id')
    .select(['r.id', 'r.status', 'r.slot_at', 'r.closes_at', 'p.ordered'])
    .where('r.id', '=', id)
    .where('r.condo_id', '=', auth.condoId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The rounds open now, or starting within ROUND_LIMITS.startEarlyMinutes, soonest first. */
export async function roundsToWalk(db: Db, clock: Clock, auth: Auth): Promise<Round[]> {
  const now = clock.now();
  const rows = await db
    .selectFrom('rounds as r')
    .innerJoin('round_plans as p', 'p.id', 'r.plan_id')
    .select('r.id')
    .where('r.condo_id', '=', auth.condoId)
    .where('p.active', '=', 1)
    .where('r.status', 'in', OPEN)
    .where('r.slot_at', '<=', new Date(now.getTime() + ROUND_LIMITS.startEarlyMinutes * MINUTE).toISOString())
    .where('r.closes_at', '>', now.toISOString())
    .orderBy('r.slot_at')
    .orderBy('r.id')
    .limit(20)
    .execute();
  return readRounds(
    db,
    rows.map((r) => r.id),
    await timeZoneOf(db, auth.condoId),
  );
}

export async function startRound(db: Db, clock: Clock, auth: Auth, id: number): Promise<Round> {
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const row = await roundRow(trx, auth, id);
    if (row.status === 'walking') return;
    const now = clock.now();
    const early = Date.parse(row.slot_at) - ROUND_LIMITS.startEarlyMinutes * MINUTE;
    if (row.status !== 'scheduled' || now.getTime() < early || now.toISOString() >= row.closes_at)
      throw conflict('rounds.refusal.notNow');
    await trx
      .updateTable('rounds')
      .set({ status: 'walking', started_at: now.toISOString(), walked_by_user_id: auth.userId, device_id: auth.deviceId ?? null })
      .where('id', '=', id)
      .execute();
    await publishRound(trx, clock, { id, condoId: auth.condoId });
  });
  return oneRound(db, auth, id);
}

/** The round's status once its checkpoints say so (closed or finished), written when it changed. */
async function settle(trx: Db, roundId: number, finishedAt: string): Promise<void> {
  const stops = await trx.selectFrom('round_stops').select(['status', 'scanned_at']).where('round_id', '=', roundId).execute();
  const status = closedStatus(stops.map((s) => ({ status: s.status as StopStatus, scanned: s.scanned_at !== null })));
  await trx.updateTable('rounds').set({ status, finished_at: finishedAt }).where('id', '=', roundId).execute();
}

export async function scanCheckpoint(
  db: Db,
  clock: Clock,
  auth: Auth,
  input: ScanRequest,
): Promise<{ outcome: ScanOutcome; round: Round; replayed: boolean }> {
  const photo = input.photo ? decodeAttachment(input.photo, 0) : null;
  if (photo && photo.kind !== 'image') throw new AppError(400, ErrorCodes.badRequest, 'rounds.refusal.badPhoto', 'photo');
  const result = await db.transaction().execute(async (trx): Promise<{ outcome: ScanOutcome; replayed: boolean }> => {
    await lockCondo(trx, auth.condoId);
    const existing = await trx
      .selectFrom('round_scans as x')
      .innerJoin('round_stops as s', 's.scan_id', 'x.id')
      .select(['x.round_id', 's.status'])
      .where('x.condo_id', '=', auth.condoId)
      .where('x.client_id', '=', input.clientId)
      .executeTakeFirst();
    if (existing) {
      if (existing.round_id !== input.roundId) throw notFound();
      return { outcome: existing.status === 'late' ? 'late' : 'done', replayed: true };
    }
    const round = await roundRow(trx, auth, input.roundId);
    const now = clock.now();
    const at = deviceInstant(now, input.scannedAt, SCAN_TIME_WORDS);
    const atIso = at.toISOString();
    if (atIso > round.closes_at || at.getTime() < Date.parse(round.slot_at) - ROUND_LIMITS.startEarlyMinutes * MINUTE) {
      throw conflict('rounds.refusal.closed');
    }
    const stops = await trx
      .selectFrom('round_stops as s')
      .innerJoin('round_checkpoints as c', 'c.id', 's.checkpoint_id')
      .select(['s.id', 's.checkpoint_id', 's.position', 's.due_at', 's.status', 's.scanned_at', 'c.code', 'c.nfc_tag'])
      .where('s.round_id', '=', round.id)
      .orderBy('s.position')
      .execute();
    const stop = stopForCode(
      stops.map((s) => ({ ...s, nfcTag: s.nfc_tag })),
      input.code,
    );
    if (!stop) throw conflict('rounds.refusal.wrongCheckpoint', 'code');
    if (stop.scanned_at !== null) return { outcome: 'already', replayed: false };
    const outOfOrder = isOutOfOrder(
      { ordered: round.ordered === 1, stops: stops.map((s) => ({ position: s.position, scannedAt: s.scanned_at })) },
      stop.position,
    );
    const status = atIso <= stop.due_at ? 'done' : 'late';
    const photoId = photo
      ? await saveFile(trx, { ownerUserId: null, contentType: photo.contentType, data: photo.data, createdAt: now.toISOString() })
      : null;
    const note = input.note?.trim() ? input.note.trim() : null;
    const scan = await trx
      .insertInto('round_scans')
      .values({
        condo_id: auth.condoId,
        client_id: input.clientId,
        round_id: round.id,
        checkpoint_id: stop.checkpoint_id,
        scanned_at: atIso,
        received_at: now.toISOString(),
        offline: input.offline ? 1 : 0,
        out_of_order: outOfOrder ? 1 : 0,
        note,
        photo_file_id: photoId,
        by_user_id: auth.userId,
        device_id: auth.deviceId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('round_stops')
      .set({ status, scanned_at: atIso, scan_id: scan.id, out_of_order: outOfOrder ? 1 : 0 })
      .where('id', '=', stop.id)
      .execute();
    if (round.status === 'scheduled') {
      await trx
        .updateTable('rounds')
        .set({ status: 'walking', started_at: atIso, walked_by_user_id: auth.userId, device_id: auth.deviceId ?? null })
        .where('id', '=', round.id)
        .execute();
    } else if (!OPEN.includes(round.status)) {
      // Closed meanwhile (the job, or finished) while this scan waited on the device: read its status again.
      const finished = await trx.selectFrom('rounds').select('finished_at').where('id', '=', round.id).executeTakeFirstOrThrow();
      await settle(trx, round.id, finished.finished_at ?? round.closes_at);
    }
    await publishRound(trx, clock, { id: round.id, condoId: auth.condoId });
    return { outcome: status, replayed: false };
  });
  return { ...result, round: await oneRound(db, auth, input.roundId) };
}

/** Ends the round: what was not scanned is missed. Ending a closed round answers it as it is. */
export async function finishRound(db: Db, clock: Clock, auth: Auth, id: number): Promise<Round> {
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const row = await roundRow(trx, auth, id);
    if (!OPEN.includes(row.status)) return;
    const now = clock.now().toISOString();
    await trx
      .updateTable('round_stops')
      .set({ status: 'missed' })
      .where('round_id', '=', id)
      .where('scanned_at', 'is', null)
      .execute();
    await settle(trx, id, now);
    await publishRound(trx, clock, { id, condoId: auth.condoId });
  });
  return oneRound(db, auth, id);
}

export async function addNote(db: Db, clock: Clock, auth: Auth, id: number, input: NoteRequest): Promise<Round> {
  await db.transaction().execute(async (trx) => {
    await roundRow(trx, auth, id);
    if (input.checkpointId != null) {
      const stop = await trx
        .selectFrom('round_stops')
        .select('id')
        .where('round_id', '=', id)
        .where('checkpoint_id', '=', input.checkpointId)
        .executeTakeFirst();
      if (!stop) throw new AppError(400, ErrorCodes.badRequest, 'rounds.refusal.checkpoint', 'checkpointId');
    }
    await trx
      .insertInto('round_notes')
      .values({
        condo_id: auth.condoId,
        round_id: id,
        checkpoint_id: input.checkpointId ?? null,
        text: input.text.trim(),
        photo_file_id: null,
        by_user_id: auth.userId,
        created_at: clock.now().toISOString(),
      })
      .execute();
    await publishRound(trx, clock, { id, condoId: auth.condoId });
  });
  return oneRound(db, auth, id);
}
