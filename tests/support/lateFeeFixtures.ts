// Late fees (recargos, issue 27) as the contract shapes them: the settings of a condominium with its rule, two
// exemptions and dwellings, and a page of fees applied (one waived). Plain values for machine models and view tests.
import type { LateFee, LateFeeRule } from '../../src/api/lateFees';
import type { LateFeeSettings } from '../../src/services/lateFeesService';

export const RULE: LateFeeRule = {
  kind: 'porcentaje',
  amountCents: 0,
  percentBp: 200,
  graceDays: 10,
  capCents: 50_000,
  active: true,
};

export const DWELLINGS = [
  { id: 57, nombre: 'Casa 57' },
  { id: 101, nombre: 'Torre A - 101' },
  { id: 102, nombre: 'Torre A - 102' },
];

export const EXEMPTION = {
  id: 7,
  apartmentId: 102,
  vivienda: 'Torre A - 102',
  reason: 'Convenio de pago firmado',
  createdAt: '2026-11-02T16:00:00.000Z',
};

export const SETTINGS: LateFeeSettings = { rule: RULE, exemptions: [EXEMPTION], dwellings: DWELLINGS, period: '2026-11' };

export const NEW_EXEMPTION_DRAFT = { apartmentId: 101, reason: 'Vivienda en litigio' };
export const NEW_EXEMPTION = { ...EXEMPTION, id: 8, apartmentId: 101, vivienda: 'Torre A - 101', reason: 'Vivienda en litigio' };

export const FEE: LateFee = {
  id: 31,
  apartmentId: 57,
  vivienda: 'Casa 57',
  period: '2026-11',
  baseCents: 1_040_000,
  amountCents: 20_800,
  createdAt: '2026-11-30T06:00:00.000Z',
  waivedAt: null,
  waivedBy: null,
  waiveReason: null,
};

export const WAIVED: LateFee = {
  ...FEE,
  id: 30,
  apartmentId: 101,
  vivienda: 'Torre A - 101',
  baseCents: 185_000,
  amountCents: 3_700,
  waivedAt: '2026-11-30T17:00:00.000Z',
  waivedBy: 'Ana Martínez Ruiz',
  waiveReason: 'Pagó a tiempo en ventanilla',
};

export const FEES_PAGE = { items: [FEE, WAIVED], total: 2 };
/** A page of a list longer than one page (LATE_FEES_PAGE_SIZE 20). */
export const LONG_PAGE = { items: [FEE, WAIVED], total: 45 };
export const FEE_WAIVED: LateFee = {
  ...FEE,
  waivedAt: '2026-11-30T18:00:00.000Z',
  waivedBy: 'Ana Martínez Ruiz',
  waiveReason: 'Error en la cuota',
};
