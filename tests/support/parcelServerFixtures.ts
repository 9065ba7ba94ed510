// What the parcels' server tests share: the demo's dwellings and parcels in Las Palmas, an arrival draft with a
// fresh client id, and the parcels calls that expect to succeed.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import {
  handOverWithCodePath,
  handOverWithSignaturePath,
  PARCEL_PATHS,
  ParcelArrivalAnswer,
  type ParcelArrivalRequest,
  ParcelsPageAnswer,
} from '../../src/api/parcels';
import { api } from './http';
import { call, expectOk, type TestApp } from './testApp';

export const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export async function condoId(db: Kysely<Database>, subdomain: string): Promise<number> {
  return (await db.selectFrom('condominiums').select('id').where('subdomain', '=', subdomain).executeTakeFirstOrThrow()).id;
}

/** A dwelling by "Torre A/101" in the condominium. */
export async function dwellingId(db: Kysely<Database>, dwelling: string, subdomain = 'palmas'): Promise<number> {
  const [tower, name] = dwelling.split('/') as [string, string];
  return (
    await db
      .selectFrom('apartments as a')
      .innerJoin('towers as t', 't.id', 'a.tower_id')
      .innerJoin('condominiums as c', 'c.id', 'a.condo_id')
      .select('a.id')
      .where('c.subdomain', '=', subdomain)
      .where('t.name', '=', tower)
      .where('a.name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;
}

/** Any dwelling of another condominium. */
export async function anyDwellingOf(db: Kysely<Database>, subdomain: string): Promise<number> {
  return (
    await db
      .selectFrom('apartments as a')
      .innerJoin('condominiums as c', 'c.id', 'a.condo_id')
      .select('a.id')
      .where('c.subdomain', '=', subdomain)
      .orderBy('a.id')
      .executeTakeFirstOrThrow()
  ).id;
}

export async function userIdOf(db: Kysely<Database>, email: string): Promise<number> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
}

export const arrivalDraft = (apartmentId: number, extra: Partial<ParcelArrivalRequest> = {}): ParcelArrivalRequest => ({
  clientId: randomUUID(),
  apartmentId,
  carrier: 'DHL',
  tracking: 'TRK-001',
  size: 'chico',
  note: null,
  ...extra,
});

export const arrive = (t: TestApp, token: string, draft: ParcelArrivalRequest) =>
  call(t.app, 'POST', api(PARCEL_PATHS.arrive), { token, payload: draft });

export async function arriveOk(t: TestApp, token: string, draft: ParcelArrivalRequest): Promise<ParcelArrivalAnswer> {
  return expectOk<ParcelArrivalAnswer>(arrive(t, token, draft), ParcelArrivalAnswer);
}

export const handOverWithCode = (t: TestApp, token: string, parcelId: number, code: string) =>
  call(t.app, 'POST', api(handOverWithCodePath(parcelId)), { token, payload: { code } });

export const handOverWithSignature = (t: TestApp, token: string, parcelId: number, collectedByName = 'Rosa Hernández Díaz') =>
  call(t.app, 'POST', api(handOverWithSignaturePath(parcelId)), {
    token,
    payload: { signature: PNG_1X1, collectedByName },
  });

export async function myParcels(t: TestApp, token: string, query = '') {
  return expectOk<ParcelsPageAnswer>(call(t.app, 'GET', api(`${PARCEL_PATHS.mine}${query}`), { token }), ParcelsPageAnswer);
}

export async function waitingParcels(t: TestApp, token: string, query = '') {
  return expectOk<ParcelsPageAnswer>(call(t.app, 'GET', api(`${PARCEL_PATHS.waiting}${query}`), { token }), ParcelsPageAnswer);
}
