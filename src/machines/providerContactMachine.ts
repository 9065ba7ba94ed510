// The payment-provider contact dialog (spec §2.4, §4, §5, §8): closed, or open on one of two tabs —
// 'agendar' (a meeting: a day on the calendar and a slot) or 'llamar' (WhatsApp or a call: nombre,
// telefono of exactly 10 digits, prefieresContacto, fechaContacto, horarioTentativo). Submit is possible
// only while the tab's form is valid; the dialog closes either way and 'Éxito' or 'Error' is shown.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  type ContactFormField,
  type ContactTab,
  contactFormProblems,
  type ProviderContactForm,
  type ProviderContactRequest,
} from '../api/providerContact';
import { sendProviderContact } from '../services/providerContactService';

export interface ProviderContactInput {
  /** The viewer's calendar day, YYYY-MM-DD: the first day that can be chosen. */
  today: string;
  /** The signed-in administrator's name, to start the form with. */
  nombre: string;
}

export interface ProviderContactContext extends ProviderContactInput {
  form: ProviderContactForm;
  /** The tab whose form was submitted last. */
  sentTab: ContactTab | null;
}

export type ProviderContactEvent =
  | { type: 'open'; tab: ContactTab }
  | { type: 'switchTab'; tab: ContactTab }
  | { type: 'change'; field: ContactFormField; value: string | null }
  | { type: 'submit' }
  | { type: 'close' }
  | { type: 'dismiss' };

const emptyForm = (nombre: string): ProviderContactForm => ({
  nombre,
  telefono: '',
  prefieresContacto: null,
  fechaContacto: null,
  horarioTentativo: null,
});

/** The tab an open dialog shows. */
export const tabOf = (snapshot: { matches(value: unknown): boolean }): ContactTab =>
  snapshot.matches({ open: 'agendar' }) ? 'agendar' : 'llamar';

/** What is sent for the tab: a meeting carries no contact preference. */
export function contactRequest(tab: ContactTab, form: ProviderContactForm): ProviderContactRequest {
  return {
    tab,
    nombre: form.nombre.trim(),
    telefono: form.telefono,
    prefieresContacto: tab === 'llamar' ? form.prefieresContacto : null,
    fechaContacto: form.fechaContacto ?? '',
    horarioTentativo: form.horarioTentativo ?? '9:00',
  };
}

export const providerContactMachine = setup({
  types: {
    input: {} as ProviderContactInput,
    context: {} as ProviderContactContext,
    events: {} as ProviderContactEvent,
  },
  actors: {
    sendContact: fromPromise<void, ProviderContactRequest>(({ input, signal }) => sendProviderContact(input, signal)),
  },
  guards: {
    agendarValid: ({ context }) => contactFormProblems('agendar', context.form, context.today).length === 0,
    llamarValid: ({ context }) => contactFormProblems('llamar', context.form, context.today).length === 0,
    asksAgendar: ({ event }) => {
      assertEvent(event, ['open', 'switchTab']);
      return event.tab === 'agendar';
    },
    asksLlamar: ({ event }) => {
      assertEvent(event, ['open', 'switchTab']);
      return event.tab === 'llamar';
    },
  },
  actions: {
    resetForm: assign(({ context }) => ({ form: emptyForm(context.nombre), sentTab: null })),
    rememberAgendar: assign({ sentTab: 'agendar' as const }),
    rememberLlamar: assign({ sentTab: 'llamar' as const }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'change');
      return { form: { ...context.form, [event.field]: event.value } };
    }),
  },
}).createMachine({
  id: 'providerContact',
  context: ({ input }) => ({ ...input, form: emptyForm(input.nombre), sentTab: null }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        open: [
          { guard: 'asksAgendar', target: 'open.agendar', actions: 'resetForm' },
          { guard: 'asksLlamar', target: 'open.llamar', actions: 'resetForm' },
        ],
      },
    },
    open: {
      initial: 'agendar',
      on: {
        change: { actions: 'setField' },
        close: 'closed',
      },
      states: {
        agendar: {
          on: {
            switchTab: { guard: 'asksLlamar', target: 'llamar' },
            submit: { guard: 'agendarValid', target: '#providerContact.sending', actions: 'rememberAgendar' },
          },
        },
        llamar: {
          on: {
            switchTab: { guard: 'asksAgendar', target: 'agendar' },
            submit: { guard: 'llamarValid', target: '#providerContact.sending', actions: 'rememberLlamar' },
          },
        },
      },
    },
    sending: {
      invoke: {
        id: 'sendContact',
        src: 'sendContact',
        input: ({ context }) => contactRequest(context.sentTab ?? 'llamar', context.form),
        onDone: 'result.success',
        onError: 'result.failure',
      },
    },
    // The form dialog has closed; 'Éxito' or 'Error' shows until dismissed.
    result: {
      initial: 'success',
      on: { dismiss: 'closed' },
      states: { success: {}, failure: {} },
    },
  },
});
