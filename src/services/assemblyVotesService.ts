// Browser side of proxies (cartas poder) and item votes (src/api/assemblyVotes.ts). Every answer is checked against
// the contract; refusals (a 409: the proxy limit, a vote already cast, an item no longer open) come back as ApiError
// with the server's words, and the machines read the board again.
import { HTTPError } from 'ky';
import {
  type AssemblyVoting,
  closeItemPath,
  type DecideProxyRequest,
  decideProxyPath,
  type GiveProxyRequest,
  giveProxyPath,
  openItemPath,
  ProxiesAnswer,
  type ProxyBoard,
  proxiesPath,
  proxyDocumentPath,
  recordVotePath,
  type VoteRequest,
  VotingAnswer,
  votePath,
  votingPath,
  withdrawProxyPath,
} from '../api/assemblyVotes';
import { ApiError, apiPath, call, http } from './http';

export async function fetchProxies(assemblyId: number, signal?: AbortSignal): Promise<ProxyBoard> {
  return (await call(() => http.get(apiPath(proxiesPath(assemblyId)), { signal }), ProxiesAnswer)).data;
}

const postProxies = async (path: string, json: object | undefined, signal?: AbortSignal): Promise<ProxyBoard> =>
  (await call(() => http.post(apiPath(path), { json: json ?? {}, signal, timeout: 60_000 }), ProxiesAnswer)).data;

export const giveProxy = (assemblyId: number, request: GiveProxyRequest, signal?: AbortSignal) =>
  postProxies(giveProxyPath(assemblyId), request, signal);

export const withdrawProxy = (assemblyId: number, proxyId: number, signal?: AbortSignal) =>
  postProxies(withdrawProxyPath(assemblyId, proxyId), undefined, signal);

export const decideProxy = (assemblyId: number, proxyId: number, request: DecideProxyRequest, signal?: AbortSignal) =>
  postProxies(decideProxyPath(assemblyId, proxyId), request, signal);

/** The signed document as a blob the view opens. */
export async function fetchProxyDocument(assemblyId: number, proxyId: number, signal?: AbortSignal): Promise<Blob> {
  try {
    return await http.get(apiPath(proxyDocumentPath(assemblyId, proxyId)), { signal, timeout: 60_000 }).blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof HTTPError) throw new ApiError(error.response.status, 'HTTP', error.message);
    throw new ApiError(0, 'NETWORK', error instanceof Error ? error.message : String(error));
  }
}

export async function fetchVoting(assemblyId: number, signal?: AbortSignal): Promise<AssemblyVoting> {
  return (await call(() => http.get(apiPath(votingPath(assemblyId)), { signal }), VotingAnswer)).data;
}

const postVoting = async (path: string, json: object | undefined, signal?: AbortSignal): Promise<AssemblyVoting> =>
  (await call(() => http.post(apiPath(path), { json: json ?? {}, signal }), VotingAnswer)).data;

export const openItem = (assemblyId: number, itemId: number, secret: boolean, signal?: AbortSignal) =>
  postVoting(openItemPath(assemblyId, itemId), { secret }, signal);

export const closeItem = (assemblyId: number, itemId: number, signal?: AbortSignal) =>
  postVoting(closeItemPath(assemblyId, itemId), undefined, signal);

export const castVote = (assemblyId: number, itemId: number, request: VoteRequest, signal?: AbortSignal) =>
  postVoting(votePath(assemblyId, itemId), request, signal);

export const recordVote = (assemblyId: number, itemId: number, request: VoteRequest, signal?: AbortSignal) =>
  postVoting(recordVotePath(assemblyId, itemId), request, signal);
