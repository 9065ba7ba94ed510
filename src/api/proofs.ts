// Proofs of payment (comprobantes de pago, issue 27; the spec's legacy comprobantes-de-pago): a resident who paid by
// transfer or deposit sends the proof (an image or a PDF, the amount, the day paid, the bank, the reference) for one
// of their dwellings; whoever records payments (permissions.canReviewPaymentProofs) accepts it, which writes the
// payment and its receipt to the ledger, or rejects it with a reason; the sender withdraws it while it waits
// (proofsLifecycle.ts). A proof whose bank, reference, amount and day, or whose file, match a proof already accepted
// in the condominium is flagged as a possible duplicate. Amounts are integer cents of MXN; days YYYY-MM-DD in the
// condominium's time zone. The rules a proof's fields follow are here, pure, so the form and the server agree.
import {
  array,
  boolean,
  enums,
  type Infer,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
} from 'superstruct';
import { PROOF_ACTIONS, PROOF_STATES } from './proofsLifecycle';
import { ATTACHMENT_TYPES, uploadOf } from './uploads';
import { CalendarDate, Id, IdParam, PageQueryOf } from './validation';

export const PROOF_PATHS = {
  /** canUsePaymentProofs: GET ?estado=&limit=&offset= → ProofListAnswer (reviewers: the condominium's; others: their
   * dwellings'); POST ProofDraft → ProofAnswer (201; 200 with the first proof for a clientId already used). */
  list: '/--comprobantes-de-pago',
  /** canUsePaymentProofs: GET → ProofOptionsAnswer (the dwellings the caller may send for, the banks, and for
   * reviewers the ledger accounts a payment may enter). */
  options: '/--comprobantes-de-pago/opciones',
  /** canUsePaymentProofs: GET → ProofAnswer; 404 a proof the caller may not see. */
  proof: '/--comprobantes-de-pago/:id',
  /** canReviewPaymentProofs: POST ProofAcceptRequest → ProofAnswer; 409 no longer waiting; 404 another condominium's. */
  accept: '/--comprobantes-de-pago/:id/aceptar',
  /** canReviewPaymentProofs: POST ProofRejectRequest → ProofAnswer; 409 no longer waiting. */
  reject: '/--comprobantes-de-pago/:id/rechazar',
  /** canUsePaymentProofs, the sender or a resident of its dwelling: POST → ProofAnswer; 409 no longer waiting. */
  withdraw: '/--comprobantes-de-pago/:id/retirar',
  /** Public behind a signed link only a proof's answer carries: GET → the file. */
  file: '/--comprobantes-de-pago/archivo/:fileId',
} as const;

/** The path of a proof's call. */
export const proofPath = (path: string, id: number) => path.replace(':id', String(id));
export const proofFilePath = (fileId: number) => PROOF_PATHS.file.replace(':fileId', String(fileId));

/** The largest proof file: 10 MB, decoded. */
export const PROOF_FILE_MAX_BYTES = 10_000_000;
/** The largest amount a proof may say: $9,999,999.99 (inside the ledger's 32-bit columns and PAYMENT_MAX_CENTS). */
export const PROOF_MAX_CENTS = 999_999_999;
export const PROOF_REFERENCE_MAX = 40;
export const PROOF_NOTE_MAX = 500;
export const PROOF_REASON = { min: 3, max: 500 } as const;
export const PROOFS_PAGE_SIZE = 20;
export const PROOFS_MAX_PAGE_SIZE = 100;

/** The banks a proof names (the main Mexican banks), and Otro for any other. */
export const PROOF_BANKS = [
  'BBVA',
  'Banorte',
  'Santander',
  'Banamex',
  'HSBC',
  'Scotiabank',
  'Inbursa',
  'Banco Azteca',
  'BanCoppel',
  'Banregio',
  'Afirme',
  'Otro',
] as const;
export type ProofBank = (typeof PROOF_BANKS)[number];

/** How the money was paid in: a bank transfer (SPEI) or a deposit at the bank. The receipt says the same. */
export const PROOF_METHODS = ['transferencia', 'deposito'] as const;
export type ProofMethod = (typeof PROOF_METHODS)[number];

export const ProofFileUpload = uploadOf(PROOF_FILE_MAX_BYTES);
export type ProofFileUpload = Infer<typeof ProofFileUpload>;

// ── The rules of a proof's fields ──

export const amountIsValid = (cents: number) => Number.isInteger(cents) && cents >= 1 && cents <= PROOF_MAX_CENTS;

/** The same day a year before (29 February → 28 February). */
export function yearBefore(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return `${String(year - 1).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** Why a day paid will not do, given today in the condominium's zone: after today, or more than a year before. */
export function paidOnProblem(paidOn: string, today: string): 'future' | 'tooOld' | null {
  if (paidOn > today) return 'future';
  if (paidOn < yearBefore(today)) return 'tooOld';
  return null;
}

/** What the duplicate check compares of a reference: letters and digits, upper case. */
export const referenceKey = (reference: string) => reference.toUpperCase().replace(/[^0-9A-Z]/g, '');

export const referenceIsValid = (reference: string) =>
  reference.trim().length > 0 && reference.length <= PROOF_REFERENCE_MAX && referenceKey(reference).length > 0;

export const reasonIsValid = (reason: string) => reason.trim().length >= PROOF_REASON.min && reason.length <= PROOF_REASON.max;

/** What a possible duplicate shares with a proof already accepted. */
export interface DuplicateKey {
  bank: string;
  reference: string;
  amountCents: number;
  paidOn: string;
  sha256: string;
}

/** Whether two proofs look like the same payment: the same file, or the same bank, reference, amount and day. */
export const sameProof = (a: DuplicateKey, b: DuplicateKey) =>
  a.sha256 === b.sha256 ||
  (a.bank === b.bank &&
    referenceKey(a.reference) === referenceKey(b.reference) &&
    a.amountCents === b.amountCents &&
    a.paidOn === b.paidOn);

// ── Structs ──

const Cents = refine(integer(), 'Cents', (value) => amountIsValid(value) || `must be between 1 and ${PROOF_MAX_CENTS}`);
const Reference = refine(
  size(string(), 1, PROOF_REFERENCE_MAX),
  'Reference',
  (value) => referenceIsValid(value) || `must have letters or digits, at most ${PROOF_REFERENCE_MAX} characters`,
);
export const ProofReason = refine(
  size(string(), 1, PROOF_REASON.max),
  'Reason',
  (value) => reasonIsValid(value) || `must be ${PROOF_REASON.min} to ${PROOF_REASON.max} characters`,
);

/** What a resident sends. `clientId` is made by the screen once per proof: sending it again answers the first. */
export const ProofDraft = object({
  clientId: pattern(string(), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  apartmentId: Id,
  method: enums(PROOF_METHODS),
  amountCents: Cents,
  paidOn: CalendarDate,
  bank: enums(PROOF_BANKS),
  reference: Reference,
  note: size(string(), 0, PROOF_NOTE_MAX),
  file: ProofFileUpload,
});
export type ProofDraft = Infer<typeof ProofDraft>;

export const ProofParams = object({ id: IdParam });
export type ProofParams = Infer<typeof ProofParams>;
export const ProofFileParams = object({ fileId: IdParam });

export const ProofAcceptRequest = object({ accountId: Id });
export type ProofAcceptRequest = Infer<typeof ProofAcceptRequest>;
export const ProofRejectRequest = object({ reason: ProofReason });
export type ProofRejectRequest = Infer<typeof ProofRejectRequest>;

export const Proof = object({
  id: Id,
  apartmentId: Id,
  vivienda: string(),
  estado: enums(PROOF_STATES),
  method: enums(PROOF_METHODS),
  amountCents: number(),
  paidOn: string(),
  bank: string(),
  reference: string(),
  note: string(),
  sentBy: string(),
  /** ISO-8601 UTC. */
  sentAt: string(),
  fileName: string(),
  fileType: string(),
  /** A signed link to the file, valid for an hour. */
  fileUrl: string(),
  /** Waiting, and its bank, reference, amount and day, or its file, match a proof already accepted. */
  duplicate: boolean(),
  reviewedBy: nullable(string()),
  reviewedAt: nullable(string()),
  rejectReason: nullable(string()),
  /** The ledger payment an accepted proof wrote: its receipt is receipts' RECEIPT_PATHS.pdf. */
  paymentId: nullable(number()),
  /** What the caller may do with it now (proofsLifecycle.ts). */
  actions: array(enums(PROOF_ACTIONS)),
});
export type Proof = Infer<typeof Proof>;

export const ProofAnswer = object({ success: literal(true), data: Proof });
export type ProofAnswer = Infer<typeof ProofAnswer>;

/** The list's tabs: waiting, accepted, rejected (and withdrawn, which only their senders look for). */
export const PROOF_TABS = ['pendientes', 'aceptados', 'rechazados', 'retirados'] as const;
export type ProofTab = (typeof PROOF_TABS)[number];
export const PROOF_TAB_STATE = {
  pendientes: 'enviado',
  aceptados: 'aceptado',
  rechazados: 'rechazado',
  retirados: 'retirado',
} as const satisfies Record<ProofTab, (typeof PROOF_STATES)[number]>;

export const ProofListQuery = object({
  ...PageQueryOf(PROOFS_MAX_PAGE_SIZE).schema,
  /** One tab; none: every state, newest first. */
  estado: optional(enums(PROOF_TABS)),
});
export type ProofListQuery = Infer<typeof ProofListQuery>;

export const ProofListAnswer = object({ success: literal(true), items: array(Proof), total: number() });
export type ProofListAnswer = Infer<typeof ProofListAnswer>;

export const ProofDwelling = object({ id: Id, nombre: string() });
export type ProofDwelling = Infer<typeof ProofDwelling>;
export const ProofAccount = object({ id: Id, nombre: string() });
export type ProofAccount = Infer<typeof ProofAccount>;

export const ProofOptions = object({
  /** The dwellings the caller may send a proof for: their own, or every active one for a reviewer. */
  dwellings: array(ProofDwelling),
  /** Whether the caller reviews proofs (the queue, accepting, rejecting). */
  reviewer: boolean(),
  /** The ledger accounts an accepted proof's payment may enter (reviewers; empty otherwise). */
  accounts: array(ProofAccount),
  /** Today in the condominium's zone (the day paid is at most today, at least a year before). */
  today: string(),
});
export type ProofOptions = Infer<typeof ProofOptions>;
export const ProofOptionsAnswer = object({ success: literal(true), data: ProofOptions });
export type ProofOptionsAnswer = Infer<typeof ProofOptionsAnswer>;

// ── The form ──

/** An amount as typed ("1500", "1,500.50", "$1500,5") in integer cents; null when it is not one. */
export function amountTextToCents(text: string): number | null {
  const bare = text.replace(/[\s$]/g, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?$/.exec(bare) ?? /^(\d{1,7}),(\d{1,2})$/.exec(bare);
  if (!match) return null;
  const cents = Number(match[1]!.replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return amountIsValid(cents) ? cents : null;
}

/** What the form holds before it is sent: the amount as typed, the rest as they go. */
export interface ProofFields {
  apartmentId: number | null;
  method: ProofMethod;
  amount: string;
  paidOn: string;
  bank: ProofBank | '';
  reference: string;
  note: string;
}

export type ProofField = 'apartmentId' | 'amount' | 'paidOn' | 'bank' | 'reference' | 'note';
/** Why a field will not do; the words are proofs.field.<problem>. */
export type ProofFieldProblem = 'required' | 'amount' | 'future' | 'tooOld' | 'date' | 'reference' | 'note';

/** The fields that will not do, given today in the condominium's zone; empty when the proof may be sent. */
export function proofFieldProblems(fields: ProofFields, today: string): Partial<Record<ProofField, ProofFieldProblem>> {
  const problems: Partial<Record<ProofField, ProofFieldProblem>> = {};
  if (fields.apartmentId === null) problems.apartmentId = 'required';
  if (fields.amount.trim() === '') problems.amount = 'required';
  else if (amountTextToCents(fields.amount) === null) problems.amount = 'amount';
  if (fields.paidOn === '') problems.paidOn = 'required';
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(fields.paidOn) || Number.isNaN(Date.parse(`${fields.paidOn}T00:00:00Z`)))
    problems.paidOn = 'date';
  else {
    const problem = paidOnProblem(fields.paidOn, today);
    if (problem) problems.paidOn = problem;
  }
  if (fields.bank === '') problems.bank = 'required';
  if (fields.reference.trim() === '') problems.reference = 'required';
  else if (!referenceIsValid(fields.reference)) problems.reference = 'reference';
  if (fields.note.length > PROOF_NOTE_MAX) problems.note = 'note';
  return problems;
}

/** A file the form takes before reading it: one of the types, at most PROOF_FILE_MAX_BYTES (the server checks the bytes). */
export const proofFileIsAcceptable = (file: { type: string; size: number }) =>
  (ATTACHMENT_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= PROOF_FILE_MAX_BYTES;
