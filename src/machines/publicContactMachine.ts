// The public page's two request dialogs (spec §2.5, §3.3, §5, §8): 'Contactar admin' (kind contact) and
// 'Solicitar acceso' (kind access, which adds vivienda). Closed → the form → the captcha is solved → the
// request is sent → the result dialog (the server's message, success or error by its flag; a refused
// captcha or a transport failure get the spec's own words) → closed again. The form dialog closes once
// it is submitted.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactForm,
  type ContactKind,
  contactFormProblems,
  type PublicContactRequest,
} from '../api/publicPage';
import { type PublicContactResult, sendPublicContact, solveCaptcha } from '../services/publicPageService';

export interface PublicContactInput {
  kind: ContactKind;
  condoId: number;
}

/** What the result dialog shows: the server's words, or one of ours by message id. */
export type ContactOutcome =
  | { success: boolean; message: string; messageId: null }
  | {
      success: false;
      message: null;
      messageId: 'public.contact.captchaFailed' | 'public.access.captchaFailed' | 'public.transportError';
    };

export interface PublicContactContext {
  kind: ContactKind;
  condoId: number;
  form: ContactForm;
  touched: Record<ContactField, boolean>;
  captcha: string | null;
  outcome: ContactOutcome | null;
}

export type PublicContactEvent =
  | { type: 'open' }
  | { type: 'field.change'; field: ContactField; value: string }
  | { type: 'field.blur'; field: ContactField }
  | { type: 'submit' }
  | { type: 'cancel' }
  | { type: 'dismiss' };

const EMPTY_FORM: ContactForm = { nombre: '', email: '', tel: '', comentarios: '', vivienda: '' };
const UNTOUCHED: Record<ContactField, boolean> = { nombre: false, email: false, tel: false, comentarios: false, vivienda: false };
const ALL_TOUCHED: Record<ContactField, boolean> = { nombre: true, email: true, tel: true, comentarios: true, vivienda: true };

/** The fields a kind's form shows. */
export const fieldsOf = (kind: ContactKind): readonly ContactField[] =>
  kind === 'access' ? CONTACT_FIELDS : CONTACT_FIELDS.filter((f) => f !== 'vivienda');

/** The request the form becomes, with the solved captcha. */
export function contactRequest(context: PublicContactContext): PublicContactRequest {
  const { form, kind } = context;
  return {
    kind,
    condoId: context.condoId,
    nombre: form.nombre.trim(),
    email: form.email.trim(),
    tel: form.tel.trim(),
    comentarios: form.comentarios.trim(),
    ...(kind === 'access' ? { vivienda: form.vivienda.trim() } : {}),
    cf_capcha: context.captcha ?? '',
    subject: kind === 'access' ? 'Solicitud de acceso' : 'Contacto',
  };
}

const captchaFailed = (kind: ContactKind): ContactOutcome => ({
  success: false,
  message: null,
  messageId: kind === 'access' ? 'public.access.captchaFailed' : 'public.contact.captchaFailed',
});

export const publicContactMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as PublicContactInput,
    context: {} as PublicContactContext,
    events: {} as PublicContactEvent,
  },
  actors: {
    solveCaptcha: fromPromise<string>(({ signal }) => solveCaptcha(signal)),
    sendContact: fromPromise<PublicContactResult, PublicContactRequest>(({ input, signal }) => sendPublicContact(input, signal)),
  },
  guards: {
    formIsValid: ({ context }) => Object.keys(contactFormProblems(context.form, context.kind)).length === 0,
  },
  actions: {
    resetForm: assign({ form: EMPTY_FORM, touched: UNTOUCHED, captcha: null, outcome: null }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { form: { ...context.form, [event.field]: event.value } };
    }),
    touchField: assign(({ context, event }) => {
      assertEvent(event, 'field.blur');
      return { touched: { ...context.touched, [event.field]: true } };
    }),
    touchAll: assign({ touched: ALL_TOUCHED }),
    keepCaptcha: assign((_, captcha: string) => ({ captcha })),
    failCaptcha: assign(({ context }) => ({ captcha: null, outcome: captchaFailed(context.kind) })),
    keepAnswer: assign(({ context }, { result }: { result: PublicContactResult }) => ({
      captcha: null,
      outcome:
        result.kind === 'answered'
          ? { success: result.success, message: result.message, messageId: null }
          : captchaFailed(context.kind),
    })),
    failTransport: assign({ captcha: null, outcome: { success: false, message: null, messageId: 'public.transportError' } }),
  },
}).createMachine({
  id: 'publicContact',
  context: ({ input }) => ({
    kind: input.kind,
    condoId: input.condoId,
    form: EMPTY_FORM,
    touched: UNTOUCHED,
    captcha: null,
    outcome: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { open: { target: 'editing', actions: 'resetForm' } },
    },
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'field.blur': { actions: 'touchField' },
        submit: [{ guard: 'formIsValid', target: 'solvingCaptcha', actions: 'touchAll' }, { actions: 'touchAll' }],
        cancel: { target: 'closed', actions: 'resetForm' },
      },
    },
    solvingCaptcha: {
      tags: ['busy'],
      invoke: {
        id: 'solveCaptcha',
        src: 'solveCaptcha',
        onDone: { target: 'sending', actions: { type: 'keepCaptcha', params: ({ event }) => event.output } },
        onError: { target: 'result', actions: 'failCaptcha' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendContact',
        src: 'sendContact',
        input: ({ context }) => contactRequest(context),
        onDone: { target: 'result', actions: { type: 'keepAnswer', params: ({ event }) => ({ result: event.output }) } },
        onError: { target: 'result', actions: 'failTransport' },
      },
    },
    // The form dialog has closed; the result dialog shows until dismissed.
    result: {
      on: { dismiss: { target: 'closed', actions: 'resetForm' } },
    },
  },
});
