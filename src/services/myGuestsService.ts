// Browser side of Mis invitados (src/api/myGuests.ts): every call validated against the contract.
import {
  CondoLinkCreated,
  Done,
  LinkCreated,
  LinksPage,
  MY_GUESTS_PATHS,
  MyGuestsOverview,
  type NewEvent,
  type NewPass,
  PassCreated,
  PassesPage,
} from '../api/myGuests';
import { apiPath, call, http } from './http';

export interface Page {
  limit: number;
  offset: number;
}

export function fetchOverview(signal?: AbortSignal): Promise<MyGuestsOverview> {
  return call(() => http.get(apiPath(MY_GUESTS_PATHS.overview), { signal }), MyGuestsOverview);
}

export function fetchPasses(page: Page, signal?: AbortSignal): Promise<PassesPage> {
  return call(() => http.get(apiPath(MY_GUESTS_PATHS.passes), { searchParams: { ...page }, signal }), PassesPage);
}

export function fetchLinks(page: Page, signal?: AbortSignal): Promise<LinksPage> {
  return call(() => http.get(apiPath(MY_GUESTS_PATHS.links), { searchParams: { ...page }, signal }), LinksPage);
}

export function createPass(values: NewPass, signal?: AbortSignal): Promise<PassCreated> {
  return call(() => http.post(apiPath(MY_GUESTS_PATHS.createPass), { json: values, signal }), PassCreated);
}

export function createUserLink(signal?: AbortSignal): Promise<LinkCreated> {
  return call(() => http.post(apiPath(MY_GUESTS_PATHS.createUserLink), { json: {}, signal }), LinkCreated);
}

export function createEvent(values: NewEvent, signal?: AbortSignal): Promise<LinkCreated> {
  return call(() => http.post(apiPath(MY_GUESTS_PATHS.createEvent), { json: values, signal }), LinkCreated);
}

export function createCondoLink(signal?: AbortSignal): Promise<CondoLinkCreated> {
  return call(() => http.post(apiPath(MY_GUESTS_PATHS.createCondoLink), { json: {}, signal }), CondoLinkCreated);
}

export function revokePass(id: number, signal?: AbortSignal): Promise<Done> {
  return call(() => http.post(apiPath(MY_GUESTS_PATHS.revokePass), { json: { id }, signal }), Done);
}

export function revokeLink(id: number, signal?: AbortSignal): Promise<Done> {
  return call(() => http.post(apiPath(MY_GUESTS_PATHS.revokeLink), { json: { id }, signal }), Done);
}

export function cancelEvent(id: number, signal?: AbortSignal): Promise<Done> {
  return call(() => http.post(apiPath(MY_GUESTS_PATHS.cancelEvent), { json: { id }, signal }), Done);
}
