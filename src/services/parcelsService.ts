// Browser side of parcels (src/api/parcels.ts): the gate's dwellings, arrivals, waiting list and hand-overs, and
// a member's own parcels. Every answer is checked against the contract; refusals come back as ApiError.
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
import { apiPath, call, http } from './http';

/** Query values as text, leaving out what is not given. */
const searchParams = (query: Record<string, string | number | undefined>) =>
  Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== ''),
  );

export async function fetchParcelDwellings(signal?: AbortSignal): Promise<ParcelDwelling[]> {
  return (await call(() => http.get(apiPath(PARCEL_PATHS.dwellings), { signal }), ParcelDwellingsAnswer)).items;
}

export function logParcelArrival(request: ParcelArrivalRequest, signal?: AbortSignal): Promise<ParcelArrivalAnswer> {
  return call(() => http.post(apiPath(PARCEL_PATHS.arrive), { json: request, signal, timeout: 60_000 }), ParcelArrivalAnswer);
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
