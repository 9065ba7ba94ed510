// The access-request inbox (configuracion, tab solicitudes): the public page's "Solicitar acceso" requests,
// pending first. Approving opens a dialog where the administrator picks the dwelling the person named
// (prefilled when the server matched what they wrote) and owner or tenant; rejecting opens one for the message
// the person receives. A decision is one-way: when someone decided first (409) the inbox shows the request as it
// is now with the server's words.
import { assign, fromPromise, setup } from 'xstate';
import type { AccessRequest, AccessRequestsAnswer, DwellingChoice, ResidencyKind } from '../api/invitations';
import { REJECTION_MESSAGE_MAX } from '../api/invitations';
import {
  approveAccessRequest,
  type DecisionResult,
  fetchAccessRequests,
  fetchDwellingChoices,
  rejectAccessRequest,
} from '../services/invitationsService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type Decision =
  | { mode: 'approve'; request: AccessRequest; ApmtId: number | null; kind: ResidencyKind }
  | { mode: 'reject'; request: AccessRequest; mensaje: string };

export type DecisionPatch = { ApmtId?: number | null; kind?: ResidencyKind; mensaje?: string };

export interface AccessRequestsContext {
  requests: AccessRequest[];
  dwellings: DwellingChoice[];
  decision: Decision | null;
  /** What the last decision did: the request's e-mail and how it ended, for the notice. */
  done: { email: string; status: 'aprobada' | 'rechazada' } | null;
  /** The server's words when someone had decided the request first (the decision did not go through). */
  refusal: string | null;
  /** The last call failed (a refusal, or no answer): why. */
  failure: CallFailure | null;
}

export type AccessRequestsEvent =
  | { type: 'retry' }
  | { type: 'approve'; id: number }
  | { type: 'reject'; id: number }
  | { type: 'edit'; patch: DecisionPatch }
  | { type: 'confirm' }
  | { type: 'cancel' };

export const decisionComplete = (decision: Decision | null) =>
  decision !== null &&
  (decision.mode === 'approve'
    ? decision.ApmtId !== null
    : decision.mensaje.trim().length > 0 && decision.mensaje.length <= REJECTION_MESSAGE_MAX);

const replaced = (requests: AccessRequest[], request: AccessRequest) => {
  const rest = requests.filter((r) => r.id !== request.id);
  // Pending first, then the decided ones: the decided request moves down.
  return [...rest.filter((r) => r.status === 'pendiente'), request, ...rest.filter((r) => r.status !== 'pendiente')];
};

export const accessRequestsMachine = setup({
  types: {
    context: {} as AccessRequestsContext,
    events: {} as AccessRequestsEvent,
  },
  actors: {
    load: fromPromise<{ requests: AccessRequestsAnswer; dwellings: DwellingChoice[] }>(async ({ signal }) => {
      const [requests, dwellings] = await Promise.all([fetchAccessRequests(signal), fetchDwellingChoices(signal)]);
      return { requests, dwellings };
    }),
    decide: fromPromise<DecisionResult, Decision>(({ input, signal }) =>
      input.mode === 'approve'
        ? approveAccessRequest({ id: input.request.id, ApmtId: input.ApmtId ?? 0, kind: input.kind }, signal)
        : rejectAccessRequest({ id: input.request.id, mensaje: input.mensaje.trim() }, signal),
    ),
  },
  guards: {
    pending: ({ context }, { id }: { id: number }) => context.requests.some((r) => r.id === id && r.status === 'pendiente'),
    complete: ({ context }) => decisionComplete(context.decision),
    decidedFirst: (_, { result }: { result: DecisionResult }) => result.kind === 'alreadyDecided',
  },
  actions: {
    keepLoaded: assign((_, { requests, dwellings }: { requests: AccessRequestsAnswer; dwellings: DwellingChoice[] }) => ({
      requests: requests.items,
      dwellings,
      refusal: null,
      failure: null,
    })),
    openApproval: assign(({ context }, { id }: { id: number }) => {
      const request = context.requests.find((r) => r.id === id)!;
      return {
        decision: { mode: 'approve' as const, request, ApmtId: request.suggestedApmtId, kind: 'owner' as const },
        failure: null,
        refusal: null,
        done: null,
      };
    }),
    openRejection: assign(({ context }, { id }: { id: number }) => ({
      decision: { mode: 'reject' as const, request: context.requests.find((r) => r.id === id)!, mensaje: '' },
      failure: null,
      refusal: null,
      done: null,
    })),
    edit: assign(({ context }, { patch }: { patch: DecisionPatch }) => {
      const decision = context.decision;
      if (!decision) return {};
      return {
        decision:
          decision.mode === 'approve'
            ? {
                ...decision,
                ApmtId: patch.ApmtId !== undefined ? patch.ApmtId : decision.ApmtId,
                kind: patch.kind ?? decision.kind,
              }
            : { ...decision, mensaje: patch.mensaje ?? decision.mensaje },
      };
    }),
    keepDecision: assign(({ context }, { result }: { result: DecisionResult }) => ({
      requests: replaced(context.requests, result.request),
      decision: null,
      done:
        result.kind === 'decided' && result.request.status !== 'pendiente'
          ? { email: result.request.email, status: result.request.status }
          : null,
      refusal: result.kind === 'alreadyDecided' ? result.message : null,
      failure: null,
    })),
    fail: assign((_, { error }: { error: unknown }) => ({ refusal: null, failure: callFailure(error) })),
    close: assign({ decision: null, failure: null }),
  },
}).createMachine({
  id: 'accessRequests',
  context: { requests: [], dwellings: [], decision: null, done: null, refusal: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'keepLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      on: {
        approve: {
          guard: { type: 'pending', params: ({ event }) => ({ id: event.id }) },
          target: 'deciding',
          actions: { type: 'openApproval', params: ({ event }) => ({ id: event.id }) },
        },
        reject: {
          guard: { type: 'pending', params: ({ event }) => ({ id: event.id }) },
          target: 'deciding',
          actions: { type: 'openRejection', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    deciding: {
      on: {
        edit: { actions: { type: 'edit', params: ({ event }) => ({ patch: event.patch }) } },
        confirm: { guard: 'complete', target: 'submitting' },
        cancel: { target: 'ready', actions: 'close' },
      },
    },
    submitting: {
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => context.decision!,
        onDone: { target: 'ready', actions: { type: 'keepDecision', params: ({ event }) => ({ result: event.output }) } },
        // A refusal (the person already lives there, the dwelling is gone) or no connection: the dialog stays.
        onError: { target: 'deciding', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
