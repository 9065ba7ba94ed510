// The reset-password page (/sessions/reset-password?token=…) as a test model: a well-formed link and a
// malformed one, the
// passwords typed and left, the server's answers, and the words its scenarios are told in
// (docs/scenarios/resetPasswordMachine.md).
import { resetPasswordMachine } from '../../src/machines/resetPasswordMachine';
import type { ResetPasswordResult } from '../../src/services/accountService';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

export const TOKEN = 'k9X2b7Qw_3mZ-uVt8LpR4sYc';
/** Too short to be a link's token: refused before the server is asked. */
export const MALFORMED = 'corto';
export const INVALID_LINK = 'El enlace para restablecer la contraseña no es válido o ya expiró.';

/** Realistic answers of the reset call, one per branch. */
export const ANSWERS: Record<ResetPasswordResult['kind'], ResetPasswordResult> = {
  done: { kind: 'done' },
  invalidToken: { kind: 'invalidToken', message: INVALID_LINK },
  tooManyAttempts: { kind: 'tooManyAttempts' },
};

const FIELD_NAMES: Record<string, string> = {
  password: 'Contraseña nueva',
  confirmation: 'Confirma la contraseña nueva',
};

export const resetPasswordModel = defineModel({
  machine: resetPasswordMachine,
  // The link's token decides at once: a well-formed one opens the form, a malformed one is refused here.
  inputs: { link: { token: TOKEN }, malformed: { token: MALFORMED } },
  payloads: {
    // The password that passes, in either field; the shared rule's refusals are behaviour tests.
    change: [
      { field: 'password', value: 'Nueva1234' },
      { field: 'confirmation', value: 'Nueva1234' },
    ],
    blur: [{ field: 'password' }],
    submit: BARE,
    retry: BARE,
    'xstate.done.actor.resetPassword': Object.values(ANSWERS).map((output) => ({ output })),
    'xstate.error.actor.resetPassword': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      checkingLink: 'Nothing yet: the link’s token is checked before the page shows.',
      editing:
        'Nueva contraseña: Contraseña nueva and Confirma la contraseña nueva with the rule, Guardar contraseña enabled only when both pass; errors under the fields left or sent.',
      saving: 'Guardar contraseña shows it is saving; the fields are disabled.',
      throttled: 'Too many attempts: an alert says to wait before trying again; the form stays.',
      failed: 'The password could not be sent: an alert offers Reintentar; the form stays.',
      invalidToken:
        'An alert “El enlace no es válido” with the server’s reason, Pedir un enlace nuevo and the way back to sign in.',
      done: '“Contraseña actualizada”: every session was closed; Iniciar sesión.',
    },
    events: {
      change: (e) => `types “${e.value}” in ${FIELD_NAMES[e.field as string]}`,
      blur: (e) => `leaves ${FIELD_NAMES[e.field as string]}`,
      submit: () => 'presses Guardar contraseña',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.resetPassword': (e) => `the server answers ${(e.output as ResetPasswordResult).kind}`,
      'xstate.error.actor.resetPassword': () => 'the connection fails',
    },
  },
});
