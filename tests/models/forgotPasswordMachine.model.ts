// /sessions/forgot-password as a test model (the interface in French, so the e-mail is written in it): a
// valid address typed with blanks around it, an invalid one, leaving the field, and each answer. The
// words its scenarios are told in: docs/scenarios/forgotPasswordMachine.md.
import { forgotPasswordMachine } from '../../src/machines/forgotPasswordMachine';
import type { ForgotPasswordResult } from '../../src/services/accountService';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

export const SENT_MESSAGE = 'Si el correo está registrado, te enviaremos un enlace para restablecer tu contraseña.';
export const ANSWERS: Record<ForgotPasswordResult['kind'], ForgotPasswordResult> = {
  sent: { kind: 'sent', message: SENT_MESSAGE },
  tooManyAttempts: { kind: 'tooManyAttempts' },
};
export const VALID = '  residente@demo.mx ';
export const INVALID = 'no-es-correo';

export const forgotPasswordModel = defineModel({
  machine: forgotPasswordMachine,
  input: { language: 'fr' },
  payloads: {
    // The address the field does not hold yet.
    'email.change': (s) => [VALID, INVALID].filter((value) => value !== s.context.email).map((value) => ({ value })),
    'email.blur': BARE,
    submit: BARE,
    retry: BARE,
    edit: BARE,
    'xstate.done.actor.requestReset': Object.values(ANSWERS).map((output) => ({ output })),
    'xstate.error.actor.requestReset': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      editing:
        'Recuperar contraseña with Correo electrónico and Enviar enlace (off while the address is not valid); the rule’s message once the field was left.',
      sending: 'Enviar enlace shows it is sending; the field is off.',
      sent: 'Revisa tu correo, the same words whatever the address, with Usar otro correo.',
      throttled: 'Demasiados intentos: Hiciste demasiados intentos seguidos…, above the form, which stays usable.',
      failed: 'The request could not be sent: the form offers Reintentar.',
    },
    events: {
      'email.change': (e) => `types “${e.value}” in Correo electrónico`,
      'email.blur': () => 'leaves Correo electrónico',
      submit: () => 'presses Enviar enlace',
      retry: () => 'presses Reintentar',
      edit: () => 'presses Usar otro correo',
      'xstate.done.actor.requestReset': (e) => `the server answers ${(e.output as ForgotPasswordResult).kind}`,
      'xstate.error.actor.requestReset': () => 'the connection fails',
    },
  },
});
