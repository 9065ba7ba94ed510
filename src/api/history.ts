// The history (historial, issue 16): the condominium's audit log (server/domain/shared/audit.ts), newest first,
// for administrators and the board (permissions.canReadHistory). Append-only: no path here writes, and none
// ever will (tests/server/historyAppendOnly.test.ts).
import { array, type Infer, literal, nullable, number, object, optional, pattern, string } from 'superstruct';
import { CalendarDate, PageQueryOf, QueryInteger } from './validation';

export const HISTORY_PATHS = {
  /** canReadHistory: GET ?limit=&offset=&actor=&entity=&desde=&hasta= → HistoryAnswer. */
  list: '/--historial',
  /** canReadHistory: GET with the same filters → text/csv (UTF-8 with BOM), at most HISTORY_EXPORT_MAX rows. */
  export: '/--historial/export',
} as const;

export const HISTORY_PAGE_SIZE = 25;
export const HISTORY_MAX_PAGE_SIZE = 100;
export const HISTORY_EXPORT_MAX = 50_000;
/** actor=0 asks for the rows of the system (no person). */
export const SYSTEM_ACTOR = 0;

/**
 * The kinds of things the log names: recordAudit (server/domain/shared/audit.ts) takes only these, so a new
 * kind is listed here, and worded in history.json (tests/unit/historyWords.test.ts), before it can be written.
 * A row of a kind no longer listed still reads: shown as written.
 */
export const HISTORY_ENTITIES = [
  'ticket',
  'ticket_category',
  'ticket_due_hours',
  'poll',
  'facility',
  'reservation',
  'reservation_deposit',
  'calendar_event',
  'section',
  'recurring_charge',
  'condo_settings',
  'tower',
  'apartment',
  'apartment_import',
  'invitation',
  'residency',
  'membership',
  'permissions',
  'access_request',
  'late_fee_rule',
  'late_fee_exemption',
  'late_fee',
  'payment_settings',
  'payment_proof',
  'reminder_settings',
  'bank_movement',
  'cfdi',
  'dwelling_payment',
  'gate_device',
  'invoicing_client',
  'invoicing_issuer',
  'invoicing_product',
  'ledger_movement',
  'reconciliation_expense_rule',
  'reconciliation_mapping',
  'stamp_movement',
  'stamp_request',
  'subscription',
  // An official notice (issue 30): its importance, and resending it to those who have not read it.
  'notice',
  // Supervisor rounds (issue 31): checkpoints and plans kept by supervisors and administrators.
  'round_checkpoint',
  'round_plan',
  // An incident (issue 31): raised, attended, closed, turned into a request.
  'incident',
  // The document library (issue 32): a document (uploaded, a new version, archived) and an added folder.
  'document',
  'document_folder',
  'assembly',
  'assembly_settings',
] as const;
export type HistoryEntity = (typeof HISTORY_ENTITIES)[number];

/** What happened to the thing: recordAudit takes only these (words in history.json, as the kinds). */
export const HISTORY_ACTIONS = [
  'create',
  'update',
  'delete',
  'deactivate',
  'activate',
  'reorder',
  'import',
  'invite',
  'resend',
  'revoke',
  'accept',
  'approve',
  'reject',
  'move_out',
  'cancel',
  'asignar',
  'resolver',
  'cerrar',
  'reabrir',
  'cancelar',
  'iniciar',
  'publicar',
  'confirmar',
  'rechazar',
  'settle',
  'condonar',
  'aceptar',
  'retirar',
  'aprobar',
  'cobrar',
  'codigo',
  'credit',
  'csd',
  'desactivar',
  'descartar',
  'deshacer',
  'devolver',
  'esperar',
  'extender',
  'fijar_padron',
  'importar',
  'no_asistio',
  'pago',
  'reactivar',
  'reenviar',
  'revocar',
  'roles',
  'vincular',
  'timbrar',
  'complementoPago',
  'facturaGlobal',
  'facturaAutomatica',
  'atender',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** How a field's value reads: money is integer cents, percent-bp basis points, a secret is never shown. */
export const HISTORY_FIELD_KINDS = [
  'text',
  'number',
  'id',
  'money',
  'date',
  'instant',
  'boolean',
  'percent-bp',
  'secret',
  'json',
] as const;
export type HistoryFieldKind = (typeof HISTORY_FIELD_KINDS)[number];

/**
 * Every field an audit row's before/after carries (and the keys inside its JSON values), with how it reads.
 * recordAudit's before/after take only these keys (AuditValues), so a new field is listed, and worded
 * (history.field.<name>), before it can be written.
 */
export const HISTORY_FIELDS = {
  acceptedAt: 'instant',
  accessPoint: 'text',
  accessRequestId: 'id',
  accountId: 'id',
  acompanantes: 'number',
  activa: 'boolean',
  active: 'boolean',
  activo: 'boolean',
  archived: 'boolean',
  audience: 'text',
  actualizadas: 'number',
  address1: 'text',
  address2: 'text',
  admin: 'boolean',
  adminCompany: 'text',
  admits_arrears: 'boolean',
  alta: 'number',
  amount: 'money',
  amountCents: 'money',
  apartmentId: 'id',
  apartmentIds: 'json',
  ApmtId: 'id',
  archivo: 'text',
  assignee: 'id',
  avisoActivo: 'boolean',
  avisoPrivacidad: 'text',
  backgroundColor: 'text',
  baja: 'number',
  balance: 'money',
  barred: 'number',
  base: 'money',
  board: 'boolean',
  bp: 'percent-bp',
  cancel_hours: 'number',
  cancelada: 'boolean',
  cancelled: 'boolean',
  cantidad: 'number',
  capacity: 'number',
  capCents: 'money',
  category: 'text',
  city: 'text',
  clave: 'text',
  claveProdServ: 'text',
  claveUnidad: 'text',
  closes: 'instant',
  CommentsDisplay: 'text',
  complemento: 'text',
  condonado: 'boolean',
  contains: 'text',
  counting: 'text',
  country: 'text',
  csd: 'json',
  days_ahead: 'number',
  daysAfter: 'number',
  daysBefore: 'number',
  decisionMessage: 'text',
  deposit_cents: 'money',
  deposito: 'text',
  descripcion: 'text',
  description: 'text',
  displayDirectory: 'text',
  disponibles: 'number',
  domicilio_fiscal: 'text',
  domicilioFiscal: 'text',
  due: 'instant',
  email: 'text',
  emisor: 'id',
  employee: 'boolean',
  enabled: 'boolean',
  ends_at: 'instant',
  EnviarCopia: 'text',
  estado: 'text',
  ExclusivaUsuarios: 'text',
  exclusive: 'boolean',
  expense: 'id',
  expenseRemoved: 'boolean',
  expiresAt: 'instant',
  fee_cents: 'money',
  feeBearer: 'text',
  fees: 'json',
  fixedCents: 'money',
  folio: 'text',
  funcion: 'text',
  funciones: 'json',
  fundId: 'id',
  graceDays: 'number',
  guard: 'boolean',
  hours_json: 'json',
  iguales: 'number',
  importado: 'boolean',
  important: 'boolean',
  indiviso: 'number',
  invitados: 'json',
  invitationId: 'id',
  iva: 'text',
  kind: 'text',
  limit_count: 'number',
  limit_period: 'text',
  limiteInvitados: 'number',
  logoFileName: 'text',
  lugarExpedicion: 'text',
  mailed: 'number',
  mapa: 'text',
  masInformacion: 'text',
  max_minutes: 'number',
  media: 'number',
  membershipId: 'id',
  MensajeConfirmacion: 'text',
  metodoPago: 'text',
  min_minutes: 'number',
  modoInvoice: 'text',
  monto: 'money',
  mostrarIngresos: 'text',
  motivo: 'text',
  name: 'text',
  needs_approval: 'boolean',
  nextFolio: 'number',
  noCertificado: 'text',
  Nombre: 'text',
  nombre: 'text',
  nombre_key: 'text',
  nota: 'text',
  notified: 'number',
  nuevas: 'number',
  objetoImp: 'text',
  occurredOn: 'date',
  onDue: 'boolean',
  opens: 'instant',
  oxxo: 'json',
  paidOn: 'date',
  paidUntil: 'date',
  parcelReminderDays: 'number',
  payments: 'json',
  percentBp: 'percent-bp',
  periodo: 'text',
  permisos: 'json',
  phone1: 'text',
  phone2: 'text',
  phoneCountry1: 'text',
  phoneCountry2: 'text',
  photoRetentionDays: 'number',
  place: 'text',
  priceCents: 'money',
  priority: 'text',
  privacyAcceptancesReset: 'boolean',
  problemas: 'number',
  provider: 'text',
  publicidad: 'text',
  PublicoPrivado: 'text',
  razonSocial: 'text',
  reason: 'text',
  regimen_fiscal: 'text',
  regimenFiscal: 'text',
  replacementUuid: 'text',
  reversals: 'json',
  revokedAt: 'instant',
  rfc: 'text',
  roles: 'json',
  rules_text: 'text',
  seats: 'number',
  secretKey: 'secret',
  secretKeyChanged: 'boolean',
  section: 'id',
  section_id: 'id',
  SectName: 'text',
  SectPosition: 'number',
  SectPosting: 'text',
  SectStatus: 'text',
  sentCount: 'number',
  serie: 'text',
  slot_minutes: 'number',
  SolPrivada: 'text',
  spei: 'json',
  starts_at: 'instant',
  state: 'text',
  status: 'text',
  supervisor: 'boolean',
  tarjeta: 'json',
  tarjetaGuardada: 'boolean',
  documentVersion: 'number',
  folder: 'text',
  TiempoMoroso: 'number',
  timeZone: 'text',
  tipo: 'text',
  tipoAvisos: 'text',
  tipoDescarga: 'text',
  title: 'text',
  torresNuevas: 'number',
  total: 'money',
  TowerId: 'id',
  ticketId: 'id',
  type: 'text',
  unidad: 'text',
  unit: 'text',
  urgente: 'number',
  userCount: 'number',
  userId: 'id',
  uso_cfdi: 'text',
  usoCfdi: 'text',
  uuid: 'text',
  validFrom: 'instant',
  validTo: 'instant',
  VerResultados: 'text',
  VistaxTorre: 'text',
  walkInAnswerMinutes: 'number',
  webhookSecret: 'secret',
  webhookSecretChanged: 'boolean',
  weight: 'number',
  zip: 'text',
} as const satisfies Record<string, HistoryFieldKind>;
export type HistoryField = keyof typeof HISTORY_FIELDS;

/** The before/after of a history row: only listed fields. */
export type HistoryValues = { readonly [K in HistoryField]?: unknown };

const FIELD_KINDS: ReadonlyMap<string, HistoryFieldKind> = new Map(Object.entries(HISTORY_FIELDS));
/** A field's kind; an unlisted field (an old row's) reads as text. */
export const historyFieldKind = (field: string): HistoryFieldKind => FIELD_KINDS.get(field) ?? 'text';
export const isHistoryField = (field: string): field is HistoryField => FIELD_KINDS.has(field);

/** What the server sends in place of a secret's value (the value itself never leaves it). */
export const HISTORY_HIDDEN = '***';

/** A value with its secrets (at any depth, by their field's kind) replaced by HISTORY_HIDDEN. */
export function hideSecrets(field: string, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (historyFieldKind(field) === 'secret') return HISTORY_HIDDEN;
  if (Array.isArray(value)) return value.map((item) => hideSecrets('', item));
  if (typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, hideSecrets(key, inner)]));
  }
  return value;
}

/** The words a value is written with (the view's through react-intl, the CSV's through the reader's language). */
export interface HistoryValueWords {
  /** A field's name: history.field.<name>, or the name as written when it has none. */
  field(name: string): string;
  yes: string;
  no: string;
  hidden: string;
  money(cents: number): string;
  /** 'YYYY-MM-DD'. */
  date(isoDate: string): string;
  /** 'YYYY-MM-DDTHH:mm' as a wall clock (no zone). */
  dateTime(local: string): string;
  /** ISO-8601 UTC, in the condominium's zone. */
  instant(iso: string): string;
  /** Basis points: 150 → 1.5 %. */
  percent(basisPoints: number): string;
}

const INSTANT_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_TEXT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;

function timeText(text: string, words: HistoryValueWords): string | null {
  if (INSTANT_TEXT.test(text)) return words.instant(text);
  if (DATE_TEXT.test(text)) return words.date(text);
  if (LOCAL_TEXT.test(text)) return words.dateTime(text.slice(0, 16).replace(' ', 'T'));
  return null;
}

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
};

/** One value (already parsed) of a field, in words. */
function valueWords(field: string, value: unknown, words: HistoryValueWords, depth: number): string {
  if (value === null || value === undefined || value === '') return '';
  const kind = historyFieldKind(field);
  if (kind === 'secret') return words.hidden;
  if (Array.isArray(value)) {
    const nested = value.some((item) => typeof item === 'object' && item !== null);
    return value.map((item) => valueWords(nested ? '' : field, item, words, depth + 1)).join(nested ? '; ' : ', ');
  }
  if (typeof value === 'object') {
    const text = Object.entries(value)
      .map(([key, inner]) => `${words.field(key)}: ${valueWords(key, inner, words, depth + 1)}`)
      .join(', ');
    return depth > 0 ? `(${text})` : text;
  }
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  const number = numberOf(value);
  switch (kind) {
    case 'money':
      return number === null ? String(value) : words.money(number);
    case 'percent-bp':
      return number === null ? String(value) : words.percent(number);
    case 'boolean':
      if (number === 1 || value === 'true') return words.yes;
      if (number === 0 || value === 'false') return words.no;
      return String(value);
    case 'json':
      if (typeof value === 'string' && depth === 0) {
        try {
          return valueWords(field, JSON.parse(value), words, depth);
        } catch {
          return value;
        }
      }
      return String(value);
    default:
      return typeof value === 'string' ? (timeText(value, words) ?? value) : String(value);
  }
}

/**
 * A change's value (the text the server sends: a string as it is, anything else as JSON) in words, by its
 * field's kind: money as money, dates as dates, yes/no, percentages, JSON as "field: value" lists, secrets
 * hidden. null stays null (the value was not there).
 */
export function historyValueText(field: string, text: string | null, words: HistoryValueWords): string | null {
  if (text === null) return null;
  if (historyFieldKind(field) === 'secret') return text === '' ? '' : words.hidden;
  // Money is integer cents; an amount written as pesos text ('1900.50', the automatic charges') reads the same.
  if (historyFieldKind(field) === 'money' && /^"?-?\d+\.\d+"?$/.test(text)) {
    return words.money(Math.round(Number(text.replaceAll('"', '')) * 100));
  }
  let value: unknown = text;
  if (text !== '' && historyFieldKind(field) !== 'text') {
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      value = text;
    }
  } else if (/^[[{]/.test(text)) {
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      value = text;
    }
  }
  return valueWords(field, value, words, 0);
}

const EntityName = pattern(string(), /^[a-z_]{1,40}$/);

/** The filters: each optional; desde/hasta are the condominium's local calendar days, both included. */
export const HistoryFilters = object({
  actor: optional(QueryInteger(0, 2_147_483_647)),
  entity: optional(EntityName),
  desde: optional(CalendarDate),
  hasta: optional(CalendarDate),
});
export type HistoryFilters = Infer<typeof HistoryFilters>;

export const HistoryQuery = object({
  ...PageQueryOf(HISTORY_MAX_PAGE_SIZE).schema,
  ...HistoryFilters.schema,
});
export type HistoryQuery = Infer<typeof HistoryQuery>;

/** One changed field: its value before and after as text (null: it was not there). */
export const HistoryChange = object({ field: string(), before: nullable(string()), after: nullable(string()) });
export type HistoryChange = Infer<typeof HistoryChange>;

export const HistoryItem = object({
  id: number(),
  /** ISO-8601 UTC. */
  at: string(),
  /** null: the system (a scheduled job). */
  actorId: nullable(number()),
  actorName: nullable(string()),
  entity: string(),
  entityId: number(),
  /** A name, title or label found in the row's own before/after, when it has one. */
  label: nullable(string()),
  action: string(),
  changes: array(HistoryChange),
});
export type HistoryItem = Infer<typeof HistoryItem>;

export const HistoryPerson = object({ id: number(), name: string() });
export type HistoryPerson = Infer<typeof HistoryPerson>;

export const HistoryAnswer = object({
  success: literal(true),
  items: array(HistoryItem),
  total: number(),
  /** Who appears in this condominium's log (the person filter's choices), by name. */
  people: array(HistoryPerson),
  /** The kinds this condominium's log holds (the kind filter's choices). */
  entities: array(string()),
  /** The condominium's time zone (the dates of the filter and of the rows). */
  timeZone: string(),
});
export type HistoryAnswer = Infer<typeof HistoryAnswer>;

/** The filters as a querystring's entries (empty ones left out), for the list and the export. */
export function historySearchParams(filters: HistoryFilters & { limit?: number; offset?: number }): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') params[key] = String(value);
  }
  return params;
}

/** A changed value longer than this is shown cut, with a way to read it whole. */
export const HISTORY_VALUE_PREVIEW = 80;
