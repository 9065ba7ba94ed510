// Bank reconciliation (conciliación, issue 27) as the contract shapes it: a file, its preview (a BBVA statement,
// and one of no known bank), an import's answer, a saved mapping, and a page of the queue (a pending deposit with
// its suggestions, a reconciled one). Plain values for machine models and view tests.
import type {
  BankMovement,
  ColumnMapping,
  ColumnMappingDraft,
  StatementImport,
  StatementPreview,
} from '../../src/api/reconciliation';

export const FILE = { nombre: 'bbva-octubre.csv', datos: 'RMOtYSxDb25jZXB0bw==' };

export const PREVIEW: StatementPreview = {
  bank: 'bbva',
  headers: ['Día', 'Concepto / Referencia', 'cargo', 'Abono', 'Saldo'],
  rows: 3,
  deposits: 2,
  withdrawals: 1,
  depositsCents: 395_000,
  withdrawalsCents: 2_315_000,
  from: '2026-10-03',
  to: '2026-10-15',
  alreadyImported: 0,
  sample: [
    {
      fila: 2,
      date: '2026-10-03',
      description: 'SPEI RECIBIDO CUOTA TORRE A 101',
      reference: '',
      amountCents: 185_000,
      balanceCents: 4_485_000,
    },
    {
      fila: 3,
      date: '2026-10-04',
      description: 'DEPOSITO EN EFECTIVO',
      reference: '',
      amountCents: 210_000,
      balanceCents: 4_695_000,
    },
    { fila: 4, date: '2026-10-15', description: 'PAGO CFE', reference: '', amountCents: -2_315_000, balanceCents: 2_380_000 },
  ],
  errors: [{ fila: 5, problem: 'date' }],
  accounts: [{ id: 4, name: 'BBVA Cuenta operativa' }],
  huella: 'a1b2c3',
};

export const UNKNOWN_PREVIEW: StatementPreview = {
  ...PREVIEW,
  bank: null,
  headers: ['Fecha valor', 'Detalle', 'Folio', 'Monto'],
  rows: 0,
  deposits: 0,
  withdrawals: 0,
  depositsCents: 0,
  withdrawalsCents: 0,
  from: null,
  to: null,
  sample: [],
  errors: [],
};

export const MAPPING_DRAFT: ColumnMappingDraft = {
  name: 'Banco regional',
  dateColumn: 'Fecha valor',
  dateFormat: 'YYYY-MM-DD',
  descriptionColumn: 'Detalle',
  referenceColumn: 'Folio',
  amountColumn: 'Monto',
};

export const MAPPING: ColumnMapping = {
  id: 3,
  name: 'Banco regional',
  dateColumn: 'Fecha valor',
  dateFormat: 'YYYY-MM-DD',
  descriptionColumn: 'Detalle',
  referenceColumn: 'Folio',
  amountColumn: 'Monto',
  withdrawalColumn: null,
  depositColumn: null,
  balanceColumn: null,
};

export const IMPORTED: StatementImport = {
  id: 12,
  fileName: FILE.nombre,
  bank: 'bbva',
  accountName: 'BBVA Cuenta operativa',
  from: '2026-10-03',
  to: '2026-10-15',
  rows: 3,
  added: 3,
  repeated: 0,
  matched: 1,
  pending: 1,
  byName: 'Administración Demo',
  createdAt: '2026-11-02T16:00:00.000Z',
};

export const PENDING: BankMovement = {
  id: 41,
  importId: 12,
  date: '2026-10-04',
  description: 'DEPOSITO EN EFECTIVO',
  reference: '',
  amountCents: 210_000,
  balanceCents: 4_695_000,
  state: 'pendiente',
  expense: null,
  matches: [
    {
      id: 70,
      apartmentId: 101,
      dwelling: 'Torre B - 101',
      amountCents: 210_000,
      confidence: 50,
      state: 'sugerido',
      paymentId: null,
      posted: false,
    },
    {
      id: 71,
      apartmentId: 102,
      dwelling: 'Torre B - 102',
      amountCents: 210_000,
      confidence: 50,
      state: 'sugerido',
      paymentId: null,
      posted: false,
    },
  ],
};

export const RECONCILED: BankMovement = {
  id: 40,
  importId: 12,
  date: '2026-10-03',
  description: 'SPEI RECIBIDO CUOTA TORRE A 101',
  reference: '',
  amountCents: 185_000,
  balanceCents: 4_485_000,
  state: 'conciliado',
  expense: null,
  matches: [
    {
      id: 69,
      apartmentId: 1,
      dwelling: 'Torre A - 101',
      amountCents: 185_000,
      confidence: 95,
      state: 'automatico',
      paymentId: 900,
      posted: true,
    },
  ],
};

export const ACCEPTED: BankMovement = {
  ...PENDING,
  state: 'conciliado',
  matches: [{ ...PENDING.matches[0]!, id: 72, state: 'aceptado', confidence: 100, paymentId: 901, posted: true }],
};

export const UNDONE: BankMovement = { ...RECONCILED, state: 'pendiente', matches: [] };

/** A withdrawal no rule recorded, and the same once recorded as an expense from the queue. */
export const WITHDRAWAL: BankMovement = {
  id: 42,
  importId: 12,
  date: '2026-10-31',
  description: 'COMISION POR MANEJO DE CUENTA',
  reference: '',
  amountCents: -17_400,
  balanceCents: 4_677_600,
  state: 'retiro_sin_registrar',
  expense: null,
  matches: [],
};
export const RECORDED: BankMovement = {
  ...WITHDRAWAL,
  state: 'retiro_registrado',
  expense: { id: 800, category: 'Comisiones bancarias', fundName: null, posted: true },
};

/** What a withdrawal may be recorded as. */
export const EXPENSE_CHOICES = {
  expenseCategories: ['Comisiones bancarias', 'Jardinería', 'Luz'],
  funds: [{ id: 2, name: 'Fondo de reserva' }],
};

/** A page of the queue with more pages after it. */
export const QUEUE_PAGE = { items: [PENDING, RECONCILED, WITHDRAWAL], total: 45, ...EXPENSE_CHOICES };

/** The saved category rules, and a second mapping. */
export const RULE = { id: 5, contains: 'COMISION', category: 'Comisiones bancarias', fundId: null, fundName: null };
export const MAPPING_2: ColumnMapping = { ...MAPPING, id: 4, name: 'Caja popular' };
