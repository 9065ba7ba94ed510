// The administrators' settings of requests as a test model: two categories (Mantenimiento active, Seguridad
// not) and the default due hours. From the settings as loaded, one change per path: a new category (a fresh
// name, or one that repeats an existing name), Mantenimiento renamed (or the rename dropped), Seguridad switched
// on, the hours of urgente changed (or alta emptied); each save answered with the new settings, refused or
// not at all. The words its scenarios are told in: docs/scenarios/ticketSettingsMachine.md.
import type { EventObject } from 'xstate';
import type { TicketSettingsAnswer } from '../../src/api/tickets';
import { type SettingsChange, ticketSettingsMachine } from '../../src/machines/ticketSettingsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';

type Snap = Snapshot<typeof ticketSettingsMachine>;

export const SETTINGS: TicketSettingsAnswer = {
  success: true,
  categorias: [
    { id: 1, nombre: 'Mantenimiento', activa: true },
    { id: 2, nombre: 'Seguridad', activa: false },
  ],
  horas: { baja: 168, media: 72, alta: 24, urgente: 4 },
};
export const NEW_NAME = 'Jardinería';
/** The same as an existing category but for blanks and case. */
export const REPEATED_NAME = ' mantenimiento ';
export const RENAMED = 'Mantenimiento general';
export const URGENT_HOURS = 6;

/** The settings as the server has them after `change`. */
export function afterChange(settings: TicketSettingsAnswer, change: SettingsChange): TicketSettingsAnswer {
  if (change.kind === 'hours') return { ...settings, horas: change.request };
  const { id, nombre, activa } = change.request;
  if (id === undefined) return { ...settings, categorias: [...settings.categorias, { id: 3, nombre, activa }] };
  return { ...settings, categorias: settings.categorias.map((c) => (c.id === id ? { id, nombre, activa } : c)) };
}

export const REFUSAL = new ApiError(400, 'BAD_REQUEST', 'Ya existe una categoría con ese nombre.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

/** The settings as loaded, nothing typed: where one change is started. */
const fresh = (s: Snap) =>
  JSON.stringify(s.context.settings) === JSON.stringify(SETTINGS) &&
  s.context.newName === '' &&
  s.context.renaming === null &&
  s.context.hours.urgente === SETTINGS.horas.urgente &&
  s.context.hours.alta === SETTINGS.horas.alta &&
  s.context.failure === null;

export const ticketSettingsModel = defineModel({
  machine: ticketSettingsMachine,
  payloads: {
    'xstate.done.actor.load': [{ output: SETTINGS }],
    'xstate.error.actor.load': [{ error: NO_CONNECTION }],
    retry: BARE,
    editNew: (s) => (fresh(s) ? [{ nombre: NEW_NAME }, { nombre: REPEATED_NAME }] : []),
    add: BARE,
    startRename: (s) => (fresh(s) ? [{ id: 1 }] : []),
    editRename: (s) => (s.context.renaming?.nombre === 'Mantenimiento' ? [{ nombre: RENAMED }] : []),
    cancelRename: (s) => (s.context.renaming ? BARE : []),
    saveRename: BARE,
    toggle: (s) => (fresh(s) ? [{ id: 2 }] : []),
    editHours: (s) =>
      fresh(s)
        ? [
            { prioridad: 'urgente', value: URGENT_HOURS },
            { prioridad: 'alta', value: null },
          ]
        : [],
    saveHours: BARE,
    'xstate.done.actor.save': (s) => [{ output: afterChange(s.context.settings!, s.context.pending!) }],
    'xstate.error.actor.save': [{ error: REFUSAL }, { error: NO_CONNECTION }],
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { error?: ApiError };
    return e.type.startsWith('xstate.error.') ? `${eventLabel(event)}:${e.error!.status || 'network'}` : eventLabel(event);
  },
  words: {
    states: {
      loading: 'Configuración de solicitudes with grey placeholder lines while the settings load.',
      failed: 'An alert “No se pudo guardar o cargar la configuración” (no connection) with Reintentar.',
      ready:
        'Categorías, each with Activa or Inactiva, Renombrar and Activar or Desactivar; Nueva categoría with Agregar categoría; the hours by priority with Guardar horas; a status “Categoría guardada.” or “Horas guardadas.” after a save, or an alert with the server’s words.',
      saving: 'The button pressed spins while the change is saved and the settings read again.',
    },
    events: {
      'xstate.done.actor.load': () => 'the settings arrive',
      'xstate.error.actor.load': () => 'the connection fails',
      retry: () => 'presses Reintentar',
      editNew: (e) => `types “${e.nombre}” in Nueva categoría`,
      add: () => 'presses Agregar categoría',
      startRename: () => 'presses Renombrar Mantenimiento',
      editRename: (e) => `types “${e.nombre}” in Nuevo nombre de Mantenimiento`,
      cancelRename: () => 'presses Cancelar',
      saveRename: () => 'presses Guardar',
      toggle: () => 'presses Activar Seguridad',
      editHours: (e) =>
        e.value === null ? `empties ${String(e.prioridad)} (horas)` : `types ${e.value} in ${String(e.prioridad)} (horas)`,
      saveHours: () => 'presses Guardar horas',
      'xstate.done.actor.save': () => 'the server saves it and sends the settings as they are now',
      'xstate.error.actor.save': (e) =>
        (e.error as ApiError).status ? `the server refuses: “${(e.error as ApiError).message}”` : 'the connection fails',
    },
  },
});
