// A section's page (comunicacion/seccion/{id}) as a test model: a section of two pages whose search finds
// one post, the refusals and failures of the page call, and the words its scenarios are told in
// (docs/scenarios/sectionPostsMachine.md).
import type { EventObject } from 'xstate';
import { POSTS_PAGE_SIZE, type SectionPostsAnswer } from '../../src/api/posts';
import { sectionPostsMachine } from '../../src/machines/sectionPostsMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';

export const SECTION_ID = 3;
export const SEARCH = '  elevadores ';
/** Two pages without a search; the search finds one post. */
export const TOTAL = { all: POSTS_PAGE_SIZE + 3, found: 1 };

export const answer = (total: number): SectionPostsAnswer => ({
  success: true,
  section: {
    SectId: SECTION_ID,
    SectName: 'Avisos',
    SectCode: '',
    SectPosting: 'R',
    CommentsDisplay: 'Y',
    VistaxTorre: 1,
    SolPrivada: 1,
    PublicoPrivado: 0,
    ExclusivaUsuarios: 'N',
    SectStatus: 'A',
    blogCount: total,
  },
  abilities: { canPost: false, needsApproval: false, canMarkPrivate: true, defaultPrivate: false, canModerate: false },
  posts: [],
  total,
});

const failure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 ? `refuses (${error.status})` : 'cannot be reached';

export const sectionPostsModel = defineModel({
  machine: sectionPostsMachine,
  input: { sectionId: SECTION_ID },
  label: (event: EventObject) => {
    const { error } = event as EventObject & { error?: unknown };
    return error instanceof ApiError && error.status > 0 ? `${eventLabel(event)}:${error.status}` : eventLabel(event);
  },
  payloads: {
    // One search per path: it goes back to page 1 and finds one post.
    search: (s) => (s.context.search ? [] : [{ text: SEARCH }]),
    goToPage: [{ page: 1 }, { page: 2 }],
    retry: BARE,
    reload: BARE,
    'xstate.done.actor.page': (s) => [{ output: answer(s.context.search ? TOTAL.found : TOTAL.all) }],
    'xstate.error.actor.page': [
      { error: new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.') },
      { error: new ApiError(404, 'NOT_FOUND', 'La sección no existe.') },
      { error: new ApiError(0, 'NETWORK', 'Failed to fetch') },
    ],
  },
  words: {
    states: {
      loading: 'Buscar publicaciones is disabled; a card of grey placeholder lines while the page loads.',
      failed: 'An alert says the posts could not be loaded, with Reintentar.',
      refused: 'An alert says “Esta sección no existe o no tienes acceso a ella.” with Volver a los blogs.',
      shown:
        'The section’s name, Buscar publicaciones, the posts of the page with how many there are, and Página 1, 2… when there is more than one page.',
    },
    events: {
      search: (e) => `searches “${String(e.text).trim()}” with Buscar`,
      goToPage: (e) => `goes to Página ${e.page}`,
      retry: () => 'presses Reintentar',
      reload: () => 'sends a new post (the list loads again)',
      'xstate.done.actor.page': (e) => `the server sends a page of ${(e.output as SectionPostsAnswer).total} posts in all`,
      'xstate.error.actor.page': (e) => `the server ${failure(e.error)}`,
    },
  },
});
