// What a reservation posts to its dwelling's account (DESIGN.md §8 "the ledger"): on confirmation its fee and
// its deposit as dwelling_charges rows linked by reservation_id, charged and due on the condominium's today;
// a cancellation of a confirmed reservation credits both back (negative rows), returning a held deposit
// credits it back. Statements and arrears read credits as such (finance/statements.ts, shared/ledgerReports.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { FacilityRow, ReservationRow } from './rows';

/** "28/11/2026" of '2026-11-28'. */
export const dayText = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

async function post(
  trx: Kysely<Database>,
  row: Pick<ReservationRow, 'id' | 'condo_id' | 'apartment_id'>,
  today: string,
  concept: string,
  cents: number,
): Promise<void> {
  if (cents === 0) return;
  await trx
    .insertInto('dwelling_charges')
    .values({
      condo_id: row.condo_id,
      apartment_id: row.apartment_id,
      concept,
      charged_on: today,
      due_on: today,
      amount_cents: cents,
      reservation_id: row.id,
    })
    .execute();
}

type Posted = Pick<ReservationRow, 'id' | 'condo_id' | 'apartment_id' | 'local_date' | 'fee_cents' | 'deposit_cents'>;

/** The fee and the deposit of a confirmed reservation. */
export async function chargeReservation(trx: Kysely<Database>, row: Posted, facility: Pick<FacilityRow, 'name'>, today: string) {
  const when = `${facility.name} ${dayText(row.local_date)}`;
  await post(trx, row, today, `Reservación ${when}`, row.fee_cents);
  await post(trx, row, today, `Depósito ${when}`, row.deposit_cents);
}

/** A confirmed reservation cancelled: its fee back, and its deposit while still held. */
export async function creditCancellation(
  trx: Kysely<Database>,
  row: Posted & Pick<ReservationRow, 'deposit_state'>,
  facility: Pick<FacilityRow, 'name'>,
  today: string,
) {
  const when = `${facility.name} ${dayText(row.local_date)}`;
  await post(trx, row, today, `Cancelación reservación ${when}`, -row.fee_cents);
  if (row.deposit_state === 'retenido') await post(trx, row, today, `Cancelación depósito ${when}`, -row.deposit_cents);
}

/** A held deposit returned after the reservation. */
export async function creditDeposit(trx: Kysely<Database>, row: Posted, facility: Pick<FacilityRow, 'name'>, today: string) {
  await post(trx, row, today, `Devolución de depósito ${facility.name} ${dayText(row.local_date)}`, -row.deposit_cents);
}
