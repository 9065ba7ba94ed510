// Parcels (paquetería, issue 26): the gate logs a parcel's arrival for a dwelling, its residents are told at
// once and see a 6-digit pickup code; the gate hands it over when someone says the code or signs on the screen.
// Gate staff (permissions.canUseGate, and a paired device's shift session) log, list and hand over; any member
// reads their own dwellings' parcels with the codes. A parcel logged offline carries the id its device made
// (clientId): a replay answers the parcel already logged.
import {
  array,
  boolean,
  enums,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  size,
  string,
} from 'superstruct';
import { Instant } from './gate';
import { ID_MAX, Id, NonEmpty, PageQueryOf, QueryInteger } from './validation';

export const PARCEL_PATHS = {
  /** canUseGate (gate shift too): GET the active dwellings a parcel can be logged for → ParcelDwellingsAnswer. */
  dwellings: '/--paqueteria/viviendas',
  /** canUseGate (gate shift too): POST ParcelArrivalRequest → ParcelArrivalAnswer (a replayed clientId: the same parcel). */
  arrive: '/--paqueteria/registrar',
  /** canUseGate (gate shift too): GET ?q=&apartmentId=&limit=&offset= parcels waiting, by dwelling → ParcelsPageAnswer. */
  waiting: '/--paqueteria/en-espera',
  /** canUseGate (gate shift too): POST { code } hands the parcel over → ParcelAnswer; 409 wrong code or already collected. */
  handOverWithCode: '/--paqueteria/:parcelId/entregar-con-codigo',
  /** canUseGate (gate shift too): POST { signature, collectedByName } → ParcelAnswer; 409 already collected. */
  handOverWithSignature: '/--paqueteria/:parcelId/entregar-con-firma',
  /** Any member: GET ?status=&limit=&offset= their dwellings' parcels, the waiting ones with their codes. */
  mine: '/--paqueteria/mis-paquetes',
  /** A signed link an answer gave (a parcel's photo or signature): GET → the image. */
  file: '/--paqueteria/archivo/:fileId',
} as const;

export const parcelFilePath = (id: number) => `/--paqueteria/archivo/${id}`;
export const handOverWithCodePath = (id: number) => `/--paqueteria/${id}/entregar-con-codigo`;
export const handOverWithSignaturePath = (id: number) => `/--paqueteria/${id}/entregar-con-firma`;

export const PARCEL_SIZES = ['sobre', 'chico', 'mediano', 'grande'] as const;
export type ParcelSize = (typeof PARCEL_SIZES)[number];
export const PARCEL_STATUSES = ['waiting', 'collected'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];
export const PARCEL_METHODS = ['code', 'signature'] as const;
export type ParcelMethod = (typeof PARCEL_METHODS)[number];

export const PARCEL_PAGE_SIZE = 20;
export const PARCEL_MAX_PAGE_SIZE = 50;
export const PARCEL_CARRIER_MAX = 60;
export const PARCEL_TRACKING_MAX = 80;
export const PARCEL_NOTE_MAX = 500;
export const PARCEL_NAME_MAX = 120;
export const PARCEL_SEARCH_MAX = 80;
/** The pickup code: six digits. */
export const PICKUP_CODE_PATTERN = /^\d{6}$/;
/**
 * Days a parcel waits before its residents are reminded (then once a day while it waits): the default of the
 * condominium's setting parcelReminderDays (src/api/condoSettings.ts, configuracion 'condominio', group Caseta).
 */
export const PARCEL_REMINDER_DAYS = 3;

/** A UUID the device made when the parcel was logged. */
export const ClientId = pattern(string(), /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);

/** A photo from the camera or the gallery: PNG, JPEG or WebP as a data URL (decoded ≤ ATTACHMENT_MAX_BYTES). */
export const ParcelPhoto = size(pattern(string(), /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/), 30, 2_100_000);
/** What the signature pad draws: a PNG data URL. */
export const SignaturePng = size(pattern(string(), /^data:image\/png;base64,[A-Za-z0-9+/=]+$/), 30, 2_100_000);

export const ParcelArrivalRequest = object({
  clientId: ClientId,
  apartmentId: Id,
  carrier: NonEmpty(PARCEL_CARRIER_MAX),
  tracking: optional(nullable(size(string(), 0, PARCEL_TRACKING_MAX))),
  size: enums(PARCEL_SIZES),
  note: optional(nullable(size(string(), 0, PARCEL_NOTE_MAX))),
  photo: optional(nullable(ParcelPhoto)),
  /** Logged offline: when it arrived by the device's clock (within GATE_LIMITS); the server's now when absent. */
  occurredAt: optional(Instant),
  /** Logged without network and sent later by the device's offline queue. */
  offline: optional(boolean()),
});
export type ParcelArrivalRequest = Infer<typeof ParcelArrivalRequest>;

export const HandOverWithCodeRequest = object({
  code: pattern(string(), PICKUP_CODE_PATTERN),
  /** Who took it, when not a resident of the dwelling (someone they authorised); optional with the code. */
  collectedByName: optional(nullable(size(string(), 0, PARCEL_NAME_MAX))),
});
export type HandOverWithCodeRequest = Infer<typeof HandOverWithCodeRequest>;

export const HandOverWithSignatureRequest = object({
  signature: SignaturePng,
  collectedByName: NonEmpty(PARCEL_NAME_MAX),
});
export type HandOverWithSignatureRequest = Infer<typeof HandOverWithSignatureRequest>;

export const WaitingParcelsQuery = object({
  ...PageQueryOf(PARCEL_MAX_PAGE_SIZE).schema,
  q: optional(size(string(), 0, PARCEL_SEARCH_MAX)),
  apartmentId: optional(QueryInteger(1, ID_MAX)),
});
export type WaitingParcelsQuery = Infer<typeof WaitingParcelsQuery>;

export const MyParcelsQuery = object({
  ...PageQueryOf(PARCEL_MAX_PAGE_SIZE).schema,
  status: optional(enums(PARCEL_STATUSES)),
});
export type MyParcelsQuery = Infer<typeof MyParcelsQuery>;

export const ParcelDwelling = object({
  apartmentId: number(),
  tower: nullable(string()),
  apartment: string(),
});
export type ParcelDwelling = Infer<typeof ParcelDwelling>;

export const Parcel = object({
  id: number(),
  clientId: string(),
  dwelling: ParcelDwelling,
  carrier: string(),
  tracking: nullable(string()),
  size: enums(PARCEL_SIZES),
  note: nullable(string()),
  status: enums(PARCEL_STATUSES),
  /** The wall clock in the condominium's zone, 'YYYY-MM-DDTHH:mm' (zonedTime's utcToLocal). */
  arrivedAt: string(),
  /** A signed link, for a while. */
  photoUrl: nullable(string()),
  collectedAt: nullable(string()),
  collectedByName: nullable(string()),
  collectedMethod: nullable(enums(PARCEL_METHODS)),
  signatureUrl: nullable(string()),
  /** Only in the resident's own list, while it waits: the gate never reads it. */
  pickupCode: nullable(string()),
  reminders: number(),
});
export type Parcel = Infer<typeof Parcel>;

export const ParcelAnswer = object({ success: literal(true), data: Parcel });
export type ParcelAnswer = Infer<typeof ParcelAnswer>;

export const ParcelArrivalAnswer = object({
  success: literal(true),
  data: Parcel,
  /** The clientId was logged before: nothing was written. */
  replayed: boolean(),
});
export type ParcelArrivalAnswer = Infer<typeof ParcelArrivalAnswer>;

export const ParcelsPageAnswer = object({ success: literal(true), items: array(Parcel), total: number() });
export type ParcelsPageAnswer = Infer<typeof ParcelsPageAnswer>;

export const ParcelDwellingsAnswer = object({ success: literal(true), items: array(ParcelDwelling) });
export type ParcelDwellingsAnswer = Infer<typeof ParcelDwellingsAnswer>;

/** 'Torre A - 101', or '101' for a dwelling outside any tower. */
export const dwellingLabel = (dwelling: Pick<ParcelDwelling, 'tower' | 'apartment'>) =>
  dwelling.tower ? `${dwelling.tower} - ${dwelling.apartment}` : dwelling.apartment;
