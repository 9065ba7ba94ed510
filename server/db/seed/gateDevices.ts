// The gate's demo devices and PINs (issue 26), at Las Palmas: "Caseta principal" already paired, with a token
// fixed here so the browser suites and the README can put it where a paired tablet keeps it, and "Caseta
// peatonal" waiting to be paired (an administrator asks for its code on dispositivos). guardia@demo.mx and
// supervisor@demo.mx have shift PINs. README's demo table repeats these facts.
import type { Transaction } from 'kysely';
import type { Clock } from '../../infra/clock';
import { hashPassword } from '../../infra/passwords';
import { hashToken } from '../../infra/tokens';
import type { Database } from '../schema';

/** The paired demo device's token (the gate-device header); a demo fact, never a real device's. */
export const DEMO_GATE_DEVICE_TOKEN = 'demo-caseta-principal-0000000000000000000000';
export const DEMO_GATE_DEVICE = { name: 'Caseta principal', accessPoint: 'Caseta principal' } as const;
export const DEMO_WAITING_DEVICE = { name: 'Caseta peatonal', accessPoint: 'Acceso peatonal' } as const;
/** Shift PINs of the demo's gate staff. */
export const DEMO_GATE_PINS: Readonly<Record<string, string>> = { 'guardia@demo.mx': '1234', 'supervisor@demo.mx': '5678' };

export async function seedGateDevices(trx: Transaction<Database>, clock: Clock, scryptLogN: number): Promise<void> {
  const now = clock.now().toISOString();
  const palmas = await trx.selectFrom('condominiums').select('id').where('subdomain', '=', 'palmas').executeTakeFirstOrThrow();
  const admin = await trx.selectFrom('users').select('id').where('email', '=', 'admin@demo.mx').executeTakeFirstOrThrow();
  await trx
    .insertInto('gate_devices')
    .values([
      {
        condo_id: palmas.id,
        name: DEMO_GATE_DEVICE.name,
        access_point: DEMO_GATE_DEVICE.accessPoint,
        token_hash: hashToken(DEMO_GATE_DEVICE_TOKEN),
        paired_at: now,
        last_used_at: now,
        created_by_user_id: admin.id,
        created_at: now,
      },
      {
        condo_id: palmas.id,
        name: DEMO_WAITING_DEVICE.name,
        access_point: DEMO_WAITING_DEVICE.accessPoint,
        created_by_user_id: admin.id,
        created_at: now,
      },
    ])
    .execute();
  for (const [email, pin] of Object.entries(DEMO_GATE_PINS)) {
    const membership = await trx
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.id')
      .where('u.email', '=', email)
      .where('m.condo_id', '=', palmas.id)
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('gate_pins')
      .values({ membership_id: membership.id, pin_hash: await hashPassword(pin, scryptLogN), updated_at: now })
      .execute();
  }
}
