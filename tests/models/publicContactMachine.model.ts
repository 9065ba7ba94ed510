// The public page's Solicitar acceso dialog as a test model (the access kind: it has every field of the
// contact kind and vivienda; the contact kind's differences are behaviour tests): the form filled one
// field at a time, a field left, the answers of the captcha and send calls, and the words its scenarios
// are told in (docs/scenarios/publicContactMachine.md).
import type { EventObject } from 'xstate';
import { CONTACT_FIELDS, type ContactField, type ContactForm } from '../../src/api/publicPage';
import { publicContactMachine } from '../../src/machines/publicContactMachine';
import { ApiError } from '../../src/services/http';
import type { PublicContactResult } from '../../src/services/publicPageService';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const CONTACT_INPUT = { kind: 'access' as const, condoId: 7 };

export const VALID: Record<ContactField, string> = {
  nombre: 'Lucía Ramírez',
  email: 'lucia@example.com',
  tel: '33 1234 5678',
  comentarios: 'Quisiera información.',
  vivienda: 'Torre A - 305',
};
export const CAPTCHA = 'eyJjaGFsbGVuZ2UiOnt9fQ==';
export const ANSWERS: Record<'sent' | 'refused' | 'captcha', PublicContactResult> = {
  sent: { kind: 'answered', success: true, message: 'Tu mensaje fue enviado a la administración.' },
  refused: { kind: 'answered', success: false, message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.' },
  captcha: { kind: 'captchaRefused' },
};

/** How many fields, in the form's order, hold their valid value (-1 for a form off that sequence). */
export function fillStage(form: ContactForm): number {
  const stage = CONTACT_FIELDS.findIndex((field) => form[field] === '');
  const filled = stage === -1 ? CONTACT_FIELDS.length : stage;
  const onSequence = CONTACT_FIELDS.every((field, i) => form[field] === (i < filled ? VALID[field] : ''));
  return onSequence ? filled : -1;
}

const FIELD_NAMES: Record<ContactField, string> = {
  nombre: 'Nombre completo',
  email: 'Correo electrónico',
  tel: 'Teléfono',
  comentarios: 'Comentarios',
  vivienda: 'Vivienda',
};

const answerName = (output: PublicContactResult) =>
  output.kind === 'answered' ? (output.success ? 'sent' : 'refused') : 'captchaRefused';

export const publicContactModel = defineModel({
  machine: publicContactMachine,
  input: CONTACT_INPUT,
  label: (event: EventObject) => {
    const { output } = event as EventObject & { output?: PublicContactResult };
    return event.type === 'xstate.done.actor.sendContact' && output
      ? `done sendContact:${answerName(output)}`
      : eventLabel(event);
  },
  payloads: {
    open: BARE,
    // The fields in the form's order, one at a time: every stage is a form that lacks what follows.
    'field.change': (s) => {
      const next = CONTACT_FIELDS[fillStage(s.context.form)];
      return next ? [{ field: next, value: VALID[next] }] : [];
    },
    // Leaving the first field before anything else is touched shows its message alone.
    'field.blur': (s) => (Object.values(s.context.touched).some(Boolean) ? [] : [{ field: 'nombre' }]),
    submit: BARE,
    cancel: BARE,
    dismiss: BARE,
    'xstate.done.actor.solveCaptcha': [{ output: CAPTCHA }],
    'xstate.error.actor.solveCaptcha': [{ error: new Error('captcha not solved') }],
    'xstate.done.actor.sendContact': Object.values(ANSWERS).map((output) => ({ output })),
    'xstate.error.actor.sendContact': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  words: {
    states: {
      closed: 'The Acceso card with Solicitar acceso; no dialog.',
      editing:
        'The dialog Solicitar acceso: Nombre completo, Correo electrónico, Teléfono, Comentarios and Vivienda, the ALTCHA note, Cancelar and Enviar; a field left or sent empty says so under it.',
      solvingCaptcha: 'The fields are disabled, Enviar shows it is busy and “Verificando que no eres un robot…” shows.',
      sending: 'The fields are disabled and Enviar shows it is busy while the request goes.',
      result:
        'The form has closed; a dialog Éxito or Error shows the server’s message (or ours for a refused captcha or a failed connection) with Aceptar.',
    },
    events: {
      open: () => 'presses Solicitar acceso',
      'field.change': (e) => `types “${e.value}” in ${FIELD_NAMES[e.field as ContactField]}`,
      'field.blur': (e) => `leaves ${FIELD_NAMES[e.field as ContactField]}`,
      submit: () => 'presses Enviar',
      cancel: () => 'presses Cancelar',
      dismiss: () => 'presses Aceptar',
      'xstate.done.actor.solveCaptcha': () => 'the browser solves the captcha',
      'xstate.error.actor.solveCaptcha': () => 'the captcha cannot be solved',
      'xstate.done.actor.sendContact': (e) => `the server answers ${answerName(e.output as PublicContactResult)}`,
      'xstate.error.actor.sendContact': () => 'the connection fails',
    },
  },
});
