// Browser side of guest registration (src/api/guests.ts): the form info of a link and the registration.
// The refusals the form models come back as typed results; anything else throws ApiError.

import { is } from 'superstruct';
import { GuestFormInfo, type GuestRefusal, GuestRefusalKind, GuestRegistered, type GuestSubmission } from '../api/guests';
import { GUEST_PATHS } from '../api/visitorPaths';
import { earlyAnswerIn, takeEarly } from './earlyFetch';
import { ApiError, apiPath, call, http } from './http';

export type GuestFormResult = { kind: 'form'; info: GuestFormInfo } | { kind: 'invalid' };

export type RegisterResult =
  | { kind: 'registered'; answer: GuestRegistered }
  | { kind: Exclude<GuestRefusal, 'invalid'> }
  | { kind: 'invalid' };

const formInfoPath = (token: string) => GUEST_PATHS.formInfo(encodeURIComponent(token));

/** An unknown or revoked link answers 404: an invalid link, like any other failure to load (spec §4). */
export async function fetchGuestForm(token: string, signal?: AbortSignal): Promise<GuestFormResult> {
  try {
    const path = formInfoPath(token);
    const info = await call(() => takeEarly(path) ?? http.get(apiPath(path), { signal }), GuestFormInfo);
    return { kind: 'form', info };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'invalid' };
    throw error;
  }
}

export async function registerGuest(
  input: { token: string; guest: GuestSubmission },
  signal?: AbortSignal,
): Promise<RegisterResult> {
  try {
    const answer = await call(
      () => http.post(apiPath(GUEST_PATHS.register(encodeURIComponent(input.token))), { json: input.guest, signal }),
      GuestRegistered,
    );
    return { kind: 'registered', answer };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 409 || error.status === 404) && is(error.field, GuestRefusalKind)) {
      return { kind: error.field };
    }
    throw error;
  }
}

/** Form info read before the first render, by token, until the page takes it. */
const settled = new Map<string, GuestFormResult>();

/**
 * Before the first render (src/views/app/routes.tsx): when the early answer for `token` is in already, reads
 * it now, so that the page's first render shows the event (or the refusal) rather than a loader. Never
 * waits for the network: an answer still on its way is left to the page's own load.
 */
export async function settleEarlyGuestForm(token: string): Promise<void> {
  if (!earlyAnswerIn(formInfoPath(token))) return;
  try {
    settled.set(token, await fetchGuestForm(token));
  } catch {
    // Not kept: the page's own load asks again and shows what goes wrong.
  }
}

/** The form info settled before the first render, handed out once. */
export function takeSettledGuestForm(token: string): GuestFormResult | undefined {
  const result = settled.get(token);
  settled.delete(token);
  return result;
}
