// The language a mail or a notice is written in for a person who is not the caller: their profile language
// (spec §1 "saved to the user profile"; account.ts saveLanguage writes it to every membership of the user,
// so any of them says it), Spanish when they have none the product speaks. Shared: the notices of polls and
// reservations, the password reset mail, the guest's host mail, the public contact mail to administrators,
// the invitation and rejection mails (by address: the person may already have an account elsewhere).
import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '../../../src/i18n/languages';
import type { Database } from '../../db/schema';

export interface LanguageLookup {
  /** Read the membership of this condominium (the notices of a condominium); else the active one first. */
  condoId?: number;
  /** For users without a membership, or one in a language the product does not speak; Spanish unless given. */
  fallback?: Language;
}

/** The profile language of each user. */
export async function recipientLanguages(
  db: Kysely<Database>,
  userIds: readonly number[],
  { condoId, fallback = 'es' }: LanguageLookup = {},
): Promise<Map<number, Language>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  let query = db
    .selectFrom('memberships')
    .select(['user_id', 'language'])
    .where('user_id', 'in', ids)
    .orderBy('active', 'desc')
    .orderBy('id');
  if (condoId !== undefined) query = query.where('condo_id', '=', condoId);
  const rows = await query.execute();
  const languages = new Map<number, Language>();
  for (const row of rows) if (!languages.has(row.user_id) && isLanguage(row.language)) languages.set(row.user_id, row.language);
  for (const id of ids) if (!languages.has(id)) languages.set(id, fallback);
  return languages;
}

/** One user's profile language. */
export async function recipientLanguage(db: Kysely<Database>, userId: number, lookup: LanguageLookup = {}): Promise<Language> {
  return (await recipientLanguages(db, [userId], lookup)).get(userId) ?? lookup.fallback ?? 'es';
}

/**
 * The profile language of whoever has this address, else `fallback` (the language of the page the person
 * wrote from, when known; Spanish otherwise): a person invited or answered by e-mail may not have an account.
 */
export async function languageOfAddress(db: Kysely<Database>, email: string, fallback: Language = 'es'): Promise<Language> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return user ? recipientLanguage(db, user.id, { fallback }) : fallback;
}
