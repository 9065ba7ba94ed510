// The privacy notice gate (spec §4): when the condominium has notice text, AvisoActivo is 1 and the user
// has not accepted it, the 'Aviso de privacidad' dialog blocks the condominium area. Accepting shows
// 'Actualizando datos...' while the acceptance is saved, then has the session load its data again (it now
// carries the acceptance); rejecting ends in `rejected`, which signs the user out of the session.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import { privacyNoticePending } from '../api/sessions';
import { acceptPrivacyNotice } from '../services/accountService';
import type { SessionRef } from './sessionLink';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PrivacyGateInput {
  /** The condominium's notice text (condo.AvisoPrivacidad). */
  notice: string | null;
  /** condo.AvisoActivo === 1 */
  active: boolean;
  /** usuario.AvisoPrivacidad !== null */
  accepted: boolean;
  /** The app-wide session actor: told to refresh after an acceptance, to sign out after a rejection. */
  session: SessionRef;
}

export interface PrivacyGateContext {
  notice: string;
  active: boolean;
  accepted: boolean;
  session: SessionRef;
  /** The last acceptance attempt failed, and why: the dialog says so and offers it again. */
  failure: CallFailure | null;
}

export type PrivacyGateEvent = { type: 'accept' } | { type: 'reject' };

export const privacyGateMachine = setup({
  types: {
    input: {} as PrivacyGateInput,
    context: {} as PrivacyGateContext,
    events: {} as PrivacyGateEvent,
  },
  actors: {
    acceptNotice: fromPromise<string>(({ signal }) => acceptPrivacyNotice(signal)),
  },
  guards: {
    // The server's rule too: until it is met, it refuses the condominium's calls (403 PRIVACY_NOTICE_PENDING).
    mustAsk: ({ context }) => privacyNoticePending(context),
  },
  actions: {
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    clearFailure: assign({ failure: null }),
    markAccepted: assign({ accepted: true, failure: null }),
    // The session data was loaded before the acceptance: load it again so the app sees the notice accepted.
    refreshSession: sendTo(({ context }) => context.session, { type: 'refresh' }),
    // No condominium area without the notice accepted (spec §4).
    signOutOfSession: sendTo(({ context }) => context.session, { type: 'signOut' }),
  },
}).createMachine({
  id: 'privacyGate',
  context: ({ input }) => ({
    notice: input.notice ?? '',
    active: input.active,
    accepted: input.accepted,
    session: input.session,
    failure: null,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'mustAsk', target: 'asking' }, { target: 'passed' }],
    },
    asking: {
      on: {
        accept: { target: 'accepting', actions: 'clearFailure' },
        reject: { target: 'rejected' },
      },
    },
    accepting: {
      invoke: {
        id: 'acceptNotice',
        src: 'acceptNotice',
        onDone: { target: 'passed', actions: ['markAccepted', 'refreshSession'] },
        onError: { target: 'asking', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    passed: { type: 'final' },
    rejected: { type: 'final', entry: 'signOutOfSession' },
  },
});
