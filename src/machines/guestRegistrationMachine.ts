// registro-invitados/{token} (spec §2.6, §4, §5, §8): load the link's form info, then one of invalid link,
// cancelled, ended (12 h after the start), guest limit, or the form for type event, user or condo; with no
// parking left the guest comes on foot. Submitting ends in the success card with the QR and the manual key;
// the server's refusals are states; a failed submission shows the form again, enabled, with no message
// (spec §8: "Submission errors produce no user message").
import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import {
  EMPTY_GUEST,
  type GuestFormInfo,
  type GuestFormShape,
  type GuestRegistered,
  type GuestSubmission,
  type GuestValues,
  guestFormShape,
  guestProblems,
  registrationClosed,
} from '../api/guests';
import { fetchGuestForm, type GuestFormResult, type RegisterResult, registerGuest } from '../services/guestsService';

export interface GuestRegistrationInput {
  token: string;
  /** When the page opened, ms since the epoch (the cut-off is judged against it); now by default. */
  openedAt?: number;
  /** The link's form info when it came with the page (read before the first render): no call then. */
  preloaded?: GuestFormResult;
}

export interface GuestRegistrationContext {
  token: string;
  openedAt: number;
  preloaded: GuestFormResult | null;
  info: GuestFormInfo | null;
  shape: GuestFormShape | null;
  values: GuestValues;
  /** Messages show for every field once a submit was tried. */
  showErrors: boolean;
  /** No parking left: access is on foot only, with the parking hint. */
  parkingFull: boolean;
  registered: GuestRegistered | null;
}

type FieldValue = string | number | null;
export type GuestRegistrationEvent = { type: 'field.change'; field: keyof GuestValues; value: FieldValue } | { type: 'submit' };

/** The dwellings the condo form lists for the chosen tower ('none': those outside any tower). */
export function apartmentsFor(info: GuestFormInfo | null, torre: string) {
  const all = info?.data.apartments ?? [];
  if (torre === '') return [];
  return all.filter((a) => (torre === 'none' ? a.Torre === null : String(a.Torre) === torre));
}

/** The residents of the chosen dwelling. */
export function residentsFor(info: GuestFormInfo | null, apartment: number | null) {
  return apartment === null ? [] : (info?.data.users ?? []).filter((u) => u.AptId === apartment);
}

/** What the form sends (spec §3.3 Guest); the condo form adds torre, apartment and user. */
export function toSubmission(values: GuestValues, shape: GuestFormShape | null): GuestSubmission {
  const submission: GuestSubmission = {
    nombre: values.nombre.trim(),
    email: values.email.trim(),
    confirmEmail: values.confirmEmail.trim(),
    telefono: values.telefono.trim() || null,
    formaDeAcceso: values.formaDeAcceso || null,
    numDeInvitados: shape && shape.companions > 0 ? values.numDeInvitados : null,
    placas: values.formaDeAcceso === 'auto' ? values.placas.trim() : null,
  };
  if (shape?.type === 'condo') {
    submission.torre = values.torre === 'none' || values.torre === '' ? null : Number(values.torre);
    submission.apartment = values.apartment;
    submission.user = values.user;
  }
  return submission;
}

function changed(values: GuestValues, field: keyof GuestValues, value: FieldValue): GuestValues {
  const next = { ...values, [field]: value } as GuestValues;
  // Choosing a tower lists its dwellings; choosing a dwelling lists its residents (spec §5).
  if (field === 'torre') return { ...next, apartment: null, user: null };
  if (field === 'apartment') return { ...next, user: null };
  return next;
}

const formOf = (result: GuestFormResult | null) => (result?.kind === 'form' ? result.info : null);

type Answer = { result: GuestFormResult | null };

/** Where the link's answer leads, in order (spec §4): the same whether it arrives from the call or came with the page. */
// biome-ignore lint/suspicious/noExplicitAny: the transition's own arguments (context, and the done event for the call).
function decidedBy(answer: (args: any) => GuestFormResult | null) {
  const params = (args: unknown) => ({ result: answer(args) });
  return [
    { guard: { type: 'linkInvalid', params }, target: 'invalid' },
    { guard: { type: 'eventCancelled', params }, target: 'cancelled' },
    { guard: { type: 'eventEnded', params }, target: 'ended' },
    { guard: { type: 'guestLimitReached', params }, target: 'guestLimit' },
    { guard: { type: 'answered', params }, target: 'form', actions: { type: 'keepForm', params } },
  ] as const;
}

export const guestRegistrationMachine = setup({
  types: {
    input: {} as GuestRegistrationInput,
    context: {} as GuestRegistrationContext,
    events: {} as GuestRegistrationEvent,
  },
  actors: {
    loadForm: fromPromise<GuestFormResult, string>(({ input, signal }) => fetchGuestForm(input, signal)),
    submitGuest: fromPromise<RegisterResult, { token: string; guest: GuestSubmission }>(({ input, signal }) =>
      registerGuest(input, signal),
    ),
  },
  guards: {
    // A link that does not load, or of a type the form does not know, is invalid (spec §4).
    // The link's answer is known: from the call, or because it came with the page.
    answered: (_, { result }: Answer) => result !== null,
    linkInvalid: (_, { result }: Answer) => {
      if (result === null) return false;
      const info = formOf(result);
      return info === null || guestFormShape(info) === null;
    },
    eventCancelled: (_, { result }: Answer) => formOf(result)?.type === 'event' && formOf(result)?.data.Estatus === 'cancelado',
    eventEnded: ({ context }, { result }: Answer) => {
      const start = formOf(result)?.type === 'event' ? formOf(result)?.data.InicioUtc : null;
      return Boolean(start) && registrationClosed(start!, new Date(context.openedAt));
    },
    guestLimitReached: (_, { result }: Answer) => formOf(result)?.type === 'event' && formOf(result)?.maxInvitados === true,
    formIsValid: ({ context }) =>
      context.shape !== null && Object.keys(guestProblems(context.values, context.shape)).length === 0,
    // With no parking left, the car is not a choice (spec §4: access forced on foot).
    carRefused: ({ context, event }) =>
      event.type === 'field.change' && event.field === 'formaDeAcceso' && event.value === 'auto' && context.parkingFull,
    registered: (_, { result }: { result: RegisterResult }) => result.kind === 'registered',
    refusedAs: (_, params: { result: RegisterResult; kind: RegisterResult['kind'] }) => params.result.kind === params.kind,
  },
  actions: {
    keepForm: assign((_, { result }: Answer) => {
      const info = formOf(result)!;
      const shape = guestFormShape(info);
      return { info, shape, parkingFull: info.type === 'event' && info.maxAutos };
    }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { values: changed(context.values, event.field, event.value) };
    }),
    showErrors: assign({ showErrors: true }),
    forceFoot: assign(({ context }) => ({
      parkingFull: true,
      values: { ...context.values, formaDeAcceso: 'pie' as const, placas: '' },
    })),
    keepRegistration: assign((_, { result }: { result: RegisterResult }) => ({
      registered: result.kind === 'registered' ? result.answer : null,
    })),
  },
}).createMachine({
  id: 'guestRegistration',
  context: ({ input }) => ({
    token: input.token,
    openedAt: input.openedAt ?? Date.now(),
    preloaded: input.preloaded ?? null,
    info: null,
    shape: null,
    values: EMPTY_GUEST,
    showErrors: false,
    parkingFull: false,
    registered: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      // An answer that came with the page decides at once: the first snapshot is already the form (or a
      // refusal) and the call is never made.
      always: decidedBy(({ context }) => context.preloaded),
      invoke: {
        id: 'loadForm',
        src: 'loadForm',
        input: ({ context }) => context.token,
        onDone: decidedBy(({ event }) => event.output),
        onError: { target: 'invalid' },
      },
    },
    invalid: { type: 'final' },
    cancelled: { type: 'final' },
    ended: { type: 'final' },
    guestLimit: { type: 'final' },
    form: {
      initial: 'editing',
      on: {
        'field.change': { guard: not('carRefused'), target: '.editing', actions: 'setField' },
        submit: [{ guard: 'formIsValid', target: 'submitting' }, { actions: 'showErrors' }],
      },
      states: {
        editing: {},
        // The submission failed: the same form, enabled, and no message (spec §8).
        failed: {},
      },
    },
    submitting: {
      invoke: {
        id: 'submitGuest',
        src: 'submitGuest',
        input: ({ context }) => ({ token: context.token, guest: toSubmission(context.values, context.shape) }),
        onDone: [
          {
            guard: { type: 'registered', params: ({ event }) => ({ result: event.output }) },
            target: 'success',
            actions: { type: 'keepRegistration', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'refusedAs', params: ({ event }) => ({ result: event.output, kind: 'vehicleLimit' }) },
            target: 'form.editing',
            actions: 'forceFoot',
          },
          {
            guard: { type: 'refusedAs', params: ({ event }) => ({ result: event.output, kind: 'guestLimit' }) },
            target: 'guestLimit',
          },
          {
            guard: { type: 'refusedAs', params: ({ event }) => ({ result: event.output, kind: 'cancelled' }) },
            target: 'cancelled',
          },
          { guard: { type: 'refusedAs', params: ({ event }) => ({ result: event.output, kind: 'ended' }) }, target: 'ended' },
          { target: 'invalid' },
        ],
        onError: { target: 'form.failed' },
      },
    },
    success: { type: 'final' },
  },
});
