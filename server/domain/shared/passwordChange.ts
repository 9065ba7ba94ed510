// What every way of setting a password shares: the shared password rule (src/api/account.ts) refused as a 400,
// and ending the reset links still open once a password is set. Shared: account (the reset link), profile (the
// change in mi-perfil) and invitations (the first password of an accepted invitation).
import type { Kysely } from 'kysely';
import { passwordProblem } from '../../../src/api/account';
import { ErrorCodes } from '../../../src/api/errors';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';

/** The shared password rule (src/api/account.ts), refused as 400 on the named field with the screen's message. */
export function requireAcceptablePassword(password: string, field: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError(400, ErrorCodes.badRequest, problem, field);
}

/** Revokes the user's reset links that are still open. */
export async function revokeOpenResets(db: Kysely<Database>, now: string, userId: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}
