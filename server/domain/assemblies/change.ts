// Moving an assembly through its lifecycle (src/api/assembliesLifecycle.ts), the residents' answers ahead and the
// attendance at the assembly. Every write takes the condominium (condoLock) so the quorum an opening reads is the
// one the attendance written before it left; a lifecycle change is written WHERE version = the one the caller saw,
// so of two at once one wins and the other gets 409 with the fresh assembly. Opening below the current call's
// quorum is refused with 409 (assemblies.refusal.noQuorum) and the assembly as it is. Attendance is one row per
// dwelling and kind (owner, tenant; unique), so two recorders of one dwelling at once leave one row.
import type { Kysely } from 'kysely';
import type { Assembly, AssemblyChangeRequest, AttendanceRequest, ConfirmAnswer } from '../../../src/api/assemblies';
import {
  type AssemblyRefusal,
  type AssemblyState,
  assemblyTransition,
  takesAttendance,
  takesConfirmations,
} from '../../../src/api/assembliesLifecycle';
import { ErrorCodes } from '../../../src/api/errors';
import type { HistoryAction } from '../../../src/api/history';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError, forbidden } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { lockCondo } from '../shared/condoLock';
import { timeZoneOf } from '../shared/zonedTime';
import { publishAssembly } from './notices';
import { assemblyAnswer, assemblyConflict, assemblyOf, dwellingsOfCaller, factsOf, type Viewing } from './rows';
import { itemStillOpen } from './voteState';

const REFUSALS: Record<AssemblyRefusal, MessageId> = {
  notAllowed: 'assemblies.refusal.notAllowed',
  noLaterCall: 'assemblies.refusal.noLaterCall',
  noQuorum: 'assemblies.refusal.noQuorum',
};

const AUDIT_ACTIONS: Record<AssemblyChangeRequest['action'], HistoryAction> = {
  call: 'publicar',
  convene: 'esperar',
  nextCall: 'update',
  open: 'iniciar',
  close: 'cerrar',
  cancel: 'cancelar',
};

/** A lifecycle action; answers the assembly as it is after it. */
export async function changeAssembly(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  request: AssemblyChangeRequest,
): Promise<Assembly> {
  const viewing: Viewing = { auth, manages: true };
  const timeZone = await timeZoneOf(db, auth.condoId);
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const row = await assemblyOf(trx, auth.condoId, id);
    const decided = assemblyTransition(await factsOf(trx, row), request.action);
    if ('refusal' in decided) throw await assemblyConflict(trx, viewing, id, timeZone, REFUSALS[decided.refusal]);
    if (row.version !== request.version) throw await assemblyConflict(trx, viewing, id, timeZone, 'assemblies.refusal.stale');
    // An item still being voted keeps the assembly open (votes.ts): close the item first.
    if (request.action === 'close' && (await itemStillOpen(trx, id))) {
      throw await assemblyConflict(trx, viewing, id, timeZone, 'assemblyVotes.refusal.itemStillOpen');
    }
    const to = decided.transition.to;
    const at = clock.now().toISOString();
    const currentCall =
      request.action === 'convene' ? 1 : request.action === 'nextCall' ? row.current_call + 1 : row.current_call;
    const stamps =
      request.action === 'call'
        ? { called_at: at }
        : request.action === 'open'
          ? { opened_at: at }
          : request.action === 'close'
            ? { closed_at: at }
            : {};
    const result = await trx
      .updateTable('assemblies')
      .set({ state: to, current_call: currentCall, ...stamps, version: row.version + 1, updated_at: at })
      .where('id', '=', id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw await assemblyConflict(trx, viewing, id, timeZone, 'assemblies.refusal.stale');
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: id,
      action: AUDIT_ACTIONS[request.action],
      before: { state: row.state },
      after: { state: to },
      at,
    });
    await publishAssembly(trx, clock, auth.condoId, id);
  });
  return assemblyAnswer(db, viewing, id, timeZone);
}

/** A resident's answer ahead (one per person, the last one kept); 403 without a dwelling, 409 once it opened. */
export async function confirmAttendance(
  db: Kysely<Database>,
  clock: Clock,
  viewing: Viewing,
  id: number,
  answer: ConfirmAnswer,
): Promise<Assembly> {
  const { auth } = viewing;
  const timeZone = await timeZoneOf(db, auth.condoId);
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const row = await assemblyOf(trx, auth.condoId, id, viewing.manages);
    if ((await dwellingsOfCaller(trx, auth)).length === 0) throw forbidden();
    if (!takesConfirmations(row.state as AssemblyState)) {
      throw await assemblyConflict(trx, viewing, id, timeZone, 'assemblies.refusal.confirmClosed');
    }
    const at = clock.now().toISOString();
    await trx
      .insertInto('assembly_confirmations')
      .values({ assembly_id: id, user_id: auth.userId, answer, answered_at: at })
      .onConflict((oc) => oc.columns(['assembly_id', 'user_id']).doUpdateSet({ answer, answered_at: at }))
      .execute();
    await publishAssembly(trx, clock, auth.condoId, id);
  });
  return assemblyAnswer(db, viewing, id, timeZone);
}

/** Who is present for a dwelling (owner or tenant, in person or online), or no longer (mode null). */
export async function recordAttendance(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  id: number,
  request: AttendanceRequest,
): Promise<Assembly> {
  const viewing: Viewing = { auth, manages: true };
  const timeZone = await timeZoneOf(db, auth.condoId);
  await db.transaction().execute(async (trx) => {
    await lockCondo(trx, auth.condoId);
    const row = await assemblyOf(trx, auth.condoId, id);
    if (!takesAttendance(row.state as AssemblyState)) {
      throw await assemblyConflict(trx, viewing, id, timeZone, 'assemblies.refusal.attendanceClosed');
    }
    const dwelling = await trx
      .selectFrom('apartments')
      .select('id')
      .where('id', '=', request.apartmentId)
      .where('condo_id', '=', auth.condoId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!dwelling) throw new AppError(400, ErrorCodes.badRequest, 'assemblies.refusal.noDwelling', 'apartmentId');
    const at = clock.now().toISOString();
    const where = { assembly_id: id, apartment_id: request.apartmentId, kind: request.kind };
    if (request.mode === null) {
      await trx
        .deleteFrom('assembly_attendance')
        .where('assembly_id', '=', id)
        .where('apartment_id', '=', request.apartmentId)
        .where('kind', '=', request.kind)
        .execute();
    } else {
      const values = { mode: request.mode, name: request.name?.trim() || null, recorded_by: auth.userId, recorded_at: at };
      await trx
        .insertInto('assembly_attendance')
        .values({ ...where, ...values })
        .onConflict((oc) => oc.columns(['assembly_id', 'apartment_id', 'kind']).doUpdateSet(values))
        .execute();
    }
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'assembly',
      entityId: id,
      action: request.mode === null ? 'delete' : 'update',
      after: { apartmentId: request.apartmentId, kind: request.kind },
      at,
    });
    await publishAssembly(trx, clock, auth.condoId, id);
  });
  return assemblyAnswer(db, viewing, id, timeZone);
}
