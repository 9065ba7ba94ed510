// The parcels demo (issue 26) in Residencial Las Palmas: a few parcels waiting at the gate (two for Torre A -
// 101, residente@demo.mx's dwelling, one of them past the reminder days) and a few collected over the last month,
// with the code or a signature. Deterministic: fixed client ids, dates at fixed offsets from the seed clock.
import type { Kysely } from 'kysely';
import { PARCEL_REMINDER_JOB } from '../../domain/parcels/jobs';
import { PICKUP_CODE_SCHEME } from '../../domain/parcels/pickupCode';
import type { Clock } from '../../infra/clock';
import { saveFile } from '../../infra/files/store';
import { dailySlot, scheduleJobOnce } from '../../infra/scheduledJobs';
import type { Database } from '../schema';
import { DEMO_CONDOS } from './demoFacts';

const HOUR = 3_600_000;

/** A 1×1 PNG: the demo's drawn signature. */
const SIGNATURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface DemoParcel {
  clientId: string;
  /** "Torre A/101". */
  dwelling: string;
  carrier: string;
  tracking: string | null;
  size: 'sobre' | 'chico' | 'mediano' | 'grande';
  /** Hours before the seed clock it arrived. */
  arrivedHoursAgo: number;
  collected?: { hoursAfter: number; method: 'code' | 'signature'; byName: string | null };
  note?: string;
}

/** Client ids of the demo's parcels (tests find them by these). */
export const DEMO_PARCELS: readonly DemoParcel[] = [
  {
    clientId: '00000000-0000-4000-8000-000000000101',
    dwelling: 'Torre A/101',
    carrier: 'DHL',
    tracking: '1234567890',
    size: 'mediano',
    arrivedHoursAgo: 5,
  },
  {
    clientId: '00000000-0000-4000-8000-000000000102',
    dwelling: 'Torre A/101',
    carrier: 'Amazon',
    tracking: 'MX-4471-AZ',
    size: 'chico',
    arrivedHoursAgo: 4 * 24 + 2,
    note: 'Caja con etiqueta de frágil.',
  },
  {
    clientId: '00000000-0000-4000-8000-000000000103',
    dwelling: 'Torre A/603',
    carrier: 'Estafeta',
    tracking: null,
    size: 'sobre',
    arrivedHoursAgo: 26,
  },
  {
    clientId: '00000000-0000-4000-8000-000000000104',
    dwelling: 'Torre B/803',
    carrier: 'Mercado Libre',
    tracking: 'ML-98213',
    size: 'grande',
    arrivedHoursAgo: 50,
  },
  {
    clientId: '00000000-0000-4000-8000-000000000105',
    dwelling: 'Torre A/101',
    carrier: 'FedEx',
    tracking: '7788 9900 1122',
    size: 'chico',
    arrivedHoursAgo: 9 * 24,
    collected: { hoursAfter: 6, method: 'code', byName: null },
  },
  {
    clientId: '00000000-0000-4000-8000-000000000106',
    dwelling: 'Torre A/606',
    carrier: 'Amazon',
    tracking: 'MX-1201-AZ',
    size: 'mediano',
    arrivedHoursAgo: 15 * 24,
    collected: { hoursAfter: 30, method: 'signature', byName: 'Lucía Ramírez Navarro' },
  },
  {
    clientId: '00000000-0000-4000-8000-000000000107',
    dwelling: 'Torre B/803',
    carrier: 'Correos de México',
    tracking: null,
    size: 'sobre',
    arrivedHoursAgo: 22 * 24,
    collected: { hoursAfter: 2, method: 'code', byName: null },
  },
  {
    clientId: '00000000-0000-4000-8000-000000000108',
    dwelling: 'Torre A/603',
    carrier: 'DHL',
    tracking: '5566778899',
    size: 'grande',
    arrivedHoursAgo: 27 * 24,
    collected: { hoursAfter: 20, method: 'signature', byName: 'Andrés Navarro Aguilar' },
  },
];

export async function seedParcels(db: Kysely<Database>, clock: Clock): Promise<void> {
  const now = clock.now();
  const palmas = DEMO_CONDOS.find((c) => c.key === 'palmas')!;
  const condo = await db
    .selectFrom('condominiums')
    .select('id')
    .where('subdomain', '=', palmas.row.subdomain)
    .executeTakeFirstOrThrow();
  const guard = await db.selectFrom('users').select('id').where('email', '=', 'guardia@demo.mx').executeTakeFirstOrThrow();
  for (const parcel of DEMO_PARCELS) {
    const [tower, name] = parcel.dwelling.split('/') as [string, string];
    const apartment = await db
      .selectFrom('apartments as a')
      .innerJoin('towers as t', 't.id', 'a.tower_id')
      .select('a.id')
      .where('a.condo_id', '=', condo.id)
      .where('t.name', '=', tower)
      .where('a.name', '=', name)
      .executeTakeFirstOrThrow();
    const arrivedAt = new Date(now.getTime() - parcel.arrivedHoursAgo * HOUR);
    const collectedAt = parcel.collected
      ? new Date(arrivedAt.getTime() + parcel.collected.hoursAfter * HOUR).toISOString()
      : null;
    const signatureId =
      parcel.collected?.method === 'signature'
        ? await saveFile(db, { ownerUserId: null, contentType: 'image/png', data: SIGNATURE_PNG, createdAt: collectedAt! })
        : null;
    await db
      .insertInto('parcels')
      .values({
        condo_id: condo.id,
        client_id: parcel.clientId,
        apartment_id: apartment.id,
        carrier: parcel.carrier,
        tracking: parcel.tracking,
        size: parcel.size,
        note: parcel.note ?? null,
        photo_file_id: null,
        pickup_code_hash: PICKUP_CODE_SCHEME,
        status: parcel.collected ? 'collected' : 'waiting',
        arrived_at: arrivedAt.toISOString(),
        logged_by_user_id: guard.id,
        device_id: null,
        collected_at: collectedAt,
        collected_by_name: parcel.collected?.byName ?? null,
        collected_method: parcel.collected?.method ?? null,
        signature_file_id: signatureId,
        handed_by_user_id: parcel.collected ? guard.id : null,
      })
      .execute();
  }
  // The daily reminders start with the next midnight (the parcel four days old is due).
  const slot = dailySlot(new Date(now.getTime() + 60_000));
  await scheduleJobOnce(db, PARCEL_REMINDER_JOB, slot.key, slot.dueAt, now);
}
