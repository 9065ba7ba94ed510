// The support chat (issue 30, spec §3.1, §4, §6, §7, §9): administrators write to the product's own support team
// from a floating launcher, and the team answers from its own desk (/soporte), a separate kind of account with its
// own sign-in and session (support_agents, support_sessions; the `support-token` header), never a condominium
// role. One conversation per condominium: every administrator of it reads and writes for it. Who may call what:
// administrators through permissions.canSeeSupportChat on a condominium session; the desk's routes only with a
// support session. Pure rules (the lifecycle table, office hours) run in the browser and on the server alike.
import {
  array,
  boolean,
  defaulted,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  type,
} from 'superstruct';
import { isTimeZone } from './condoSettings';
import { LIVE_FALLBACK_REFRESH_MS } from './live';
import type { SessionData } from './sessions';
import { AttachmentUpload } from './uploads';
import { Email, Id, IdParam, NonEmpty, QueryInteger, Version } from './validation';

/** The desk's session token travels in this header (never app-token: a condominium's session opens no desk route). */
export const SUPPORT_TOKEN_HEADER = 'support-token';

export const SUPPORT_PATHS = {
  // ── Administrators (a condominium session; permissions.canSeeSupportChat)
  /** POST SupportBootRequest: the chat started with the spec's boot data (§3.1, §7), its hash checked. */
  boot: '/--soporte/boot',
  /** GET ?before=&limit=: the condominium's conversation, a page of messages newest first; marks support's read. */
  chat: '/--soporte/chat',
  /** GET ?after=: messages newer than an id and the read times of the administration's own (the open panel's poll). */
  updates: '/--soporte/updates',
  /** GET: support's messages the administration has not read (the launcher's badge while it is closed). */
  unread: '/--soporte/unread',
  /** POST SupportSendRequest. */
  send: '/--soporte/send',
  /** Anyone holding the signed link an answer gave: an attachment's bytes. */
  file: (attachmentId: number | string) => `/--soporte/file/${attachmentId}`,

  // ── The support desk (a support session, SUPPORT_TOKEN_HEADER)
  /** POST SupportDeskSignInRequest (public, rate limited) → a desk session. */
  deskSignIn: '/--soporte/mesa/sign-in',
  deskSignOut: '/--soporte/mesa/sign-out',
  deskMe: '/--soporte/mesa/me',
  /** GET ?estado=&condoId=&limit=&offset=: conversations, latest activity first, with unread counts. */
  deskConversations: '/--soporte/mesa/conversations',
  /** GET ?before=&limit=: one conversation, its contacts and a page of messages; marks the administration's read. */
  deskConversation: (conversationId: number | string) => `/--soporte/mesa/conversation/${conversationId}`,
  /** GET ?after=: newer messages, read times of the desk's own, the conversation as it is now. */
  deskUpdates: (conversationId: number | string) => `/--soporte/mesa/updates/${conversationId}`,
  /** POST SupportDeskReplyRequest. */
  deskReply: '/--soporte/mesa/reply',
  /** POST SupportDeskAssignRequest (409 with the conversation when its version moved on). */
  deskAssign: '/--soporte/mesa/assign',
  /** POST SupportDeskStateRequest (409 with the conversation: stale version, or a move the lifecycle lacks). */
  deskState: '/--soporte/mesa/state',
  /** Canned answers: GET the list; POST save (new without id) and delete. */
  deskCanned: '/--soporte/mesa/canned',
  deskCannedSave: '/--soporte/mesa/canned-save',
  deskCannedDelete: '/--soporte/mesa/canned-delete',
  /** Office hours and the away message: GET, POST save. */
  deskSettings: '/--soporte/mesa/settings',
  deskSettingsSave: '/--soporte/mesa/settings-save',
} as const;

export const SUPPORT_MESSAGES_PAGE = 30;
export const SUPPORT_LIST_PAGE = 20;
export const SUPPORT_TEXT_MAX = 4000;
export const SUPPORT_MAX_ATTACHMENTS = 4;
export const CANNED_TITLE_MAX = 80;
export const AWAY_MESSAGE_MAX = 1000;
/** The desk's console (its agents are not on the live channel) asks for news this often. */
export const SUPPORT_REFRESH_MS = 15_000;
/**
 * The administrators' badge and open conversation read again when the live channel says the conversation moved
 * (the `support` event); this periodic read is only the safety net behind it (src/api/live.ts).
 */
export const SUPPORT_CHAT_FALLBACK_MS = LIVE_FALLBACK_REFRESH_MS;
/**
 * An administrator whose panel has not asked for news in this many minutes is away: support's answer is mailed
 * to them (once, until they open the panel again).
 */
export const SUPPORT_OFFLINE_MINUTES = 5;

// ── The conversation's lifecycle (DESIGN.md §8 "Lifecycles as tables")

/** abierta: waits on support; esperando: support answered, waits on the administrator; cerrada: done. */
export const SUPPORT_STATES = ['abierta', 'esperando', 'cerrada'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];

/** The moves an agent may make by hand. An administrator's message reopens any (→ abierta) and support's reply
 * sets esperando, by themselves. */
export const SUPPORT_LIFECYCLE: Readonly<Record<SupportState, readonly SupportState[]>> = {
  abierta: ['esperando', 'cerrada'],
  esperando: ['abierta', 'cerrada'],
  cerrada: ['abierta'],
};

export const canMoveSupport = (from: SupportState, to: SupportState) => SUPPORT_LIFECYCLE[from].includes(to);

// ── Office hours

/** 'HH:MM', 00:00 to 23:59. */
export const ClockTime = pattern(string(), /^([01]\d|2[0-3]):[0-5]\d$/);

/** A day's hours ("abre" before "cierra"), or null: closed all day. */
export const OfficeDay = nullable(
  refine(object({ abre: ClockTime, cierra: ClockTime }), 'OfficeDay', (d) => d.abre < d.cierra || 'abre must come before cierra'),
);
export type OfficeDay = Infer<typeof OfficeDay>;

const TimeZone = refine(size(string(), 1, 64), 'TimeZone', (v) => isTimeZone(v) || 'not an IANA zone');

export const SupportSettings = object({
  timeZone: TimeZone,
  /** Monday first, seven days. */
  dias: size(array(OfficeDay), 7, 7),
  /** Shown outside hours; empty: the catalogue's own words (support.panel.awayDefault). */
  mensajeAusencia: size(string(), 0, AWAY_MESSAGE_MAX),
});
export type SupportSettings = Infer<typeof SupportSettings>;

const WEEKDAY: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/** Whether `now` falls inside the day's hours in the desk's time zone. */
export function withinOfficeHours(settings: Pick<SupportSettings, 'timeZone' | 'dias'>, now: Date): boolean {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: settings.timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = settings.dias[WEEKDAY[part('weekday')] ?? -1];
  if (!day) return false;
  const time = `${part('hour').padStart(2, '0')}:${part('minute')}`;
  return time >= day.abre && time < day.cierra;
}

/** What the administrator's panel shows about the desk's hours. */
export const SupportHours = object({
  disponible: boolean(),
  /** The desk's own away message; null: the catalogue's words. */
  mensajeAusencia: nullable(string()),
  timeZone: string(),
  dias: array(OfficeDay),
});
export type SupportHours = Infer<typeof SupportHours>;

// ── Requests of administrators

/** The boot data of spec §3.1, as the session data carries it (usuario and condo). */
export const SupportBootRequest = object({
  UserId: Id,
  UserName: size(string(), 0, 200),
  UserEmail: size(string(), 0, 254),
  user_hash: pattern(string(), /^[0-9a-f]{64}$/),
  AptId: nullable(Id),
  CondoId: Id,
  CondoName: size(string(), 0, 200),
  CondoStatus: size(string(), 0, 8),
});
export type SupportBootRequest = Infer<typeof SupportBootRequest>;

/** Spec §7: the chat is started with the boot data of §3.1, read from the session data as it is. */
export const supportBootData = (data: Pick<SessionData, 'usuario' | 'condo'>): SupportBootRequest => ({
  UserId: data.usuario.UserId,
  UserName: data.usuario.UserName,
  UserEmail: data.usuario.UserEmail,
  user_hash: data.usuario.user_hash,
  AptId: data.usuario.AptId,
  CondoId: data.condo.CondoId,
  CondoName: data.condo.CondoName,
  CondoStatus: data.condo.CondoStatus,
});

export const SupportPageQuery = object({
  before: optional(QueryInteger(1, 2_147_483_647)),
  limit: optional(QueryInteger(1, SUPPORT_MESSAGES_PAGE)),
});
export const SupportUpdatesQuery = object({ after: QueryInteger(0, 2_147_483_647) });

/** Text, attachments, or both (a screenshot alone says enough). */
export const SupportSendRequest = object({
  Texto: size(string(), 0, SUPPORT_TEXT_MAX),
  adjuntos: defaulted(size(array(AttachmentUpload), 0, SUPPORT_MAX_ATTACHMENTS), []),
});
export type SupportSendRequest = Infer<typeof SupportSendRequest>;

// ── Answers

export const SupportAttachment = object({ id: number(), nombre: string(), tipo: enums(['image', 'file']), url: string() });
export type SupportAttachment = Infer<typeof SupportAttachment>;

export const SupportMessage = object({
  id: number(),
  /** Who wrote it: the condominium's administration or the support desk. */
  lado: enums(['admin', 'soporte']),
  /** Written by the caller's side. */
  mio: boolean(),
  autor: string(),
  Texto: string(),
  adjuntos: array(SupportAttachment),
  /** ISO-8601 UTC: sent, and read by the other side (null: not yet). */
  Enviado: string(),
  Leido: nullable(string()),
});
export type SupportMessage = Infer<typeof SupportMessage>;

export const SupportReadMark = object({ id: number(), Leido: string() });

export const SupportBootAnswer = object({
  success: literal(true),
  noLeidos: number(),
  horario: SupportHours,
});
export type SupportBootAnswer = Infer<typeof SupportBootAnswer>;

export const SupportChatAnswer = object({
  success: literal(true),
  /** null until the first message. */
  estado: nullable(enums(SUPPORT_STATES)),
  /** Newest first. */
  messages: array(SupportMessage),
  hayMas: boolean(),
  horario: SupportHours,
});
export type SupportChatAnswer = Infer<typeof SupportChatAnswer>;

export const SupportUpdatesAnswer = object({
  success: literal(true),
  estado: nullable(enums(SUPPORT_STATES)),
  /** Newer than `after`, newest first. */
  messages: array(SupportMessage),
  leidos: array(SupportReadMark),
});
export type SupportUpdatesAnswer = Infer<typeof SupportUpdatesAnswer>;

export const SupportUnreadAnswer = object({ success: literal(true), noLeidos: number() });
export type SupportUnreadAnswer = Infer<typeof SupportUnreadAnswer>;

export const SupportSendAnswer = object({ success: literal(true), message: SupportMessage });
export type SupportSendAnswer = Infer<typeof SupportSendAnswer>;

// ── The desk

export const SupportDeskSignInRequest = object({ email: Email, password: size(string(), 1, 200) });
export type SupportDeskSignInRequest = Infer<typeof SupportDeskSignInRequest>;

export const SupportAgent = object({ id: number(), nombre: string(), email: string(), language: enums(['es', 'en', 'fr']) });
export type SupportAgent = Infer<typeof SupportAgent>;

export const SupportDeskSignInAnswer = object({ success: literal(true), token: string(), agent: SupportAgent });
export type SupportDeskSignInAnswer = Infer<typeof SupportDeskSignInAnswer>;
export const SupportDeskMeAnswer = object({ success: literal(true), agent: SupportAgent });
export type SupportDeskMeAnswer = Infer<typeof SupportDeskMeAnswer>;

export const SUPPORT_FILTERS = ['todas', ...SUPPORT_STATES] as const;
export type SupportFilter = (typeof SUPPORT_FILTERS)[number];

export const SupportDeskListQuery = object({
  estado: optional(enums(SUPPORT_FILTERS)),
  condoId: optional(QueryInteger(1, 2_147_483_647)),
  limit: optional(QueryInteger(1, 50)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});
export type SupportDeskListQuery = Infer<typeof SupportDeskListQuery>;

export const SupportConversationSummary = object({
  id: number(),
  CondoId: number(),
  CondoName: string(),
  CondoStatus: string(),
  estado: enums(SUPPORT_STATES),
  asignada: nullable(object({ id: number(), nombre: string() })),
  ultimoMensaje: nullable(string()),
  ultimaFecha: string(),
  /** The administration's messages the desk has not read. */
  noLeidos: number(),
  version: number(),
});
export type SupportConversationSummary = Infer<typeof SupportConversationSummary>;

export const SupportDeskListAnswer = object({
  success: literal(true),
  items: array(SupportConversationSummary),
  total: number(),
  /** Condominiums with a conversation (the filter), and counts by state and unread, whatever the filter. */
  condos: array(object({ CondoId: number(), CondoName: string() })),
  porEstado: object({ abierta: number(), esperando: number(), cerrada: number() }),
  noLeidos: number(),
});
export type SupportDeskListAnswer = Infer<typeof SupportDeskListAnswer>;

/** An administrator who started the chat: the boot data the server checked (verificado: the hash matched). */
export const SupportContact = object({
  UserId: number(),
  UserName: string(),
  UserEmail: string(),
  AptName: nullable(string()),
  verificado: boolean(),
  /** When their panel last asked for news (ISO-8601 UTC). */
  visto: nullable(string()),
});
export type SupportContact = Infer<typeof SupportContact>;

export const SupportDeskConversationAnswer = object({
  success: literal(true),
  conversation: SupportConversationSummary,
  contactos: array(SupportContact),
  messages: array(SupportMessage),
  hayMas: boolean(),
  /** Who it may be assigned to: the active agents. */
  agentes: array(object({ id: number(), nombre: string() })),
});
export type SupportDeskConversationAnswer = Infer<typeof SupportDeskConversationAnswer>;

export const SupportDeskUpdatesAnswer = object({
  success: literal(true),
  conversation: SupportConversationSummary,
  messages: array(SupportMessage),
  leidos: array(SupportReadMark),
});
export type SupportDeskUpdatesAnswer = Infer<typeof SupportDeskUpdatesAnswer>;

export const SupportConversationParams = object({ conversationId: IdParam });

export const SupportDeskReplyRequest = object({
  conversationId: Id,
  Texto: size(string(), 0, SUPPORT_TEXT_MAX),
  adjuntos: defaulted(size(array(AttachmentUpload), 0, SUPPORT_MAX_ATTACHMENTS), []),
});
export type SupportDeskReplyRequest = Infer<typeof SupportDeskReplyRequest>;

export const SupportDeskReplyAnswer = object({
  success: literal(true),
  message: SupportMessage,
  conversation: SupportConversationSummary,
});
export type SupportDeskReplyAnswer = Infer<typeof SupportDeskReplyAnswer>;

export const SupportDeskAssignRequest = object({ conversationId: Id, agentId: nullable(Id), version: Version });
export type SupportDeskAssignRequest = Infer<typeof SupportDeskAssignRequest>;
export const SupportDeskStateRequest = object({ conversationId: Id, estado: enums(SUPPORT_STATES), version: Version });
export type SupportDeskStateRequest = Infer<typeof SupportDeskStateRequest>;

/** Assigning or moving answers the conversation as it now is; a 409 carries it too (`conversation`). */
export const SupportConversationAnswer = object({ success: literal(true), conversation: SupportConversationSummary });
export type SupportConversationAnswer = Infer<typeof SupportConversationAnswer>;
/** A 409's body, read leniently (the error's own fields beside it). */
export const SupportConflictAnswer = type({
  success: literal(false),
  message: string(),
  conversation: SupportConversationSummary,
});

export const SupportCanned = object({ id: number(), titulo: string(), texto: string(), actualizada: string() });
export type SupportCanned = Infer<typeof SupportCanned>;
export const SupportCannedAnswer = object({ success: literal(true), items: array(SupportCanned) });
export type SupportCannedAnswer = Infer<typeof SupportCannedAnswer>;
export const SupportCannedSaveRequest = object({
  id: optional(Id),
  titulo: NonEmpty(CANNED_TITLE_MAX),
  texto: NonEmpty(SUPPORT_TEXT_MAX),
});
export type SupportCannedSaveRequest = Infer<typeof SupportCannedSaveRequest>;
export const SupportCannedDeleteRequest = object({ id: Id });
export type SupportCannedDeleteRequest = Infer<typeof SupportCannedDeleteRequest>;

export const SupportSettingsAnswer = object({ success: literal(true), settings: SupportSettings });
export type SupportSettingsAnswer = Infer<typeof SupportSettingsAnswer>;
