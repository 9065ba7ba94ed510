// The surveys and votes list as a test model, read by a resident who may propose (four tabs), a resident of a
// section where only administrators post (three tabs, and a link to the proposals falls back to the open
// ones), an administrator, and someone who reads no EN section. Open polls fill two pages, upcoming one, closed
// none, proposals one; each load may fail (the server, or the connection) and be retried. The words its
// scenarios are told in: docs/scenarios/pollListMachine.md.
import type { EventObject } from 'xstate';
import { POLLS_PAGE_SIZE, type PollListAnswer, type PollListFilter, type PollsHomeAnswer } from '../../src/api/polls';
import { type PollListContext, pollListMachine } from '../../src/machines/pollListMachine';
import { ApiError } from '../../src/services/http';
import { BARE, defineModel, eventLabel } from '../support/machineModel';
import type { Snapshot } from '../support/modelTesting';
import { ADMIN_HOME, home, summary } from '../support/pollFixtures';

export const PROPOSER_HOME = home();
export const VOTER_HOME = home({ proposeIn: [] });
export const NO_SECTIONS_HOME = home({ secciones: [], proposeIn: [] });
export const HOMES = [PROPOSER_HOME, VOTER_HOME, ADMIN_HOME, NO_SECTIONS_HOME];

const TOTALS: Record<PollListFilter, number> = { abiertas: POLLS_PAGE_SIZE + 3, proximas: 1, cerradas: 0, propuestas: 1 };

/** What the server answers for the tab and page asked. */
export function answerFor(context: Pick<PollListContext, 'fase' | 'page'>): PollListAnswer {
  const total = TOTALS[context.fase];
  const first = 100 + (context.page - 1) * POLLS_PAGE_SIZE;
  const fase = context.fase === 'abiertas' ? 'abierta' : context.fase === 'proximas' ? 'proxima' : 'propuesta';
  return {
    success: true,
    items: total === 0 ? [] : [summary({ PollId: first, fase, estado: fase === 'propuesta' ? 'propuesta' : 'publicada' })],
    total,
  };
}

export const NOT_YOURS = new ApiError(403, 'FORBIDDEN', 'No tienes permiso para esta acción.');
export const SERVER_ERROR = new ApiError(500, 'INTERNAL', 'Ocurrió un error inesperado.');
export const NO_CONNECTION = new ApiError(0, 'NETWORK', 'Failed to fetch');

type Snap = Snapshot<typeof pollListMachine>;
const settled = (s: Snap) =>
  s.context.home === PROPOSER_HOME && s.context.page === 1 && (s.matches({ list: 'shown' }) || s.matches({ list: 'empty' }));

const homeName = (h: PollsHomeAnswer) =>
  h === ADMIN_HOME ? 'admin' : h === VOTER_HOME ? 'voter' : h === NO_SECTIONS_HOME ? 'no sections' : 'proposer';

export const pollListModel = defineModel({
  machine: pollListMachine,
  inputs: { start: {}, proposals: { fase: 'propuestas' } },
  payloads: {
    'xstate.done.actor.home': (s) =>
      s.context.fase === 'propuestas' ? [{ output: VOTER_HOME }, { output: PROPOSER_HOME }] : HOMES.map((output) => ({ output })),
    'xstate.error.actor.home': (s) => (s.context.fase === 'abiertas' ? [{ error: NOT_YOURS }, { error: NO_CONNECTION }] : []),
    retry: BARE,
    // The tabs and reloading walked by the resident who may propose, once each list has settled.
    reload: (s) => (settled(s) && s.context.fase === 'abiertas' ? BARE : []),
    chooseTab: (s) => (settled(s) ? (['abiertas', 'proximas', 'cerradas', 'propuestas'] as const).map((fase) => ({ fase })) : []),
    goToPage: [{ page: 1 }, { page: 2 }, { page: 3 }],
    'xstate.done.actor.page': (s) => [{ output: answerFor(s.context) }],
    'xstate.error.actor.page': (s) =>
      s.context.page === 1 && s.context.fase === 'abiertas' && s.context.home === PROPOSER_HOME
        ? [{ error: SERVER_ERROR }, { error: NO_CONNECTION }]
        : [],
  },
  label: (event: EventObject) => {
    const e = event as EventObject & { output?: PollListAnswer | PollsHomeAnswer; error?: ApiError };
    if (e.type === 'xstate.done.actor.home') return `done home:${homeName(e.output as PollsHomeAnswer)}`;
    if (e.type === 'xstate.done.actor.page') return `done page:${(e.output as PollListAnswer).total}`;
    if (e.type.startsWith('xstate.error.')) return `${eventLabel(event)}:${e.error!.status || 'network'}`;
    return eventLabel(event);
  },
  words: {
    states: {
      loadingHome: 'Grey placeholder lines while the screen learns what the caller may do.',
      homeFailed: 'An alert “No pudimos cargar las votaciones” with Reintentar.',
      noSections: '“No tienes acceso a votaciones ni encuestas en este condominio.”',
      list: 'The title Votaciones y encuestas, Nueva votación o encuesta (administrators) or Proponer encuesta (where they may propose), and the tabs Abiertas, Próximas, Cerradas (and Propuestas).',
      'list.loading': 'The tab’s list is busy: placeholder lines, or “Actualizando la lista…” over the last page.',
      'list.failed': 'An alert “No pudimos cargar las votaciones” with the server’s words (or no connection) and Reintentar.',
      'list.empty':
        'A status: “No hay votaciones abiertas.”, “No hay votaciones próximas.”, “Todavía no hay votaciones cerradas.” or “No hay propuestas.”',
      'list.shown':
        'A status with how many, a card per poll (title linking to it, Votación or Encuesta, how it counts, “Cierra el DD/MM/YYYY hh:mm AM”, Ya votaste) and Página 1, 2… when there are more.',
    },
    events: {
      'xstate.done.actor.home': (e) => `the server says what the caller may do (${homeName(e.output as PollsHomeAnswer)})`,
      'xstate.error.actor.home': (e) =>
        (e.error as ApiError).status ? 'the server says the caller reads no EN section' : 'the connection fails',
      retry: () => 'presses Reintentar',
      reload: () => 'a poll was created or proposed: the list reads itself again',
      chooseTab: (e) =>
        `opens the tab ${{ abiertas: 'Abiertas', proximas: 'Próximas', cerradas: 'Cerradas', propuestas: 'Propuestas' }[e.fase as PollListFilter]}`,
      goToPage: (e) => `goes to Página ${e.page}`,
      'xstate.done.actor.page': (e) => `the server sends a page of ${(e.output as PollListAnswer).total} polls in all`,
      'xstate.error.actor.page': (e) =>
        (e.error as ApiError).status ? `the server fails: “${(e.error as ApiError).message}”` : 'the connection fails',
    },
  },
});
