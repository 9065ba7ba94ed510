// Who hears of what happens to a reservation, from src/i18n/<lang>/reservationsNotices.json, worded in each
// reader's language when read (shared/notify.ts keeps ids and values), each notice opening the reservation (module instalacion, Props { facilityID,
// reservationId }). Called in the change's transaction, or in the job's.
import type { Kysely } from 'kysely';
import type { MessageId } from '../../../src/i18n/messages';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { administratorsOf, notify } from '../shared/notify';
import { residentsOf } from './access';
import { dayText } from './ledger';
import type { ReservationRow } from './rows';

type NoticeKind = 'requested' | 'confirmed' | 'rejected' | 'reminder' | 'cancelled';

async function tell(
  db: Kysely<Database>,
  clock: Clock,
  to: readonly number[],
  row: ReservationRow,
  kind: NoticeKind,
  actorId: number | null,
) {
  const recipients = [...new Set(to)].filter((id) => id !== actorId);
  if (recipients.length === 0) return;
  const facility = await db.selectFrom('facilities').select('name').where('id', '=', row.facility_id).executeTakeFirstOrThrow();
  const dwelling = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.name', 't.name as tower'])
    .where('a.id', '=', row.apartment_id)
    .executeTakeFirstOrThrow();
  const values = {
    facility: facility.name,
    dwelling: dwelling.tower ? `${dwelling.tower} - ${dwelling.name}` : dwelling.name,
    date: dayText(row.local_date),
    from: row.starts_local.slice(11, 16),
    to: row.ends_local.slice(0, 10) > row.local_date ? '24:00' : row.ends_local.slice(11, 16),
    reason: row.reason ?? '',
  };
  await notify(db, clock, recipients, {
    condoId: row.condo_id,
    title: { id: `reservationsNotices.notify.${kind}.title` as MessageId, values },
    text: { id: `reservationsNotices.notify.${kind}.text` as MessageId, values },
    modulo: 'instalacion',
    props: { facilityID: row.facility_id, reservationId: row.id },
  });
}

/** A request waits for approval: the administrators. */
export async function tellRequested(db: Kysely<Database>, clock: Clock, row: ReservationRow, actorId: number) {
  await tell(db, clock, await administratorsOf(db, row.condo_id), row, 'requested', actorId);
}

/** Confirmed on approval, rejected, cancelled by the administration, the reminder: the dwelling's residents. */
export async function tellDwelling(
  db: Kysely<Database>,
  clock: Clock,
  row: ReservationRow,
  kind: Exclude<NoticeKind, 'requested'>,
  actorId: number | null,
) {
  await tell(db, clock, await residentsOf(db, row.condo_id, row.apartment_id), row, kind, actorId);
}
