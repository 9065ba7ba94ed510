// Surveys and votes (issue 14; sections of code EN, spec §2.2 /condominio/comunicacion/encuestas?PollId=):
// opinion surveys (one answer per person) and formal votes (one vote per dwelling, counted one per dwelling or
// weighted by each dwelling's indiviso share). Who may do what: permissions.ts (canReadPolls, canCreatePoll,
// canProposePoll, canManagePolls); which change is allowed and whether a seat may vote: pollLifecycle.ts.
// Both sides use the same functions.
//
// Units: money in integer cents; indiviso shares in parts per million of the whole property (1.2345 % =
// 12_345); percentages in basis points (0–10_000 = 0–100 %), rounded half up in integer arithmetic.
import {
  array,
  boolean,
  defaulted,
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
import { POLL_ACTIONS, POLL_PHASES, POLL_STATES, VOTE_REFUSALS } from './pollLifecycle';
import { AttachmentUpload } from './uploads';
import { CalendarDateTime, Id, IdParam, NonEmpty, QueryInteger, Version } from './validation';

export const POLLS_PATHS = {
  /** GET: the EN sections the caller reads (settings), the condominium's time zone, and what the caller may
   * do (create, propose, manage). */
  home: '/--encuestas/home',
  /** GET PollListQuery: a page of polls the caller may see, newest first within the phase. */
  list: '/--encuestas/list',
  /** GET one poll: questions, the caller's seats, the results when VerResultados allows, the actions. */
  poll: (pollId: number | string) => `/--encuestas/poll/${pollId}`,
  /** POST PollDraft: administrators publish; a resident in a section with SectPosting A proposes. */
  create: '/--encuestas/new',
  /** POST PollUpdateRequest: edit before opening (canEditPoll), version checked; answers PollAnswer. */
  update: '/--encuestas/update',
  /** POST PollChangeRequest: a lifecycle action (pollLifecycle.ts), version checked; answers PollAnswer. */
  change: '/--encuestas/change',
  /** POST VoteRequest: cast or (where allowed) change the vote of one seat. */
  vote: '/--encuestas/vote',
  /** GET ReceiptQuery: whether the ballot of a receipt code is counted (never what it chose). */
  receipt: '/--encuestas/receipt',
  /** Administrators: GET the result as CSV (text/csv; charset=utf-8, with BOM). */
  csv: (pollId: number | string) => `/--encuestas/export/${pollId}`,
  /** Administrators: GET the acta as PDF. */
  acta: (pollId: number | string) => `/--encuestas/acta/${pollId}`,
  /** Anyone holding the signed link an answer gave: an attachment's bytes. */
  attachmentFile: (attachmentId: number | string) => `/--encuestas/file/${attachmentId}`,
} as const;

export const POLLS_PAGE_SIZE = 20;
export const POLLS_MAX_PAGE_SIZE = 50;
export const POLL_TITLE_MAX = 120;
export const POLL_TEXT_MAX = 4000;
export const POLL_QUESTION_MAX = 300;
export const POLL_OPTION_MAX = 120;
export const POLL_MAX_QUESTIONS = 20;
export const POLL_MAX_OPTIONS = 20;
export const POLL_FREE_TEXT_MAX = 1000;
export const POLL_REASON_MAX = 500;
export const POLL_MAX_ATTACHMENTS = 4;
/** A poll stays open at least this long. */
export const POLL_MIN_OPEN_MINUTES = 60;
/** Reminder to those who have not voted, this long before closing. */
export const POLL_REMINDER_HOURS = 24;
/** An open poll's screen asks again this often (DESIGN.md §8: live things refresh within 15 s). */
export const POLL_REFRESH_MS = 15_000;
/** The whole property, in indiviso units (parts per million). */
export const INDIVISO_WHOLE = 1_000_000;
/** 100 % in basis points. */
export const BASIS_POINTS = 10_000;

export const PollState = enums(POLL_STATES);
export const PollPhase = enums(POLL_PHASES);
export const PollActionName = enums(POLL_ACTIONS);
export const VoteRefusalName = enums(VOTE_REFUSALS);

/** encuesta: one answer per person; votacion: one vote per dwelling. */
export const POLL_KINDS = ['encuesta', 'votacion'] as const;
export const PollKind = enums(POLL_KINDS);
export type PollKind = (typeof POLL_KINDS)[number];

/** How ballots count: persona (encuestas), vivienda (one per dwelling), indiviso (weighted by the share). */
export const POLL_COUNTINGS = ['persona', 'vivienda', 'indiviso'] as const;
export const PollCounting = enums(POLL_COUNTINGS);
export type PollCounting = (typeof POLL_COUNTINGS)[number];

/** unica: one option; multiple: up to `maximo`; sino: Sí / No / Abstención (fixed options, created by the
 * server in that order); abierta: free text (encuestas only). */
export const QUESTION_KINDS = ['unica', 'multiple', 'sino', 'abierta'] as const;
export const QuestionKind = enums(QUESTION_KINDS);
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** The fixed options of a sino question, by their stored key (the screen translates them). */
export const YES_NO_OPTIONS = ['si', 'no', 'abstencion'] as const;

/** Phases the list filters by (the screen's tabs). */
export const POLL_LIST_FILTERS = ['abiertas', 'proximas', 'cerradas', 'propuestas'] as const;
export const PollListFilter = enums(POLL_LIST_FILTERS);
export type PollListFilter = (typeof POLL_LIST_FILTERS)[number];

/** A wall-clock time in the condominium's zone, 'YYYY-MM-DDTHH:mm' on a day that exists (the server converts it
 * with the condominium's time zone; answers give ISO-8601 UTC plus the zone): the contract's one date-time. */
export const LocalDateTime = CalendarDateTime;

const Percent = refine(integer(), 'Percent', (value) => (value >= 1 && value <= 100) || 'must be from 1 to 100');
const Maximum = refine(integer(), 'Maximum', (value) => (value >= 1 && value <= POLL_MAX_OPTIONS) || 'must be from 1 to 20');

export const PollParams = object({ pollId: IdParam });

export const PollListQuery = object({
  fase: optional(PollListFilter),
  sectionId: optional(QueryInteger(1, 2_147_483_647)),
  limit: optional(QueryInteger(1, POLLS_MAX_PAGE_SIZE)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
});
export type PollListQuery = Infer<typeof PollListQuery>;

export const QuestionDraft = object({
  Texto: NonEmpty(POLL_QUESTION_MAX),
  tipo: QuestionKind,
  /** unica / multiple: 2–20 distinct options; sino and abierta: empty (ignored). */
  opciones: defaulted(size(array(NonEmpty(POLL_OPTION_MAX)), 0, POLL_MAX_OPTIONS), []),
  /** multiple: how many options one may choose (2 … options); else null. */
  maximo: defaulted(nullable(Maximum), null),
});
export type QuestionDraft = Infer<typeof QuestionDraft>;

export const PollDraft = object({
  sectionId: Id,
  Titulo: NonEmpty(POLL_TITLE_MAX),
  Descripcion: defaulted(size(string(), 0, POLL_TEXT_MAX), ''),
  tipo: PollKind,
  /** encuesta → persona; votacion → vivienda or indiviso. */
  conteo: PollCounting,
  /** Secret ballot: nobody (administrators included) sees who chose what. */
  secreta: boolean(),
  /** A vote may be changed until closing. */
  cambiable: boolean(),
  /** Participation needed for the result to stand, in percent (by the counting: dwellings, indiviso or
   * persons); null: none. */
  quorum: defaulted(nullable(Percent), null),
  abre: LocalDateTime,
  cierra: LocalDateTime,
  preguntas: size(array(QuestionDraft), 1, POLL_MAX_QUESTIONS),
  adjuntos: defaulted(size(array(AttachmentUpload), 0, POLL_MAX_ATTACHMENTS), []),
});
export type PollDraft = Infer<typeof PollDraft>;

export const PollUpdateRequest = object({
  pollId: Id,
  version: Version,
  ...PollDraft.schema,
  /** Attachments already on the poll that stay (the others are removed). */
  conservarAdjuntos: defaulted(size(array(Id), 0, POLL_MAX_ATTACHMENTS), []),
});
export type PollUpdateRequest = Infer<typeof PollUpdateRequest>;

export const PollChangeRequest = object({
  pollId: Id,
  version: Version,
  action: PollActionName,
  /** rechazar, cancelar: required (shown to the proposer / to everyone). */
  motivo: optional(size(string(), 0, POLL_REASON_MAX)),
  /** extender: the new closing time, later than the current one and than now. */
  cierra: optional(LocalDateTime),
});
export type PollChangeRequest = Infer<typeof PollChangeRequest>;

export const VoteChoice = object({
  preguntaId: Id,
  /** unica / sino: exactly one; multiple: 1 … maximo, distinct; abierta: none. */
  opciones: defaulted(size(array(Id), 0, POLL_MAX_OPTIONS), []),
  /** abierta: the answer (may be empty: the question is skipped). */
  texto: optional(size(string(), 0, POLL_FREE_TEXT_MAX)),
});
export type VoteChoice = Infer<typeof VoteChoice>;

export const VoteRequest = object({
  pollId: Id,
  /** votacion: the dwelling voting (one of the caller's); encuesta: null. */
  ApmtId: nullable(Id),
  /** Every unica, multiple and sino question answered once; abierta optional. */
  respuestas: size(array(VoteChoice), 1, POLL_MAX_QUESTIONS),
});
export type VoteRequest = Infer<typeof VoteRequest>;

/** Receipt codes: 12 characters of Crockford base32 in groups of four, "K7Q2-9XMB-4TZ1". */
export const RECEIPT_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const ReceiptQuery = object({ pollId: QueryInteger(1, 2_147_483_647), codigo: pattern(string(), RECEIPT_PATTERN) });
export type ReceiptQuery = Infer<typeof ReceiptQuery>;

// ── Answers

export const PollSectionInfo = object({
  SectId: number(),
  SectName: string(),
  SectPosting: enums(['A', 'R']),
  VerResultados: enums([0, 1, 2]),
  EnviarCopia: enums([0, 1]),
  /** Days: a dwelling whose oldest unpaid charge is overdue by more than this may not vote; 0: no limit. */
  TiempoMoroso: number(),
  MensajeConfirmacion: nullable(string()),
});
export type PollSectionInfo = Infer<typeof PollSectionInfo>;

export const PollsHomeAnswer = object({
  success: literal(true),
  secciones: array(PollSectionInfo),
  /** IANA zone of the condominium (LocalDateTime is read in it). */
  zonaHoraria: string(),
  /** Now in the condominium's zone, 'YYYY-MM-DDTHH:mm' (the editor's defaults and checks). */
  ahoraLocal: string(),
  /** Administrators: create and publish in any EN section they read. */
  canCreate: boolean(),
  /** Sections where the caller may propose (SectPosting A, not an administrator). */
  proposeIn: array(number()),
  canManage: boolean(),
});
export type PollsHomeAnswer = Infer<typeof PollsHomeAnswer>;

export const PollSummary = object({
  PollId: number(),
  SectId: number(),
  Titulo: string(),
  tipo: PollKind,
  conteo: PollCounting,
  secreta: boolean(),
  cambiable: boolean(),
  quorum: nullable(number()),
  /** ISO-8601 UTC. */
  abre: string(),
  cierra: string(),
  estado: PollState,
  fase: PollPhase,
  /** Shown to everyone once cancelled; to the proposer when rejected. */
  motivo: nullable(string()),
  /** A resident's proposal: who proposed it. */
  PropuestoPor: nullable(string()),
  /** Any seat of the caller has a counted ballot. */
  haVotado: boolean(),
  version: number(),
});
export type PollSummary = Infer<typeof PollSummary>;

export const PollOption = object({ id: number(), Texto: string(), /** sino: si | no | abstencion */ clave: nullable(string()) });
export type PollOption = Infer<typeof PollOption>;

export const PollQuestion = object({
  id: number(),
  Texto: string(),
  tipo: QuestionKind,
  maximo: nullable(number()),
  opciones: array(PollOption),
});
export type PollQuestion = Infer<typeof PollQuestion>;

export const PollAttachment = object({ id: number(), nombre: string(), tipo: enums(['image', 'file']), url: string() });

export const PollDetail = object({
  ...PollSummary.schema,
  Descripcion: string(),
  preguntas: array(PollQuestion),
  adjuntos: array(PollAttachment),
  /** The section's settings that shape this screen. */
  seccion: PollSectionInfo,
  zonaHoraria: string(),
  /** When the electorate, weights and arrears were fixed (the first moment the poll was open); null before. */
  fijadoEn: nullable(string()),
});
export type PollDetail = Infer<typeof PollDetail>;

export const SEAT_STATES = ['puede', 'votado', 'moroso', 'no_elegible'] as const;

/** One place the caller votes from: each of their dwellings (votación), or themselves (encuesta). */
export const PollSeat = object({
  /** votación: the dwelling; encuesta: null. */
  ApmtId: nullable(number()),
  /** "Torre A - 101", or the person's name. */
  Nombre: string(),
  estado: enums(SEAT_STATES),
  /** moroso: what the dwelling owed at opening, in cents, and the age in days of its oldest unpaid charge. */
  adeudo: nullable(number()),
  dias: nullable(number()),
  /** votación: the dwelling's weight at opening (indiviso units, or 1). */
  peso: nullable(number()),
  /** votado: when (last change), the receipt code, and what this seat chose (only ever to its own voters). */
  FechaVoto: nullable(string()),
  recibo: nullable(string()),
  respuestas: nullable(array(VoteChoice)),
  /** Someone else of this dwelling cast its vote (their name; never to others). */
  VotoDe: nullable(string()),
});
export type PollSeat = Infer<typeof PollSeat>;

export const OptionResult = object({
  opcionId: number(),
  Texto: string(),
  clave: nullable(string()),
  /** Ballots choosing it. */
  votos: number(),
  /** Their weight: indiviso units (indiviso), else equal to votos. */
  peso: number(),
  /** Of the ballots answering the question, basis points (votos) and by weight (peso). */
  porcentaje: number(),
  porcentajePeso: number(),
});
export type OptionResult = Infer<typeof OptionResult>;

export const QuestionResult = object({
  preguntaId: number(),
  /** Ballots that answered this question, and their weight. */
  respuestas: number(),
  peso: number(),
  opciones: array(OptionResult),
  /** abierta: the answers' texts, without names, in random order. */
  textos: array(string()),
});
export type QuestionResult = Infer<typeof QuestionResult>;

export const PublicBallot = object({
  Nombre: string(),
  /** Per question: the chosen options' texts (abierta: the text). */
  respuestas: array(object({ preguntaId: number(), opciones: array(string()), texto: nullable(string()) })),
});

export const PollResults = object({
  /** Final: the poll is closed (or cancelled); else a running count. */
  final: boolean(),
  /** Seats in the electorate fixed at opening (dwellings or persons, barred ones included) and their weight. */
  electorado: number(),
  electoradoPeso: number(),
  votantes: number(),
  votantesPeso: number(),
  /** By the counting (weight for indiviso, seats otherwise), basis points of the electorate. */
  participacion: number(),
  quorum: nullable(number()),
  /** null when there is no quorum. */
  quorumAlcanzado: nullable(boolean()),
  preguntas: array(QuestionResult),
  /** Administrators: the seats that have not voted yet (names only); null for others. */
  pendientes: nullable(array(string())),
  /** Public ballots: who chose what, to whoever sees the results; null on a secret ballot. */
  votos: nullable(array(PublicBallot)),
});
export type PollResults = Infer<typeof PollResults>;

export const PollAnswer = object({
  success: literal(true),
  poll: PollDetail,
  asientos: array(PollSeat),
  /** null while VerResultados (canSeeResults) hides them from the caller. */
  resultados: nullable(PollResults),
  /** What the caller may do now (pollActions). */
  acciones: array(PollActionName),
  puedeEditar: boolean(),
  /** The draft as stored, for the editor (only when puedeEditar). */
  borrador: nullable(PollDraft),
});
export type PollAnswer = Infer<typeof PollAnswer>;

export const PollListAnswer = object({ success: literal(true), items: array(PollSummary), total: number() });
export type PollListAnswer = Infer<typeof PollListAnswer>;

export const PollSavedAnswer = object({
  success: literal(true),
  PollId: number(),
  /** publicada (administrators) or propuesta (a resident's proposal). */
  estado: PollState,
});
export type PollSavedAnswer = Infer<typeof PollSavedAnswer>;

export const VoteAnswer = object({
  success: literal(true),
  recibo: string(),
  FechaVoto: string(),
  /** The section's MensajeConfirmacion when set. */
  MensajeConfirmacion: nullable(string()),
  /** A receipt went to the voter's e-mail (EnviarCopia 1). */
  copiaEnviada: boolean(),
  /** It replaced this seat's earlier vote. */
  cambio: boolean(),
  /** The poll as it is now (results when the caller may now see them). */
  poll: PollAnswer,
});
export type VoteAnswer = Infer<typeof VoteAnswer>;

export const ReceiptAnswer = object({
  success: literal(true),
  /** The ballot of this code is counted in this poll. */
  contado: boolean(),
  FechaVoto: nullable(string()),
});
export type ReceiptAnswer = Infer<typeof ReceiptAnswer>;

/** A 409 of this area: the error, why (a vote refusal, or CONFLICT for a stale version / a refused
 * action), and the poll as it is now. */
export const PollConflictAnswer = object({
  success: literal(false),
  message: string(),
  code: literal('CONFLICT'),
  messageId: optional(string()),
  motivo: nullable(VoteRefusalName),
  poll: PollAnswer,
});
export type PollConflictAnswer = Infer<typeof PollConflictAnswer>;

// ── The draft's rules, shared by the editor machine and the server (message ids of polls.json)

export const POLL_MESSAGES = {
  required: 'polls.error.required',
  closesBeforeOpening: 'polls.error.closesBeforeOpening',
  tooShort: 'polls.error.tooShort',
  openingInPast: 'polls.error.openingInPast',
  countingForKind: 'polls.error.countingForKind',
  needsOptions: 'polls.error.needsOptions',
  duplicateOption: 'polls.error.duplicateOption',
  maximumRange: 'polls.error.maximumRange',
  freeTextInVote: 'polls.error.freeTextInVote',
} as const;

export type DraftErrors = Partial<Record<'Titulo' | 'abre' | 'cierra' | 'conteo' | `pregunta.${number}`, string>>;

const minutesOf = (local: string) => Date.parse(`${local}:00Z`) / 60_000;

/**
 * The rules of a draft the struct cannot say. `nowLocal` ('YYYY-MM-DDTHH:mm' in the condominium's zone) is
 * given for a new poll or a changed opening time; the opening may not be in the past.
 */
export function validatePollDraft(draft: PollDraft, nowLocal?: string): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.Titulo.trim() === '') errors.Titulo = POLL_MESSAGES.required;
  if (nowLocal !== undefined && draft.abre < nowLocal) errors.abre = POLL_MESSAGES.openingInPast;
  if (draft.cierra <= draft.abre) errors.cierra = POLL_MESSAGES.closesBeforeOpening;
  else if (minutesOf(draft.cierra) - minutesOf(draft.abre) < POLL_MIN_OPEN_MINUTES) errors.cierra = POLL_MESSAGES.tooShort;
  const countingOk = draft.tipo === 'encuesta' ? draft.conteo === 'persona' : draft.conteo !== 'persona';
  if (!countingOk) errors.conteo = POLL_MESSAGES.countingForKind;
  draft.preguntas.forEach((q, i) => {
    const key = `pregunta.${i}` as const;
    if (q.Texto.trim() === '') errors[key] = POLL_MESSAGES.required;
    else if (q.tipo === 'abierta' && draft.tipo === 'votacion') errors[key] = POLL_MESSAGES.freeTextInVote;
    else if (q.tipo === 'unica' || q.tipo === 'multiple') {
      const names = q.opciones.map((o) => o.trim().toLocaleLowerCase('es'));
      if (names.length < 2 || names.some((n) => n === '')) errors[key] = POLL_MESSAGES.needsOptions;
      else if (new Set(names).size !== names.length) errors[key] = POLL_MESSAGES.duplicateOption;
      else if (q.tipo === 'multiple' && (q.maximo === null || q.maximo < 2 || q.maximo > names.length)) {
        errors[key] = POLL_MESSAGES.maximumRange;
      }
    }
  });
  return errors;
}

/** A seat of a poll's electorate as a count reads it: a seat barred for arrears never counts. */
export interface CountedSeat {
  seatKey: string;
  weight: number;
  barred: boolean;
}

/**
 * A poll's participation: the electorate (every seat fixed at opening, barred ones included) and its weight, the
 * ballots that count (one per seat of the electorate not barred) and theirs, and the share in basis points (by
 * weight when counting by indiviso). The one reading of it: the poll's results (server/domain/polls/tally.ts),
 * its CSV and acta, and control gerencial's participation card.
 */
export function participationOf(conteo: PollCounting, electorate: readonly CountedSeat[], ballotSeatKeys: readonly string[]) {
  const weightOf = (seat: CountedSeat) => (conteo === 'indiviso' ? seat.weight : 1);
  const seats = new Map(electorate.map((seat) => [seat.seatKey, seat]));
  const counted = new Set<string>();
  let votantesPeso = 0;
  for (const key of ballotSeatKeys) {
    const seat = seats.get(key);
    if (!seat || seat.barred || counted.has(key)) continue;
    counted.add(key);
    votantesPeso += weightOf(seat);
  }
  const electorado = electorate.length;
  const electoradoPeso = electorate.reduce((total, seat) => total + weightOf(seat), 0);
  const votantes = counted.size;
  const participacion = conteo === 'indiviso' ? basisPoints(votantesPeso, electoradoPeso) : basisPoints(votantes, electorado);
  return { electorado, electoradoPeso, votantes, votantesPeso, participacion };
}

/** Basis points of part in whole, rounded half up, in integer arithmetic (0 when whole is 0). */
export function basisPoints(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.floor((2 * part * BASIS_POINTS + whole) / (2 * whole));
}
