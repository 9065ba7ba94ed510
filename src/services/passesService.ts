// Browser side of the visitor pass (src/api/passes.ts). An unknown or revoked pass is a typed result.
import { type Pass, PassAnswer } from '../api/passes';
import { PASS_CONDO_ID, PASS_PATHS, PASS_QR } from '../api/visitorPaths';
import { earlyAnswerIn, takeEarly } from './earlyFetch';
import { ApiError, apiPath, call, http } from './http';

export type PassResult = { kind: 'found'; pass: Pass } | { kind: 'notFound' };

export async function fetchPass(condoId: string, qr: string, signal?: AbortSignal): Promise<PassResult> {
  // Anything that is not a pass's address is simply not found (no call needed).
  if (!PASS_CONDO_ID.test(condoId) || !PASS_QR.test(qr)) return { kind: 'notFound' };
  try {
    const path = PASS_PATHS.view(condoId, qr);
    const answer = await call(() => takeEarly(path) ?? http.get(apiPath(path), { signal }), PassAnswer);
    return { kind: 'found', pass: answer.data };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'notFound' };
    throw error;
  }
}

/** Passes read before the first render, by address, until the page takes them. */
const settled = new Map<string, PassResult>();
const addressKey = (condoId: string, qr: string) => `${condoId}/${qr}`;

/**
 * Before the first render (src/views/app/routes.tsx): when the early answer for the pass is in already (it
 * came with the page, or arrived with the page's chunk), reads it now, so that the first render shows the
 * pass rather than a loader. Never waits for the network: an answer still on its way is left to the page.
 * Gives what it read.
 */
export async function settleEarlyPass(condoId: string, qr: string): Promise<PassResult | undefined> {
  if (!PASS_CONDO_ID.test(condoId) || !PASS_QR.test(qr) || !earlyAnswerIn(PASS_PATHS.view(condoId, qr))) return undefined;
  try {
    const result = await fetchPass(condoId, qr);
    settled.set(addressKey(condoId, qr), result);
    return result;
  } catch {
    // Not kept: the page's own load asks again and shows what goes wrong.
    return undefined;
  }
}

/** The pass settled before the first render, handed out once. */
export function takeSettledPass(condoId: string, qr: string): PassResult | undefined {
  const key = addressKey(condoId, qr);
  const result = settled.get(key);
  settled.delete(key);
  return result;
}
