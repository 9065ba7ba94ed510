// /sessions/aceptar-invitacion?token=…: the e-mailed invitation. The link is checked first (unknown, expired,
// revoked or used: a state of its own with the server's words); then the page shows the condominium and the
// dwelling or role. A new person chooses a password under the shared rule (with its confirmation); a person
// with an account confirms with their current password. Accepting signs them in: the session gets the token and
// the condominium opens, where the privacy notice waits.
import { is } from 'superstruct';
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { type InvitationInfo, InvitationToken } from '../api/invitations';
import {
  type AcceptResult,
  acceptInvitation,
  fetchInvitationInfo,
  type InvitationInfoResult,
} from '../services/invitationsService';
import { hasNoErrors, newPasswordErrors } from './passwordRules';
import type { SessionRef } from './sessionLink';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface AcceptInvitationInput {
  token: string | null;
  session: SessionRef;
}

export type AcceptInvitationField = 'password' | 'confirmation';

export interface AcceptInvitationContext {
  token: string;
  session: SessionRef;
  invitation: InvitationInfo | null;
  password: string;
  confirmation: string;
  touched: Record<AcceptInvitationField, boolean>;
  /** Why the link does not work (the server's words); null when it was refused before asking (malformed). */
  linkMessage: string | null;
  /** Why the password was refused (the server's words). */
  refusal: string | null;
  sessionToken: string | null;
  /** The last call failed (the invitation could not be read, or the acceptance sent): why. */
  failure: CallFailure | null;
}

export type AcceptInvitationEvent =
  | { type: 'change'; field: AcceptInvitationField; value: string }
  | { type: 'blur'; field: AcceptInvitationField }
  | { type: 'submit' }
  | { type: 'retry' };

/** What the form asks: a new password and its confirmation, or (an existing account) its password. */
export function formIsValid(context: Pick<AcceptInvitationContext, 'invitation' | 'password' | 'confirmation'>): boolean {
  if (context.invitation?.existingUser) return context.password.length > 0;
  return hasNoErrors(newPasswordErrors(context.password, context.confirmation));
}

type InfoParams = { result: InvitationInfoResult };
type AcceptParams = { result: AcceptResult };

export const acceptInvitationMachine = setup({
  types: {
    tags: {} as 'busy',
    input: {} as AcceptInvitationInput,
    context: {} as AcceptInvitationContext,
    events: {} as AcceptInvitationEvent,
  },
  actors: {
    loadInvitation: fromPromise<InvitationInfoResult, { token: string }>(({ input, signal }) =>
      fetchInvitationInfo(input.token, signal),
    ),
    accept: fromPromise<AcceptResult, { token: string; password: string }>(({ input, signal }) =>
      acceptInvitation(input, signal),
    ),
  },
  guards: {
    tokenLooksValid: ({ context }) => is(context.token, InvitationToken),
    linkRefused: (_, { result }: InfoParams | AcceptParams) => result.kind === 'invalid',
    formIsValid: ({ context }) => formIsValid(context),
    passwordRefused: (_, { result }: AcceptParams) => result.kind === 'refused',
    tooManyAttempts: (_, { result }: AcceptParams) => result.kind === 'tooManyAttempts',
  },
  actions: {
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
    keepInvitation: assign((_, { result }: InfoParams) => ({
      invitation: result.kind === 'invitation' ? result.invitation : null,
    })),
    keepLinkMessage: assign((_, { result }: InfoParams | AcceptParams) => ({
      linkMessage: result.kind === 'invalid' ? result.message : null,
    })),
    keepRefusal: assign((_, { result }: AcceptParams) => ({ refusal: result.kind === 'refused' ? result.message : null })),
    keepSession: assign((_, { result }: AcceptParams) => ({ sessionToken: result.kind === 'accepted' ? result.token : null })),
    setField: assign(({ context }, { field, value }: { field: AcceptInvitationField; value: string }) => ({
      ...context,
      [field]: value,
      refusal: null,
    })),
    touchField: assign(({ context }, { field }: { field: AcceptInvitationField }) => ({
      touched: { ...context.touched, [field]: true },
    })),
    touchAll: assign({ touched: { password: true, confirmation: true } }),
    // The session stores the token and loads the condominium (where the privacy notice waits).
    handOverToSession: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'signedIn' as const, token: context.sessionToken ?? '', rememberMe: false }),
    ),
    // Nothing secret stays in memory once the flow is over.
    forgetSecrets: assign({ password: '', confirmation: '' }),
  },
}).createMachine({
  id: 'acceptInvitation',
  context: ({ input }) => ({
    token: input.token ?? '',
    session: input.session,
    invitation: null,
    password: '',
    confirmation: '',
    touched: { password: false, confirmation: false },
    linkMessage: null,
    refusal: null,
    sessionToken: null,
    failure: null,
  }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      tags: ['busy'],
      always: [{ guard: 'tokenLooksValid', target: 'loading' }, { target: 'invalid' }],
    },
    loading: {
      tags: ['busy'],
      entry: 'forgetFailure',
      invoke: {
        id: 'loadInvitation',
        src: 'loadInvitation',
        input: ({ context }) => ({ token: context.token }),
        onDone: [
          {
            guard: { type: 'linkRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'invalid',
            actions: { type: 'keepLinkMessage', params: ({ event }) => ({ result: event.output }) },
          },
          { target: 'form', actions: { type: 'keepInvitation', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'unavailable', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The server could not be reached: the link may be good.
    unavailable: { on: { retry: 'loading' } },
    form: {
      on: {
        change: { actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        blur: { actions: { type: 'touchField', params: ({ event }) => ({ field: event.field }) } },
        submit: { guard: 'formIsValid', target: 'accepting', actions: 'touchAll' },
      },
    },
    accepting: {
      entry: 'forgetFailure',
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ token: context.token, password: context.password }),
        onDone: [
          {
            guard: { type: 'linkRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'invalid',
            actions: { type: 'keepLinkMessage', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'passwordRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'refused',
            actions: { type: 'keepRefusal', params: ({ event }) => ({ result: event.output }) },
          },
          { guard: { type: 'tooManyAttempts', params: ({ event }) => ({ result: event.output }) }, target: 'throttled' },
          {
            target: 'accepted',
            actions: [{ type: 'keepSession', params: ({ event }) => ({ result: event.output }) }, 'handOverToSession'],
          },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The server's words about the password stay until the person types again; submitting tries again.
    refused: {
      on: {
        change: {
          target: 'form',
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        submit: { guard: 'formIsValid', target: 'accepting' },
      },
    },
    throttled: {
      on: {
        change: {
          target: 'form',
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
    },
    failed: {
      on: {
        retry: 'accepting',
        change: {
          target: 'form',
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
      },
    },
    invalid: { type: 'final', entry: 'forgetSecrets' },
    accepted: { type: 'final', entry: 'forgetSecrets' },
  },
});
