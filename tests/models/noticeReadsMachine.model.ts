// How far an official notice reached, as a test model (issue 30): the counts, the first page of towers and (for an
// administrator) of readers load or fail and are retried; the towers and the readers go to another page, the readers
// are filtered to those who pressed Enterado; the resend is asked, confirmed or taken back, then sent or refused (a
// second one within the hour); the board sees the counts only. The words its scenarios are told in:
// docs/scenarios/noticeReadsMachine.md.
import type { EventObject } from 'xstate';
import { noticeReadsMachine } from '../../src/machines/noticeReadsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import {
  ACKNOWLEDGED_PAGE,
  NOTICE_ID,
  REACH,
  REACH_PAGE_TWO,
  READERS_PAGE,
  READERS_PAGE_THREE,
  RESENT,
  RESENT_RECENTLY_MESSAGE,
} from '../support/noticeReadsFixtures';

export const RESENT_RECENTLY = new ApiError(409, 'CONFLICT', RESENT_RECENTLY_MESSAGE);
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');
const failure = [{ error: NO_CONNECTION }];

export const noticeReadsModel = defineModel({
  machine: noticeReadsMachine,
  inputs: {
    administrator: { postId: NOTICE_ID, canSeeReaders: true },
    board: { postId: NOTICE_ID, canSeeReaders: false },
  },
  payloads: {
    retry: BARE,
    // Once per path, after something else happened (the states stay few).
    reload: (s) => (s.context.resent ? BARE : []),
    towerPage: (s) => (s.context.towerPage === 1 ? [{ page: 2 }] : []),
    readerPage: (s) => (s.context.readerPage === 1 && s.context.filter === 'all' ? [{ page: 3 }] : []),
    filter: (s) => (s.context.filter === 'all' && s.context.readerPage === 1 ? [{ filter: 'acknowledged' as const }] : []),
    resend: (s) => (s.context.resent ? [] : BARE),
    confirm: BARE,
    cancel: BARE,
    'xstate.done.actor.loadAll': (s) => [
      { output: { reach: REACH, readers: s.context.canSeeReaders ? { ...READERS_PAGE, page: 1, filter: 'all' } : null } },
    ],
    'xstate.error.actor.loadAll': (s) => (s.context.failure ? [] : failure),
    'xstate.done.actor.listTowers': [{ output: { reach: REACH_PAGE_TWO, page: 2 } }],
    'xstate.error.actor.listTowers': failure,
    'xstate.done.actor.listReaders': (s) =>
      s.context.readerPage === 1 && s.context.filter === 'all'
        ? [
            { output: { readers: READERS_PAGE_THREE.readers, total: 55, page: 3, filter: 'all' } },
            { output: { readers: ACKNOWLEDGED_PAGE.readers, total: 30, page: 1, filter: 'acknowledged' } },
          ]
        : [],
    'xstate.error.actor.listReaders': failure,
    'xstate.done.actor.resend': [{ output: RESENT }],
    'xstate.error.actor.resend': [{ error: RESENT_RECENTLY }],
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { error?: ApiError; output?: { page?: number; filter?: string } };
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    if (e.type === 'xstate.done.actor.listReaders') return `done listReaders:${e.output!.filter}:${e.output!.page}`;
    return eventLabel(event);
  },
  words: {
    states: {
      loading: 'Lectura del aviso: grey lines while the counts load.',
      loadFailed: 'An alert says the reading could not be loaded, with Reintentar.',
      ready:
        'Lectura del aviso: in how many dwellings it was read of how many, people who read it and pressed Enterado, the share per tower a page at a time; for an administrator who read it (dwelling, person, times) a page at a time with Todos / Enterados / Sin Enterado, and Reenviar a quienes no lo han leído.',
      confirming: 'A dialog: how many people will be told again by notification and e-mail, with Reenviar and Cancelar.',
      pagingTowers: 'The towers stay while the page asked for loads.',
      pagingReaders: 'The readers stay while the page (or filter) asked for loads.',
      resending: 'Reenviar shows it is sending.',
    },
    events: {
      retry: () => 'presses Reintentar',
      reload: () => 'presses Actualizar',
      towerPage: (e) => `goes to page ${String(e.page)} of the towers`,
      readerPage: (e) => `goes to page ${String(e.page)} of the readers`,
      filter: () => 'picks Enterados',
      resend: () => 'presses Reenviar a quienes no lo han leído',
      confirm: () => 'presses Reenviar',
      cancel: () => 'presses Cancelar',
      'xstate.done.actor.loadAll': () => 'the server answers the counts and the first pages',
      'xstate.error.actor.loadAll': () => 'the connection fails',
      'xstate.done.actor.listTowers': () => 'the server answers the page of towers',
      'xstate.error.actor.listTowers': () => 'the connection fails',
      'xstate.done.actor.listReaders': () => 'the server answers the readers asked for',
      'xstate.error.actor.listReaders': () => 'the connection fails',
      'xstate.done.actor.resend': () => 'the server tells 35 people (33 by e-mail)',
      'xstate.error.actor.resend': () => `the server refuses: “${RESENT_RECENTLY_MESSAGE}”`,
    },
  },
});
