// Browser side of the visitor pass (src/api/passes.ts). An unknown or revoked pass is a typed result.
import { type Pass, PassAnswer } from '../api/passes';
import { PASS_CONDO_ID, PASS_PATHS, PASS_QR } from '../api/visitorPaths';
import { takeEarly } from './earlyFetch';
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
