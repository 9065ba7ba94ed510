// Browser side of the visitor pass (src/api/passes.ts). An unknown or revoked pass is a typed result.
import { PASS_PATHS, type Pass, PassAnswer } from '../api/passes';
import { ApiError, apiPath, call, http } from './http';

export type PassResult = { kind: 'found'; pass: Pass } | { kind: 'notFound' };

export async function fetchPass(condoId: string, qr: string, signal?: AbortSignal): Promise<PassResult> {
  // Anything that is not a pass's address is simply not found (no call needed).
  if (!/^\d{1,10}$/.test(condoId) || !/^[A-Za-z0-9_-]{1,64}$/.test(qr)) return { kind: 'notFound' };
  try {
    const answer = await call(() => http.get(apiPath(PASS_PATHS.view(condoId, qr)), { signal }), PassAnswer);
    return { kind: 'found', pass: answer.data };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { kind: 'notFound' };
    throw error;
  }
}
