// The gate's browser-side facts (issue 26) as the contract (src/api/gate.ts) shapes them: a checked pass with
// each verdict, the caseta's day (expected today, inside now, access points, dwellings), a recorded movement
// and a page of the movement log. Plain values: machine models, machine tests and view tests share them.
import type {
  ExpectedVisitor,
  GateCheck,
  GateMovement,
  GateMovementAnswer,
  GateTodayAnswer,
  MovementListAnswer,
} from '../../src/api/gate';
import type { CheckedPass } from '../../src/api/passCheck';

export const GATE_TIME_ZONE = 'America/Mexico_City';
export const CLIENT_ID = '11111111-2222-4333-8444-555555555555';

export const CHECKED_PASS: CheckedPass = {
  Tipo: 'evento',
  Nombre: 'Laura Gómez Pineda',
  ClaveManual: 'PALMAS01',
  NombreInfante: null,
  TorreName: 'Torre A',
  AptName: '101',
  UserName: 'Rosa Hernández',
  Evento: 'Cumpleaños de Sofía',
  DiasAcceso: [],
  FechaInicio: '2025-06-02',
  FechaFin: '2025-06-02',
  HoraInicio: '10:00',
  HoraFin: null,
  NotaVisitante: null,
  Acompanantes: 2,
  FormaDeAcceso: 'auto',
  Placas: 'ABC-123-D',
};

/** Laura's pass lets her in now: 1 of 2 entries used, not inside. */
export const VALID_CHECK: GateCheck = {
  verdict: 'valid',
  reason: null,
  checkedAt: { date: '2025-06-02', time: '12:00' },
  passId: 41,
  apartmentId: 7,
  pass: CHECKED_PASS,
  entryLimit: 2,
  entriesUsed: 1,
  insideEntryId: null,
};

/** The same pass while Laura is inside (entry 301, no exit yet). */
export const INSIDE_CHECK: GateCheck = { ...VALID_CHECK, entriesUsed: 2, insideEntryId: 301 };

/** Outside its hours: she may come from 10:00, it is 8:00. */
export const EARLY_CHECK: GateCheck = {
  ...VALID_CHECK,
  verdict: 'outsideHours',
  reason: 'early',
  checkedAt: { date: '2025-06-02', time: '08:00' },
};

export const REVOKED_CHECK: GateCheck = { ...VALID_CHECK, verdict: 'revoked', reason: 'revoked' };

export const USED_UP_CHECK: GateCheck = { ...VALID_CHECK, verdict: 'usedUp', reason: 'usedUp', entriesUsed: 2 };

export function movement(overrides: Partial<GateMovement> = {}): GateMovement {
  return {
    id: 301,
    clientId: CLIENT_ID,
    kind: 'entry',
    passId: 41,
    passKind: 'evento',
    apartmentId: 7,
    dwelling: 'Torre A - 101',
    visitorName: 'Laura Gómez Pineda',
    people: 3,
    plates: 'ABC-123-D',
    accessPoint: 'Caseta principal',
    note: null,
    reason: null,
    entryId: null,
    exitAt: null,
    deviceName: 'Tablet caseta',
    guardName: 'Pedro Guardia',
    occurredAt: '2025-06-02T18:05:00.000Z',
    occurredLocal: '2025-06-02 12:05',
    conflict: null,
    ...overrides,
  };
}

export const ENTRY = movement();
export const EXIT = movement({
  id: 302,
  kind: 'exit',
  entryId: 301,
  occurredAt: '2025-06-02T20:00:00.000Z',
  occurredLocal: '2025-06-02 14:00',
});
export const REFUSAL = movement({ id: 303, kind: 'refusal', reason: 'early', people: 1 });

export const movementAnswer = (data: GateMovement, duplicate = false): GateMovementAnswer => ({
  success: true,
  data,
  duplicate,
});

export const EXPECTED_LAURA: ExpectedVisitor = {
  passId: 41,
  kind: 'evento',
  name: 'Laura Gómez Pineda',
  dwelling: 'Torre A - 101',
  apartmentId: 7,
  host: 'Rosa Hernández',
  event: 'Cumpleaños de Sofía',
  hours: { from: '10:00', to: null },
  companions: 2,
  plates: 'ABC-123-D',
  manualKey: 'PALMAS01',
  inside: false,
};

export const EXPECTED_MARIO: ExpectedVisitor = {
  passId: 42,
  kind: 'domestico',
  name: 'Mario Ruiz Soto',
  dwelling: 'Torre B - 202',
  apartmentId: 9,
  host: 'Juan Pérez',
  event: null,
  hours: { from: '08:00', to: '16:00' },
  companions: 0,
  plates: null,
  manualKey: 'PALMAS02',
  inside: true,
};

/** Mario came in at 9:00 and has not left. */
export const MARIO_INSIDE = movement({
  id: 290,
  passId: 42,
  passKind: 'domestico',
  apartmentId: 9,
  dwelling: 'Torre B - 202',
  visitorName: 'Mario Ruiz Soto',
  people: 1,
  plates: null,
  occurredAt: '2025-06-02T15:00:00.000Z',
  occurredLocal: '2025-06-02 09:00',
});

export const TODAY: GateTodayAnswer = {
  success: true,
  today: '2025-06-02',
  timeZone: GATE_TIME_ZONE,
  expected: [EXPECTED_LAURA, EXPECTED_MARIO],
  inside: [MARIO_INSIDE],
  accessPoints: ['Caseta principal', 'Acceso peatonal'],
  dwellings: [
    { id: 7, name: 'Torre A - 101' },
    { id: 9, name: 'Torre B - 202' },
  ],
};

/** Nobody expected and nobody inside. */
export const EMPTY_TODAY: GateTodayAnswer = { ...TODAY, expected: [], inside: [] };

export const MOVEMENT_PAGE: MovementListAnswer = {
  success: true,
  items: [EXIT, movement({ conflict: 'revoked' }), REFUSAL],
  total: 30,
  timeZone: GATE_TIME_ZONE,
  ownOnly: false,
  guards: [{ id: 5, name: 'Pedro Guardia' }],
  accessPoints: ['Caseta principal'],
  dwellings: [
    { id: 7, name: 'Torre A - 101' },
    { id: 9, name: 'Torre B - 202' },
  ],
};

/** A resident's own dwelling's visits (Mis visitas). */
export const OWN_MOVEMENTS: MovementListAnswer = {
  ...MOVEMENT_PAGE,
  ownOnly: true,
  total: 1,
  items: [ENTRY],
  guards: [],
  dwellings: [{ id: 7, name: 'Torre A - 101' }],
};
