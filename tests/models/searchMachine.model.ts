// The search page as a test model: a search from the address (or none), typing (long enough or not), the
// debounce, results, nothing found, a failure retried, "ver más" on posts, and typing while a search runs.
// The words its scenarios are told in: docs/scenarios/searchMachine.md.
import type { GlobalSearchAnswer, GlobalSearchGroup } from '../../src/api/globalSearch';
import { searchMachine } from '../../src/machines/searchMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel } from '../support/machineModel';

export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

const group = (kind: GlobalSearchGroup['kind'], titles: string[], hasMore = false, offset = 0): GlobalSearchGroup => ({
  kind,
  offset,
  hasMore,
  items: titles.map((title, i) => ({
    id: offset + i + 1,
    title,
    snippet: `${title}…`,
    path: `/comunicacion/ver-publicacion/${offset + i + 1}`,
  })),
});

export const FOUND: GlobalSearchAnswer = {
  success: true,
  q: 'jardin',
  groups: [group('posts', ['Jardín vertical', 'Poda del jardín', 'Jardinero', 'Riego', 'Pasto'], true), group('requests', [])],
};
export const NOTHING: GlobalSearchAnswer = { success: true, q: 'jardin', groups: [group('posts', []), group('requests', [])] };
export const MORE_POSTS: GlobalSearchAnswer = { success: true, q: 'jardin', groups: [group('posts', ['Macetas'], false, 5)] };

export const searchModel = defineModel({
  machine: searchMachine,
  inputs: { 'from the address': { q: 'jardin' }, 'no search yet': { q: '' } },
  payloads: {
    type: [{ q: 'jardín' }, { q: 'j' }],
    submit: BARE,
    more: [{ kind: 'posts' }],
    retry: BARE,
    'xstate.after.debounce.search.debouncing': BARE,
    'xstate.done.actor.search': [{ output: FOUND }, { output: NOTHING }],
    'xstate.error.actor.search': [{ error: NO_CONNECTION }],
    'xstate.done.actor.searchMore': [{ output: MORE_POSTS }],
    'xstate.error.actor.searchMore': [{ error: NO_CONNECTION }],
  },
  words: {
    states: {
      start: 'The page opens with the address’s ?q= in the header’s box.',
      idle: 'Nothing searched: “Escribe al menos 2 caracteres.”',
      debouncing: 'The text waits 300 ms for more keys.',
      searching: '“Buscando…”',
      results: 'Groups under headings (Publicaciones, Solicitudes…), each a list of links with “Ver más” when there are more.',
      loadingMore: '“Ver más” of the group is busy.',
      empty: '“No encontramos nada para “…”.”',
      failed: 'The reason as an alert and Reintentar.',
    },
    events: {
      type: (e) => `types “${String(e.q)}” in Buscar`,
      submit: () => 'presses Enter',
      more: (e) => `presses Ver más under ${String(e.kind)}`,
      retry: () => 'presses Reintentar',
      'xstate.after.debounce.search.debouncing': () => '300 ms pass without typing',
      'xstate.done.actor.search': (e) =>
        (e.output as GlobalSearchAnswer).groups.some((g) => g.items.length) ? 'results arrive' : 'nothing is found',
      'xstate.error.actor.search': () => 'the connection fails',
      'xstate.done.actor.searchMore': () => 'the next posts arrive',
      'xstate.error.actor.searchMore': () => 'the connection fails',
    },
  },
});
