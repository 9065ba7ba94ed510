// The account around the session (issue 3): the privacy notice, the profile language, and the password
// reset by e-mail. A reset link carries a 256-bit one-time token of which only the SHA-256 is stored.
import type { Kysely } from 'kysely';
import { RESET_TOKEN_MINUTES } from '../../../src/api/account';
import { ErrorCodes } from '../../../src/api/errors';
import type { Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { addMinutes, type Clock } from '../../infra/clock';
import type { Mailer } from '../../infra/mail/mailer';
import { hashPassword } from '../../infra/passwords';
import { hashToken, newToken } from '../../infra/tokens';
import { formatMessage } from '../../messages';
import type { Auth } from '../shared/auth';
import { requireAcceptablePassword, revokeOpenResets } from '../shared/passwordChange';
import { recipientLanguage } from '../shared/recipientLanguages';
import { revokeUserSessions } from '../shared/sessionRows';
import { schedulePasswordResetPurge } from './jobs';
import { type MailLanguage, passwordResetMail } from './passwordResetMail';

/** Records that the member accepted their condominium's privacy notice now; answers when. */
export async function acceptPrivacyNotice(db: Kysely<Database>, clock: Clock, auth: Auth): Promise<string> {
  const at = clock.now().toISOString();
  await db.updateTable('memberships').set({ privacy_accepted_at: at }).where('id', '=', auth.membershipId).execute();
  return at;
}

/**
 * The interface language belongs to the person (spec §1 "saved to the user profile"), so every one of
 * their memberships gets it: switching condominium does not switch language.
 */
export async function saveLanguage(db: Kysely<Database>, auth: Auth, language: MailLanguage): Promise<void> {
  await db.updateTable('memberships').set({ language }).where('user_id', '=', auth.userId).execute();
}

/** What forgot-password answers, whether or not the e-mail exists: in the page's language. */
export function forgotPasswordAnswer(language: Language): string {
  return formatMessage(language, 'documents.answer.forgotSent');
}

/** What reset-password answers once the new password is saved: in the page's language. */
export function passwordResetAnswer(language: Language): string {
  return formatMessage(language, 'documents.answer.passwordReset');
}

/**
 * For a known e-mail: a new reset link (older ones stop working) mailed in the user's profile language.
 * An unknown e-mail does nothing. Runs after the answer has gone (see routes/account.ts), so neither the
 * answer nor its timing tells whether the address exists.
 */
export async function sendPasswordReset(
  db: Kysely<Database>,
  clock: Clock,
  mailer: Mailer,
  request: { email: string; language: MailLanguage | undefined; baseUrl: string },
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('email', '=', request.email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) return;
  const language = await recipientLanguage(db, user.id, { fallback: request.language ?? 'es' });

  const token = newToken();
  const now = clock.now();
  const expiresAt = addMinutes(now, RESET_TOKEN_MINUTES).toISOString();
  await db.transaction().execute(async (trx) => {
    await revokeOpenResets(trx, now.toISOString(), user.id);
    await trx
      .insertInto('password_resets')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        expires_at: expiresAt,
        used_at: null,
        revoked_at: null,
      })
      .execute();
    // Deleted a day after it ends (jobs.ts).
    await schedulePasswordResetPurge(trx, expiresAt, now);
  });
  const link = `${request.baseUrl}/sessions/reset-password?token=${token}`;
  // A link that has expired is not worth sending late: the outbox's re-sender drops it after that.
  const validUntil = addMinutes(now, RESET_TOKEN_MINUTES);
  await mailer.send({ ...passwordResetMail(language, user, link, RESET_TOKEN_MINUTES), validUntil });
}

const invalidResetLink = () => new AppError(400, ErrorCodes.badRequest, 'errors.account.resetLinkInvalid', 'token');

/**
 * Spends a reset link: the new password (the shared rule) replaces the old one and every session of the
 * user ends, wherever it was open. The link works once.
 */
export async function resetPassword(
  db: Kysely<Database>,
  clock: Clock,
  scryptLogN: number,
  request: { token: string; password: string },
): Promise<void> {
  const now = clock.now().toISOString();
  const reset = await db
    .selectFrom('password_resets')
    .select(['id', 'user_id'])
    .where('token_hash', '=', hashToken(request.token))
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!reset) throw invalidResetLink();
  // A refused password leaves the link usable, so the person can try another one.
  requireAcceptablePassword(request.password, 'password');
  const passwordHash = await hashPassword(request.password, scryptLogN);
  await db.transaction().execute(async (trx) => {
    // Spent only if still open: of two requests racing with one link, one wins.
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', reset.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) throw invalidResetLink();
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', reset.user_id).execute();
    await revokeOpenResets(trx, now, reset.user_id);
    await revokeUserSessions(trx, now, reset.user_id);
  });
}
