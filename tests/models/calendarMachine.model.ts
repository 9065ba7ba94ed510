// The events calendar screen as a test model, opened on a phone (the agenda) and on a wide screen (the month),
// by a resident of Las Palmas, and by someone who reads no EV section (403, or a home without sections). The
// items of today's period are the fixtures' six (the posada, an assembly, the caller's reservation, someone
// else's "Ocupado", the caller's guests, a vote's closing), filtered by the kinds chosen; a period moved away
// from today has none. Each load may fail (the server, or the connection) and be retried. The words its
// scenarios are told in: docs/scenarios/calendarMachine.md.
import type { EventObject } from 'xstate';
import { CALENDAR_KINDS, type CalendarHomeAnswer, type CalendarItemsAnswer, type CalendarKind } from '../../src/api/calendar';
import { type CalendarContext, calendarMachine } from '../../src/machines/calendarMachine';
import { CALENDAR_VIEWS, type CalendarView } from '../../src/machines/calendarRange';
import { ApiError } from '../../src/services/http';
import { BUSY, home, ITEMS, POSADA, RESIDENT_HOME, TODAY } from '../support/calendarFixtures';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const NO_SECTIONS_HOME = home({ secciones: [] });
export const NOT_YOURS = new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.');
export const SERVER_ERROR = new ApiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

/** What the server answers for the period and kinds asked: today's period has the fixtures, others none. */
export function answerFor(context: Pick<CalendarContext, 'anchor' | 'kinds'>): CalendarItemsAnswer {
  return {
    success: true,
    items: context.anchor === TODAY ? ITEMS.filter((item) => context.kinds.includes(item.tipo)) : [],
  };
}

type Snap = Snapshot<typeof calendarMachine>;
const allKinds = (s: Snap) => s.context.kinds.length === CALENDAR_KINDS.length;
const atToday = (s: Snap) => s.context.anchor === TODAY;
const settled = (s: Snap) => s.matches({ calendar: 'shown' }) || s.matches({ calendar: 'empty' });
/** The screen as it opened: today, every kind, in the view it started with. */
const asOpened = (s: Snap, view: CalendarView) => settled(s) && atToday(s) && allKinds(s) && s.context.view === view;
const firstView = (s: Snap): CalendarView => (s.context.view === 'agenda' ? 'agenda' : 'month');

const homeName = (h: CalendarHomeAnswer) => (h.secciones.length === 0 ? 'no sections' : 'resident');

export const calendarModel = defineModel({
  machine: calendarMachine,
  inputs: { phone: { view: 'agenda' }, wide: {} },
  payloads: {
    'xstate.done.actor.home': (s) =>
      s.context.view === 'month' ? [{ output: RESIDENT_HOME }, { output: NO_SECTIONS_HOME }] : [{ output: RESIDENT_HOME }],
    'xstate.error.actor.home': (s) => (s.context.view === 'month' ? [{ error: NOT_YOURS }, { error: NO_CONNECTION }] : []),
    retry: BARE,
    'xstate.done.actor.items': (s) => [{ output: answerFor(s.context) }],
    'xstate.error.actor.items': (s) =>
      s.context.view === 'month' && atToday(s) && allKinds(s) ? [{ error: SERVER_ERROR }, { error: NO_CONNECTION }] : [],
    // Views, periods and filters are walked from the screen as it opened (each once), so the space stays small.
    setView: (s) =>
      settled(s) && atToday(s) && allKinds(s) && s.context.view !== 'week'
        ? CALENDAR_VIEWS.filter((view) => view !== s.context.view).map((view) => ({ view }))
        : [],
    previous: (s) => (asOpened(s, 'month') || asOpened(s, 'agenda') ? BARE : []),
    next: (s) => (asOpened(s, firstView(s)) ? BARE : []),
    today: (s) => (settled(s) ? BARE : []),
    toggleKind: (s) =>
      settled(s) && atToday(s) && s.context.view === firstView(s)
        ? allKinds(s)
          ? [{ kind: 'evento' as CalendarKind }]
          : [{ kind: 'evento' as CalendarKind }, { kind: s.context.kinds[0]! }]
        : [],
    refresh: (s) => (asOpened(s, firstView(s)) || s.matches({ calendar: 'loading' }) ? BARE : []),
    open: (s) => (s.matches({ calendar: 'shown' }) && allKinds(s) ? [{ item: POSADA }, { item: BUSY }] : []),
  },
  label: (event: EventObject) => {
    const e = event as EventObject & {
      output?: CalendarItemsAnswer | CalendarHomeAnswer;
      error?: ApiError;
      item?: { clave: string };
    };
    if (e.type === 'xstate.done.actor.home') return `done home:${homeName(e.output as CalendarHomeAnswer)}`;
    if (e.type === 'xstate.done.actor.items') return `done items:${(e.output as CalendarItemsAnswer).items.length}`;
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    if (e.type === 'open') return `open ${e.item!.clave}`;
    return eventLabel(event);
  },
  words: {
    states: {
      loadingHome: 'Grey placeholder lines under the title Calendario de eventos.',
      homeFailed: 'An alert “No pudimos cargar el calendario” with Reintentar.',
      forbidden: '“No tienes acceso al calendario de eventos de este condominio.”',
      calendar:
        'Anterior, Hoy, Siguiente and the period; Mes, Semana, Agenda; the chips Eventos, Asambleas, Reservaciones, Mis invitados, Votaciones with the colour legend (and Ocupado); the subscription panel; Nuevo evento for administrators.',
      'calendar.loading': 'Placeholder lines, or “Actualizando el calendario…” over the last items.',
      'calendar.failed': 'An alert “No pudimos cargar el calendario” with the server’s words (or no connection) and Reintentar.',
      'calendar.empty': '“No hay eventos en este periodo.”',
      'calendar.shown':
        'How many items, then the agenda (days with their weekday, each item a link “title, kind, DD/MM/YYYY hh:mm AM – hh:mm PM”) or the month/week grid; others’ reservations read “Ocupado — Alberca” and do not open.',
    },
    events: {
      'xstate.done.actor.home': (e) => `the server says what the caller may see (${homeName(e.output as CalendarHomeAnswer)})`,
      'xstate.error.actor.home': (e) =>
        (e.error as ApiError).status ? 'the server says the caller reads no EV section' : 'the connection fails',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.items': (e) => `the server sends ${(e.output as CalendarItemsAnswer).items.length} items`,
      'xstate.error.actor.items': (e) =>
        (e.error as ApiError).status ? `the server fails: “${(e.error as ApiError).message}”` : 'the connection fails',
      setView: (e) => `chooses ${{ month: 'Mes', week: 'Semana', agenda: 'Agenda' }[e.view as CalendarView]}`,
      previous: () => 'presses Anterior',
      next: () => 'presses Siguiente',
      today: () => 'presses Hoy',
      toggleKind: (e, s) => `${s.context.kinds.includes(e.kind as CalendarKind) ? 'unticks' : 'ticks'} the chip of ${e.kind}`,
      refresh: () => 'the calendar reads itself again',
      open: (e) => `opens “${(e.item as { Titulo: string }).Titulo}”`,
    },
  },
});
