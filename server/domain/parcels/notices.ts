// Telling a dwelling's residents about their parcel: on arrival and when it still waits (jobs.ts). Each person
// reads the notice in their language when they read it (shared/notify.ts keeps ids and values), with the pickup code, and opening it
// goes to condominio/paqueteria (module 'paqueteria', Props { parcelId }). Called in the change's transaction.
import type { Kysely } from 'kysely';
import { dwellingLabel, type ParcelSize } from '../../../src/api/parcels';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import { notify } from '../shared/notify';

/** The active members living in the dwelling. */
export async function residentsOf(db: Kysely<Database>, condoId: number, apartmentId: number): Promise<number[]> {
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

export interface NoticeParcel {
  id: number;
  condo_id: number;
  apartment_id: number;
  carrier: string;
  size: string;
  tower_name: string | null;
  apartment_name: string;
}

type Notice = { kind: 'arrived' } | { kind: 'reminder'; days: number };

/** Tells the dwelling's residents, each in their language; answers how many were told. */
export async function tellResidents(
  db: Kysely<Database>,
  clock: Clock,
  parcel: NoticeParcel,
  code: string,
  notice: Notice,
): Promise<number> {
  const residents = await residentsOf(db, parcel.condo_id, parcel.apartment_id);
  const dwelling = dwellingLabel({ tower: parcel.tower_name, apartment: parcel.apartment_name });
  const values = {
    carrier: parcel.carrier,
    dwelling,
    code,
    size: { id: `parcelsNotices.size.${parcel.size as ParcelSize}` } as const,
    days: notice.kind === 'reminder' ? notice.days : 0,
  };
  await notify(db, clock, residents, {
    condoId: parcel.condo_id,
    title: { id: `parcelsNotices.notify.${notice.kind}.title` },
    text: { id: `parcelsNotices.notify.${notice.kind}.text`, values },
    modulo: 'paqueteria',
    props: { parcelId: parcel.id },
  });
  return residents.length;
}
