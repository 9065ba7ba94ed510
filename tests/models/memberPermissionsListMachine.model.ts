// The permissions tab's members list as a test model: the first page (two pages in all unfiltered), a search
// typed in two keystrokes, a role filter set and cleared, the next page, a refresh, and each load failing (the
// server, or the connection) and retried. The words its scenarios are told in:
// docs/scenarios/memberPermissionsListMachine.md.
import type { EventObject } from 'xstate';
import type { MemberPage } from '../../src/api/memberPermissions';
import type { MemberListContext } from '../../src/machines/memberPermissionsListMachine';
import { memberPermissionsListMachine } from '../../src/machines/memberPermissionsListMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import { GUARD, RESIDENT_ROW, row } from '../support/memberPermissionsFixtures';
import type { Snapshot } from '../support/modelTesting';

export const TYPED = [' víc', ' víctor '] as const;

/** What the server answers for the list as the context asks it (offset: how many are shown). */
export function answerFor(context: Pick<MemberListContext, 'q' | 'rol' | 'miembros'>, offset: number): MemberPage {
  if (context.q.trim() || context.rol === 'guard') return { success: true, miembros: [row(GUARD)], total: 1, limit: 25, offset };
  return { success: true, miembros: [offset === 0 ? row(GUARD) : RESIDENT_ROW], total: 2, limit: 25, offset };
}

export const SERVER_ERROR = new ApiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof memberPermissionsListMachine>;
const plain = (s: Snap) => s.context.q === '' && s.context.rol === null;
const settledFirst = (s: Snap) => s.matches('ready') && s.context.miembros.length === 1;

export const memberPermissionsListModel = defineModel({
  machine: memberPermissionsListMachine,
  payloads: {
    'xstate.done.actor.first': (s) => [{ output: answerFor(s.context, 0) }],
    'xstate.error.actor.first': (s) =>
      plain(s) && s.context.failure === null ? [{ error: SERVER_ERROR }, { error: NO_CONNECTION }] : [],
    'xstate.done.actor.next': (s) => [{ output: answerFor(s.context, s.context.miembros.length) }],
    'xstate.error.actor.next': (s) => (s.context.failure === null ? [{ error: NO_CONNECTION }] : []),
    retry: BARE,
    more: (s) => (plain(s) ? BARE : []),
    refresh: (s) => (plain(s) && s.context.miembros.length === 2 ? BARE : []),
    search: (s) =>
      s.context.rol !== null || s.context.failure !== null
        ? []
        : s.context.q === ''
          ? settledFirst(s)
            ? [{ q: TYPED[0] }]
            : []
          : s.context.q === TYPED[0]
            ? [{ q: TYPED[1] }]
            : s.matches('ready')
              ? [{ q: '' }]
              : [],
    filter: (s) =>
      s.context.q !== '' || s.context.failure !== null
        ? []
        : s.context.rol === null
          ? settledFirst(s)
            ? [{ rol: 'guard' }]
            : []
          : s.matches('ready')
            ? [{ rol: null }]
            : [],
  },
  label: (event: EventObject) => eventLabel(event),
  words: {
    states: {
      loading: 'A loader where the list goes; the search box and the role filter stay usable.',
      ready: 'The people, staff first, each with their roles and dwellings; “Ver más” while there are more.',
      loadingMore: '“Ver más” is busy.',
      failed: 'An alert “No pudimos cargar a las personas del condominio.” and Reintentar.',
    },
    events: {
      'xstate.done.actor.first': (e) => `the server sends ${(e.output as MemberPage).total} people`,
      'xstate.error.actor.first': (e) => ((e.error as ApiError).status ? 'the server fails' : 'the connection fails'),
      'xstate.done.actor.next': () => 'the server sends the next page',
      'xstate.error.actor.next': () => 'the connection fails',
      retry: () => 'presses Reintentar',
      more: () => 'presses Ver más',
      refresh: () => 'the list is read again (after a save)',
      search: (e) => (e.q ? `types “${String(e.q)}”` : 'clears the search'),
      filter: (e) => (e.rol ? `filters by ${String(e.rol)}` : 'shows everyone'),
    },
  },
});
