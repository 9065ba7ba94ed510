// Browser side of the account calls (src/api/account.ts) that the shell makes.
import { ACCOUNT_PATHS, type LanguageRequest } from '../api/account';
import { OkAnswer } from '../api/sessions';
import { apiPath, call, http } from './http';

/** Saves the interface language to the user's profile (spec §1); the session data carries it afterwards. */
export async function saveLanguage(language: LanguageRequest['language'], signal?: AbortSignal): Promise<void> {
  const json: LanguageRequest = { language };
  await call(() => http.post(apiPath(ACCOUNT_PATHS.language), { json, signal }), OkAnswer);
}
