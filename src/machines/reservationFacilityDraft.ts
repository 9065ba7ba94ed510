// The facility editor's pure parts (issue 15, RI): a draft from a facility (or a new one's defaults), money
// between pesos typed and integer cents sent, and every field problem: the contract's shape (FacilityDraft)
// and its cross-field rules (facilityDraftProblems), as message ids of reservations.json.
import { StructError, validate } from 'superstruct';
import { type Facility, FacilityDraft, type FacilityUpdateRequest, facilityDraftProblems } from '../api/reservations';

export type DraftProblems = Partial<Record<keyof FacilityDraft, string>>;

const WEEKDAY_HOURS = { abre: '08:00', cierra: '22:00' };

/** A new facility: open every day 8:00–22:00, blocks of two hours, a week ahead, 24 h to cancel. */
export const NEW_FACILITY_DRAFT: FacilityDraft = {
  Nombre: '',
  Descripcion: '',
  capacidad: 10,
  exclusiva: true,
  reglamento: '',
  horario: Array.from({ length: 7 }, () => ({ ...WEEKDAY_HOURS })),
  unidad: 'bloques',
  duracionBloque: 120,
  minMinutos: 60,
  maxMinutos: 240,
  diasAnticipacion: 30,
  horasCancelacion: 24,
  limite: null,
  requiereAprobacion: false,
  cuotaCents: 0,
  depositoCents: 0,
  admiteMorosos: false,
  activa: true,
  cierres: [],
  fotos: [],
  reglamentoPdf: null,
};

/** What a facility's editor starts from: its values, no new files. */
export const draftOf = (facility: Facility): FacilityDraft => ({
  Nombre: facility.Nombre,
  Descripcion: facility.Descripcion,
  capacidad: facility.capacidad,
  exclusiva: facility.exclusiva,
  reglamento: facility.reglamento,
  horario: facility.horario.map((day) => (day ? { ...day } : null)),
  unidad: facility.unidad,
  duracionBloque: facility.duracionBloque,
  minMinutos: facility.minMinutos,
  maxMinutos: facility.maxMinutos,
  diasAnticipacion: facility.diasAnticipacion,
  horasCancelacion: facility.horasCancelacion,
  limite: facility.limite ? { ...facility.limite } : null,
  requiereAprobacion: facility.requiereAprobacion,
  cuotaCents: facility.cuotaCents,
  depositoCents: facility.depositoCents,
  admiteMorosos: facility.admiteMorosos,
  activa: facility.activa,
  cierres: facility.cierres.map(({ desde, hasta, motivo }) => ({ desde, hasta, motivo })),
  fotos: [],
  reglamentoPdf: null,
});

/** "1,250.50" or "1250.5" pesos → 125050 cents; NaN when it is not an amount with up to two decimals. */
export function pesosToCents(text: string): number {
  const plain = text.replace(/[,\s$]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  const [whole, decimals = ''] = plain.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

export const centsToPesos = (cents: number) => (cents / 100).toFixed(2);

/** Every problem of the draft: its shape first (one per field), then the rules across fields. */
export function draftProblems(draft: FacilityDraft): DraftProblems {
  const problems: DraftProblems = {};
  const [error] = validate(draft, FacilityDraft);
  if (error instanceof StructError) {
    for (const failure of error.failures()) {
      const field = failure.path[0] as keyof FacilityDraft | undefined;
      if (field && !problems[field])
        problems[field] = field === 'Nombre' ? 'reservations.error.name' : 'reservations.error.field';
    }
  }
  // The cross-field rules read a draft whose shape holds; where it does not, its own problem says enough.
  return error ? problems : { ...facilityDraftProblems(draft) };
}

export const updateRequest = (
  facility: Facility,
  draft: FacilityDraft,
  keptPhotos: number[],
  keepRulesPdf: boolean,
): FacilityUpdateRequest => ({
  facilityId: facility.FacilityId,
  version: facility.version,
  ...draft,
  conservarFotos: keptPhotos,
  conservarReglamentoPdf: keepRulesPdf,
});

/** Trimmed texts, as sent. */
export const cleanDraft = (draft: FacilityDraft): FacilityDraft => ({
  ...draft,
  Nombre: draft.Nombre.trim(),
  Descripcion: draft.Descripcion.trim(),
  reglamento: draft.reglamento.trim(),
  cierres: draft.cierres.map((c) => ({ ...c, motivo: c.motivo.trim() })),
});
