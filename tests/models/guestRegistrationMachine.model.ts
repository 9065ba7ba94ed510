// registro-invitados/{token} as a test model: the link's every kind of answer (spec §4), the form filled
// one field at a time (tests/support/guestFixtures.ts: the browser walk fills it the same way), submitted
// empty and complete, and the server's every answer to a registration. The words its scenarios are told in:
// docs/scenarios/guestRegistrationMachine.md.
import type { EventObject } from 'xstate';
import { GUEST_MESSAGES } from '../../src/api/guests';
import { guestRegistrationMachine } from '../../src/machines/guestRegistrationMachine';
import type { GuestFormResult, RegisterResult } from '../../src/services/guestsService';
import { ApiError } from '../../src/services/http';
import { ANSWERS, LOADS, nextField, OPENED_AT } from '../support/guestFixtures';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const GUEST_INPUT = { token: 'demo-evento', openedAt: OPENED_AT };

/** The name of a link's answer in LOADS ('event', 'noParking', 'condo'…). */
export const loadKind = (output: unknown) =>
  Object.entries(LOADS).find(([, value]) => JSON.stringify(value) === JSON.stringify(output))?.[0] ?? 'unknown';

/**
 * Where the model starts: the page asking for the link's answer (`link`), and the page that came with it
 * (input.preloaded: the first render is already the refusal or the form) for each refusal and one form.
 */
export const GUEST_INPUTS = {
  link: GUEST_INPUT,
  ...Object.fromEntries(
    (['notFound', 'cancelled', 'ended', 'full', 'user'] as const).map((kind) => [
      `page:${kind}`,
      { ...GUEST_INPUT, preloaded: LOADS[kind]! },
    ]),
  ),
};

const FIELD_LABELS: Record<string, string> = {
  nombre: 'Nombre completo',
  email: 'Correo electrónico',
  confirmEmail: 'Confirma tu correo electrónico',
  telefono: 'Teléfono (opcional)',
  formaDeAcceso: 'Forma de acceso',
  placas: 'Placas del vehículo',
  numDeInvitados: 'Número de acompañantes',
  torre: 'Torre',
  apartment: 'Vivienda',
  user: 'Residente',
};

const LINKS: Record<string, string> = {
  notFound: 'a link that does not exist',
  unknownType: 'a link of a type the form does not know',
  cancelled: 'a cancelled event',
  ended: 'an event that started more than 12 h ago',
  full: 'an event with no guest places left',
  event: 'an event',
  noParking: 'an event with no parking left',
  user: 'a resident’s link',
  condo: 'the condominium’s link',
};

/** The labels of the headless tests and of the browser cover: `load:condo`, `answer:vehicleLimit`, `field:torre=none`. */
export function guestLabel(event: EventObject): string {
  const e = event as EventObject & { output?: unknown; field?: string; value?: unknown };
  if (e.type === 'xstate.done.actor.loadForm') return `load:${loadKind(e.output)}`;
  if (e.type === 'xstate.done.actor.submitGuest') return `answer:${(e.output as RegisterResult).kind}`;
  if (e.type === 'field.change') return `field:${e.field}=${String(e.value)}`;
  return eventLabel(e);
}

export const guestRegistrationModel = defineModel({
  machine: guestRegistrationMachine,
  inputs: GUEST_INPUTS,
  payloads: {
    // The next field to fill in; once the guest went by car, going back on foot is a choice too.
    'field.change': (s) => {
      if (!s.matches('form')) return [];
      const next = nextField(s);
      const { formaDeAcceso, placas } = s.context.values;
      return [
        ...(next ? [{ field: next.field, value: next.value }] : []),
        ...(formaDeAcceso === 'auto' && placas ? [{ field: 'formaDeAcceso' as const, value: 'pie' }] : []),
      ];
    },
    // Submitting is tried on the empty form (messages show) and on the complete one.
    submit: (s) => (!s.context.values.nombre || !nextField(s) ? BARE : []),
    'xstate.done.actor.loadForm': Object.values(LOADS).map((output) => ({ output })),
    'xstate.error.actor.loadForm': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
    // Every answer to the plain event's form; the other forms (and the event's once its parking is full)
    // are registered, the refusals being the same whatever the form.
    'xstate.done.actor.submitGuest': (s) =>
      (s.context.info?.type === 'event' && !s.context.parkingFull ? ANSWERS : ANSWERS.slice(0, 1)).map((output) => ({ output })),
    'xstate.error.actor.submitGuest': [{ error: new ApiError(0, 'NETWORK', 'Failed to fetch') }],
  },
  label: guestLabel,
  words: {
    states: {
      loading: 'Cargando el registro… while the link’s information loads.',
      invalid: `The page says “${GUEST_MESSAGES.invalid}” and shows no form.`,
      cancelled: `The page says “${GUEST_MESSAGES.cancelled}” and shows no form.`,
      ended: `The page says “${GUEST_MESSAGES.ended}” and shows no form.`,
      guestLimit: `The page says “${GUEST_MESSAGES.guestLimit}” and shows no form.`,
      form: 'Formulario: the event’s name (or the resident’s or condominium’s form) with Nombre completo, the two e-mails, Teléfono, Forma de acceso and Registrarme; with no parking left, A pie chosen and En auto off.',
      'form.editing':
        'Formulario: the event’s name (or the resident’s or condominium’s form) with Nombre completo, the two e-mails, Teléfono, Forma de acceso and Registrarme; with no parking left, A pie chosen and En auto off; each field’s message once Registrarme was pressed.',
      'form.failed': 'The same form, complete and enabled, with no message: the registration did not go through (spec §8).',
      submitting: 'Registrarme shows it is sending; the fields are off.',
      success: '¡Registro exitoso!: the pass’s QR, the manual key and Ver mi pase.',
    },
    events: {
      'field.change': (e) => `chooses or types “${String(e.value)}” in ${FIELD_LABELS[e.field as string] ?? e.field}`,
      submit: () => 'presses Registrarme',
      'xstate.done.actor.loadForm': (e) => `the server answers with ${LINKS[loadKind(e.output)] ?? 'a link'}`,
      'xstate.error.actor.loadForm': () => 'the connection fails',
      'xstate.done.actor.submitGuest': (e) => `the server answers ${(e.output as RegisterResult).kind}`,
      'xstate.error.actor.submitGuest': () => 'the connection fails',
    },
  },
});

export type { GuestFormResult };
