// One assembly's screen (issue 32): read, then what its reader does. Those who manage it move it through the
// lifecycle (send the call, take attendance, move to the next call, open only with the current call's quorum,
// close, cancel) and record who is present per dwelling; a resident answers ahead. One call at a time; each answers
// the assembly as it is after it, and a 409 (opening below the quorum, a stale version) shows the fresh assembly with
// the refusal's words. The live channel's 'assembly' event reads it again (the quorum, live) without losing what is
// shown; a failed read keeps the assembly shown.
import { assign, fromPromise, setup } from 'xstate';
import type { Assembly, AssemblyChangeRequest, AttendanceRequest, ConfirmAnswer } from '../api/assemblies';
import {
  type AssemblyResult,
  changeAssembly,
  confirmAssembly,
  fetchAssembly,
  recordAttendance,
} from '../services/assembliesService';
import { type CallFailure, callFailure } from './shared/callFailure';

export type AssemblyRequest =
  | { kind: 'change'; change: AssemblyChangeRequest }
  | { kind: 'confirm'; answer: ConfirmAnswer }
  | { kind: 'attend'; attendance: AttendanceRequest };

export interface AssemblyRunContext {
  id: number;
  assembly: Assembly | null;
  request: AssemblyRequest | null;
  /** The words of the last 409. */
  conflict: string | null;
  failure: CallFailure | null;
}

export type AssemblyRunEvent =
  | { type: 'act'; action: AssemblyChangeRequest['action'] }
  | { type: 'confirm'; answer: ConfirmAnswer }
  | { type: 'attend'; attendance: AttendanceRequest }
  | { type: 'refresh' }
  | { type: 'retry' };

function send(id: number, request: AssemblyRequest, signal: AbortSignal): Promise<AssemblyResult> {
  if (request.kind === 'change') return changeAssembly(id, request.change, signal);
  if (request.kind === 'confirm') return confirmAssembly(id, request.answer, signal);
  return recordAttendance(id, request.attendance, signal);
}

export const assemblyRunMachine = setup({
  types: {
    input: {} as { id: number },
    context: {} as AssemblyRunContext,
    events: {} as AssemblyRunEvent,
  },
  actors: {
    load: fromPromise<Assembly, number>(({ input, signal }) => fetchAssembly(input, signal)),
    reload: fromPromise<Assembly, number>(({ input, signal }) => fetchAssembly(input, signal)),
    send: fromPromise<AssemblyResult, { id: number; request: AssemblyRequest }>(({ input, signal }) =>
      send(input.id, input.request, signal),
    ),
  },
  guards: {
    actionAllowed: ({ context, event }) => event.type === 'act' && !!context.assembly?.actions.includes(event.action),
    mayConfirm: ({ context }) => !!context.assembly?.mayConfirm,
    manages: ({ context }) => !!context.assembly?.manages,
  },
  actions: {
    setAssembly: assign((_, assembly: Assembly) => ({ assembly, failure: null })),
    setResult: assign((_, result: AssemblyResult) => ({
      assembly: result.assembly,
      conflict: result.kind === 'conflict' ? result.message : null,
      failure: null,
    })),
    takeRequest: assign(({ context, event }) => {
      const request: AssemblyRequest | null =
        event.type === 'act' && context.assembly
          ? { kind: 'change', change: { action: event.action, version: context.assembly.version } }
          : event.type === 'confirm'
            ? { kind: 'confirm', answer: event.answer }
            : event.type === 'attend'
              ? { kind: 'attend', attendance: event.attendance }
              : null;
      return { request, conflict: null, failure: null };
    }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
  },
}).createMachine({
  id: 'assemblyRun',
  context: ({ input }) => ({ id: input.id, assembly: null, request: null, conflict: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => context.id,
        onDone: { target: 'ready', actions: { type: 'setAssembly', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        act: { guard: 'actionAllowed', target: 'sending', actions: 'takeRequest' },
        confirm: { guard: 'mayConfirm', target: 'sending', actions: 'takeRequest' },
        attend: { guard: 'manages', target: 'sending', actions: 'takeRequest' },
        refresh: 'reloading',
      },
    },
    // The live channel's read: the assembly stays shown (and acted on: a press leaves the read behind); a failure
    // keeps it.
    reloading: {
      on: {
        act: { guard: 'actionAllowed', target: 'sending', actions: 'takeRequest' },
        confirm: { guard: 'mayConfirm', target: 'sending', actions: 'takeRequest' },
        attend: { guard: 'manages', target: 'sending', actions: 'takeRequest' },
        // A change while reading: read again, or the screen keeps what the earlier read saw.
        refresh: { target: 'reloading', reenter: true },
      },
      invoke: {
        id: 'reload',
        src: 'reload',
        input: ({ context }) => context.id,
        onDone: { target: 'ready', actions: { type: 'setAssembly', params: ({ event }) => event.output } },
        onError: { target: 'ready' },
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ id: context.id, request: context.request! }),
        onDone: { target: 'ready', actions: { type: 'setResult', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
