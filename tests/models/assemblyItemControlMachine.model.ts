// Who runs the open assembly, controlling its voted items, as a test model: the items load (or fail and are
// retried) with none open; the administrator opens the first as secret (or the server answers 409: another is open,
// and the items are read again); records Torre A - 102's show of hands; closes the item; the live channel reads the
// items again. The words its scenarios are told in: docs/scenarios/assemblyItemControlMachine.md.
import { assemblyItemControlMachine } from '../../src/machines/assemblyItemControlMachine';
import { ANOTHER_OPEN, M_CLOSED, M_OPEN, M_PENDING, NO_CONNECTION } from '../support/assemblyVotesFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const assemblyItemControlModel = defineModel({
  machine: assemblyItemControlMachine,
  input: { assemblyId: 7 },
  payloads: {
    open: [{ itemId: 1, secret: true }],
    close: [{ itemId: 1 }],
    record: [{ itemId: 1, apartmentId: 12, choice: 'no' }],
    refresh: BARE,
    retry: BARE,
    'xstate.done.actor.load': [{ output: M_PENDING }],
    'xstate.error.actor.load': [{ error: NO_CONNECTION }],
    'xstate.done.actor.reload': (s) => [{ output: s.context.voting ?? M_PENDING }],
    'xstate.error.actor.reload': [{ error: NO_CONNECTION }],
    'xstate.done.actor.send': (s) => [{ output: s.context.request?.kind === 'open' ? M_OPEN : M_CLOSED }],
    'xstate.error.actor.send': (s) => [{ error: s.context.request?.kind === 'open' ? ANOTHER_OPEN : NO_CONNECTION }],
  },
  words: {
    states: {
      loading: 'The items are loading.',
      loadFailed: 'The items could not be loaded, with Reintentar.',
      ready: 'Each voted item with its state, Abrir votación (secret or public) or Cerrar votación, its seats and results.',
      reloading: 'The items stay shown while they are read again.',
      sending: 'The pressed action is busy.',
    },
    events: {
      open: () => 'opens Presupuesto del elevador as a secret vote',
      close: () => 'presses Cerrar votación',
      record: () => 'records Torre A - 102’s show of hands: en contra',
      refresh: () => 'the assembly changes elsewhere (the live channel)',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.load': () => 'the items arrive, none open',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.reload': () => 'the items arrive again',
      'xstate.error.actor.reload': () => 'the connection fails (the items stay shown)',
      'xstate.done.actor.send': (_, s) =>
        s.context.request?.kind === 'open' ? 'the server answers the item open' : 'the server answers the items',
      'xstate.error.actor.send': (_, s) =>
        s.context.request?.kind === 'open' ? 'the server answers 409: another item is open' : 'the connection fails',
    },
  },
});
