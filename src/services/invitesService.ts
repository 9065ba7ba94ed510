// Browser side of Mis invitados (src/api/invites.ts): every call validated against the contract.
import {
  CondoLinkCreated,
  Done,
  INVITE_PATHS,
  InvitesOverview,
  LinkCreated,
  LinksPage,
  type NewEvent,
  type NewPass,
  PassCreated,
  PassesPage,
} from '../api/invites';
import { apiPath, call, http } from './http';

export interface Page {
  limit: number;
  offset: number;
}

export function fetchOverview(signal?: AbortSignal): Promise<InvitesOverview> {
  return call(() => http.get(apiPath(INVITE_PATHS.overview), { signal }), InvitesOverview);
}

export function fetchPasses(page: Page, signal?: AbortSignal): Promise<PassesPage> {
  return call(() => http.get(apiPath(INVITE_PATHS.passes), { searchParams: { ...page }, signal }), PassesPage);
}

export function fetchLinks(page: Page, signal?: AbortSignal): Promise<LinksPage> {
  return call(() => http.get(apiPath(INVITE_PATHS.links), { searchParams: { ...page }, signal }), LinksPage);
}

export function createPass(values: NewPass, signal?: AbortSignal): Promise<PassCreated> {
  return call(() => http.post(apiPath(INVITE_PATHS.createPass), { json: values, signal }), PassCreated);
}

export function createUserLink(signal?: AbortSignal): Promise<LinkCreated> {
  return call(() => http.post(apiPath(INVITE_PATHS.createUserLink), { json: {}, signal }), LinkCreated);
}

export function createEvent(values: NewEvent, signal?: AbortSignal): Promise<LinkCreated> {
  return call(() => http.post(apiPath(INVITE_PATHS.createEvent), { json: values, signal }), LinkCreated);
}

export function createCondoLink(signal?: AbortSignal): Promise<CondoLinkCreated> {
  return call(() => http.post(apiPath(INVITE_PATHS.createCondoLink), { json: {}, signal }), CondoLinkCreated);
}

export function revokePass(id: number, signal?: AbortSignal): Promise<Done> {
  return call(() => http.post(apiPath(INVITE_PATHS.revokePass), { json: { id }, signal }), Done);
}

export function revokeLink(id: number, signal?: AbortSignal): Promise<Done> {
  return call(() => http.post(apiPath(INVITE_PATHS.revokeLink), { json: { id }, signal }), Done);
}

export function cancelEvent(id: number, signal?: AbortSignal): Promise<Done> {
  return call(() => http.post(apiPath(INVITE_PATHS.cancelEvent), { json: { id }, signal }), Done);
}
