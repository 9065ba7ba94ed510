// One published event and its editor as a test model: an administrator writes a new event (?evento=nuevo; a
// resident who tries is told only the administration publishes), opens an editable event, a read-only one
// (a resident's view) or a cancelled one; edits it (the title left empty first, then filled), cancels it with a
// reason, or takes either back; a change may meet a 409 (someone else changed it first: the fresh event is
// shown) or fail. The words its scenarios are told in: docs/scenarios/eventEditorMachine.md.
import type { EventObject } from 'xstate';
import type { CalendarHomeAnswer } from '../../src/api/calendar';
import { eventEditorMachine } from '../../src/machines/eventEditorMachine';
import type { EventChangeResult } from '../../src/services/calendarService';
import { ApiError } from '../../src/services/http';
import { ADMIN_HOME, EDITABLE_EVENT, EVENT, EVENT_ID, event, RESIDENT_HOME } from '../support/calendarFixtures';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

export const CANCELLED_EVENT = event({ puedeEditar: true, cancelado: true, motivo: 'Lluvia', version: 2 });
/** What a successful edit answers: the next version. */
export const UPDATED_EVENT = event({ puedeEditar: true, Titulo: 'Posada navideña 2026', version: 2 });
/** What someone else wrote meanwhile (the 409's event). */
export const CHANGED_ELSEWHERE = event({ puedeEditar: true, Lugar: 'Jardín central', version: 2 });
export const NEW_EVENT = event({ EventId: 30, puedeEditar: true, registroUrl: null, invitados: null, registrados: null });
export const CONFLICT_MESSAGE = 'Alguien más modificó el evento. Revisa la versión actual.';
export const NOT_FOUND = new ApiError(404, 'NOT_FOUND', 'El evento no existe.');
export const NOT_YOURS = new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.');
export const REFUSED = new ApiError(
  400,
  'BAD_REQUEST',
  'Ya hay más invitados registrados que ese límite.',
  'invitados.limiteInvitados',
);
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof eventEditorMachine>;
const saved = (evento: typeof EVENT): EventChangeResult => ({ kind: 'saved', evento });
const conflict: EventChangeResult = { kind: 'conflict', message: CONFLICT_MESSAGE, evento: CHANGED_ELSEWHERE };
/** The event as first read (no change made yet). */
const firstRead = (s: Snap) => s.context.evento !== null && s.context.evento.version === 1;

export const eventEditorModel = defineModel({
  machine: eventEditorMachine,
  inputs: { new: { eventId: null }, existing: { eventId: EVENT_ID } },
  payloads: {
    'xstate.done.actor.home': [{ output: ADMIN_HOME }, { output: RESIDENT_HOME }],
    'xstate.error.actor.home': (s) => (s.context.failure === null ? [{ error: NOT_YOURS }, { error: NO_CONNECTION }] : []),
    'xstate.done.actor.event': [{ output: EDITABLE_EVENT }, { output: EVENT }, { output: CANCELLED_EVENT }],
    'xstate.error.actor.event': (s) => (s.context.failure === null ? [{ error: NOT_FOUND }, { error: NO_CONNECTION }] : []),
    retry: BARE,
    edit: (s) => (firstRead(s) ? BARE : []),
    startCancel: (s) => (firstRead(s) ? BARE : []),
    // A new event's title starts empty: saving is refused first, then the title is typed.
    change: (s) => (s.context.form?.Titulo === '' ? [{ form: { Titulo: 'Posada navideña' } }] : []),
    save: BARE,
    discard: (s) => (s.context.failure === null && !s.context.attempted ? BARE : []),
    'xstate.done.actor.save': (s) =>
      s.context.evento === null ? [{ output: saved(NEW_EVENT) }] : [{ output: saved(UPDATED_EVENT) }, { output: conflict }],
    'xstate.error.actor.save': (s) => (s.context.failure === null && s.context.evento !== null ? [{ error: REFUSED }] : []),
    setReason: (s) => (s.context.reason === '' ? [{ reason: '  Lluvia  ' }] : []),
    confirmCancel: BARE,
    back: (s) => (s.context.reason === '' ? BARE : []),
    'xstate.done.actor.cancel': [{ output: saved(CANCELLED_EVENT) }, { output: conflict }],
    'xstate.error.actor.cancel': (s) => (s.context.failure === null ? [{ error: NO_CONNECTION }] : []),
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: unknown; error?: ApiError };
    if (e.type === 'xstate.done.actor.home')
      return `done home:${(e.output as CalendarHomeAnswer).puedePublicar ? 'admin' : 'resident'}`;
    if (e.type === 'xstate.done.actor.event') {
      const evento = e.output as typeof EVENT;
      return `done event:${evento.cancelado ? 'cancelled' : evento.puedeEditar ? 'editable' : 'read-only'}`;
    }
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    return eventLabel(event);
  },
  words: {
    states: {
      start: 'Nothing yet: a new event or an existing one.',
      loadingHome: 'Grey placeholder lines while the screen learns whether the caller publishes.',
      loadingEvent: 'Grey placeholder lines while the event loads.',
      loadFailed: 'An alert “No pudimos cargar el evento” with the reason and Reintentar.',
      forbidden: '“Solo la administración publica eventos.”',
      notFound: '“El evento no existe o no tienes acceso a él.”',
      viewing:
        'The event: Evento or Asamblea, its title, Inicio and Fin as DD/MM/YYYY hh:mm AM/PM, the place, the description, “Publicado por…”, the guest registration link with Copiar enlace, its QR and “3 de 50 invitados registrados”; “Evento cancelado: motivo” when cancelled; Editar and Cancelar evento for administrators while it is not cancelled; “Evento guardado.”, “El evento quedó cancelado.” or “El evento cambió” with the server’s words after a change.',
      editing:
        'The form Nuevo evento / Editar evento: Evento or Asamblea, Título, Inicio, Fin (condominium time), Lugar, Descripción, “Permitir registro de invitados” with companions and limit; Guardar evento and Descartar; each problem under its field once saving was tried; “No se guardó el evento” with the server’s words after a failure.',
      saving: 'Guardar evento is busy.',
      closed: 'Back on the calendar.',
      cancelling: 'The event, and under it the card Cancelar el evento.',
      'cancelling.confirming':
        'Motivo (required), Confirmar cancelación and No cancelar; “No se canceló el evento” after a failure.',
      'cancelling.sending': 'Confirmar cancelación is busy.',
    },
    events: {
      'xstate.done.actor.home': (e) =>
        (e.output as CalendarHomeAnswer).puedePublicar
          ? 'the server says the caller publishes'
          : 'the server says the caller does not publish',
      'xstate.error.actor.home': (e) => ((e.error as ApiError).status ? 'the server refuses' : 'the connection fails'),
      'xstate.done.actor.event': (e) => {
        const evento = e.output as typeof EVENT;
        return `the server sends the event (${evento.cancelado ? 'cancelled' : evento.puedeEditar ? 'editable' : 'read-only'})`;
      },
      'xstate.error.actor.event': (e) =>
        (e.error as ApiError).status ? 'the server says it does not exist' : 'the connection fails',
      retry: () => 'presses Reintentar',
      edit: () => 'presses Editar',
      startCancel: () => 'presses Cancelar evento',
      change: (e) => `types the title “${(e.form as { Titulo: string }).Titulo}”`,
      save: () => 'presses Guardar evento',
      discard: () => 'presses Descartar',
      'xstate.done.actor.save': (e) =>
        (e.output as EventChangeResult).kind === 'conflict'
          ? 'the server says someone else changed it first, with the event as it is now'
          : 'the server saves it',
      'xstate.error.actor.save': (e) => `the server refuses: “${(e.error as ApiError).message}”`,
      setReason: (e) => `types the reason “${e.reason as string}”`,
      confirmCancel: () => 'presses Confirmar cancelación',
      back: () => 'presses No cancelar',
      'xstate.done.actor.cancel': (e) =>
        (e.output as EventChangeResult).kind === 'conflict'
          ? 'the server says someone else changed it first, with the event as it is now'
          : 'the server cancels it',
      'xstate.error.actor.cancel': () => 'the connection fails',
    },
  },
});
