import { ACCOUNT_PATHS, AcceptPrivacyAnswer } from '../api/account';
import { apiPath, call, http } from './http';

/** Records the acceptance of the condominium's privacy notice; resolves with when it was accepted. */
export async function acceptPrivacyNotice(signal?: AbortSignal): Promise<string> {
  const answer = await call(() => http.post(apiPath(ACCOUNT_PATHS.acceptPrivacyNotice), { signal }), AcceptPrivacyAnswer);
  return answer.AvisoPrivacidad;
}
