// The proxies of one assembly as a test model: the board loads (or fails and is retried); an owner gives Torre A -
// 101's proxy to a resident and may withdraw it; who manages the assembly accepts it (the server may answer 409: the
// holder's limit is reached, and the board is read again with its words); the live channel reads the board again.
// The words its scenarios are told in: docs/scenarios/assemblyProxyMachine.md.
import { assemblyProxyMachine } from '../../src/machines/assemblyProxyMachine';
import {
  GIVEN_BOARD,
  LIMIT_REACHED,
  MANAGER_BOARD,
  NO_CONNECTION,
  OWNER_BOARD,
  PDF_UPLOAD,
} from '../support/assemblyVotesFixtures';
import { BARE, defineModel } from '../support/machineModel';

export const assemblyProxyModel = defineModel({
  machine: assemblyProxyMachine,
  inputs: { owner: { assemblyId: 7 }, manager: { assemblyId: 8 } },
  payloads: {
    give: [{ give: { apartmentId: 11, holderUserId: 5, holderName: '', file: PDF_UPLOAD } }],
    withdraw: [{ proxyId: 40 }],
    decide: [{ proxyId: 40, decide: { accept: true, reason: '' } }],
    refresh: BARE,
    retry: BARE,
    'xstate.done.actor.load': (s) => [{ output: s.context.assemblyId === 8 ? MANAGER_BOARD : OWNER_BOARD }],
    'xstate.error.actor.load': [{ error: NO_CONNECTION }],
    'xstate.done.actor.reload': (s) => [{ output: s.context.board ?? OWNER_BOARD }],
    'xstate.error.actor.reload': [{ error: NO_CONNECTION }],
    'xstate.done.actor.send': (s) => [{ output: s.context.request?.kind === 'give' ? GIVEN_BOARD : OWNER_BOARD }],
    'xstate.error.actor.send': (s) => [{ error: s.context.request?.kind === 'decide' ? LIMIT_REACHED : NO_CONNECTION }],
  },
  words: {
    states: {
      loading: 'The proxies are loading.',
      loadFailed: 'The proxies could not be loaded, with Reintentar.',
      ready: 'The proxies, the limit per holder, and the form to give one while a dwelling may.',
      reloading: 'The proxies stay shown while they are read again.',
      sending: 'The pressed action is busy.',
    },
    events: {
      give: () => 'gives Torre A - 101’s proxy to Vecina Once with the signed PDF',
      withdraw: () => 'presses Retirar',
      decide: () => 'presses Aceptar',
      refresh: () => 'the assembly changes elsewhere (the live channel)',
      retry: () => 'presses Reintentar',
      'xstate.done.actor.load': (_, s) =>
        s.context.assemblyId === 8 ? 'the proxies arrive, one pending' : 'the proxies arrive, none yet',
      'xstate.error.actor.load': () => 'the connection fails',
      'xstate.done.actor.reload': () => 'the proxies arrive again',
      'xstate.error.actor.reload': () => 'the connection fails (the proxies stay shown)',
      'xstate.done.actor.send': () => 'the server answers the proxies',
      'xstate.error.actor.send': (_, s) =>
        s.context.request?.kind === 'decide' ? 'the server answers 409: the holder’s limit is reached' : 'the connection fails',
    },
  },
});
