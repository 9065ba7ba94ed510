// "PIN de turno" on the employee panel as a test model: whether the guard has a PIN loads (or fails, or is
// refused), they open the form, type the PIN twice and their password, and the save answers saved, wrong
// password or too many tries, fails (kept to try again) or is refused. Words: docs/scenarios/gatePinMachine.md.
import { gatePinMachine, type PinField } from '../../src/machines/gatePinMachine';
import type { PinResult } from '../../src/services/gateDevicesService';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

export const NEW_PIN = '2468';
export const PASSWORD = 'Demo1234!';
export const NETWORK = new ApiError(0, 'NETWORK', 'Failed to fetch');
export const FORBIDDEN = new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.', undefined, 'errors.forbidden');

const FIELD_NAMES: Record<PinField, string> = {
  pin: 'Nuevo PIN',
  confirmation: 'Confirma el PIN',
  password: 'Tu contraseña actual',
};

export const gatePinModel = defineModel({
  machine: gatePinMachine,
  payloads: {
    edit: BARE,
    cancel: BARE,
    change: [
      { field: 'pin', value: NEW_PIN },
      { field: 'confirmation', value: NEW_PIN },
      { field: 'password', value: PASSWORD },
    ],
    submit: BARE,
    retry: BARE,
    'xstate.done.actor.loadPinStatus': [{ output: false }, { output: true }],
    'xstate.error.actor.loadPinStatus': [{ error: NETWORK }, { error: FORBIDDEN }],
    'xstate.done.actor.savePin': ([{ kind: 'saved' }, { kind: 'wrongPassword' }, { kind: 'tooMany' }] as PinResult[]).map(
      (output) => ({ output }),
    ),
    'xstate.error.actor.savePin': [{ error: NETWORK }, { error: FORBIDDEN }],
  },
  words: {
    states: {
      loading: 'PIN de turno, loading whether the guard has a PIN.',
      loadFailed: 'It could not load, with Reintentar.',
      ready: 'Ya tienes un PIN (Cambiar PIN) or Aún no tienes PIN (Definir PIN).',
      editing: 'Nuevo PIN, Confirma el PIN, Tu contraseña actual, Guardar PIN and Cancelar; the last refusal if any.',
      saving: 'Guardar PIN is busy.',
      saved: 'PIN guardado, with Cambiar PIN.',
      failed: 'The PIN could not be saved: the form stays, with Reintentar.',
      refused: 'The server refused access: its words, nothing else to do.',
    },
    events: {
      edit: () => 'presses Definir PIN / Cambiar PIN',
      cancel: () => 'presses Cancelar',
      change: (e) => `types “${e.value}” in ${FIELD_NAMES[e.field as PinField]}`,
      submit: () => 'presses Guardar PIN',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.loadPinStatus': (e) => (e.output ? 'the server answers: has a PIN' : 'the server answers: no PIN'),
      'xstate.error.actor.loadPinStatus': (e) =>
        (e.error as ApiError).status === 403 ? 'the server refuses access' : 'the connection fails',
      'xstate.done.actor.savePin': (e) => `the server answers ${(e.output as PinResult).kind}`,
      'xstate.error.actor.savePin': (e) =>
        (e.error as ApiError).status === 403 ? 'the server refuses access' : 'the connection fails',
    },
  },
});
