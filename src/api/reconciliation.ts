// Bank statement reconciliation (conciliación bancaria, issue 27): an administrator uploads a bank statement (the
// CSV or XLSX of a Mexican bank, an OFX, or any CSV through a column mapping saved per condominium), previews
// what was read, and imports it into one of the condominium's bank accounts. Every movement is kept once (a
// fingerprint per movement: importing the same or an overlapping statement again adds nothing); each deposit is
// matched to a dwelling with a confidence (sure ones post to the ledger at once, with their receipt), the rest
// wait in a queue with their best suggestions. A withdrawal is linked to the expense the ledger has of it, or
// written as an expense by the condominium's category rules (text contained in its description → a category and
// fund); the rest stay listed ("retiro sin registrar") and are categorised from the queue, which may save the
// rule. Money in integer cents, days as YYYY-MM-DD.
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
import { Id, IdParam, PageQueryOf } from './validation';

export const RECONCILIATION_PATHS = {
  /** canRecordPayment: POST StatementUpload → StatementPreviewAnswer (nothing written); 400 a limit or an unreadable file. */
  preview: '/--conciliacion/vista-previa',
  /** canRecordPayment: POST StatementImportRequest → StatementImportAnswer (201); 409 the file changed since its preview. */
  importStatement: '/--conciliacion/importar',
  /** canRecordPayment: GET ?limit=&offset= → StatementImportListAnswer, newest first (and whether the demo's
   * example statement may be downloaded here). */
  imports: '/--conciliacion/importaciones',
  /** canRecordPayment: GET → the demo's example statement (BBVA's CSV of last month, text/csv); 404 in any
   * condominium but the demo's Residencial Las Palmas with its BBVA account. */
  exampleStatement: '/--conciliacion/estado-de-ejemplo',
  /** canRecordPayment: GET ?limit=&offset=&estado= → BankMovementListAnswer (the queue: estado=pendiente). */
  movements: '/--conciliacion/movimientos',
  /** canRecordPayment: POST AcceptRequest → BankMovementAnswer; 409 not pending; 404 another condominium's. */
  accept: '/--conciliacion/movimientos/:id/aceptar',
  /** canRecordPayment: POST SplitRequest → BankMovementAnswer; 400 parts that do not add up to the deposit. */
  split: '/--conciliacion/movimientos/:id/dividir',
  /** canRecordPayment: POST → BankMovementAnswer, the deposit set aside (nothing posted). */
  dismiss: '/--conciliacion/movimientos/:id/descartar',
  /** canManagePayments (administrators): POST UndoRequest → BankMovementAnswer, its matches reversed. */
  undo: '/--conciliacion/movimientos/:id/deshacer',
  /** canRecordPayment: GET → ColumnMappingListAnswer; POST ColumnMappingDraft → ColumnMappingAnswer (201). */
  mappings: '/--conciliacion/mapeos',
  /** canRecordPayment: POST → OkAnswer; 404 another condominium's. */
  removeMapping: '/--conciliacion/mapeos/:id/borrar',
  /** canRecordPayment: POST MappingRenameRequest → ColumnMappingAnswer; 404 another condominium's; 409 the name is taken. */
  renameMapping: '/--conciliacion/mapeos/:id/renombrar',
  /** canRecordPayment: GET → ExpenseRuleListAnswer (and the categories and funds the ledger knows); POST
   * ExpenseRuleDraft → ExpenseRuleAnswer (201; the same text again replaces its rule). */
  expenseRules: '/--conciliacion/reglas-de-gasto',
  /** canRecordPayment: POST → OkAnswer; 404 another condominium's. */
  removeExpenseRule: '/--conciliacion/reglas-de-gasto/:id/borrar',
  /** canRecordPayment: POST CategorizeRequest → BankMovementAnswer, the withdrawal written as an expense (and the
   * rule saved when asked); 409 not a withdrawal waiting to be recorded. */
  categorize: '/--conciliacion/movimientos/:id/registrar-gasto',
} as const;

/** The path of a movement's or a mapping's call. */
export const reconciliationPath = (path: string, id: number) => path.replace(':id', String(id));

/** The limits of an uploaded statement. */
export const STATEMENT_MAX_BYTES = 5 * 1024 * 1024;
export const STATEMENT_MAX_ROWS = 20_000;
export const STATEMENT_MAX_CELL = 500;
/** The request body's limit: the file in base64 and the rest of the request. */
export const STATEMENT_BODY_LIMIT = Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 64 * 1024;

/** The layouts read without a mapping, and 'mapeo' (a saved column mapping) and 'ofx'. */
export const STATEMENT_BANKS = ['bbva', 'banorte', 'santander', 'hsbc', 'scotiabank', 'banamex', 'ofx', 'mapeo'] as const;
export type StatementBank = (typeof STATEMENT_BANKS)[number];

/** What a movement is: a deposit still waiting, one reconciled, one set aside, a withdrawal not recorded, or one
 * recorded as an expense (found in the ledger, or written by a category rule or from the queue). */
export const MOVEMENT_STATES = ['pendiente', 'conciliado', 'descartado', 'retiro_sin_registrar', 'retiro_registrado'] as const;
export type MovementState = (typeof MOVEMENT_STATES)[number];

/** A match of a deposit to a dwelling: posted on its own, suggested, accepted by hand, set aside or undone. */
export const MATCH_STATES = ['automatico', 'sugerido', 'aceptado', 'descartado', 'deshecho'] as const;
export type MatchState = (typeof MATCH_STATES)[number];

/** From this confidence (0..100) a match posts on its own; below, it waits in the queue as a suggestion. */
export const SURE_CONFIDENCE = 90;
/** The suggestions a pending deposit shows. */
export const SUGGESTIONS_SHOWN = 3;

/** Date formats a column mapping may name. */
export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD', 'DD-MM-YYYY'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** Why a line of the statement was not read (reconciliation.line.<code>). */
export const LINE_PROBLEMS = ['date', 'amount', 'empty'] as const;
export type LineProblem = (typeof LINE_PROBLEMS)[number];

const Column = size(string(), 1, 100);

/** A saved column mapping: how to read any CSV by its header names. */
export const ColumnMappingDraft = refine(
  object({
    name: size(string(), 1, 100),
    dateColumn: Column,
    dateFormat: enums(DATE_FORMATS),
    descriptionColumn: Column,
    referenceColumn: optional(nullable(Column)),
    /** Either one signed amount column, or a withdrawal (cargo) and a deposit (abono) column. */
    amountColumn: optional(nullable(Column)),
    withdrawalColumn: optional(nullable(Column)),
    depositColumn: optional(nullable(Column)),
    balanceColumn: optional(nullable(Column)),
  }),
  'ColumnMapping',
  (m) =>
    (m.amountColumn ? !m.withdrawalColumn && !m.depositColumn : !!m.withdrawalColumn && !!m.depositColumn) ||
    'needs an amount column, or both withdrawal and deposit columns',
);
export type ColumnMappingDraft = Infer<typeof ColumnMappingDraft>;

export const ColumnMapping = object({
  id: Id,
  name: string(),
  dateColumn: string(),
  dateFormat: enums(DATE_FORMATS),
  descriptionColumn: string(),
  referenceColumn: nullable(string()),
  amountColumn: nullable(string()),
  withdrawalColumn: nullable(string()),
  depositColumn: nullable(string()),
  balanceColumn: nullable(string()),
});
export type ColumnMapping = Infer<typeof ColumnMapping>;

export const ColumnMappingListAnswer = object({ success: literal(true), items: array(ColumnMapping) });
export type ColumnMappingListAnswer = Infer<typeof ColumnMappingListAnswer>;
export const ColumnMappingAnswer = object({ success: literal(true), mapping: ColumnMapping });
export type ColumnMappingAnswer = Infer<typeof ColumnMappingAnswer>;

/** The file as uploaded: its name and its bytes in base64, and the mapping to read it with (a CSV of no known bank). */
export const StatementUpload = object({
  nombre: size(string(), 1, 200),
  datos: size(pattern(string(), /^[A-Za-z0-9+/]*={0,2}$/), 1, Math.ceil((STATEMENT_MAX_BYTES * 4) / 3) + 4),
  mapeoId: optional(nullable(Id)),
});
export type StatementUpload = Infer<typeof StatementUpload>;

/** A movement as read from the statement. */
export const StatementLine = object({
  fila: number(),
  date: string(),
  description: string(),
  reference: string(),
  amountCents: number(),
  balanceCents: nullable(number()),
});
export type StatementLine = Infer<typeof StatementLine>;

export const StatementLineError = object({ fila: number(), problem: enums(LINE_PROBLEMS) });
export type StatementLineError = Infer<typeof StatementLineError>;

export const StatementAccount = object({ id: Id, name: string() });
export type StatementAccount = Infer<typeof StatementAccount>;

export const StatementPreview = object({
  /** The bank's layout detected, or null when the headers are of no known bank (a mapping is needed). */
  bank: nullable(enums(STATEMENT_BANKS)),
  /** The header row as read (for mapping columns when bank is null). */
  headers: array(string()),
  rows: number(),
  deposits: number(),
  withdrawals: number(),
  depositsCents: number(),
  withdrawalsCents: number(),
  from: nullable(string()),
  to: nullable(string()),
  /** Movements already imported (by their fingerprint): importing adds nothing for them. */
  alreadyImported: number(),
  /** The first lines, as read. */
  sample: array(StatementLine),
  errors: array(StatementLineError),
  /** The condominium's bank accounts, one to import into. */
  accounts: array(StatementAccount),
  /** The file's hash: confirming imports only what this preview showed. */
  huella: string(),
});
export type StatementPreview = Infer<typeof StatementPreview>;
export const StatementPreviewAnswer = object({ success: literal(true), preview: StatementPreview });
export type StatementPreviewAnswer = Infer<typeof StatementPreviewAnswer>;

export const StatementImportRequest = object({
  nombre: StatementUpload.schema.nombre,
  datos: StatementUpload.schema.datos,
  mapeoId: StatementUpload.schema.mapeoId,
  huella: size(string(), 1, 100),
  cuentaId: Id,
});
export type StatementImportRequest = Infer<typeof StatementImportRequest>;

export const StatementImport = object({
  id: Id,
  fileName: string(),
  bank: enums(STATEMENT_BANKS),
  accountName: string(),
  from: nullable(string()),
  to: nullable(string()),
  rows: number(),
  /** Movements new to the condominium (the rest were imported before). */
  added: number(),
  repeated: number(),
  /** Deposits posted or linked on their own. */
  matched: number(),
  /** Deposits left in the queue. */
  pending: number(),
  byName: string(),
  createdAt: string(),
});
export type StatementImport = Infer<typeof StatementImport>;
export const StatementImportAnswer = object({ success: literal(true), import: StatementImport });
export type StatementImportAnswer = Infer<typeof StatementImportAnswer>;
export const RECONCILIATION_MAX_PAGE_SIZE = 100;
export const RECONCILIATION_PAGE_SIZE = 20;
export const StatementImportListQuery = PageQueryOf(RECONCILIATION_MAX_PAGE_SIZE);
export type StatementImportListQuery = Infer<typeof StatementImportListQuery>;
export const StatementImportListAnswer = object({
  success: literal(true),
  items: array(StatementImport),
  total: number(),
  /** Whether RECONCILIATION_PATHS.exampleStatement answers a statement here (the demo's Las Palmas only). */
  exampleStatement: boolean(),
});
export type StatementImportListAnswer = Infer<typeof StatementImportListAnswer>;

export const MovementMatch = object({
  id: Id,
  apartmentId: Id,
  dwelling: string(),
  amountCents: number(),
  confidence: integer(),
  state: enums(MATCH_STATES),
  paymentId: nullable(Id),
  /** Whether this match wrote the payment (false: it found a payment already in the ledger). */
  posted: boolean(),
});
export type MovementMatch = Infer<typeof MovementMatch>;

/** The expense a withdrawal is recorded as. */
export const MovementExpense = object({
  id: Id,
  category: string(),
  fundName: nullable(string()),
  /** Whether the reconciliation wrote it (false: it found it in the ledger). */
  posted: boolean(),
});
export type MovementExpense = Infer<typeof MovementExpense>;

export const BankMovement = object({
  id: Id,
  importId: Id,
  date: string(),
  description: string(),
  reference: string(),
  amountCents: number(),
  balanceCents: nullable(number()),
  state: enums(MOVEMENT_STATES),
  /** The active matches (posted or linked) and, while pending, the best suggestions. */
  matches: array(MovementMatch),
  /** A recorded withdrawal's expense. */
  expense: nullable(MovementExpense),
});
export type BankMovement = Infer<typeof BankMovement>;

export const BankMovementListQuery = object({
  ...PageQueryOf(RECONCILIATION_MAX_PAGE_SIZE).schema,
  estado: optional(enums(MOVEMENT_STATES)),
  importacion: optional(IdParam),
});
export type BankMovementListQuery = Infer<typeof BankMovementListQuery>;
export const ExpenseFund = object({ id: Id, name: string() });
export type ExpenseFund = Infer<typeof ExpenseFund>;
export const BankMovementListAnswer = object({
  success: literal(true),
  items: array(BankMovement),
  total: number(),
  /** What a withdrawal may be recorded as: the expense categories the ledger knows, and its funds. */
  expenseCategories: array(string()),
  funds: array(ExpenseFund),
});
export type BankMovementListAnswer = Infer<typeof BankMovementListAnswer>;
export const BankMovementAnswer = object({ success: literal(true), movement: BankMovement });
export type BankMovementAnswer = Infer<typeof BankMovementAnswer>;

export const MovementParams = object({ id: IdParam });
export type MovementParams = Infer<typeof MovementParams>;

export const AcceptRequest = object({ apartmentId: Id });
export type AcceptRequest = Infer<typeof AcceptRequest>;

const Cents = refine(integer(), 'Cents', (v) => (v > 0 && v <= 2_000_000_000) || 'must be above 0');
export const SplitRequest = object({
  parts: size(array(object({ apartmentId: Id, amountCents: Cents })), 2, 20),
});
export type SplitRequest = Infer<typeof SplitRequest>;

export const UNDO_REASON = { min: 3, max: 500 } as const;
export const UndoRequest = object({
  reason: refine(
    size(string(), 1, UNDO_REASON.max),
    'Reason',
    (v) => v.trim().length >= UNDO_REASON.min || `must be ${UNDO_REASON.min} to ${UNDO_REASON.max} characters`,
  ),
});
export type UndoRequest = Infer<typeof UndoRequest>;

/** Whether a split's parts add up to the deposit exactly. */
export const splitAddsUp = (amountCents: number, parts: readonly { amountCents: number }[]) =>
  parts.reduce((sum, p) => sum + p.amountCents, 0) === amountCents;

const RuleText = refine(size(string(), 1, 100), 'RuleText', (v) => v.trim().length >= 3 || 'must be 3 to 100 characters');
const Category = refine(size(string(), 1, 100), 'Category', (v) => v.trim().length >= 1 || 'must not be blank');

/** A category rule: a withdrawal whose description contains `contains` (case and accents aside) is this expense. */
export const ExpenseRuleDraft = object({
  contains: RuleText,
  category: Category,
  fundId: optional(nullable(Id)),
});
export type ExpenseRuleDraft = Infer<typeof ExpenseRuleDraft>;
export const ExpenseRule = object({
  id: Id,
  contains: string(),
  category: string(),
  fundId: nullable(Id),
  fundName: nullable(string()),
});
export type ExpenseRule = Infer<typeof ExpenseRule>;
export const ExpenseRuleListAnswer = object({
  success: literal(true),
  items: array(ExpenseRule),
  categories: array(string()),
  funds: array(ExpenseFund),
});
export type ExpenseRuleListAnswer = Infer<typeof ExpenseRuleListAnswer>;
export const ExpenseRuleAnswer = object({ success: literal(true), rule: ExpenseRule });
export type ExpenseRuleAnswer = Infer<typeof ExpenseRuleAnswer>;

/** A withdrawal recorded as an expense from the queue; with `ruleText`, that rule is saved too. */
export const CategorizeRequest = object({
  category: Category,
  fundId: optional(nullable(Id)),
  ruleText: optional(nullable(RuleText)),
});
export type CategorizeRequest = Infer<typeof CategorizeRequest>;

export const MappingRenameRequest = object({ name: size(string(), 1, 100) });
export type MappingRenameRequest = Infer<typeof MappingRenameRequest>;

/** A folded text (upper case, no accents, single spaces), as descriptions and rules are compared. */
export const foldRuleText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();

/** The rule a withdrawal's description falls under: the longest text it contains. */
export function ruleFor<R extends { contains: string }>(description: string, rules: readonly R[]): R | null {
  const folded = foldRuleText(description);
  let best: R | null = null;
  for (const rule of rules) {
    const text = foldRuleText(rule.contains);
    if (text && folded.includes(text) && (!best || text.length > foldRuleText(best.contains).length)) best = rule;
  }
  return best;
}
