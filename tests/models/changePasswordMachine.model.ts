// The change-password card of mi-perfil as a test model: the payloads of each event the machine declares,
// and the words its scenarios are told in (docs/scenarios/changePasswordMachine.md).
import { changePasswordMachine } from '../../src/machines/changePasswordMachine';
import { ApiError } from '../../src/services/http';
import type { ChangePasswordResult } from '../../src/services/profileService';
import { BARE, defineModel } from '../support/machineModel';

export const WRONG_CURRENT = 'La contraseña actual es incorrecta.';

/** Realistic answers of the change-password call, one per branch. */
export const ANSWERS: Record<string, ChangePasswordResult> = {
  ok: { kind: 'ok' },
  wrongCurrentPassword: { kind: 'wrongCurrentPassword', message: WRONG_CURRENT },
  tooManyAttempts: { kind: 'tooManyAttempts' },
};

const FIELD_NAMES: Record<string, string> = {
  current: 'Contraseña actual',
  password: 'Nueva contraseña',
  confirmation: 'Confirmar',
};

export const changePasswordModel = defineModel({
  machine: changePasswordMachine,
  payloads: {
    change: [
      { field: 'current', value: 'Demo1234!' },
      { field: 'password', value: 'corta' },
      { field: 'password', value: 'Nueva1234' },
      { field: 'confirmation', value: 'Nueva1234' },
    ],
    blur: [{ field: 'password' }],
    submit: BARE,
    retry: BARE,
    'xstate.done.actor.changePassword': Object.values(ANSWERS).map((output) => ({ output })),
    'xstate.error.actor.changePassword': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      editing: 'The form with Contraseña actual, Nueva contraseña and Confirmar; errors under the fields left or sent.',
      saving: 'The button shows it is saving.',
      changed: 'The form is empty again and says the password was changed.',
      throttled: 'Too many attempts: the form says to wait before trying again.',
      failed: 'The change could not be sent: the form offers to try again.',
    },
    events: {
      change: (e) => `types “${e.value}” in ${FIELD_NAMES[e.field as string]}`,
      blur: (e) => `leaves ${FIELD_NAMES[e.field as string]}`,
      submit: () => 'presses Cambiar contraseña',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.changePassword': (e) => `the server answers ${(e.output as ChangePasswordResult).kind}`,
      'xstate.error.actor.changePassword': () => 'the connection fails',
    },
  },
});
