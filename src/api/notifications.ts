// Notifications (spec §3.3, §4, §7, §8, §9): the header panel with the last NOTIFICATIONS_PANEL_SIZE and
// the unread total, the full list a page of NOTIFICATIONS_PAGE_SIZE at a time, and marking one opened.
// Opening navigates by Modulo and Props (notificationTarget below, shared by the panel and the list).
import { array, boolean, enums, type Infer, literal, nullable, number, object, optional, string } from 'superstruct';
import { planResultPagePath } from './planResultPage';
import { conversationPath, facilityPath, pollPath, ticketPath } from './sections';
import { Id, QueryInteger } from './validation';

export const NOTIFICATIONS_PATHS = {
  /** Signed in: GET the last NOTIFICATIONS_PANEL_SIZE with the unread total. */
  latest: '/--notificaciones/latest',
  /** Signed in: GET ?limit=&offset=&obtainCounter= a page (limit 1..50); obtainCounter=1 adds the totals. */
  list: '/--notificaciones/list',
  /** Signed in: POST { id } marks one of one's own notifications opened (abierto = 1). */
  open: '/--notificaciones/open',
} as const;

/** Spec §9: first page 6, load-more page 20, panel width 410 px. */
export const NOTIFICATIONS_PANEL_SIZE = 6;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PANEL_WIDTH = 410;

export const NotificationsQuery = object({
  limit: optional(QueryInteger(1, 50)),
  offset: optional(QueryInteger(0, 1_000_000_000)),
  obtainCounter: optional(enums(['0', '1'])),
});
export type NotificationsQuery = Infer<typeof NotificationsQuery>;

export const OpenNotificationRequest = object({ id: Id });
export type OpenNotificationRequest = Infer<typeof OpenNotificationRequest>;

/** Modules a notification opens, and the prop each carries (spec §3.3). */
export const NOTIFICATION_MODULES = {
  publicacion: 'postID',
  encuesta: 'pollID',
  instalacion: 'facilityID',
  /** A request to the administrator: Props { taskID (the request), classificationId (its category),
   * SectId (its SA section) } (issue 13). */
  ticket: 'taskID',
  /** An interpersonal message: Props { conversationId, SectId (its IC section) }. */
  mensaje: 'conversationId',
  invitados: null,
  /** A parcel at the gate (issue 26): Props { parcelId }; opens condominio/paqueteria. */
  paqueteria: 'parcelId',
  /** A walk-in at the gate asks the dwelling's residents (issue 26): Props { walkInId }; opens condominio/visitas. */
  visita: 'walkInId',
  /** An online payment paid, refused or expired (issue 27): Props { checkoutId }; opens its result page,
   * condominio/financiero/pago/{checkoutId}. */
  pago: 'checkoutId',
  /** A proof of payment accepted or rejected (issue 27): Props { proofId, paymentId? }; opens
   * condominio/comprobantes-de-pago, where an accepted proof's receipt downloads. */
  comprobante: 'proofId',
  /** A payment reminder (issue 27): Props { ApartmentId }; opens the money home, condominio/financiero. */
  recordatorio: 'ApartmentId',
  /** A plan paid through the product's provider (issue 28, trial pay link): Props { planCheckoutId }; opens its
   * result page, precios-y-planes/contratacion/{planCheckoutId}. */
  plan: 'planCheckoutId',
  /** An incident raised (issue 31): Props { incidentId }; opens condominio/recorridos-supervisor/incidentes. */
  incidente: 'incidentId',
  /** A checkpoint late or a round missed (issue 31): Props { roundId }; opens condominio/recorridos-supervisor. */
  recorrido: 'roundId',
  /** A proxy (carta poder) accepted for its holder (issue 32): Props { assemblyId }; opens condominio/asambleas?id=. */
  asamblea: 'assemblyId',
} as const;
export type NotificationModule = keyof typeof NOTIFICATION_MODULES;

export const NotificationItem = object({
  id: number(),
  Titulo: string(),
  TextoApp: string(),
  foto: nullable(string()),
  /** YYYY-MM-DD and HH:mm in the condominium's time zone. */
  FechaCreada: string(),
  HoraCreada: string(),
  abierto: enums([0, 1]),
  Modulo: string(),
  /** JSON text, e.g. {"postID":12}. */
  Props: string(),
});
export type NotificationItem = Infer<typeof NotificationItem>;

export const LatestNotificationsAnswer = object({
  success: literal(true),
  items: array(NotificationItem),
  unread: number(),
});
export type LatestNotificationsAnswer = Infer<typeof LatestNotificationsAnswer>;

export const NotificationsPageAnswer = object({
  success: literal(true),
  items: array(NotificationItem),
  /** Present when obtainCounter=1. */
  total: optional(number()),
  unread: optional(number()),
});
export type NotificationsPageAnswer = Infer<typeof NotificationsPageAnswer>;

export const OpenNotificationAnswer = object({ success: literal(true), changed: boolean() });

function parseProps(props: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(props);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Where opening a notification goes (a /condominio path), from its Modulo and Props; null when it has
 * nowhere to go (it is only marked read). Pages other issues build are linked by their spec routes.
 */
export function notificationTarget(item: Pick<NotificationItem, 'Modulo' | 'Props'>): string | null {
  const props = parseProps(item.Props);
  const id = (key: string) => {
    const value = props[key];
    return typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? String(value) : null;
  };
  switch (item.Modulo) {
    case 'publicacion': {
      const post = id('postID');
      return post ? `/comunicacion/ver-publicacion/${post}` : null;
    }
    case 'encuesta': {
      const poll = id('pollID');
      return poll ? pollPath(poll) : null;
    }
    case 'instalacion': {
      const facility = id('facilityID');
      const reservation = id('reservationId');
      return facility ? facilityPath(facility, reservation ?? undefined) : null;
    }
    case 'ticket': {
      const section = id('SectId');
      const task = id('taskID');
      return section && task ? ticketPath(section, task) : null;
    }
    case 'mensaje': {
      const section = id('SectId');
      const conversation = id('conversationId');
      return section && conversation ? conversationPath(section, conversation) : null;
    }
    // A guest registered through the member's link or to their event: the list of their passes.
    case 'invitados':
      return '/mis-invitados';
    // A parcel arrived or still waits at the gate: the parcels screen, where the resident reads its code.
    case 'paqueteria':
      return '/paqueteria';
    // A walk-in waits at the gate for the dwelling's answer: the resident's pending walk-ins.
    case 'visita':
      return '/visitas';
    // An online payment's outcome: its result page (the receipt when paid, paying again when not).
    case 'pago': {
      const checkout = id('checkoutId');
      return checkout ? `/financiero/pago/${checkout}` : null;
    }
    // A proof of payment accepted or rejected: the proofs screen, the proof first.
    case 'comprobante': {
      const proof = id('proofId');
      return proof ? `/comprobantes-de-pago?comprobante=${proof}` : null;
    }
    // A payment reminder: the money home, where the dwelling's debt and Pagar are.
    case 'recordatorio':
      return '/financiero';
    // A plan paid: its result page, top-level ("~": outside the /condominio nest the panel lives in).
    case 'plan': {
      const planCheckout = id('planCheckoutId');
      return planCheckout ? `~${planResultPagePath(Number(planCheckout))}` : null;
    }
    // An incident raised: the incidents screen.
    case 'incidente':
      return '/recorridos-supervisor/incidentes';
    // A checkpoint late or a round missed: the supervisor's panel.
    case 'recorrido':
      return '/recorridos-supervisor';
    // A proxy accepted: the assembly's screen.
    case 'asamblea': {
      const assembly = id('assemblyId');
      return assembly ? `/asambleas?id=${assembly}` : null;
    }
    default:
      return null;
  }
}
