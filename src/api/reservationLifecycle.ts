// The lifecycle of a facility reservation (issue 15, DESIGN.md §8 "Lifecycles as tables"): the one table of
// which action moves a reservation from which phase to which, and who may take it; and what may happen to its
// deposit. The server refuses what this file does not allow (409 with the current reservation); the machines
// offer only what it lists. Pure: runs in the browser and on the server.

/** What is stored: waiting for an administrator, confirmed (fee and deposit in the ledger), rejected by an
 * administrator, cancelled (by the resident within the deadline, or by the administration), or confirmed but
 * nobody came (marked by an administrator after it started). */
export const RESERVATION_STATES = ['pendiente', 'confirmada', 'rechazada', 'cancelada', 'no_asistio'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

/** What a person sees: a confirmed reservation is upcoming until it starts, under way until it ends, then
 * past ("concluida"); a pending one whose start has passed is expired ("vencida", nobody approved it in
 * time; it never holds the time). Server time decides. */
export const RESERVATION_PHASES = [
  'pendiente',
  'vencida',
  'proxima',
  'en_curso',
  'concluida',
  'rechazada',
  'cancelada',
  'no_asistio',
] as const;
export type ReservationPhase = (typeof RESERVATION_PHASES)[number];

/** admin: an administrator of the condominium; owner: a resident of the reservation's dwelling. */
export const RESERVATION_ROLES = ['admin', 'owner'] as const;
export type ReservationRole = (typeof RESERVATION_ROLES)[number];

export const RESERVATION_ACTIONS = ['aprobar', 'rechazar', 'cancelar', 'no_asistio'] as const;
export type ReservationAction = (typeof RESERVATION_ACTIONS)[number];

export interface ReservationTransition {
  action: ReservationAction;
  from: readonly ReservationPhase[];
  to: ReservationState;
  roles: readonly ReservationRole[];
  /** A reason the resident reads (rechazar; cancelar by the administration). */
  needsReason?: boolean;
  /** The owner only until the facility's cancellation deadline (hours before the start). */
  beforeDeadline?: boolean;
}

export const RESERVATION_LIFECYCLE: readonly ReservationTransition[] = [
  // Approving re-checks the time inside the transaction: a second approval of one slot is refused (ocupado).
  { action: 'aprobar', from: ['pendiente'], to: 'confirmada', roles: ['admin'] },
  { action: 'rechazar', from: ['pendiente'], to: 'rechazada', roles: ['admin'], needsReason: true },
  // The administration may cancel anything not yet over (a closure, a mistake); the reason reaches the resident.
  { action: 'cancelar', from: ['pendiente', 'proxima', 'en_curso'], to: 'cancelada', roles: ['admin'], needsReason: true },
  // The resident withdraws a request at any time, and a confirmed reservation until the deadline.
  { action: 'cancelar', from: ['pendiente'], to: 'cancelada', roles: ['owner'] },
  { action: 'cancelar', from: ['proxima'], to: 'cancelada', roles: ['owner'], beforeDeadline: true },
  { action: 'no_asistio', from: ['en_curso', 'concluida'], to: 'no_asistio', roles: ['admin'] },
];

/** What the rules read of a reservation. Times are ISO-8601 UTC. */
export interface ReservationTimes {
  estado: ReservationState;
  inicio: string;
  fin: string;
}

const at = (now: Date | string) => (typeof now === 'string' ? Date.parse(now) : now.getTime());

/** The phase of a reservation at `now`. */
export function reservationPhase(reservation: ReservationTimes, now: Date | string): ReservationPhase {
  const t = at(now);
  if (reservation.estado === 'pendiente') return t < Date.parse(reservation.inicio) ? 'pendiente' : 'vencida';
  if (reservation.estado !== 'confirmada') return reservation.estado;
  if (t < Date.parse(reservation.inicio)) return 'proxima';
  if (t < Date.parse(reservation.fin)) return 'en_curso';
  return 'concluida';
}

/** Whether the owner is still within the cancellation deadline (`horas` before the start; 0: until it starts). */
export function withinCancelDeadline(reservation: ReservationTimes, horas: number, now: Date | string): boolean {
  return at(now) <= Date.parse(reservation.inicio) - horas * 3_600_000;
}

/** The transitions the table lists for these roles now (one per action). */
export function reservationTransitions(
  reservation: ReservationTimes,
  roles: readonly ReservationRole[],
  cancelDeadlineHours: number,
  now: Date | string,
): ReservationTransition[] {
  const phase = reservationPhase(reservation, now);
  const seen = new Set<ReservationAction>();
  return RESERVATION_LIFECYCLE.filter((t) => {
    if (seen.has(t.action) || !t.from.includes(phase) || !t.roles.some((r) => roles.includes(r))) return false;
    if (t.beforeDeadline && !withinCancelDeadline(reservation, cancelDeadlineHours, now)) return false;
    seen.add(t.action);
    return true;
  });
}

/** The actions the caller may take now. */
export const reservationActions = (
  reservation: ReservationTimes,
  roles: readonly ReservationRole[],
  cancelDeadlineHours: number,
  now: Date | string,
): ReservationAction[] => reservationTransitions(reservation, roles, cancelDeadlineHours, now).map((t) => t.action);

/** The transition of one action, or null when the table refuses it. */
export function reservationTransition(
  reservation: ReservationTimes,
  action: ReservationAction,
  roles: readonly ReservationRole[],
  cancelDeadlineHours: number,
  now: Date | string,
): ReservationTransition | null {
  return reservationTransitions(reservation, roles, cancelDeadlineHours, now).find((t) => t.action === action) ?? null;
}

/** Only confirmed reservations hold the facility's time (pending requests queue; DESIGN.md §8 invariant). */
export const HOLDING_STATES: readonly ReservationState[] = ['confirmada'];
/** What counts against a dwelling's weekly or monthly limit: requests and confirmed reservations. */
export const COUNTING_STATES: readonly ReservationState[] = ['pendiente', 'confirmada'];

// ── Deposit

/** ninguno: the facility asks none; retenido: charged with the confirmation, held; devuelto: credited back to
 * the dwelling; cobrado: kept (damage, no-show). A cancellation of a confirmed reservation credits back the
 * fee and the deposit (devuelto). */
export const DEPOSIT_STATES = ['ninguno', 'retenido', 'devuelto', 'cobrado'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const DEPOSIT_ACTIONS = ['devolver', 'cobrar'] as const;
export type DepositAction = (typeof DEPOSIT_ACTIONS)[number];

/** Administrators settle a held deposit once the reservation is over (or nobody came). */
export function depositActions(
  reservation: ReservationTimes & { deposito: DepositState },
  roles: readonly ReservationRole[],
  now: Date | string,
): DepositAction[] {
  if (!roles.includes('admin') || reservation.deposito !== 'retenido') return [];
  const phase = reservationPhase(reservation, now);
  return phase === 'concluida' || phase === 'no_asistio' ? ['devolver', 'cobrar'] : [];
}

// ── Booking refusals

/**
 * Why a booking (or an approval) is refused, the reservation machine's "refused" reasons and the server's 409
 * `motivo`:
 * - ocupado: the time is taken (another confirmed reservation, or the shared capacity is full);
 * - limite: the dwelling reached the facility's reservations per week or month;
 * - moroso: the dwelling is in arrears and the facility does not admit it;
 * - fuera_de_horario: outside the opening hours of that weekday, or not one of its slots;
 * - muy_anticipado: further ahead than the facility allows;
 * - cerrada: a closure (maintenance) covers the time, or the facility is inactive;
 * - pasado: the time has started already;
 * - duracion: a free range shorter or longer than the facility allows;
 * - personas: more people than the facility's capacity (or fewer than one).
 */
export const BOOKING_REFUSALS = [
  'ocupado',
  'limite',
  'moroso',
  'fuera_de_horario',
  'muy_anticipado',
  'cerrada',
  'pasado',
  'duracion',
  'personas',
] as const;
export type BookingRefusal = (typeof BOOKING_REFUSALS)[number];
