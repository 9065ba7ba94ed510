// Browser side of the public page's calls (src/api/publicPage.ts): the condominium by id or by the page's
// host, the ALTCHA challenge solved here (altcha-lib's browser solver, loaded only when a form is sent),
// and the contact / access request. Expected refusals come back as typed results; a transport failure
// throws ApiError.
import {
  CaptchaChallengeAnswer,
  HostCondoAnswer,
  PUBLIC_CONTACT_PATHS,
  PUBLIC_PAGE_PATHS,
  type PublicCondo,
  PublicCondoAnswer,
  PublicContactAnswer,
  type PublicContactRequest,
} from '../api/publicPage';
import { ApiError, apiPath, call, http } from './http';

export type PublicCondoResult = { kind: 'found'; condo: PublicCondo; subdomain: string | null } | { kind: 'notFound' };

/** By ?id= when given, else the condominium the page's host names (its subdomain). */
export async function fetchPublicCondo(where: { id: number } | { host: true }, signal?: AbortSignal): Promise<PublicCondoResult> {
  try {
    if ('id' in where) {
      const answer = await call(() => http.get(apiPath(PUBLIC_PAGE_PATHS.condoById(where.id)), { signal }), PublicCondoAnswer);
      return { kind: 'found', condo: answer.data, subdomain: null };
    }
    const answer = await call(() => http.get(apiPath(PUBLIC_CONTACT_PATHS.condoByHost), { signal }), HostCondoAnswer);
    return { kind: 'found', condo: answer.data, subdomain: answer.subdomain };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'notFound' };
    throw error;
  }
}

/** Fetches a challenge and solves it: the cf_capcha value (base64 JSON of challenge and solution). */
export async function solveCaptcha(signal?: AbortSignal): Promise<string> {
  const answer = await call(() => http.get(apiPath(PUBLIC_CONTACT_PATHS.captcha), { signal }), CaptchaChallengeAnswer);
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/sha')]);
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge: answer.challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) throw new Error('captcha not solved');
  return btoa(JSON.stringify({ challenge: answer.challenge, solution }));
}

export type PublicContactResult = { kind: 'answered'; success: boolean; message: string } | { kind: 'captchaRefused' };

/** The server's answer (or its refusal's message); a refused captcha is its own result. */
export async function sendPublicContact(request: PublicContactRequest, signal?: AbortSignal): Promise<PublicContactResult> {
  try {
    const answer = await call(
      () => http.post(apiPath(PUBLIC_CONTACT_PATHS.contact), { json: request, signal }),
      PublicContactAnswer,
    );
    return { kind: 'answered', success: answer.success, message: answer.message };
  } catch (error) {
    if (error instanceof ApiError && error.field === 'cf_capcha') return { kind: 'captchaRefused' };
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'HTTP') {
      return { kind: 'answered', success: false, message: error.message };
    }
    throw error;
  }
}
