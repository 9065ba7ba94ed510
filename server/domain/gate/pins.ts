// A guard's shift PIN (issue 26): set or changed by its owner from the employee panel, in their own session,
// after confirming who they are with their current password. Kept hashed like a password (server/infra/
// passwords.ts), one per membership (gate_pins). The PIN only opens shifts on this condominium's paired devices.
import type { Kysely } from 'kysely';
import { ErrorCodes } from '../../../src/api/errors';
import type { PinRequest } from '../../../src/api/gateDevices';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { hashPassword, verifyPassword } from '../../infra/passwords';
import type { Auth } from '../shared/auth';

export async function hasPin(db: Kysely<Database>, auth: Auth): Promise<boolean> {
  const row = await db.selectFrom('gate_pins').select('id').where('membership_id', '=', auth.membershipId).executeTakeFirst();
  return row !== undefined;
}

export async function setPin(
  db: Kysely<Database>,
  scryptLogN: number,
  clock: Clock,
  auth: Auth,
  request: PinRequest,
): Promise<void> {
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', auth.userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(request.password, user.password_hash))) {
    throw new AppError(401, ErrorCodes.invalidCredentials, 'errors.account.currentPasswordWrong', 'password');
  }
  const pinHash = await hashPassword(request.pin, scryptLogN);
  const now = clock.now().toISOString();
  // Insert or replace in one statement on both databases: two saves racing leave one row, the last one's.
  await db
    .insertInto('gate_pins')
    .values({ membership_id: auth.membershipId, pin_hash: pinHash, updated_at: now })
    .onConflict((oc) => oc.column('membership_id').doUpdateSet({ pin_hash: pinHash, updated_at: now }))
    .execute();
}
