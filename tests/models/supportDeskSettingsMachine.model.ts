// The support desk's settings as a test model (issue 30): two canned answers and the demo's hours; a new answer
// written and saved (or refused), the first one changed, the second removed; the hours changed to close on Friday
// and saved. Failures: no connection, and the desk session ended. The words its scenarios are told in:
// docs/scenarios/supportDeskSettingsMachine.md.
import type { EventObject, SnapshotFrom } from 'xstate';
import type { SupportCannedAnswer, SupportSettingsAnswer } from '../../src/api/support';
import { supportDeskSettingsMachine } from '../../src/machines/supportDeskSettingsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import { at, CANNED, SETTINGS } from '../support/supportFixtures';

export const LOADED = { canned: CANNED, settings: SETTINGS };
export const NEW_ANSWER = { titulo: 'Horario', texto: 'Atendemos de lunes a viernes de 9 a 18 h.' };
export const WITH_NEW: SupportCannedAnswer = { success: true, items: [...CANNED, { id: 3, ...NEW_ANSWER, actualizada: at(1) }] };
export const WITHOUT_SECOND: SupportCannedAnswer = { success: true, items: [CANNED[0]!] };
export const NO_FRIDAY = {
  ...SETTINGS,
  dias: SETTINGS.dias.map((d, i) => (i === 4 ? null : d)),
  mensajeAusencia: 'Volvemos el lunes.',
};
export const HOURS_SAVED: SupportSettingsAnswer = { success: true, settings: NO_FRIDAY };

export const OFFLINE = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const ENDED = new ApiError(401, 'UNAUTHENTICATED', 'Tu sesión de la mesa de soporte terminó. Vuelve a iniciar sesión.');

type Snap = SnapshotFrom<typeof supportDeskSettingsMachine>;
const asLoaded = (s: Snap) => s.context.canned.length === CANNED.length && s.context.hours === null && !s.context.saved;

const label = (event: EventObject) => {
  const e = event as EventObject & { error?: unknown };
  if (e.type.startsWith('xstate.error.') && e.error instanceof ApiError) return `${eventLabel(e)}:${e.error.status || 'offline'}`;
  return eventLabel(e);
};
const failure = (error: unknown) => ((error as ApiError).status === 401 ? 'says the desk session ended' : 'cannot be reached');

export const supportDeskSettingsModel = defineModel({
  machine: supportDeskSettingsMachine,
  label,
  payloads: {
    retry: BARE,
    newCanned: (s) => (asLoaded(s) ? BARE : []),
    editCanned: (s) => (asLoaded(s) ? [{ id: CANNED[0]!.id }] : []),
    editDraft: (s) => (s.context.draft?.titulo === '' ? [NEW_ANSWER] : []),
    saveCanned: BARE,
    cancel: BARE,
    deleteCanned: (s) => (asLoaded(s) ? [{ id: CANNED[1]!.id }] : []),
    editHours: (s) => (asLoaded(s) && s.matches({ ready: 'idle' }) ? [{ settings: NO_FRIDAY }] : []),
    saveHours: BARE,
    dismiss: BARE,
    'xstate.done.actor.load': [{ output: LOADED }],
    'xstate.error.actor.load': [{ error: OFFLINE }, { error: ENDED }],
    'xstate.done.actor.saveCanned': [{ output: WITH_NEW }],
    'xstate.error.actor.saveCanned': [{ error: OFFLINE }, { error: ENDED }],
    'xstate.done.actor.deleteCanned': [{ output: WITHOUT_SECOND }],
    'xstate.error.actor.deleteCanned': [{ error: OFFLINE }, { error: ENDED }],
    'xstate.done.actor.saveHours': [{ output: HOURS_SAVED }],
    'xstate.error.actor.saveHours': [{ error: OFFLINE }, { error: ENDED }],
  },
  words: {
    states: {
      loading: '“Cargando respuestas y horario…”.',
      loadFailed: 'An alert “No pudimos cargar las respuestas y el horario.” with the reason and Reintentar.',
      sessionEnded: 'The console shows the desk’s sign-in again.',
      ready:
        'Respuestas guardadas (each with Editar and Eliminar, and Nueva respuesta) and Horario de atención (the time zone, each day open or not with its hours, the away message, Guardar).',
      'ready.idle': 'As saved; after saving the hours, “Guardamos el horario.”.',
      'ready.editing':
        'The form of a canned answer (Título, Texto, Guardar enabled once both are written, Cancelar); a refusal shows why and keeps what was written.',
      'ready.failed': 'An alert “No pudimos guardar el cambio.” with the reason.',
      savingCanned: 'Guardar shows it is saving the answer.',
      deleting: 'The list, busy, while the answer is removed.',
      savingHours: 'Guardar shows it is saving the hours.',
    },
    events: {
      retry: () => 'presses Reintentar',
      newCanned: () => 'presses Nueva respuesta',
      editCanned: () => 'presses Editar on Saludo',
      editDraft: (e) => `writes “${e.titulo}” and its text`,
      saveCanned: () => 'presses Guardar',
      cancel: () => 'presses Cancelar',
      deleteCanned: () => 'presses Eliminar on Restablecer contraseña',
      editHours: () => 'unticks Friday and writes the away message “Volvemos el lunes.”',
      saveHours: () => 'presses Guardar under the hours',
      dismiss: () => 'puts the alert aside',
      'xstate.done.actor.load': () => 'the server sends two canned answers and the hours',
      'xstate.error.actor.load': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.saveCanned': () => 'the server keeps the answer',
      'xstate.error.actor.saveCanned': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.deleteCanned': () => 'the server removes it',
      'xstate.error.actor.deleteCanned': (e) => `the server ${failure(e.error)}`,
      'xstate.done.actor.saveHours': () => 'the server keeps the hours',
      'xstate.error.actor.saveHours': (e) => `the server ${failure(e.error)}`,
    },
  },
});
