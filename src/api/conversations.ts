// Interpersonal messages (issue 13; sections of code IC, spec §2.2 comunicacion-interpersonal/{sectionId}):
// private conversations between two dwellings, or between a dwelling and the administration. A party is a
// dwelling (every resident of it reads and writes for it) or the administration (every administrator). The
// other side's e-mail and phone are never in an answer. Administrators read only conversations of their own
// side and the messages reported to them. Who may do what: permissions.ts (canUseConversations…).
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
  size,
  string,
} from 'superstruct';
import { LIVE_FALLBACK_REFRESH_MS } from './live';
import { Id, IdParam, NonEmpty, QueryInteger } from './validation';

export const CONVERSATIONS_PATHS = {
  /** GET ?sectionId=&limit=&offset=: the caller's conversations, latest activity first, with unread counts. */
  list: '/--conversaciones/list',
  /** GET ?before=&limit=: one conversation and a page of its messages, newest first (pages of 30); opening
   * it marks the other side's messages read. */
  conversation: (conversationId: number | string) => `/--conversaciones/conversation/${conversationId}`,
  /** GET ?after=: messages newer than a message id (the 15-second refresh), and the read times of one's own. */
  updates: (conversationId: number | string) => `/--conversaciones/updates/${conversationId}`,
  /** POST StartConversationRequest: find or open the conversation with a dwelling or the administration,
   * writing its first message. */
  start: '/--conversaciones/start',
  /** POST SendMessageRequest. */
  send: '/--conversaciones/send',
  /** GET ?sectionId=: towers and dwellings one may write to (never their people's contact data), and the
   * caller's own dwellings (the side they write for). */
  directory: '/--conversaciones/directory',
  /** POST BlockRequest { ApmtId, bloquear }: stop (or resume) a dwelling's messages reaching one's dwelling. */
  block: '/--conversaciones/block',
  /** GET the dwellings one's dwelling has blocked. */
  blocked: '/--conversaciones/blocked',
  /** POST ReportRequest: report a message to the administration. */
  report: '/--conversaciones/report',
  /** Administrators: GET ?limit=&offset= the reported messages (only those, never the conversation). */
  reports: '/--conversaciones/reports',
  /** GET: unread messages across the caller's conversations (the menu's and the home's badge). */
  unread: '/--conversaciones/unread',
  /** Anyone holding the signed link an answer gave: a message photo's bytes. */
  photoFile: (photoId: number | string) => `/--conversaciones/photo/${photoId}`,
} as const;

export const MESSAGES_PAGE_SIZE = 30;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGE_TEXT_MAX = 2000;
export const MESSAGE_MAX_PHOTOS = 4;
export const REPORT_REASON_MAX = 500;
/** New messages arrive through the live channel (issue 30); an open conversation or inbox is read again this often
 * besides, as a safety net (issue 13 asked for 15 s before the channel existed). */
export const CONVERSATION_REFRESH_MS = LIVE_FALLBACK_REFRESH_MS;

export const ConversationParams = object({ conversationId: IdParam });

export const ConversationListQuery = object({
  sectionId: optional(QueryInteger(1, 2_147_483_647)),
  limit: optional(QueryInteger(1, 50)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});

export const ConversationPageQuery = object({
  /** Messages older than this message id (the next page back). */
  before: optional(QueryInteger(1, 2_147_483_647)),
  limit: optional(QueryInteger(1, MESSAGES_PAGE_SIZE)),
});

export const UpdatesQuery = object({ after: QueryInteger(0, 2_147_483_647) });
export const DirectoryQuery = object({ sectionId: optional(QueryInteger(1, 2_147_483_647)) });

export const PhotoUpload = object({
  name: NonEmpty(120),
  dataUrl: size(string(), 30, 2_100_000),
});

/** The other side: a dwelling, or the administration (ApmtId null). */
export const Counterpart = object({ ApmtId: nullable(Id) });

export const StartConversationRequest = object({
  sectionId: Id,
  /** The caller's own dwelling they write for (one of theirs); administrators write for the administration. */
  desdeApmtId: nullable(Id),
  para: Counterpart,
  Texto: NonEmpty(MESSAGE_TEXT_MAX),
  fotos: defaulted(size(array(PhotoUpload), 0, MESSAGE_MAX_PHOTOS), []),
});
export type StartConversationRequest = Infer<typeof StartConversationRequest>;

export const SendMessageRequest = object({
  conversationId: Id,
  Texto: NonEmpty(MESSAGE_TEXT_MAX),
  fotos: defaulted(size(array(PhotoUpload), 0, MESSAGE_MAX_PHOTOS), []),
});
export type SendMessageRequest = Infer<typeof SendMessageRequest>;

export const BlockRequest = object({ ApmtId: Id, bloquear: boolean() });
export type BlockRequest = Infer<typeof BlockRequest>;

export const ReportRequest = object({ messageId: Id, motivo: NonEmpty(REPORT_REASON_MAX) });
export type ReportRequest = Infer<typeof ReportRequest>;

// ── Answers

/** A party as shown: "Torre A - 101" or "Administración". No person's contact data. */
export const Party = object({ ApmtId: nullable(number()), Nombre: string() });
export type Party = Infer<typeof Party>;

export const MessagePhoto = object({ id: number(), nombre: string(), url: string() });

export const Message = object({
  id: number(),
  /** Written by the caller's side. */
  mio: boolean(),
  UserName: string(),
  Texto: string(),
  fotos: array(MessagePhoto),
  /** ISO-8601 UTC: sent, and read by the other side (null: not yet). */
  Enviado: string(),
  Leido: nullable(string()),
});
export type Message = Infer<typeof Message>;

export const ConversationSummary = object({
  ConversationId: number(),
  SectId: number(),
  /** The caller's side and the other side. */
  yo: Party,
  otro: Party,
  ultimoMensaje: nullable(string()),
  ultimaFecha: string(),
  noLeidos: number(),
  /** The caller's dwelling has blocked the other side. */
  bloqueado: boolean(),
});
export type ConversationSummary = Infer<typeof ConversationSummary>;

export const ConversationListAnswer = object({ success: literal(true), items: array(ConversationSummary), total: number() });
export type ConversationListAnswer = Infer<typeof ConversationListAnswer>;

export const ConversationAnswer = object({
  success: literal(true),
  conversation: ConversationSummary,
  /** Newest first. */
  messages: array(Message),
  /** More older messages exist (page with before = the last id). */
  hayMas: boolean(),
});
export type ConversationAnswer = Infer<typeof ConversationAnswer>;

export const UpdatesAnswer = object({
  success: literal(true),
  /** Newer than `after`, newest first. */
  messages: array(Message),
  /** Read times of the caller's own messages in this conversation that the other side has read. */
  leidos: array(object({ id: number(), Leido: string() })),
});
export type UpdatesAnswer = Infer<typeof UpdatesAnswer>;

export const StartConversationAnswer = object({ success: literal(true), ConversationId: number(), message: Message });
export const SendMessageAnswer = object({ success: literal(true), message: Message });
export type SendMessageAnswer = Infer<typeof SendMessageAnswer>;

export const DirectoryDwelling = object({
  ApmtId: number(),
  AptName: string(),
  TorreId: nullable(number()),
  TorreName: nullable(string()),
});
export const DirectoryAnswer = object({
  success: literal(true),
  torres: array(object({ TorreId: number(), TorreName: string() })),
  viviendas: array(DirectoryDwelling),
  /** The dwellings the caller writes for (empty for an administrator with none). */
  mias: array(DirectoryDwelling),
  /** Administrators write for the administration. */
  comoAdministracion: boolean(),
});
export type DirectoryAnswer = Infer<typeof DirectoryAnswer>;

export const BlockedAnswer = object({ success: literal(true), items: array(Party) });

export const ReportedMessage = object({
  reportId: number(),
  motivo: string(),
  FechaReporte: string(),
  ReportadoPor: string(),
  message: object({ id: number(), Texto: string(), UserName: string(), de: Party, para: Party, Enviado: string() }),
  estado: enums(['nuevo', 'revisado']),
});
export const ReportsAnswer = object({ success: literal(true), items: array(ReportedMessage), total: number() });

export const UnreadAnswer = object({
  success: literal(true),
  total: number(),
  /** By IC section id (text keys). */
  porSeccion: array(object({ SectId: number(), noLeidos: number() })),
});
export type UnreadAnswer = Infer<typeof UnreadAnswer>;
