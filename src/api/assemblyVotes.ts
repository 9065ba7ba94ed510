// Proxies (cartas poder) and votes on an assembly's agenda items (issue 32, second slice; migration 0043).
// - A proxy: an owner of a dwelling gives its vote at one assembly to a resident of the condominium or a named
//   outsider, with the signed document (a PDF or an image, through the upload guard), while the assembly is called
//   or waiting; withdrawn by an owner before the assembly opens; those who manage the assembly accept it (at most
//   the condominium's proxyLimit accepted per holder: 409 beyond) or reject it with a reason. One per dwelling and
//   assembly: a rejected or withdrawn one is given again in place.
// - A voted item: who manages the open assembly opens it (secret or public), one at a time; the electorate is fixed
//   then (the dwellings present by their owner or proxy, their indiviso, barred by arrears); each seat's owner or
//   holder votes from a phone once (yes, no, abstain; no changes: the item has no "changeable" setting, the polls'
//   default), or who manages it records a show of hands for a seat without one; closing stores the outcome
//   (assemblyMajority.ts). A secret item's answers never say who voted what: counts and weights only, and the
//   manager sees which seats voted, not how.
import { array, boolean, enums, type Infer, literal, nullable, number, object, size, string } from 'superstruct';
import { ITEM_OUTCOMES, VOTE_CHOICES } from './assemblyMajority';
import { AttachmentUpload } from './uploads';
import { Id } from './validation';

const base = '/--asambleas/:assemblyId';
export const ASSEMBLY_VOTE_PATHS = {
  /** canSeeAssemblies: GET → ProxiesAnswer (those who manage: every proxy; an owner: their dwellings'). */
  proxies: `${base}/cartas-poder`,
  /** An owner of the dwelling: POST GiveProxyRequest → ProxiesAnswer; 409 unless called or waiting, or one stands. */
  give: `${base}/cartas-poder/dar`,
  /** An owner of the dwelling: POST → ProxiesAnswer; 409 unless pending or accepted before the assembly opens. */
  withdraw: `${base}/cartas-poder/:proxyId/retirar`,
  /** canManageAssemblies: POST DecideProxyRequest → ProxiesAnswer; 409 over the proxy limit or not pending. */
  decide: `${base}/cartas-poder/:proxyId/decidir`,
  /** canManageAssemblies or an owner of the dwelling: GET → the signed document. */
  document: `${base}/cartas-poder/:proxyId/documento`,
  /** canSeeAssemblies: GET → VotingAnswer. */
  voting: `${base}/votaciones`,
  /** canManageAssemblies: POST OpenItemRequest → VotingAnswer; 409 unless the assembly is open and no item is. */
  open: `${base}/votaciones/:itemId/abrir`,
  /** canManageAssemblies: POST → VotingAnswer (the outcome stored); 409 unless the item is open. */
  close: `${base}/votaciones/:itemId/cerrar`,
  /** A seat's voter: POST VoteRequest → VotingAnswer; 409 when it voted already, is barred or the item is not open. */
  vote: `${base}/votaciones/:itemId/votar`,
  /** canManageAssemblies: POST VoteRequest → VotingAnswer (a show of hands for a seat); 409 as vote. */
  record: `${base}/votaciones/:itemId/registrar`,
} as const;

const at = (assemblyId: number) => `/--asambleas/${assemblyId}`;
export const proxiesPath = (assemblyId: number) => `${at(assemblyId)}/cartas-poder`;
export const giveProxyPath = (assemblyId: number) => `${at(assemblyId)}/cartas-poder/dar`;
export const withdrawProxyPath = (assemblyId: number, proxyId: number) => `${at(assemblyId)}/cartas-poder/${proxyId}/retirar`;
export const decideProxyPath = (assemblyId: number, proxyId: number) => `${at(assemblyId)}/cartas-poder/${proxyId}/decidir`;
export const proxyDocumentPath = (assemblyId: number, proxyId: number) => `${at(assemblyId)}/cartas-poder/${proxyId}/documento`;
export const votingPath = (assemblyId: number) => `${at(assemblyId)}/votaciones`;
export const openItemPath = (assemblyId: number, itemId: number) => `${at(assemblyId)}/votaciones/${itemId}/abrir`;
export const closeItemPath = (assemblyId: number, itemId: number) => `${at(assemblyId)}/votaciones/${itemId}/cerrar`;
export const votePath = (assemblyId: number, itemId: number) => `${at(assemblyId)}/votaciones/${itemId}/votar`;
export const recordVotePath = (assemblyId: number, itemId: number) => `${at(assemblyId)}/votaciones/${itemId}/registrar`;

export const PROXY_STATES = ['pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type ProxyState = (typeof PROXY_STATES)[number];
export const ITEM_VOTE_STATES = ['pending', 'open', 'closed'] as const;
export type ItemVoteState = (typeof ITEM_VOTE_STATES)[number];

export const HOLDER_NAME_MAX = 120;
export const PROXY_REASON_MAX = 500;

/** A proxy stands (counts, blocks giving another) while pending or accepted. */
export const proxyStands = (state: ProxyState) => state === 'pending' || state === 'accepted';

export const GiveProxyRequest = object({
  apartmentId: Id,
  /** A resident of the condominium (ProxyBoard.holders); null: the named outsider of holderName. */
  holderUserId: nullable(Id),
  holderName: size(string(), 0, HOLDER_NAME_MAX),
  /** The signed carta poder: a PDF or an image. */
  file: AttachmentUpload,
});
export type GiveProxyRequest = Infer<typeof GiveProxyRequest>;

export const DecideProxyRequest = object({ accept: boolean(), reason: size(string(), 0, PROXY_REASON_MAX) });
export type DecideProxyRequest = Infer<typeof DecideProxyRequest>;

export const OpenItemRequest = object({ secret: boolean() });
export type OpenItemRequest = Infer<typeof OpenItemRequest>;

export const VoteRequest = object({ apartmentId: Id, choice: enums(VOTE_CHOICES) });
export type VoteRequest = Infer<typeof VoteRequest>;

export const AssemblyProxy = object({
  id: number(),
  apartmentId: number(),
  dwelling: string(),
  grantor: nullable(string()),
  holderUserId: nullable(number()),
  holderName: string(),
  state: enums(PROXY_STATES),
  reason: nullable(string()),
  hasDocument: boolean(),
  /** The caller may withdraw it now (an owner of the dwelling, before the assembly opens). */
  mayWithdraw: boolean(),
});
export type AssemblyProxy = Infer<typeof AssemblyProxy>;

export const ProxyBoard = object({
  /** The caller manages the assembly: every proxy, accept and reject. */
  manages: boolean(),
  proxyLimit: number(),
  /** The dwellings the caller owns and may give a proxy for now (none once the assembly opened). */
  mayGive: array(object({ apartmentId: number(), name: string() })),
  /** Residents the caller may name as holder (the caller left out). */
  holders: array(object({ userId: number(), name: string() })),
  proxies: array(AssemblyProxy),
});
export type ProxyBoard = Infer<typeof ProxyBoard>;
export const ProxiesAnswer = object({ success: literal(true), data: ProxyBoard });
export type ProxiesAnswer = Infer<typeof ProxiesAnswer>;

/** The weights (parts per million) of an item's votes and what approval needs (assemblyMajority.ts). */
export const ItemResults = object({
  yes: number(),
  no: number(),
  abstain: number(),
  electorate: number(),
  total: number(),
  seats: number(),
  /** Seats that voted (any choice). */
  voted: number(),
  /** The yes weight still needed now. */
  needed: number(),
});
export type ItemResults = Infer<typeof ItemResults>;

/** A seat the caller votes for. */
export const MySeat = object({
  apartmentId: number(),
  name: string(),
  barred: boolean(),
  voted: boolean(),
  /** The choice, a public item's only. */
  choice: nullable(enums(VOTE_CHOICES)),
  byProxy: boolean(),
});
export type MySeat = Infer<typeof MySeat>;

/** A seat as who manages the assembly sees it: a secret item's choice is null. */
export const SeatRow = object({
  apartmentId: number(),
  name: string(),
  weight: number(),
  barred: boolean(),
  holder: nullable(string()),
  voted: boolean(),
  choice: nullable(enums(VOTE_CHOICES)),
  shownOfHands: boolean(),
});
export type SeatRow = Infer<typeof SeatRow>;

export const ItemVoting = object({
  itemId: number(),
  title: string(),
  state: enums(ITEM_VOTE_STATES),
  secret: boolean(),
  outcome: nullable(enums(ITEM_OUTCOMES)),
  /** null before it opens. */
  results: nullable(ItemResults),
  mySeats: array(MySeat),
  /** Who manages the assembly only. */
  seats: nullable(array(SeatRow)),
});
export type ItemVoting = Infer<typeof ItemVoting>;

export const AssemblyVoting = object({
  assemblyId: number(),
  manages: boolean(),
  /** The assembly is open: items may open. */
  assemblyOpen: boolean(),
  items: array(ItemVoting),
});
export type AssemblyVoting = Infer<typeof AssemblyVoting>;
export const VotingAnswer = object({ success: literal(true), data: AssemblyVoting });
export type VotingAnswer = Infer<typeof VotingAnswer>;

/** A weight in parts per million as a percent with up to two decimals. */
export const weightPercent = (weight: number, of: number) => (of > 0 ? Math.round((weight * 10_000) / of) / 100 : 0);
