// Browser side of parcels (src/api/parcels.ts): the gate's dwellings, arrivals, waiting list and hand-overs, and
// a member's own parcels. Every answer is checked against the contract; refusals come back as ApiError. Without
// network (issue 26 "Offline") an arrival goes to the device's offline queue and the arrival form opens on the
// dwellings list kept from its last load.
import { is } from 'superstruct';
import {
  handOverWithCodePath,
  handOverWithSignaturePath,
  type MyParcelsQuery,
  PARCEL_PATHS,
  type Parcel,
  ParcelAnswer,
  ParcelArrivalAnswer,
  type ParcelArrivalRequest,
  type ParcelDwelling,
  ParcelDwellingsAnswer,
  ParcelsPageAnswer,
  type WaitingParcelsQuery,
} from '../api/parcels';
import { ApiError, apiPath, call, http } from './http';
import { enqueue } from './offlineQueue';

/** Query values as text, leaving out what is not given. */
const searchParams = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== ''),
  );

/** No answer at all (not a refusal, not a broken answer): the device works from what it keeps. */
const noNetwork = (error: unknown) => error instanceof ApiError && error.status === 0 && error.code === 'NETWORK';

/**
 * The last dwellings list each condominium's gate loaded on this device, so the arrival form opens offline. Only
 * tower and number (what the gate's form shows, nothing personal), in localStorage: a few hundred short rows.
 */
const dwellingsKey = (condoId: number) => `parcel-dwellings/${condoId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function keepDwellings(condoId: number, answer: ParcelDwellingsAnswer) {
  try {
    storage()?.setItem(dwellingsKey(condoId), JSON.stringify(answer));
  } catch {
    // A full storage: the form then needs the network to open, as before.
  }
}

function keptDwellings(condoId: number): ParcelDwelling[] | null {
  try {
    const kept: unknown = JSON.parse(storage()?.getItem(dwellingsKey(condoId)) ?? 'null');
    return is(kept, ParcelDwellingsAnswer) ? kept.items : null;
  } catch {
    return null;
  }
}

/** The condominium's active dwellings; without network, the list this device last loaded for it (if any). */
export async function fetchParcelDwellings(condoId: number | null, signal?: AbortSignal): Promise<ParcelDwelling[]> {
  try {
    const answer = await call(() => http.get(apiPath(PARCEL_PATHS.dwellings), { signal }), ParcelDwellingsAnswer);
    if (condoId !== null) keepDwellings(condoId, answer);
    return answer.items;
  } catch (error) {
    const kept = condoId !== null && noNetwork(error) && !signal?.aborted ? keptDwellings(condoId) : null;
    if (kept) return kept;
    throw error;
  }
}

/** A parcel kept on the device (no network): the offline queue sends it when the network is back. */
export interface QueuedArrival {
  queued: true;
  /** What will be sent: the request with offline: true and the device's time of the first attempt. */
  request: ParcelArrivalRequest;
}

export type ArrivalOutcome = ParcelArrivalAnswer | QueuedArrival;

export const arrivalQueued = (outcome: ArrivalOutcome): outcome is QueuedArrival => 'queued' in outcome;

/**
 * Logs an arrival; the same request sent twice (same clientId) is recorded once by the server. Without network it
 * is queued instead (dated when this attempt began, marked offline) and resolves as queued. Its photo, when it has
 * one, is queued with it: the contract caps a photo at about 1.5 MB (2.1 MB as a data URL) and IndexedDB holds that
 * easily, while a parcel logged without its photo would lose the proof of its state on arrival.
 */
export async function logParcelArrival(request: ParcelArrivalRequest, signal?: AbortSignal): Promise<ArrivalOutcome> {
  const attemptedAt = new Date().toISOString();
  try {
    return await call(
      () => http.post(apiPath(PARCEL_PATHS.arrive), { json: request, signal, timeout: 60_000 }),
      ParcelArrivalAnswer,
    );
  } catch (error) {
    if (!noNetwork(error) || signal?.aborted) throw error;
    const queued: ParcelArrivalRequest = { ...request, occurredAt: request.occurredAt ?? attemptedAt, offline: true };
    // A device that cannot keep it (no IndexedDB) says "no connection", and the guard may try again.
    await enqueue({ clientId: queued.clientId, kind: 'parcelArrival', path: PARCEL_PATHS.arrive, body: queued }).catch(() => {
      throw error;
    });
    return { queued: true, request: queued };
  }
}

export function fetchWaitingParcels(query: WaitingParcelsQuery, signal?: AbortSignal): Promise<ParcelsPageAnswer> {
  return call(() => http.get(apiPath(PARCEL_PATHS.waiting), { searchParams: searchParams(query), signal }), ParcelsPageAnswer);
}

export function fetchMyParcels(query: MyParcelsQuery, signal?: AbortSignal): Promise<ParcelsPageAnswer> {
  return call(() => http.get(apiPath(PARCEL_PATHS.mine), { searchParams: searchParams(query), signal }), ParcelsPageAnswer);
}

export async function handOverWithCode(
  parcelId: number,
  body: { code: string; collectedByName?: string | null },
  signal?: AbortSignal,
): Promise<Parcel> {
  return (await call(() => http.post(apiPath(handOverWithCodePath(parcelId)), { json: body, signal }), ParcelAnswer)).data;
}

export async function handOverWithSignature(
  parcelId: number,
  body: { signature: string; collectedByName: string },
  signal?: AbortSignal,
): Promise<Parcel> {
  return (
    await call(
      () => http.post(apiPath(handOverWithSignaturePath(parcelId)), { json: body, signal, timeout: 60_000 }),
      ParcelAnswer,
    )
  ).data;
}
