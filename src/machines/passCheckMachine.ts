// 'Verificar pase' on the employee panel: the guard types a code and checks it; the server answers the
// pass and its verdict, or that no pass of the condominium has that code, or that they checked too many
// in a minute. A failed call can be retried; any answer can be followed by another code, or cleared for
// the next visitor.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { PassCheck } from '../api/passCheck';
import { checkPass, type PassCheckResult } from '../services/passCheckService';
import { type CallFailure, callFailure } from './shared/callFailure';

export interface PassCheckContext {
  /** The code last sent (trimmed). */
  codigo: string;
  check: PassCheck | null;
  /** The last check failed: why. */
  failure: CallFailure | null;
}

export type PassCheckEvent = { type: 'check'; codigo: string } | { type: 'retry' } | { type: 'clear' };

const asked = (event: PassCheckEvent) => (event.type === 'check' ? event.codigo.trim() : '');

/** A typed code, checked from any state that is not already checking one. */
const newCode = { guard: 'hasCode', target: 'checking', actions: 'takeCode' } as const;

export const passCheckMachine = setup({
  types: {
    context: {} as PassCheckContext,
    events: {} as PassCheckEvent,
  },
  actors: {
    checkPass: fromPromise<PassCheckResult, string>(({ input, signal }) => checkPass(input, signal)),
  },
  guards: {
    hasCode: ({ event }) => asked(event) !== '',
    checked: (_, result: PassCheckResult) => result.kind === 'checked',
    notFound: (_, result: PassCheckResult) => result.kind === 'notFound',
  },
  actions: {
    takeCode: assign(({ event }) => {
      assertEvent(event, 'check');
      return { codigo: asked(event), check: null };
    }),
    keepCheck: assign((_, result: PassCheckResult) => ({ check: result.kind === 'checked' ? result.check : null })),
    forget: assign({ codigo: '', check: null }),
    fail: assign((_, { error }: { error: unknown }) => ({ failure: callFailure(error) })),
    forgetFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'passCheck',
  context: { codigo: '', check: null, failure: null },
  initial: 'idle',
  states: {
    idle: { on: { check: newCode } },
    // No new code while one is being checked (the button shows it is busy).
    checking: {
      entry: 'forgetFailure',
      invoke: {
        id: 'checkPass',
        src: 'checkPass',
        input: ({ context }) => context.codigo,
        onDone: [
          {
            guard: { type: 'checked', params: ({ event }) => event.output },
            target: 'result',
            actions: { type: 'keepCheck', params: ({ event }) => event.output },
          },
          { guard: { type: 'notFound', params: ({ event }) => event.output }, target: 'notFound' },
          { target: 'limited' },
        ],
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    result: { on: { check: newCode, clear: { target: 'idle', actions: 'forget' } } },
    notFound: { on: { check: newCode, clear: { target: 'idle', actions: 'forget' } } },
    /** Too many checks in a minute: wait, then retry (or check another code). */
    limited: { on: { check: newCode, retry: 'checking' } },
    failed: { on: { check: newCode, retry: 'checking' } },
  },
});
