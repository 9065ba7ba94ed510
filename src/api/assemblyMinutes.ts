// The minutes of an assembly (issue 32): the acta generated as a PDF (the call, the attendance with indiviso and
// proxies, the quorum reached, each item's result with weights, the signatures to collect); once the assembly is
// closed, who manages it files the signed acta back into the book of minutes: a library document in 'actas'
// (audience: the assembly settings' minutesAudience) and an entry numbered per condominium with the SHA-256 of its
// bytes. An entry is never changed: corrections are addenda (a text and an optional file, hashed, numbered). The
// book is read by who the audience allows (permissions.documentAudiencesFor, the library's one rule), and its check
// recomputes each stored file's hash ("íntegra" or altered). At the door, an owner (or an accepted proxy's holder)
// shows a short signed code (QR) that records their dwellings present.
import { array, boolean, type Infer, literal, nullable, number, object, optional, string } from 'superstruct';
import { Assembly } from './assemblies';
import { type DocumentAudience, DocumentFile } from './documents';
import { NonEmpty } from './validation';

export const MINUTES_PATHS = {
  /** Who manages assemblies, once open or closed: GET → the acta's PDF; 409 before it opens. */
  acta: '/--asambleas/:assemblyId/acta.pdf',
  /** Who manages assemblies, once closed: POST MinutesFileRequest → MinutesEntryAnswer; 409 if already filed. */
  file: '/--asambleas/:assemblyId/acta/firmada',
  /** Who the minutes' audience allows (403 otherwise): GET → MinutesBookAnswer, the newest entry first. */
  book: '/--asambleas/libro-de-actas',
  /** The book's readers: GET → MinutesCheckAnswer, each stored file's hash recomputed. */
  check: '/--asambleas/libro-de-actas/:minutesId/verificar',
  /** Who manages assemblies: POST MinutesAddendumRequest → MinutesEntryAnswer. */
  addendum: '/--asambleas/libro-de-actas/:minutesId/adenda',
  /** A signed link an answer gave (an addendum's file): GET → the PDF or the image. */
  addendumFile: '/--asambleas/adenda/archivo/:fileId',
  /** canSeeAssemblies: GET → CheckInCodeAnswer, the caller's door code for this assembly. */
  myCode: '/--asambleas/:assemblyId/mi-codigo',
  /** Who manages assemblies, while taking attendance: POST CheckInRequest → CheckInAnswer (idempotent). */
  checkIn: '/--asambleas/:assemblyId/puerta',
} as const;

export const actaPdfPath = (assemblyId: number) => `/--asambleas/${assemblyId}/acta.pdf`;
export const fileMinutesPath = (assemblyId: number) => `/--asambleas/${assemblyId}/acta/firmada`;
export const minutesCheckPath = (minutesId: number) => `/--asambleas/libro-de-actas/${minutesId}/verificar`;
export const minutesAddendumPath = (minutesId: number) => `/--asambleas/libro-de-actas/${minutesId}/adenda`;
export const addendumFilePath = (fileId: number) => `/--asambleas/adenda/archivo/${fileId}`;
export const myCheckInCodePath = (assemblyId: number) => `/--asambleas/${assemblyId}/mi-codigo`;
export const checkInPath = (assemblyId: number) => `/--asambleas/${assemblyId}/puerta`;

/** The screens (under /condominio, the assemblies page): the book, and the assemblies' settings. */
export const MINUTES_BOOK_SCREEN = '/asambleas?libro=1';
export const ASSEMBLY_SETTINGS_SCREEN = '/asambleas?ajustes=1';

export const ADDENDUM_TEXT_MAX = 4000;
export const CHECK_IN_CODE_MAX = 60;

/** The book is read by whoever the library would show a document of the minutes' audience (one rule). */
export const mayReadMinutes = (audiences: readonly DocumentAudience[], minutesAudience: DocumentAudience) =>
  audiences.includes(minutesAudience);

/**
 * A door code: 'A<assembly>-<user>-<signature>' (12 hex characters of an HMAC under the server's key), short enough
 * to type. Case and spaces around it do not matter.
 */
export const CHECK_IN_CODE = /^\s*[Aa](\d{1,10})-(\d{1,10})-([0-9a-fA-F]{12})\s*$/;

export function parseCheckInCode(text: string): { assemblyId: number; userId: number; signature: string } | null {
  const match = CHECK_IN_CODE.exec(text);
  if (!match) return null;
  return { assemblyId: Number(match[1]), userId: Number(match[2]), signature: match[3]!.toLowerCase() };
}

export const MinutesFileRequest = object({ file: DocumentFile });
export type MinutesFileRequest = Infer<typeof MinutesFileRequest>;

export const MinutesAddendumRequest = object({
  text: NonEmpty(ADDENDUM_TEXT_MAX),
  file: optional(nullable(DocumentFile)),
});
export type MinutesAddendumRequest = Infer<typeof MinutesAddendumRequest>;

/** Any text: a code that is not one is refused with its own words (assemblyMinutes.refusal.badCode). */
export const CheckInRequest = object({ code: NonEmpty(CHECK_IN_CODE_MAX) });
export type CheckInRequest = Infer<typeof CheckInRequest>;

export const MinutesAddendum = object({
  position: number(),
  text: string(),
  /** A signed link to its file, if any. */
  fileUrl: nullable(string()),
  sha256: string(),
  createdAt: string(),
  createdBy: nullable(string()),
});
export type MinutesAddendum = Infer<typeof MinutesAddendum>;

export const MinutesEntry = object({
  id: number(),
  number: number(),
  assemblyId: number(),
  assemblyTitle: string(),
  /** The assembly's first call, wall clock in the condominium's zone. */
  assemblyDate: string(),
  sha256: string(),
  /** A signed link to the filed acta (the library's file link); null if the document is gone. */
  fileUrl: nullable(string()),
  fileName: nullable(string()),
  filedAt: string(),
  filedBy: nullable(string()),
  addenda: array(MinutesAddendum),
});
export type MinutesEntry = Infer<typeof MinutesEntry>;

export const MinutesEntryAnswer = object({ success: literal(true), data: MinutesEntry });
export type MinutesEntryAnswer = Infer<typeof MinutesEntryAnswer>;

export const MinutesBookAnswer = object({
  success: literal(true),
  items: array(MinutesEntry),
  /** The caller manages assemblies: may add addenda. */
  manages: boolean(),
});
export type MinutesBookAnswer = Infer<typeof MinutesBookAnswer>;

export const MinutesCheck = object({
  /** The filed acta's stored bytes hash to what the book holds. */
  intact: boolean(),
  /** Each addendum's, by position. */
  addenda: array(object({ position: number(), intact: boolean() })),
});
export type MinutesCheck = Infer<typeof MinutesCheck>;
export const MinutesCheckAnswer = object({ success: literal(true), data: MinutesCheck });
export type MinutesCheckAnswer = Infer<typeof MinutesCheckAnswer>;

export const CheckInCodeAnswer = object({
  success: literal(true),
  code: string(),
  /** The dwellings the code checks in: owned ones, and those whose accepted proxy the caller holds. */
  dwellings: array(string()),
});
export type CheckInCodeAnswer = Infer<typeof CheckInCodeAnswer>;

export const CheckInAnswer = object({
  success: literal(true),
  /** Who was checked in, and the dwellings recorded present now (already present ones are left as they were). */
  name: string(),
  dwellings: array(string()),
  already: array(string()),
  data: Assembly,
});
export type CheckInAnswer = Infer<typeof CheckInAnswer>;
