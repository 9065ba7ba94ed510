// A lifecycle action on a reservation (POST change) and settling its deposit (POST deposit): the table of
// src/api/reservationLifecycle.ts for the caller's roles decides, at the server's time; a stale version or an
// action the table refuses answers 409 with the reservation as it is now. Approving takes the facility's lock
// and re-checks the time like a booking (two approvals of one slot: the second is refused 'ocupado'); a
// confirmation posts the fee and deposit, a cancellation of a confirmed one credits them back. Administrators'
// changes leave an audit row; residents hear of what the administration decided.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import { type DepositAction, depositActions, reservationTransition } from '../../../src/api/reservationLifecycle';
import type { DepositRequest, ReservationAnswer, ReservationChangeRequest } from '../../../src/api/reservations';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { recordAudit } from '../shared/audit';
import type { Auth } from '../shared/auth';
import { type ReservationCaller, requireVisible, reservationCaller, rolesOn } from './access';
import { reservationAnswer } from './answers';
import { bookingRefused, capacityRefusal } from './book';
import { chargeReservation, creditCancellation, creditDeposit } from './ledger';
import { tellDwelling } from './notices';
import { findFacility, findReservation, lockFacility, type ReservationRow, timesOf } from './rows';
import { dropReminder, scheduleReminder } from './schedule';

async function conflict(trx: Kysely<Database>, caller: ReservationCaller, id: number, messageId: MessageId) {
  const fresh = await findReservation(trx, caller.auth.condoId, id);
  const reservacion = fresh ? await reservationAnswer(trx, caller, fresh) : undefined;
  return new AppError(409, ErrorCodes.conflict, messageId, undefined, reservacion ? { reservacion } : undefined);
}

const reasonRequired = () => new AppError(400, ErrorCodes.badRequest, 'reservationsNotices.refusal.reasonRequired', 'motivo');

/** Writes the change only if nobody changed the row since it was read (version); false otherwise. */
async function save(trx: Kysely<Database>, row: ReservationRow, set: Partial<ReservationRow>, at: string): Promise<boolean> {
  const { id: _id, version: _v, ...rest } = set;
  const result = await trx
    .updateTable('reservations')
    .set({ ...rest, version: row.version + 1, updated_at: at })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function changeReservation(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: ReservationChangeRequest,
): Promise<ReservationAnswer> {
  const caller = await reservationCaller(db, clock, auth);
  const read = requireVisible(caller, await findReservation(db, auth.condoId, request.reservationId));
  return db.transaction().execute(async (trx) => {
    if (request.action === 'aprobar') await lockFacility(trx, read.facility_id);
    const row = requireVisible(caller, await findReservation(trx, auth.condoId, read.id));
    const facility = (await findFacility(trx, auth.condoId, row.facility_id))!;
    const roles = rolesOn(caller, row);
    if (row.version !== request.version) throw await conflict(trx, caller, row.id, 'reservationsNotices.refusal.stale');
    const transition = reservationTransition(timesOf(row), request.action, roles, facility.cancel_hours, caller.now);
    if (!transition) throw await conflict(trx, caller, row.id, 'reservationsNotices.refusal.action');
    const reason = request.motivo?.trim() ?? '';
    if (transition.needsReason && reason === '') throw reasonRequired();
    const byAdmin = transition.roles.includes('admin');
    const at = caller.now.toISOString();
    const set: Partial<ReservationRow> = { state: transition.to };
    if (byAdmin) set.decided_by = auth.userId;
    if (transition.needsReason) set.reason = reason;

    if (transition.action === 'aprobar') {
      const refusal = await capacityRefusal(
        trx,
        facility,
        { desde: row.starts_local, hasta: row.ends_local, personas: row.people },
        row.id,
      );
      if (refusal) throw bookingRefused(refusal, await reservationAnswer(trx, caller, row));
      set.deposit_state = row.deposit_cents > 0 ? 'retenido' : 'ninguno';
    }
    if (transition.action === 'cancelar' && row.state === 'confirmada' && row.deposit_state === 'retenido') {
      set.deposit_state = 'devuelto';
    }
    if (!(await save(trx, row, set, at))) throw await conflict(trx, caller, row.id, 'reservationsNotices.refusal.stale');
    const fresh = (await findReservation(trx, auth.condoId, row.id))!;

    if (transition.action === 'aprobar') {
      await chargeReservation(trx, fresh, facility, caller.today);
      await scheduleReminder(trx, fresh, caller.now);
      await tellDwelling(trx, clock, fresh, 'confirmed', auth.userId);
    } else if (transition.action === 'rechazar') {
      await tellDwelling(trx, clock, fresh, 'rejected', auth.userId);
    } else if (transition.action === 'cancelar') {
      if (row.state === 'confirmada') await creditCancellation(trx, row, facility, caller.today);
      await dropReminder(trx, row.id);
      if (byAdmin) await tellDwelling(trx, clock, fresh, 'cancelled', auth.userId);
    }
    if (byAdmin) {
      await recordAudit(trx, {
        condoId: auth.condoId,
        actorUserId: auth.userId,
        entity: 'reservation',
        entityId: row.id,
        action: transition.action,
        before: { estado: row.state, deposito: row.deposit_state },
        after: { estado: fresh.state, deposito: fresh.deposit_state, motivo: fresh.reason },
        at,
      });
    }
    return { success: true, reservacion: await reservationAnswer(trx, caller, fresh) };
  });
}

export async function settleDeposit(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  request: DepositRequest,
): Promise<ReservationAnswer> {
  const caller = await reservationCaller(db, clock, auth);
  const read = requireVisible(caller, await findReservation(db, auth.condoId, request.reservationId));
  return db.transaction().execute(async (trx) => {
    const row = requireVisible(caller, await findReservation(trx, auth.condoId, read.id));
    if (row.version !== request.version) throw await conflict(trx, caller, row.id, 'reservationsNotices.refusal.stale');
    const allowed: DepositAction[] = depositActions(timesOf(row), rolesOn(caller, row), caller.now);
    if (!allowed.includes(request.action)) throw await conflict(trx, caller, row.id, 'reservationsNotices.refusal.action');
    const reason = request.motivo?.trim() ?? '';
    if (request.action === 'cobrar' && reason === '') throw reasonRequired();
    const facility = (await findFacility(trx, auth.condoId, row.facility_id))!;
    const at = caller.now.toISOString();
    const set: Partial<ReservationRow> =
      request.action === 'devolver' ? { deposit_state: 'devuelto' } : { deposit_state: 'cobrado', reason };
    if (!(await save(trx, row, set, at))) throw await conflict(trx, caller, row.id, 'reservationsNotices.refusal.stale');
    if (request.action === 'devolver') await creditDeposit(trx, row, facility, caller.today);
    const fresh = (await findReservation(trx, auth.condoId, row.id))!;
    await recordAudit(trx, {
      condoId: auth.condoId,
      actorUserId: auth.userId,
      entity: 'reservation_deposit',
      entityId: row.id,
      action: request.action,
      before: { deposito: row.deposit_state },
      after: { deposito: fresh.deposit_state, motivo: request.action === 'cobrar' ? reason : null },
      at,
    });
    return { success: true, reservacion: await reservationAnswer(trx, caller, fresh) };
  });
}
