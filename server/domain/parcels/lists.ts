// What the gate and the residents read: the dwellings a parcel can be logged for, the parcels waiting at the
// gate by dwelling (searched by dwelling, carrier or tracking number), and a member's own dwellings' parcels with
// their pickup codes while they wait.
import type { Kysely } from 'kysely';
import {
  dwellingLabel,
  type MyParcelsQuery,
  PARCEL_PAGE_SIZE,
  type Parcel,
  type ParcelDwelling,
  type WaitingParcelsQuery,
} from '../../../src/api/parcels';
import type { Database } from '../../db/schema';
import type { Clock } from '../../infra/clock';
import type { Auth } from '../shared/auth';
import { timeZoneOf } from '../shared/zonedTime';
import { pickupCoder } from './pickupCode';
import { type ParcelRow, parcelRows, toParcel } from './rows';

export interface Page {
  items: Parcel[];
  total: number;
}

/** Lower case without accents, so "torre a" finds "Torre A" and "dhl" "DHL". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const byDwellingName = (a: ParcelDwelling, b: ParcelDwelling) =>
  (a.tower ?? '').localeCompare(b.tower ?? '', 'es', { numeric: true }) ||
  a.apartment.localeCompare(b.apartment, 'es', { numeric: true });

export async function parcelDwellings(db: Kysely<Database>, auth: Auth): Promise<ParcelDwelling[]> {
  const rows = await db
    .selectFrom('apartments as a')
    .leftJoin('towers as t', 't.id', 'a.tower_id')
    .select(['a.id', 'a.name', 't.name as tower'])
    .where('a.condo_id', '=', auth.condoId)
    .where('a.active', '=', 1)
    .execute();
  return rows.map((r) => ({ apartmentId: r.id, tower: r.tower ?? null, apartment: r.name })).sort(byDwellingName);
}

const dwellingOfRow = (row: ParcelRow): ParcelDwelling => ({
  apartmentId: row.apartment_id,
  tower: row.tower_name,
  apartment: row.apartment_name,
});

/**
 * The parcels waiting at the gate, by dwelling then oldest first. A condominium has tens to a few hundred
 * waiting at once, so they are read whole and searched here, alike on both databases (accents and case folded).
 */
export async function waitingParcels(
  db: Kysely<Database>,
  auth: Auth,
  query: WaitingParcelsQuery,
  fileLink: (id: number) => string,
): Promise<Page> {
  let select = parcelRows(db).where('p.condo_id', '=', auth.condoId).where('p.status', '=', 'waiting');
  if (query.apartmentId !== undefined) select = select.where('p.apartment_id', '=', query.apartmentId);
  const rows = await select.orderBy('p.arrived_at').orderBy('p.id').execute();
  const words = fold(query.q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const found = rows
    .filter((row) => {
      const text = fold([dwellingLabel(dwellingOfRow(row)), row.carrier, row.tracking ?? ''].join(' '));
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => byDwellingName(dwellingOfRow(a), dwellingOfRow(b)));
  const offset = query.offset ?? 0;
  const limit = query.limit ?? PARCEL_PAGE_SIZE;
  const timeZone = await timeZoneOf(db, auth.condoId);
  return {
    items: found.slice(offset, offset + limit).map((row) => toParcel(row, { timeZone, fileLink })),
    total: found.length,
  };
}

/** The caller's dwellings' parcels (none without a residency): waiting first, then the newest. */
export async function myParcels(
  db: Kysely<Database>,
  clock: Clock,
  auth: Auth,
  query: MyParcelsQuery,
  fileLink: (id: number) => string,
): Promise<Page> {
  const dwellings = db.selectFrom('residencies').select('apartment_id').where('membership_id', '=', auth.membershipId);
  let select = parcelRows(db).where('p.condo_id', '=', auth.condoId).where('p.apartment_id', 'in', dwellings);
  if (query.status) select = select.where('p.status', '=', query.status);
  const total = await db
    .selectFrom('parcels')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('condo_id', '=', auth.condoId)
    .where('apartment_id', 'in', dwellings)
    .$if(query.status !== undefined, (q) => q.where('status', '=', query.status!))
    .executeTakeFirstOrThrow();
  const rows = await select
    // 'waiting' sorts after 'collected': descending puts the waiting ones first.
    .orderBy('p.status', 'desc')
    .orderBy('p.arrived_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(query.limit ?? PARCEL_PAGE_SIZE)
    .offset(query.offset ?? 0)
    .execute();
  const timeZone = await timeZoneOf(db, auth.condoId);
  const coder = await pickupCoder(db, clock);
  return {
    items: rows.map((row) => toParcel(row, { timeZone, fileLink, code: coder })),
    total: Number(total.n),
  };
}
