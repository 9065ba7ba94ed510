// A voter's agenda items as a test model: they load (or fail and are retried) with no item open; the live channel
// reads them again and an item is open with Torre A - 101's seat to vote; the voter presses A favor (the server
// answers the seat voted, or 409: it voted already, and the items are read again); later every item is closed.
// The words its scenarios are told in: docs/scenarios/assemblyItemVoteMachine.md.
import { assemblyItemVoteMachine } from '../../src/machines/assemblyItemVoteMachine';
import { ALREADY_VOTED, NO_CONNECTION, V_ALL_CLOSED, V_OPEN, V_VOTED, V_WAITING } from '../support/assemblyVotesFixtures';
import { BARE, defineModel } from '../support/machineModel';

/** What the live channel's read brings next: the item opens, then (voted or not) every item closes. */
const NEXT = new Map([
  [V_WAITING, V_OPEN],
  [V_OPEN, V_ALL_CLOSED],
  [V_VOTED, V_ALL_CLOSED],
  [V_ALL_CLOSED, V_ALL_CLOSED],
]);

export const assemblyItemVoteModel = defineModel({
  machine: assemblyItemVoteMachine,
  input: { assemblyId: 7 },
  payloads: {
    vote: [{ apartmentId: 11, choice: 'yes' }],
    refresh: BARE,
    retry: BARE,
    'xstate.done.actor.load': [{ output: V_WAITING }],
    'xstate.error.actor.load': [{ error: NO_CONNECTION }],
    'xstate.done.actor.reload': (s) => [{ output: NEXT.get(s.context.voting!) ?? V_WAITING }],
    'xstate.error.actor.reload': [{ error: NO_CONNECTION }],
    'xstate.done.actor.send': [{ output: V_VOTED }],
    'xstate.error.actor.send': [{ error: ALREADY_VOTED }],
  },
  words: {
    states: {
      loading: 'The items are loading.',
      loadFailed: 'The items could not be loaded, with Reintentar.',
      deciding: 'Where the items stand for this voter is read from the answer.',
      waiting: 'No item is open: "Espera a que se abra la votación" and the closed items’ results.',
      open: 'The open item with A favor, En contra and Abstención for Torre A - 101, and its results live.',
      voting: 'The vote is on its way; the buttons are off.',
      voted: 'Voto registrado (with the choice on a public item) and the results live.',
      closed: 'Every item is closed: each one’s outcome and results.',
      reading: 'The items stay shown while they are read again.',
    },
    events: {
      vote: () => 'presses A favor for Torre A - 101',
      refresh: () => 'the assembly changes elsewhere (the live channel)',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.load': () => 'the items arrive, none open',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.reload': (e) =>
        (e as { output?: unknown }).output === V_OPEN ? 'the items arrive again: one is open' : 'the items arrive again',
      'xstate.error.actor.reload': () => 'the connection fails (the items stay shown)',
      'xstate.done.actor.send': () => 'the server answers the seat voted',
      'xstate.error.actor.send': () => 'the server answers 409: the dwelling voted already',
    },
  },
});
